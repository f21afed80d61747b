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
 * Linear: each escape starts at most one run, and a run reaches back no further than the previous one.
 */

/** From an escape on: unreserved characters and further escapes (bounded to one URL's length). */
const ESCAPED_RUN = /%[0-9A-Fa-f]{2}(?:[A-Za-z0-9._~+-]|%[0-9A-Fa-f]{2}){0,2048}/g;
const UNRESERVED = /[A-Za-z0-9._~+-]/;
/** How far a run reaches back before its first escape (`first.last` of `first.last%40…`). */
const MAX_BACK = 256;

export function rewritePercentEncoded(text: string, rewrite: (decoded: string) => string): string {
  if (!text.includes('%')) return text;
  let out = '';
  let copied = 0;
  for (const match of text.matchAll(ESCAPED_RUN)) {
    let start = match.index;
    if (start < copied) continue;
    while (start > copied && match.index - start < MAX_BACK && UNRESERVED.test(text.charAt(start - 1))) start -= 1;
    const end = match.index + match[0].length;
    const encoded = text.slice(start, end);
    let decoded: string;
    try {
      decoded = decodeURIComponent(encoded);
    } catch {
      continue;
    }
    const rewritten = rewrite(decoded);
    if (rewritten === decoded) continue;
    out += text.slice(copied, start) + encodeURIComponent(rewritten);
    copied = end;
  }
  return copied === 0 ? text : out + text.slice(copied);
}
