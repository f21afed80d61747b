/**
 * Chooses where the submitted spec is read from the workload's `type` (case-insensitively,
 * ignoring separators: `Training`, `training`, `distributed-inference`,
 * `DistributedInference`, `NIMService`) and its `sourceApi`. A native type has its own spec
 * endpoint; any other type is a registered third-party type, whose manifest Workloads V2
 * serves (`sourceApi: WorkloadsV2`; control planes without Workloads V2 answer 404, a stated
 * limitation). No type and no `sourceApi`: null, a stated limitation, not a failure.
 */
import type { SpecKind, SpecSource } from '../ports/RunaiReader.js';
import type { Workload } from '../ports/RunaiSchemas.js';
import { workloadKindForType } from '../ports/workloadKinds.js';

/** The type aliases are the workload-kind table's (ports/workloadKinds.ts), the client's and the simulator's too. */
export function specKindForType(type: string | null | undefined): SpecKind | null {
  return workloadKindForType(type);
}

export function specSourceFor(workload: Pick<Workload, 'type' | 'sourceApi'>): SpecSource | null {
  const kind = specKindForType(workload.type);
  if (kind) return kind;
  const viaV2 = workload.sourceApi?.trim().toLowerCase() === 'workloadsv2';
  return viaV2 || workload.type ? 'workloads-v2' : null;
}
