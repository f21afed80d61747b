/**
 * Rows for HTTP credentials: `Authorization`/`Cookie` headers and bare `Bearer`/`Basic`
 * credentials in logs. They run after the name-driven rows because their spans are broad.
 */
import { REDACTED } from './redactionMarker.js';
import { decodeBase64, isHighEntropy, isOnlyMarkers, looksLikeCredential } from './secretValueHeuristics.js';
import { QUOTED_TAIL, row, type SecretPattern } from './secretPatternKit.js';

const SCHEMES = 'Bearer|Basic|Token|Bot|ApiKey|SSWS|Splunk|GenieKey|Negotiate|NTLM|bearer|basic|token|key|Key';
/**
 * Basic credentials decode to printable `user:password`: what `/^[\x20-\x7e]+:[\x20-\x7e]*$/`
 * accepts, without its backtracking (quadratic on a long run of `:` before a non-printable byte:
 * 2.4 s for a bare `Basic` value of 80 kB).
 */
const PRINTABLE = /^[\x20-\x7e]*$/;
const decodesToUserPassword = (value: string): boolean => {
  const decoded = decodeBase64(value);
  return decoded.indexOf(':', 1) > 0 && PRINTABLE.test(decoded);
};

/**
 * Without a `Basic` scheme the decoded text must look like a login, not like any printable
 * text with a colon: a user name of login characters, then at least 6 printable characters
 * with no space and not `//` (base64 of a URL), mixing letters with digits or symbols.
 */
const decodesToLoginPassword = (value: string): boolean => {
  const decoded = /^(?<user>[A-Za-z0-9._@$+-]{1,64}):(?<password>[\x21-\x7e]{6,128})$/.exec(decodeBase64(value));
  const password = decoded?.groups?.password;
  if (!password || password.startsWith('//')) return false;
  return /[A-Za-z]/.test(password) && /[^A-Za-z]/.test(password);
};

export const HEADER_SECRET_PATTERNS: readonly SecretPattern[] = [
  row(
    'authorization-header',
    new RegExp(
      String.raw`(?<name>(?<![A-Za-z0-9_-])(?:[Pp]roxy-)?(?:[Aa]uthorization|AUTHORIZATION))(?<sep>\\?["']?[ \t]{0,8}[:=][ \t]{0,8}\\?["']?)(?<scheme>(?:${SCHEMES})[ \t]+)?(?<value>[^\s⏎…"'\\,]+${QUOTED_TAIL})`,
      'g',
    ),
    // Without a scheme, `may require authorization: server message` is prose, not a header.
    (g) => (isOnlyMarkers(g('value')) || (!g('scheme') && !looksLikeCredential(g('value'))) ? null : `${g('name')}${g('sep')}${g('scheme')}${REDACTED}`),
  ),
  // A cookie list runs to the end of its line; an escaped line break (a JSON-string log) ends it too.
  row(
    'cookie-header',
    /(?<name>(?<![A-Za-z0-9_-])(?:[Ss]et-)?[Cc]ookie|SET-COOKIE|COOKIE)(?<sep>[ \t]{0,8}:[ \t]{0,8})(?<value>(?:[^\r\n⏎…"'\\]|\\(?![nr])|"[^"\r\n⏎]{0,4096}"|'[^'\r\n⏎]{0,4096}')+)/g,
    (g) => (isOnlyMarkers(g('value')) ? null : `${g('name')}${g('sep')}${REDACTED}`),
  ),
  row(
    'bearer-token',
    new RegExp(String.raw`(?<scheme>(?<![A-Za-z0-9_-])(?:Bearer|bearer|BEARER)[ \t]+)(?<value>[A-Za-z0-9._~+/=-]{8,}${QUOTED_TAIL})`, 'g'),
    (g) => (looksLikeCredential(g('value')) ? `${g('scheme')}${REDACTED}` : null),
  ),
  row('basic-credentials', /(?<scheme>(?<![A-Za-z0-9_-])(?:Basic|basic|BASIC)[ \t]+)(?<value>[A-Za-z0-9+/]{6,}={0,2})(?![A-Za-z0-9+/=])/g, (g) =>
    decodesToUserPassword(g('value')) || looksLikeCredential(g('value')) ? `${g('scheme')}${REDACTED}` : null,
  ),
  // base64 `user:password` without a scheme word (a registry mirror's or proxy's credentials in a log).
  row('base64-user-password', /(?<![A-Za-z0-9+/=_-])(?:[A-Za-z0-9+/]{4}){3,64}(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?(?![A-Za-z0-9+/=_-])/g, (_g, match) =>
    decodesToLoginPassword(match) ? REDACTED : null,
  ),
];

/** The weakest row, run last: a clearly random string right after a word such as `token`. */
export const HIGH_ENTROPY_AFTER_WORD_PATTERN: SecretPattern = row(
  'secret-word-high-entropy',
  // Also a few words then a colon, as error messages put it: `api_key not valid: <key>`.
  /(?<lead>(?<![A-Za-z0-9])(?:tokens?|secrets?|passwords?|passwd|api[ _-]?keys?|access[ _-]?keys?|secret[ _-]?keys?|private[ _-]?keys?|credentials?|pat)(?:[ \t]{1,8}(?:(?:is|was|of|for|value|=|:)[ \t]{1,8})?|(?:[ \t]{1,4}[A-Za-z]{2,20}){1,3}:[ \t]{1,8})\\?["'`]?)(?<value>[A-Za-z0-9+/_.~=-]{16,1024})/gi,
  (g) => (isHighEntropy(g('value')) ? `${g('lead')}${REDACTED}` : null),
);
