/**
 * Sets the visibility of failed records so they come back when the worker wants them
 * (retryDelaySeconds), with ChangeMessageVisibilityBatch (10 entries a request). A record the
 * call could not change simply returns after the queue's visibility timeout: slower, never
 * lost, so errors are reported to the caller to log, not thrown.
 */
import type { SQSClient } from '@aws-sdk/client-sqs';
import { loadSqs } from '../aws/loadAwsSdk.js';

export interface VisibilityChange {
  receiptHandle: string;
  seconds: number;
}

export interface RetryTimer {
  /** Returns how many changes failed. */
  schedule(changes: readonly VisibilityChange[]): Promise<{ failed: number; errors: string[] }>;
}

export function createSqsRetryTimer(options: { client: SQSClient; queueUrl: string }): RetryTimer {
  return {
    async schedule(changes) {
      let failed = 0;
      const errors: string[] = [];
      for (let start = 0; start < changes.length; start += 10) {
        const chunk = changes.slice(start, start + 10);
        try {
          const answer = await options.client.send(
            new (await loadSqs()).ChangeMessageVisibilityBatchCommand({
              QueueUrl: options.queueUrl,
              Entries: chunk.map((change, i) => ({ Id: `r${i}`, ReceiptHandle: change.receiptHandle, VisibilityTimeout: change.seconds })),
            }),
          );
          for (const entry of answer.Failed ?? []) {
            failed += 1;
            errors.push(`${entry.Code ?? 'Failed'}${entry.Message ? `: ${entry.Message}` : ''}`);
          }
        } catch (error) {
          failed += chunk.length;
          errors.push(error instanceof Error ? `${error.name}: ${error.message}` : 'request failed');
        }
      }
      return { failed, errors };
    },
  };
}
