/**
 * The redaction a recorded body goes through before it is written: the same as reports
 * (functions/safety: secret patterns in any string, environment values under a secret
 * name) plus every credential this run held or was issued, wherever it is echoed.
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
  return copy;
}
