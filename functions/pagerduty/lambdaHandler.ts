/**
 * Lambda entry of the PagerDuty forwarder: SQS (subscribed to the verdict topic, with the
 * pager filter policy) → forwardToPagerDuty. Configuration: PAGERDUTY_SECRET_ID (the
 * secret holding the routing key), PAGERDUTY_EVENTS_URL (optional; another region's
 * endpoint, e.g. https://events.eu.pagerduty.com/v2/enqueue).
 */
import { readSecretString } from '../aws/readSecret.js';
import { createForwarderHandler } from '../lambda/createForwarderHandler.js';
import type { LogPort } from '../core/LogPort.js';
import { forwardToPagerDuty } from './forwardToPagerDuty.js';
import { PagerDutyEnvSchema } from './PagerDutyEnvSchema.js';
import { routingKeyFromSecret } from './readRoutingKey.js';
import { createPagerDutySender } from './sendPagerDutyEvent.js';
import { notificationWordsFor } from '../report/notificationWordsFor.js';

/** Read on the first invocation (createForwarderHandler). */
function createDeps(log: LogPort): Parameters<typeof forwardToPagerDuty>[1] {
  const env = PagerDutyEnvSchema.parse(process.env);
  return {
    routingKey: async () => {
      return routingKeyFromSecret(await readSecretString(env.PAGERDUTY_SECRET_ID));
    },
    send: createPagerDutySender({ eventsUrl: env.PAGERDUTY_EVENTS_URL }),
    words: notificationWordsFor(env.REPORT_LOCALE),
    logger: log,
  };
}

export const handler = createForwarderHandler('pagerduty', createDeps, forwardToPagerDuty);
