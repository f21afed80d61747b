/**
 * DiagnosisQueue on a standard SQS queue. Sends SendMessageBatch requests (planSqsBatches)
 * a few at a time, and re-sends only the entries SQS reported in `Failed[]`, a bounded
 * number of times: the SDK's own retry strategy already retries a request that failed as a
 * whole (throttling, 5xx, network), but it never retries the failed entries of a partially
 * successful batch — that is ours to do. A request that still throws after the SDK's
 * retries is not retried again here (retry layers multiply).
 */
import type { BatchResultErrorEntry, SQSClient } from '@aws-sdk/client-sqs';
import { loadSqs } from '../aws/loadAwsSdk.js';
import type { QueuedDiagnosis } from '../core/queuedDiagnosis.js';
import type { DiagnosisQueue } from './DiagnosisQueue.js';
import { QueueError } from './QueueError.js';
import { OversizedMessageError, planSqsBatches, type PlannedEntry } from './planSqsBatches.js';

export interface SqsQueueOptions {
  client: SQSClient;
  queueUrl: string;
  /** Attempts per entry, the first included. Default 3. */
  maxAttempts?: number;
  /** Batches in flight at once: 600 messages are 60 requests, too slow one after another. Default 8. */
  maxConcurrentBatches?: number;
  /** Delay before re-sending failed entries (attempt = 1 for the first re-send). */
  retryDelayMs?: (attempt: number) => number;
  sleep?: (ms: number) => Promise<void>;
}

interface BatchFailure {
  planned: PlannedEntry;
  reason: string;
  senderFault: boolean;
}

const defaultRetryDelayMs = (attempt: number): number =>
  // Full jitter keeps many Lambdas that failed together from re-sending together.
  Math.random() * Math.min(1_000, 50 * 2 ** attempt);

/** A request that threw after the SDK's retries, as one line: the error's name and message. */
const requestFailure = (error: unknown): string => (error instanceof Error ? `${error.name}: ${error.message}` : 'request failed');

const defaultSleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export function createSqsQueue(options: SqsQueueOptions): DiagnosisQueue {
  const maxAttempts = Math.max(1, options.maxAttempts ?? 3);
  const maxConcurrent = Math.max(1, options.maxConcurrentBatches ?? 8);
  const retryDelayMs = options.retryDelayMs ?? defaultRetryDelayMs;
  const sleep = options.sleep ?? defaultSleep;

  async function sendBatch(batch: PlannedEntry[]): Promise<BatchFailure[]> {
    let pending = batch;
    let failures: BatchFailure[] = [];
    for (let attempt = 1; attempt <= maxAttempts && pending.length > 0; attempt++) {
      if (attempt > 1) await sleep(retryDelayMs(attempt - 1));
      let output;
      try {
        output = await options.client.send(new (await loadSqs()).SendMessageBatchCommand({ QueueUrl: options.queueUrl, Entries: pending.map((p) => p.entry) }));
      } catch (error) {
        const reason = requestFailure(error);
        return pending.map((planned) => ({ planned, reason, senderFault: false }));
      }
      const failedById = new Map<string, BatchResultErrorEntry>();
      for (const failed of output.Failed ?? []) if (failed.Id) failedById.set(failed.Id, failed);
      const succeeded = new Set((output.Successful ?? []).map((s) => s.Id));
      // An entry in neither list was not confirmed: count it as failed rather than lost.
      failures = pending
        .filter((p) => !succeeded.has(p.entry.Id))
        .map((planned) => {
          const failed = failedById.get(planned.entry.Id ?? '');
          return {
            planned,
            reason: failed ? `${failed.Code ?? 'Failed'}${failed.Message ? `: ${failed.Message}` : ''}` : 'not confirmed by SQS',
            senderFault: failed?.SenderFault === true,
          };
        });
      pending = failures.map((f) => f.planned);
    }
    return failures;
  }

  return {
    async readDepth() {
      let attributes: Record<string, string> | undefined;
      try {
        ({ Attributes: attributes } = await options.client.send(
          new (await loadSqs()).GetQueueAttributesCommand({
            QueueUrl: options.queueUrl,
            AttributeNames: ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible'],
          }),
        ));
      } catch (error) {
        throw new QueueError(`cannot read the queue's attributes (${requestFailure(error)})`, { retryable: true, failedCount: 0, totalCount: 0, cause: error });
      }
      const count = (name: string): number => {
        const value = Number(attributes?.[name]);
        if (!Number.isSafeInteger(value) || value < 0) throw new QueueError(`SQS answered no ${name}`, { retryable: true, failedCount: 0, totalCount: 0 });
        return value;
      };
      return { waiting: count('ApproximateNumberOfMessages'), inFlight: count('ApproximateNumberOfMessagesNotVisible') };
    },

    async enqueue(messages: readonly QueuedDiagnosis[]): Promise<void> {
      if (messages.length === 0) return;
      let batches: PlannedEntry[][];
      try {
        batches = planSqsBatches(messages);
      } catch (error) {
        if (error instanceof OversizedMessageError) {
          throw new QueueError(error.message, { retryable: false, failedCount: messages.length, totalCount: messages.length, cause: error });
        }
        throw error;
      }
      const failures: BatchFailure[] = [];
      let next = 0;
      // A small worker pool: each worker takes the next batch until none is left. One
      // failed batch does not stop the others, so as much as possible is enqueued.
      const worker = async (): Promise<void> => {
        while (next < batches.length) {
          const batch = batches[next++]!;
          failures.push(...(await sendBatch(batch)));
        }
      };
      await Promise.all(Array.from({ length: Math.min(maxConcurrent, batches.length) }, worker));
      if (failures.length === 0) return;
      const first = failures[0]!;
      throw new QueueError(
        `${failures.length} of ${messages.length} messages not enqueued after ${maxAttempts} attempts (first: message #${first.planned.index}, ${first.reason})`,
        {
          // Entries SQS blames on the sender will fail the same way on a resend.
          retryable: !failures.every((f) => f.senderFault),
          failedCount: failures.length,
          totalCount: messages.length,
        },
      );
    },
  };
}
