/**
 * Where local mode's notifications go: the console (subject and text report, what an email
 * subscriber would read) unless SNS_TOPIC_ARN is set, then the real SNS topic — with one
 * stdout line per publish so the person at the terminal still sees what went out.
 * The AWS SDK is imported only in the SNS case, so the default start never loads it.
 */
import type { SNSClient } from '@aws-sdk/client-sns';
import { createConsolePublisher, type VerdictPublisher } from '../delivery/VerdictPublisher.js';

export interface LocalPublisher {
  publisher: VerdictPublisher;
  /** For the ready line. */
  description: string;
  close(): void;
}

export async function createLocalPublisher(options: {
  snsTopicArn: string | undefined;
  /** Tests: a client with an emulator endpoint. Default: credentials from the environment, the topic's region. */
  snsClient?: SNSClient;
  stdout: (text: string) => void;
}): Promise<LocalPublisher> {
  const { snsTopicArn, stdout } = options;
  if (snsTopicArn === undefined) return { publisher: createConsolePublisher(stdout), description: 'console', close: () => undefined };

  const [{ SNSClient }, { createSnsPublisher }] = await Promise.all([import('@aws-sdk/client-sns'), import('../delivery/createSnsPublisher.js')]);
  // A topic lives in one region, named by its ARN (validated): publish there, whatever AWS_REGION says.
  const region = snsTopicArn.split(':')[3]!;
  const ownClient = options.snsClient ? undefined : new SNSClient({ region });
  const sns = createSnsPublisher({ client: options.snsClient ?? ownClient!, topicArn: snsTopicArn });
  return {
    publisher: {
      async publish(notification) {
        const sent = await sns.publish(notification);
        stdout(`published to SNS (MessageId ${sent.messageId}): ${notification.Subject}\n`);
        return sent;
      },
    },
    description: `SNS ${snsTopicArn}`,
    close: () => ownClient?.destroy(),
  };
}
