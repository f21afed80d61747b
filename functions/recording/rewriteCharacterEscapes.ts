/**
 * Identifiers written as character escapes: a JSON string escape (`\u0040`, RFC 8259 §7; Python's
 * `json.dumps(ensure_ascii=True)` writes every non-ASCII letter so: `\u0391\u03bd\u03bd\u03b1`)
 * or an HTML character reference (`&#64;`, `&#x40;`, `&commat;`; WHATWG HTML §13.1.4 "Character
 * references", named `commat` and `period` in its named-references table). Read encoded, the
 * shape the other rules look for is hidden: `first&#64;corp.example` or `first\u0040corp.example`
 * is no address, the local part stays, and a Greek name is a run of ASCII `u03..` words. So, as
 * rewritePercentEncoded.ts does for `%XX`, each run of word characters that holds an escape is
 * decoded, rewritten as plain text by the caller's rules, and — when that changed it — written
 * back with every character but letters, digits and `._+@-` escaped again in the run's own style
 * (the rules write ASCII pseudonyms, which need no escape; an escaped quote or `<` stays escaped,
 * so the string or the markup that held it still parses).
 * A run the rules leave alone (`\u001b` of a colour code, `&#39;` of a quote) stays as written.
 *
 * The scan is rewriteEscapedRuns.ts.
 */
import { rewriteEscapedRuns, type EscapeCodec } from './rewriteEscapedRuns.js';

const ESCAPE = String.raw`\\u[0-9A-Fa-f]{4}|&#[0-9]{1,7};|&#[xX][0-9A-Fa-f]{1,6};|&(?:commat|period);`;
/** From an escape on: word characters and further escapes (bounded to one identifier's length). */
const ESCAPED_RUN = new RegExp(`(?:${ESCAPE})(?:[A-Za-z0-9._+-]|${ESCAPE}){0,512}`, 'g');
const ONE_ESCAPE = new RegExp(ESCAPE, 'g');
const WORD_CHARACTER = /[A-Za-z0-9._+-]/;
const NAMED: Record<string, string> = { '&commat;': '@', '&period;': '.' };

function decodeEscape(escape: string): string {
  if (escape.startsWith('\\u')) return String.fromCharCode(Number.parseInt(escape.slice(2), 16));
  const named = NAMED[escape];
  if (named !== undefined) return named;
  const hex = escape.charAt(2) === 'x' || escape.charAt(2) === 'X';
  const code = Number.parseInt(escape.slice(hex ? 3 : 2, -1), hex ? 16 : 10);
  // An invalid code point reads as itself (a parser would substitute U+FFFD; the rules then see no identifier).
  return code <= 0x10ffff ? String.fromCodePoint(code) : escape;
}

const PLAIN = /^[A-Za-z0-9._+@-]$/;

/** What is not plain, escaped back in the run's style: UTF-16 units for JSON, code points for HTML. */
function encodeEscaped(text: string, json: boolean): string {
  let out = '';
  for (const character of text) {
    const code = character.codePointAt(0)!;
    if (PLAIN.test(character)) out += character;
    else if (json) for (let unit = 0; unit < character.length; unit += 1) out += `\\u${character.charCodeAt(unit).toString(16).padStart(4, '0')}`;
    else out += `&#${code};`;
  }
  return out;
}

const CHARACTER_ESCAPES: EscapeCodec = {
  mayHold: (text) => text.includes('\\u') || text.includes('&'),
  run: ESCAPED_RUN,
  wordCharacter: WORD_CHARACTER,
  decode: (written) => written.replace(ONE_ESCAPE, decodeEscape),
  encode: (rewritten, written) => encodeEscaped(rewritten, written.includes('\\u')),
};

export function rewriteCharacterEscapes(text: string, rewrite: (decoded: string) => string): string {
  return rewriteEscapedRuns(text, CHARACTER_ESCAPES, rewrite);
}
