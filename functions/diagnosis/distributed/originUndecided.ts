/**
 * Whether Tier 2's first read round leaves a multi-pod failure's origin undecided (§4.8), so that a second,
 * bounded round (collectTier2Evidence.ts MAX_SECOND_ROUND_PODS) reads the next replicas by the same ranking:
 * - no replica shows a cause of its own (an own-cause kind, a line of its own, a SIGKILL) and at least one
 *   that Tier 2 read states only a consequence (a peer's loss, the teardown's SIGTERM, a collective timeout):
 *   the replica that started it is among those not read;
 * - or the containers' own ends (Tier 2's `finishedAt`) of the replicas read put them in another order than
 *   Run:ai's pod end times did: Run:ai's `completedAt` can lag the container's termination (the pod is
 *   written completed only when its status is next synced, NVIDIA/KAI-Scheduler
 *   pkg/scheduler/cache/status_updater), so Tier 1's order, which chose what was read, is not to be trusted
 *   for the replicas left unread either;
 * - or a replica that ended within the first failure's second shows nothing and its log is still unread (its pod
 *   read or not): which tied replicas fit in the first round's pod or log reads was the order's doing, and within
 *   one instant the order never decides.
 * Pure: it reads the evidence, the analysis and the log findings only.
 */
import type { Analysis } from '../classify/analyseWorkload.js';
import { parseTimestamp } from '../../core/parseTimestamp.js';
import type { Tier2LogFinding } from '../model/Tier2Evidence.js';
import type { WorkloadEvidence } from '../model/WorkloadEvidence.js';
import { maskIdentifiers } from '../signals/maskIdentifiers.js';
import { workloadNames } from '../signals/workloadNames.js';
import { latestOf } from './findOrigin.js';
import { readReplicaFailures, type ReplicaFailure } from './readReplicaFailures.js';

/** Whole-second listing times: an end within this of another's is no order at all. */
const SAME_SECOND_MS = 999;

const SIGKILL_EXIT = 137;

const showsCause = (replica: ReplicaFailure) => replica.own || replica.ownLine !== null || replica.signals.some((signal) => signal.exitCode === SIGKILL_EXIT);

export function originUndecided(evidence: Omit<WorkloadEvidence, 'metrics' | 'tier2'>, analysis: Analysis, logs: readonly Tier2LogFinding[]): boolean {
  const mask = maskIdentifiers(workloadNames(evidence));
  const replicas = readReplicaFailures({ evidence, signals: analysis.signals, episodeStart: analysis.episodeStart, mask, logs });
  if (replicas.length < 2) return false;
  const onlyConsequences = !replicas.some(showsCause) && replicas.some((replica) => replica.read && replica.format !== null);
  return onlyConsequences || finishOrderDisagrees(replicas) || tieLeftUnread(replicas);
}

/** A peer's loss stated with no cause of its own: it followed someone's failure, whatever its time. */
const statesConsequence = (replica: ReplicaFailure) => !showsCause(replica) && replica.format?.strength === 'peer';

/**
 * A replica that failed within the second of the first failure and whose log Tier 2 has not read, while it
 * shows nothing yet (no cause, no peer's loss): it may hold a cause of its own as much as those read, and
 * which of the tied replicas fit in the first round's budget was the listing's doing, not the evidence's —
 * its pod read alone (round A′ brings a whole tie in by the containers' ends, round B's logs are two) shows only
 * how it ended. The listing order must never decide: the tie is read to its end (the second round) before it
 * is judged.
 */
function tieLeftUnread(replicas: readonly ReplicaFailure[]): boolean {
  const dated = replicas.flatMap((replica) => (replica.at === null || statesConsequence(replica) ? [] : [replica.at]));
  if (dated.length < 2) return false;
  const first = Math.min(...dated);
  const tied = replicas.filter((replica) => replica.at !== null && !statesConsequence(replica) && replica.at <= latestOf(first));
  return tied.length > 1 && tied.some((replica) => !replica.logRead && !showsCause(replica) && replica.format === null);
}

/** Two read replicas whose container ends (finishedAt) and Run:ai pod ends are in opposite orders, each by more than a second. */
function finishOrderDisagrees(replicas: readonly ReplicaFailure[]): boolean {
  const timed = replicas.flatMap((replica) => {
    const listed = [parseTimestamp(replica.pod.completedAt), parseTimestamp(replica.pod.k8sPhaseUpdatedAt)].filter((at): at is number => at !== null);
    const finished = replica.signals.flatMap((signal) =>
      signal.fact.type === 'container-terminated' && signal.source.startsWith('kubectl ') && signal.at !== null ? [signal.at] : [],
    );
    return listed.length > 0 && finished.length > 0 ? [{ listed: Math.min(...listed), finished: Math.min(...finished) }] : [];
  });
  return timed.some((a) => timed.some((b) => a.listed + SAME_SECOND_MS < b.listed && b.finished + SAME_SECOND_MS < a.finished));
}
