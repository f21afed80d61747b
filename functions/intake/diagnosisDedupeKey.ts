/**
 * The de-duplication key of a diagnosis request: one workload of one cluster, whatever
 * alert or webhook named it and whenever it started — so a workload firing twice in one
 * payload gives one request, and the worker can notify once for repeats. Identifiers are
 * validated to exclude ':' and '/', so the key is unambiguous. Workloads named by id and by
 * name+project get different keys: the intake cannot know they are the same.
 */
import { createHash } from 'node:crypto';

export interface WorkloadRef {
  clusterId: string;
  workloadId?: string | undefined;
  workloadName?: string | undefined;
  project?: string | undefined;
}

// QueuedDiagnosis.dedupeKey is at most 512 characters; maximal names (253 each) exceed it.
const MAX_KEY = 512;

export function diagnosisDedupeKey(ref: WorkloadRef): string {
  const key = ref.workloadId ? `${ref.clusterId}:id:${ref.workloadId}` : `${ref.clusterId}:name:${ref.project ?? ''}/${ref.workloadName ?? ''}`;
  return key.length <= MAX_KEY ? key : `sha256:${createHash('sha256').update(key).digest('hex')}`;
}
