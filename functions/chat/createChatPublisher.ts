/**
 * Publishes a custom notification to the chat topic, the topic Amazon Q Developer in chat
 * applications is subscribed to. A plain string message (no MessageStructure): the chat
 * service reads the message body as the notification JSON. Failures are classified like
 * the worker's publishes (DeliveryError: code, retryable).
 *
 * The publish is bounded as a whole by the caller's deadline (an AbortSignal passed to the SDK),
 * not only by the SDK's idle-socket timeouts, which a slowly trickled answer never trips: past
 * the deadline it fails as a retryable SNS_NETWORK and SQS tries the record again later.
 */
import type { SNSClient } from '@aws-sdk/client-sns';
import { loadSns } from '../aws/loadAwsSdk.js';
import { classifySnsError, DeliveryError } from '../delivery/DeliveryError.js';
import type { ChatNotification } from './ChatNotification.js';

export type ChatPublisher = (notification: ChatNotification, options?: { deadlineAt?: number }) => Promise<{ messageId: string }>;

/** One publish without a caller's deadline gets this long in all. */
const DEFAULT_PUBLISH_BUDGET_MS = 30_000;

export function createChatPublisher(options: { client: SNSClient; topicArn: string }): ChatPublisher {
  return async (notification, publishOptions = {}) => {
    const remainingMs = (publishOptions.deadlineAt ?? Date.now() + DEFAULT_PUBLISH_BUDGET_MS) - Date.now();
    if (remainingMs <= 0) throw new DeliveryError('SNS_NETWORK', "no time left before the invocation's deadline to publish to the chat topic");
    const signal = AbortSignal.timeout(remainingMs);
    let output;
    try {
      output = await options.client.send(new (await loadSns()).PublishCommand({ TopicArn: options.topicArn, Message: JSON.stringify(notification) }), {
        abortSignal: signal,
      });
    } catch (error) {
      if (signal.aborted)
        throw new DeliveryError('SNS_NETWORK', `SNS gave no whole answer within ${remainingMs} ms (the invocation's deadline)`, { cause: error });
      throw classifySnsError(error);
    }
    if (!output.MessageId) throw new DeliveryError('SNS_UNKNOWN', 'SNS accepted the publish but returned no MessageId');
    return { messageId: output.MessageId };
  };
}
