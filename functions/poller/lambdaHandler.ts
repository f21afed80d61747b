/**
 * EventBridge schedule → one poll of every configured cluster (pollFailedWorkloads).
 *
 * Nothing happens at module load but imports: configuration is read and the SQS and
 * DynamoDB clients, Powertools Logger and Metrics are built on the first invocation and
 * kept for the life of the execution environment. The Run:ai credentials are looked up on
 * every run (cached for minutes by loadRunaiCredentials) and the Run:ai client — its
 * token and connections — is rebuilt only when they change, so a rotated secret takes
 * effect without a cold start. A configuration error is not cached, so a fixed value is
 * picked up by the next run.
 *
 * Failure contract: every cluster is polled even when some fail; each cluster's summary
 * is logged as one JSON line; then, if any cluster failed (or the configuration is bad),
 * the invocation throws. That marks it as an error (the `Errors` metric to alarm on) and
 * lets Lambda's asynchronous retries re-run it. A re-run is safe: failed clusters kept
 * their watermark, succeeded ones re-list only the overlap, and the worker drops repeated
 * dedupeKeys. The next schedule re-runs it anyway, so an exhausted retry loses nothing.
 */
import type { Context, ScheduledEvent } from 'aws-lambda';
import { lazyDynamoDbClient, lazySqsClient } from '../aws/lazyAwsClients.js';
import type { DiagnosisQueue } from '../queue/DiagnosisQueue.js';
import { createSqsQueue } from '../queue/createSqsQueue.js';
import { createRotatingRunaiClient, type RunaiClientFor } from '../lambda/createRotatingRunaiClient.js';
import { createLambdaTelemetry } from '../lambda/lambdaTelemetry.js';
import type { RunaiClient } from '../runai/createRunaiClient.js';
import { createDynamoWatermarkStore } from './createDynamoWatermarkStore.js';
import { loadRunaiCredentials } from '../runai/loadRunaiCredentials.js';
import { pollFailedWorkloads, type PollOptions, type PollSummary } from './pollFailedWorkloads.js';
import { readPollerEnv, type PollerLambdaEnv } from './readPollerEnv.js';
import type { WatermarkStore } from './WatermarkStore.js';

interface Poller {
  env: PollerLambdaEnv;
  /** The Run:ai client for the current credentials (createRotatingRunaiClient). */
  listerFor: RunaiClientFor;
  queue: DiagnosisQueue;
  watermarks: WatermarkStore;
  options: Omit<PollOptions, 'now'>;
}

export class PollerRunError extends Error {
  override readonly name = 'PollerRunError';
  constructor(readonly summary: PollSummary) {
    const failures = summary.clusters.filter((c) => !c.ok).map((c) => `${c.clusterId} (${c.error?.stage ?? 'unknown'}: ${c.error?.message ?? ''})`);
    super(`poll failed for ${failures.length} of ${summary.clusters.length} clusters: ${failures.join('; ')}`);
  }
}

const telemetry = createLambdaTelemetry('poller');
/** Kept free at the end of the function's time: logging the summaries and flushing metrics. */
const DEADLINE_MARGIN_MS = 5_000;

let ready: Promise<Poller> | undefined;

async function build(): Promise<Poller> {
  const env = readPollerEnv();
  return {
    env,
    listerFor: createRotatingRunaiClient({
      baseUrl: env.RUNAI_BASE_URL,
      requestTimeoutMs: env.RUNAI_REQUEST_TIMEOUT_MS,
      maxResponseBytes: env.RUNAI_MAX_RESPONSE_BYTES,
      onRequest: telemetry.countRunaiRequest,
    }),
    queue: createSqsQueue({ client: lazySqsClient(), queueUrl: env.QUEUE_URL }),
    watermarks: createDynamoWatermarkStore({ client: lazyDynamoDbClient(), tableName: env.STATE_TABLE }),
    options: {
      clusterIds: env.CLUSTER_IDS,
      ...(env.POLL_INITIAL_LOOKBACK !== undefined ? { initialLookbackMs: env.POLL_INITIAL_LOOKBACK } : {}),
      ...(env.POLL_OVERLAP !== undefined ? { overlapMs: env.POLL_OVERLAP } : {}),
      clusterConcurrency: env.POLL_CLUSTER_CONCURRENCY,
      clusterTimeoutMs: env.POLL_CLUSTER_TIMEOUT_MS,
    },
  };
}

export async function handler(_event?: ScheduledEvent, context?: Context): Promise<PollSummary> {
  telemetry.startInvocation(context);
  const { logger } = telemetry.observe();
  const { metrics } = telemetry;
  try {
    ready ??= build();
    let poller: Poller;
    let client: RunaiClient;
    try {
      poller = await ready;
      // The credentials' keys as parsed at the first run (the environment is read once).
      const { RUNAI_SECRET_ID, RUNAI_CLIENT_ID, RUNAI_CLIENT_SECRET, RUNAI_GRANT_TYPE } = poller.env;
      client = poller.listerFor(await loadRunaiCredentials({ RUNAI_SECRET_ID, RUNAI_CLIENT_ID, RUNAI_CLIENT_SECRET, RUNAI_GRANT_TYPE }));
    } catch (error) {
      ready = undefined;
      logger.error('poller configuration failed', { error: error instanceof Error ? error.message : String(error) });
      metrics.count('ConfigurationFailures');
      throw error;
    }
    // Clusters not started before the function's end (less a margin to log and flush) are said to be out of time.
    const remainingMs = context?.getRemainingTimeInMillis?.();
    const deadline = remainingMs !== undefined && Number.isFinite(remainingMs) ? { deadlineAt: Date.now() + remainingMs - DEADLINE_MARGIN_MS } : {};
    const summary = await pollFailedWorkloads(
      { lister: client, queue: poller.queue, watermarks: poller.watermarks },
      { ...poller.options, ...deadline, now: new Date() },
    );
    for (const cluster of summary.clusters) {
      if (cluster.ok) logger.info('poller cluster', { ...cluster });
      else logger.error('poller cluster', { ...cluster });
    }
    metrics.count('WorkloadsEnqueued', summary.enqueued);
    // Per code (RUNAI_TIMEOUT, RUNAI_RESPONSE_TOO_LARGE, …): the total is what the alarm reads, the breakdown what a dashboard splits by.
    if (summary.failedClusters.length === 0) metrics.count('ClusterPollFailures', 0);
    for (const [code, count] of Object.entries(summary.failuresByCode)) metrics.count('ClusterPollFailures', count, { code });
    if (summary.failedClusters.length > 0) throw new PollerRunError(summary);
    return summary;
  } finally {
    telemetry.flush();
  }
}
