/**
 * The failure poller's core (docs/intake.md, the poller): Run:ai has no outbound webhook, so on a
 * schedule we list, per configured cluster, the workloads whose phase became Failed since
 * a stored watermark and enqueue one diagnosis request each. Ports are injected and time
 * is a parameter, so tests drive it against the simulator with a fixed clock.
 *
 * Clusters are polled independently, `clusterConcurrency` at a time (each holds one page
 * in memory while it reads it), each within its own time slot (`clusterTimeoutMs`, and the
 * run's `deadlineAt`): one whose watermark, listing or enqueue fails — an error, a timeout,
 * an oversized page — keeps its watermark and is listed in `failedClusters` with its code,
 * and the others proceed. A cluster whose turn comes when the run has no time left is not
 * started (`POLL_OUT_OF_TIME`). This function never throws for a cluster's failure; the
 * Lambda handler turns a non-empty `failedClusters` into a failed invocation.
 *
 * Coverage: once a cluster has a watermark, an outage of any length is caught up (from
 * watermark − overlap, up to the page cap per run). Before its first enqueued failure it
 * has none, and each run looks back `initialLookbackMs`. Only live workloads are listed:
 * one deleted before the next run is not diagnosed (a `deleted=true` listing per run
 * would catch it, at twice the requests).
 */
import { pollCluster, type ClusterPollSettings, type PollerPorts } from './pollCluster.js';
import type { ClusterPollSummary, PollSummary } from './PollSummary.js';

export type { PollerPorts } from './pollCluster.js';
export type { ClusterPollSummary, PollStage, PollSummary } from './PollSummary.js';

export interface PollOptions {
  clusterIds: readonly string[];
  /** The run's clock: the first-run window and the watermark ceiling. */
  now: Date;
  /** Default `['Failed']`. */
  phases?: readonly string[];
  /** First run of a cluster (no watermark yet): how far back to look. Default 1 h. */
  initialLookbackMs?: number;
  /** Re-listed before the watermark on every run. Default 5 min. */
  overlapMs?: number;
  /** Default 100. */
  pageLimit?: number;
  /** Pages per cluster per run (default 50, so about 5,000 failures); the rest waits for the next run. */
  maxPages?: number;
  /** Clusters polled at the same time (default 2; POLL_CLUSTER_CONCURRENCY). */
  clusterConcurrency?: number;
  /** The longest one cluster's reads may take (default 30 s; POLL_CLUSTER_TIMEOUT). */
  clusterTimeoutMs?: number;
  /** No cluster's read runs past this moment, and no cluster starts within MIN_CLUSTER_MS of it (epoch ms on `clock`). */
  deadlineAt?: number;
  /** The clock of the deadlines, the lister's (default Date.now). */
  clock?: () => number;
}

export const POLLER_DEFAULTS = {
  phases: ['Failed'],
  initialLookbackMs: 3_600_000,
  overlapMs: 300_000,
  pageLimit: 100,
  maxPages: 50,
  clusterConcurrency: 2,
  clusterTimeoutMs: 30_000,
} as const;

/** A cluster is not started with less time than this left before the run's deadline. */
const MIN_CLUSTER_MS = 1_000;

function settingsFrom(options: PollOptions): ClusterPollSettings {
  const settings: ClusterPollSettings = {
    nowMs: options.now.getTime(),
    phases: options.phases ?? POLLER_DEFAULTS.phases,
    initialLookbackMs: options.initialLookbackMs ?? POLLER_DEFAULTS.initialLookbackMs,
    overlapMs: options.overlapMs ?? POLLER_DEFAULTS.overlapMs,
    pageLimit: options.pageLimit ?? POLLER_DEFAULTS.pageLimit,
    maxPages: options.maxPages ?? POLLER_DEFAULTS.maxPages,
  };
  // Programming errors, not cluster failures: refuse before touching anything.
  if (!Number.isFinite(settings.nowMs)) throw new TypeError('now must be a valid Date');
  if (settings.phases.length === 0) throw new TypeError('phases must not be empty');
  if (!(settings.initialLookbackMs > 0) || !(settings.overlapMs >= 0)) throw new TypeError('initialLookbackMs must be > 0 and overlapMs ≥ 0');
  if (!Number.isInteger(settings.pageLimit) || settings.pageLimit < 1 || settings.pageLimit > 500) throw new TypeError('pageLimit must be 1..500');
  if (!Number.isInteger(settings.maxPages) || settings.maxPages < 1) throw new TypeError('maxPages must be a positive integer');
  return settings;
}

function limitsFrom(options: PollOptions): { concurrency: number; clusterTimeoutMs: number } {
  const concurrency = options.clusterConcurrency ?? POLLER_DEFAULTS.clusterConcurrency;
  const clusterTimeoutMs = options.clusterTimeoutMs ?? POLLER_DEFAULTS.clusterTimeoutMs;
  if (!Number.isInteger(concurrency) || concurrency < 1) throw new TypeError('clusterConcurrency must be a positive integer');
  if (!(clusterTimeoutMs > 0)) throw new TypeError('clusterTimeoutMs must be > 0');
  return { concurrency, clusterTimeoutMs };
}

function notStarted(clusterId: string): ClusterPollSummary {
  return {
    clusterId,
    ok: false,
    since: null,
    listed: 0,
    ignored: 0,
    enqueued: 0,
    pages: 0,
    truncated: false,
    watermarkBefore: null,
    watermarkAfter: null,
    ms: 0,
    error: { stage: 'not-started', code: 'POLL_OUT_OF_TIME', message: 'the run had no time left when this cluster’s turn came; it is polled next run' },
  };
}

export async function pollFailedWorkloads(ports: PollerPorts, options: PollOptions): Promise<PollSummary> {
  const started = performance.now();
  const settings = settingsFrom(options);
  const { concurrency, clusterTimeoutMs } = limitsFrom(options);
  const clock = options.clock ?? Date.now;
  const clusterIds = [...new Set(options.clusterIds)];
  const clusters: ClusterPollSummary[] = [];
  const pollOne = (clusterId: string): Promise<ClusterPollSummary> => {
    const startedAt = clock();
    const runDeadline = options.deadlineAt ?? Number.POSITIVE_INFINITY;
    if (runDeadline - startedAt < MIN_CLUSTER_MS) return Promise.resolve(notStarted(clusterId));
    return pollCluster(ports, clusterId, { ...settings, deadlineAt: Math.min(startedAt + clusterTimeoutMs, runDeadline) });
  };
  // A fixed number of lanes take the next cluster when they finish one: at most `concurrency` pages in memory.
  let next = 0;
  const lane = async () => {
    while (next < clusterIds.length) {
      const index = next++;
      clusters[index] = await pollOne(clusterIds[index] as string);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, clusterIds.length) }, lane));
  const failuresByCode: Record<string, number> = {};
  for (const cluster of clusters) if (cluster.error) failuresByCode[cluster.error.code] = (failuresByCode[cluster.error.code] ?? 0) + 1;
  return {
    at: options.now.toISOString(),
    clusters,
    enqueued: clusters.reduce((sum, cluster) => sum + cluster.enqueued, 0),
    failedClusters: clusters.filter((cluster) => !cluster.ok).map((cluster) => cluster.clusterId),
    failuresByCode,
    ms: Math.round(performance.now() - started),
  };
}
