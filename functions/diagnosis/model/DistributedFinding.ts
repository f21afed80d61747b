/**
 * Where a multi-pod workload's failure started (§4.8 `origin`), as data: the replica that failed
 * first, how its peers' later failures read, or why the order could not be told. Built by
 * functions/diagnosis/distributed/, worded by the report catalogs.
 */
import type { QuotedLine, SignalKind, SourceName } from './Signal.js';

/**
 * The upstream formats of a peer's death seen from a surviving replica (signals/collateralFormatTable.ts):
 * a replica whose failure reads like one of these died because another did.
 */
export type CollateralFormat =
  | 'nccl-timeout'
  | 'nccl-remote-error'
  | 'c10d-store'
  | 'elastic-child-failed'
  /** A launcher's own summary that one of its ranks exited non-zero (Composer's "Rank N crashed with exit code"). */
  | 'launcher-child-failed'
  | 'sigterm'
  | 'mpi-peer-exit'
  | 'ray-peer-death'
  | 'coordination-heartbeat'
  /** A connection the remote end closed or reset, a worker the scheduler lost (NCCL/UCX sockets, Dask). */
  | 'peer-connection-lost'
  | 'preempted-after';

/** Why no origin could be named (the limitation says it). */
export type OriginUnknownReason =
  /** No failed replica has a failure time. */
  | 'no-timestamps'
  /** Two or more replicas failed with their own (non-collateral) signals within the same second. */
  | 'same-second'
  /** Every failed replica shows only a peer-death format: the replica that started it left no trace. */
  | 'only-collateral'
  /**
   * One replica of a same-second tie shows a cause of its own, found by a Tier 2 read, and others of the
   * tie were not read (the pod cap): they may show one too. `replicas` counts the unread ones.
   */
  | 'tied-unread'
  /**
   * Every replica that shows anything shows the same cause of its own, all within one second: the failure is
   * common to all, none started it (commonOwnCause.ts). `replicas` counts those that show it.
   */
  | 'common-cause'
  /** The workload failed but no failure could be tied to one of its pods. */
  | 'no-replica-failure';

export interface ReplicaOrigin {
  /** Quoted pod name. */
  pod: string;
  /** Quoted node name; null when the listing does not say. */
  node: string | null;
  /** Epoch ms of the replica's first failure. */
  at: number;
  /** The kind of the signal that ended it (the report words it), and its quoted line. */
  kind: SignalKind | null;
  line: string;
  /** The line is only the pod's status word (`Error`): no signal of the origin carried a line. */
  lineIsStatus: boolean;
  /** The source that gave the first failure time. */
  source: SourceName;
  /** The raw pod name (a key into the listing: memory limit, node). */
  rawPod: string;
}

export interface DistributedFinding {
  origin: ReplicaOrigin | null;
  /** Non-origin replicas whose failure reads as a peer's death, at or after the origin's. */
  collateral: number;
  /** Other replicas that failed after the origin with signals of their own (not a peer's death): counted, never voting. */
  later: number;
  /** The collateral formats seen, most frequent first. */
  collateralFormats: CollateralFormat[];
  /** Set when `origin` is null. */
  unknown: { reason: OriginUnknownReason; replicas: number } | null;
  /** The first peer-death line quoted, for a verdict that has nothing else to quote (only collateral). */
  collateralLine: QuotedLine | null;
  /** Replicas that failed within the same second as the origin and that Tier 2, which read others, had no read left for. */
  unreadTied?: number;
  /** Raw pod names in the order Tier 2 should read them: the origin, the replicas that may be it, then the peer deaths. */
  inspect?: string[];
}
