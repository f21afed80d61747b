/**
 * Numbers that belong to a person, pseudonymised by `--anonymize` digit for digit, so the text keeps
 * its shape (separators, length, an employee code's prefix) and no digit of the original:
 *
 * - telephone numbers: international ones (`+44 20 7946 0958`; E.164 allows at most 15 digits,
 *   ITU-T E.164 §6) and the North American form (`(415) 555-0100`, `415-555-0100`; the NANP's
 *   NPA-NXX-XXXX). Times (`12:30:45`), dates (`2026-12-04`), versions and sizes have other shapes.
 * - an employee, badge or ticket code: upper-case letters and at least five digits
 *   (`EMP-072663`, `B0042315`) — a person's or an organisation's number, unless the letters are
 *   upstream vocabulary (`CVE-2024-12345` names a public advisory).
 *
 * The diagnosis never reads these (its signals are reasons, exit codes and upstream phrasing).
 */
import type { Pseudonyms } from './pseudonymizeHost.js';
import { isVocabularyWord } from './upstreamVocabulary.js';

const INTERNATIONAL_PHONE = /(?<![\w+.-])\+\d{1,3}(?:[ .-]?\(?\d{1,4}\)?){2,6}(?![\w.-]?\d)/g;
const NORTH_AMERICAN_PHONE = /(?<![\w.-])(?:\(\d{3}\)[ .-]?|\d{3}[.-])\d{3}[.-]\d{4}(?![\w.-]?\d)/g;
const PERSONAL_CODE = /(?<![\w-])([A-Z]{2,6})([-#]?)(\d{5,12})(?![\w-])/g;

export function replacePersonalNumbers(text: string, pseudonyms: Pseudonyms): string {
  if (!/\d{3}/.test(text)) return text;
  const sameShape = (number: string) => {
    const digits = number.replace(/\D/g, '');
    const replaced = pseudonyms.digits(digits, digits.length);
    let index = 0;
    return number.replace(/\d/g, () => replaced.charAt(index++));
  };
  return text
    .replace(INTERNATIONAL_PHONE, (match) => {
      const count = match.replace(/\D/g, '').length;
      return count >= 8 && count <= 15 ? sameShape(match) : match;
    })
    .replace(NORTH_AMERICAN_PHONE, (match) => sameShape(match))
    .replace(PERSONAL_CODE, (match, letters: string, separator: string, digits: string) =>
      isVocabularyWord(letters.toLowerCase()) ? match : `${letters}${separator}${sameShape(digits)}`,
    );
}
