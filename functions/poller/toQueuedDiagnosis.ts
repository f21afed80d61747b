/**
 * The queue message for one failed workload the poller found. The de-duplication key names
 * the failure, not just the workload: `clusterId#workloadId#phaseUpdatedAt`, so the overlap
 * that re-lists a workload on the next run yields the same key (the worker drops it), while
 * the same workload failing again later (a new `phaseUpdatedAt`) is a new failure.
 */
import { createHash } from 'node:crypto';
import { QueuedDiagnosisSchema, type QueuedDiagnosis } from '../core/queuedDiagnosis.js';

// QueuedDiagnosis.dedupeKey is at most 512 characters.
const MAX_KEY = 512;

/** `phaseUpdatedAt` should be the canonical instant, so the key does not depend on how the server wrote it. */
export function pollerDedupeKey(clusterId: string, workloadId: string, phaseUpdatedAt: string): string {
  const key = `${clusterId}#${workloadId}#${phaseUpdatedAt}`;
  return key.length <= MAX_KEY ? key : `sha256:${createHash('sha256').update(key).digest('hex')}`;
}

/** The message, or null when the ids do not make a valid request (the worker would reject it). */
export function toQueuedDiagnosis(workload: { clusterId: string; workloadId: string; phaseUpdatedAt: string }, receivedAt: string): QueuedDiagnosis | null {
  const parsed = QueuedDiagnosisSchema.safeParse({
    v: 1,
    request: { clusterId: workload.clusterId, workloadId: workload.workloadId, intent: 'terminal' },
    source: 'poller',
    receivedAt,
    dedupeKey: pollerDedupeKey(workload.clusterId, workload.workloadId, workload.phaseUpdatedAt),
  });
  return parsed.success ? parsed.data : null;
}
