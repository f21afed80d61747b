/**
 * The redaction a recorded body goes through before it is written: the same as reports
 * (functions/safety: secret patterns in any string, environment values under a secret
 * name) plus every credential this run held or was issued, wherever it is echoed.
 *
 * A submitted command is redacted the way the report reads it: the report quotes `command` and
 * `args` joined into one line (functions/diagnosis/readSubmittedSpec.ts; a manifest's word lists
 * joined by functions/diagnosis/specFromManifest.ts), so a flag and its secret in two words or two
 * fields (`-p` | `s3cret`) are redacted together here too — a raw recording never holds what the
 * report would hide.
 */
import { isSecretName, redactEnvironmentValue, redactSecrets } from '../safety/index.js';
import type { Redactor } from '../http/createRedactor.js';

export function redactRecordedText(text: string, known: Redactor): string {
  return redactSecrets(known.redact(text));
}

export function redactRecordedBody(value: unknown, known: Redactor): unknown {
  if (typeof value === 'string') return redactRecordedText(value, known);
  if (Array.isArray(value)) return value.map((item) => redactRecordedBody(item, known));
  if (value === null || typeof value !== 'object') return value;
  const object = value as Record<string, unknown>;
  // An environment entry `{name, value}`: the value is redacted whole under a secret name.
  const envName = typeof object.name === 'string' && typeof object.value === 'string' ? object.name : null;
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(object)) {
    if (typeof item === 'string' && ((key === 'value' && envName !== null && isSecretName(envName)) || isSecretName(key))) {
      copy[key] = redactEnvironmentValue(key === 'value' && envName !== null ? envName : key, known.redact(item));
    } else {
      copy[key] = redactRecordedBody(item, known);
    }
  }
  return redactCommandLine(object, copy, known);
}

/** A command or args: one string (a Run:ai spec) or a list of words (a Kubernetes container). */
const commandWords = (value: unknown): string | null => {
  if (typeof value === 'string') return value.length > 0 ? value : null;
  if (Array.isArray(value) && value.every((word) => typeof word === 'string')) return value.join(' ') || null;
  return null;
};

/**
 * When the joined command line holds a secret the per-string redaction missed, the line is kept
 * as the report would show it: redacted whole, in `command` (a list of one word for a list), and
 * `args` emptied — the diagnosis joins them back into the same line.
 */
function redactCommandLine(original: Record<string, unknown>, copy: Record<string, unknown>, known: Redactor): Record<string, unknown> {
  const command = commandWords(original.command);
  const args = commandWords(original.args);
  if (command === null && args === null) return copy;
  if (
    (original.command !== undefined && original.command !== null && command === null && !isEmptyList(original.command)) ||
    (original.args !== undefined && original.args !== null && args === null && !isEmptyList(original.args))
  )
    return copy;
  const line = [command, args].filter((part): part is string => part !== null).join(' ');
  const redactedLine = redactRecordedText(line, known);
  const partsLine = [commandWords(copy.command), commandWords(copy.args)].filter((part): part is string => part !== null).join(' ');
  if (redactedLine === partsLine) return copy;
  const asList = Array.isArray(original.command) || (original.command === undefined && Array.isArray(original.args));
  return {
    ...copy,
    command: asList ? [redactedLine] : redactedLine,
    ...(original.args !== undefined ? { args: Array.isArray(original.args) ? [] : null } : {}),
  };
}

const isEmptyList = (value: unknown) => Array.isArray(value) && value.length === 0;
