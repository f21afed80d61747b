/**
 * Turns Run:ai responses into named signals by looking them up in the signal tables.
 * Pure: no I/O, no clock. Every cluster-originated string is quoted (neutralised,
 * redacted, length-capped) here, once, before it can reach a report.
 */
import { parseTimestamp } from '../../core/parseTimestamp.js';
import type { Condition, HistoryRecord, Pod, RunaiEvent, WorkloadDetailed } from '../ports/RunaiSchemas.js';
import { MESSAGE_QUOTE_LENGTH, quoteEvidence, quoteMessage, quoteName } from './quoteEvidence.js';
import type { Fact } from '../model/Fact.js';
import type { ImagePullCause, Signal, SignalKind, SignalOrigin, SourceName } from '../model/Signal.js';
import {
  EVENT_REASON_TABLE,
  EXIT_CODE_PATTERN,
  IMAGE_PULL_CAUSE_TABLE,
  K8S_PHASE_TABLE,
  containerAuthoredStart,
  PHASE_MESSAGE_TABLE,
  SYSTEM_SIGNAL_EXIT_CODES,
} from './signalTables.js';
import { parseQuantity } from '../../core/parseQuantity.js';
import { maskIdentifiers, unmaskPart, type NameMask } from './maskIdentifiers.js';
import { eventNames, workloadNames } from './workloadNames.js';
import { focusOf, lineFor, readDecisiveLines, type SignalLine } from './decisiveLine/signalLine.js';
import { isNodeLossEvent } from './readNodeEvent.js';
import type { DecisiveRegions } from './decisiveLine/findDecisiveLine.js';
import { classifyNodeRemoval } from './nodeRemovalTable.js';
import { readXid } from './gpu/readXid.js';
import { CONTAINER_STATEMENT_TABLE } from './containerStatementTable.js';
import type { XidReading } from '../model/XidReading.js';
import type { LineRuleName } from '../model/LineRuleName.js';
import { xidSignalKind } from './gpu/xidSignalKind.js';
import { readInfrastructureSignature } from './gpu/readInfrastructureSignature.js';

/** What one table row read in a structured reason (and its message): the signal, with the exit code and the decisive text it names. */
export interface ReasonMatch {
  /** Null: a row recognised the record, and it says nothing (a reported exit code 0). */
  kind: SignalKind | null;
  exitCode?: number;
  /** The part of the message the row matched: quoted first when the message is elided. */
  decisive?: string;
  /** The message's exit code belongs to a helper container, not the workload. */
  foreignExitCode?: boolean;
}

/** The first event-table row matching this reason (and message/source where the row demands); null when no row recognises it. */
export function matchReasonRow(reason: string | null | undefined, message: string | null | undefined, source: string | null | undefined): ReasonMatch | null {
  if (!reason) return null;
  const wanted = reason.trim();
  for (const row of EVENT_REASON_TABLE) {
    if (typeof row.reason === 'string' ? row.reason.toLowerCase() !== wanted.toLowerCase() : !row.reason.test(wanted)) continue;
    const messageMatch = row.message ? row.message.exec(message ?? '') : null;
    if (row.message && !messageMatch) continue;
    if (row.source && !row.source.test(source ?? '')) continue;
    const decisive = messageMatch?.[0] || undefined;
    const foreign = row.foreignExitCode ? { foreignExitCode: true } : {};
    if (row.kind === null) return { kind: null };
    if (typeof row.kind === 'string') return { kind: row.kind, ...(decisive ? { decisive } : {}), ...foreign };
    const exit = row.kind.pattern.exec(row.kind.in === 'reason' ? wanted : (message ?? ''));
    if (!exit?.[1]) continue;
    const exitCode = Number(exit[1]);
    const reported = row.kind.in === 'message' ? (decisive ?? exit[0]) : undefined;
    return { kind: exitKind(exitCode), exitCode, ...(reported ? { decisive: reported } : {}) };
  }
  return null;
}

/** The signal a reported exit code stands for (the shared exit-code table). */
export function exitKind(exitCode: number): SignalKind | null {
  if (exitCode === 0) return null;
  return SYSTEM_SIGNAL_EXIT_CODES.has(exitCode) ? 'EXIT_SYSTEM_SIGNAL' : 'CONTAINER_CRASH';
}

/** The signal kind of the first event-table row matching this reason (and message/source). */
export function matchEventReason(reason: string | null | undefined, message: string | null | undefined, source: string | null | undefined): SignalKind | null {
  return matchReasonRow(reason, message, source)?.kind ?? null;
}

export function matchK8sPhase(k8sPhase: string | null | undefined): SignalKind | null {
  if (!k8sPhase) return null;
  return K8S_PHASE_TABLE.find((row) => row.k8sPhase.test(k8sPhase.trim()))?.kind ?? null;
}

/** What a system-authored message says: every kind it names, its exit code and the part that decided the first kind. */
export interface MessageReading {
  kinds: SignalKind[];
  exitCode: number | null;
  decisive: string | null;
  /** The NVIDIA Xid the message carries, decoded: its kind leads and its line is the decisive part. */
  xid?: XidReading | null;
  /** Kinds the container's own words stated (containerStatementTable.ts), each with the line that says it: that signal quotes it. */
  stated?: StatedLines;
}

/** A container statement's line per kind it decided (containerStatementTable.ts). */
type StatedLines = Partial<Record<SignalKind, { text: string; rule: LineRuleName }>>;

export function readSystemMessage(message: string | null | undefined, options: { ignoreExitCode?: boolean } = {}): MessageReading {
  if (!message) return { kinds: [], exitCode: null, decisive: null };
  const systemPart = systemAuthoredPart(message);
  const kinds: SignalKind[] = [];
  let decisive: string | null = null;
  // A decoded Xid says more than any generic pattern around it (the catalogue names the fault and who acts): it leads.
  const xid = readXid(systemPart);
  if (xid) {
    kinds.push(xidSignalKind(xid));
    decisive = xid.line;
  }
  for (const row of PHASE_MESSAGE_TABLE) {
    const match = row.pattern.exec(systemPart);
    if (!match) continue;
    kinds.push(row.kind);
    decisive ??= match[0];
  }
  const exit = options.ignoreExitCode ? null : EXIT_CODE_PATTERN.exec(systemPart);
  const digits = exit?.[1] ?? exit?.[2];
  const exitCode = digits === undefined ? null : Number(digits);
  const exitSignal = exitCode === null ? null : exitKind(exitCode);
  if (exitSignal) {
    kinds.push(exitSignal);
    decisive ??= exit?.[0] ?? null;
  }
  // The container's own text, after the system's clause: the few statements of a fault outside the program (containerStatementTable.ts says why).
  const containerPart = message.slice(systemPart.length);
  const stated: StatedLines = {};
  for (const row of containerPart === '' ? [] : CONTAINER_STATEMENT_TABLE) {
    const line = kinds.includes(row.kind) ? null : row.read(containerPart);
    if (!line) continue;
    kinds.push(row.kind);
    stated[row.kind] = { text: line, rule: row.rule };
  }
  const statedAny = Object.keys(stated).length > 0;
  return { kinds: [...new Set(kinds)], exitCode, decisive, ...(xid ? { xid } : {}), ...(statedAny ? { stated } : {}) };
}

/** Every kind a system-authored message names (a message can state both OOMKilled and its exit code). */
export function matchPhaseMessage(message: string | null | undefined): SignalKind[] {
  return readSystemMessage(message).kinds;
}

/** The part of a phase/condition message the system wrote, before any container-authored text. */
export function systemAuthoredPart(message: string): string {
  // An OCI hook failure is the node's own text down to its last line (its stderr spans lines); a terminated reason is the kubelet's.
  const start = containerAuthoredStart(message);
  return start === null ? message : message.slice(0, start);
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
  /** The exit code the matching row or message reading found (never guessed from other text). */
  exitCode?: number | null;
  /** The text an image pull's sub-cause is read from. */
  pullMessage?: string | null;
  nodeName?: string | null;
  /** The record's decisive lines (decisiveLine/): the signal quotes the one its kind calls for. */
  lines?: DecisiveRegions;
  /** The pod's own status string, quoted as its line. */
  line?: SignalLine;
  /** Masked reason and message a node removal's cause is read from. */
  removalText?: string | null;
  /** The message's decoded Xid; attached to the signal of the kind it decided. */
  xid?: XidReading | null;
  /** The record's whole text (masked), read for an infrastructure signature: the fleet's count only (§4.8). */
  wholeText?: string | null;
  /** The container statements' lines (unmasked) the signal of each stated kind quotes. */
  stated?: StatedLines;
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
  if (draft.kind === 'IMAGE_PULL') signal.imagePullCause = classifyImagePull(draft.pullMessage);
  if (draft.exitCode !== undefined && draft.exitCode !== null) signal.exitCode = draft.exitCode;
  if (draft.nodeName) signal.nodeName = quoteName(draft.nodeName);
  const removal = draft.kind === 'NODE_FAILURE' || draft.kind === 'EVICTED' ? classifyNodeRemoval(draft.removalText) : null;
  if (removal) signal.nodeRemoval = removal;
  const statement = draft.stated?.[draft.kind];
  const statedLine: SignalLine | null = statement ? { ...statement, fromPayload: true } : null;
  const line = draft.line ?? statedLine ?? (draft.lines ? lineFor(draft.kind, draft.lines) : null);
  if (line) signal.line = { text: quoteEvidence(line.text, MESSAGE_QUOTE_LENGTH + (line.nameSlack ?? 0)), rule: line.rule, fromPayload: line.fromPayload };
  if (draft.xid && xidSignalKind(draft.xid) === draft.kind) signal.xid = { ...draft.xid, line: quoteMessage(draft.xid.line) };
  const signature = readInfrastructureSignature(draft.wholeText);
  if (signature) signal.signature = signature;
  return signal;
}

/**
 * A structured reason (phase reason, condition reason or a holding condition type) and the
 * system-authored part of its message, read together: structured rows first, then the
 * message patterns, then a reported exit code (unless a row says the code is not the workload's).
 */
function readReasonsAndMessage(reasons: readonly (string | null | undefined)[], message: string | null | undefined, mask: NameMask): MessageReading {
  // Patterns read the masked message (names never steer); the decisive part is found again in the original to be quoted.
  const masked = mask(message);
  const matches = reasons.map((reason) => matchReasonRow(reason, masked, null)).filter((match): match is ReasonMatch => match !== null);
  const reading = readSystemMessage(masked, { ignoreExitCode: matches.some((match) => match.foreignExitCode) });
  const kinds = new Set<SignalKind>(matches.flatMap((match) => (match.kind ? [match.kind] : [])));
  for (const kind of reading.kinds) kinds.add(kind);
  const rowExit = matches.find((match) => match.exitCode !== undefined)?.exitCode;
  const decisive = (reading.xid ? reading.decisive : null) ?? matches.find((match) => match.decisive)?.decisive ?? reading.decisive;
  const xidKinds = reading.xid ? [xidSignalKind(reading.xid)] : [];
  return {
    kinds: [...new Set([...xidKinds, ...kinds])],
    exitCode: rowExit ?? reading.exitCode,
    decisive: unmaskPart(decisive, message) ?? null,
    xid: unmaskXid(reading.xid, message),
    ...(reading.stated ? { stated: unmaskStated(reading.stated, message) } : {}),
  };
}

/** Signals from the workload status: phase, phaseReason, phaseMessage, conditions, pending scheduling messages. */
/** `mask` hides the names users chose from the patterns (maskIdentifiers); evidence quotes the original. */
export function signalsFromStatus(status: WorkloadDetailed, mask: NameMask = maskIdentifiers(workloadNames({ status }))): Signal[] {
  const signals: Signal[] = [];
  const at = parseTimestamp(status.phaseUpdatedAt);
  const reading = readReasonsAndMessage([status.phaseReason], status.phaseMessage, mask);
  const lines = readDecisiveLines(status.phaseMessage, reading.decisive, mask, true);
  const phaseFact: Fact = {
    type: 'phase',
    phase: quoteName(status.phase),
    phaseReason: status.phaseReason ? quoteName(status.phaseReason) : null,
    phaseMessage: status.phaseMessage ? quoteMessage(status.phaseMessage, focusOf(reading.kinds, lines) ?? reading.decisive) : null,
  };
  for (const kind of reading.kinds) {
    signals.push(
      toSignal({
        kind,
        source: 'get_workload_status',
        origin: 'phase',
        fact: phaseFact,
        at,
        exitCode: reading.exitCode,
        pullMessage: mask(status.phaseMessage),
        lines,
        removalText: `${status.phaseReason ?? ''} ${mask(status.phaseMessage) ?? ''}`,
        xid: reading.xid ?? null,
        wholeText: mask(status.phaseMessage),
        stated: reading.stated,
      }),
    );
  }
  for (const condition of status.conditions ?? []) signals.push(...signalsFromCondition(condition, mask, status.phaseMessage));
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

/** `phaseMessage`: a condition repeating the phase message says so, so that the text is quoted once with both named. */
function signalsFromCondition(condition: Condition, mask: NameMask, phaseMessage?: string | null): Signal[] {
  // A condition *type* such as "Evicted" or "Preempted" speaks only while it holds.
  const holds = (condition.status ?? '').toLowerCase() === 'true';
  const reading = readReasonsAndMessage([condition.reason, holds ? condition.type : null], condition.message, mask);
  if (reading.kinds.length === 0) return [];
  const lines = readDecisiveLines(condition.message, reading.decisive, mask, true);
  const fact: Fact = {
    type: 'condition',
    conditionType: quoteName(condition.type),
    status: condition.status ? quoteName(condition.status) : null,
    reason: condition.reason ? quoteName(condition.reason) : null,
    message: condition.message ? quoteMessage(condition.message, focusOf(reading.kinds, lines) ?? reading.decisive) : null,
    ...(condition.message && condition.message === phaseMessage ? { alsoPhase: true } : {}),
  };
  const at = parseTimestamp(condition.lastTransitionTime);
  // A reason such as "ContainerMissing" carries the registry's answer in its message.
  return reading.kinds.map((kind) =>
    toSignal({
      kind,
      source: 'get_workload_status',
      origin: 'condition',
      fact,
      at,
      exitCode: reading.exitCode,
      pullMessage: mask(condition.message) ?? condition.reason,
      lines,
      removalText: `${condition.reason ?? ''} ${mask(condition.message) ?? ''}`,
      xid: reading.xid ?? null,
      wholeText: mask(condition.message),
      stated: reading.stated,
    }),
  );
}

/**
 * Signals from events. Identical events (same reason, message and object: a back-off loop
 * relayed many times) become one signal carrying the repeat count and the newest time.
 */
export function signalsFromEvents(
  events: readonly RunaiEvent[],
  origin: 'event' | 'history-event',
  mask: NameMask = maskIdentifiers({ names: eventNames(events) }),
): Signal[] {
  const grouped = new Map<
    string,
    { event: RunaiEvent; match: ReasonMatch & { kind: SignalKind; xid: XidReading | null }; repeats: number; at: number | null }
  >();
  for (const event of events) {
    const xid = unmaskXid(readXid(mask(event.message)), event.message);
    // A decoded Xid names the fault whatever reason the relay gave the event (node-problem-detector, DCGM exporters).
    const row = xid ? null : matchReasonRow(event.reason, mask(event.message), event.source);
    // An event about the node itself says the node failed or left, whatever its reason (readNodeEvent.ts).
    const nodeLoss = !row?.kind && isNodeLossEvent(event, mask(event.message)) ? { kind: 'NODE_FAILURE' as const, decisive: event.message ?? undefined } : null;
    const matched: ReasonMatch | null = xid ? { kind: xidSignalKind(xid), decisive: xid.line } : (nodeLoss ?? row ?? podWarningStatement(event, mask));
    if (!matched?.kind) continue;
    const match = { ...matched, kind: matched.kind, decisive: unmaskPart(matched.decisive, event.message), xid };
    const key = `${match.kind}\u0000${event.reason}\u0000${event.message}\u0000${event.involvedObject?.name ?? ''}`;
    const at = parseTimestamp(event.createdAt);
    const existing = grouped.get(key);
    if (existing) {
      existing.repeats += 1;
      if (at !== null && (existing.at === null || at > existing.at)) existing.at = at;
    } else {
      grouped.set(key, { event, match: { ...match, kind: match.kind }, repeats: 1, at });
    }
  }
  return [...grouped.values()].map(({ event, match, repeats, at }) => {
    // An event is its component's own text throughout: no container-written region to split off.
    const lines = readDecisiveLines(event.message, match.decisive, mask, false);
    const message = quoteMessage(event.message, focusOf([match.kind], lines) ?? match.decisive);
    const fact: Fact =
      origin === 'event'
        ? {
            type: 'event',
            reason: quoteName(event.reason),
            message,
            objectName: event.involvedObject?.name ? quoteName(event.involvedObject.name) : null,
            repeats,
          }
        : {
            type: 'history-event',
            reason: quoteName(event.reason),
            message,
            repeats,
            ...(event.involvedObject?.name ? { objectName: quoteName(event.involvedObject.name) } : {}),
          };
    return toSignal({
      kind: match.kind,
      source: origin === 'event' ? 'get_workload_status' : 'get_workload_history',
      origin,
      fact,
      at,
      repeats,
      exitCode: match.exitCode ?? null,
      pullMessage: mask(event.message),
      lines,
      removalText: `${event.reason ?? ''} ${mask(event.message) ?? ''}`,
      nodeName: match.kind === 'NODE_FAILURE' || match.kind === 'EVICTED' ? nodeNameFromEvent(event) : null,
      xid: match.xid,
      wholeText: mask(event.message),
    });
  });
}

/**
 * A Warning about one of the workload's pods that no row reads, whose message states that
 * something could not be done (FAILED_ACTION): some component on the pod's path (a CNI meta-plugin
 * such as Multus, a device or network operator, a vendor's webhook) says what failed for it. It
 * names no category, so it is UNCATEGORISED: quoted first by UNKNOWN, and for a workload still
 * starting a start failure (gatePhase.ts). A Warning that states no failed action — the kubelet's
 * DNSConfigForming "Search Line limits were exceeded, some search paths have been omitted"
 * (kubernetes/kubernetes pkg/kubelet/network/dns/dns.go) — is left to the unrecognised-warnings
 * limitation.
 */
function podWarningStatement(event: RunaiEvent, mask: NameMask): ReasonMatch | null {
  if ((event.type ?? '').trim().toLowerCase() !== 'warning' || !POD_KIND.test(event.involvedObject?.kind ?? '')) return null;
  const message = mask(event.message);
  if (!message || !FAILED_ACTION.test(message)) return null;
  return { kind: 'UNCATEGORISED', decisive: event.message ?? undefined };
}

const POD_KIND = /^Pod$/i;

/**
 * The general shape of "X could not be done", in the words Go and Kubernetes components use for it
 * (`cannot …`, `failed to …`, `unable to …`, `error …ing`, apimachinery's NotFound `… "x" not found`,
 * `doesn't exist`, `denied`, `refused`, `invalid`): an action that did not happen, not a condition
 * observed ("limits were exceeded").
 */
const FAILED_ACTION =
  /\b(?:cannot|can't|couldn't|could not|unable to|fail(?:ed|s|ure)?|error(?:s)?|not found|(?:doesn't|does not|didn't|did not) exist|denied|refused|invalid|no such)\b/i;

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
        pullMessage: pod.k8sPhase,
        nodeName: pod.nodeName ?? null,
        line: { text: pod.k8sPhase ?? '', rule: null, fromPayload: false },
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
    const reading = readSystemMessage(masked(update.phaseMessage));
    const decisive = unmaskPart(reading.decisive, update.phaseMessage);
    const lines = readDecisiveLines(update.phaseMessage, decisive, masked, true);
    const fact: Fact = {
      type: 'history-phase',
      phase: quoteName(update.phase),
      phaseMessage: update.phaseMessage ? quoteMessage(update.phaseMessage, focusOf(reading.kinds, lines) ?? decisive) : null,
    };
    for (const kind of reading.kinds) {
      signals.push(
        toSignal({
          kind,
          source: 'get_workload_history',
          origin: 'history-phase',
          fact,
          at,
          exitCode: reading.exitCode,
          pullMessage: masked(update.phaseMessage),
          lines,
          removalText: masked(update.phaseMessage),
          xid: unmaskXid(reading.xid, update.phaseMessage),
          wholeText: masked(update.phaseMessage),
          stated: reading.stated ? unmaskStated(reading.stated, update.phaseMessage) : undefined,
        }),
      );
    }
  }
  return [...signals, ...signalsFromEvents(events, 'history-event', masked)];
}

/** The container statements read in a masked message, their lines found again in the original text. */
function unmaskStated(stated: StatedLines, original: string | null | undefined): StatedLines {
  const unmasked: StatedLines = {};
  for (const [kind, line] of Object.entries(stated) as [SignalKind, { text: string; rule: LineRuleName }][]) {
    unmasked[kind] = { text: unmaskPart(line.text, original) ?? line.text, rule: line.rule };
  }
  return unmasked;
}

/** The Xid read in a masked message, its line found again in the original text (names are masked only for matching). */
function unmaskXid(xid: XidReading | null | undefined, original: string | null | undefined): XidReading | null {
  if (!xid) return null;
  return { ...xid, line: unmaskPart(xid.line, original) ?? xid.line };
}
