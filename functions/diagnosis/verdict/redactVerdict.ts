/**
 * Defence in depth: every string of a verdict passes through the redactor once more before it
 * leaves the engine, whatever path it took to get there — not a list of fields, so a field
 * added later (the node, the origin) cannot carry a credential out unredacted. Keys are ours;
 * only values are read. Text without a secret shape (names, UUIDs, quantities) is unchanged.
 */
import type { Verdict } from '../../core/verdict.js';
import { redactSecrets } from '../../safety/redactSecrets.js';

export function redactVerdict(verdict: Verdict): Verdict {
  return redactStrings(verdict);
}

function redactStrings<T>(value: T): T {
  if (typeof value === 'string') return redactSecrets(value) as T;
  if (Array.isArray(value)) return value.map((item) => redactStrings(item)) as T;
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, redactStrings(item)])) as T;
  }
  return value;
}
