/**
 * "Repeats of the same failure notify once" (the quality bars, docs/tests.md). The worker claims a key before
 * publishing and completes it after; a key that is already completed is a duplicate.
 *
 * A claim is a lease: it is IN_PROGRESS until completed, and expires after
 * `inProgressTimeoutSeconds` so that a worker that crashed between claim and publish
 * does not block the alert forever — the redelivered message re-claims it. A claim held
 * by someone else and not yet expired is `in_progress`: the caller must retry later (not
 * drop the message), because that holder may still fail or may already be dead.
 */
import type { QueuedDiagnosis } from '../core/queuedDiagnosis.js';
import type { DiagnosisResult } from '../diagnosis/model/DiagnosisResult.js';
import { boundedKey, CORRELATION_KEY_MAX_CHARS } from './occurrenceKeys.js';

export type ClaimResult = 'claimed' | 'duplicate' | 'in_progress';

export interface IdempotencyStore {
  /** Takes the key; `ttlSeconds` is how long a completed key suppresses repeats. */
  claim(key: string, ttlSeconds: number): Promise<ClaimResult>;
  /** Marks a claimed key as published. */
  complete(key: string): Promise<void>;
  /** Frees a claim whose publish failed, so that the retry can publish. */
  release(key: string): Promise<void>;
}

/**
 * Completed keys live 14 days: SQS keeps a message at most 14 days, so no redelivery of
 * the same queue message can outlive the key.
 */
export const DEFAULT_IDEMPOTENCY_TTL_SECONDS = 14 * 86_400;

/**
 * An uncompleted claim blocks others for 15 minutes, the longest a Lambda invocation can
 * run; after that its holder is certainly gone. Keep the queue's visibility timeout at or
 * above this so a redelivery finds the lease expired.
 */
export const DEFAULT_IN_PROGRESS_TIMEOUT_SECONDS = 900;

/**
 * The identity of a failure occurrence: `clusterId#workloadId#phaseUpdatedAt`. Without a
 * resolved workload or a phase timestamp there is no occurrence identity, so the
 * producer's dedupe key (stable for one alert / one poll hit) stands in.
 */
export function idempotencyKey(result: DiagnosisResult, queued: QueuedDiagnosis): string {
  const occurrence = result.occurrence;
  // Every part comes from the control plane or the alert: a 3,000-character `phaseUpdatedAt`
  // would exceed DynamoDB's key limit and send the verdict to the DLQ, so the key is bounded.
  const key = occurrence?.phaseUpdatedAt ? `${occurrence.clusterId}#${occurrence.workloadId}#${occurrence.phaseUpdatedAt}` : `dedupe#${queued.dedupeKey}`;
  return boundedKey(key, CORRELATION_KEY_MAX_CHARS);
}

interface MemoryEntry {
  status: 'IN_PROGRESS' | 'COMPLETED';
  expiresAtMs: number;
  ttlSeconds: number;
}

/** For local mode, the CLI and tests: same semantics as the DynamoDB store, one process. */
export function createMemoryIdempotencyStore(options: { now?: () => Date; inProgressTimeoutSeconds?: number } = {}): IdempotencyStore {
  const now = options.now ?? (() => new Date());
  const leaseMs = (options.inProgressTimeoutSeconds ?? DEFAULT_IN_PROGRESS_TIMEOUT_SECONDS) * 1000;
  const entries = new Map<string, MemoryEntry>();
  return {
    async claim(key, ttlSeconds) {
      const at = now().getTime();
      const entry = entries.get(key);
      if (entry && entry.expiresAtMs >= at) return entry.status === 'COMPLETED' ? 'duplicate' : 'in_progress';
      entries.set(key, { status: 'IN_PROGRESS', expiresAtMs: at + leaseMs, ttlSeconds });
      return 'claimed';
    },
    async complete(key) {
      const entry = entries.get(key);
      if (!entry) return;
      entries.set(key, { ...entry, status: 'COMPLETED', expiresAtMs: now().getTime() + entry.ttlSeconds * 1000 });
    },
    async release(key) {
      if (entries.get(key)?.status === 'IN_PROGRESS') entries.delete(key);
    },
  };
}
