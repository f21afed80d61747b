/**
 * The PagerDuty forwarder's core, independent of Lambda: SQS records of the verdict topic
 * → Events API v2 triggers. The routing key is read per batch (cached by the reader), so a
 * key put into Secrets Manager after the deploy is used without a redeploy.
 */
import { forwardNotificationBatch, type ForwardBatchResult, type ForwarderLogger } from '../delivery/forwardNotificationBatch.js';
import { buildPagerDutyEvent } from './buildPagerDutyEvent.js';
import type { PagerDutyEvent } from './PagerDutyEvent.js';
import type { SendOptions, SentEvent } from './sendPagerDutyEvent.js';
import type { NotificationWords } from '../report/NotificationWords.js';

export interface ForwardToPagerDutyDeps {
  routingKey: () => Promise<string>;
  send: (event: PagerDutyEvent, options?: SendOptions) => Promise<SentEvent>;
  logger: ForwarderLogger;
  /** The digest summary's words, in the locale the worker rendered in (REPORT_LOCALE); English when absent. */
  words?: NotificationWords;
}

/** `deadlineAt`: epoch ms by which the invocation must be done (the Lambda's remaining time, less a margin). */
export async function forwardToPagerDuty(
  records: readonly { messageId: string; body: string }[],
  deps: ForwardToPagerDutyDeps,
  deadlineAt?: number,
): Promise<ForwardBatchResult> {
  let routingKey: string | undefined;
  return forwardNotificationBatch(
    'pagerduty',
    records,
    async (notification) => {
      routingKey ??= await deps.routingKey();
      const event = buildPagerDutyEvent(notification, routingKey, deps.words);
      const sent = await deps.send(event, deadlineAt === undefined ? {} : { deadlineAt });
      return { dedupKey: event.dedup_key, severity: event.payload.severity, attempts: sent.attempts };
    },
    deps.logger,
  );
}
