/**
 * A Lambda that forwards the verdict topic to one destination (PagerDuty, chat), built so
 * that each notification reaches it or waits in a dead-letter queue:
 *
 *   verdict topic --(SQS subscription, optional filter policy)--> queue --> function --> destination
 *
 * - An SQS queue between the topic and the function, rather than a Lambda subscription:
 *   SNS retries a Lambda endpoint only a few times, while a queue keeps the message 4 days
 *   and retries it after each visibility timeout (6 × the function timeout, so a slow
 *   destination's retries fit; PagerDuty asks for "a backoff of a few minutes" on 429).
 * - After MAX_RECEIVE_COUNT failed receives the message moves to the DLQ. The same DLQ
 *   is the subscription's redrive target, for the rare message SNS cannot put in the queue.
 *   Both sit under the ops alarm "messages in a dead-letter queue".
 * - The function reports per-record failures (ReportBatchItemFailures): one bad message
 *   does not send its batch-mates again.
 * - The subscription keeps the SNS envelope (no raw delivery): the forwarder reads the
 *   subject, which the chat title and the PagerDuty summary reuse.
 */
import { Duration } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as sns from 'aws-cdk-lib/aws-sns';
import { SqsSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { createFunction, type CreatedFunction } from './createFunction.js';
import type { LambdaName } from './lambdaBundling.js';
import type { FilterPolicy } from './pagerFilterPolicy.js';

export const FORWARDER_TIMEOUT = Duration.seconds(90);
export const FORWARDER_BATCH_SIZE = 10;
export const FORWARDER_MAX_RECEIVE_COUNT = 5;

export interface NotificationForwarderProps {
  name: LambdaName;
  description: string;
  topic: sns.ITopic;
  /** null: every verdict and digest. */
  filterPolicy: FilterPolicy | null;
  environment: Record<string, string>;
  logRetentionDays: number;
}

export class NotificationForwarder extends Construct {
  readonly queue: sqs.Queue;
  readonly dlq: sqs.Queue;
  readonly function: CreatedFunction;

  constructor(scope: Construct, id: string, props: NotificationForwarderProps) {
    super(scope, id);
    this.dlq = new sqs.Queue(this, 'Dlq', {
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    this.queue = new sqs.Queue(this, 'Queue', {
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      visibilityTimeout: Duration.seconds(6 * FORWARDER_TIMEOUT.toSeconds()),
      retentionPeriod: Duration.days(4),
      deadLetterQueue: { queue: this.dlq, maxReceiveCount: FORWARDER_MAX_RECEIVE_COUNT },
    });
    const subscription = props.topic.addSubscription(new SqsSubscription(this.queue, { deadLetterQueue: this.dlq }));
    if (props.filterPolicy) {
      // Same form as the pager subscription: plain JSON on the L1 ($or is not expressible with the L2 filter).
      const cfn = subscription.node.defaultChild as sns.CfnSubscription;
      cfn.filterPolicy = props.filterPolicy;
      cfn.filterPolicyScope = 'MessageAttributes';
    }

    this.function = createFunction(this, 'Function', {
      name: props.name,
      description: props.description,
      memorySize: 256,
      timeout: FORWARDER_TIMEOUT,
      logRetentionDays: props.logRetentionDays,
      environment: props.environment,
    });
    // What the SQS event source mapping needs, and no more.
    this.function.role.addToPrincipalPolicy(
      new iam.PolicyStatement({ actions: ['sqs:ReceiveMessage', 'sqs:DeleteMessage', 'sqs:GetQueueAttributes'], resources: [this.queue.queueArn] }),
    );
    const source = new lambda.EventSourceMapping(this, 'FromQueue', {
      target: this.function.fn,
      eventSourceArn: this.queue.queueArn,
      batchSize: FORWARDER_BATCH_SIZE,
      reportBatchItemFailures: true,
      // The SQS minimum: a storm is a handful of notifications (digests), and destinations rate-limit.
      maxConcurrency: 2,
    });
    source.node.addDependency(this.function.role);
  }
}
