/**
 * How the stack builds each forwarder destination of the registry
 * (functions/destinations/notificationDestinations.ts): one builder per row whose delivery is
 * a forwarder Lambda, keyed by the row's name. The key set is the registry's, so a forwarder
 * row added there without a builder here does not compile, and the stack, per-project routes
 * and the alarms iterate the registry instead of naming destinations (docs/extending.md, "Add
 * a destination").
 *
 * Each builder is called twice over: for the platform (from the deploy configuration: the
 * `pagerDuty`, `chat` context keys) and for each project route (`projectRoutes`). It returns
 * the constructs the rest of the stack watches — the forwarder (its DLQ and function go under
 * the operations alarms), a delivery topic when the destination reads one (the chat topic),
 * and the outputs an operator needs after deploying (a secret to fill in, a topic to connect).
 */
import type * as kms from 'aws-cdk-lib/aws-kms';
import type * as sns from 'aws-cdk-lib/aws-sns';
import type { Construct } from 'constructs';
import { NOTIFICATION_DESTINATIONS } from '../functions/destinations/notificationDestinations.js';
import { ChatNotifications } from './ChatNotifications.js';
import type { DeployConfig, ProjectRoute } from './DeployConfig.js';
import type { NotificationForwarder } from './NotificationForwarder.js';
import { PagerDutyNotifications } from './PagerDutyNotifications.js';
import type { FilterPolicy } from './pagerFilterPolicy.js';

type ForwarderRow = Extract<(typeof NOTIFICATION_DESTINATIONS)[number], { delivery: { via: 'forwarder' } }>;
export type ForwarderDestinationName = ForwarderRow['name'];

/** The registry's forwarder destinations, in its order. */
export const FORWARDER_DESTINATIONS: readonly ForwarderDestinationName[] = NOTIFICATION_DESTINATIONS.flatMap((row) =>
  row.delivery.via === 'forwarder' ? [row.name as ForwarderDestinationName] : [],
);

/** The Lambda (functions/<lambda>/) that forwards to a destination: a configured service of the alarms. */
export function forwarderLambdaOf(name: ForwarderDestinationName): string {
  const row = NOTIFICATION_DESTINATIONS.find((destination) => destination.name === name) as ForwarderRow;
  return row.delivery.lambda;
}

/** What every forwarder may need from the stack. */
export interface ForwarderShared {
  verdicts: sns.ITopic;
  /** The alarm topic, which the platform's chat channel also shows. */
  ops: sns.ITopic;
  key: kms.IKey;
  logRetentionDays: number;
  locale: 'en' | 'fr';
  /** PagerDuty's Events API endpoint: the platform's `pagerDuty` URL, else the public one. */
  pagerDutyEventsUrl: string;
}

export interface ForwarderOutput {
  name: string;
  value: string;
  description: string;
}

/** The constructs of one built destination that the stack watches or exposes. */
export interface ForwarderWiring {
  forwarder: NotificationForwarder;
  /** A topic the destination reads (its messages are watched by the delivery alarms). */
  deliveryTopic?: sns.ITopic;
  /** Stack outputs, created at the stack's top level so their names stay what the docs say. */
  outputs: ForwarderOutput[];
}

export interface ForwarderBuilder {
  /** The construct id (platform) and the stem of its alarm names: `<id>Dlq`, `<id>Forwarder`. */
  id: string;
  /** The platform's destination, or undefined when the deploy configuration leaves it off. */
  platform(scope: Construct, config: DeployConfig, shared: ForwarderShared): ForwarderWiring | undefined;
  /** A project's destination (filtered on that project), or undefined when its route has none. */
  project(
    scope: Construct,
    at: { project: string; index: number; route: ProjectRoute; filterPolicy: FilterPolicy },
    shared: ForwarderShared,
  ): ForwarderWiring | undefined;
}

export const FORWARDER_BUILDERS: { readonly [name in ForwarderDestinationName]: ForwarderBuilder } = {
  pagerduty: {
    id: 'PagerDuty',
    platform: (scope, config, shared) =>
      config.pagerDuty
        ? pagerDutyWiring(scope, 'PagerDuty', config.pagerFilter, shared, {
            name: 'PagerDutySecretArn',
            description: 'put-secret-value: the PagerDuty Events API v2 integration key',
          })
        : undefined,
    // One PagerDuty service per project: its own routing-key secret.
    project: (scope, { project, index, route, filterPolicy }, shared) =>
      route.pagerDuty
        ? pagerDutyWiring(scope, `PagerDuty${index}`, filterPolicy, shared, {
            name: `ProjectPagerDutySecretArn${index}`,
            description: `put-secret-value: the PagerDuty Events API v2 integration key of project ${project}`,
          })
        : undefined,
  },
  chat: {
    id: 'Chat',
    platform(scope, config, shared) {
      if (!config.chat) return undefined;
      const chat = new ChatNotifications(scope, 'Chat', {
        config: config.chat,
        verdicts: shared.verdicts,
        ops: shared.ops,
        key: shared.key,
        logRetentionDays: shared.logRetentionDays,
        locale: shared.locale,
      });
      return {
        forwarder: chat.forwarder,
        deliveryTopic: chat.topic,
        outputs: [
          {
            name: 'ChatTopicArn',
            value: chat.topic.topicArn,
            description: 'Custom notifications for Amazon Q Developer in chat applications (Slack, Teams, Chime)',
          },
        ],
      };
    },
    project(scope, { index, route, filterPolicy }, shared) {
      if (!route.chat) return undefined;
      // A project's channel shows its users' failures only: no alarms (no `ops`).
      const chat = new ChatNotifications(scope, `Chat${index}`, {
        config: route.chat,
        verdicts: shared.verdicts,
        key: shared.key,
        filterPolicy,
        nameSuffix: `-project${index}`,
        logRetentionDays: shared.logRetentionDays,
        locale: shared.locale,
      });
      return { forwarder: chat.forwarder, outputs: [] };
    },
  },
};

/** A PagerDuty forwarder with its routing-key secret, and the output that names the secret to fill in. */
function pagerDutyWiring(
  scope: Construct,
  id: string,
  filterPolicy: FilterPolicy | null,
  shared: ForwarderShared,
  output: { name: string; description: string },
): ForwarderWiring {
  const pagerDuty = new PagerDutyNotifications(scope, id, {
    verdicts: shared.verdicts,
    filterPolicy,
    eventsUrl: shared.pagerDutyEventsUrl,
    logRetentionDays: shared.logRetentionDays,
    locale: shared.locale,
  });
  return { forwarder: pagerDuty.forwarder, outputs: [{ ...output, value: pagerDuty.secret.secretArn }] };
}
