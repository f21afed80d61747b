/** Rows for private key material: PEM/PGP/PuTTY blocks, their base64 forms, age keys. */
import { REDACTED } from './redactionMarker.js';
import { QUOTED_TAIL, decodedHas, keep, row, type SecretPattern } from './secretPatternKit.js';
import { decodeBase64 } from './secretValueHeuristics.js';

const BEGIN = '-----BEGIN [A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----';
/** Body characters stop at `-----`, so a run of BEGIN lines without END stays linear. */
const BODY = String.raw`(?:[A-Za-z0-9+/=\s:,.()\\]|-(?!----))*`;
/**
 * After a truncated BEGIN: the rest of its line, then every following base64/header/blank line.
 * Balanced quoted segments are taken whole (a swallowed `--secret "x"` must not leave "x"); an
 * unbalanced quote ends the span only where it closes a value (the closing quote of a JSON or
 * YAML string: then `,`, `}`, `]` or the line's end). Any other stray quote is part of the line:
 * the span has already swallowed the context (`mongosh … -p`) a later row would need to see the
 * secret after it, so stopping there would leave that secret bare.
 */
const LINE_REST = String.raw`(?:[^"'\r\n⏎]|"[^"\r\n⏎]{0,4096}"|'[^'\r\n⏎]{0,4096}'|["'](?![ \t]*(?:[,}\]]|\r?\n|⏎|$)))*`;
const TRUNCATED_BODY = String.raw`${LINE_REST}(?:\r?\n(?:[ \t]*(?=[A-Za-z0-9+/=]{16})${LINE_REST}|[A-Za-z-]{1,32}:${LINE_REST}|[ \t]*(?=\r?\n)))*`;

/** One full base64 line of a PEM body (64 characters in practice; 16 is enough to tell). */
const BODY_LINE = String.raw`[A-Za-z0-9+/=]{16,4096}[ \t]*\r?\n[ \t]*`;
/**
 * A log tail can start after the BEGIN line and show only the body's last lines and END. The
 * span starts at the first body line of a run: the second lookbehind refuses a start right
 * after another full body line, so each run is scanned once (linear time), and the bound of
 * 200 lines covers a 4096-bit RSA key several times over. The lookahead comes first because
 * lookbehinds run at every position: at each blank of an 80 kB run of spaces the second one
 * read all the blanks before it (quadratic, 4.4 s), where a body line cannot start anyway.
 */
const TAIL_BODY = String.raw`(?=[A-Za-z0-9+/=])(?<![A-Za-z0-9+/=])(?<![A-Za-z0-9+/=]{16}[ \t]*\r?\n[ \t]*)(?:${BODY_LINE}){1,200}(?:[A-Za-z0-9+/=]{1,15}[ \t]*\r?\n[ \t]*)?`;

/** Field names of credential files (service-account keys, docker auths, kubeconfigs) and PEM key labels, as decoded text. */
const DECODED_CREDENTIAL =
  /"(?:auths?|password|passwd|token|secret|client_secret|api_?key|private_key|identitytoken|refresh_token|access_token)"[ \t\r\n]*:|PRIVATE KEY-----|(?:client-key-data|token|password):[ \t]+\S/i;

export const KEY_MATERIAL_PATTERNS: readonly SecretPattern[] = [
  row('pem-private-key', new RegExp(`${BEGIN}${BODY}-----END [A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----`, 'g')),
  // A truncated block (log cut, event length limit) still must not leak its base64 body.
  row('pem-private-key-unterminated', new RegExp(`${BEGIN}${TRUNCATED_BODY}${QUOTED_TAIL}`, 'g')),
  // Only the END line survived: redact the body lines above it, keep END (it says what was there).
  row('pem-private-key-tail', new RegExp(`${TAIL_BODY}(?<end>-----END [A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----)`, 'g'), (g) => `${REDACTED}\n${g('end')}`, [
    '-----END ',
  ]),
  row('putty-private-key', /(?<head>Private-Lines:[ \t]*\d{1,4})(?:\s+[A-Za-z0-9+/=]{1,128}){1,400}/g, keep('head', ' ')),
  // base64 of "-----BEGIN …": k8s Secret `tls.key:` / kubeconfig `client-key-data:`.
  row('base64-pem-private-key', /(?<![A-Za-z0-9+/=])LS0tLS1CRUdJTi[A-Za-z0-9+/]{8,}={0,2}/g, decodedHas(/PRIVATE KEY/)),
  row('age-secret-key', /AGE-SECRET-KEY-1[0-9A-Z]{20,}/g),
  /**
   * Any base64 run — one line, or a block wrapped the way `base64` (76 columns) and `kubectl`
   * print it — whose decoded text holds credential fields or a private key: a GCP
   * service-account key file (`{\n  "type": "service_account", … "private_key": …}`, which starts
   * `ewog`, not the `eyJ` the JSON row looks for), a `.dockerconfigjson`, a kubeconfig. Decided by
   * what the bytes say, not by how the encoding starts. Continuation lines are whole lines of
   * base64 joined by a required line break, so the block never swallows prose; like the PEM tail,
   * a block starts only at its first line (the lookahead first, so the lookbehinds run only where
   * a run of 24 follows), so each block is scanned once. Runs are bounded (64 KiB; 4 KiB a
   * continuation line): irregexp keeps one backtrack entry per character of a greedy run that
   * more pattern follows, and a 7 MB single token overflowed its stack.
   */
  row(
    'base64-wrapped-credential',
    /(?=[A-Za-z0-9+/_-]{24})(?<![A-Za-z0-9+/=_-])(?<![A-Za-z0-9+/=_-]{16}={0,2}[ \t]*(?:\r?\n|⏎)[ \t]*)[A-Za-z0-9+/_-]{24,65536}={0,2}(?:[ \t]*(?:\r?\n|⏎)[ \t]*[A-Za-z0-9+/_-]{4,4096}={0,2}(?=[ \t]*(?:\r?\n|⏎|$)|["',]))*(?![A-Za-z0-9+/=_-])/g,
    (_g, match) => (DECODED_CREDENTIAL.test(decodeBase64(match.replace(/[\s⏎]+/g, ''))) ? REDACTED : null),
  ),
];
