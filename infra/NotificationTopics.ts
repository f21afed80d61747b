/**
 * Where verdicts and alarms go: the verdict topic (email: the text report; pagerUrl: the
 * verdict JSON in the SNS envelope, filtered, for https consumers that parse it — PagerDuty
 * and chat have their own forwarders, PagerDutyNotifications and ChatNotifications) and the
 * ops topic (CloudWatch alarms). Both are encrypted with
 * one customer-managed KMS key — an AWS-managed key would do for the worker, but
 * CloudWatch alarms cannot publish to a topic encrypted with aws/sns, and the key policy
 * of a customer key can admit them — and both refuse publishers that do not use TLS.
 */
import { ArnFormat, Duration, Stack, Validations } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as kms from 'aws-cdk-lib/aws-kms';
import * as sns from 'aws-cdk-lib/aws-sns';
import { EmailSubscription, UrlSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import type { FilterPolicy } from './pagerFilterPolicy.js';

export interface NotificationTopicsProps {
  alertEmail?: string;
  opsEmail?: string;
  pagerUrl?: string;
  /** null: the pager receives every verdict and digest. */
  pagerFilter: FilterPolicy | null;
}

export class NotificationTopics extends Construct {
  readonly key: kms.Key;
  readonly verdicts: sns.Topic;
  readonly ops: sns.Topic;
  /** Pager deliveries SNS gave up on (after its HTTPS retries): kept 14 days instead of dropped. */
  readonly pagerDlq?: sqs.Queue;

  constructor(scope: Construct, id: string, props: NotificationTopicsProps) {
    super(scope, id);
    const stack = Stack.of(this);

    this.key = new kms.Key(this, 'Key', {
      description: 'runai-diagnose: encrypts the verdict and ops SNS topics',
      enableKeyRotation: true,
    });
    // CloudWatch alarm actions publish to the (encrypted) ops topic as the CloudWatch service.
    this.key.addToResourcePolicy(
      new iam.PolicyStatement({
        sid: 'CloudWatchAlarmsPublishToOpsTopic',
        principals: [new iam.ServicePrincipal('cloudwatch.amazonaws.com')],
        actions: ['kms:Decrypt', 'kms:GenerateDataKey'],
        resources: ['*'],
        conditions: { StringEquals: { 'aws:SourceAccount': stack.account } },
      }),
    );

    this.verdicts = new sns.Topic(this, 'Verdicts', { displayName: 'runai-diagnose', masterKey: this.key, enforceSSL: true });
    this.ops = new sns.Topic(this, 'Ops', { displayName: 'runai-diagnose ops', masterKey: this.key, enforceSSL: true });
    this.ops.addToResourcePolicy(
      new iam.PolicyStatement({
        sid: 'CloudWatchAlarmsOfThisAccount',
        principals: [new iam.ServicePrincipal('cloudwatch.amazonaws.com')],
        actions: ['sns:Publish'],
        resources: [this.ops.topicArn],
        conditions: {
          ArnLike: {
            'aws:SourceArn': stack.formatArn({ service: 'cloudwatch', resource: 'alarm', resourceName: '*', arnFormat: ArnFormat.COLON_RESOURCE_NAME }),
          },
          StringEquals: { 'aws:SourceAccount': stack.account },
        },
      }),
    );

    if (props.alertEmail) this.verdicts.addSubscription(new EmailSubscription(props.alertEmail));
    if (props.opsEmail) this.ops.addSubscription(new EmailSubscription(props.opsEmail));

    if (props.pagerUrl) {
      this.pagerDlq = new sqs.Queue(this, 'PagerDeliveryDlq', {
        encryption: sqs.QueueEncryption.SQS_MANAGED,
        enforceSSL: true,
        retentionPeriod: Duration.days(14),
      });
      Validations.of(this.pagerDlq).acknowledge({
        id: 'AwsSolutions-SQS3',
        reason:
          'This queue is itself a dead-letter queue: the redrive target of the pager SNS subscription. cdk-nag only recognises ' +
          "DLQs referenced by another queue's RedrivePolicy, not by an SNS subscription's. A DLQ of a DLQ would never be read.",
      });
      const subscription = this.verdicts.addSubscription(
        new UrlSubscription(props.pagerUrl, { protocol: sns.SubscriptionProtocol.HTTPS, deadLetterQueue: this.pagerDlq }),
      );
      // The policy is plain JSON ($or is not expressible with the L2 SubscriptionFilter): set it on the L1,
      // with the scope spelled out. Why attributes and not the body: see pagerFilterPolicy.ts.
      const cfn = subscription.node.defaultChild as sns.CfnSubscription;
      if (props.pagerFilter) {
        cfn.filterPolicy = props.pagerFilter;
        cfn.filterPolicyScope = 'MessageAttributes';
      }
    }
  }
}
