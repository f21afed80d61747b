/**
 * Per-project routing (DESIGN §4.7, §4.8; context `projectRoutes`): a project's own chat channel
 * and/or PagerDuty service, each fed by its own subscription to the verdict topic with the
 * filter policy {"project": [<project>], "audience": ["user"]} — that project's users' own
 * failures, never the platform's (node failures, suspect-node notices, needs_input) nor another
 * project's. The platform's destinations (`chat`, `pagerDuty`) stay as they are.
 *
 * Each route reuses the platform's constructs, so each gets what they get: a forwarder with its
 * queue and DLQ, least-privilege grants, and for PagerDuty its own routing-key secret (one
 * PagerDuty service per project). A digest carries `project` and `audience` as String.Array,
 * which SNS matches when any element does: a project channel receives a storm that includes its
 * project. Filter policies: docs/notifications.md "Filter policies".
 */
import type * as kms from 'aws-cdk-lib/aws-kms';
import type * as sns from 'aws-cdk-lib/aws-sns';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';
import { ChatNotifications } from './ChatNotifications.js';
import type { ProjectRoute } from './DeployConfig.js';
import { PagerDutyNotifications } from './PagerDutyNotifications.js';
import type { FilterPolicy } from './pagerFilterPolicy.js';

/** What a project's subscriptions receive: its users' own failures. */
export function projectFilterPolicy(project: string): FilterPolicy {
  return { project: [project], audience: ['user'] };
}

export interface ProjectRoutesProps {
  routes: Readonly<Record<string, ProjectRoute>>;
  verdicts: sns.ITopic;
  key: kms.IKey;
  /** PagerDuty's Events API endpoint (the platform's `pagerDuty` URL, else the public one). */
  pagerDutyEventsUrl: string;
  logRetentionDays: number;
  locale: 'en' | 'fr';
}

export class ProjectRoutes extends Construct {
  /** Per project, its PagerDuty routing-key secret (for an output and put-secret-value). */
  readonly pagerDutySecrets: { project: string; secretArn: string }[] = [];
  /** For the alarms: every forwarder's DLQ and function, by a name unique in the stack. */
  readonly deadLetterQueues: Record<string, sqs.IQueue> = {};
  readonly functions: Record<string, IFunction> = {};

  constructor(scope: Construct, id: string, props: ProjectRoutesProps) {
    super(scope, id);
    // Construct ids by position: a project name may hold characters an id should not, and the
    // order of the context object is the order the user wrote.
    Object.entries(props.routes).forEach(([project, route], index) => {
      const filterPolicy = projectFilterPolicy(project);
      if (route.pagerDuty) {
        const pagerDuty = new PagerDutyNotifications(this, `PagerDuty${index}`, {
          verdicts: props.verdicts,
          filterPolicy,
          eventsUrl: props.pagerDutyEventsUrl,
          logRetentionDays: props.logRetentionDays,
          locale: props.locale,
        });
        this.pagerDutySecrets.push({ project, secretArn: pagerDuty.secret.secretArn });
        this.deadLetterQueues[`Project${index}PagerDutyDlq`] = pagerDuty.forwarder.dlq;
        this.functions[`Project${index}PagerDutyForwarder`] = pagerDuty.forwarder.function.fn;
      }
      if (route.chat) {
        const chat = new ChatNotifications(this, `Chat${index}`, {
          config: route.chat,
          verdicts: props.verdicts,
          key: props.key,
          filterPolicy,
          nameSuffix: `-project${index}`,
          logRetentionDays: props.logRetentionDays,
          locale: props.locale,
        });
        this.deadLetterQueues[`Project${index}ChatDlq`] = chat.forwarder.dlq;
        this.functions[`Project${index}ChatForwarder`] = chat.forwarder.function.fn;
      }
    });
  }
}
