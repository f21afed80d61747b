/**
 * Publishing as diagnoses complete: a cluster's records are claimed together once its last
 * one is diagnosed (records of one cluster often share an occurrence: Alertmanager HA
 * replicas, a poll hit and an alert), so a single-verdict cluster does not wait for a slow
 * one elsewhere. Whether a verdict goes out alone or in a digest is the storm window's
 * decision (holdForStorm), shared across invocations, not this batch's.
 */
import type { QueuedDiagnosis } from '../../core/queuedDiagnosis.js';

/** The cluster a record is published under before it is diagnosed: the one it names. */
export function clusterOf(queued: QueuedDiagnosis): string {
  return queued.request.clusterId || 'unknown';
}

/** Records of the batch expected from each cluster. */
export function planClusters(queued: readonly QueuedDiagnosis[]): Map<string, number> {
  const expected = new Map<string, number>();
  for (const item of queued) expected.set(clusterOf(item), (expected.get(clusterOf(item)) ?? 0) + 1);
  return expected;
}
