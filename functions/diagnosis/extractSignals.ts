/**
 * Turns Run:ai responses into named signals by looking them up in the signal tables.
 * Pure: no I/O, no clock. Every cluster-originated string is quoted (neutralised,
 * redacted, length-capped) here, once, before it can reach a report.
 */
import { parseTimestamp } from '../core/parseTimestamp.js';
import type { Condition, HistoryRecord, Pod, RunaiEvent, WorkloadDetailed } from './ports/runaiSchemas.js';
import { quoteMessage, quoteName } from './quoteEvidence.js';
import type { Fact } from './Fact.js';
import type { ImagePullCause, Signal, SignalKind, SignalOrigin, SourceName } from './Signal.js';
import {
  EVENT_REASON_TABLE,
  EXIT_CODE_PATTERN,
  IMAGE_PULL_CAUSE_TABLE,
  K8S_PHASE_TABLE,
  CONTAINER_AUTHORED_TEXT_START,
  PHASE_MESSAGE_TABLE,
  SYSTEM_SIGNAL_EXIT_CODES,
} from './signalTables.js';
import { parseQuantity } from '../core/parseQuantity.js';
import { maskIdentifiers, type NameMask } from './maskIdentifiers.js';
import { eventNames, workloadNames } from './workloadNames.js';

/** The first event-table row matching this reason (and message/source where the row demands). */
export function matchEventReason(reason: string | null | undefined, message: string | null | undefined, source: string | null | undefined): SignalKind | null {
  if (!reason) return null;
  const wanted = reason.trim().toLowerCase();
  for (const row of EVENT_REASON_TABLE) {
    if (row.reason.toLowerCase() !== wanted) continue;
    if (row.message && !row.message.test(message ?? '')) continue;
    if (row.source && !row.source.test(source ?? '')) continue;
    return row.kind;
  }
  return null;
}

export function matchK8sPhase(k8sPhase: string | null | undefined): SignalKind | null {
  if (!k8sPhase) return null;
  return K8S_PHASE_TABLE.find((row) => row.k8sPhase.test(k8sPhase.trim()))?.kind ?? null;
}

/** Every kind a system-authored message names (a message can state both OOMKilled and its exit code). */
export function matchPhaseMessage(message: string | null | undefined): SignalKind[] {
  if (!message) return [];
  const systemPart = systemAuthoredPart(message);
  const kinds = PHASE_MESSAGE_TABLE.filter((row) => row.pattern.test(systemPart)).map((row) => row.kind);
  const exitCode = readExitCode(systemPart);
  if (exitCode !== null && exitCode !== 0) {
    kinds.push(SYSTEM_SIGNAL_EXIT_CODES.has(exitCode) ? 'EXIT_SYSTEM_SIGNAL' : 'CONTAINER_CRASH');
  }
  return [...new Set(kinds)];
}

/** The part of a phase/condition message the system wrote, before any container-authored text. */
export function systemAuthoredPart(message: string): string {
  const match = CONTAINER_AUTHORED_TEXT_START.exec(message);
  return match ? message.slice(0, match.index) : message;
}

export function readExitCode(message: string | null | undefined): number | null {
  if (!message) return null;
  const match = EXIT_CODE_PATTERN.exec(message);
  const digits = match?.[1] ?? match?.[2];
  return digits === undefined ? null : Number(digits);
}

export function classifyImagePull(message: string | null | undefined): ImagePullCause {
  if (!message) return 'unspecified';
  return IMAGE_PULL_CAUSE_TABLE.find((row) => row.pattern.test(message))?.cause ?? 'unspecified';
}

interface SignalDraft {
  kind: SignalKind;
  source: SourceName;
  origin: SignalOrigin;
  fact: Fact;
  at: number | null;
  repeats?: number;
  rawMessage?: string | null;
  nodeName?: string | null;
}

function toSignal(draft: SignalDraft): Signal {
  const signal: Signal = {
    kind: draft.kind,
    source: draft.source,
    origin: draft.origin,
    fact: draft.fact,
    at: draft.at,
    repeats: draft.repeats ?? 1,
  };
  if (draft.kind === 'IMAGE_PULL') signal.imagePullCause = classifyImagePull(draft.rawMessage);
  const exitCode = readExitCode(draft.rawMessage ? systemAuthoredPart(draft.rawMessage) : null);
  if (exitCode !== null) signal.exitCode = exitCode;
  if (draft.nodeName) signal.nodeName = quoteName(draft.nodeName);
  return signal;
}

/**
 * Signals from the workload status: phase, phaseReason, phaseMessage, conditions, pending scheduling messages.
 * `mask` hides the names users chose from the patterns (maskIdentifiers); evidence quotes the original.
 */
export function signalsFromStatus(status: WorkloadDetailed, mask: NameMask = maskIdentifiers(workloadNames({ status }))): Signal[] {
  const signals: Signal[] = [];
  const at = parseTimestamp(status.phaseUpdatedAt);
  const phaseFact: Fact = {
    type: 'phase',
    phase: quoteName(status.phase),
    phaseReason: status.phaseReason ? quoteName(status.phaseReason) : null,
    phaseMessage: status.phaseMessage ? quoteMessage(status.phaseMessage) : null,
  };
  const kinds = new Set<SignalKind>(matchPhaseMessage(mask(status.phaseMessage)));
  const reasonKind = matchEventReason(status.phaseReason, mask(status.phaseMessage), null);
  if (reasonKind) kinds.add(reasonKind);
  for (const kind of kinds) {
    signals.push(toSignal({ kind, source: 'get_workload_status', origin: 'phase', fact: phaseFact, at, rawMessage: mask(status.phaseMessage) }));
  }
  for (const condition of status.conditions ?? []) signals.push(...signalsFromCondition(condition, mask));
  for (const pending of status.pendingSchedulingMessages ?? []) {
    signals.push(
      toSignal({
        kind: 'UNSCHEDULABLE',
        source: 'get_workload_status',
        origin: 'condition',
        fact: {
          type: 'pending-scheduling',
          nodePool: pending.nodePool ? quoteName(pending.nodePool) : null,
          reason: quoteMessage(pending.reason ?? pending.phaseReason ?? ''),
          userMessage: pending.userMessage ? quoteMessage(pending.userMessage) : null,
        },
        at,
      }),
    );
  }
  return signals;
}

function signalsFromCondition(condition: Condition, mask: NameMask): Signal[] {
  const kinds = new Set<SignalKind>(matchPhaseMessage(mask(condition.message)));
  const reasonKind = matchEventReason(condition.reason, mask(condition.message), null);
  if (reasonKind) kinds.add(reasonKind);
  // A condition *type* such as "Evicted" or "Preempted" speaks only while it holds.
  if ((condition.status ?? '').toLowerCase() === 'true') {
    const typeKind = matchEventReason(condition.type, mask(condition.message), null);
    if (typeKind) kinds.add(typeKind);
  }
  if (kinds.size === 0) return [];
  const fact: Fact = {
    type: 'condition',
    conditionType: quoteName(condition.type),
    status: condition.status ? quoteName(condition.status) : null,
    reason: condition.reason ? quoteName(condition.reason) : null,
    message: condition.message ? quoteMessage(condition.message) : null,
  };
  const at = parseTimestamp(condition.lastTransitionTime);
  return [...kinds].map((kind) => toSignal({ kind, source: 'get_workload_status', origin: 'condition', fact, at, rawMessage: mask(condition.message) }));
}

/**
 * Signals from events. Identical events (same reason, message and object: a back-off loop
 * relayed many times) become one signal carrying the repeat count and the newest time.
 */
export function signalsFromEvents(events: readonly RunaiEvent[], origin: 'event' | 'history-event', mask: NameMask = maskIdentifiers({ names: eventNames(events) })): Signal[] {
  const grouped = new Map<string, { event: RunaiEvent; kind: SignalKind; repeats: number; at: number | null }>();
  for (const event of events) {
    const kind = matchEventReason(event.reason, mask(event.message), event.source);
    if (!kind) continue;
    const key = `${kind}\u0000${event.reason}\u0000${event.message}\u0000${event.involvedObject?.name ?? ''}`;
    const at = parseTimestamp(event.createdAt);
    const existing = grouped.get(key);
    if (existing) {
      existing.repeats += 1;
      if (at !== null && (existing.at === null || at > existing.at)) existing.at = at;
    } else {
      grouped.set(key, { event, kind, repeats: 1, at });
    }
  }
  return [...grouped.values()].map(({ event, kind, repeats, at }) => {
    const fact: Fact =
      origin === 'event'
        ? { type: 'event', reason: quoteName(event.reason), message: quoteMessage(event.message), objectName: event.involvedObject?.name ? quoteName(event.involvedObject.name) : null, repeats }
        : { type: 'history-event', reason: quoteName(event.reason), message: quoteMessage(event.message), repeats };
    return toSignal({
      kind,
      source: origin === 'event' ? 'get_workload_status' : 'get_workload_history',
      origin,
      fact,
      at,
      repeats,
      rawMessage: mask(event.message),
      nodeName: kind === 'NODE_FAILURE' || kind === 'EVICTED' ? nodeNameFromEvent(event) : null,
    });
  });
}

function nodeNameFromEvent(event: RunaiEvent): string | null {
  if ((event.involvedObject?.kind ?? '').toLowerCase() === 'node') return event.involvedObject?.name ?? null;
  return null;
}

export function signalsFromPods(pods: readonly Pod[]): Signal[] {
  const signals: Signal[] = [];
  for (const pod of pods) {
    const kind = matchK8sPhase(pod.k8sPhase);
    if (!kind) continue;
    signals.push(
      toSignal({
        kind,
        source: 'get_workload_pods',
        origin: 'pod',
        fact: {
          type: 'pod',
          podName: quoteName(pod.name),
          k8sPhase: quoteName(pod.k8sPhase),
          nodeName: pod.nodeName ? quoteName(pod.nodeName) : null,
          memoryLimitBytes: parseQuantity(pod.requestedResources?.cpuMemory?.limit),
        },
        at: parseTimestamp(pod.k8sPhaseUpdatedAt ?? pod.completedAt ?? pod.createdAt),
        nodeName: pod.nodeName ?? null,
      }),
    );
  }
  return signals;
}

/** Phase updates and events from history, each read like its live counterpart. */
export function signalsFromHistory(records: readonly HistoryRecord[], mask?: NameMask): Signal[] {
  const events: RunaiEvent[] = [];
  const signals: Signal[] = [];
  const masked = mask ?? maskIdentifiers({ names: eventNames(records.flatMap((record) => (record.spec?.event ? [record.spec.event] : []))) });
  for (const record of records) {
    const event = record.spec?.event;
    if (event) {
      events.push({ ...event, createdAt: event.createdAt || record.meta.creationTimestamp });
      continue;
    }
    const update = record.spec?.phaseUpdate;
    if (!update) continue;
    const at = parseTimestamp(record.meta.creationTimestamp);
    const fact: Fact = { type: 'history-phase', phase: quoteName(update.phase), phaseMessage: update.phaseMessage ? quoteMessage(update.phaseMessage) : null };
    for (const kind of matchPhaseMessage(masked(update.phaseMessage))) {
      signals.push(toSignal({ kind, source: 'get_workload_history', origin: 'history-phase', fact, at, rawMessage: masked(update.phaseMessage) }));
    }
  }
  return [...signals, ...signalsFromEvents(events, 'history-event', masked)];
}
