/**
 * The redaction table: one row per secret shape, applied in this order by `redactSecrets`.
 * Adding a shape is adding a row to one of the groups below.
 *
 * Why this order: precise, structure-aware rows run before broad ones, so a broad span can
 * never swallow the key or scheme that a precise row needs (e.g. `Bearer ` followed by
 * `postgres://u:p@h` must not hide the URL from the userinfo row).
 * 1. key material first: PEM blocks span lines and contain `:`/`=` that later rows would split;
 *    then vendor tokens wrapped over two lines, before any row can redact only their first half;
 * 2. URLs and connection strings: they know exactly where a password ends; webhook URLs whose
 *    path is the credential, then API path templates with a credential slot, with or without
 *    their host, JSON-escaped or percent-encoded;
 * 3. command lines whose flags are ambiguous alone (`mysql -p…`, `curl -u user:pass`);
 * 4. secret NAMES with their values (`DB_PASSWORD=…`, `"token": "…"`, `--api-key …`);
 * 5. vendor-prefixed tokens wherever they appear (any name, or none), also glued to an escape;
 * 6. HTTP headers and bare Bearer/Basic credentials;
 * 7. last, the weakest heuristic: a random string right after a word such as `token`.
 */
import { COMMAND_LINE_PATTERNS } from './commandLinePatterns.js';
import { CONNECTION_STRING_PATTERNS } from './connectionStringPatterns.js';
import { HEADER_SECRET_PATTERNS, HIGH_ENTROPY_AFTER_WORD_PATTERN } from './headerSecretPatterns.js';
import { KEY_MATERIAL_PATTERNS } from './keyMaterialPatterns.js';
import { NAMED_SECRET_PATTERNS } from './namedSecretPatterns.js';
import { URL_PATH_CREDENTIAL_PATTERNS } from './urlPathCredentialPatterns.js';
import { WEBHOOK_URL_PATTERNS } from './webhookUrlPatterns.js';
import type { SecretPattern } from './secretPatternKit.js';
import { CUT_TOKEN_PATTERN, ESCAPED_TOKEN_PATTERN, SPLIT_TOKEN_PATTERN, VENDOR_TOKEN_PATTERNS } from './vendorTokenPatterns.js';

export type { SecretPattern, GroupReader } from './secretPatternKit.js';

export const SECRET_PATTERNS: readonly SecretPattern[] = [
  ...KEY_MATERIAL_PATTERNS,
  SPLIT_TOKEN_PATTERN,
  ...CONNECTION_STRING_PATTERNS,
  ...WEBHOOK_URL_PATTERNS,
  ...URL_PATH_CREDENTIAL_PATTERNS,
  ...COMMAND_LINE_PATTERNS,
  ...NAMED_SECRET_PATTERNS,
  ...VENDOR_TOKEN_PATTERNS,
  ESCAPED_TOKEN_PATTERN,
  CUT_TOKEN_PATTERN,
  ...HEADER_SECRET_PATTERNS,
  HIGH_ENTROPY_AFTER_WORD_PATTERN,
];
