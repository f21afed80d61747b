/**
 * Publishes a custom notification to the chat topic, the topic Amazon Q Developer in chat
 * applications is subscribed to. A plain string message (no MessageStructure): the chat
 * service reads the message body as the notification JSON. Failures are classified like
 * the worker's publishes (DeliveryError: code, retryable).
 */
import { PublishCommand, type SNSClient } from '@aws-sdk/client-sns';
import { classifySnsError, DeliveryError } from '../delivery/DeliveryError.js';
import type { ChatNotification } from './ChatNotification.js';

export type ChatPublisher = (notification: ChatNotification) => Promise<{ messageId: string }>;

export function createChatPublisher(options: { client: SNSClient; topicArn: string }): ChatPublisher {
  return async (notification) => {
    let output;
    try {
      output = await options.client.send(new PublishCommand({ TopicArn: options.topicArn, Message: JSON.stringify(notification) }));
    } catch (error) {
      throw classifySnsError(error);
    }
    if (!output.MessageId) throw new DeliveryError('SNS_UNKNOWN', 'SNS accepted the publish but returned no MessageId');
    return { messageId: output.MessageId };
  };
}
