/**
 * Lambda entry of the chat forwarder: SQS (subscribed to the verdict topic) → the chat
 * topic (CHAT_TOPIC_ARN) that Amazon Q Developer in chat applications delivers to Slack,
 * Microsoft Teams or Amazon Chime.
 */
import { SNSClient } from '@aws-sdk/client-sns';
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import * as z from 'zod';
import { createJsonLogger } from '../worker/WorkerLogger.js';
import { createChatPublisher } from './createChatPublisher.js';
import { forwardToChat } from './forwardToChat.js';

const EnvSchema = z.object({
  CHAT_TOPIC_ARN: z.string().regex(/^arn:aws[\w-]*:sns:[\w-]+:\d{12}:[\w-]+$/, 'CHAT_TOPIC_ARN must be an SNS topic ARN'),
});

const env = EnvSchema.parse(process.env);
const logger = createJsonLogger((line) => console.log(line));
const publish = createChatPublisher({ client: new SNSClient({}), topicArn: env.CHAT_TOPIC_ARN });

export async function handler(event: SQSEvent): Promise<SQSBatchResponse> {
  const result = await forwardToChat(event.Records, { publish, logger });
  return { batchItemFailures: result.batchItemFailures };
}
