/**
 * Local mode's SNS publisher, in a module of its own so that only a start with SNS_TOPIC_ARN
 * loads the AWS SDK (createLocalPublisher imports this file dynamically). The SDK is imported
 * statically *here*: the SDK ships CommonJS, and a dynamic `import('@aws-sdk/client-sns')` in
 * the esbuild bundle yields only a `default` export, so `SNSClient` was undefined and local
 * mode died at start with "s is not a constructor".
 */
import { SNSClient } from '@aws-sdk/client-sns';
import { createSnsPublisher } from '../delivery/createSnsPublisher.js';
import type { VerdictPublisher } from '../delivery/VerdictPublisher.js';

export interface SnsTopicConnection {
  publisher: VerdictPublisher;
  close(): void;
}

/** `client`: tests pass one with an emulator endpoint. Default: credentials from the environment, the topic's region. */
export function connectSnsTopic(topicArn: string, client?: SNSClient): SnsTopicConnection {
  // A topic lives in one region, named by its ARN (validated): publish there, whatever AWS_REGION says.
  const region = topicArn.split(':')[3]!;
  const ownClient = client ? undefined : new SNSClient({ region });
  return {
    publisher: createSnsPublisher({ client: client ?? ownClient!, topicArn }),
    close: () => ownClient?.destroy(),
  };
}
