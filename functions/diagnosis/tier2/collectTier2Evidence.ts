/**
 * Tier 2 of the procedure (the procedure's step 4): after the Tier 1 analysis, when — and only when —
 * the procedure calls for Kubernetes evidence, read it with the kubectl commands an SRE would run and let
 * the engine re-classify with the same rule registry.
 *
 * When (TIER2_USE, by the Tier 1 category):
 * - UNKNOWN (Tier 1 names no cause, e.g. an unexplained exit 137): pod statuses and
 *   events, then the failed container's log, and the node's conditions when a kill is
 *   still unexplained;
 * - CRASH_APP_ERROR: container-level evidence and the failing log line;
 * - INIT_FAILED: the failed init container's status and its log line;
 * - NODE_FAILURE: pod evidence and `kubectl describe node`;
 * - any other category already rests on a direct Tier 1 signal: no Tier 2 read.
 *
 * Rounds: (A) `describe pod` ∥ `get events` for every selected pod (at most 3) — for a peer-replica job
 * with more replicas, beside one LIST of the workload's pods that ranks every replica by its container's own
 * end, and (A′) the earliest by that clock round A did not read — then re-classify; (B) `logs` of the failing containers ∥ `describe node`, as the category
 * after round A requires; (C) `describe node` for a crash whose line is a CUDA error, which a
 * GPU fault can cause, or whose own log states no failure (nothing but start-up or info output);
 * re-classify once more. Every failed read is a limitation.
 */
import type { Category } from '../../core/verdict.js';
import type { Analysis } from '../classify/analyseWorkload.js';
import type { Signal, Tier2SourceName } from '../model/Signal.js';
import type { WorkloadEvidence } from '../model/WorkloadEvidence.js';
import { quoteEvidence, quoteName } from '../signals/quoteEvidence.js';
import { describeNodeCommand, describePodCommand, listPodsCommand, logsCommand, podEventsCommand } from './kubectlCommands.js';
import { listReplicaPods, workloadSelector } from './listReplicaPods.js';
import { rankByContainerClock } from './rankByContainerClock.js';
import { isKubernetesError, type KubernetesReader, type KubernetesErrorCode } from '../ports/KubernetesReader.js';
import { runsPeerReplicas } from '../ports/workloadKinds.js';
import { isDnsLabel, isDnsSubdomain, namespaceFor } from './kubernetesNames.js';
import type { K8sEvent, K8sNode, K8sPod } from '../ports/KubernetesSchemas.js';
import { selectLogLine } from './selectLogLine.js';
import { hintOfLine } from '../signals/decisiveLine/chooseFailingLine.js';
import { tier2NameMask } from './tier2NameMask.js';
import type { NameMask } from '../signals/maskIdentifiers.js';
import { newestTermination, signalsFromKubernetesEvents, signalsFromKubernetesNode, signalsFromKubernetesPod } from './signalsFromKubernetes.js';
import { interpretExitCode } from '../signals/exitCodes.js';
import { emptyTier2Evidence, type Tier2Evidence, type Tier2LogFinding, type Tier2FailureReason, type Tier2Read } from '../model/Tier2Evidence.js';
import { parseTimestamp } from '../../core/parseTimestamp.js';

export interface Tier2Use {
  /** Read the log of the failing main or init container. */
  logs: 'main' | 'init' | null;
  /** Read the node: always, or only while a kill (exit 137/143) is still unexplained. */
  node: 'always' | 'unexplained-kill' | null;
}

/** Which Tier 2 reads each category calls for (null: Tier 1's direct signal suffices). */
export const TIER2_USE: Record<Category, Tier2Use | null> = {
  OOM_KILLED: null,
  IMAGE_PULL_FAILED: null,
  DATASOURCE_MOUNT_FAILED: null,
  SCHEDULING_POLICY_TERMINATED: null,
  INIT_FAILED: { logs: 'init', node: null },
  CRASH_APP_ERROR: { logs: 'main', node: null },
  NODE_FAILURE: { logs: null, node: 'always' },
  UNKNOWN: { logs: 'main', node: 'unexplained-kill' },
};

export const MAX_TIER2_PODS = 3;
export const MAX_LOG_READS = 2;
export const MAX_NODE_READS = 2;
/**
 * The second read round's budget (docs/tier2.md): when the first round leaves a multi-pod failure's origin
 * undecided — every replica it read states only a consequence, or the containers' own end times contradict
 * Tier 1's order — the next replicas by the same ranking, at most this many (and MAX_LOG_READS logs of them).
 * Run:ai's pod end time can lag the container's finishedAt, so the replica that failed first may rank last.
 */
export const MAX_SECOND_ROUND_PODS = 3;
/**
 * The second round's log budget: one log for each pod of both rounds whose log the first round had no read
 * left for (MAX_TIER2_PODS + MAX_SECOND_ROUND_PODS − MAX_LOG_READS), so every pod Tier 2 reads has its log
 * read — never more logs than pods. Replicas that end in one instant are ordered only by what their logs say:
 * a tie whose every pod was read but not every log would be judged on the logs the listing order let in.
 */
export const MAX_SECOND_ROUND_LOGS = MAX_TIER2_PODS + MAX_SECOND_ROUND_PODS - MAX_LOG_READS;
/** Nodes under the hosts a launcher relays a lost daemon or a rank's exit on, read whatever the category (at most this many). */
export const MAX_RELAY_NODE_READS = 2;
/** The bounded tail of a log: never the whole log. */
export const LOG_TAIL_LINES = 100;
export const LOG_LIMIT_BYTES = 64 * 1024;

/** Whether the Tier 1 analysis calls for Tier 2 at all. */
export function wantsTier2(analysis: Analysis): boolean {
  // A multi-pod failure whose replicas Tier 1 cannot order: the pods' container times (finishedAt) may.
  const untold = analysis.distributed?.unknown?.reason;
  // A preemption is the workload's fate only when it came first. With a replica that failed on its own
  // and that Tier 1 cannot date, which came first is untold: Tier 2's container times can tell, and the
  // origin stage then lets a later preemption neither route nor decide (distributed/applyOrigin.ts).
  if (analysis.gate.action === 'route' && analysis.gate.route === 'runai-diagnose-preempted-workload') return untold === 'no-timestamps';
  if (analysis.gate.action !== 'continue') return false;
  return TIER2_USE[analysis.classification.category] !== null || untold === 'no-timestamps' || untold === 'same-second' || untold === 'common-cause';
}

export interface CollectTier2Input {
  reader: KubernetesReader;
  evidence: Omit<WorkloadEvidence, 'metrics' | 'tier2'>;
  /** The Tier 1 analysis. */
  analysis: Analysis;
  /** Re-runs the engine's analysis with Tier 2 signals added. */
  reanalyse(tier2Signals: Signal[]): Analysis;
  /** Called with the analysis after the pod round, before the follow-up round (to start reads that now look needed). */
  onPodRound?(analysis: Analysis): void;
  /**
   * The log tail's most specific line that reads as a peer's death, and whether the decisive line is
   * part of the error it heads (the origin stage's table, distributed/peerLineOf.ts, passed in: tier2
   * does not import the stage above it).
   */
  peerLineOf?(text: string, mask: (line: string) => string, decisive: string): PeerLineFound | null;
  /** An MPI launcher's reports of ranks killed by a signal, with their hosts (distributed/relayedRanksOf.ts, passed in likewise). */
  relayedRanksOf?(text: string, mask: (line: string) => string): { host: string; signal: number | null; exitCode?: number; line: string }[];
  /** The rank's own exception a supervisor's summary wraps, when the decisive line is that summary (distributed/wrappedErrorOf.ts, passed in likewise). */
  wrappedErrorOf?(text: string, mask: (line: string) => string, decisive: string): string | null;
  /** Whether what was read leaves a multi-pod failure's origin undecided (distributed/originUndecided.ts, passed in likewise). */
  originUndecided?(analysis: Analysis, logs: readonly Tier2LogFinding[]): boolean;
  /** The nodes under the hosts the logs' launchers relay a lost daemon or a rank's exit on (distributed/relayHostNodes.ts, passed in likewise). */
  relayHostNodes?(logs: readonly Tier2LogFinding[]): string[];
}

const FAILURE_REASONS: Record<KubernetesErrorCode, Tier2FailureReason> = {
  K8S_NOT_FOUND: 'not-found',
  K8S_NO_PREVIOUS: 'no-previous',
  K8S_UNAUTHORIZED: 'unauthorized',
  K8S_FORBIDDEN: 'forbidden',
  K8S_BAD_REQUEST: 'bad-request',
  K8S_UNAVAILABLE: 'unavailable',
  K8S_TIMEOUT: 'timeout',
  K8S_NETWORK: 'network',
  K8S_BAD_RESPONSE: 'bad-response',
  K8S_CREDENTIALS: 'credentials',
};

type Attempt<T> = { ok: true; value: T } | { ok: false; reason: Tier2FailureReason };

async function attempt<T>(read: () => Promise<T>): Promise<Attempt<T>> {
  try {
    return { ok: true, value: await read() };
  } catch (error) {
    return { ok: false, reason: isKubernetesError(error) ? FAILURE_REASONS[error.code] : 'bad-response' };
  }
}

const QUIET_PHASES = /^(?:running|pending|succeeded|completed)$/i;

/**
 * The pods to inspect, most relevant first: named by the Tier 1 evidence (an event's
 * object, the phase message), then failed-looking, then by time — the newest attempt of a
 * workload that runs one pod at a time, but the EARLIEST failure of one whose pods are peers
 * (DESIGN §4.8: the replica that failed first is the origin; its peers' later deaths are
 * consequences, and the pod cap must not leave the origin unread). Without a pod list, the pods
 * named by Tier 1 events and history.
 */
export function candidatePods(evidence: CollectTier2Input['evidence'], analysis: Analysis): string[] {
  const named = new Set(analysis.signals.flatMap((signal) => (signal.fact.type === 'event' && signal.fact.objectName ? [signal.fact.objectName] : [])));
  const phaseMessage = evidence.status.phaseMessage ?? '';
  const isNamed = (name: string) => named.has(quoteName(name)) || (name.length > 0 && phaseMessage.includes(name));
  const pods = evidence.pods.ok ? evidence.pods.value : [];
  if (pods.length > 0) {
    const score = (pod: (typeof pods)[number]) => (isNamed(pod.name) ? 2 : 0) + (QUIET_PHASES.test(pod.k8sPhase ?? '') ? 0 : 1);
    const time = (pod: (typeof pods)[number]) => parseTimestamp(pod.k8sPhaseUpdatedAt ?? pod.completedAt ?? pod.createdAt) ?? 0;
    const earliestFirst = pods.length > 1 && runsPeerReplicas(evidence.status.type);
    const ranked = [...pods].sort((a, b) => score(b) - score(a) || (earliestFirst ? time(a) - time(b) : time(b) - time(a)));
    // Healthy pods of a partly failed workload (the running workers of a Degraded job) are not read.
    const relevant = ranked.some((pod) => score(pod) > 0) ? ranked.filter((pod) => score(pod) > 0) : ranked;
    // A multi-pod failure's replicas in the origin stage's order: the origin, those that may be it, then the peer deaths.
    const inspect = analysis.distributed?.inspect ?? [];
    const place = (name: string) => (inspect.includes(name) ? inspect.indexOf(name) : inspect.length);
    return [...new Set([...relevant].sort((a, b) => place(a.name) - place(b.name)).map((pod) => pod.name))];
  }
  const events = [
    ...(evidence.events.ok ? evidence.events.value : []),
    ...(evidence.history.ok ? evidence.history.value.records.flatMap((record) => (record.spec?.event ? [record.spec.event] : [])) : []),
  ];
  const fromEvents = events
    .filter((event) => (event.involvedObject?.kind ?? '').toLowerCase() === 'pod' && event.involvedObject?.name)
    .sort((a, b) => (parseTimestamp(b.createdAt) ?? 0) - (parseTimestamp(a.createdAt) ?? 0))
    .map((event) => event.involvedObject?.name as string);
  return [...new Set(fromEvents)];
}

interface LogTarget {
  pod: string;
  container: string;
  init: boolean;
  previous: boolean;
  command: Tier2SourceName;
}

/** The failing container of a pod (a non-zero or OOM-killed termination), application exits before system kills. */
export function failingContainer(pod: K8sPod, which: 'main' | 'init'): { name: string; previous: boolean; system: boolean } | null {
  const statuses = (which === 'init' ? pod.status?.initContainerStatuses : pod.status?.containerStatuses) ?? [];
  const failed = statuses.flatMap((status) => {
    const termination = newestTermination(status);
    if (!termination) return [];
    const { terminated } = termination;
    if (terminated.exitCode === 0 && !/^OOMKilled$/i.test(terminated.reason ?? '')) return [];
    return [{ name: status.name, previous: termination.previous, system: interpretExitCode(terminated.exitCode)?.system ?? false }];
  });
  const chosen = failed.find((candidate) => !candidate.system) ?? failed[0];
  return chosen ? { name: chosen.name, previous: chosen.previous, system: chosen.system } : null;
}

export async function collectTier2Evidence(input: CollectTier2Input): Promise<{ tier2: Tier2Evidence; analysis: Analysis }> {
  const { reader, evidence } = input;
  const tier2 = emptyTier2Evidence();
  const unchanged = { tier2, analysis: input.analysis };

  const namespace = namespaceFor(evidence.status);
  if (namespace === null) {
    tier2.limitations.push({ type: 'no-namespace' });
    return unchanged;
  }
  if (!isDnsLabel(namespace)) {
    tier2.limitations.push({ type: 'invalid-name', what: 'namespace', name: quoteName(namespace) });
    return unchanged;
  }

  const candidates = candidatePods(evidence, input.analysis);
  const valid = candidates.filter((name) => isDnsSubdomain(name));
  for (const name of candidates.filter((candidate) => !isDnsSubdomain(candidate)).slice(0, 1)) {
    tier2.limitations.push({ type: 'invalid-name', what: 'pod', name: quoteName(name) });
  }
  if (valid.length === 0) {
    if (candidates.length === 0) tier2.limitations.push({ type: 'no-pod' });
    return unchanged;
  }
  // The replicas of a job larger than round A's pods are ranked by their containers' own ends, read for every
  // replica in one LIST beside round A (listReplicaPods.ts, rankByContainerClock.ts); `valid` takes that order.
  const peers = runsPeerReplicas(evidence.status.type);
  const listsReplicas = peers && valid.length > MAX_TIER2_PODS;
  const selected = valid.slice(0, MAX_TIER2_PODS);
  const capped = valid.length > selected.length ? { type: 'pods-capped' as const, inspected: selected.length, total: valid.length } : null;
  if (capped) tier2.limitations.push(capped);

  const failed = (read: Tier2Read, command: Tier2SourceName, reason: Tier2FailureReason) =>
    tier2.limitations.push({ type: 'read-failed', read, command, reason });

  // Round A: describe pod ∥ get events, for every selected pod.
  tier2.used = true;
  const readPods = (names: readonly string[]) =>
    Promise.all(
      names.map(async (name) => {
        const describe = describePodCommand(namespace, name);
        const eventsCommand = podEventsCommand(namespace, name);
        tier2.commands.push(describe, eventsCommand);
        const [pod, events] = await Promise.all([
          attempt<K8sPod>(() => reader.getPod(namespace, name)),
          attempt<K8sEvent[]>(() => reader.listPodEvents(namespace, name)),
        ]);
        return { name, describe, eventsCommand, pod, events };
      }),
    );
  type PodRead = Awaited<ReturnType<typeof readPods>>[number];
  const maskOf = (names: readonly string[], reads: readonly PodRead[]) =>
    tier2NameMask(evidence, {
      podNames: names,
      pods: reads.flatMap(({ pod }) => (pod.ok ? [pod.value] : [])),
      events: reads.flatMap(({ events }) => (events.ok ? events.value : [])),
    });
  const podSignals: Signal[] = [];
  const signalsOfPods = (reads: readonly PodRead[], podMask: NameMask) => {
    for (const { name, describe, eventsCommand, pod, events } of reads) {
      if (pod.ok) podSignals.push(...signalsFromKubernetesPod(pod.value, name, describe, podMask));
      else failed('pod', describe, pod.reason);
      if (events.ok) podSignals.push(...signalsFromKubernetesEvents(events.value, eventsCommand, podMask));
      else failed('events', eventsCommand, events.reason);
    }
  };
  // Round A ∥ the LIST: round A reads the first replicas by Tier 1's ranking while the list brings every replica's
  // container end; when the containers' earliest ends are replicas round A did not read, they are read next (A′),
  // before any log: the log and node budget goes to the earliest by the containers' own clock.
  const selector = listsReplicas ? workloadSelector(evidence.status.name) : null;
  const listCommand = selector ? listPodsCommand(namespace, selector) : null;
  const listing = listsReplicas ? listReplicaPods(reader, namespace, evidence.status.name, valid) : null;
  if (listCommand) tier2.commands.push(listCommand);
  const [firstRound, listed] = await Promise.all([readPods(selected), listing]);
  const podRound = [...firstRound];
  // Whether the containers' own ends ordered the replicas: the logs are then read earliest end first.
  let byContainerClock = false;
  if (listed?.ok) {
    // A list the page bound stopped: the replicas it did not return keep Run:ai's order, and the verdict says so.
    if (!listed.complete && listCommand)
      tier2.limitations.push({ type: 'pods-list-partial', command: listCommand, listed: listed.pods.size, total: valid.length });
    const ranked = rankByContainerClock(valid, listed.pods, recordedFailureEnds(input.analysis.signals, valid));
    valid.splice(0, valid.length, ...ranked);
    byContainerClock = true;
    const earliest = ranked.slice(0, MAX_TIER2_PODS).filter((name) => !selected.includes(name));
    if (earliest.length > 0) {
      selected.push(...earliest);
      podRound.push(...(await readPods(earliest)));
      if (capped) capped.inspected = selected.length;
    }
  } else if (listed) {
    tier2.limitations.push({
      type: 'pods-list-failed',
      command: listCommand,
      reason: listed.reason === 'unlabelled' || listed.reason === 'invalid-name' ? listed.reason : FAILURE_REASONS[listed.reason],
    });
  }
  let mask = maskOf(selected, podRound);
  signalsOfPods(podRound, mask);
  const afterPods = input.reanalyse(podSignals);
  input.onPodRound?.(afterPods);

  const use = afterPods.gate.action === 'continue' ? TIER2_USE[afterPods.classification.category] : null;
  const unexplainedKill = afterPods.classification.category === 'UNKNOWN' && afterPods.signals.some((signal) => signal.kind === 'EXIT_SYSTEM_SIGNAL');
  const readNodes = use?.node === 'always' || (use?.node === 'unexplained-kill' && unexplainedKill);

  // Round B: logs of the failing containers ∥ node conditions.
  // Pods whose container exited on its own before pods whose container was killed (exit 137/143): of
  // a distributed job's replicas, the one that raised an exception is the log to read, not the
  // peers the teardown SIGTERMed. Stable otherwise (the candidates' order), or, in the second round,
  // the containers' own end (finishedAt) first: Tier 1's order is what that round doubts.
  const logTargetsOf = (reads: readonly PodRead[], which: 'main' | 'init', byFinish: boolean, budget = MAX_LOG_READS): LogTarget[] => {
    const targets: LogTarget[] = [];
    const killed = (entry: PodRead) => (entry.pod.ok ? (failingContainer(entry.pod.value, which)?.system ?? false) : false);
    const finished = (entry: PodRead) => (byFinish && entry.pod.ok ? finishedAtOf(entry.pod.value, which) : 0);
    const earlier = (a: PodRead, b: PodRead) => Math.sign(finished(a) - finished(b)) || 0;
    for (const { name, pod } of [...reads].sort((a, b) => Number(killed(a)) - Number(killed(b)) || earlier(a, b))) {
      if (targets.length >= budget) break;
      if (!pod.ok) {
        // No status to say which container failed; a deleted pod has no logs either.
        if (pod.reason === 'not-found') failed('logs', logsCommand(namespace, name, { container: null, previous: true }), 'not-found');
        continue;
      }
      const container = failingContainer(pod.value, which);
      if (!container || !isDnsLabel(container.name)) continue;
      const siblings = (which === 'init' ? pod.value.spec?.initContainers : pod.value.spec?.containers) ?? [];
      const named = which === 'init' || siblings.length !== 1 ? container.name : null;
      targets.push({
        pod: name,
        container: container.name,
        init: which === 'init',
        previous: container.previous,
        command: logsCommand(namespace, name, { container: named, previous: container.previous }),
      });
    }
    return targets;
  };
  const logTargets: LogTarget[] = use?.logs ? logTargetsOf(podRound, use.logs, byContainerClock) : [];
  if (use?.logs && logTargets.length === 0) {
    const found = podRound.find((entry) => entry.pod.ok);
    if (found) tier2.limitations.push({ type: 'no-failed-container', podName: quoteName(found.name) });
  }

  // The nodes of the selected pods (a deciding signal's node first), at most MAX_NODE_READS.
  const chooseNodeNames = (first: readonly string[] = []): string[] => {
    const names: string[] = [];
    const fromSignals = afterPods.classification.supporting.flatMap((signal) => (signal.nodeName ? [signal.nodeName] : []));
    const fromK8sPods = podRound.flatMap(({ pod }) => (pod.ok && pod.value.spec?.nodeName ? [pod.value.spec.nodeName] : []));
    const fromRunaiPods = evidence.pods.ok
      ? evidence.pods.value.filter((pod) => selected.includes(pod.name)).flatMap((pod) => (pod.nodeName ? [pod.nodeName] : []))
      : [];
    for (const name of new Set([...first, ...fromSignals, ...fromK8sPods, ...fromRunaiPods])) {
      if (names.length >= MAX_NODE_READS) break;
      if (isDnsSubdomain(name)) names.push(name);
    }
    if (names.length === 0) tier2.limitations.push({ type: 'no-node' });
    return names;
  };
  const readNodeConditions = (names: readonly string[]) =>
    Promise.all(
      names.map(async (name) => {
        const command = describeNodeCommand(name);
        tier2.commands.push(command);
        return { name, command, node: await attempt<K8sNode>(() => reader.getNode(name)) };
      }),
    );
  const nodeNames = readNodes ? chooseNodeNames() : [];

  const readLogs = (targets: readonly LogTarget[]) =>
    Promise.all(
      targets.map(async (target) => {
        tier2.commands.push(target.command);
        const log = await attempt(() =>
          reader.getPodLog(namespace, target.pod, {
            container: target.container,
            previous: target.previous,
            tailLines: LOG_TAIL_LINES,
            limitBytes: LOG_LIMIT_BYTES,
          }),
        );
        return { target, log };
      }),
    );
  const [logReads, nodeReads] = await Promise.all([readLogs(logTargets), readNodeConditions(nodeNames)]);
  keepLogs(logReads);

  // Round B2, by evidence and bounded: the first round's reads leave the origin undecided, so the next
  // replicas by the same ranking are read — pod ∥ events, then their logs, earliest container end first.
  const undecided = use?.logs && peers ? (input.originUndecided?.(afterPods, tier2.logs) ?? false) : false;
  // Both rounds read MAX_TIER2_PODS + MAX_SECOND_ROUND_PODS pods at most, round A′'s (the list's earliest) included.
  const second = undecided ? valid.filter((name) => !selected.includes(name)).slice(0, MAX_TIER2_PODS + MAX_SECOND_ROUND_PODS - selected.length) : [];
  let current = afterPods;
  // Every pod read by either round, for the nodes under the pods whose own log holds a CUDA error (round C).
  let podReads: readonly PodRead[] = podRound;
  // The first round's pods whose log had no read left are next by the same ranking, beside the new ones —
  // also when no pod is left to read: with fewer replicas, the one whose log was skipped may be the origin.
  const unreadLogs = podRound.filter((entry) => entry.pod.ok && !logTargets.some((target) => target.pod === entry.name));
  if (use?.logs && undecided && second.length + unreadLogs.length > 0) {
    const secondRound = second.length > 0 ? await readPods(second) : [];
    podReads = [...podRound, ...secondRound];
    if (second.length > 0) {
      mask = maskOf([...selected, ...second], [...podRound, ...secondRound]);
      signalsOfPods(secondRound, mask);
      current = input.reanalyse(podSignals);
    }
    keepLogs(await readLogs(logTargetsOf([...unreadLogs, ...secondRound], use.logs, true, MAX_SECOND_ROUND_LOGS)));
  }
  // The cap's limitation counts both rounds' pods; none when the second round read every replica left.
  if (capped && second.length > 0) {
    capped.inspected += second.length;
    if (capped.inspected >= capped.total) tier2.limitations.splice(tier2.limitations.indexOf(capped), 1);
  }

  function keepLogs(reads: readonly { target: LogTarget; log: Attempt<{ text: string; truncated: boolean }> }[]): void {
    for (const { target, log } of reads) keepLog(target, log);
  }
  function keepLog(target: LogTarget, log: Attempt<{ text: string; truncated: boolean }>): void {
    if (!log.ok) {
      failed('logs', target.command, log.reason);
      return;
    }
    if (log.value.truncated) tier2.limitations.push({ type: 'log-truncated', command: target.command, bytes: LOG_LIMIT_BYTES });
    const selectedLine = selectLogLine(log.value.text, mask);
    if (!selectedLine) {
      tier2.limitations.push({ type: 'log-empty', command: target.command });
      return;
    }
    tier2.logs.push({
      fact: {
        type: 'log-line',
        podName: quoteName(target.pod),
        container: quoteName(target.container),
        previous: target.previous,
        line: quoteEvidence(selectedLine.line, 360),
        fallback: selectedLine.hint === null,
      },
      source: target.command,
      hint: selectedLine.hint,
      init: target.init,
      ...peerLine(input.peerLineOf?.(log.value.text, mask, selectedLine.line) ?? null),
      ...relayed(input.relayedRanksOf?.(log.value.text, mask) ?? []),
      ...wrapped(input.wrappedErrorOf?.(log.value.text, mask, selectedLine.line) ?? null),
    });
  }

  // Round C: a crash whose log or message is a CUDA error may be the GPU's fault, not the
  // application's — the same CUDA errors (an illegal memory access, an uncorrectable ECC error,
  // an unspecified launch failure) follow application bugs and hardware Xids alike (NVIDIA's
  // Xid catalogue, docs.nvidia.com/deploy/xid-errors). The node's conditions (GPU health,
  // node-problem-detector) tell which; only then, so an ordinary crash costs no extra read.
  const cudaPods = new Set(tier2.logs.filter((finding) => finding.hint === 'cuda-error').map((finding) => finding.fact.podName));
  const cudaError =
    current.classification.category === 'CRASH_APP_ERROR' &&
    (cudaPods.size > 0 || current.classification.supporting.some((signal) => signal.line && hintOfLine(mask(signal.line.text)) === 'cuda-error'));
  // The nodes under the pods whose own log holds the CUDA error first, whichever round read them: which
  // replicas fit in the first round was the ranking's doing, and the node to read is the error's.
  // The node under each read pod of `pods` that `accept` keeps: its spec's, else Run:ai's listing's.
  const nodesUnder = (pods: ReadonlySet<string>, accept: (read: PodRead) => boolean = () => true) =>
    podReads.flatMap((read) =>
      pods.has(quoteName(read.name)) && accept(read)
        ? read.pod.ok && read.pod.value.spec?.nodeName
          ? [read.pod.value.spec.nodeName]
          : runaiNodeOf(evidence, read.name)
        : [],
    );
  const cudaNodes = () => nodesUnder(cudaPods);
  // A crash whose own log states no failure — no line of error or worse, no exception, only start-up or info output
  // (selectLogLine's fallback, no peer's loss) — is unexplained by its log: what ended it may be under it, so the
  // node under that pod is read as for a CUDA error (an Xid 79 "GPU has fallen off the bus" kills a process that
  // never printed an error: NVIDIA's Xid catalogue, docs.nvidia.com/deploy/xid-errors).
  const silentPods = new Set(tier2.logs.filter((finding) => finding.fact.fallback && finding.peerLine === undefined).map((finding) => finding.fact.podName));
  const unexplained =
    current.classification.category === 'CRASH_APP_ERROR' &&
    silentPods.size > 0 &&
    !tier2.logs.some((finding) => !finding.fact.fallback && finding.peerLine === undefined);
  // Only a container that exited by itself (an exit code below 128: no signal sent it, unlike a probe's or an OOM kill's
  // SIGKILL, which the kill's own record explains) and whose log says nothing is left unexplained.
  const silentNodes = () => nodesUnder(silentPods, ({ pod }) => pod.ok && exitedByItself(pod.value));
  const silentNodeNames = !readNodes && !cudaError && unexplained ? silentNodes() : [];
  const faultNodes = !readNodes && cudaError ? chooseNodeNames(cudaNodes()) : silentNodeNames.length > 0 ? chooseNodeNames(silentNodeNames) : [];
  // A launcher relaying a lost daemon (Open MPI's [node-died]) or a rank's exit (Hydra's EXIT CODE frame) names the
  // host where it happened: that host's node is read whatever the category — its conditions (Ready, pressure, a
  // hardware Xid) tell a node lost or faulty under the rank from a rank that failed by itself (attributeRelays.ts).
  const alreadyRead = new Set([...nodeNames, ...faultNodes]);
  const relayNodes = [...new Set(input.relayHostNodes?.(tier2.logs) ?? [])]
    .filter((name) => isDnsSubdomain(name) && !alreadyRead.has(name))
    .slice(0, MAX_RELAY_NODE_READS);
  const followUpReads = faultNodes.length + relayNodes.length > 0 ? await readNodeConditions([...faultNodes, ...relayNodes]) : [];

  const failureAt = input.analysis.currentFailureAt;
  const nodeSignals: Signal[] = [];
  for (const { name, command, node } of [...nodeReads, ...followUpReads]) {
    if (node.ok) nodeSignals.push(...signalsFromKubernetesNode(node.value, name, command, failureAt));
    else failed('node', command, node.reason);
  }

  tier2.signals = [...podSignals, ...nodeSignals];
  const analysis = nodeSignals.length > 0 ? input.reanalyse(tier2.signals) : current;
  return { tier2, analysis };
}

/** Kinds of a Tier 1 event that are no failure of the pod (readReplicaFailures.ts NOT_A_FAILURE): a scheduling wait, a probe that failed without a kill. */
const NOT_A_FAILURE: ReadonlySet<Signal['kind']> = new Set(['UNSCHEDULABLE', 'PROBE_FAILURE']);

/**
 * The earliest dated Tier 1 record of each replica's own failure: an event (or a history event) whose object is the
 * pod and whose row names a failure. Another of its own clocks, beside the container's end (rankByContainerClock.ts).
 */
function recordedFailureEnds(signals: readonly Signal[], names: readonly string[]): Map<string, number> {
  const byQuoted = new Map(names.map((name) => [quoteName(name), name]));
  const ends = new Map<string, number>();
  for (const signal of signals) {
    const { fact } = signal;
    if ((fact.type !== 'event' && fact.type !== 'history-event') || !fact.objectName || NOT_A_FAILURE.has(signal.kind)) continue;
    const name = byQuoted.get(fact.objectName);
    const at = signal.firstAt ?? signal.at;
    if (name === undefined || at === null) continue;
    ends.set(name, Math.min(at, ends.get(name) ?? Number.POSITIVE_INFINITY));
  }
  return ends;
}

/** The node Run:ai's listing places a pod on, as a one-item list (empty when unknown). */
function runaiNodeOf(evidence: CollectTier2Input['evidence'], name: string): string[] {
  const node = evidence.pods.ok ? evidence.pods.value.find((pod) => pod.name === name)?.nodeName : null;
  return node ? [node] : [];
}

/** The failing main container's newest termination is an exit by itself: a non-zero code below 128 (128 + n is signal n). */
function exitedByItself(pod: K8sPod): boolean {
  const container = failingContainer(pod, 'main');
  const status = (pod.status?.containerStatuses ?? []).find((candidate) => candidate.name === container?.name);
  const code = status ? newestTermination(status)?.terminated.exitCode : undefined;
  return code !== undefined && code > 0 && code < 128;
}

/** Epoch ms of the failing container's own end (its newest termination's finishedAt); +∞ when unknown, so it sorts last. */
function finishedAtOf(pod: K8sPod, which: 'main' | 'init'): number {
  const container = failingContainer(pod, which);
  const statuses = (which === 'init' ? pod.status?.initContainerStatuses : pod.status?.containerStatuses) ?? [];
  const status = statuses.find((candidate) => candidate.name === container?.name);
  const termination = status ? newestTermination(status) : null;
  return parseTimestamp(termination?.terminated.finishedAt) ?? Number.POSITIVE_INFINITY;
}

/** What peerLineOf found: the line, the words its format matched (kept by the quote's elision), whether the decisive line is in its error. */
interface PeerLineFound {
  line: string;
  match: string;
  decisiveInIt: boolean;
}

type Relayed = NonNullable<Tier2LogFinding['relayed']>[number];

const relayed = (ranks: readonly Relayed[]): { relayed?: Tier2LogFinding['relayed'] } =>
  ranks.length === 0
    ? {}
    : {
        relayed: ranks.map(({ host, signal, exitCode, line }) => ({
          host,
          signal,
          ...(exitCode === undefined ? {} : { exitCode }),
          line: quoteEvidence(line, 360),
        })),
      };

const wrapped = (line: string | null): { wrapped?: string } => (line === null ? {} : { wrapped: quoteEvidence(line, 360) });

const peerLine = (found: PeerLineFound | null): { peerLine?: string; inPeerError?: true } =>
  found === null ? {} : { peerLine: quoteEvidence(found.line, 360, found.match), ...(found.decisiveInIt ? { inPeerError: true as const } : {}) };
