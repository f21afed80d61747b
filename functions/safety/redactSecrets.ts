/**
 * Replaces credentials in free text with `[REDACTED]`, keeping the context that makes the
 * evidence useful (`password=[REDACTED]`, `https://user:[REDACTED]@host`,
 * `Authorization: Bearer [REDACTED]`). Pure: no I/O, no environment, no clock.
 *
 * Deliberate choices:
 * - Names decide first (`isSecretName`): `passwordless=true`, `--tokenizer=bert`, `max_tokens=512`
 *   and `secretName: hf-token` are configuration, not credentials, and stay readable.
 * - Empty, boolean and null values, masks (`***`) and upper-case variable references
 *   (`$DB_PASSWORD`) stay visible under secret names: they carry no secret and tell the reader
 *   what was (not) configured.
 * - When unsure whether a long value is a secret, strong context (a secret name with `=`, a
 *   quoted JSON value, a flag) redacts; weak context (a bare `token:` in an error chain, text
 *   after a word) asks the value heuristics.
 * - Accepted trade-offs: in weak context a UUID or a short letters-only string is kept (they are
 *   ids and prose far more often than tokens); a secret NAME whose value is a path
 *   (`GOOGLE_APPLICATION_CREDENTIALS=/var/secrets/sa.json`) is still redacted; `mysql -p db`
 *   keeps `db` (a space after `-p` means "prompt", so `db` is the database).
 */
import { REDACTED } from './redactionMarker.js';
import { SECRET_PATTERNS, type SecretPattern } from './secretPatterns.js';
import { isSecretName } from './isSecretName.js';
import { redactAcrossSoftBreaks } from './redactAcrossSoftBreaks.js';
import { redactAcrossCarrierCuts } from './redactAcrossCarrierCuts.js';
import { redactEncodedSecrets } from './redactEncodedSecrets.js';

export { REDACTED } from './redactionMarker.js';

/**
 * A typographic closing quote (with the sentence punctuation after it) that ends a match whose
 * secret was redacted to its end. The reports quote untrusted text between “ and ” (« », ‘ ’) and
 * the rendered text is redacted again at the edge; a row's value class stops at ASCII quotes and
 * whitespace only, so it ran on through the renderer's closing mark and ate it
 * (`“…&sig=[REDACTED] (source)`). No credential format ends in one of these marks, so they go back
 * to the text, whatever the row.
 */
const RENDERED_CLOSER = /[”’»›][.,;:!?)\]]*$/;

function applyPattern(text: string, { pattern, replace, requires }: SecretPattern): string {
  if (requires !== undefined && !requires.some((needle) => text.includes(needle))) return text;
  pattern.lastIndex = 0;
  let out = '';
  let copiedUpTo = 0;
  for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
    const groups = match.groups;
    const replacement = replace((name) => groups?.[name] ?? '', match[0]);
    if (replacement === null || match[0].length === 0) {
      // Declined: look again one character later so a secret inside the declined span is still found.
      pattern.lastIndex = match.index + 1;
      continue;
    }
    out += text.slice(copiedUpTo, match.index) + replacement;
    const closer = replacement.endsWith(REDACTED) ? RENDERED_CLOSER.exec(match[0]) : null;
    copiedUpTo = match.index + match[0].length - (closer?.[0].length ?? 0);
  }
  pattern.lastIndex = 0;
  return copiedUpTo === 0 ? text : out + text.slice(copiedUpTo);
}

/**
 * Rows interact: a late row (a vendor token) can change what an earlier row sees (the value
 * after `token:`). Running the table until nothing changes makes the result a fixed point, so
 * `redactSecrets` is idempotent by construction. Text without secrets costs one pass; text
 * with secrets normally two. The cap only bounds pathological inputs.
 */
const MAX_PASSES = 4;

/**
 * No credential format is this long, and no reader reads a token this long, yet irregexp keeps a
 * backtrack entry per character of a greedy run in most rows: a 7 MB single token overflowed
 * its stack ("Maximum call stack size exceeded") and failed a whole recording. A run without
 * whitespace longer than this is therefore replaced whole before the table runs — the safe
 * side: whatever it held, none of it is shown — and every row only ever sees shorter runs.
 */
export const MAX_TOKEN_RUN = 65_536;

function isBreak(code: number): boolean {
  return code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d || code === 0x0b || code === 0x0c || code === 0x23ce;
}

/** Replaces every run of more than MAX_TOKEN_RUN non-break characters by the marker (a linear scan, no regex). */
function replaceOverlongRuns(text: string): string {
  if (text.length <= MAX_TOKEN_RUN) return text;
  let out = '';
  let copiedUpTo = 0;
  let runStart = 0;
  for (let index = 0; index <= text.length; index += 1) {
    if (index < text.length && !isBreak(text.charCodeAt(index))) continue;
    if (index - runStart > MAX_TOKEN_RUN) {
      out += text.slice(copiedUpTo, runStart) + REDACTED;
      copiedUpTo = index;
    }
    runStart = index + 1;
  }
  return copiedUpTo === 0 ? text : out + text.slice(copiedUpTo);
}

/** The table run to its fixed point. */
function redactWithTable(text: string): string {
  let result = text;
  for (let pass = 0; pass < MAX_PASSES; pass += 1) {
    let next = result;
    for (const row of SECRET_PATTERNS) next = applyPattern(next, row);
    if (next === result) break;
    result = next;
  }
  return result;
}

/**
 * Redacts every credential shape in `SECRET_PATTERNS`; idempotent. A token cut at a line break the
 * text marks as soft (a quoted-printable `=`, an escaping `\`) is judged joined first
 * (`redactAcrossSoftBreaks`, which says why a line's width is no evidence), so its continuation
 * goes with it; so is a vendor token an unmarked carrier cut (a fold, a wrap, a shipper's split
 * behind a repeated header) when its head stops short of the vendor's documented length and the
 * next line completes it exactly (`redactAcrossCarrierCuts`); and a base64 run (or a block wrapped
 * at a fixed width) whose decoded text holds a secret (`redactEncodedSecrets`).
 */
export function redactSecrets(text: string): string {
  const joined = redactAcrossSoftBreaks(redactAcrossCarrierCuts(replaceOverlongRuns(text), redactWithTable), redactWithTable);
  // After the soft breaks: a quoted-printable soft break's `=` reads as base64 padding.
  return redactWithTable(redactEncodedSecrets(joined, redactWithTable));
}

/**
 * For one environment variable: a secret-ish NAME redacts the whole value whatever it looks
 * like (an innocent-looking password is still a password); only an empty value stays empty,
 * because "DB_PASSWORD is empty" is itself evidence. Other values get `redactSecrets`.
 */
export function redactEnvironmentValue(name: string, value: string): string {
  if (isSecretName(name)) return value === '' ? '' : REDACTED;
  return redactSecrets(value);
}
