/**
 * The PagerDuty forwarder's environment, parsed once by its Lambda (lambdaHandler.ts) and
 * listed in the destination registry: PAGERDUTY_SECRET_ID (the secret holding the routing
 * key), PAGERDUTY_EVENTS_URL (optional; another region's endpoint, e.g.
 * https://events.eu.pagerduty.com/v2/enqueue), REPORT_LOCALE (the worker's).
 */
import * as z from 'zod';
import { ReportLocaleSchema } from '../report/Messages.js';
import { PAGERDUTY_EVENTS_URL } from './PagerDutyEvent.js';

export const PagerDutyEnvSchema = z.object({
  PAGERDUTY_SECRET_ID: z.string().min(1, 'PAGERDUTY_SECRET_ID must name the secret holding the routing key'),
  PAGERDUTY_EVENTS_URL: z.url({ protocol: /^https$/, error: 'PAGERDUTY_EVENTS_URL must be an https URL' }).default(PAGERDUTY_EVENTS_URL),
  REPORT_LOCALE: ReportLocaleSchema,
});
