/**
 * Judgements about a candidate *value* once a pattern has found one. Patterns with strong
 * context (`DB_PASSWORD=…`, `"token": "…"`) redact anything that is not innocuous; patterns with
 * weak context (a bare `token:` in an error chain, a word followed by a string) also ask whether
 * the value looks like a credential, so evidence such as `token: unexpected status: 401` survives.
 */
import { REDACTED } from './redactionMarker.js';

const QUOTES = ['\\"', "\\'", '"', "'"] as const;

/** The value without one level of surrounding quotes (JSON, escaped JSON, shell). */
export function unquote(raw: string): string {
  for (const q of QUOTES) {
    if (raw.length >= 2 * q.length && raw.startsWith(q) && raw.endsWith(q)) return raw.slice(q.length, -q.length);
  }
  for (const q of QUOTES) if (raw.startsWith(q)) return raw.slice(q.length); // unterminated quote
  return raw;
}

/** Redacts a value but keeps its quoting, so `"password": "[REDACTED]"` is still valid JSON. */
export function maskKeepingQuotes(raw: string): string {
  for (const q of QUOTES) {
    if (raw.length >= 2 * q.length && raw.startsWith(q) && raw.endsWith(q)) return `${q}${REDACTED}${q}`;
  }
  for (const q of QUOTES) if (raw.startsWith(q)) return `${q}${REDACTED}`;
  const scheme = /^(?:Bearer|Basic|Token)[ \t]+/.exec(raw);
  return scheme ? `${scheme[0]}${REDACTED}` : REDACTED;
}

/**
 * Values that hold no secret even under a secret name: nothing, booleans and nulls (seeing
 * `DB_PASSWORD=` empty is diagnostic evidence), masks from other tools, our own marker
 * (idempotence), placeholders, and variable references such as `$DB_PASSWORD` / `${TOKEN}` /
 * `$(HF_TOKEN)` whose upper-case form real passwords practically never take.
 */
export function isInnocuousValue(raw: string): boolean {
  const value = unquote(raw)
    .trim()
    .replace(/^(?:Bearer|Basic|Token)[ \t]+/, '');
  if (value === '' || value === REDACTED) return true;
  if (/^(?:null|none|nil|undefined|true|false)$/i.test(value)) return true;
  if (/^(?:\*{3,}|x{3,}|<redacted>|redacted)$/i.test(value)) return true;
  if (/^<[^<>]{0,64}>$/.test(value)) return true; // `<your-token>` placeholder
  if (/^\{\{/.test(value)) return true; // Helm/Jinja template: the value is resolved elsewhere
  return /^\$(?:[A-Z_][A-Z0-9_]*|\{[A-Z_][A-Z0-9_]*\}|\([A-Z_][A-Z0-9_]*\))$/.test(value);
}

/**
 * Paths, URLs and image references: every segment before the last `/` is lowercase
 * (`/run/secrets/db-password`, `nvcr.io/nvidia/pytorch:24.05-py3`). base64 keys that contain
 * `/` have upper-case letters in their segments.
 */
export function looksLikePath(value: string): boolean {
  if (/^[a-z][a-z0-9+.-]{1,30}:\/\/[^\s@]+$/.test(value)) return true; // a URL without userinfo
  if (/^(?:\/|\.{1,2}\/|~\/)[\w.~@:/-]*$/.test(value) && !/[+=]/.test(value)) return true; // a file path
  if (!value.includes('/')) return false;
  const segments = value.split('/');
  segments.pop();
  return segments.every((segment) => /^[a-z0-9._~-]*(?::\d{1,5})?$/.test(segment)) && !/[+=]/.test(value);
}

/** Only our own markers (and spacing or line-break marks): nothing left to redact. */
export const isOnlyMarkers = (value: string): boolean => value.split(REDACTED).join('').replace(/[\s⏎]/g, '') === '';

/** Lowercase DNS-style names (k8s objects, hosts): `db-creds-2`, `hf-token`, `node-07.local`. */
const K8S_NAME = /^[a-z0-9](?:[a-z0-9.-]{0,251}[a-z0-9])?$/;
const PROSE_WORD = /^[A-Za-z][a-z]*$/;
const hasRandomRun = (value: string): boolean => /[A-Za-z0-9]{16,}/.test(value) && /\d/.test(value) && /[A-Za-z]/.test(value);

/**
 * For weak contexts (bare `token:` / `Bearer`): keep prose words, short numbers and k8s-style
 * names; treat anything with mixed classes, symbols or a long random run as a credential.
 */
export function looksLikeCredential(raw: string): boolean {
  // Judge only what is still visible: a marker left by an earlier pass is not evidence either way.
  const value = unquote(raw)
    .split(REDACTED)
    .join('')
    .replace(/^(?:Bearer|Basic|Token)[ \t]+/, '');
  if (isInnocuousValue(value)) return false;
  if (PROSE_WORD.test(value)) return false;
  if (/^[A-Za-z]{1,19}$/.test(value)) return false; // identifiers such as secretName, AccessDenied
  if (/^\d{1,7}$/.test(value)) return false; // status codes, counts
  if (value.endsWith(':')) return false; // the next link of an error chain (`ValueError:`)
  if (looksLikePath(value)) return false;
  if (/^[0-9a-f]{8}(?:-[0-9a-f]{4}){3}-[0-9a-f]{12}$/i.test(value)) return false; // UUIDs identify, not authenticate
  if (/^[A-Za-z][A-Za-z_.-]{0,40}$/.test(value)) return false; // `MountVolume.SetUp`, `Back-off`, `not_found`
  if (/^[A-Za-z_][\w.-]{0,64}=/.test(value)) return false; // another `key=value`: its own row judges it
  if (/^v?[\d\-:.+/TZ]+$/.test(value)) return false; // timestamps, versions, IPs, ratios
  if (/^[a-z]+(?:[-_.][a-z]+)*$/.test(value)) return false; // `not-found`, `permission_denied`
  // Lowercase names made of words (`db-creds-2`, `gpu-node-07`) are k8s objects; digit/letter
  // soup without a word (`7f3a9e0b1c2d`) or a long mixed run is a token.
  if (K8S_NAME.test(value)) return hasRandomRun(value) || (value.length >= 8 && !/[a-z]{3,}/.test(value) && /\d/.test(value) && /[a-z]/.test(value));
  // A password people choose: one word mixing letters, digits and a symbol (`Wint3r#vkyc62`; the
  // special characters of OWASP's password list, owasp.org/www-community/password-special-characters),
  // not markup or code (`<script>`, `f(x)`) and not an address (`jdoe42@corp.example`).
  if (PASSWORD_SHAPE.test(value) && !EMAIL_SHAPE.test(value)) return true;
  // Tokens found in weak contexts use token alphabets (base64, base64url, hex, JWT); prose,
  // markup and code (`<script>`, `f(x)`) do not.
  return value.length >= 6 && /^[A-Za-z0-9+/=_.~-]+$/.test(value);
}

const PASSWORD_SHAPE = /^(?=[^\d]{0,64}\d)(?=[^A-Za-z]{0,64}[A-Za-z])(?=[^!#$%&*?@^~+]{0,64}[!#$%&*?@^~+])[^\s()<>{}[\]"'`,;:\\]{8,64}$/;
const EMAIL_SHAPE = /^[^@\s]{1,64}@[A-Za-z0-9-]{1,63}(?:\.[A-Za-z0-9-]{1,63})+$/;

/**
 * For a string that merely follows a word such as `token` or `secret` (no separator): only
 * clearly random strings count, never k8s names, UUIDs or CamelCase identifiers.
 */
export function isHighEntropy(value: string): boolean {
  if (value.length < 16) return false;
  if (/^[0-9a-f]{32,}$/i.test(value)) return true; // hex API keys (W&B, Databricks, …)
  if (K8S_NAME.test(value) || looksLikePath(value)) return false;
  if (/^[A-Za-z]+$/.test(value)) return false; // identifiers such as AuthenticationFailed
  const lower = /[a-z]/.test(value);
  const upper = /[A-Z]/.test(value);
  const digit = /\d/.test(value);
  if (lower && upper && digit) return true;
  if (upper && digit && !lower) return /^[A-Z0-9]{16,}$/.test(value);
  if (/[+/]/.test(value) && value.length >= 20 && (lower || upper) && digit) return true; // base64
  return value.length >= 32 && (lower || upper) && digit && !/[_.-]/.test(value);
}

/** Decodes base64/base64url to Latin-1 text; never throws (pure, no I/O). */
export function decodeBase64(value: string): string {
  return Buffer.from(value.replace(/-/g, '+').replace(/_/g, '/'), 'base64').toString('latin1');
}
