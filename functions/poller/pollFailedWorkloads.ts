/**
 * The failure poller's core (docs/intake.md, the poller): Run:ai has no outbound webhook, so on a
 * schedule we list, per configured cluster, the workloads whose phase became Failed since
 * a stored watermark and enqueue one diagnosis request each. Ports are injected and time
 * is a parameter, so tests drive it against the simulator with a fixed clock.
 *
 * Clusters are polled concurrently and independently: one whose watermark, listing or
 * enqueue fails keeps its watermark and is listed in `failedClusters`, and the others
 * proceed. This function never throws for a cluster's failure; the Lambda handler turns
 * a non-empty `failedClusters` into a failed invocation.
 *
 * Coverage: once a cluster has a watermark, an outage of any length is caught up (from
 * watermark − overlap, up to the page cap per run). Before its first enqueued failure it
 * has none, and each run looks back `initialLookbackMs`. Only live workloads are listed:
 * one deleted before the next run is not diagnosed (a `deleted=true` listing per run
 * would catch it, at twice the requests).
 */
import { pollCluster, type ClusterPollSettings, type PollerPorts } from './pollCluster.js';
import type { PollSummary } from './PollSummary.js';

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
}

export const POLLER_DEFAULTS = {
  phases: ['Failed'],
  initialLookbackMs: 3_600_000,
  overlapMs: 300_000,
  pageLimit: 100,
  maxPages: 50,
} as const;

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

export async function pollFailedWorkloads(ports: PollerPorts, options: PollOptions): Promise<PollSummary> {
  const started = performance.now();
  const settings = settingsFrom(options);
  const clusterIds = [...new Set(options.clusterIds)];
  const clusters = await Promise.all(clusterIds.map((clusterId) => pollCluster(ports, clusterId, settings)));
  return {
    at: options.now.toISOString(),
    clusters,
    enqueued: clusters.reduce((sum, cluster) => sum + cluster.enqueued, 0),
    failedClusters: clusters.filter((cluster) => !cluster.ok).map((cluster) => cluster.clusterId),
    ms: Math.round(performance.now() - started),
  };
}
