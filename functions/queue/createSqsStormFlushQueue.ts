/**
 * StormFlushQueue on SQS: the flush is one SendMessage to the diagnose queue with
 * DelaySeconds (0–900 on a standard queue), so it reaches the worker when the window ends.
 * An error is a retryable QueueError: the record that asked for the flush fails and retries.
 */
import type { SQSClient } from '@aws-sdk/client-sqs';
import { loadSqs } from '../aws/loadAwsSdk.js';
import type { StormFlushQueue } from '../delivery/StormFlush.js';
import { QueueError } from './QueueError.js';

/** SQS's largest per-message delay. */
export const SQS_MAX_DELAY_SECONDS = 900;

export function createSqsStormFlushQueue(options: { client: SQSClient; queueUrl: string }): StormFlushQueue {
  return {
    async schedule(flush, delaySeconds) {
      try {
        await options.client.send(
          new (await loadSqs()).SendMessageCommand({
            QueueUrl: options.queueUrl,
            MessageBody: JSON.stringify(flush),
            DelaySeconds: Math.min(SQS_MAX_DELAY_SECONDS, Math.max(0, Math.ceil(delaySeconds))),
          }),
        );
      } catch (error) {
        throw new QueueError(`could not queue the storm flush: ${error instanceof Error ? `${error.name}: ${error.message}` : 'request failed'}`, {
          retryable: true,
          failedCount: 1,
          totalCount: 1,
          cause: error,
        });
      }
    },
  };
}
