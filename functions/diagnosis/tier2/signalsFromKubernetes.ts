/**
 * Turns Kubernetes objects read by Tier 2 into the same named signals Tier 1 produces, so
 * the engine re-classifies with the same rule registry. Pure: no I/O, no clock. Every
 * cluster-originated string is quoted here, once, before it can reach a report.
 *
 * - Container statuses (`kubectl describe pod`): the newest termination of each container
 *   (`state.terminated`, else `lastState.terminated`). Its `reason` is read with the same
 *   table as Tier 1's kubectl-style pod statuses (OOMKilled → OOM_KILLED; an init
 *   container's `Init:<reason>` → INIT_FAILED, …); its exit code with the shared exit-code
 *   table: 137/143 → EXIT_SYSTEM_SIGNAL (killed by something else), any other non-zero →
 *   INIT_FAILED for an init container, CONTAINER_CRASH for a main container. Waiting
 *   reasons (CrashLoopBackOff, ErrImagePull, CreateContainerConfigError) likewise.
 * - Pod status reason/message (Evicted, "The node was low on resource: memory…") through
 *   the event-reason and system-message tables.
 * - Pod events through the event-reason table, exactly like relayed Run:ai events.
 * - Node conditions through the node-condition table.
 */
import { parseTimestamp } from '../../core/parseTimestamp.js';
import { interpretExitCode } from '../signals/exitCodes.js';
import { classifyImagePull, matchEventReason, matchK8sPhase, matchPhaseMessage } from '../signals/extractSignals.js';
import type { Fact } from '../model/Fact.js';
import { quoteMessage, quoteName } from '../signals/quoteEvidence.js';
import type { Signal, SignalKind, SignalOrigin, Tier2SourceName } from '../model/Signal.js';
import type { ContainerStatus, ContainerStateTerminated, K8sEvent, K8sNode, K8sPod } from '../ports/KubernetesSchemas.js';
import { matchNodeCondition } from './nodeConditionTable.js';
import { readXid } from '../signals/gpu/readXid.js';
import { xidSignalKind } from '../signals/gpu/xidSignalKind.js';
import { readInfrastructureSignature } from '../signals/gpu/readInfrastructureSignature.js';
import type { XidReading } from '../model/XidReading.js';
import { maskIdentifiers, type NameMask } from '../signals/maskIdentifiers.js';
import { kubernetesEventNames, kubernetesPodNames } from './tier2NameMask.js';

/** A node condition that changed after the failure did not cause it (5 min of clock skew allowed). */
const CONDITION_SKEW_MS = 5 * 60_000;

interface Draft {
  kind: SignalKind;
  source: Tier2SourceName;
  origin: SignalOrigin;
  fact: Fact;
  at: number | null;
  repeats?: number;
  exitCode?: number | null;
  nodeName?: string | null;
  pullMessage?: string | null;
  /** The record's whole text (masked), read for an infrastructure signature: the fleet's count only (§4.8). */
  wholeText?: string | null;
}

function toSignal(draft: Draft): Signal {
  const signal: Signal = { kind: draft.kind, source: draft.source, origin: draft.origin, fact: draft.fact, at: draft.at, repeats: draft.repeats ?? 1 };
  if (draft.kind === 'IMAGE_PULL') signal.imagePullCause = classifyImagePull(draft.pullMessage);
  if (draft.exitCode !== undefined && draft.exitCode !== null) signal.exitCode = draft.exitCode;
  if (draft.nodeName) signal.nodeName = quoteName(draft.nodeName);
  const signature = readInfrastructureSignature(draft.wholeText);
  if (signature) signal.signature = signature;
  return signal;
}

/** The newest termination of a container: its current state, else the previous run's. */
export function newestTermination(status: ContainerStatus): { terminated: ContainerStateTerminated; previous: boolean } | null {
  if (status.state?.terminated) return { terminated: status.state.terminated, previous: false };
  if (status.lastState?.terminated) return { terminated: status.lastState.terminated, previous: true };
  return null;
}

/** Kinds one termination stands for (reason first, then exit code). */
export function terminationKinds(terminated: ContainerStateTerminated, init: boolean): SignalKind[] {
  const kinds = new Set<SignalKind>();
  // `Error` is the runtime's generic reason for any non-zero exit: the exit code says more.
  const reason = terminated.reason && !/^error$/i.test(terminated.reason.trim()) ? terminated.reason : null;
  const reasonKind = reason ? matchK8sPhase(init ? `Init:${reason}` : reason) : null;
  if (reasonKind && reasonKind !== 'POD_ERROR') kinds.add(reasonKind);
  if (terminated.exitCode !== 0) {
    const meaning = interpretExitCode(terminated.exitCode);
    kinds.add(meaning?.system ? 'EXIT_SYSTEM_SIGNAL' : init ? 'INIT_FAILED' : 'CONTAINER_CRASH');
  }
  return [...kinds];
}

function containerSignals(pod: K8sPod, podName: string, status: ContainerStatus, init: boolean, source: Tier2SourceName, mask: NameMask): Signal[] {
  const nodeName = pod.spec?.nodeName ?? null;
  const signals: Signal[] = [];
  const restartCount = status.restartCount ?? null;
  const termination = newestTermination(status);
  if (termination) {
    const { terminated, previous } = termination;
    const fact: Fact = {
      type: 'container-terminated',
      podName: quoteName(podName),
      container: quoteName(status.name),
      init,
      previous,
      exitCode: terminated.exitCode,
      meaning: interpretExitCode(terminated.exitCode)?.meaning ?? null,
      reason: terminated.reason ? quoteName(terminated.reason) : null,
      message: terminated.message ? quoteMessage(terminated.message) : null,
      restartCount,
    };
    const at = parseTimestamp(terminated.finishedAt);
    for (const kind of terminationKinds(terminated, init)) {
      signals.push(toSignal({ kind, source, origin: 'k8s-pod', fact, at, exitCode: terminated.exitCode, nodeName, wholeText: mask(terminated.message) }));
    }
  }
  const waiting = status.state?.waiting;
  if (waiting?.reason) {
    // A main container's waiting message is read like an event's (a config error names what is missing).
    const kind =
      (init ? null : matchEventReason(waiting.reason, mask(waiting.message), null)) ?? matchK8sPhase(init ? `Init:${waiting.reason}` : waiting.reason);
    if (kind && kind !== 'POD_ERROR') {
      const fact: Fact = {
        type: 'container-waiting',
        podName: quoteName(podName),
        container: quoteName(status.name),
        init,
        reason: quoteName(waiting.reason),
        message: waiting.message ? quoteMessage(waiting.message) : null,
        restartCount,
      };
      signals.push(toSignal({ kind, source, origin: 'k8s-pod', fact, at: null, nodeName, pullMessage: mask(waiting.message) }));
    }
  }
  return signals;
}

/**
 * Signals from one pod read by `kubectl describe pod`. `podName` is the name that was requested.
 * `mask` hides the names users chose from the patterns (tier2NameMask); evidence quotes the original.
 */
export function signalsFromKubernetesPod(
  pod: K8sPod,
  podName: string,
  source: Tier2SourceName,
  mask: NameMask = maskIdentifiers({ names: [{ name: podName, kind: 'pod' }, ...kubernetesPodNames(pod)] }),
): Signal[] {
  const signals: Signal[] = [];
  for (const status of pod.status?.initContainerStatuses ?? []) signals.push(...containerSignals(pod, podName, status, true, source, mask));
  for (const status of pod.status?.containerStatuses ?? []) signals.push(...containerSignals(pod, podName, status, false, source, mask));

  const reason = pod.status?.reason ?? null;
  const message = pod.status?.message ?? null;
  const kinds = new Set<SignalKind>(matchPhaseMessage(mask(message)).filter((kind) => kind !== 'CONTAINER_CRASH' && kind !== 'EXIT_SYSTEM_SIGNAL'));
  const reasonKind = matchEventReason(reason, mask(message), null);
  if (reasonKind) kinds.add(reasonKind);
  if (kinds.size > 0) {
    const nodeName = pod.spec?.nodeName ?? null;
    const fact: Fact = {
      type: 'pod-status',
      podName: quoteName(podName),
      phase: pod.status?.phase ? quoteName(pod.status.phase) : null,
      reason: reason ? quoteName(reason) : null,
      message: message ? quoteMessage(message) : null,
      nodeName: nodeName ? quoteName(nodeName) : null,
    };
    for (const kind of kinds)
      signals.push(toSignal({ kind, source, origin: 'k8s-pod', fact, at: null, nodeName, pullMessage: mask(message), wholeText: mask(message) }));
  }
  return signals;
}

function eventTime(event: K8sEvent): number | null {
  return parseTimestamp(event.lastTimestamp ?? event.series?.lastObservedTime ?? event.eventTime ?? event.firstTimestamp ?? event.metadata?.creationTimestamp);
}

/**
 * Signals from a pod's events (`kubectl get events --field-selector involvedObject.name=…`),
 * through the same event-reason table as Tier 1. Identical events become one signal whose
 * repeat count adds their `count`s.
 */
export function signalsFromKubernetesEvents(
  events: readonly K8sEvent[],
  source: Tier2SourceName,
  mask: NameMask = maskIdentifiers({ names: kubernetesEventNames(events) }),
): Signal[] {
  const grouped = new Map<string, { event: K8sEvent; kind: SignalKind; repeats: number; at: number | null; first: number | null }>();
  for (const event of events) {
    const component = event.source?.component ?? event.reportingComponent ?? null;
    const kind = matchEventReason(event.reason, mask(event.message), component);
    if (!kind) continue;
    const key = `${kind}\u0000${event.reason}\u0000${event.message}\u0000${event.involvedObject?.name ?? ''}`;
    const at = eventTime(event);
    // The first occurrence of a repeated event (core/v1 firstTimestamp; events.k8s.io/v1 eventTime, its series' first).
    const first = parseTimestamp(event.firstTimestamp ?? event.eventTime ?? event.metadata?.creationTimestamp) ?? at;
    const count = Math.max(1, event.count ?? event.series?.count ?? 1);
    const existing = grouped.get(key);
    if (existing) {
      existing.repeats += count;
      if (at !== null && (existing.at === null || at > existing.at)) existing.at = at;
      if (first !== null && (existing.first === null || first < existing.first)) existing.first = first;
    } else {
      grouped.set(key, { event, kind, repeats: count, at, first });
    }
  }
  return [...grouped.values()].map(({ event, kind, repeats, at, first }) => {
    const involved = event.involvedObject;
    const fact: Fact = {
      type: 'event',
      reason: quoteName(event.reason),
      message: quoteMessage(event.message),
      objectName: involved?.name ? quoteName(involved.name) : null,
      repeats,
    };
    // A node event names its node; a kubelet's pod event carries the node as its source host.
    const nodeName = (involved?.kind ?? '').toLowerCase() === 'node' ? (involved?.name ?? null) : (event.source?.host ?? null);
    const signal = toSignal({
      kind,
      source,
      origin: 'k8s-event',
      fact,
      at,
      repeats,
      nodeName: kind === 'NODE_FAILURE' || kind === 'EVICTED' ? nodeName : null,
      pullMessage: mask(event.message),
      wholeText: mask(event.message),
    });
    if (first !== null && at !== null && first < at) signal.firstAt = first;
    return signal;
  });
}

/**
 * Signals from a node's conditions (`kubectl describe node`). Conditions are the node's
 * state now: one that turned bad only after the failure is not a cause and is skipped.
 */
export function signalsFromKubernetesNode(node: K8sNode, nodeName: string, source: Tier2SourceName, failureAt: number | null): Signal[] {
  const signals: Signal[] = [];
  for (const condition of node.status?.conditions ?? []) {
    // A condition the table does not know (node-problem-detector's and GPU health checks'
    // custom conditions, True while the problem lasts) counts when it reports a hardware Xid.
    const xid = matchNodeCondition(condition.type, condition.status) ? null : hardwareXidOf(condition);
    const kind = matchNodeCondition(condition.type, condition.status) ?? (xid ? xidSignalKind(xid) : null);
    if (!kind) continue;
    const since = parseTimestamp(condition.lastTransitionTime);
    if (since !== null && failureAt !== null && since > failureAt + CONDITION_SKEW_MS) continue;
    const fact: Fact = {
      type: 'node-condition',
      nodeName: quoteName(nodeName),
      conditionType: quoteName(condition.type),
      status: quoteName(condition.status),
      reason: condition.reason ? quoteName(condition.reason) : null,
      message: condition.message ? quoteMessage(condition.message) : null,
    };
    const signal = toSignal({ kind, source, origin: 'k8s-node', fact, at: null, nodeName });
    if (xid) {
      signal.xid = { ...xid, line: quoteMessage(xid.line) };
      signal.line = { text: quoteMessage(xid.line), rule: 'accelerator', fromPayload: false };
    }
    signals.push(signal);
  }
  return signals;
}

/**
 * The hardware Xid a custom node condition reports, or null. node-problem-detector sets a
 * problem condition True while the problem lasts (kubernetes/node-problem-detector README,
 * "NodeCondition"), and its kernel monitor and GPU health checks put the driver's
 * `NVRM: Xid (…): N` line or `Xid N` in the condition's reason or message. Only a hardware
 * or driver Xid makes a node condition a node failure; an application Xid is the workload's.
 */
function hardwareXidOf(condition: { status: string; reason?: string | null; message?: string | null }): XidReading | null {
  if (condition.status.trim().toLowerCase() !== 'true') return null;
  const xid = readXid([condition.reason, condition.message].filter(Boolean).join('\n'));
  return xid?.entry?.cause === 'hardware' ? xid : null;
}
