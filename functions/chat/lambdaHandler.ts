/**
 * Lambda entry of the chat forwarder: SQS (subscribed to the verdict topic) → the chat
 * topic (CHAT_TOPIC_ARN) that Amazon Q Developer in chat applications delivers to Slack,
 * Microsoft Teams or Amazon Chime.
 */
import { SNSClient } from '@aws-sdk/client-sns';
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import * as z from 'zod';
import { countForwardedBatch } from '../delivery/countForwardedBatch.js';
import { createPowertoolsMetrics } from '../metrics/createPowertoolsMetrics.js';
import type { OperationsMetrics } from '../metrics/OperationsMetrics.js';
import { createJsonLogger } from '../worker/WorkerLogger.js';
import { createChatPublisher } from './createChatPublisher.js';
import { forwardToChat } from './forwardToChat.js';

const EnvSchema = z.object({
  CHAT_TOPIC_ARN: z.string().regex(/^arn:aws[\w-]*:sns:[\w-]+:\d{12}:[\w-]+$/, 'CHAT_TOPIC_ARN must be an SNS topic ARN'),
});

/** Read on the first invocation, not at import: a bad variable fails the invocation with its name, and init stays cheap. */
let deps: Parameters<typeof forwardToChat>[1] | undefined;

function createDeps(): Parameters<typeof forwardToChat>[1] {
  const env = EnvSchema.parse(process.env);
  return {
    publish: createChatPublisher({ client: new SNSClient({}), topicArn: env.CHAT_TOPIC_ARN }),
    logger: createJsonLogger((line) => console.log(line)),
  };
}

/** Built on the first invocation: forwarded notifications and failures per code. */
let metrics: OperationsMetrics | undefined;

export async function handler(event: SQSEvent): Promise<SQSBatchResponse> {
  metrics ??= createPowertoolsMetrics('chat');
  try {
    deps ??= createDeps();
  } catch (error) {
    metrics.count('ConfigurationFailures');
    metrics.flush();
    throw error;
  }
  const result = await forwardToChat(event.Records, deps);
  countForwardedBatch(result, metrics);
  metrics.flush();
  return { batchItemFailures: result.batchItemFailures };
}
