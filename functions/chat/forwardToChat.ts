/**
 * The chat forwarder's core, independent of Lambda: SQS records of the verdict topic →
 * custom notifications on the chat topic, each checked against the schema before it goes.
 */
import { forwardNotificationBatch, type ForwardBatchResult, type ForwarderLogger } from '../delivery/forwardNotificationBatch.js';
import { NotificationFormatError } from '../delivery/NotificationFormatError.js';
import { buildChatNotification } from './buildChatNotification.js';
import { ChatNotificationSchema } from './ChatNotification.js';
import type { ChatPublisher } from './createChatPublisher.js';
import type { NotificationWords } from '../report/NotificationWords.js';

export interface ForwardToChatDeps {
  publish: ChatPublisher;
  /** The card's words, in the locale the worker rendered in (REPORT_LOCALE); English when absent. */
  words?: NotificationWords;
  logger: ForwarderLogger;
}

/** `deadlineAt`: epoch ms by which the invocation must be done (the Lambda's remaining time, less a margin). */
export async function forwardToChat(
  records: readonly { messageId: string; body: string }[],
  deps: ForwardToChatDeps,
  deadlineAt?: number,
): Promise<ForwardBatchResult> {
  return forwardNotificationBatch(
    'chat',
    records,
    async (notification) => {
      const checked = ChatNotificationSchema.safeParse(buildChatNotification(notification, deps.words));
      if (!checked.success) {
        throw new NotificationFormatError(`the chat notification breaks its schema at ${checked.error.issues.map((issue) => issue.path.join('.')).join(', ')}`);
      }
      const { messageId } = await deps.publish(checked.data, deadlineAt === undefined ? {} : { deadlineAt });
      return { chatMessageId: messageId, threadId: checked.data.metadata.threadId };
    },
    deps.logger,
  );
}
