/**
 * The notification destinations, one row each: its name, the CDK context keys that turn
 * it on, how a notification reaches it (an SNS subscription, or a forwarder Lambda with
 * the environment schema its handler parses), what it renders from a delivered
 * notification (in the locale's words), how it is sent, and the filter preset of its
 * subscription. Local mode renders through these rows; the architecture test checks each
 * row against the folders, the synthesized stack and docs/notifications.md. Adding a
 * destination is adding a row here (docs/extending.md, "Add a destination").
 */
import type * as z from 'zod';
import { buildChatNotification } from '../chat/buildChatNotification.js';
import { ChatEnvSchema } from '../chat/ChatEnvSchema.js';
import type { DeliveredNotification } from '../delivery/readDeliveredNotification.js';
import { buildPagerDutyEvent } from '../pagerduty/buildPagerDutyEvent.js';
import { PagerDutyEnvSchema } from '../pagerduty/PagerDutyEnvSchema.js';
import type { NotificationWords } from '../report/NotificationWords.js';

/** The subscription filter presets (infra/pagerFilterPolicy.ts PAGER_FILTER_PRESETS, local mode's PAGERDUTY_FILTER). */
export type FilterPreset = 'all' | 'node-failure-or-recurring';

export type DestinationDelivery =
  /** SNS delivers the json-structured message itself: the text report to `email`, the verdict JSON to the others. */
  | { via: 'sns'; protocols: readonly ('email' | 'sqs' | 'lambda' | 'https')[] }
  /** A Lambda (functions/<lambda>/lambdaHandler.ts) reads the verdict topic through a queue and sends on. */
  | { via: 'forwarder'; lambda: string; envSchema: z.ZodObject; send: string };

export interface NotificationDestination {
  name: string;
  /** The CDK context keys that configure it (docs/notifications.md, "Where notifications go"). */
  contextKeys: readonly string[];
  delivery: DestinationDelivery;
  /**
   * What the destination shows for a delivered notification, in the locale's words; null
   * when it shows the SNS message as published (the worker's text report, or the JSON).
   */
  render: ((notification: DeliveredNotification, words: NotificationWords) => unknown) | null;
  /** The default filter of its subscription. */
  filterPreset: FilterPreset;
}

/** PagerDuty's routing key is read at send time (a secret); a rendered preview carries this instead. */
const ROUTING_KEY_PLACEHOLDER = '<routing key>';

export const NOTIFICATION_DESTINATIONS = [
  {
    name: 'email',
    contextKeys: ['alertEmail', 'opsEmail'],
    delivery: { via: 'sns', protocols: ['email'] },
    render: null,
    filterPreset: 'all',
  },
  {
    name: 'pagerduty',
    contextKeys: ['pagerDuty', 'pagerFilter'],
    delivery: { via: 'forwarder', lambda: 'pagerduty', envSchema: PagerDutyEnvSchema, send: 'createPagerDutySender (Events API v2)' },
    render: (notification, words) => buildPagerDutyEvent(notification, ROUTING_KEY_PLACEHOLDER, words),
    filterPreset: 'node-failure-or-recurring',
  },
  {
    name: 'chat',
    contextKeys: ['chat'],
    delivery: { via: 'forwarder', lambda: 'chat', envSchema: ChatEnvSchema, send: 'createChatPublisher (the chat topic)' },
    render: (notification, words) => buildChatNotification(notification, words),
    filterPreset: 'all',
  },
  {
    name: 'raw',
    contextKeys: ['pagerUrl'],
    delivery: { via: 'sns', protocols: ['sqs', 'lambda', 'https'] },
    render: null,
    filterPreset: 'all',
  },
] as const satisfies readonly NotificationDestination[];

export type DestinationName = (typeof NOTIFICATION_DESTINATIONS)[number]['name'];

export function notificationDestination(name: DestinationName): NotificationDestination {
  return NOTIFICATION_DESTINATIONS.find((destination) => destination.name === name)!;
}
