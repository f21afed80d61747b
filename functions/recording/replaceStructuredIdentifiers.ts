/**
 * Identifiers with a standard structure, found in free text by that structure (and its check
 * digit where it has one) and pseudonymised by `--anonymize` in their own shape — separators,
 * grouping, length and prefix kept, no character of the original's identifying part:
 *
 * - an IBAN (ISO 13616-1: two letters of the country, two check digits, a BBAN of up to 30
 *   letters and digits; printed in groups of four or compact), accepted only when its ISO 7064
 *   MOD 97-10 check holds (the rearranged number is 1 modulo 97), so an upper-case word and a
 *   number are not taken for one;
 * - a payment card number (ISO/IEC 7812-1: 13 to 19 digits, grouped by spaces or dashes or
 *   compact), accepted only when its Luhn check digit holds and its first digit is a card's major
 *   industry identifier 2–6 (a Unix time in seconds, milliseconds or nanoseconds starts with 1, so
 *   timestamps stay; a byte count with the same shape that passes Luhn would be replaced: nothing
 *   the diagnosis reads);
 * - a hardware address: a MAC (EUI-48) in its three notations — IEEE 802 colon or dash pairs
 *   (`ip link`'s `link/ether`, Windows `getmac`) and Cisco's dotted groups of four — an EUI-64 in
 *   colon pairs, and an InfiniBand GUID (an EUI-64: `0x` and 16 hex digits as `ibstat` prints it,
 *   or four colon groups as `ibv_devinfo`'s `node_guid`). The broadcast and all-zero addresses
 *   name no device and stay. The replacements are in the blocks IANA reserves for documentation
 *   (RFC 7042, now RFC 9542, §2.1.2 and §2.2.2: EUI-48 `00-00-5E-00-53-00`…`-FF`, EUI-64
 *   `00-00-5E-EF-10-00-00-00`…`-FF`; IANA's registry lists both), as addresses use RFC 5737's. A `0x` word of 16 hex digits that is a canonical 48-bit virtual address
 *   (`0x00007f…`, `0xffff8…`: a pointer in a stack trace or a CUDA error, random per process,
 *   identifies no one and a reader of the trace wants it) stays;
 * - an AWS resource id (`i-`, `vol-`, `eni-`, `subnet-`, `sg-`, `ami-`, `snap-`, `vpc-`…: a
 *   prefix and 8 or 17 hex digits; docs.aws.amazon.com/AWSEC2/latest/UserGuide/resource-ids.html)
 *   and an Oracle Cloud OCID (`ocid1.<type>.<realm>.[region][.future].<unique>`;
 *   docs.oracle.com/en-us/iaas/Content/General/Concepts/identifiers.htm): the prefix and the type
 *   stay (they say what kind of resource failed), the unique part is replaced.
 *
 * Runs before the IPv6 rule (replaceInfrastructureIdentifiers.ts), which would read colon groups
 * as an address. Every pattern is bounded, one linear scan each.
 */
import type { Pseudonyms } from './pseudonymizeHost.js';

const IBAN = /(?<![\w-])([A-Z]{2})(\d{2})((?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,4})?)(?![\w-])/g;
const CARD = /(?<![\w.,:/-])([2-6]\d{3}(?:[ -]?\d{1,7}){2,5})(?![\w-]|[.,:]\d)/g;
/** Six (EUI-48) or eight (EUI-64) pairs, one separator throughout. */
const MAC_PAIRS = /(?<![\w:.-])[0-9A-Fa-f]{2}([:-])[0-9A-Fa-f]{2}(?:\1[0-9A-Fa-f]{2}){4}(?:(?:\1[0-9A-Fa-f]{2}){2})?(?![\w:-]|\.\w)/g;
const MAC_DOTTED = /(?<![\w.:-])([0-9A-Fa-f]{4})\.([0-9A-Fa-f]{4})\.([0-9A-Fa-f]{4})(?![\w:-]|\.\w)/g;
const GUID_HEX = /(?<![\w])0x([0-9A-Fa-f]{16})(?![\w])/g;
const GUID_GROUPS = /(?<![\w:.-])([0-9A-Fa-f]{4}):([0-9A-Fa-f]{4}):([0-9A-Fa-f]{4}):([0-9A-Fa-f]{4})(?![\w:.-])/g;
/** The EC2 and VPC resource types whose ids a message names (the prefixes of the AWS resource-id format). */
const AWS_RESOURCE_ID =
  /(?<![\w-])(i|vol|eni|subnet|sg|ami|snap|vpc|igw|nat|rtb|acl|eipalloc|lt|fs|fsmnt|pcx|tgw|vpce|sir|r|elb|dopt|h|cgw)-((?:[0-9a-f]{17}|[0-9a-f]{8}))(?![\w-])/g;
const OCID = /(?<![\w.])(ocid1\.[a-z0-9]{1,40}\.[a-z0-9]{1,20}\.(?:[a-z0-9-]{0,40}\.){1,2})([a-z0-9]{20,100})(?![\w.])/g;

export function replaceStructuredIdentifiers(text: string, pseudonyms: Pseudonyms): string {
  if (!/\d/.test(text)) return text;
  return text
    .replace(OCID, (_match, prefix: string, unique: string) => `${prefix}${sameShapeHex(unique, pseudonyms)}`)
    .replace(AWS_RESOURCE_ID, (_match, prefix: string, hex: string) => `${prefix}-${sameShapeHex(hex, pseudonyms)}`)
    .replace(IBAN, (match, country: string, check: string, rest: string) => {
      const iban = ibanPrefixOf(country, check, rest);
      if (iban === null) return match;
      return `${country}${sameShape(match.slice(2, iban.length), pseudonyms)}${match.slice(iban.length)}`;
    })
    .replace(CARD, (match, number: string) => {
      const digits = number.replace(/\D/g, '');
      if (digits.length < 13 || digits.length > 19 || !/^\d+(?:([ -])\d+(?:\1\d+)*)?$/.test(number) || !luhnValid(digits)) return match;
      return sameShape(number, pseudonyms);
    })
    .replace(MAC_PAIRS, (match, separator: string) => {
      const bytes = match.replace(/[:-]/g, '').toLowerCase();
      if (/^(?:f+|0+)$/.test(bytes) || isDocumentationHardwareAddress(bytes)) return match;
      return spell(documentationAddress(bytes, pseudonyms), separator, 2, /[A-F]/.test(match));
    })
    .replace(MAC_DOTTED, (match, a: string, b: string, c: string) => {
      const bytes = `${a}${b}${c}`.toLowerCase();
      if (/^(?:f+|0+)$/.test(bytes) || isDocumentationHardwareAddress(bytes)) return match;
      return spell(documentationAddress(bytes, pseudonyms), '.', 4, /[A-F]/.test(match));
    })
    .replace(GUID_HEX, (match, hex: string) => {
      const bytes = hex.toLowerCase();
      if (/^(?:f+|0+)$/.test(bytes) || isCanonicalVirtualAddress(bytes) || isDocumentationHardwareAddress(bytes)) return match;
      const out = documentationAddress(bytes, pseudonyms);
      return `0x${/[A-F]/.test(hex) ? out.toUpperCase() : out}`;
    })
    .replace(GUID_GROUPS, (match, a: string, b: string, c: string, d: string) => {
      const bytes = `${a}${b}${c}${d}`.toLowerCase();
      // Four groups of digits only are a time or a number list more often than a GUID.
      if (!/[a-f]/.test(bytes) || /^(?:f+|0+)$/.test(bytes) || isDocumentationHardwareAddress(bytes)) return match;
      return spell(documentationAddress(bytes, pseudonyms), ':', 4, /[A-F]/.test(match));
    });
}

/** The IBAN at the start of the match (its longest prefix whose MOD 97-10 check holds), or null. */
function ibanPrefixOf(country: string, check: string, rest: string): string | null {
  // Trailing groups may be a following upper-case word or number: drop them one by one until the check holds.
  const groups = rest.includes(' ') ? rest.split(/(?= )/) : [rest];
  for (let count = groups.length; count >= 1; count -= 1) {
    const written = `${country}${check}${groups.slice(0, count).join('')}`;
    const compact = written.replace(/ /g, '');
    if (compact.length >= 15 && compact.length <= 34 && mod97(compact) === 1) return written;
  }
  return null;
}

/** ISO 7064 MOD 97-10 as ISO 13616 applies it: the first four characters moved to the end, letters as 10–35. */
function mod97(iban: string): number {
  const rearranged = `${iban.slice(4)}${iban.slice(0, 4)}`;
  let remainder = 0;
  for (const character of rearranged) {
    const value = /\d/.test(character) ? character : String(character.charCodeAt(0) - 55);
    for (const digit of value) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder;
}

/** The Luhn check (ISO/IEC 7812-1 Annex B): doubling every second digit from the right, the sum is a multiple of 10. */
function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits.charAt(digits.length - 1 - index));
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** Digits replaced digit for digit and letters letter for letter; separators stay. */
function sameShape(value: string, pseudonyms: Pseudonyms): string {
  const compact = value.replace(/[^A-Za-z0-9]/g, '');
  const replaced = pseudonyms.digits(compact, compact.length);
  let index = 0;
  return value.replace(/[A-Za-z0-9]/g, (character) => {
    const digit = replaced.charAt(index++);
    return /\d/.test(character) ? digit : String.fromCharCode((/[a-z]/.test(character) ? 97 : 65) + (Number(digit) % 26));
  });
}

/** A hex string of the same length (decimal digits are hex digits: the shape a parser expects). */
function sameShapeHex(hex: string, pseudonyms: Pseudonyms): string {
  return pseudonyms.digits(hex.toLowerCase(), hex.length);
}

/**
 * The documentation block for the address's size: EUI-48 `00005e0053xx`, EUI-64 `00005eef100000xx`.
 * 256 values each: two devices of one recording may share one (a reader loses which is which, no name is kept).
 */
function documentationAddress(bytes: string, pseudonyms: Pseudonyms): string {
  const prefix = bytes.length === 12 ? '00005e0053' : '00005eef100000';
  const tail = (Number(pseudonyms.digits(bytes, 6)) % 256).toString(16).padStart(2, '0');
  return `${prefix}${tail}`;
}

function isDocumentationHardwareAddress(bytes: string): boolean {
  return bytes.startsWith('00005e0053') || bytes.startsWith('00005eef100000');
}

/** x86-64 and AArch64 48-bit canonical addresses: the upper 17 bits all 0 (user space) or all 1 (kernel). */
function isCanonicalVirtualAddress(bytes: string): boolean {
  return /^0000[0-7]/.test(bytes) || /^ffff[8-9a-f]/.test(bytes);
}

/** Bytes written back in groups of `width` hex digits with the original's separator and case. */
function spell(bytes: string, separator: string, width: number, upper: boolean): string {
  const groups: string[] = [];
  for (let index = 0; index < bytes.length; index += width) groups.push(bytes.slice(index, index + width));
  const out = groups.join(separator);
  return upper ? out.toUpperCase() : out;
}
