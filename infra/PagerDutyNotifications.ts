/**
 * PagerDuty through its Events API v2: a forwarder on the verdict topic, filtered by
 * pagerFilter, and the secret that holds the routing key (an integration key is a
 * credential: it lets anyone open incidents on the service, so it lives in Secrets
 * Manager, never in the template). Created with a placeholder the forwarder recognises:
 * until the real key is put, each event fails with PAGERDUTY_ROUTING_KEY_INVALID and waits
 * in the DLQ (alarmed), to be redriven once the key is set.
 */
import { SecretValue, Validations } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import type * as sns from 'aws-cdk-lib/aws-sns';
import { Construct } from 'constructs';
import { NotificationForwarder } from './NotificationForwarder.js';
import type { FilterPolicy } from './pagerFilterPolicy.js';

export const PAGERDUTY_SECRET_PLACEHOLDER = 'REPLACE-with-the-Events-API-v2-integration-key';

export interface PagerDutyNotificationsProps {
  verdicts: sns.ITopic;
  filterPolicy: FilterPolicy | null;
  eventsUrl: string;
  logRetentionDays: number;
  /** The worker's REPORT_LOCALE: a digest's summary words match its subject. */
  locale: 'en' | 'fr';
}

export class PagerDutyNotifications extends Construct {
  readonly secret: secretsmanager.Secret;
  readonly forwarder: NotificationForwarder;

  constructor(scope: Construct, id: string, props: PagerDutyNotificationsProps) {
    super(scope, id);
    this.secret = new secretsmanager.Secret(this, 'RoutingKey', {
      description: 'runai-diagnose: the PagerDuty Events API v2 integration key (routing key), as the bare key or JSON {"routingKey"}',
      secretStringValue: SecretValue.unsafePlainText(PAGERDUTY_SECRET_PLACEHOLDER),
    });
    Validations.of(this.secret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'The routing key is issued by PagerDuty (an Events API v2 integration on a service); only a PagerDuty administrator can create a new one, ' +
        'so a rotation Lambda would need PagerDuty admin credentials, a far larger secret than the key it rotates. Rotation is put-secret-value ' +
        'with a new integration key; the forwarder re-reads the secret every 5 minutes.',
    });
    this.forwarder = new NotificationForwarder(this, 'Forwarder', {
      name: 'pagerduty',
      description: 'runai-diagnose: sends verdicts to PagerDuty (Events API v2 triggers, dedup_key = the failure occurrence)',
      topic: props.verdicts,
      filterPolicy: props.filterPolicy,
      environment: { PAGERDUTY_SECRET_ID: this.secret.secretArn, PAGERDUTY_EVENTS_URL: props.eventsUrl, REPORT_LOCALE: props.locale },
      logRetentionDays: props.logRetentionDays,
    });
    this.forwarder.function.role.addToPrincipalPolicy(
      new iam.PolicyStatement({ actions: ['secretsmanager:GetSecretValue'], resources: [this.secret.secretArn] }),
    );
  }
}
