import type { SNSClient } from '@aws-sdk/client-sns';
import { loadSns } from '../aws/loadAwsSdk.js';
import { classifySnsError, DeliveryError } from './DeliveryError.js';
import type { VerdictPublisher } from './VerdictPublisher.js';

/**
 * Publishes to one SNS topic. The client's own retry strategy (standard mode, 3
 * attempts) already absorbs short throttling; what still fails is classified into a
 * DeliveryError and left to SQS redelivery.
 */
export function createSnsPublisher(options: { client: SNSClient; topicArn: string }): VerdictPublisher {
  return {
    async publish(notification) {
      let output;
      try {
        output = await options.client.send(new (await loadSns()).PublishCommand({ TopicArn: options.topicArn, ...notification }));
      } catch (error) {
        throw classifySnsError(error);
      }
      if (!output.MessageId) throw new DeliveryError('SNS_UNKNOWN', 'SNS accepted the publish but returned no MessageId');
      return { messageId: output.MessageId };
    },
  };
}
