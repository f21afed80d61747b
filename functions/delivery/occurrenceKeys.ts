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

/**
 * Every key derived from cluster or alert text is at most this long: PagerDuty's Events API v2
 * takes a `dedup_key` of at most 255 characters (PagerDutyEvent.ts), and one bound for all keys
 * keeps the idempotency key, the dedup_key and the chat threadId the same string. 255 UTF-16
 * units are at most 765 UTF-8 bytes, far inside DynamoDB's 2,048-byte partition-key limit.
 */
export const CORRELATION_KEY_MAX_CHARS = 255;

/**
 * Keeps a key within `max` characters: long keys keep a readable prefix and end in a hash of the
 * whole, so the result is stable and two long keys that differ anywhere stay distinct. The cut
 * never splits a surrogate pair (a lone surrogate is not valid UTF-8 for DynamoDB or JSON).
 */
export function boundedKey(key: string, max: number): string {
  if (key.length <= max) return key;
  const suffix = `#sha256:${sha256(key).slice(0, 32)}`;
  let cut = Math.max(0, max - suffix.length);
  const last = key.charCodeAt(cut - 1);
  if (cut > 0 && last >= 0xd800 && last <= 0xdbff) cut -= 1;
  return key.slice(0, cut) + suffix;
}

/**
 * The verdict's occurrence key. A verdict published before the key was written into the
 * JSON has none: its content hash is then stable for redeliveries of the same message.
 */
export function verdictCorrelationKey(verdict: Verdict): string {
  if (verdict.occurrenceKey) return boundedKey(verdict.occurrenceKey, CORRELATION_KEY_MAX_CHARS);
  return `verdict#${sha256(JSON.stringify(verdict)).slice(0, 32)}`;
}

export function digestCorrelationKey(digest: DigestPayload): string {
  const keys = digest.verdicts.map((entry) => entry.key).sort();
  return `digest#${digest.clusterId}#${digest.total}#${sha256(keys.join('\n')).slice(0, 32)}`;
}
