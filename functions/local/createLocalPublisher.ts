/**
 * Where local mode's notifications go: the console (subject and text report, what an email
 * subscriber would read, then the chat notification Amazon Q Developer in chat
 * applications would show) unless SNS_TOPIC_ARN is set, then the real SNS topic — with one
 * stdout line per publish so the person at the terminal still sees what went out.
 * With PAGERDUTY_ROUTING_KEY, the notifications PAGERDUTY_FILTER selects (the AWS deploy's
 * pagerFilter presets) are also sent to the PagerDuty Events API, as the AWS forwarder
 * would send them. A PagerDuty failure is printed and does not fail the publish: the
 * notification already went out on the console or SNS, and failing it would print it again.
 * The AWS SDK is imported only in the SNS case (connectSnsTopic), so the default start never loads it.
 */
import type { SNSClient } from '@aws-sdk/client-sns';
import { deliveredFromSnsNotification } from '../delivery/readDeliveredNotification.js';
import { notificationDestination } from '../destinations/notificationDestinations.js';
import type { SnsNotification } from '../delivery/SnsNotification.js';
import { createConsolePublisher, type VerdictPublisher } from '../delivery/VerdictPublisher.js';
import { buildPagerDutyEvent } from '../pagerduty/buildPagerDutyEvent.js';
import { createPagerDutySender } from '../pagerduty/sendPagerDutyEvent.js';
import type { NotificationWords } from '../report/NotificationWords.js';
import { notificationWordsEn } from '../report/notificationWordsEn.js';
import type { LocalConfig } from './readLocalEnv.js';

export interface LocalPublisher {
  publisher: VerdictPublisher;
  /** For the ready line. */
  description: string;
  close(): void;
}

/**
 * The `node-failure-or-recurring` preset (infra/pagerFilterPolicy.ts) on the attributes every
 * notification carries (a digest's category is a list; a suspect-node notice has none, its outcome says it).
 */
export function pagesByFilter(notification: SnsNotification, filter: 'node-failure-or-recurring' | 'all'): boolean {
  if (filter === 'all') return true;
  if (notification.MessageAttributes.outcome?.StringValue === 'node_suspect') return true;
  const category = notification.MessageAttributes.category;
  const categories = category?.DataType === 'String.Array' ? (JSON.parse(category.StringValue) as string[]) : [category?.StringValue];
  return categories.includes('NODE_FAILURE') || notification.MessageAttributes.recurring?.StringValue === 'true';
}

function withChatPreview(inner: VerdictPublisher, words: NotificationWords, stdout: (text: string) => void): VerdictPublisher {
  return {
    async publish(notification) {
      const sent = await inner.publish(notification);
      // Rendered through the destination registry, as the AWS chat forwarder renders it.
      const chat = notificationDestination('chat').render!(deliveredFromSnsNotification(notification, sent.messageId), words);
      stdout(`chat notification (Amazon Q Developer in chat applications):\n${JSON.stringify(chat, null, 2)}\n`);
      return sent;
    },
  };
}

function withPagerDuty(
  inner: VerdictPublisher,
  pagerDuty: NonNullable<LocalConfig['pagerDuty']>,
  words: NotificationWords,
  stdout: (text: string) => void,
): VerdictPublisher {
  const send = createPagerDutySender({ eventsUrl: pagerDuty.eventsUrl });
  return {
    async publish(notification) {
      const sent = await inner.publish(notification);
      if (!pagesByFilter(notification, pagerDuty.filter)) return sent;
      const event = buildPagerDutyEvent(deliveredFromSnsNotification(notification, sent.messageId), pagerDuty.routingKey, words);
      try {
        await send(event);
        stdout(`PagerDuty accepted the event (dedup_key ${event.dedup_key}, severity ${event.payload.severity})\n`);
      } catch (error) {
        const { code, message } = error as { code?: string; message?: string };
        stdout(`PagerDuty did not accept the event (dedup_key ${event.dedup_key}): ${code ?? 'ERROR'} ${message ?? String(error)}\n`);
      }
      return sent;
    },
  };
}

export async function createLocalPublisher(options: {
  snsTopicArn: string | undefined;
  pagerDuty?: LocalConfig['pagerDuty'];
  /** The chat preview's and PagerDuty's words, in the report's locale; English when absent. */
  words?: NotificationWords;
  /** Tests: a client with an emulator endpoint. Default: credentials from the environment, the topic's region. */
  snsClient?: SNSClient;
  stdout: (text: string) => void;
}): Promise<LocalPublisher> {
  const { snsTopicArn, stdout } = options;
  const words = options.words ?? notificationWordsEn;
  const paging = (publisher: VerdictPublisher) => (options.pagerDuty ? withPagerDuty(publisher, options.pagerDuty, words, stdout) : publisher);
  const pagerDescription = options.pagerDuty ? ` + PagerDuty (${options.pagerDuty.filter})` : '';
  if (snsTopicArn === undefined) {
    return {
      publisher: paging(withChatPreview(createConsolePublisher(stdout), words, stdout)),
      description: `console${pagerDescription}`,
      close: () => undefined,
    };
  }

  const { connectSnsTopic } = await import('./connectSnsTopic.js');
  const topic = connectSnsTopic(snsTopicArn, options.snsClient);
  const sns = topic.publisher;
  return {
    publisher: paging({
      async publish(notification) {
        const sent = await sns.publish(notification);
        stdout(`published to SNS (MessageId ${sent.messageId}): ${notification.Subject}\n`);
        return sent;
      },
    }),
    description: `SNS ${snsTopicArn}${pagerDescription}`,
    close: () => topic.close(),
  };
}
