/**
 * The batch loop of a notification forwarder (PagerDuty, chat): an SQS queue subscribed to
 * the verdict topic → one delivery per record, and for each record exactly one end —
 * `forwarded`, or `failed` (returned in `batchItemFailures`, so SQS redelivers it and,
 * after maxReceiveCount, moves it to the forwarder's dead-letter queue). That keeps the
 * product's no-loss property past the topic: each verdict reaches the destination or
 * waits in a DLQ with an alarm on it.
 *
 * Records are forwarded one at a time, in order. After a retryable failure (the
 * destination is throttling or down) the remaining records are not attempted: they are
 * failed at once and retried with the first one, instead of each spending the Lambda's
 * time on its own retries against a destination that is known to be failing.
 */
import type { DeliveredNotification } from './readDeliveredNotification.js';
import { readDeliveredNotification } from './readDeliveredNotification.js';

export interface ForwarderLogger {
  info(event: string, fields?: Record<string, unknown>): void;
  warn(event: string, fields?: Record<string, unknown>): void;
  error(event: string, fields?: Record<string, unknown>): void;
}

export interface ForwardedRecord {
  messageId: string;
  outcome: 'forwarded' | 'failed';
  code?: string;
}

export interface ForwardBatchResult {
  batchItemFailures: { itemIdentifier: string }[];
  records: ForwardedRecord[];
}

function errorFields(error: unknown): { errorName: string; code: string; retryable: boolean; errorMessage: string } {
  const shape = (typeof error === 'object' && error !== null ? error : {}) as { name?: unknown; code?: unknown; retryable?: unknown; message?: unknown };
  return {
    errorName: typeof shape.name === 'string' ? shape.name : typeof error,
    code: typeof shape.code === 'string' ? shape.code : 'UNKNOWN',
    retryable: shape.retryable === true,
    errorMessage: typeof shape.message === 'string' ? shape.message : String(error),
  };
}

export async function forwardNotificationBatch(
  destination: string,
  records: readonly { messageId: string; body: string }[],
  forward: (notification: DeliveredNotification) => Promise<Record<string, unknown>>,
  logger: ForwarderLogger,
): Promise<ForwardBatchResult> {
  const result: ForwardBatchResult = { batchItemFailures: [], records: [] };
  let destinationFailing = false;
  for (const record of records) {
    const fail = (code: string) => {
      result.records.push({ messageId: record.messageId, outcome: 'failed', code });
      result.batchItemFailures.push({ itemIdentifier: record.messageId });
    };
    if (destinationFailing) {
      fail('SKIPPED_DESTINATION_FAILING');
      continue;
    }
    try {
      const notification = readDeliveredNotification(record.body);
      const details = await forward(notification);
      result.records.push({ messageId: record.messageId, outcome: 'forwarded' });
      logger.info(`${destination}.forwarded`, {
        messageId: record.messageId,
        kind: notification.kind,
        snsMessageId: notification.messageId ?? undefined,
        ...details,
      });
    } catch (error) {
      const fields = errorFields(error);
      if (fields.retryable) {
        destinationFailing = true;
        logger.warn(`${destination}.forward_failed`, {
          messageId: record.messageId,
          ...fields,
          note: 'returned to the queue; retried after the visibility timeout',
        });
      } else {
        logger.error(`${destination}.forward_failed_permanently`, {
          messageId: record.messageId,
          ...fields,
          note: 'goes to the dead-letter queue after maxReceiveCount; fix and redrive',
        });
      }
      fail(fields.code);
    }
  }
  return result;
}
