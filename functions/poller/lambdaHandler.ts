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
import { Logger } from '@aws-lambda-powertools/logger';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { SQSClient } from '@aws-sdk/client-sqs';
import type { Context, ScheduledEvent } from 'aws-lambda';
import { countRunaiRequest } from '../metrics/countRunaiRequest.js';
import { createPowertoolsMetrics, type PowertoolsOperationsMetrics } from '../metrics/createPowertoolsMetrics.js';
import type { DiagnosisQueue } from '../queue/DiagnosisQueue.js';
import { createSqsQueue } from '../queue/createSqsQueue.js';
import type { RunaiCredentials } from '../runai/RunaiClientConfig.js';
import { createRunaiClient, type RunaiClient } from '../runai/createRunaiClient.js';
import { createDynamoWatermarkStore } from './createDynamoWatermarkStore.js';
import { loadRunaiCredentials } from '../runai/loadRunaiCredentials.js';
import { pollFailedWorkloads, type PollOptions, type PollSummary } from './pollFailedWorkloads.js';
import { readPollerEnv, type PollerEnv } from './readPollerEnv.js';
import type { WatermarkStore } from './WatermarkStore.js';

interface Poller {
  env: PollerEnv;
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

let telemetry: { logger: Logger; metrics: PowertoolsOperationsMetrics } | undefined;
function observe(): { logger: Logger; metrics: PowertoolsOperationsMetrics } {
  telemetry ??= { logger: new Logger({ serviceName: 'poller' }), metrics: createPowertoolsMetrics('poller') };
  return telemetry;
}

let ready: Promise<Poller> | undefined;
let lister: { key: string; client: RunaiClient } | undefined;

async function build(): Promise<Poller> {
  const env = readPollerEnv();
  return {
    env,
    queue: createSqsQueue({ client: new SQSClient({}), queueUrl: env.QUEUE_URL }),
    watermarks: createDynamoWatermarkStore({ client: new DynamoDBClient({}), tableName: env.STATE_TABLE }),
    options: {
      clusterIds: env.CLUSTER_IDS,
      ...(env.POLL_INITIAL_LOOKBACK !== undefined ? { initialLookbackMs: env.POLL_INITIAL_LOOKBACK } : {}),
      ...(env.POLL_OVERLAP !== undefined ? { overlapMs: env.POLL_OVERLAP } : {}),
    },
  };
}

/** The Run:ai client for these credentials: reused while they are unchanged (its token stays cached). */
function listerFor(env: PollerEnv, credentials: RunaiCredentials): RunaiClient {
  const key = JSON.stringify(credentials);
  if (lister?.key === key) return lister.client;
  const previous = lister?.client;
  lister = { key, client: createRunaiClient({ baseUrl: env.RUNAI_BASE_URL, credentials, onRequest: countRunaiRequest(observe().metrics) }) };
  // Rotated: let the old pool finish whatever it still has in flight, then close.
  previous?.close().catch(() => {});
  return lister.client;
}

export async function handler(_event?: ScheduledEvent, context?: Context): Promise<PollSummary> {
  const { logger, metrics } = observe();
  if (context) logger.addContext(context);
  metrics.powertools.captureColdStartMetric();
  try {
    ready ??= build();
    let poller: Poller;
    let client: RunaiClient;
    try {
      poller = await ready;
      client = listerFor(poller.env, await loadRunaiCredentials());
    } catch (error) {
      ready = undefined;
      logger.error('poller configuration failed', { error: error instanceof Error ? error.message : String(error) });
      metrics.count('ConfigurationFailures');
      throw error;
    }
    const summary = await pollFailedWorkloads(
      { lister: client, queue: poller.queue, watermarks: poller.watermarks },
      { ...poller.options, now: new Date() },
    );
    for (const cluster of summary.clusters) {
      if (cluster.ok) logger.info('poller cluster', { ...cluster });
      else logger.error('poller cluster', { ...cluster });
    }
    metrics.count('WorkloadsEnqueued', summary.enqueued);
    metrics.count('ClusterPollFailures', summary.failedClusters.length);
    if (summary.failedClusters.length > 0) throw new PollerRunError(summary);
    return summary;
  } finally {
    metrics.flush();
  }
}
