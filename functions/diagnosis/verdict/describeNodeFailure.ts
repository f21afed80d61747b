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
 * An infrastructure signature (signals/gpu/readInfrastructureSignature.ts: NCCL, PyTorch
 * distributed, CUDA device/driver errors, a hardware Xid, a GPU health fault) is read over the
 * whole text of the deciding records — status, condition and event messages, termination
 * messages — and the Tier 2 log lines of the failing pods on the node, not only the decisive
 * line; it is the fleet's count only and never changes the category. A CUDA error the
 * documentation puts on the program (an illegal memory access, a device-side assert, out of
 * memory) is not one.
 *
 * A hardware Xid flags a node alone (`hardwareXid`) only when the node's side reported it: an
 * event (the kubelet, node-problem-detector, a GPU health exporter) or a node condition. An Xid
 * that only an application's termination message, log or the workload's status text claims is a
 * signature, never enough alone: text a workload wrote never drives a verdict by itself.
 *
 * The failure's time is when it happened: the origin's failure time for a distributed workload,
 * else the phase's update time, else the diagnosis time.
 */
import type { WorkloadDetailed } from '../ports/RunaiSchemas.js';
import type { Analysis } from '../classify/analyseWorkload.js';
import type { NodeFailure } from '../model/NodeFailure.js';
import type { Signal, SignalOrigin } from '../model/Signal.js';
import type { WorkloadEvidence } from '../model/WorkloadEvidence.js';
import { readInfrastructureSignature } from '../signals/gpu/readInfrastructureSignature.js';
import { quoteName } from '../signals/quoteEvidence.js';
import type { Verdict } from '../../core/verdict.js';
import { parseTimestamp } from '../../core/parseTimestamp.js';

/** Where the node's own side reports: events (kubelet, node-problem-detector, GPU health exporters) and node conditions. */
const NODE_SIDE_ORIGINS: ReadonlySet<SignalOrigin> = new Set(['event', 'history-event', 'k8s-event', 'k8s-node']);

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

/** Whether a signal's record carries an infrastructure signature anywhere in its text (the fleet's count only). */
export function hasNodeSideSignature(signal: Signal): boolean {
  if (signal.signature) return true;
  if (signal.xid?.entry?.cause === 'hardware') return true;
  return readInfrastructureSignature(signal.line?.text) !== null;
}

/** The hardware Xid a signal reports from the node's own side, else null (an application's text never flags a node alone). */
export function nodeSideHardwareXid(signal: Signal): number | null {
  if (!NODE_SIDE_ORIGINS.has(signal.origin) || signal.line?.fromPayload) return null;
  if (signal.xid?.entry?.cause === 'hardware') return signal.xid.xid;
  return signal.signature?.kind === 'xid' ? (signal.signature.xid ?? null) : null;
}

export function describeNodeFailure(
  evidence: Pick<WorkloadEvidence, 'pods' | 'tier2'> & { status: WorkloadDetailed },
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

  // The node's own reports about this node: the deciding signals, and any signal naming the node.
  const quotedNode = quoteName(node);
  const aboutNode = analysis.signals.filter((signal) => signal.nodeName === quotedNode);
  const hardwareXid = [...deciding, ...aboutNode].map(nodeSideHardwareXid).find((xid) => xid !== null) ?? null;
  // The Tier 2 log lines of the failing pod: the origin's alone when there is one (its peers' NCCL
  // timeouts are collateral of the origin's failure, not the node's), else those of the pods on the node.
  const podsOnNode = new Set(origin ? [quoteName(origin.rawPod)] : [...nodeOfPod].filter(([, podNode]) => podNode === node).map(([pod]) => quoteName(pod)));
  const logs = evidence.tier2?.logs.filter((finding) => podsOnNode.has(finding.fact.podName)) ?? [];
  const infrastructure =
    hardwareXid !== null || deciding.some(hasNodeSideSignature) || logs.some((finding) => readInfrastructureSignature(finding.fact.line) !== null);
  const { status } = evidence;
  return {
    clusterId: status.clusterId,
    node,
    workloadId: status.id,
    workloadName: status.name,
    project: status.projectName ?? null,
    submittedBy: status.submittedBy ?? null,
    category: verdict.category,
    at: origin?.at ?? parseTimestamp(status.phaseUpdatedAt) ?? nowMs,
    infrastructure,
    hardwareXid,
    // Who removed the node, as the recommendations read it (gatherRecommendationContext.ts).
    nodeRemoval: verdict.category === 'NODE_FAILURE' ? (deciding.find((signal) => signal.nodeRemoval)?.nodeRemoval ?? null) : null,
  };
}
