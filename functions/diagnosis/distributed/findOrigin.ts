/**
 * The origin of a multi-pod failure (§4.8): order the failed replicas by their first failure,
 * pass over those whose failure reads as a peer's death (collateralFormatTable.ts), and name
 * the earliest that remains. Never a majority vote, never the listing order. When the order
 * cannot be told — nothing dated, two replicas failing on their own within the same second,
 * or only peer deaths everywhere — there is no origin and the finding says why. Pure.
 */
import type { CollateralFormat, DistributedFinding } from '../model/DistributedFinding.js';
import type { Pod } from '../ports/RunaiSchemas.js';
import { matchCollateralFormat } from '../signals/collateralFormatTable.js';
import { quoteName } from '../signals/quoteEvidence.js';
import { runsPeerReplicas } from '../ports/workloadKinds.js';
import { OWN_CAUSE, readReplicaFailures, type ReplicaFailure, type ReplicaInput } from './readReplicaFailures.js';
import { commonOwnCause } from './commonOwnCause.js';
import { replicaPods } from './replicaPods.js';
import { replicaRole } from './replicaRole.js';

const SECOND_MS = 1000;

/**
 * Peer-death formats that only say the replica was stopped — the controller's teardown (SIGTERM, exit
 * 143, the kubelet's "Stopping container") or a preemption after the failure — not what the framework
 * lost: every survivor of every failure shows them, so they tell a reader nothing about this one.
 */
const TEARDOWN_FORMATS: ReadonlySet<CollateralFormat> = new Set(['sigterm', 'preempted-after']);

/**
 * The latest instant a failure time can stand for. Kubernetes writes most times (a container's
 * `finishedAt`, an event's `lastTimestamp`: metav1.Time, RFC 3339 in whole seconds) cut to the second,
 * so a time with no fraction of a second may be any instant of that second; a time that carries
 * milliseconds (Run:ai's own times, an event's MicroTime `eventTime`) is the instant itself. Two
 * failures are simultaneous when what they can stand for overlaps — whole-second times in one second,
 * never two millisecond times 450 ms apart. Read from the parsed instant, whatever its textual form.
 */
export const latestOf = (at: number) => (at % SECOND_MS === 0 ? at + SECOND_MS - 1 : at);

export interface OriginReading {
  finding: DistributedFinding;
  /** The origin replica (its signals decide the category); null when there is none. */
  origin: ReplicaFailure | null;
  /** The replicas whose failures are collateral. */
  collateral: ReplicaFailure[];
  /**
   * With no origin: no failed replica shows a cause of its own (an own-cause kind or a line of its
   * own), only peer deaths and bare exits — nothing to take a category from.
   */
  noOwnCause: boolean;
  /** Epoch ms of the earliest dated replica failure, collateral included; null when none is dated. */
  firstFailureAt: number | null;
}

/** Null for a workload with fewer than two pods, or of a kind that runs one replica: it has no origin to find. */
export function findOrigin(input: ReplicaInput): OriginReading | null {
  const pods = replicaPods(input.evidence);
  // A kind that runs one pod at a time (workloadKinds.ts `replicas`) has attempts, not peers.
  if (pods.length < 2 || !runsPeerReplicas(input.evidence.status.type)) return null;
  const replicas = readReplicaFailures(input);
  // A replica's own preemption is the job's fate, not a failure that came before it.
  const dated = replicas.flatMap((replica) => (replica.at === null || replica.format?.format === 'preempted-after' ? [] : [replica.at]));
  const firstFailureAt = dated.length > 0 ? Math.min(...dated) : null;
  // The order Tier 2 should read the replicas in: those that may be the origin (undated first: only
  // Tier 2 can date them), earliest first, then the peer deaths.
  const byTime = (a: ReplicaFailure, b: ReplicaFailure) => (a.at ?? Number.NEGATIVE_INFINITY) - (b.at ?? Number.NEGATIVE_INFINITY);
  // The first dated peer death (a watchdog timeout, a store reset, the teardown's SIGTERM): by then the
  // failure that started it all had already happened somewhere.
  const peerDeaths = replicas.flatMap((replica) =>
    !ownCause(replica) && replica.format?.strength === 'peer' && replica.format.format !== 'preempted-after' && replica.at !== null ? [replica.at] : [],
  );
  const firstPeerDeath = peerDeaths.length > 0 ? Math.min(...peerDeaths) : null;
  // A replica may be the origin unless its failure is a peer's death with no cause of its own (a line
  // of its own, an exception, outweighs the teardown's SIGTERM that stopped its pod afterwards), or it
  // shows no cause of its own (a bare exit, an unread log) and failed only after a peer had already
  // died of someone's failure: nothing then says the failure was this one.
  // A replica nothing dates and that shows nothing of its own (a listing's bare Error, a pod Tier 2 had
  // no read left for) cannot be ordered, but it shows no cause either: against a dated replica with a
  // cause of its own it holds up nothing, and once that one is the origin it is counted as collateral.
  const datedCause = replicas.some((replica) => replica.at !== null && ownCause(replica) && replica.format?.format !== 'preempted-after');
  const silent = (replica: ReplicaFailure) => replica.at === null && replica.format === null && !ownCause(replica);
  const mayBeOrigin = (replica: ReplicaFailure) =>
    ownCause(replica) ||
    (replica.format?.strength !== 'peer' &&
      !(firstPeerDeath !== null && replica.at !== null && replica.at > latestOf(firstPeerDeath)) &&
      !(datedCause && silent(replica)));
  // Among those Tier 2 should date, a cause of its own first: the likelier origin is the read not to miss.
  const byCause = (a: ReplicaFailure, b: ReplicaFailure) => Number(ownCause(b)) - Number(ownCause(a));
  const inTimeOrder = [
    ...replicas.filter(mayBeOrigin).sort((a, b) => byTime(a, b) || byCause(a, b)),
    ...replicas.filter((replica) => !mayBeOrigin(replica)).sort(byTime),
  ];
  // The replicas that failed with the first, within what its time can stand for, stay in front: only their
  // causes can order them (the tie rule below), so Tier 2 must read them all.
  const firstAt = inTimeOrder[0]?.at ?? null;
  const leading = byOddity(inTimeOrder.filter((replica, index) => index === 0 || (firstAt !== null && replica.at !== null && replica.at <= latestOf(firstAt))));
  // Then every replica that shows a cause of its own, before the bare exits Run:ai dates earlier: Run:ai's pod
  // end can lag the container's own end by minutes (docs/procedure.md, "Two clocks"), so a cause dated last by
  // Run:ai may have come first, and only its container's finishedAt — a Tier 2 read — can say. And the first of
  // each kind of evidence before its repeats, the lead tie's included (distinctFirst): the read budget goes to
  // the evidence, never to the count of identical peers nor to the order the listing put them in.
  const rest = inTimeOrder.filter((replica) => !leading.includes(replica));
  const causeShown = replicas.some(ownCause);
  const mayBeOriginByCause = (replica: ReplicaFailure) => mayBeOrigin(replica) && ownCause(replica);
  const causesFirst = bothEndsFirst([...rest.filter(mayBeOriginByCause), ...rest.filter((replica) => !mayBeOriginByCause(replica))], causeShown, mayBeOrigin);
  const leadTie = distinctFirst(leading);
  const after = distinctFirst(causesFirst, leadTie.seen);
  const inspect = acrossRoles(
    leadTie.firsts.map((replica) => replica.pod.name),
    [...after.firsts, ...leadTie.repeats, ...after.repeats].map((replica) => replica.pod.name),
    input.evidence.status.name,
    causeShown,
  );
  const causeless = !causeShown && replicas.some((replica) => replica.format?.strength === 'peer');
  // The peer-death line for a verdict with no cause to quote: the most informative consequence first — a
  // framework's statement of what it lost (a collective timed out, a peer's socket was reset, Ray's
  // ActorDiedError) over the teardown that only stopped a replica (an exit 143, "Stopping container",
  // a preemption) — then the earliest dated.
  const peerLine = (): DistributedFinding['collateralLine'] => {
    const teardown = (format: CollateralFormat) => Number(TEARDOWN_FORMATS.has(format));
    const chosen = replicas
      .flatMap(({ at, format }) => (format?.strength === 'peer' ? [{ at: at ?? Number.MAX_SAFE_INTEGER, format }] : []))
      .sort((a, b) => teardown(a.format.format) - teardown(b.format.format) || a.at - b.at)[0];
    return chosen ? { text: chosen.format.line, rule: null, fromPayload: true } : null;
  };
  const unknown = (reason: NonNullable<DistributedFinding['unknown']>['reason'], count = replicas.length): OriginReading => ({
    finding: {
      origin: null,
      collateral: 0,
      later: 0,
      collateralFormats: [],
      unknown: { reason, replicas: count },
      collateralLine: reason === 'only-collateral' || causeless ? peerLine() : null,
      inspect,
    },
    origin: null,
    collateral: [],
    noOwnCause: reason === 'only-collateral' || causeless,
    firstFailureAt,
  });
  if (replicas.length === 0) return unknown('no-replica-failure');

  const candidates = replicas.filter(mayBeOrigin);
  if (candidates.length === 0) return unknown('only-collateral');
  if (candidates.some((candidate) => candidate.at === null)) return unknown('no-timestamps');
  const ordered = [...candidates].sort((a, b) => (a.at as number) - (b.at as number));
  // Failures the clock cannot order are simultaneous (latestOf: within the second a whole-second time
  // stands for). Among them, the one replica that shows a cause of its own (an OOM kill, an exception in
  // its log) is the origin; the others only exited (a bare exit code, a wrapper). None, or two with
  // causes of their own: untold.
  const tied = ordered.filter((candidate) => (candidate.at as number) <= latestOf(ordered[0]!.at as number));
  const withCause = tied.filter(ownCause);
  if (tied.length > 1 && withCause.length !== 1) return unknown('same-second');
  // A peer that shows a cause of its own is no one's collateral: when every replica that shows anything shows the
  // same cause of its own within one second, the failure is common to all and none is the origin (commonOwnCause.ts).
  const common = commonOwnCause(replicas, { ownCause, cause: causeOf, mask: input.mask });
  if (common !== null) return unknown('common-cause', common);
  // Causes are compared at the depth they were read at. A tied replica whose container exited by itself
  // (exit 1: no signal sent by anyone, unlike the teardown's SIGTERM) and whose log Tier 2 had no read
  // left for may hold an exception of its own as much as the one whose log was read: when that one's
  // cause was found by Tier 2 (not an OOM kill or a node loss Tier 1 already showed), "the only one with
  // a cause" is not known, and neither is the origin.
  // A replica that shows no cause of its own (a bare exit, a log nobody read), dated with the first peer's statement
  // of a loss, is not told from the replicas that state consequences when it exited as they did: every LightGBM rank
  // ends with exit 1 after "Socket recv error, Connection reset by peer (code: 104)" (microsoft/LightGBM
  // src/network/socket_wrapper.hpp), so another exit 1 whose log was not read says no more than theirs. Its exit
  // is told apart only when theirs differs (the teardown's SIGTERM, 143, against its own exit 1).
  const lone = tied.length === 1 ? ordered[0]! : null;
  if (lone && !ownCause(lone) && firstPeerDeath !== null && latestOf(lone.at as number) >= firstPeerDeath && exitsLikeConsequence(lone, replicas))
    return unknown('same-second');
  const unreadExits = tied.filter((replica) => !ownCause(replica) && replica.format === null && replica.ownExitUnread);
  if (tied.length > 1 && !withCause[0]!.tier1Cause && unreadExits.length > 0) return unknown('tied-unread', unreadExits.length);
  const unread = tied.filter((replica) => !ownCause(replica) && !replica.read);
  const first = (tied.length > 1 ? withCause[0] : ordered[0]) as ReplicaFailure & { at: number };
  // A cause Tier 1 showed stands over tied replicas Tier 2 did not read; when Tier 2 read some, the
  // verdict says how many of the tied ones it had no read left for.
  const unreadTied = replicas.some((replica) => replica.read) ? unread.length : 0;

  // §4.8: the other replicas' later failures are collateral — a peer-death format says so even
  // undated; a dated failure after the origin's with no cause of its own (an OOM kill, a node
  // failure, an Xid) is one too, whatever it printed (a bare exit 1, a SIGTERM's exit 143).
  // A statement of a peer's death with no cause of its own is collateral whatever its time: dated
  // before the origin's failure, its node's clock runs behind (each kubelet stamps its own pods'
  // times), or the origin hung before it died — the statement, not the clock, says it followed.
  const peerStatement = (replica: ReplicaFailure) => !ownCause(replica) && replica.format?.strength === 'peer' && replica.format.format !== 'preempted-after';
  const collateral = [
    ...replicas.filter(
      (replica) =>
        replica !== first &&
        !replica.own &&
        (peerStatement(replica) || (replica.at === null ? replica.format !== null || silent(replica) : latestOf(replica.at) >= first.at)),
    ),
    ...endedWithJob(input, pods, replicas),
  ];
  const lead = leadingSignal(first);
  // A kill by a signal (exit 137) that nothing explains: its exit code is what the origin shows.
  const kill = lead?.line || first.own ? null : (first.signals.find((signal) => signal.kind === 'EXIT_SYSTEM_SIGNAL' && signal.exitCode != null) ?? null);
  const signal = kill ?? lead;
  // A rank killed on this replica's host, as its MPI launcher reported it (attributeRelays.ts): that report
  // is what ended it, not the teardown's exit its own pod showed afterwards.
  const relayed = first.relayedBy !== undefined && !first.own ? first.ownLine : null;
  // A supervisor's summary (torchrun's ChildFailedError) quoted by the lead signal, or the only words left (the replica's
  // format line) when the lead is a bare exit code: the rank's exception it wraps says why (wrappedErrorOf.ts).
  const leadLine = signal ? lineOf(signal) : null;
  const summarised = leadLine !== null ? isSummary(leadLine, input.mask) : first.format !== null && isSummary(first.format.line, input.mask);
  // A lead line — or, with none, the format line — that is itself a peer's loss (another rank's reset relayed after
  // the origin's traceback) is no statement of the origin's: its own line, when it has one, says why.
  const words = leadLine ?? first.format?.line ?? null;
  const consequence = words !== null && matchCollateralFormat(input.mask(words))?.strength === 'peer';
  const wrapped = summarised || consequence ? first.ownLine : null;
  const originLine =
    relayed ??
    wrapped ??
    leadLine ??
    (kill ? `exit code ${kill.exitCode}` : null) ??
    first.format?.line ??
    // Its own words (an exception Tier 2 read) before the listing's status word.
    first.ownLine ??
    quoteName(first.pod.k8sPhase ?? '');
  return {
    finding: {
      origin: {
        pod: quoteName(first.pod.name),
        node: first.pod.nodeName ? quoteName(first.pod.nodeName) : null,
        at: first.at,
        kind: signal?.kind ?? null,
        line: originLine,
        lineIsStatus: originLine === quoteName(first.pod.k8sPhase ?? ''),
        source: first.source,
        rawPod: first.pod.name,
      },
      collateral: collateral.length,
      later: replicas.filter((replica) => replica !== first && !collateral.includes(replica)).length,
      collateralFormats: byFrequency(collateral.flatMap((replica) => (replica.format ? [replica.format.format] : []))),
      unknown: null,
      collateralLine: null,
      ...(unreadTied > 0 ? { unreadTied } : {}),
      inspect: [first.pod.name, ...inspect.filter((name) => name !== first.pod.name)],
    },
    origin: first,
    collateral,
    noOwnCause: false,
    firstFailureAt,
  };
}

/**
 * The order Tier 2 reads the replicas in, over their roles: while no replica shows a cause of its own,
 * the first of each role the controller gave the pods (replicaRole.ts: a Ray head and its workers, an
 * MPI launcher and its workers, a master and its workers) comes before a second of the same role —
 * the roles log different things: Ray's driver on the head raises its workers' deaths
 * (ray-project/ray python/ray/exceptions.py ActorDiedError), mpirun on the launcher relays every
 * rank's stderr (open-mpi/ompi orte/tools/orterun/help-orterun.txt "mpirun noticed that process rank
 * …"), a master hosts the rendezvous store (pytorch torch/distributed/elastic/rendezvous). Reading
 * three workers SIGTERMed by the same teardown tells less than one worker and the head. A role is read
 * from the controller-made part of a pod's name, only to order reads, never for the verdict. Once a
 * replica shows a cause of its own, the time order stands: the likely origin is known. The replicas
 * that failed with the first (`leading`) stay in front either way.
 */
function acrossRoles(leading: readonly string[], names: readonly string[], workload: string, causeKnown: boolean): string[] {
  if (causeKnown) return [...leading, ...names];
  const roleOf = (name: string) => replicaRole(name, workload) ?? 'unknown';
  const seen = new Set(leading.map(roleOf));
  const firsts: string[] = [];
  const rest: string[] = [];
  for (const name of names) {
    const role = roleOf(name);
    (seen.has(role) ? rest : firsts).push(name);
    seen.add(role);
  }
  return [...leading, ...firsts, ...rest];
}

/**
 * Run:ai's pod end bounds a replica's failure from above only (it can lag the container's own end, never
 * precede it: docs/procedure.md "Two clocks"), so while no replica shows a cause of its own, the order of
 * the bare exits it dates holds two readings — the earliest end if Run:ai kept time, the latest if it
 * lagged: a lag hides a first failure only once it carries it past its peers' ends, and the larger the
 * lag the nearer the end of the order it lands. The latest-dated bare exit is therefore read right after
 * the replicas that ended with the first, before the middle of the order, which neither reading favours.
 * Once a cause is shown (an OOM status, an exit 137) the order is left as it is: that cause is read first.
 */
function bothEndsFirst(rest: readonly ReplicaFailure[], causeShown: boolean, mayBeOrigin: (replica: ReplicaFailure) => boolean): ReplicaFailure[] {
  if (causeShown) return [...rest];
  let latest: ReplicaFailure | null = null;
  for (const replica of rest)
    if (replica.at !== null && replica.format === null && mayBeOrigin(replica) && (latest === null || replica.at > (latest.at as number))) latest = replica;
  return latest ? [latest, ...rest.filter((replica) => replica !== latest)] : [...rest];
}

/**
 * What the evidence read so far shows of a replica's failure, without its name or time: its status word,
 * the kinds and exit codes of its signals, the peer-death format it reads as.
 */
const evidenceShape = (replica: ReplicaFailure): string =>
  [
    (replica.pod.k8sPhase ?? '').trim().toLowerCase(),
    [...new Set(replica.signals.map((signal) => `${signal.kind}:${signal.exitCode ?? ''}`))].sort().join(','),
    replica.format?.format ?? '',
  ].join('|');

/**
 * Replicas in the given order split into the first of each kind of evidence and its repeats: a replica
 * whose evidence read so far (evidenceShape) and whose end (what its time can stand for: latestOf) are
 * those of one before it tells Tier 2 nothing that one will not. Adding identical consequence peers (a
 * larger job torn down alike) must not push a replica with other evidence out of the bounded reads, so
 * their count never decides what is read. `seen` carries the kinds already placed (the lead tie's) into
 * the next call.
 */
function distinctFirst(
  replicas: readonly ReplicaFailure[],
  seen: ReadonlySet<string> = new Set(),
): { firsts: ReplicaFailure[]; repeats: ReplicaFailure[]; seen: Set<string> } {
  const kinds = new Set(seen);
  const firsts: ReplicaFailure[] = [];
  const repeats: ReplicaFailure[] = [];
  for (const replica of replicas) {
    const key = `${evidenceShape(replica)}@${replica.at === null ? '' : latestOf(replica.at)}`;
    (kinds.has(key) ? repeats : firsts).push(replica);
    kinds.add(key);
  }
  return { firsts, repeats, seen: kinds };
}

/**
 * The replicas tied with the first, in the order Tier 2 reads them when there are more than it can read:
 * a cause of its own first, then the replica whose evidence differs from its peers' before those that
 * repeat the majority's — the odd exit code or status out of a group that shares one. A teardown stops
 * every survivor alike (one SIGTERM, one exit code, one watchdog timeout each); the failure that started
 * it is the one that looks different. Stable otherwise.
 */
function byOddity(tied: readonly ReplicaFailure[]): ReplicaFailure[] {
  const counts = new Map<string, number>();
  for (const replica of tied) counts.set(evidenceShape(replica), (counts.get(evidenceShape(replica)) ?? 0) + 1);
  const share = (replica: ReplicaFailure) => counts.get(evidenceShape(replica)) ?? 0;
  return [...tied].sort((a, b) => Number(ownCause(b)) - Number(ownCause(a)) || share(a) - share(b));
}

/**
 * The replicas of a failed job that the pods listing no longer holds and about which nothing but their
 * scheduling is left (the history keeps a cleaned-up pod's events): they ran, and they ended when the
 * job was torn down — silent replicas, collateral once an origin with a cause of its own is named.
 */
function endedWithJob(input: ReplicaInput, pods: readonly Pod[], replicas: readonly ReplicaFailure[]): ReplicaFailure[] {
  if (!/^failed$/i.test(input.evidence.status.phase.trim())) return [];
  const listed = new Set(input.evidence.pods.ok ? input.evidence.pods.value.map((pod) => pod.name) : []);
  const failed = new Set(replicas.map((replica) => replica.pod.name));
  return pods
    .filter((pod) => !listed.has(pod.name) && !failed.has(pod.name))
    .map((pod) => ({
      pod,
      signals: [],
      at: null,
      source: 'get_workload_history',
      format: null,
      own: false,
      ownLine: null,
      read: false,
      logRead: false,
      ownExitUnread: false,
      tier1Cause: false,
    }));
}

/** A replica shows a cause of its own: an own-cause kind (OOM kill, node failure, Xid…) or a line of its own that is no peer's death. */
function ownCause(replica: ReplicaFailure): boolean {
  // A SIGKILL (exit 137) in the first second is no teardown's: a controller's deletion sends SIGTERM and
  // kills only after the grace period (terminationGracePeriodSeconds, 30 s by default).
  return replica.own || replica.ownLine !== null || replica.signals.some((signal) => signal.exitCode === SIGKILL_EXIT);
}

const SIGKILL_EXIT = 137;

/** The exit codes a replica's signals show. */
const exitCodes = (replica: ReplicaFailure) => new Set(replica.signals.flatMap((signal) => (signal.exitCode == null ? [] : [signal.exitCode])));

/** Another replica that states a consequence and no cause of its own ended with one of this replica's exit codes. */
function exitsLikeConsequence(replica: ReplicaFailure, replicas: readonly ReplicaFailure[]): boolean {
  const own = exitCodes(replica);
  return replicas.some(
    (other) => other !== replica && !ownCause(other) && other.format?.strength === 'peer' && [...exitCodes(other)].some((code) => own.has(code)),
  );
}

/** A line that only summarises a child's failure (a 'wrapper' row of collateralFormatTable.ts: torchrun's ChildFailedError). */
const isSummary = (line: string, mask: (line: string) => string) => matchCollateralFormat(mask(line))?.strength === 'wrapper';

/**
 * The signal that ended the origin: a signal that states a cause before one that reports the action
 * taken, then the earliest. The kubelet writes its `Evicted` event with the reason ("Pod ephemeral
 * local storage usage exceeds the total limit of containers 200Gi.": pkg/kubelet/eviction/
 * eviction_manager.go evictPod → recorder.Eventf(pod, v1.EventTypeWarning, Reason, message)) and
 * only then kills the pod, whose container ends by SIGKILL (exit 137) after a `Killing` "Stopping
 * container <name>" (pkg/kubelet/kuberuntime/kuberuntime_container.go killContainer): the kill and
 * the exit code are what was done, the eviction says why — whatever their order within a second. The
 * OOM kill before the exit code it explains, likewise.
 */
function leadingSignal(replica: ReplicaFailure): ReplicaFailure['signals'][number] | null {
  const ranked = [...replica.signals].sort(
    (a, b) =>
      rank(a) - rank(b) || Number(lineOf(a) === null) - Number(lineOf(b) === null) || (a.at ?? Number.MAX_SAFE_INTEGER) - (b.at ?? Number.MAX_SAFE_INTEGER),
  );
  return ranked[0] ?? null;
}

/** The kind and words of what ended a replica: its leading signal, its own line when the signal quotes none. */
function causeOf(replica: ReplicaFailure): { kind: string; words: string | null } | null {
  const lead = leadingSignal(replica);
  if (lead === null) return replica.ownLine === null ? null : { kind: 'line', words: replica.ownLine };
  return { kind: `${lead.kind}:${lead.exitCode ?? ''}`, words: lineOf(lead) ?? replica.ownLine };
}

/**
 * The words a signal quotes: its decisive line, else the message its fact carries (Tier 2 reads a pod's
 * status — "Pod was terminated in response to imminent node shutdown." — or an event without a
 * decisive line). Never a bare exit code when the record says why the process was stopped.
 */
function lineOf(signal: ReplicaFailure['signals'][number]): string | null {
  if (signal.line?.text) return signal.line.text;
  const { fact } = signal;
  switch (fact.type) {
    case 'pod-status':
    case 'container-terminated':
    case 'container-waiting':
    case 'node-condition':
      return fact.message || null;
    case 'event':
    case 'history-event':
      return fact.message || null;
    default:
      return null;
  }
}

/** Causes in the order they explain one another (an OOM kill explains the eviction that may follow it). */
const CAUSE_ORDER = ['OOM_KILLED', 'NODE_FAILURE', 'EVICTED', 'IMAGE_PULL', 'INIT_FAILED', 'MOUNT_FAILED'];
/** What was done to the process, or how it ended: the action, never the reason. */
const ACTION_ORDER = ['CONTAINER_CRASH', 'EXIT_SYSTEM_SIGNAL'];
function rank(signal: ReplicaFailure['signals'][number]): number {
  if (signal.xid) return -1;
  const cause = CAUSE_ORDER.indexOf(signal.kind);
  if (cause !== -1) return cause;
  // Any other cause of its own (an eviction for the pod's own storage limit, a probe's kill, a GPU gone) still says why.
  if (OWN_CAUSE.has(signal.kind)) return CAUSE_ORDER.length;
  const action = ACTION_ORDER.indexOf(signal.kind);
  return CAUSE_ORDER.length + 1 + (action === -1 ? ACTION_ORDER.length : action);
}

function byFrequency(formats: readonly CollateralFormat[]): CollateralFormat[] {
  const counts = new Map<CollateralFormat, number>();
  for (const format of formats) counts.set(format, (counts.get(format) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([format]) => format);
}
