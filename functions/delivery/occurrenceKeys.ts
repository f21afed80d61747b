/**
 * The correlation keys consumers use to collapse repeats: PagerDuty's `dedup_key` and the
 * chat `threadId`. A single verdict uses its occurrence key (set by the worker); a digest,
 * which notifies several occurrences at once, uses a key derived from the occurrence keys
 * it lists, so a redelivered digest lands on the same alert and thread.
 */
import { createHash } from 'node:crypto';
import type { Verdict } from '../core/verdict.js';
import type { DigestPayload } from './DigestPayload.js';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Keeps a key within `max` characters: long keys keep a readable prefix and end in a hash of the whole. */
export function boundedKey(key: string, max: number): string {
  if (key.length <= max) return key;
  const suffix = `#sha256:${sha256(key).slice(0, 32)}`;
  return key.slice(0, max - suffix.length) + suffix;
}

/**
 * The verdict's occurrence key. A verdict published before the key was written into the
 * JSON has none: its content hash is then stable for redeliveries of the same message.
 */
export function verdictCorrelationKey(verdict: Verdict): string {
  if (verdict.occurrenceKey) return verdict.occurrenceKey;
  return `verdict#${sha256(JSON.stringify(verdict)).slice(0, 32)}`;
}

export function digestCorrelationKey(digest: DigestPayload): string {
  const keys = digest.verdicts.map((entry) => entry.key).sort();
  return `digest#${digest.clusterId}#${digest.total}#${sha256(keys.join('\n')).slice(0, 32)}`;
}
