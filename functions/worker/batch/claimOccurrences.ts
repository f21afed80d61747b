/**
 * Stage 3, claim: one idempotency claim per occurrence key. Records of one batch with the
 * same key are claimed once: one is published, the others count as duplicates. A key
 * someone else holds, or a store failure, fails its records (retried later, never dropped).
 */
import type { QueuedDiagnosis } from '../../core/queuedDiagnosis.js';
import type { DiagnosisResult } from '../../diagnosis/model/DiagnosisResult.js';
import { idempotencyKey, type IdempotencyStore } from '../../delivery/IdempotencyStore.js';
import { mapWithConcurrency } from '../mapWithConcurrency.js';
import type { LogPort } from '../../core/LogPort.js';
import type { BatchLedger } from './BatchLedger.js';
import type { DiagnosedRecord } from './diagnoseRecord.js';
import { errorFields } from './errorFields.js';

export interface Occurrence {
  key: string;
  clusterId: string;
  queued: QueuedDiagnosis;
  result: DiagnosisResult;
  /** Record indexes sharing this key; the first is the one that gets published. */
  indexes: number[];
}

/** Groups diagnosed records by occurrence key, in first-appearance order. */
export function groupByOccurrence(diagnosed: readonly (DiagnosedRecord | null)[]): Occurrence[] {
  const byKey = new Map<string, Occurrence>();
  for (const item of diagnosed) {
    if (!item) continue;
    const key = idempotencyKey(item.result, item.queued);
    const existing = byKey.get(key);
    if (existing) {
      existing.indexes.push(item.index);
      continue;
    }
    const clusterId = item.result.verdict.workload?.clusterId || item.result.occurrence?.clusterId || item.queued.request.clusterId || 'unknown';
    byKey.set(key, { key, clusterId, queued: item.queued, result: item.result, indexes: [item.index] });
  }
  return [...byKey.values()];
}

export interface ClaimDeps {
  idempotency: IdempotencyStore;
  ttlSeconds: number;
  concurrency: number;
  logger: LogPort;
}

/** Claims each occurrence; returns the claimed ones (held in the ledger), settles or fails the rest. */
export async function claimOccurrences(occurrences: readonly Occurrence[], ledger: BatchLedger, deps: ClaimDeps): Promise<Occurrence[]> {
  const claims = await mapWithConcurrency(occurrences, deps.concurrency, async (group) => {
    try {
      return { group, claim: await deps.idempotency.claim(group.key, deps.ttlSeconds) };
    } catch (error) {
      deps.logger.warn('worker.claim_failed', { key: group.key, ...errorFields(error) });
      return { group, claim: 'error' as const };
    }
  });
  const claimed: Occurrence[] = [];
  for (const { group, claim } of claims) {
    if (claim === 'claimed') {
      ledger.held.add(group.key);
      claimed.push(group);
    } else if (claim === 'duplicate') {
      deps.logger.info('worker.duplicate', { key: group.key, messageIds: group.indexes.map((i) => ledger.messageId(i)) });
      for (const index of group.indexes) ledger.settle(index, 'duplicate');
    } else {
      // Someone else holds a live claim, or the store failed: retry later, never drop.
      for (const index of group.indexes) ledger.fail(index, claim === 'in_progress' ? 'claim_in_progress' : 'claim_failed');
    }
  }
  return claimed;
}
