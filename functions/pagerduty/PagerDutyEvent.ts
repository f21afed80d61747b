/**
 * The PagerDuty Events API v2 alert event, as documented by PagerDuty
 * (PagerDuty/developer-docs, docs/events-API-v2/02-Trigger-Events.md, "Send an Alert
 * Event"; the PD-CEF table in docs/events-API-v2/01-Overview.md):
 * - required: `routing_key` (the 32-character integration key), `event_action`
 *   (`trigger` | `acknowledge` | `resolve`), and for a trigger `payload.summary`
 *   (at most 1,024 characters), `payload.source`, `payload.severity`
 *   (`critical` | `error` | `warning` | `info`);
 * - optional: `dedup_key` (at most 255 characters; a trigger with the key of an open alert
 *   is added to that alert instead of opening another), `payload.timestamp`,
 *   `payload.component`, `payload.group`, `payload.class`, `payload.custom_details`,
 *   `client`, `client_url`, `images`, `links`.
 * The whole request is limited to 512 KB (same Overview page, "Size Limits").
 *
 * Strict on purpose: this is what *we* send, and the loopback receiver in the tests
 * validates requests against the same documented constraints.
 */
import * as z from 'zod';

export const PAGERDUTY_EVENTS_URL = 'https://events.pagerduty.com/v2/enqueue';
export const SUMMARY_MAX_CHARS = 1024;
export const DEDUP_KEY_MAX_CHARS = 255;
export const ROUTING_KEY_CHARS = 32;

export const SEVERITIES = ['critical', 'error', 'warning', 'info'] as const;
export const SeveritySchema = z.enum(SEVERITIES);
export type Severity = z.infer<typeof SeveritySchema>;

export const EVENT_ACTIONS = ['trigger', 'acknowledge', 'resolve'] as const;

export const RoutingKeySchema = z
  .string()
  .length(ROUTING_KEY_CHARS, `must be the ${ROUTING_KEY_CHARS}-character integration key of an Events API v2 integration`)
  .regex(/^[A-Za-z0-9]+$/, 'must be the integration key (letters and digits only)');

export const PagerDutyPayloadSchema = z.strictObject({
  summary: z.string().min(1).max(SUMMARY_MAX_CHARS),
  source: z.string().min(1),
  severity: SeveritySchema,
  timestamp: z.string().optional(),
  component: z.string().min(1).optional(),
  group: z.string().min(1).optional(),
  class: z.string().min(1).optional(),
  custom_details: z.record(z.string(), z.unknown()).optional(),
});

export const PagerDutyEventSchema = z.strictObject({
  routing_key: RoutingKeySchema,
  event_action: z.enum(EVENT_ACTIONS),
  dedup_key: z.string().min(1).max(DEDUP_KEY_MAX_CHARS).optional(),
  client: z.string().optional(),
  client_url: z.string().optional(),
  payload: PagerDutyPayloadSchema,
});
export type PagerDutyEvent = z.infer<typeof PagerDutyEventSchema>;
