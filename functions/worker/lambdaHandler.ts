/**
 * SQS -> worker Lambda. The event source mapping must enable `ReportBatchItemFailures`
 * (otherwise the returned batchItemFailures are ignored and a single failure retries the
 * whole batch). Its batching window is the storm-coalescing window (coalesceVerdicts).
 *
 * Nothing happens at module load but imports: configuration is read and the clients
 * built on the first invocation, then kept for the life of the execution environment.
 * A configuration error does not throw: it is logged with the offending key and every
 * record of the batch is reported failed, so SQS keeps the messages (and after
 * maxReceiveCount the DLQ does) until the configuration is fixed; the next invocation
 * tries the configuration again.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { SNSClient } from '@aws-sdk/client-sns';
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { createDynamoIdempotencyStore } from '../delivery/createDynamoIdempotencyStore.js';
import { createSnsPublisher } from '../delivery/createSnsPublisher.js';
import { createDiagnose } from './createDiagnose.js';
import { createRenderText } from './createRenderText.js';
import { processDiagnosisBatch, type ProcessDiagnosisBatchDeps } from './processDiagnosisBatch.js';
import { readWorkerEnv } from './readWorkerEnv.js';
import { createJsonLogger, type WorkerLogger } from './WorkerLogger.js';

export function createWorkerHandler(
  build: () => Promise<ProcessDiagnosisBatchDeps>,
  logger: WorkerLogger,
): (event: SQSEvent) => Promise<SQSBatchResponse> {
  let ready: Promise<ProcessDiagnosisBatchDeps> | undefined;
  return async (event) => {
    ready ??= build();
    let deps: ProcessDiagnosisBatchDeps;
    try {
      deps = await ready;
    } catch (error) {
      ready = undefined;
      logger.error('worker.configuration_failed', { errorMessage: error instanceof Error ? error.message : String(error), records: event.Records.length });
      return { batchItemFailures: event.Records.map((record) => ({ itemIdentifier: record.messageId })) };
    }
    const result = await processDiagnosisBatch(
      event.Records.map((record) => ({ messageId: record.messageId, body: record.body })),
      deps,
    );
    return { batchItemFailures: result.batchItemFailures };
  };
}

const logger = createJsonLogger((line) => console.log(line));
const now = () => new Date();

async function buildFromEnvironment(): Promise<ProcessDiagnosisBatchDeps> {
  const env = readWorkerEnv();
  return {
    diagnose: createDiagnose({ env: process.env, locale: env.REPORT_LOCALE, now }),
    renderText: createRenderText(env.REPORT_LOCALE),
    publisher: createSnsPublisher({ client: new SNSClient({}), topicArn: env.SNS_TOPIC_ARN }),
    idempotency: createDynamoIdempotencyStore({ client: new DynamoDBClient({}), tableName: env.IDEMPOTENCY_TABLE, now }),
    now,
    logger,
    ...(env.WORKER_CONCURRENCY !== undefined ? { concurrency: env.WORKER_CONCURRENCY } : {}),
    ...(env.DIGEST_THRESHOLD !== undefined ? { digestThreshold: env.DIGEST_THRESHOLD } : {}),
  };
}

export const handler = createWorkerHandler(buildFromEnvironment, logger);
