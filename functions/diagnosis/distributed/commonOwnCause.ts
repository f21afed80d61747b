/**
 * A failure common to every replica read (§4.8): DESIGN's collateral is a consequence of the origin, so a
 * peer that shows a cause of its own is no one's collateral (docs/procedure.md counts as collateral the peers
 * "that show no cause of their own"). When every replica that shows anything — a cause of its own, a peer's
 * loss — shows the same cause of its own, and all of them ended within one second of the first, no replica
 * started it: the same bad batch, the same host-memory overflow reached every rank, and the milliseconds
 * between identical causes make none the others' origin. Any cause, any framework: the cause is compared by
 * its kind and its words with the replica's own pod and node names and the numbers (rank, device, address)
 * set aside. A replica that shows nothing (a bare exit whose log was not read) and ended within that second is
 * counted as neither: it confirms nothing and contradicts nothing, and with no origin there is no collateral to
 * count it in. One that ended outside that second keeps today's reading (below). Pure.
 */
import type { ReplicaFailure } from './readReplicaFailures.js';

const SECOND_MS = 1000;

export interface CauseReading {
  /** The replica shows a cause of its own (findOrigin.ts ownCause). */
  ownCause: (replica: ReplicaFailure) => boolean;
  /** The kind and the words of the cause that ended the replica (its leading signal), null when none. */
  cause: (replica: ReplicaFailure) => { kind: string; words: string | null } | null;
  /** Masks the workload's names in a line (maskIdentifiers.ts). */
  mask: (line: string) => string;
}

/** The number of replicas that show the common cause, or null when the failure is not common to all read. */
export function commonOwnCause(replicas: readonly ReplicaFailure[], reading: CauseReading): number | null {
  const showing = replicas.filter((replica) => reading.ownCause(replica) || replica.format !== null);
  if (showing.length < 2 || !showing.every(reading.ownCause)) return null;
  const times = showing.map((replica) => replica.at);
  if (times.some((at) => at === null)) return null;
  const first = Math.min(...(times as number[]));
  // Every failed replica ended within that second, those that show nothing too: one dated before it may be where
  // the failure started (its log unread), and one dated after it with nothing of its own outlived the cause — then
  // the cause was not common to all, and §4.8's earliest failure stands (two OOM kills 300 ms apart, the other
  // peers torn down 25 s later: the first is the origin).
  if (replicas.some((replica) => replica.at !== null && (replica.at < first || replica.at >= first + SECOND_MS))) return null;
  const keys = new Set(showing.map((replica) => causeKey(replica, reading)));
  return keys.size === 1 && !keys.has(null) ? showing.length : null;
}

/** The cause's kind and words, the replica's own names and every number set aside; null when it has no cause to compare. */
function causeKey(replica: ReplicaFailure, reading: CauseReading): string | null {
  const cause = reading.cause(replica);
  if (cause === null) return null;
  const own = [replica.pod.name, replica.pod.nodeName ?? ''].filter((name) => name.length > 0);
  const words = cause.words === null ? '' : own.reduce((line, name) => line.split(name).join('<own>'), cause.words);
  return `${cause.kind}|${reading.mask(words).replace(/\d+/g, '#')}`;
}
