import type { Verdict } from '../../core/verdict.js';
import type { NodeFailure } from './NodeFailure.js';

/**
 * What one diagnosis produces: the verdict, and the identity of the failure occurrence it
 * is about (cluster, workload, failure phase timestamp) so that delivery can notify once
 * per occurrence. `occurrence` is null when no workload was resolved (needs_input).
 */
export interface DiagnosisResult {
  verdict: Verdict;
  occurrence: { clusterId: string; workloadId: string; phase: string; phaseUpdatedAt: string | null } | null;
  /** What the fleet remembers of a diagnosed failure on a known node (§4.8); absent or null otherwise. */
  nodeFailure?: NodeFailure | null;
}
