/**
 * Lambda entry of the chat forwarder: SQS (subscribed to the verdict topic) → the chat
 * topic (CHAT_TOPIC_ARN) that Amazon Q Developer in chat applications delivers to Slack,
 * Microsoft Teams or Amazon Chime.
 */
import { lazySnsClient } from '../aws/lazyAwsClients.js';
import { createForwarderHandler } from '../lambda/createForwarderHandler.js';
import type { LogPort } from '../core/LogPort.js';
import { createChatPublisher } from './createChatPublisher.js';
import { forwardToChat } from './forwardToChat.js';
import { ChatEnvSchema } from './ChatEnvSchema.js';
import { notificationWordsFor } from '../report/notificationWordsFor.js';

/** Read on the first invocation (createForwarderHandler). */
function createDeps(log: LogPort): Parameters<typeof forwardToChat>[1] {
  const env = ChatEnvSchema.parse(process.env);
  return {
    publish: createChatPublisher({ client: lazySnsClient(), topicArn: env.CHAT_TOPIC_ARN }),
    words: notificationWordsFor(env.REPORT_LOCALE),
    logger: log,
  };
}

export const handler = createForwarderHandler('chat', createDeps, forwardToChat);
