/**
 * Lambda entry of the PagerDuty forwarder: SQS (subscribed to the verdict topic, with the
 * pager filter policy) → forwardToPagerDuty. Configuration: PAGERDUTY_SECRET_ID (the
 * secret holding the routing key), PAGERDUTY_EVENTS_URL (optional; another region's
 * endpoint, e.g. https://events.eu.pagerduty.com/v2/enqueue).
 */
import { getSecret } from '@aws-lambda-powertools/parameters/secrets';
import { createForwarderHandler } from '../lambda/createForwarderHandler.js';
import { createJsonLogger } from '../worker/WorkerLogger.js';
import { forwardToPagerDuty } from './forwardToPagerDuty.js';
import { PagerDutyEnvSchema } from './PagerDutyEnvSchema.js';
import { routingKeyFromSecret } from './readRoutingKey.js';
import { createPagerDutySender } from './sendPagerDutyEvent.js';
import { notificationWordsFor } from '../report/notificationWordsFor.js';

const SECRET_MAX_AGE_SECONDS = 300;

/** Read on the first invocation (createForwarderHandler). */
function createDeps(): Parameters<typeof forwardToPagerDuty>[1] {
  const env = PagerDutyEnvSchema.parse(process.env);
  return {
    routingKey: async () => {
      const secret = await getSecret(env.PAGERDUTY_SECRET_ID, { maxAge: SECRET_MAX_AGE_SECONDS });
      if (typeof secret !== 'string') throw new Error('the PagerDuty secret has no string value');
      return routingKeyFromSecret(secret);
    },
    send: createPagerDutySender({ eventsUrl: env.PAGERDUTY_EVENTS_URL }),
    words: notificationWordsFor(env.REPORT_LOCALE),
    logger: createJsonLogger((line) => console.log(line)),
  };
}

export const handler = createForwarderHandler('pagerduty', createDeps, forwardToPagerDuty);
