/** What one poll did, per cluster: logged by the handler, asserted by tests. */

/** Where a cluster's poll stopped. Every stage before `enqueue` leaves nothing enqueued. */
export type PollStage = 'not-started' | 'watermark-read' | 'list' | 'enqueue' | 'watermark-write';

export interface ClusterPollSummary {
  clusterId: string;
  ok: boolean;
  /** Lower bound sent as `phaseUpdatedAt>=`; null when the watermark could not be read. */
  since: string | null;
  /** Distinct workloads the listing returned. */
  listed: number;
  /** Listed but not enqueued: outside what the filter asked for (a server that ignored it) or not a valid request. */
  ignored: number;
  enqueued: number;
  pages: number;
  /** The page cap was reached: the rest is listed by the next run, from the advanced watermark. */
  truncated: boolean;
  watermarkBefore: string | null;
  watermarkAfter: string | null;
  ms: number;
  /** `code`: the cause's stable code (`RUNAI_TIMEOUT`, `RUNAI_RESPONSE_TOO_LARGE`, `POLL_OUT_OF_TIME`, …), else `POLL_STAGE_FAILED`. */
  error?: { stage: PollStage; code: string; message: string };
}

export interface PollSummary {
  /** The run's `now`, ISO. */
  at: string;
  clusters: ClusterPollSummary[];
  enqueued: number;
  /** Ids of the clusters whose poll failed (their watermark did not advance). */
  failedClusters: string[];
  /** Failed clusters per error code (the `ClusterPollFailures` metric's breakdown). */
  failuresByCode: Record<string, number>;
  ms: number;
}
