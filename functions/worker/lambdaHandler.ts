/**
 * SQS -> worker Lambda. The event source mapping must enable `ReportBatchItemFailures`
 * (otherwise the returned batchItemFailures are ignored and a single failure retries the
 * whole batch). Its batching window is at most 1 s (a lone failure must not wait): storms
 * are decided by the shared storm window (functions/delivery/StormWindow.ts), not by batches.
 * Each failed record's visibility is set before returning (retryDelaySeconds), so a
 * retryable failure comes back within 2 minutes instead of the queue's 900 s timeout.
 *
 * Nothing happens at module load but imports: configuration is read and the clients,
 * Powertools Logger and Metrics built on the first invocation, then kept for the life of
 * the execution environment; the AWS SDK is loaded on the first send (lazyAwsClients.ts). A configuration error does not throw: it is logged with the
 * offending key and every record of the batch is reported failed, so SQS keeps the
 * messages (and after maxReceiveCount the DLQ does) until the configuration is fixed; the
 * next invocation tries the configuration again.
 *
 * Tier 2 (optional, TIER2_SECRET_ID): a Tier 2 secret that is invalid or unreadable is logged
 * once (`worker.tier2_unavailable`) and the batch is diagnosed with Tier 1 only; it never
 * fails records (createTier2Source.ts).
 *
 * Feedback (§4.10, FEEDBACK_KEY_SECRET_ID + FEEDBACK_BASE_URL): every single verdict carries a
 * link signed with the secret's current key; the keys are read before the first batch (an
 * unreadable secret then is a configuration failure) and refreshed at each invocation (a
 * failed refresh keeps the keys held: createFeedbackKeyring).
 *
 * Logs and metrics through the Lambda kit (lambdaTelemetry.ts; metrics behind the
 * OperationsMetrics port): ConfigurationFailures, Diagnoses per outcome and category,
 * DiagnosisDuration, DiagnoseErrors, RunaiRequests / RunaiErrors per code, and the batch
 * outcome counts (Published, Duplicates, FailedRecords, Notifications, Digests).
 */
import type { Context, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { lazyDynamoDbClient, lazySnsClient, lazySqsClient } from '../aws/lazyAwsClients.js';
import { createDynamoIdempotencyStore } from '../delivery/createDynamoIdempotencyStore.js';
import { createDynamoStormWindow } from '../delivery/createDynamoStormWindow.js';
import { createDynamoNodeFailureLog } from '../fleet/createDynamoNodeFailureLog.js';
import { nodeSuspectWordsFor } from '../report/nodeSuspectWords.js';
import { createSnsPublisher } from '../delivery/createSnsPublisher.js';
import { createFeedbackKeyring, type FeedbackKeyring } from '../feedback/createFeedbackKeyring.js';
import { createSignedFeedbackUrl, type SignedFeedbackUrl } from '../feedback/createSignedFeedbackUrl.js';
import { loadFeedbackKeys } from '../feedback/loadFeedbackKeys.js';
import { readSecretJson } from '../aws/readSecret.js';
import { createSqsRetryTimer, type RetryTimer, type VisibilityChange } from '../queue/createSqsRetryTimer.js';
import { createSqsStormFlushQueue } from '../queue/createSqsStormFlushQueue.js';
import { createLambdaTelemetry } from '../lambda/lambdaTelemetry.js';
import type { OperationsMetrics } from '../metrics/OperationsMetrics.js';
import { createDiagnose } from './createDiagnose.js';
import { notificationWordsFor } from '../report/notificationWordsFor.js';
import { createRenderText } from './createRenderText.js';
import { countBatch, measureDiagnoses } from './measureDiagnoses.js';
import { processDiagnosisBatch, type BatchResult, type ProcessDiagnosisBatchDeps } from './processDiagnosisBatch.js';
import { readDiagnoseLambdaEnv } from './readWorkerEnv.js';
import { DEFAULT_RETRY_POLICY, retryDelaySeconds, type RetryPolicy } from './retryDelaySeconds.js';
import type { LogPort } from '../core/LogPort.js';

export interface WorkerHandlerHooks {
  /** After every processed batch (metrics). */
  afterBatch?: (result: BatchResult) => void;
  /** At the end of every invocation, whatever happened (flush metrics). */
  finally?: () => void;
  /** Counts configuration failures (every record of the batch goes back to the queue). */
  metrics?: OperationsMetrics;
  /** Sets failed records' visibility (available once the configuration was read). */
  retryTimer?: () => RetryTimer | undefined;
  retryPolicy?: RetryPolicy;
}

/** The visibility changes for the records a batch failed (claim_in_progress keeps the queue's timeout; retryDelaySeconds.ts). */
export function retryChanges(event: SQSEvent, result: BatchResult, policy: RetryPolicy = DEFAULT_RETRY_POLICY): VisibilityChange[] {
  const reasons = new Map(result.records.map((record) => [record.messageId, record.reason]));
  const changes: VisibilityChange[] = [];
  for (const record of event.Records) {
    if (!result.batchItemFailures.some((failure) => failure.itemIdentifier === record.messageId)) continue;
    const seconds = retryDelaySeconds(reasons.get(record.messageId), Number(record.attributes?.ApproximateReceiveCount ?? 1), policy);
    if (seconds !== null && record.receiptHandle) changes.push({ receiptHandle: record.receiptHandle, seconds });
  }
  return changes;
}

/**
 * Time kept back from the Lambda's remaining time for claiming, publishing and answering
 * once the diagnoses have ended (a digest of a storm is one SNS call; retries of a throttled
 * publish take seconds).
 */
export const DEADLINE_MARGIN_MS = 15_000;

export function createWorkerHandler(
  build: () => Promise<ProcessDiagnosisBatchDeps>,
  logger: LogPort,
  hooks: WorkerHandlerHooks = {},
): (event: SQSEvent, remainingTimeMs?: number) => Promise<SQSBatchResponse> {
  let ready: Promise<ProcessDiagnosisBatchDeps> | undefined;
  return async (event, remainingTimeMs) => {
    try {
      ready ??= build();
      let deps: ProcessDiagnosisBatchDeps;
      try {
        deps = await ready;
      } catch (error) {
        ready = undefined;
        logger.error('worker.configuration_failed', { errorMessage: error instanceof Error ? error.message : String(error), records: event.Records.length });
        hooks.metrics?.count('ConfigurationFailures');
        return { batchItemFailures: event.Records.map((record) => ({ itemIdentifier: record.messageId })) };
      }
      // The batch deadline: the Lambda's remaining time, less what publishing needs.
      const diagnoseBy = remainingTimeMs === undefined ? undefined : deps.now().getTime() + remainingTimeMs - DEADLINE_MARGIN_MS;
      const result = await processDiagnosisBatch(
        event.Records.map((record) => ({ messageId: record.messageId, body: record.body })),
        diagnoseBy === undefined ? deps : { ...deps, diagnoseBy },
      );
      hooks.afterBatch?.(result);
      const timer = hooks.retryTimer?.();
      const changes = timer ? retryChanges(event, result, hooks.retryPolicy) : [];
      if (timer && changes.length > 0) {
        const { failed, errors } = await timer.schedule(changes);
        // Those records come back after the queue's visibility timeout instead: later, not lost.
        if (failed > 0) logger.warn('worker.retry_visibility_failed', { failed, errors: errors.slice(0, 3) });
      }
      return { batchItemFailures: result.batchItemFailures };
    } finally {
      hooks.finally?.();
    }
  };
}

const telemetry = createLambdaTelemetry('diagnose');
/** The worker's logging port, written by Powertools (JSON, level-filtered, with the request id). */
const logger: LogPort = telemetry.log;
const now = () => new Date();

let retryTimer: RetryTimer | undefined;
let feedbackKeyring: FeedbackKeyring | undefined;

async function buildFromEnvironment(): Promise<ProcessDiagnosisBatchDeps> {
  const { env, snapshot } = readDiagnoseLambdaEnv();
  const sqs = lazySqsClient();
  const dynamo = lazyDynamoDbClient();
  retryTimer = createSqsRetryTimer({ client: sqs, queueUrl: env.QUEUE_URL });
  const words = notificationWordsFor(env.REPORT_LOCALE);
  // Feedback first: an unreadable key secret is a configuration failure named before anything else is built.
  let feedbackUrl: SignedFeedbackUrl | undefined;
  if (env.FEEDBACK_KEY_SECRET_ID !== undefined && env.FEEDBACK_BASE_URL !== undefined) {
    const secretId = env.FEEDBACK_KEY_SECRET_ID;
    const keyring = createFeedbackKeyring(
      () => loadFeedbackKeys(secretId, readSecretJson),
      (error) => logger.warn('worker.feedback_keys_stale', { errorMessage: error instanceof Error ? error.message : String(error) }),
    );
    await keyring.refresh();
    feedbackKeyring = keyring;
    feedbackUrl = createSignedFeedbackUrl({ baseUrl: env.FEEDBACK_BASE_URL, keyring, words, now });
  }
  const diagnose = await createDiagnose({ env: snapshot, locale: env.REPORT_LOCALE, now, onRequest: telemetry.countRunaiRequest, logger });
  return {
    diagnose: measureDiagnoses(diagnose, telemetry.metrics),
    renderText: createRenderText(env.REPORT_LOCALE),
    words,
    publisher: createSnsPublisher({ client: lazySnsClient(), topicArn: env.SNS_TOPIC_ARN }),
    idempotency: createDynamoIdempotencyStore({ client: dynamo, tableName: env.IDEMPOTENCY_TABLE, now }),
    storm: {
      window: createDynamoStormWindow({
        client: dynamo,
        tableName: env.STORM_TABLE,
        now,
        threshold: env.STORM_THRESHOLD,
        windowSeconds: env.STORM_WINDOW_SECONDS,
      }),
      flushes: createSqsStormFlushQueue({ client: sqs, queueUrl: env.QUEUE_URL }),
    },
    stormThreshold: env.STORM_THRESHOLD,
    ...(env.NODE_FAILURE_TABLE
      ? {
          fleet: {
            log: createDynamoNodeFailureLog({ client: dynamo, tableName: env.NODE_FAILURE_TABLE }),
            words: nodeSuspectWordsFor(env.REPORT_LOCALE),
            metrics: telemetry.metrics,
          },
        }
      : {}),
    now,
    logger,
    ...(env.WORKER_CONCURRENCY !== undefined ? { concurrency: env.WORKER_CONCURRENCY } : {}),
    ...(feedbackUrl ? { feedbackUrl } : {}),
  };
}

const run = createWorkerHandler(buildFromEnvironment, logger, {
  afterBatch: (result) => countBatch(result, telemetry.metrics),
  finally: telemetry.flush,
  metrics: telemetry.metrics,
  retryTimer: () => retryTimer,
});

export async function handler(event: SQSEvent, context?: Context): Promise<SQSBatchResponse> {
  telemetry.startInvocation(context);
  // A cached read (no Secrets Manager call while fresh); never fails once keys were read.
  await feedbackKeyring?.refresh().catch(() => undefined);
  return run(event, context?.getRemainingTimeInMillis());
}
