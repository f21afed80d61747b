/**
 * Chooses the type-specific spec endpoint from the workload's `type`, case-insensitively
 * and ignoring separators (`Training`, `training`, `distributed-inference`,
 * `DistributedInference`). Unknown types return null: a stated limitation, not a failure.
 */
import type { SpecKind } from './ports/RunaiReader.js';

const KIND_BY_NORMALISED_TYPE: Record<string, SpecKind> = {
  training: 'trainings',
  trainings: 'trainings',
  workspace: 'workspaces',
  workspaces: 'workspaces',
  interactive: 'workspaces',
  inference: 'inferences',
  inferences: 'inferences',
  distributed: 'distributed',
  distributedtraining: 'distributed',
  distributedinference: 'distributed-inferences',
  distributedinferences: 'distributed-inferences',
};

export function specKindForType(type: string | null | undefined): SpecKind | null {
  if (!type) return null;
  return KIND_BY_NORMALISED_TYPE[type.toLowerCase().replace(/[^a-z]/g, '')] ?? null;
}
