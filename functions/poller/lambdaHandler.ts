/**
 * EventBridge schedule → one poll of every configured cluster (pollFailedWorkloads).
 *
 * Nothing happens at module load but imports: configuration is read and the Run:ai,
 * SQS and DynamoDB clients are built on the first invocation and kept for the life of
 * the execution environment (the Run:ai token and connections are reused across runs).
 * A configuration error is not cached, so a fixed value is picked up by the next run.
 *
 * Failure contract: every cluster is polled even when some fail; each cluster's summary
 * is logged as one JSON line; then, if any cluster failed (or the configuration is bad),
 * the invocation throws. That marks it as an error (the `Errors` metric to alarm on) and
 * lets Lambda's asynchronous retries re-run it. A re-run is safe: failed clusters kept
 * their watermark, succeeded ones re-list only the overlap, and the worker drops repeated
 * dedupeKeys. The next schedule re-runs it anyway, so an exhausted retry loses nothing.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { SQSClient } from '@aws-sdk/client-sqs';
import type { ScheduledEvent } from 'aws-lambda';
import { createSqsQueue } from '../queue/createSqsQueue.js';
import { createRunaiClient } from '../runai/createRunaiClient.js';
import { createDynamoWatermarkStore } from './createDynamoWatermarkStore.js';
import { loadRunaiCredentials } from './loadRunaiCredentials.js';
import { pollFailedWorkloads, type PollerPorts, type PollOptions, type PollSummary } from './pollFailedWorkloads.js';
import { readPollerEnv } from './readPollerEnv.js';

interface Poller {
  ports: PollerPorts;
  options: Omit<PollOptions, 'now'>;
}

export class PollerRunError extends Error {
  override readonly name = 'PollerRunError';
  constructor(readonly summary: PollSummary) {
    const failures = summary.clusters.filter((c) => !c.ok).map((c) => `${c.clusterId} (${c.error?.stage ?? 'unknown'}: ${c.error?.message ?? ''})`);
    super(`poll failed for ${failures.length} of ${summary.clusters.length} clusters: ${failures.join('; ')}`);
  }
}

let ready: Promise<Poller> | undefined;

async function build(): Promise<Poller> {
  const env = readPollerEnv();
  const credentials = await loadRunaiCredentials();
  return {
    ports: {
      lister: createRunaiClient({ baseUrl: env.RUNAI_BASE_URL, credentials }),
      queue: createSqsQueue({ client: new SQSClient({}), queueUrl: env.QUEUE_URL }),
      watermarks: createDynamoWatermarkStore({ client: new DynamoDBClient({}), tableName: env.STATE_TABLE }),
    },
    options: {
      clusterIds: env.CLUSTER_IDS,
      ...(env.POLL_INITIAL_LOOKBACK !== undefined ? { initialLookbackMs: env.POLL_INITIAL_LOOKBACK } : {}),
      ...(env.POLL_OVERLAP !== undefined ? { overlapMs: env.POLL_OVERLAP } : {}),
    },
  };
}

function log(level: 'info' | 'error', message: string, fields: object): void {
  const line = JSON.stringify({ level, message, ...fields });
  if (level === 'error') console.error(line);
  else console.log(line);
}

export async function handler(_event?: ScheduledEvent): Promise<PollSummary> {
  ready ??= build();
  let poller: Poller;
  try {
    poller = await ready;
  } catch (error) {
    ready = undefined;
    log('error', 'poller configuration failed', { error: error instanceof Error ? error.message : String(error) });
    throw error;
  }
  const summary = await pollFailedWorkloads(poller.ports, { ...poller.options, now: new Date() });
  for (const cluster of summary.clusters) log(cluster.ok ? 'info' : 'error', 'poller cluster', cluster);
  if (summary.failedClusters.length > 0) throw new PollerRunError(summary);
  return summary;
}
