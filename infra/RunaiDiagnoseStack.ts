/**
 * The whole product in one stack (docs/deploy.md): HTTP API → intake → SQS → diagnose → SNS,
 * plus the optional poller on a schedule, the state table, the secrets, and the alarms.
 * With context `tier2`, also the Tier 2 configuration secret, which only diagnose can read.
 *
 * Sizing, and why:
 * - diagnose: timeout 120 s (a batch of 25 at in-batch concurrency 4, each diagnosis a few
 *   Run:ai round trips with 10 s request timeouts and retries). The queue's visibility
 *   timeout is 900 s: at least 6 × the timeout plus the batching window (Lambda's
 *   guidance for SQS) and equal to the idempotency lease (DEFAULT_IN_PROGRESS_TIMEOUT_SECONDS),
 *   so a message redelivered after a crash finds the crashed worker's claim expired. A record
 *   the worker *reports* failed is not held that long: the worker sets its visibility to
 *   15–120 s (functions/worker/retryDelaySeconds.ts) after releasing its claim, so a retryable
 *   failure is retried within 2 minutes; receives still count towards maxReceiveCount.
 * - maxConcurrency (context diagnoseMaxConcurrency, default 2 — the SQS minimum) bounds
 *   Run:ai load (≤ maxConcurrency × 4 diagnoses × 4 parallel GETs) and the email rate: each
 *   invocation sends at most 10 / maxConcurrency notifications per batch (it publishes a
 *   batch within about a second), so all of them together stay under SNS's 10 emails/s.
 * - batching window 1 s (DESIGN §4.9: no window may hold a lone failure longer; Lambda requires
 *   at least 1 s with a batch size above 10). Storms are not decided per batch but by the
 *   shared storm window (StormWindows table, functions/delivery/StormWindow.ts): the first
 *   `stormThreshold` verdicts of a cluster within `stormWindowSeconds` go out alone, the rest
 *   as one digest, flushed by an SQS delay message on this queue when the window ends.
 *
 * Feedback (§4.10, on unless context `feedback=false`): the answers table (TTL one year), the
 * generated signing-key secret (rotated like the webhook token), the `/feedback/{token}` GET
 * and POST routes to the intake, and the worker's FEEDBACK_* variables that make every single
 * verdict carry its signed link. Off: none of these exist and verdicts carry `feedbackUrl: null`.
 */
import { CfnOutput, Duration, SecretValue, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { createFunction } from './createFunction.js';
import type { DeployConfig } from './DeployConfig.js';
import { FORWARDER_BUILDERS, FORWARDER_DESTINATIONS, forwarderLambdaOf, type ForwarderShared } from './destinationForwarders.js';
import { IntakeApi } from './IntakeApi.js';
import { NotificationTopics } from './NotificationTopics.js';
import { OperationsAlarms } from './OperationsAlarms.js';
import { OperationsDashboard } from './OperationsDashboard.js';
import { ProjectRoutes } from './ProjectRoutes.js';
import { PAGERDUTY_EVENTS_URL } from '../functions/pagerduty/PagerDutyEvent.js';
import { SuspectNodes } from './SuspectNodes.js';

/** The idempotency lease of the worker (functions/delivery/IdempotencyStore.ts DEFAULT_IN_PROGRESS_TIMEOUT_SECONDS). */
export const IDEMPOTENCY_LEASE_SECONDS = 900;
export const DIAGNOSE_TIMEOUT = Duration.seconds(120);
export const DIAGNOSE_BATCH_SIZE = 25;
export const DIAGNOSE_BATCHING_WINDOW = Duration.seconds(1);
export const MAX_RECEIVE_COUNT = 5;
/**
 * The Tier 2 secret's value at creation: a valid configuration that enables Tier 2 for no
 * cluster, so the worker runs exactly as Tier 1 until put-secret-value fills it.
 */
export const TIER2_SECRET_PLACEHOLDER = '{"clusters":{}}';

export interface RunaiDiagnoseStackProps extends StackProps {
  config: DeployConfig;
}

export class RunaiDiagnoseStack extends Stack {
  constructor(scope: Construct, id: string, props: RunaiDiagnoseStackProps) {
    super(scope, id, props);
    const { config } = props;

    // --- Secrets: generated placeholders; the real values are put with `aws secretsmanager put-secret-value`.
    const runaiSecret = new secretsmanager.Secret(this, 'RunaiCredentials', {
      description: 'runai-diagnose: Run:ai read-only API credentials, JSON {"clientId","clientSecret","grantType"?}',
      generateSecretString: {
        secretStringTemplate: JSON.stringify({ clientId: 'REPLACE-with-the-Run:ai-client-id', grantType: 'client_credentials' }),
        generateStringKey: 'clientSecret',
        excludePunctuation: true,
      },
    });
    const webhookSecret = new secretsmanager.Secret(this, 'WebhookToken', {
      description: 'runai-diagnose: webhook bearer tokens, JSON {"current","previous"?}; the generated current token is usable as is',
      generateSecretString: { secretStringTemplate: '{}', generateStringKey: 'current', passwordLength: 48, excludePunctuation: true },
    });
    const rotationReason = (what: string) =>
      `${what} Rotation is a coordinated, manual two-step change (put {current: new, previous: old}, update the sender, drop previous): ` +
      'the functions accept both tokens and re-read the secret every 5 minutes, so it needs no redeploy. A rotation Lambda cannot do the other half.';
    Validations.of(runaiSecret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'The Run:ai client secret is issued by the Run:ai control plane (an application or service account), and only a Run:ai ' +
        'administrator can regenerate it; a Secrets Manager rotation function would need Run:ai admin credentials, a far larger secret than the one it rotates. ' +
        'The worker and poller re-read this secret every 5 minutes and rebuild their client when it changes, so a rotation done in Run:ai takes effect without a redeploy.',
    });
    Validations.of(webhookSecret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason: rotationReason('This token is shared with Alertmanager, whose configuration (http_config.authorization) lives outside AWS.'),
    });
    // Optional Tier 2: the per-cluster Kubernetes API servers and read-only tokens (docs/tier2.md).
    // The template holds only the placeholder; the tokens are put with put-secret-value.
    const tier2Secret = config.tier2
      ? new secretsmanager.Secret(this, 'Tier2Config', {
          description:
            'runai-diagnose: Tier 2 (Kubernetes) configuration, JSON {"clusters":{"<clusterId>":{"server","token","caData"?}}}; the placeholder enables Tier 2 for no cluster',
          secretStringValue: SecretValue.unsafePlainText(TIER2_SECRET_PLACEHOLDER),
        })
      : undefined;
    if (tier2Secret) {
      Validations.of(tier2Secret).acknowledge({
        id: 'AwsSolutions-SMG4',
        reason:
          'The Tier 2 tokens are Kubernetes service-account tokens issued by each cluster: minting a new one needs create on serviceaccounts/token ' +
          '(or on Secrets) in that cluster, and network access to every API server, so a rotation Lambda would hold credentials far more powerful ' +
          'than the read-only tokens it rotates. Rotation is a manual put-secret-value after `kubectl create token`; the worker re-reads this secret ' +
          'every 5 minutes and rebuilds its Kubernetes clients when the value changes, so it takes effect without a redeploy.',
      });
    }

    // --- Feedback (§4.10): the signing keys, generated like the webhook token (same JSON shape and rotation).
    const feedbackSecret = config.feedback
      ? new secretsmanager.Secret(this, 'FeedbackKey', {
          description:
            'runai-diagnose: "Was this right?" link signing keys (HMAC-SHA256), JSON {"current","previous"?}; the generated current key is usable as is',
          generateSecretString: { secretStringTemplate: '{}', generateStringKey: 'current', passwordLength: 64, excludePunctuation: true },
        })
      : undefined;
    if (feedbackSecret) {
      Validations.of(feedbackSecret).acknowledge({
        id: 'AwsSolutions-SMG4',
        reason:
          'Rotation is a manual put-secret-value of {current: new, previous: old} (docs/operate.md): the worker signs with the new key and the intake ' +
          'accepts both within 5 minutes (both re-read the secret, no redeploy); previous is dropped after 14 days, when every link signed with it ' +
          'has expired. A rotation Lambda would have to know when the last old link expired, which only that 14-day wait tells.',
      });
    }
    // One item per occurrence key (last answer wins), deleted by TTL one year after the answer.
    const feedbackTable = config.feedback
      ? new dynamodb.Table(this, 'FeedbackAnswers', {
          partitionKey: { name: 'pk', type: dynamodb.AttributeType.STRING },
          billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
          timeToLiveAttribute: 'expiresAt',
          pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
        })
      : undefined;

    // --- Queue and dead-letter queue.
    const dlq = new sqs.Queue(this, 'DiagnosisDlq', {
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      // Longer than the source queue's retention: a message keeps its age when it is moved.
      retentionPeriod: Duration.days(14),
    });
    const queue = new sqs.Queue(this, 'DiagnosisQueue', {
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      visibilityTimeout: Duration.seconds(Math.max(IDEMPOTENCY_LEASE_SECONDS, 6 * DIAGNOSE_TIMEOUT.toSeconds() + DIAGNOSE_BATCHING_WINDOW.toSeconds())),
      retentionPeriod: Duration.days(4),
      deadLetterQueue: { queue: dlq, maxReceiveCount: MAX_RECEIVE_COUNT },
    });

    // --- State: idempotency keys and poller watermarks (pk "watermark#<clusterId>", no TTL).
    const table = new dynamodb.Table(this, 'State', {
      partitionKey: { name: 'pk', type: dynamodb.AttributeType.STRING },
      billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
      timeToLiveAttribute: 'expiresAt',
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
    });

    // --- Storm windows: one counter item per cluster and the verdicts held for its digest (createDynamoStormWindow).
    // Its own table: the worker's rights on it (Query, TransactWriteItems) need not reach the idempotency keys.
    const stormTable = new dynamodb.Table(this, 'StormWindows', {
      partitionKey: { name: 'pk', type: dynamodb.AttributeType.STRING },
      sortKey: { name: 'sk', type: dynamodb.AttributeType.STRING },
      billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
      timeToLiveAttribute: 'expiresAt',
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
    });

    // --- Suspect nodes (§4.8): the failures per node, unless context suspectNodes=false.
    const suspectNodes = config.suspectNodes ? new SuspectNodes(this, 'SuspectNodes') : undefined;

    const topics = new NotificationTopics(this, 'Notifications', {
      ...(config.alertEmail ? { alertEmail: config.alertEmail } : {}),
      ...(config.opsEmail ? { opsEmail: config.opsEmail } : {}),
      ...(config.pagerUrl ? { pagerUrl: config.pagerUrl } : {}),
      pagerFilter: config.pagerFilter,
    });

    // --- Forwarders to the destinations that cannot read the verdict topic themselves: one per
    // forwarder row of the destination registry that the deploy configuration turns on, and one
    // per project route (context projectRoutes), each filtered on its project.
    const forwarderShared: ForwarderShared = {
      verdicts: topics.verdicts,
      ops: topics.ops,
      key: topics.key,
      logRetentionDays: config.logRetentionDays,
      locale: config.locale,
      pagerDutyEventsUrl: config.pagerDuty?.eventsUrl ?? PAGERDUTY_EVENTS_URL,
    };
    const forwarders = FORWARDER_DESTINATIONS.flatMap((name) => {
      const builder = FORWARDER_BUILDERS[name];
      const wiring = builder.platform(this, config, forwarderShared);
      return wiring ? [{ name, id: builder.id, ...wiring }] : [];
    });
    const projects = config.projectRoutes ? new ProjectRoutes(this, 'Projects', { routes: config.projectRoutes, shared: forwarderShared }) : undefined;

    // --- Functions. Environment variables carry names and ARNs only, never a secret value.
    const intake = createFunction(this, 'Intake', {
      name: 'intake',
      description: 'runai-diagnose: validates webhooks, enqueues one diagnosis per workload, answers 202',
      memorySize: 512,
      timeout: Duration.seconds(10),
      logRetentionDays: config.logRetentionDays,
      environment: {
        QUEUE_URL: queue.queueUrl,
        WEBHOOK_TOKEN_SECRET_ID: webhookSecret.secretArn,
        // Only for GET /readyz, which reads the secret's metadata (DescribeSecret), never its value.
        RUNAI_SECRET_ID: runaiSecret.secretArn,
        ...(config.alertLabelMap ? { ALERT_LABEL_MAP: JSON.stringify(config.alertLabelMap) } : {}),
        ...(feedbackTable && feedbackSecret ? { FEEDBACK_TABLE: feedbackTable.tableName, FEEDBACK_KEY_SECRET_ID: feedbackSecret.secretArn } : {}),
      },
    });
    // Before the worker: its feedback links point at this API's URL.
    const api = new IntakeApi(this, 'Webhooks', { intake: intake.fn, logRetentionDays: config.logRetentionDays, feedback: config.feedback });
    const diagnose = createFunction(this, 'Diagnose', {
      name: 'diagnose',
      description: 'runai-diagnose: diagnoses queued failures against the Run:ai API and publishes verdicts',
      memorySize: 1024,
      timeout: DIAGNOSE_TIMEOUT,
      logRetentionDays: config.logRetentionDays,
      environment: {
        SNS_TOPIC_ARN: topics.verdicts.topicArn,
        IDEMPOTENCY_TABLE: table.tableName,
        QUEUE_URL: queue.queueUrl,
        STORM_TABLE: stormTable.tableName,
        STORM_THRESHOLD: String(config.stormThreshold),
        STORM_WINDOW_SECONDS: String(config.stormWindowSeconds),
        REPORT_LOCALE: config.locale,
        RUNAI_BASE_URL: config.runaiBaseUrl,
        RUNAI_SECRET_ID: runaiSecret.secretArn,
        ...(tier2Secret ? { TIER2_SECRET_ID: tier2Secret.secretArn } : {}),
        ...(feedbackSecret ? { FEEDBACK_KEY_SECRET_ID: feedbackSecret.secretArn, FEEDBACK_BASE_URL: api.api.apiEndpoint } : {}),
        ...suspectNodes?.environment,
      },
    });

    // --- Least privilege: exactly the actions each function's code calls, on exactly its resources.
    const allow = (role: iam.IRole, actions: string[], resources: string[]) => role.addToPrincipalPolicy(new iam.PolicyStatement({ actions, resources }));
    // SendMessageBatch is authorised by sqs:SendMessage. The queue uses SSE-SQS: no KMS grant needed.
    allow(intake.role, ['sqs:SendMessage'], [queue.queueArn]);
    allow(intake.role, ['secretsmanager:GetSecretValue'], [webhookSecret.secretArn]);
    // GET /readyz: the queue's depth, and whether the worker's Run:ai secret exists and was set — not its value.
    allow(intake.role, ['sqs:GetQueueAttributes'], [queue.queueArn]);
    allow(intake.role, ['secretsmanager:DescribeSecret'], [runaiSecret.secretArn]);
    // The feedback page: verify the token (both keys), read the previous answer, store the new one. No Scan:
    // listing every answer is the export's (an operator's credentials), never the public page's.
    if (feedbackSecret) allow(intake.role, ['secretsmanager:GetSecretValue'], [feedbackSecret.secretArn]);
    if (feedbackTable) allow(intake.role, ['dynamodb:GetItem', 'dynamodb:PutItem'], [feedbackTable.tableArn]);

    allow(diagnose.role, ['sns:Publish'], [topics.verdicts.topicArn]);
    // Publishing to an SSE-KMS topic: SNS generates a data key and decrypts it as the publisher.
    allow(diagnose.role, ['kms:GenerateDataKey', 'kms:Decrypt'], [topics.key.keyArn]);
    allow(diagnose.role, ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:GetItem'], [table.tableArn]);
    // Storm windows: count (UpdateItem, PutItem), hold (TransactWriteItems = PutItem + ConditionCheckItem), seal and list (UpdateItem, Query).
    allow(diagnose.role, ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:ConditionCheckItem', 'dynamodb:Query'], [stormTable.tableArn]);
    allow(diagnose.role, ['secretsmanager:GetSecretValue'], [runaiSecret.secretArn]);
    suspectNodes?.allowWorker(diagnose.role);
    // Only diagnose reads Tier 2. The secret uses the AWS-managed key (aws/secretsmanager), whose key
    // policy lets Secrets Manager decrypt for any caller it authorises: no KMS grant is needed.
    if (tier2Secret) allow(diagnose.role, ['secretsmanager:GetSecretValue'], [tier2Secret.secretArn]);
    // Signing the links needs the key only; the worker never reads or writes answers.
    if (feedbackSecret) allow(diagnose.role, ['secretsmanager:GetSecretValue'], [feedbackSecret.secretArn]);
    // What the SQS event source mapping needs (SqsEventSource would add GetQueueUrl), plus the worker's own calls:
    // ChangeMessageVisibility(Batch) for the fast retry of failed records, SendMessage for the delayed storm flush.
    allow(
      diagnose.role,
      ['sqs:ReceiveMessage', 'sqs:DeleteMessage', 'sqs:GetQueueAttributes', 'sqs:ChangeMessageVisibility', 'sqs:SendMessage'],
      [queue.queueArn],
    );

    const source = new lambda.EventSourceMapping(this, 'DiagnoseFromQueue', {
      target: diagnose.fn,
      eventSourceArn: queue.queueArn,
      batchSize: DIAGNOSE_BATCH_SIZE,
      maxBatchingWindow: DIAGNOSE_BATCHING_WINDOW,
      reportBatchItemFailures: true,
      maxConcurrency: config.diagnoseMaxConcurrency,
    });
    // CloudFormation validates the role's SQS permissions when it creates the mapping.
    source.node.addDependency(diagnose.role);

    // --- Poller: only when clusters are configured (no cluster, no schedule, no function).
    let poller: ReturnType<typeof createFunction> | undefined;
    if (config.clusterIds.length > 0) {
      poller = createFunction(this, 'Poller', {
        name: 'poller',
        description: 'runai-diagnose: lists workloads that failed since the last poll and enqueues them',
        memorySize: 256,
        timeout: Duration.seconds(120),
        logRetentionDays: config.logRetentionDays,
        environment: {
          CLUSTER_IDS: config.clusterIds.join(','),
          QUEUE_URL: queue.queueUrl,
          STATE_TABLE: table.tableName,
          RUNAI_BASE_URL: config.runaiBaseUrl,
          RUNAI_SECRET_ID: runaiSecret.secretArn,
        },
      });
      allow(poller.role, ['dynamodb:GetItem', 'dynamodb:UpdateItem'], [table.tableArn]);
      allow(poller.role, ['sqs:SendMessage'], [queue.queueArn]);
      allow(poller.role, ['secretsmanager:GetSecretValue'], [runaiSecret.secretArn]);
      // A failed run is retried by Lambda; a retry older than one period is superseded by the next run.
      poller.fn.configureAsyncInvoke({ retryAttempts: 2, maxEventAge: Duration.minutes(Math.max(1, Math.min(config.pollRateMinutes, 360))) });
      new events.Rule(this, 'PollSchedule', {
        description: `runai-diagnose: poll ${config.clusterIds.length} cluster(s) for failed workloads every ${config.pollRateMinutes} min`,
        schedule: events.Schedule.rate(Duration.minutes(config.pollRateMinutes)),
        targets: [new targets.LambdaFunction(poller.fn)],
      });
    }

    new OperationsAlarms(this, 'Alarms', {
      ops: topics.ops,
      queue,
      deadLetterQueues: {
        DiagnosisDlq: dlq,
        ...(topics.pagerDlq ? { PagerDeliveryDlq: topics.pagerDlq } : {}),
        ...Object.fromEntries(forwarders.map((wiring) => [`${wiring.id}Dlq`, wiring.forwarder.dlq])),
        ...projects?.deadLetterQueues,
      },
      functions: {
        Intake: intake.fn,
        Diagnose: diagnose.fn,
        ...(poller ? { Poller: poller.fn } : {}),
        ...Object.fromEntries(forwarders.map((wiring) => [`${wiring.id}Forwarder`, wiring.forwarder.function.fn])),
        ...projects?.functions,
      },
      apiServerErrors: api.stage.metricServerError({ period: Duration.minutes(5), statistic: 'Sum' }),
      configuredServices: [
        ...new Set([
          'intake',
          'diagnose',
          ...(poller ? ['poller'] : []),
          ...forwarders.map((wiring) => forwarderLambdaOf(wiring.name)),
          ...[...(projects?.destinations ?? [])].map(forwarderLambdaOf),
        ]),
      ],
      deliveryTopics: {
        Verdicts: topics.verdicts,
        ...Object.fromEntries(forwarders.flatMap((wiring) => (wiring.deliveryTopic ? [[wiring.id, wiring.deliveryTopic]] : []))),
      },
      worker: diagnose.fn,
      ...(poller ? { poller: { fn: poller.fn, rateMinutes: config.pollRateMinutes } } : {}),
    });

    new OperationsDashboard(this, 'Operations', {
      queue,
      deadLetterQueue: dlq,
      worker: diagnose.fn,
      workerLogs: diagnose.logGroup,
      verdicts: topics.verdicts,
      ...(config.feedback ? { feedbackLogs: intake.logGroup } : {}),
    });

    new CfnOutput(this, 'VerdictTopicArn', {
      value: topics.verdicts.topicArn,
      description: 'Subscribe more consumers here (filter on category, outcome, recurring, clusterId, project)',
    });
    new CfnOutput(this, 'OpsTopicArn', { value: topics.ops.topicArn, description: 'Alarm notifications' });
    new CfnOutput(this, 'RunaiSecretArn', { value: runaiSecret.secretArn, description: 'put-secret-value {"clientId","clientSecret","grantType"?}' });
    if (tier2Secret) {
      new CfnOutput(this, 'Tier2SecretArn', {
        value: tier2Secret.secretArn,
        description: 'put-secret-value {"clusters":{"<clusterId>":{"server","token","caData"?}}}',
      });
    }
    new CfnOutput(this, 'WebhookTokenSecretArn', { value: webhookSecret.secretArn, description: 'get-secret-value: the bearer token for Alertmanager' });
    for (const output of forwarders.flatMap((wiring) => wiring.outputs)) {
      new CfnOutput(this, output.name, { value: output.value, description: output.description });
    }
    if (feedbackTable && feedbackSecret) {
      new CfnOutput(this, 'FeedbackTableName', {
        value: feedbackTable.tableName,
        description: 'runai-diagnose feedback export <dir> --table <this> (docs/operate.md)',
      });
      new CfnOutput(this, 'FeedbackKeySecretArn', {
        value: feedbackSecret.secretArn,
        description: 'put-secret-value {"current": new, "previous": old} to rotate the feedback link key',
      });
    }
    for (const output of projects?.outputs ?? []) new CfnOutput(this, output.name, { value: output.value, description: output.description });
    new CfnOutput(this, 'DeadLetterQueueUrl', { value: dlq.queueUrl, description: 'Requests that did not end in a notification' });
  }
}
