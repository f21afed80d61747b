/**
 * Publishing as diagnoses complete, with the storm digest kept. The digest decision
 * (coalesceVerdicts: a cluster with `digestThreshold` verdicts or more, and the largest
 * clusters when the batch would exceed its notification budget) is taken once, up front,
 * on the records each cluster is expected to produce. A cluster is then published as soon
 * as its last record has been diagnosed: a single-verdict cluster does not wait for a slow
 * one elsewhere, and a storm on one cluster still becomes one digest.
 */
import type { QueuedDiagnosis } from '../../core/queuedDiagnosis.js';
import { coalesceVerdicts, type CoalesceOptions, type PlannedNotification } from '../../delivery/coalesceVerdicts.js';
import type { Occurrence } from './claimOccurrences.js';

export interface ClusterPlan {
  /** Records of the batch expected from this cluster. */
  expected: number;
  /** Its verdicts go out as one digest (when two or more remain after claiming). */
  digest: boolean;
}

/** The cluster a record is published under before it is diagnosed: the one it names. */
export function clusterOf(queued: QueuedDiagnosis): string {
  return queued.request.clusterId || 'unknown';
}

export function planClusters(queued: readonly QueuedDiagnosis[], options: CoalesceOptions): Map<string, ClusterPlan> {
  const plan = new Map<string, ClusterPlan>();
  for (const item of queued) {
    const clusterId = clusterOf(item);
    const entry = plan.get(clusterId);
    if (entry) entry.expected += 1;
    else plan.set(clusterId, { expected: 1, digest: false });
  }
  for (const planned of coalesceVerdicts(
    queued.map((item) => ({ clusterId: clusterOf(item) })),
    options,
  )) {
    if (planned.kind === 'digest') plan.get(planned.clusterId)!.digest = true;
  }
  return plan;
}

/** The notifications of one finished cluster: a digest of what was claimed, or one per verdict. */
export function notificationsFor(claimed: readonly Occurrence[], plan: ClusterPlan): PlannedNotification<Occurrence>[] {
  const unlimited = Number.MAX_SAFE_INTEGER;
  return plan.digest
    ? coalesceVerdicts(claimed, { digestThreshold: 2, maxNotificationsPerBatch: 1 })
    : coalesceVerdicts(claimed, { digestThreshold: unlimited, maxNotificationsPerBatch: unlimited });
}
