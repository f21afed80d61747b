/**
 * The suspect-node rule (DESIGN §4.8), over the failures the fleet remembers on one node. Pure.
 *
 * A node is suspect when, within the window (24 h), either
 * - a hardware Xid was seen on it (one is enough: NVIDIA's catalogue sends those to a GPU reset,
 *   a node reboot or support, never to the application — signals/gpu/xidCatalogue.ts), or
 * - at least 3 distinct workloads failed on it, from at least 2 distinct submitters, each with a
 *   failure that points at the node: NODE_FAILURE, UNKNOWN, or CRASH_APP_ERROR carrying an
 *   NCCL / CUDA / Xid signature.
 * OOM, image, init, data-source and policy verdicts never count (the cause is named and is not
 * the node's), nor does a CRASH_APP_ERROR without a node-side signature. Distinct submitters is
 * what keeps one user resubmitting the same bug from ever flagging a node; a submitter is
 * Run:ai's `submittedBy`, or the project when the API does not say.
 */
import type { Category, VerdictNode } from '../../core/verdict.js';
import type { NodeFailure } from '../model/NodeFailure.js';

export const SUSPECT_WINDOW_HOURS = 24;
export const SUSPECT_MIN_WORKLOADS = 3;
export const SUSPECT_MIN_SUBMITTERS = 2;

const NODE_SIDE_CATEGORIES: ReadonlySet<Category> = new Set(['NODE_FAILURE', 'UNKNOWN']);

/** Whether one remembered failure points at its node. */
export function countsAgainstNode(failure: Pick<NodeFailure, 'category' | 'infrastructure' | 'hardwareXid'>): boolean {
  if (failure.hardwareXid !== null) return true;
  if (NODE_SIDE_CATEGORIES.has(failure.category)) return true;
  return failure.category === 'CRASH_APP_ERROR' && failure.infrastructure;
}

export function submitterOf(failure: Pick<NodeFailure, 'submittedBy' | 'project'>): string {
  return failure.submittedBy ? `user:${failure.submittedBy}` : `project:${failure.project ?? ''}`;
}

export interface NodeSuspicion {
  suspect: NonNullable<VerdictNode['suspect']>;
  /** The failures that count, one per workload (its latest), oldest first: what the notice lists. */
  failures: NodeFailure[];
}

/**
 * @param remembered the node's remembered failures (any order, duplicates allowed: the same
 *   workload diagnosed twice counts once).
 * @returns the suspicion, or null when the node is not suspect at `nowMs`.
 */
export function decideNodeSuspicion(remembered: readonly NodeFailure[], nowMs: number, windowHours = SUSPECT_WINDOW_HOURS): NodeSuspicion | null {
  const since = nowMs - windowHours * 3_600_000;
  const latestPerWorkload = new Map<string, NodeFailure>();
  for (const failure of remembered) {
    if (failure.at < since || failure.at > nowMs || !countsAgainstNode(failure)) continue;
    const key = `${failure.clusterId}/${failure.workloadId}`;
    const known = latestPerWorkload.get(key);
    if (!known || failure.at > known.at) latestPerWorkload.set(key, failure);
  }
  const failures = [...latestPerWorkload.values()].sort((a, b) => a.at - b.at || a.workloadId.localeCompare(b.workloadId));
  const submitters = new Set(failures.map(submitterOf)).size;
  const hardware = failures.find((failure) => failure.hardwareXid !== null);
  const spread = failures.length >= SUSPECT_MIN_WORKLOADS && submitters >= SUSPECT_MIN_SUBMITTERS;
  if (!hardware && !spread) return null;
  return { suspect: { failures: failures.length, submitters, windowHours, hardwareXid: hardware?.hardwareXid ?? null }, failures };
}
