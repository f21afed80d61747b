import type { Category } from '../../core/verdict.js';
import type { NodeRemoval } from './Signal.js';

/**
 * What the fleet remembers of one diagnosed failure (§4.8 "Suspect node"): where it happened,
 * who submitted it, what it was, and whether it carried a node-side signature. Built by the
 * diagnosis (verdict/describeNodeFailure.ts), judged across workloads by
 * classify/decideNodeSuspicion.ts. Names are raw (as Run:ai returned them): they are keys, and
 * every rendering quotes them.
 */
export interface NodeFailure {
  clusterId: string;
  node: string;
  workloadId: string;
  workloadName: string;
  project: string | null;
  /** Run:ai's `submittedBy`; null when the API does not say (the project stands in for it). */
  submittedBy: string | null;
  category: Category;
  /** Epoch ms of the failure (the phase's update time), else of the diagnosis. */
  at: number;
  /** An NCCL, CUDA (other than memory exhaustion) or Xid line among the signals that decided the category. */
  infrastructure: boolean;
  /** A hardware Xid (the catalogue's `cause: hardware`) the node's side reported (events, node conditions), else null. */
  hardwareXid: number | null;
  /**
   * A NODE_FAILURE whose node was removed on purpose — a spot interruption (a preemption by the
   * cloud), consolidation, drift, expiry, scale-down, a deleted or shut-down node: the node's
   * lifecycle, not a fault of the node, so it never counts against it. Absent or null otherwise.
   */
  nodeRemoval?: NodeRemoval | null;
}
