/**
 * The suspect-node rule (DESIGN §4.8), over the failures the fleet remembers on one node. Pure.
 *
 * A node is suspect when some span of 24 h of FAILURE time (when the workloads failed, not when
 * they were reported or diagnosed: an alert can arrive late, or be re-sent) holds either
 * - a hardware Xid seen on the node's side (events, node conditions, node-problem-detector: one
 *   is enough — NVIDIA's catalogue sends those to a GPU reset, a node reboot or support, never to
 *   the application, signals/gpu/xidCatalogue.ts), or
 * - at least 3 distinct workloads that failed on it, from at least 2 distinct submitters
 *   (decideNodeSuspicionSubmitters.ts), each with a failure that points at the node:
 *   NODE_FAILURE, UNKNOWN, or CRASH_APP_ERROR carrying an infrastructure signature (NCCL, CUDA
 *   device/driver, a hardware Xid: signals/gpu/readInfrastructureSignature.ts).
 * OOM, image, init, data-source and policy verdicts never count (the cause is named and is not
 * the node's), nor does a CRASH_APP_ERROR without an infrastructure signature; a preemption is
 * routed, never diagnosed, so it never reaches the fleet, and a NODE_FAILURE whose node was
 * removed on purpose (a spot interruption — the cloud's preemption —, consolidation, scale-down,
 * a deleted node) is the node's lifecycle, not its fault.
 *
 * A failure is judged within the spans that hold it: a verdict on the node is suspect when a
 * 24-h span holding its own failure time qualifies. Spans are closed: two failures 24 h apart
 * share one, 24 h and 1 min apart do not. Only failures on the same node of the same cluster are
 * counted together (a node name is unique only within its cluster).
 */
import type { Category, VerdictNode } from '../../core/verdict.js';
import type { NodeFailure } from '../model/NodeFailure.js';
import { countSubmitters } from './decideNodeSuspicionSubmitters.js';

export const SUSPECT_WINDOW_HOURS = 24;
export const SUSPECT_MIN_WORKLOADS = 3;
export const SUSPECT_MIN_SUBMITTERS = 2;

const HOUR_MS = 3_600_000;
const NODE_SIDE_CATEGORIES: ReadonlySet<Category> = new Set(['NODE_FAILURE', 'UNKNOWN']);

/** Whether one remembered failure points at its node. */
export function countsAgainstNode(failure: Pick<NodeFailure, 'category' | 'infrastructure' | 'hardwareXid' | 'nodeRemoval'>): boolean {
  if (failure.hardwareXid !== null) return true;
  // A node removed on purpose (spot interruption, consolidation, scale-down …) is not a bad node.
  if (failure.nodeRemoval) return false;
  if (NODE_SIDE_CATEGORIES.has(failure.category)) return true;
  return failure.category === 'CRASH_APP_ERROR' && failure.infrastructure;
}

export interface NodeSuspicion {
  suspect: NonNullable<VerdictNode['suspect']>;
  /** The failures that count in the span that made the node suspect, one per workload, oldest first: what the notice lists. */
  failures: NodeFailure[];
}

/** The node a judgement is about. */
export interface NodeRef {
  clusterId: string;
  node: string;
}

const nodeKeyOf = (failure: NodeRef) => JSON.stringify([failure.clusterId, failure.node]);

/**
 * @param remembered the node's remembered failures (any order, duplicates allowed: the same
 *   workload diagnosed twice counts once).
 * @param atMs the failure time being judged (the failure the verdict is about); spans that hold
 *   it are judged.
 * @param node the node judged; absent: each node among `remembered` is judged on its own and the
 *   strongest suspicion is returned.
 * @returns the suspicion, or null when no 24-h span holding `atMs` makes the node suspect.
 */
export function decideNodeSuspicion(
  remembered: readonly NodeFailure[],
  atMs: number,
  windowHours = SUSPECT_WINDOW_HOURS,
  node?: NodeRef,
): NodeSuspicion | null {
  const byNode = new Map<string, NodeFailure[]>();
  for (const failure of remembered) {
    const key = nodeKeyOf(failure);
    if (node && key !== nodeKeyOf(node)) continue;
    byNode.set(key, [...(byNode.get(key) ?? []), failure]);
  }
  let best: NodeSuspicion | null = null;
  for (const failures of byNode.values()) {
    const suspicion = judgeOneNode(failures, atMs, windowHours);
    if (suspicion && (!best || suspicion.suspect.failures > best.suspect.failures)) best = suspicion;
  }
  return best;
}

function judgeOneNode(remembered: readonly NodeFailure[], atMs: number, windowHours: number): NodeSuspicion | null {
  const windowMs = windowHours * HOUR_MS;
  // One failure per workload (its latest), among those that count and could share a span with `atMs`.
  const latestPerWorkload = new Map<string, NodeFailure>();
  for (const failure of remembered) {
    if (!Number.isFinite(failure.at) || Math.abs(failure.at - atMs) > windowMs || !countsAgainstNode(failure)) continue;
    const known = latestPerWorkload.get(failure.workloadId);
    if (!known || failure.at > known.at) latestPerWorkload.set(failure.workloadId, failure);
  }
  const counted = [...latestPerWorkload.values()].sort((a, b) => a.at - b.at || a.workloadId.localeCompare(b.workloadId));
  if (counted.length === 0) return null;

  // Spans [start, start + window] holding `atMs`: the largest sets start at a failure's time or at `atMs` itself.
  const starts = new Set<number>([atMs, ...counted.filter((failure) => failure.at <= atMs).map((failure) => failure.at)]);
  let best: NodeFailure[] | null = null;
  for (const start of [...starts].sort((a, b) => a - b)) {
    const members = counted.filter((failure) => failure.at >= start && failure.at <= start + windowMs);
    if (meetsRule(members) && (!best || members.length > best.length)) best = members;
  }
  if (!best) return null;
  const hardware = best.find((failure) => failure.hardwareXid !== null);
  return {
    suspect: { failures: best.length, submitters: countSubmitters(best), windowHours, hardwareXid: hardware?.hardwareXid ?? null },
    failures: best,
  };
}

/** Whether a span's counted failures meet the rule: a hardware Xid, or enough workloads from enough submitters. */
function meetsRule(members: readonly NodeFailure[]): boolean {
  if (members.some((failure) => failure.hardwareXid !== null)) return true;
  return members.length >= SUSPECT_MIN_WORKLOADS && countSubmitters(members) >= SUSPECT_MIN_SUBMITTERS;
}
