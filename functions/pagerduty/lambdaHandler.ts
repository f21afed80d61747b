/**
 * Lambda entry of the PagerDuty forwarder: SQS (subscribed to the verdict topic, with the
 * pager filter policy) → forwardToPagerDuty. Configuration: PAGERDUTY_SECRET_ID (the
 * secret holding the routing key), PAGERDUTY_EVENTS_URL (optional; another region's
 * endpoint, e.g. https://events.eu.pagerduty.com/v2/enqueue).
 */
import { getSecret } from '@aws-lambda-powertools/parameters/secrets';
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import * as z from 'zod';
import { countForwardedBatch } from '../delivery/countForwardedBatch.js';
import { createPowertoolsMetrics } from '../metrics/createPowertoolsMetrics.js';
import type { OperationsMetrics } from '../metrics/OperationsMetrics.js';
import { createJsonLogger } from '../worker/WorkerLogger.js';
import { forwardToPagerDuty } from './forwardToPagerDuty.js';
import { PAGERDUTY_EVENTS_URL } from './PagerDutyEvent.js';
import { routingKeyFromSecret } from './readRoutingKey.js';
import { createPagerDutySender } from './sendPagerDutyEvent.js';

const SECRET_MAX_AGE_SECONDS = 300;

const EnvSchema = z.object({
  PAGERDUTY_SECRET_ID: z.string().min(1, 'PAGERDUTY_SECRET_ID must name the secret holding the routing key'),
  PAGERDUTY_EVENTS_URL: z.url({ protocol: /^https$/, error: 'PAGERDUTY_EVENTS_URL must be an https URL' }).default(PAGERDUTY_EVENTS_URL),
});

/** Read on the first invocation, not at import: a bad variable fails the invocation with its name, and init stays cheap. */
let deps: Parameters<typeof forwardToPagerDuty>[1] | undefined;

function createDeps(): Parameters<typeof forwardToPagerDuty>[1] {
  const env = EnvSchema.parse(process.env);
  return {
    routingKey: async () => {
      const secret = await getSecret(env.PAGERDUTY_SECRET_ID, { maxAge: SECRET_MAX_AGE_SECONDS });
      if (typeof secret !== 'string') throw new Error('the PagerDuty secret has no string value');
      return routingKeyFromSecret(secret);
    },
    send: createPagerDutySender({ eventsUrl: env.PAGERDUTY_EVENTS_URL }),
    logger: createJsonLogger((line) => console.log(line)),
  };
}

/** Built on the first invocation: forwarded notifications and failures per code. */
let metrics: OperationsMetrics | undefined;

export async function handler(event: SQSEvent): Promise<SQSBatchResponse> {
  metrics ??= createPowertoolsMetrics('pagerduty');
  try {
    deps ??= createDeps();
  } catch (error) {
    metrics.count('ConfigurationFailures');
    metrics.flush();
    throw error;
  }
  const result = await forwardToPagerDuty(event.Records, deps);
  countForwardedBatch(result, metrics);
  metrics.flush();
  return { batchItemFailures: result.batchItemFailures };
}
