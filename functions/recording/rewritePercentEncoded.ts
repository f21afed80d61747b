/**
 * Identifiers inside percent-encoding (RFC 3986 §2.1): a login in `%2Fhome%2Fjdoe%2F`, an e-mail
 * `first.last%40corp.com` in a query or a path. The encoded text hides the shape the other rules
 * look for (`/home/…`, `…@…`), and a rule reading it encoded takes `%40corp` for part of a host
 * and keeps the local part. So each run of one URL component that holds an escape — unreserved
 * characters (§2.3) and `%XX` — is decoded, rewritten as plain text by the caller's rules, and,
 * when that changed it, encoded again in place (`encodeURIComponent`: unreserved characters stay as
 * written). A run that is not valid UTF-8 once decoded, or that the rules leave alone (`%2d` of a
 * printf format), stays as written. Double encoding is decoded by the caller's recursion: each
 * level is shorter than the one before.
 *
 * The scan is rewriteEscapedRuns.ts.
 */

import { rewriteEscapedRuns, type EscapeCodec } from './rewriteEscapedRuns.js';

const PERCENT: EscapeCodec = {
  mayHold: (text) => text.includes('%'),
  /** From an escape on: unreserved characters and further escapes (bounded to one URL's length). */
  run: /%[0-9A-Fa-f]{2}(?:[A-Za-z0-9._~+-]|%[0-9A-Fa-f]{2}){0,2048}/g,
  wordCharacter: /[A-Za-z0-9._~+-]/,
  decode: (written) => {
    try {
      return decodeURIComponent(written);
    } catch {
      return null;
    }
  },
  encode: (rewritten) => encodeURIComponent(rewritten),
};

export function rewritePercentEncoded(text: string, rewrite: (decoded: string) => string): string {
  return rewriteEscapedRuns(text, PERCENT, rewrite);
}
