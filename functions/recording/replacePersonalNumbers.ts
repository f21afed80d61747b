/**
 * Numbers that belong to a person, pseudonymised by `--anonymize` digit for digit, so the text keeps
 * its shape (separators, length, an employee code's prefix) and no digit of the original:
 *
 * - telephone numbers: international ones (`+44 20 7946 0958`; E.164 allows at most 15 digits,
 *   ITU-T E.164 §6) and the North American form (`(415) 555-0100`, `415-555-0100`; the NANP's
 *   NPA-NXX-XXXX). Times (`12:30:45`), dates (`2026-12-04`), versions and sizes have other shapes.
 * - an employee, badge or ticket code: upper-case letters and at least five digits
 *   (`EMP-072663`, `B0042315`) — a person's or an organisation's number, unless the letters are
 *   upstream vocabulary (`CVE-2024-12345` names a public advisory) — a ServiceNow record number
 *   (`INC0012345`, `TASK0012345`: a table's prefix and seven digits by default; ServiceNow docs,
 *   platform-administration/c_ManagingRecordNumbering) is replaced even when its prefix is a word;
 * - a ticket key (`ACME-1234`, Jira's project key, upper-case, and the issue number) where the text
 *   says it is one: after a ticket word (`ticket`, `issue`, `refs`, `fixes`…), in brackets
 *   (`[ACME-1234] fix …`), or opening a line before a colon (a commit subject `ACME-1234: …`).
 *   Elsewhere an upper-case word and a number is as often the program's (`SHA-256`, `CUDA-12`,
 *   `GPT-4`) and stays; a public registry's key (`CVE-`, `CWE-`, `GHSA-`, `RFC-`, `PEP-`, `KEP-`)
 *   stays everywhere. The key's letters are replaced letter for letter, its number digit for digit.
 *
 * The diagnosis never reads these (its signals are reasons, exit codes and upstream phrasing).
 */
import type { Pseudonyms } from './pseudonymizeHost.js';
import { isVocabularyWord } from './upstreamVocabulary.js';

const INTERNATIONAL_PHONE = /(?<![\w+.-])\+\d{1,3}(?:[ .-]?\(?\d{1,4}\)?){2,6}(?![\w.-]?\d)/g;
const NORTH_AMERICAN_PHONE = /(?<![\w.-])(?:\(\d{3}\)[ .-]?|\d{3}[.-])\d{3}[.-]\d{4}(?![\w.-]?\d)/g;
const PERSONAL_CODE = /(?<![\w-])([A-Z]{2,6})([-#]?)(\d{5,12})(?![\w-])/g;
/** ServiceNow's base tables' number prefixes (incident, change, request, requested item, problem, tasks, knowledge). */
const SERVICENOW_PREFIXES = new Set(['INC', 'CHG', 'REQ', 'RITM', 'PRB', 'TASK', 'SCTASK', 'CTASK', 'PTASK', 'KB']);
const TICKET_KEY = /(?<![\w-])([A-Z][A-Z0-9]{1,9})-(\d{1,7})(?![\w-]|\.\d)/g;
const TICKET_WORD_BEFORE = /\b(?:ticket|issue|jira|story|epic|bug|task|incident|change|refs?|see|fix(?:es|ed)?|close[sd]?|resolve[sd]?)[ \t]*[:#]?[ \t]*$/i;
const PUBLIC_REGISTRIES = new Set(['CVE', 'CWE', 'GHSA', 'RFC', 'PEP', 'KEP']);

/** Whether the text around a key says it is a ticket: a ticket word before it, brackets around it, or a line it opens before a colon. */
function isTicketContext(text: string, offset: number, length: number): boolean {
  const before = text.slice(Math.max(0, offset - 24), offset);
  const after = text.charAt(offset + length);
  if (TICKET_WORD_BEFORE.test(before)) return true;
  if (before.endsWith('[') && after === ']') return true;
  return (offset === 0 || /\n[ \t]*$/.test(before)) && after === ':';
}

export function replacePersonalNumbers(text: string, pseudonyms: Pseudonyms): string {
  if (!/\d/.test(text)) return text;
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
      isVocabularyWord(letters.toLowerCase()) && !SERVICENOW_PREFIXES.has(letters) ? match : `${letters}${separator}${sameShape(digits)}`,
    )
    .replace(TICKET_KEY, (match, key: string, number: string, offset: number, whole: string) => {
      if (PUBLIC_REGISTRIES.has(key) || !isTicketContext(whole, offset, match.length)) return match;
      const letters = pseudonyms.digits(`ticket:${key}`, key.length);
      return `${key.replace(/[A-Z]/g, (_letter, index: number) => String.fromCharCode(65 + ((Number(letters.charAt(index)) * 7 + index) % 26)))}-${sameShape(number)}`;
    });
}
