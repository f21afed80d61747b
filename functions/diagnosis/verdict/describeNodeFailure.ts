/**
 * The fleet's record of one diagnosed failure (§4.8): the node it happened on and whether its
 * deciding signals carry a node-side signature. Pure.
 *
 * The node is the one under the signals that decided the category (the earliest first): the
 * failing pod's `nodeName` from the pods listing, else a node named by a deciding node event.
 * Only when no deciding signal names one does any failing pod of the current run stand in —
 * never a pod that did not fail. A multi-pod failure with an origin happened on the origin's
 * node. No node known: null (nothing to remember).
 *
 * A node-side signature is a decoded Xid, or an accelerator line (NCCL, CUDA, cuDNN/cuBLAS
 * status — decisiveLine/lineRules.ts) that is not memory exhaustion: a CUDA out-of-memory is the
 * program's own allocation, the user's to fix, and must never make a node suspect.
 */
import type { WorkloadDetailed } from '../ports/RunaiSchemas.js';
import type { Analysis } from '../classify/analyseWorkload.js';
import type { NodeFailure } from '../model/NodeFailure.js';
import type { Signal } from '../model/Signal.js';
import type { WorkloadEvidence } from '../model/WorkloadEvidence.js';
import type { Verdict } from '../../core/verdict.js';
import { parseTimestamp } from '../../core/parseTimestamp.js';

const MEMORY_EXHAUSTION = /\bout of memory\b|\bOutOfMemoryError\b|\bCUBLAS_STATUS_ALLOC_FAILED\b|\bcudaErrorMemoryAllocation\b/i;

/**
 * The pod a signal is about: a pod fact's `podName`, or an event's involved object (`objectName`)
 * unless that object is a node (the signal then carries `nodeName`). An event about a pod — the
 * node controller's NodeNotReady, the taint manager's eviction — names the pod, not its node, so
 * without this the deciding events of a node failure named no node and a pod that merely
 * failed after them (the master that exited 1) stood in for it.
 */
function podNameOf(signal: Signal): string | null {
  if ('podName' in signal.fact && typeof signal.fact.podName === 'string') return signal.fact.podName;
  if (signal.fact.type === 'event' && signal.fact.objectName && !signal.nodeName) return signal.fact.objectName;
  return null;
}

function byTime(a: Signal, b: Signal): number {
  return (a.at ?? Number.MAX_SAFE_INTEGER) - (b.at ?? Number.MAX_SAFE_INTEGER);
}

/** The raw node name under a signal: its pod's `nodeName` from the listing, else the node a node event names. */
function nodeUnder(signal: Signal, nodeOfPod: ReadonlyMap<string, string>): string | null {
  const pod = podNameOf(signal);
  if (pod !== null && nodeOfPod.has(pod)) return nodeOfPod.get(pod)!;
  if (signal.fact.type === 'pod' && signal.fact.nodeName) return signal.fact.nodeName;
  return null;
}

export function hasNodeSideSignature(signal: Signal): boolean {
  if (signal.xid) return true;
  return signal.line?.rule === 'accelerator' && !MEMORY_EXHAUSTION.test(signal.line.text);
}

export function describeNodeFailure(
  evidence: Pick<WorkloadEvidence, 'pods'> & { status: WorkloadDetailed },
  analysis: Pick<Analysis, 'signals' | 'classification' | 'distributed'>,
  verdict: Pick<Verdict, 'outcome' | 'category'>,
  nowMs: number,
): NodeFailure | null {
  if (verdict.outcome !== 'diagnosed' || verdict.category === null) return null;
  const nodeOfPod = new Map<string, string>();
  if (evidence.pods.ok) for (const pod of evidence.pods.value) if (pod.name && pod.nodeName) nodeOfPod.set(pod.name, pod.nodeName);

  const deciding = [...analysis.classification.supporting].sort(byTime);
  // A distributed failure happened where it started: the origin's node (§4.8), not a peer's.
  const origin = analysis.distributed?.origin;
  let node: string | null = origin ? (nodeOfPod.get(origin.rawPod) ?? null) : null;
  for (const signal of node === null ? deciding : []) {
    node = nodeUnder(signal, nodeOfPod);
    if (node !== null) break;
  }
  if (node === null) {
    const failing = analysis.signals.filter((signal) => signal.kind !== 'PREEMPTED' && signal.kind !== 'UNSCHEDULABLE').sort(byTime);
    for (const signal of failing) {
      node = nodeUnder(signal, nodeOfPod);
      if (node !== null) break;
    }
  }
  if (node === null) return null;

  const hardware = deciding.find((signal) => signal.xid?.entry?.cause === 'hardware');
  const { status } = evidence;
  return {
    clusterId: status.clusterId,
    node,
    workloadId: status.id,
    workloadName: status.name,
    project: status.projectName ?? null,
    submittedBy: status.submittedBy ?? null,
    category: verdict.category,
    at: parseTimestamp(status.phaseUpdatedAt) ?? nowMs,
    infrastructure: deciding.some(hasNodeSideSignature),
    hardwareXid: hardware?.xid?.xid ?? null,
  };
}
