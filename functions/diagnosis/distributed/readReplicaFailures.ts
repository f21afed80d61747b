/**
 * Each replica's failure, read from the evidence already gathered: the signals about its pod
 * (the listing's k8sPhase, events whose object is the pod or whose text names it, Tier 2's
 * container terminations), the texts about it (event and phase messages, Tier 2 termination
 * messages and log lines), and the first moment it failed — the pod's `completedAt` or
 * `k8sPhaseUpdatedAt`, an event's time, a container's `finishedAt`, whichever is earliest;
 * never the listing order. Pure.
 */
import { parseTimestamp } from '../../core/parseTimestamp.js';
import type { CollateralFormat } from '../model/DistributedFinding.js';
import type { Pod, RunaiEvent } from '../ports/RunaiSchemas.js';
import type { Signal, SignalKind, SourceName } from '../model/Signal.js';
import type { Tier2LogFinding } from '../model/Tier2Evidence.js';
import type { WorkloadEvidence } from '../model/WorkloadEvidence.js';
import { matchEventReason, matchK8sPhase } from '../signals/extractSignals.js';
import type { NameMask } from '../signals/maskIdentifiers.js';
import { quoteMessage, quoteName } from '../signals/quoteEvidence.js';
import { matchCollateralFormat } from '../signals/collateralFormatTable.js';
import { attributeRelays } from './attributeRelays.js';
import { podNamedIn } from './podNamedIn.js';
import { replicaPods } from './replicaPods.js';

/** Kinds that are not a replica's failure: a scheduling wait, a probe that failed without a kill. */
const NOT_A_FAILURE: ReadonlySet<SignalKind> = new Set(['UNSCHEDULABLE', 'PROBE_FAILURE']);

/**
 * Causes a replica has on its own, whatever its log says afterwards: an OOM kill, a node that
 * failed under it, a pull, mount or init failure. Such a replica is never collateral.
 */
export const OWN_CAUSE: ReadonlySet<SignalKind> = new Set([
  'OOM_KILLED',
  'IMAGE_PULL',
  'INIT_FAILED',
  'MOUNT_FAILED',
  'NODE_FAILURE',
  'EVICTED',
  'NODE_START_FAILURE',
  'STORAGE_LIMIT_EXCEEDED',
  'PROBE_KILL',
  'GPU_UNREACHABLE',
]);

/**
 * A line that names only the type of what was thrown, its meaning on the lines around it: libstdc++'s
 * terminate handler writes "terminate called after throwing an instance of '<type>'" and then
 * "  what():  <message>" (gcc-mirror/gcc libstdc++-v3/libsupc++/vterminate.cc). When the NCCL watchdog
 * rethrows a collective timeout outside Python the process ends this way, whatever the exception's
 * type: with a peer's death in the same tail, the carrier is that death, not a cause of its own.
 */
const CARRIER_LINE = /^\s*(?:\[[^\]]*\]:?\s*)*terminate called after throwing an instance of\b/;
const isCarrier = (line: string) => CARRIER_LINE.test(line);

/** A shell's exit status for a process killed by signal N is 128 + N (exitCodes.ts); below it the process exited by itself. */
const SIGNAL_EXIT_BASE = 128;

/** SIGKILL (128 + 9): with no teardown's grace period before it, a cause of its own (findOrigin.ts). */
const SIGKILL_EXIT = 137;

/** A signal Tier 2 read (`kubectl describe pod`, `kubectl get events`, `kubectl logs`, `kubectl describe node`). */
const fromTier2 = (signal: Signal) => signal.source.startsWith('kubectl ');

/** SIGTERM (128 + 15): the teardown a controller sends the survivors once one replica failed. */
const SIGTERM_EXIT = 143;

export interface ReplicaFailure {
  pod: Pod;
  /** Signals about this pod, of the current run. */
  signals: Signal[];
  /** Epoch ms of its first failure; null when nothing about it is dated. */
  at: number | null;
  /** Where `at` was read. */
  source: SourceName;
  /** The peer-death format its failure reads as, and how strongly (collateralFormatTable.ts). */
  format: { format: CollateralFormat; strength: 'peer' | 'wrapper'; line: string } | null;
  /** It has a cause of its own (OOM kill, node failure, Xid…): never collateral. */
  own: boolean;
  /**
   * A line of its own that is no peer's death: a failing log line Tier 2 read (an exception, not the
   * fallback last line) matching no collateral format. With `own`, what tells a replica that failed
   * by itself from one that only exited (a bare exit 1, an unread log) when the clock cannot.
   */
  ownLine: string | null;
  /** Tier 2 read this replica's pod or events (a `kubectl` signal about it, a log line); false: it shows only what Tier 1 shows. */
  read: boolean;
  /** Tier 2 read a line of this replica's log: what its own process wrote is known, not only how it ended. */
  logRead: boolean;
  /**
   * Its container exited by itself (a non-zero exit code below 128: no signal sent by anyone) and Tier 2
   * had no read left for its log: whatever ended it — an exception of its own or not — is unread.
   */
  ownExitUnread: boolean;
  /** Its cause of its own (`own`, an exit 137) is shown by Tier 1's evidence alone, before any Tier 2 read. */
  tier1Cause: boolean;
  /** The raw pod name of the MPI launcher whose report of a rank killed on this replica's host is its `ownLine` (attributeRelays.ts). */
  relayedBy?: string;
}

interface Text {
  pod: string;
  text: string;
  at: number | null;
  source: SourceName;
  /**
   * An event whose reason the event table reads as a failure of the pod (an OOM kill, a back-off
   * after a crash, a kill): each one is dated on its own. The signals group repeats of one event and
   * keep the newest time, but a replica that restarted (restartPolicy OnFailure / ExitCode) failed
   * first at its earliest one — its latest can come after every peer's teardown.
   */
  failure: boolean;
}

export interface ReplicaInput {
  evidence: Omit<WorkloadEvidence, 'metrics'>;
  /** The current run's signals (analyseWorkload), Tier 2's included. */
  signals: readonly Signal[];
  episodeStart: number | null;
  mask: NameMask;
  /** Tier 2's quoted log lines, when Tier 2 read any. */
  logs: readonly Tier2LogFinding[];
}

/** The raw pod name a signal is about, or null for a workload-level signal. */
export function podOfSignal(signal: Signal, rawOfQuoted: ReadonlyMap<string, string>, podNames: readonly string[]): string | null {
  const { fact } = signal;
  if ('podName' in fact && typeof fact.podName === 'string') return rawOfQuoted.get(fact.podName) ?? null;
  if ((fact.type === 'event' || fact.type === 'history-event') && fact.objectName && rawOfQuoted.has(fact.objectName))
    return rawOfQuoted.get(fact.objectName) ?? null;
  switch (fact.type) {
    case 'event':
    case 'history-event':
      return podNamedIn(fact.message, podNames);
    case 'phase':
    case 'history-phase':
      return podNamedIn(fact.phaseMessage, podNames);
    case 'condition':
      return podNamedIn(fact.message, podNames);
    default:
      return null;
  }
}

function eventTexts(events: readonly RunaiEvent[], podNames: readonly string[], source: SourceName, mask: NameMask): Text[] {
  return events.flatMap((event) => {
    const object = event.involvedObject?.name ?? null;
    const pod = object && podNames.includes(object) ? object : podNamedIn(event.message, podNames);
    if (!pod || !event.message) return [];
    const kind = matchEventReason(event.reason, mask(event.message), event.source);
    return [{ pod, text: event.message, at: parseTimestamp(event.createdAt), source, failure: kind !== null && !NOT_A_FAILURE.has(kind) }];
  });
}

/** Every text about one pod of the listing, with its time when known. */
function textsAboutPods(input: ReplicaInput, podNames: readonly string[]): Text[] {
  const { evidence } = input;
  const texts: Text[] = [];
  if (evidence.events.ok) texts.push(...eventTexts(evidence.events.value, podNames, 'get_workload_status', input.mask));
  if (evidence.history.ok) {
    for (const record of evidence.history.value.records) {
      const event = record.spec?.event;
      if (event)
        texts.push(...eventTexts([{ ...event, createdAt: event.createdAt || record.meta.creationTimestamp }], podNames, 'get_workload_history', input.mask));
      const update = record.spec?.phaseUpdate;
      const pod = podNamedIn(update?.phaseMessage, podNames);
      if (pod && update?.phaseMessage)
        texts.push({ pod, text: update.phaseMessage, at: parseTimestamp(record.meta.creationTimestamp), source: 'get_workload_history', failure: false });
    }
  }
  const { status } = evidence;
  const phasePod = podNamedIn(status.phaseMessage, podNames);
  if (phasePod && status.phaseMessage)
    texts.push({ pod: phasePod, text: status.phaseMessage, at: parseTimestamp(status.phaseUpdatedAt), source: 'get_workload_status', failure: false });
  for (const condition of status.conditions ?? []) {
    const pod = podNamedIn(condition.message, podNames);
    if (pod && condition.message)
      texts.push({ pod, text: condition.message, at: parseTimestamp(condition.lastTransitionTime), source: 'get_workload_status', failure: false });
  }
  return texts.filter((text) => input.episodeStart === null || text.at === null || text.at >= input.episodeStart);
}

/** A pod the listing shows as failed (OOMKilled, Error, Evicted…), with the moment it says it ended. */
function podFailure(pod: Pod): number | null | undefined {
  const kind = matchK8sPhase(pod.k8sPhase);
  if (!kind || NOT_A_FAILURE.has(kind)) return undefined;
  const times = [parseTimestamp(pod.completedAt), parseTimestamp(pod.k8sPhaseUpdatedAt)].filter((at): at is number => at !== null);
  return times.length > 0 ? Math.min(...times) : null;
}

/**
 * The moment the pod's current containers started (the latest `containers[].startedAt` of the listing),
 * null when the listing has none. A listing time equal to it dates that start (the pod went Running),
 * not a failure: its `k8sPhaseUpdatedAt` was not refreshed when the failure phase was written.
 */
function containersStartedAt(pod: Pod): number | null {
  const starts = (pod.containers ?? []).flatMap((container) => {
    const at = parseTimestamp(container.startedAt);
    return at === null ? [] : [at];
  });
  return starts.length > 0 ? Math.max(...starts) : null;
}

/**
 * A container termination Tier 2 read of a container that has restarted (restartCount > 0): Kubernetes
 * keeps only the newest termination (`state.terminated`, else `lastState.terminated`), so its time is the
 * latest of several failures, never the first — it does not date the replica (its events may).
 */
function restartedTermination(signal: Signal): boolean {
  const { fact } = signal;
  return fact.type === 'container-terminated' && (fact.restartCount ?? 0) > 0;
}

/** The Tier 2 and signal texts of a signal: its quoted line and the message its fact carries. */
function signalTexts(signal: Signal): string[] {
  const { fact } = signal;
  const texts = [signal.line?.text];
  if (fact.type === 'container-terminated' || fact.type === 'container-waiting' || fact.type === 'pod-status') texts.push(fact.message ?? undefined);
  return texts.filter((text): text is string => typeof text === 'string' && text.length > 0);
}

export function readReplicaFailures(input: ReplicaInput): ReplicaFailure[] {
  const pods = replicaPods(input.evidence);
  const podNames = pods.map((pod) => pod.name);
  const rawOfQuoted = new Map(pods.map((pod) => [quoteName(pod.name), pod.name]));
  const texts = textsAboutPods(input, podNames);
  // Replicas whose only time is the listing's, equal to their containers' start: the start or a crash within it.
  const startOnly = new Set<string>();
  // Replicas whose failure a record of its own dates (an event, a termination Tier 2 read, a node loss).
  const recordDated = new Set<string>();
  const failures = pods.flatMap((pod): ReplicaFailure[] => {
    const signals = input.signals.filter((signal) => !NOT_A_FAILURE.has(signal.kind) && podOfSignal(signal, rawOfQuoted, podNames) === pod.name);
    const ownKind = (signal: Signal) => OWN_CAUSE.has(signal.kind) || signal.xid !== undefined;
    const own = signals.some(ownKind);
    const mine = texts.filter((text) => text.pod === pod.name);
    // A decisive line that is itself a peer's death (the watchdog's abort) gives way to the tail's most specific one.
    const logs = input.logs.filter((log) => log.fact.podName === quoteName(pod.name));
    // A decisive line that is a peer's death, or a carrier whose tail holds one, speaks for the peer line.
    // So does a line of the error a peer-death line heads (its message's continuation: peerLineOf.ts).
    // So does the tail's peer line when no line of the tail was recognised (the fallback says nothing of its own:
    // Hydra's relay block ends a launcher's log with a line no rule reads).
    const peers = (log: Tier2LogFinding) =>
      matchCollateralFormat(input.mask(log.fact.line)) !== null ||
      (log.peerLine !== undefined && (isCarrier(log.fact.line) || log.inPeerError === true || log.fact.fallback));
    // A supervisor's summary (torchrun's ChildFailedError) says a child failed; the rank's exception it wraps is the line of its own (wrappedErrorOf.ts).
    const ownLine = logs.find((log) => !log.fact.fallback && !peers(log))?.fact.line ?? logs.find((log) => log.wrapped !== undefined)?.wrapped ?? null;
    const logLines = logs.map((log) => (log.peerLine && peers(log) ? log.peerLine : log.fact.line));
    const format = readFormat([...mine.map((text) => text.text), ...signals.flatMap(signalTexts), ...logLines], signals, input.mask);

    // The first failure: the listing's end of the pod, a dated failure signal (not the listing's own
    // signal, whose time can be the pod's creation), each dated failure event about it (the earliest of
    // a restarted replica's repeated OOM kills, in whatever order the events or history list them), a
    // dated text that reads as a peer's death.
    const records: { at: number; source: SourceName }[] = [];
    const ended = podFailure(pod);
    for (const signal of signals) {
      if (signal.at === null || signal.origin === 'pod' || restartedTermination(signal)) continue;
      records.push({ at: signal.firstAt ?? signal.at, source: signal.source });
    }
    for (const text of mine)
      if (text.at !== null && (text.failure || matchCollateralFormat(input.mask(text.text)))) records.push({ at: text.at, source: text.source });
    // The listing's end of the pod (first: it names the source of an equal time), unless it is the very
    // instant its containers started and the pod's own failure records date the failure: then it dates
    // the start (the phase last written when the pod went Running). A time before the start is a failure
    // of an earlier run (the listing's start is the newest restart's); alone, an equal time stays (a
    // container that crashed within the whole second it started).
    const started = containersStartedAt(pod);
    const listing = typeof ended === 'number' && (ended !== started || records.length === 0) ? [{ at: ended, source: 'get_workload_pods' as const }] : [];
    const dated = [...listing, ...records];
    const failed = ended !== undefined || signals.length > 0 || format !== null;
    if (!failed) return [];
    const first = dated.reduce<{ at: number; source: SourceName } | null>(
      (earliest, item) => (earliest === null || item.at < earliest.at ? item : earliest),
      null,
    );
    // The node under it was lost (NotReady / Unknown, a node event) when it failed: its exit — often the
    // teardown's SIGTERM every peer shows too — is the node's doing, a cause of its own.
    const nodeLoss = nodeLossUnder(pod, first?.at ?? null, input.signals, rawOfQuoted, podNames);
    const at = Math.min(first?.at ?? Number.POSITIVE_INFINITY, ...nodeLoss.flatMap((signal) => (signal.at === null ? [] : [signal.at])));
    if (listing.length > 0 && ended === started && records.length === 0 && nodeLoss.length === 0) startOnly.add(pod.name);
    if (records.length > 0 || nodeLoss.length > 0) recordDated.add(pod.name);
    const source =
      first !== null && first.at === at ? first.source : (nodeLoss.find((signal) => signal.at === at)?.source ?? first?.source ?? 'get_workload_pods');
    return [
      {
        pod,
        signals: [...signals, ...nodeLoss],
        at: Number.isFinite(at) ? at : null,
        source,
        format,
        own: own || nodeLoss.length > 0,
        ownLine,
        read: logs.length > 0 || signals.some(fromTier2),
        logRead: logs.length > 0,
        ownExitUnread: logs.length === 0 && signals.some((signal) => signal.exitCode != null && signal.exitCode > 0 && signal.exitCode < SIGNAL_EXIT_BASE),
        tier1Cause: [...signals, ...nodeLoss].some((signal) => !fromTier2(signal) && (ownKind(signal) || signal.exitCode === SIGKILL_EXIT)),
      },
    ];
  });
  // A listing time equal to the containers' start says the pod started then, or crashed within that second. Once
  // another replica's failure is dated by a record of its own (an event, a termination, a node loss) — not by the
  // listing, whose times are as stale for it — the time dates the start, not a failure, and the replica is left
  // undated: it shows nothing of its own, so it is collateral of a dated cause, never tied with it (findOrigin
  // `silent`). With no such record anywhere the equal time stays (a crash within the second it started).
  const datedElsewhere = failures.some((failure) => failure.at !== null && recordDated.has(failure.pod.name) && !startOnly.has(failure.pod.name));
  if (datedElsewhere) for (const failure of failures) if (startOnly.has(failure.pod.name)) failure.at = null;
  // A node lost under a host an MPI launcher lost its daemon on, noticed as late as Kubernetes notices a node loss.
  const nodeLost = (pod: Pod, noticedAt: number | null) =>
    nodeLossUnder(pod, noticedAt, input.signals, rawOfQuoted, podNames, NODE_LOSS_NOTICED_WITHIN_MS, true);
  return attributeRelays(failures, pods, input.logs, rawOfQuoted, nodeLost);
}

/**
 * The node controller marks a node whose kubelet stopped posting status NotReady / Unknown only after
 * its grace period (kube-controller-manager --node-monitor-grace-period, 40 s, 50 s since v1.32), and a
 * shutting-down node's pods end before it stops posting: a node loss this soon after a replica failed
 * was already under way when it did.
 */
const NODE_LOSS_LAG_MS = 60_000;

/**
 * How late Kubernetes may date a node loss that was under way: the grace period before the node-lifecycle
 * controller marks the node Ready=Unknown (50 s at most), then the 300 s its pods tolerate
 * node.kubernetes.io/unreachable before the taint manager marks them for deletion (kubernetes/kubernetes
 * plugin/pkg/admission/defaulttolerationseconds: default-unreachable-toleration-seconds=300), and a
 * minute of event lag and clock skew.
 */
const NODE_LOSS_NOTICED_WITHIN_MS = (50 + 300 + 60) * 1_000;

/** Node-level NODE_FAILURE signals about the node a replica ran on, dated no later than its failure allows. */
function nodeLossUnder(
  pod: Pod,
  failedAt: number | null,
  signals: readonly Signal[],
  rawOfQuoted: ReadonlyMap<string, string>,
  podNames: readonly string[],
  lagMs = NODE_LOSS_LAG_MS,
  podEvents = false,
): Signal[] {
  if (!pod.nodeName) return [];
  const node = quoteName(pod.nodeName);
  return signals.filter(
    (signal) =>
      signal.kind === 'NODE_FAILURE' &&
      // The pod's own node-loss events (the taint manager's "Marking for deletion Pod …") when asked for.
      (podEvents && podOfSignal(signal, rawOfQuoted, podNames) === pod.name
        ? true
        : signal.nodeName === node && podOfSignal(signal, rawOfQuoted, podNames) === null) &&
      // A node's condition read by Tier 2 is undated here: Tier 2 keeps only those that did not turn bad after the failure.
      (signal.at === null ? signal.origin === 'k8s-node' || podEvents : failedAt === null || signal.at <= failedAt + lagMs),
  );
}

/** The strongest peer-death format among a replica's texts and signals: a peer format before a wrapper. */
function readFormat(texts: readonly string[], signals: readonly Signal[], mask: NameMask): ReplicaFailure['format'] {
  let found: ReplicaFailure['format'] = null;
  for (const text of texts) {
    const row = matchCollateralFormat(mask(text));
    if (!row) continue;
    const line = quoteMessage(lineMatching(text, row.pattern));
    if (row.strength === 'peer') return { format: row.format, strength: 'peer', line };
    found ??= { format: row.format, strength: row.strength, line };
  }
  const sigterm = signals.find((signal) => signal.exitCode === SIGTERM_EXIT);
  if (sigterm) return { format: 'sigterm', strength: 'peer', line: sigterm.line?.text ?? `exit code ${SIGTERM_EXIT}` };
  const preempted = signals.find((signal) => signal.kind === 'PREEMPTED');
  if (preempted) return { format: 'preempted-after', strength: 'peer', line: preempted.line?.text ?? 'Preempted' };
  return found;
}

/** The line of a multi-line text that holds the match (a log tail quotes the watchdog's line, not the whole tail). */
function lineMatching(text: string, pattern: RegExp): string {
  return text.split(/\r?\n/).find((line) => pattern.test(line)) ?? text;
}
