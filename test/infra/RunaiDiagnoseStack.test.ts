/**
 * The synthesized template of the full configuration (poller, email, ops email, pager):
 * every resource and its settings, each role's exact permissions, the alarms, and cdk-nag.
 * One synth for the file (beforeAll); bundling is skipped (see synthStack).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Annotations, Match } from 'aws-cdk-lib/assertions';
import { Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';
import { beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../infra/createFunction.js';
import { METRICS_NAMESPACE, UNAUTHORIZED_ALARM_THRESHOLD, UNUSABLE_ALERTS_ALARM_THRESHOLD, UNUSABLE_SKIP_REASONS } from '../../infra/OperationsAlarms.js';
import { PAGER_FILTER_PRESETS } from '../../infra/pagerFilterPolicy.js';
import { CLUSTER_A, CLUSTER_B, FULL_CONTEXT, SYNTH_TIMEOUT_MS, synthStack, type Synthesized } from './synthStack.js';

type Resources = Record<string, { Type: string; Properties: Record<string, any>; DependsOn?: string[] }>;

let synth: Synthesized;
let resources: Resources;
beforeAll(() => {
  synth = synthStack('full', FULL_CONTEXT);
  resources = synth.template.toJSON().Resources as Resources;
}, SYNTH_TIMEOUT_MS);

const ofType = (type: string) => Object.entries(resources).filter(([, r]) => r.Type === type);
const logicalId = (type: string, prefix: string): string => {
  const found = ofType(type).filter(([id]) => id.startsWith(prefix));
  expect(found, `${type} ${prefix}*`).toHaveLength(1);
  return found[0]![0];
};
const functionId = (service: string): string => {
  const found = ofType('AWS::Lambda::Function').filter(([, r]) => r.Properties.Environment?.Variables?.POWERTOOLS_SERVICE_NAME === service);
  expect(found, `function ${service}`).toHaveLength(1);
  return found[0]![0];
};
const ref = (id: string) => ({ Ref: id });
const arn = (id: string) => ({ 'Fn::GetAtt': [id, 'Arn'] });

describe('functions', () => {
  it.each([
    ['intake', 512, 10],
    ['diagnose', 1024, 120],
    ['poller', 256, 120],
  ])('%s: Node 24 on arm64, ESM bundle, sized, JSON logs into its own log group with the configured retention', (service, memory, timeout) => {
    const fn = resources[functionId(service)]!.Properties;
    expect(fn).toMatchObject({ Runtime: 'nodejs24.x', Architectures: ['arm64'], Handler: 'index.handler', MemorySize: memory, Timeout: timeout });
    expect(fn.Environment.Variables).toMatchObject({ POWERTOOLS_SERVICE_NAME: service, NODE_OPTIONS: '--enable-source-maps' });
    expect(fn.LoggingConfig.LogFormat).toBe('JSON');
    const logGroup = fn.LoggingConfig.LogGroup.Ref as string;
    expect(resources[logGroup]).toMatchObject({ Type: 'AWS::Logs::LogGroup', Properties: { RetentionInDays: 90 } });
  });

  it('passes secrets by ARN only: no environment variable holds a credential or token', () => {
    for (const [, fn] of ofType('AWS::Lambda::Function')) {
      const names = Object.keys(fn.Properties.Environment.Variables);
      expect(names.filter((name) => /TOKEN$|SECRET$|PASSWORD|CLIENT_ID/.test(name))).toEqual([]);
    }
    expect(resources[functionId('intake')]!.Properties.Environment.Variables.WEBHOOK_TOKEN_SECRET_ID).toEqual(
      ref(logicalId('AWS::SecretsManager::Secret', 'WebhookToken')),
    );
    for (const service of ['diagnose', 'poller']) {
      expect(resources[functionId(service)]!.Properties.Environment.Variables.RUNAI_SECRET_ID).toEqual(
        ref(logicalId('AWS::SecretsManager::Secret', 'RunaiCredentials')),
      );
    }
  });

  it('gives the intake the alert label map from context, as ALERT_LABEL_MAP', () => {
    const variables = resources[functionId('intake')]!.Properties.Environment.Variables;
    expect(JSON.parse(variables.ALERT_LABEL_MAP)).toEqual({ clusterId: ['runai_cluster'], workloadId: ['job_uid'] });
  });

  it('configures the worker from context: locale, Run:ai URL, the storm window (stormThreshold, stormWindowSeconds) and its table, its own queue', () => {
    expect(resources[functionId('diagnose')]!.Properties.Environment.Variables).toMatchObject({
      REPORT_LOCALE: 'fr',
      RUNAI_BASE_URL: 'https://myorg.run.ai',
      STORM_THRESHOLD: '7',
      STORM_WINDOW_SECONDS: '90',
      STORM_TABLE: ref(logicalId('AWS::DynamoDB::Table', 'StormWindows')),
      QUEUE_URL: ref(logicalId('AWS::SQS::Queue', 'DiagnosisQueue')),
      SNS_TOPIC_ARN: ref(logicalId('AWS::SNS::Topic', 'NotificationsVerdicts')),
      IDEMPOTENCY_TABLE: ref(logicalId('AWS::DynamoDB::Table', 'State')),
    });
    expect(resources[functionId('poller')]!.Properties.Environment.Variables).toMatchObject({
      CLUSTER_IDS: `${CLUSTER_A},${CLUSTER_B}`,
      RUNAI_BASE_URL: 'https://myorg.run.ai',
    });
  });

  it('feeds diagnose from the queue: batch, batching window, partial batch responses, bounded concurrency', () => {
    synth.template.resourceCountIs('AWS::Lambda::EventSourceMapping', 1);
    synth.template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: ref(functionId('diagnose')),
      EventSourceArn: arn(logicalId('AWS::SQS::Queue', 'DiagnosisQueue')),
      BatchSize: 25,
      MaximumBatchingWindowInSeconds: 1,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      ScalingConfig: { MaximumConcurrency: 3 },
    });
  });

  it('no batching window on the diagnose path holds a lone failure longer than 1 s (DESIGN §4.9)', () => {
    const mappings = ofType('AWS::Lambda::EventSourceMapping');
    expect(mappings.length).toBeGreaterThan(0);
    for (const [, mapping] of mappings) expect(mapping.Properties.MaximumBatchingWindowInSeconds ?? 0).toBeLessThanOrEqual(1);
  });

  it('publishes metrics to the namespace the alarms read', () => {
    // One constant: the alarms read it, the one Powertools instance module (used by every handler's telemetry) writes to it.
    const kit = readFileSync(path.join(PROJECT_ROOT, 'functions', 'lambda', 'powertools.ts'), 'utf8');
    expect(kit).toContain("import { METRICS_NAMESPACE } from '../config/lambdaEnvironment.js'");
    expect(kit).toContain('new Metrics({ namespace: METRICS_NAMESPACE');
    // Nothing else builds a Powertools Logger or Metrics.
    const sources = readdirSync(path.join(PROJECT_ROOT, 'functions'), { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.ts'));
    const builders = sources.filter((file) => /new (Logger|Metrics)\(/.test(readFileSync(path.join(PROJECT_ROOT, 'functions', file), 'utf8')));
    expect(builders).toEqual([path.join('lambda', 'powertools.ts')]);
    // The forwarders write through the same telemetry (createForwarderHandler), under the service name their alarms read.
    const forwarderKit = readFileSync(path.join(PROJECT_ROOT, 'functions', 'lambda', 'createForwarderHandler.ts'), 'utf8');
    expect(forwarderKit).toContain('createLambdaTelemetry(service)');
    for (const service of ['pagerduty', 'chat']) {
      const source = readFileSync(path.join(PROJECT_ROOT, 'functions', service, 'lambdaHandler.ts'), 'utf8');
      expect(source, service).toContain(`createForwarderHandler('${service}'`);
      expect(source, service).not.toContain("'RunaiDiagnose'");
    }
    for (const handler of ['intake', 'worker', 'poller']) {
      const source = readFileSync(path.join(PROJECT_ROOT, 'functions', handler, 'lambdaHandler.ts'), 'utf8');
      expect(source, handler).toContain("import { createLambdaTelemetry } from '../lambda/lambdaTelemetry.js'");
      expect(source, handler).not.toContain("'RunaiDiagnose'");
    }
  });
});

describe('queue, table, topics, secrets', () => {
  it('queue: SSE, TLS only, visibility ≥ 6 × worker timeout and = the idempotency lease, redrive to an encrypted DLQ after 5 receives', () => {
    const queue = resources[logicalId('AWS::SQS::Queue', 'DiagnosisQueue')]!.Properties;
    const dlq = logicalId('AWS::SQS::Queue', 'DiagnosisDlq');
    expect(queue).toMatchObject({ SqsManagedSseEnabled: true, VisibilityTimeout: 900, RedrivePolicy: { deadLetterTargetArn: arn(dlq), maxReceiveCount: 5 } });
    expect(queue.VisibilityTimeout).toBeGreaterThanOrEqual(6 * resources[functionId('diagnose')]!.Properties.Timeout);
    expect(resources[dlq]!.Properties).toMatchObject({ SqsManagedSseEnabled: true, MessageRetentionPeriod: 14 * 86_400 });
    for (const [, policy] of ofType('AWS::SQS::QueuePolicy')) {
      expect(policy.Properties.PolicyDocument.Statement).toContainEqual(
        expect.objectContaining({ Effect: 'Deny', Action: 'sqs:*', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
      );
    }
  });

  it('storm windows: a table of its own, pk (S) + sk (S), on demand, TTL on expiresAt', () => {
    expect(resources[logicalId('AWS::DynamoDB::Table', 'StormWindows')]!.Properties).toMatchObject({
      KeySchema: [
        { AttributeName: 'pk', KeyType: 'HASH' },
        { AttributeName: 'sk', KeyType: 'RANGE' },
      ],
      BillingMode: 'PAY_PER_REQUEST',
      TimeToLiveSpecification: { AttributeName: 'expiresAt', Enabled: true },
    });
  });

  it('table: pk (S), on demand, TTL on expiresAt, point-in-time recovery', () => {
    synth.template.hasResourceProperties('AWS::DynamoDB::Table', {
      KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
      AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }],
      BillingMode: 'PAY_PER_REQUEST',
      TimeToLiveSpecification: { AttributeName: 'expiresAt', Enabled: true },
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
    });
  });

  it('topics: KMS-encrypted with a rotating key, TLS-only publishers, CloudWatch admitted to the ops topic only', () => {
    const key = logicalId('AWS::KMS::Key', 'NotificationsKey');
    expect(resources[key]!.Properties.EnableKeyRotation).toBe(true);
    for (const [, topic] of ofType('AWS::SNS::Topic')) expect(topic.Properties.KmsMasterKeyId).toEqual(arn(key));
    const policies = ofType('AWS::SNS::TopicPolicy').map(([, p]) => p.Properties);
    expect(policies).toHaveLength(2);
    for (const policy of policies) {
      expect(policy.PolicyDocument.Statement).toContainEqual(
        expect.objectContaining({ Effect: 'Deny', Action: 'sns:Publish', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
      );
    }
    const opsTopic = logicalId('AWS::SNS::Topic', 'NotificationsOps');
    const cloudwatch = policies.flatMap((p) => p.PolicyDocument.Statement).filter((s: any) => s.Principal?.Service === 'cloudwatch.amazonaws.com');
    expect(cloudwatch).toEqual([expect.objectContaining({ Effect: 'Allow', Action: 'sns:Publish', Resource: ref(opsTopic) })]);
  });

  it('subscriptions: email to verdicts, ops email to ops, pager over HTTPS with the default filter on attributes and a DLQ', () => {
    const verdicts = ref(logicalId('AWS::SNS::Topic', 'NotificationsVerdicts'));
    synth.template.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: 'gpu-platform@example.com', TopicArn: verdicts });
    synth.template.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'email',
      Endpoint: 'sre-oncall@example.com',
      TopicArn: ref(logicalId('AWS::SNS::Topic', 'NotificationsOps')),
    });
    synth.template.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'https',
      Endpoint: FULL_CONTEXT.pagerUrl,
      TopicArn: verdicts,
      FilterPolicyScope: 'MessageAttributes',
      FilterPolicy: PAGER_FILTER_PRESETS['node-failure-or-recurring'],
      RedrivePolicy: { deadLetterTargetArn: arn(logicalId('AWS::SQS::Queue', 'NotificationsPagerDeliveryDlq')) },
    });
  });

  it('secrets: generated placeholders of the documented shapes, nothing secret in the template', () => {
    const runai = resources[logicalId('AWS::SecretsManager::Secret', 'RunaiCredentials')]!.Properties.GenerateSecretString;
    expect(JSON.parse(runai.SecretStringTemplate)).toEqual({ clientId: expect.stringMatching(/^REPLACE/), grantType: 'client_credentials' });
    expect(runai.GenerateStringKey).toBe('clientSecret');
    const webhook = resources[logicalId('AWS::SecretsManager::Secret', 'WebhookToken')]!.Properties.GenerateSecretString;
    expect(webhook).toMatchObject({ SecretStringTemplate: '{}', GenerateStringKey: 'current', PasswordLength: 48 });
    for (const [, secret] of ofType('AWS::SecretsManager::Secret')) expect(secret.Properties.SecretString).toBeUndefined();
  });

  it('no Tier 2 unless asked for: no Tier 2 secret, no TIER2_SECRET_ID (tier2Stack.test.ts covers tier2=true)', () => {
    expect(
      ofType('AWS::SecretsManager::Secret')
        .map(([id]) => id.replace(/[0-9A-F]{8}$/, ''))
        .sort(),
    ).toEqual(['FeedbackKey', 'RunaiCredentials', 'WebhookToken']);
    for (const [, fn] of ofType('AWS::Lambda::Function')) expect(fn.Properties.Environment.Variables).not.toHaveProperty('TIER2_SECRET_ID');
    expect(Object.keys(synth.template.toJSON().Outputs ?? {}).filter((name) => name.startsWith('Tier2'))).toEqual([]);
  });
});

describe('API and schedule', () => {
  it('HTTP API: explicit $default stage with JSON access logs and burst-absorbing throttling; six routes to intake (feedback on)', () => {
    synth.template.resourceCountIs('AWS::ApiGatewayV2::Stage', 1);
    const stage = ofType('AWS::ApiGatewayV2::Stage')[0]![1].Properties;
    expect(stage).toMatchObject({ StageName: '$default', AutoDeploy: true, DefaultRouteSettings: { ThrottlingRateLimit: 100, ThrottlingBurstLimit: 500 } });
    expect(stage.AccessLogSettings.DestinationArn).toEqual(arn(logicalId('AWS::Logs::LogGroup', 'WebhooksAccessLogs')));
    expect(JSON.parse(stage.AccessLogSettings.Format)).toMatchObject({
      requestId: '$context.requestId',
      status: '$context.status',
      routeKey: '$context.routeKey',
    });
    const routes = ofType('AWS::ApiGatewayV2::Route')
      .map(([, r]) => r.Properties.RouteKey)
      .sort();
    expect(routes).toEqual([
      'GET /feedback/{token}',
      'GET /healthz',
      'GET /readyz',
      'POST /feedback/{token}',
      'POST /webhooks/alertmanager',
      'POST /webhooks/runai',
    ]);
    synth.template.hasResourceProperties('AWS::ApiGatewayV2::Integration', {
      IntegrationType: 'AWS_PROXY',
      PayloadFormatVersion: '2.0',
      IntegrationUri: arn(functionId('intake')),
    });
  });

  it('schedule: the poller every pollRate minutes; failed runs retried, superseded after one period', () => {
    synth.template.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: 'rate(10 minutes)',
      State: 'ENABLED',
      Targets: [Match.objectLike({ Arn: arn(functionId('poller')) })],
    });
    synth.template.hasResourceProperties('AWS::Lambda::EventInvokeConfig', {
      FunctionName: ref(functionId('poller')),
      MaximumRetryAttempts: 2,
      MaximumEventAgeInSeconds: 600,
    });
  });
});

describe('alarms', () => {
  const alarms = () => ofType('AWS::CloudWatch::Alarm').map(([, a]) => a.Properties);
  const find = (metricName: string, dimension?: string) =>
    alarms().filter((a) => a.MetricName === metricName && (dimension === undefined || JSON.stringify(a.Dimensions ?? []).includes(dimension)));

  it('every alarm notifies the ops topic on ALARM and OK; only the heartbeats treat missing data as breaching', () => {
    const ops = ref(logicalId('AWS::SNS::Topic', 'NotificationsOps'));
    // 2 DLQs, oldest age, 3 × (errors, throttles), API 5xx, failed records, 3 configuration failures,
    // unusable skips, 401s, verdict delivery failures, poller and worker heartbeats
    expect(alarms().length).toBe(19);
    for (const [id, { Properties: alarm }] of ofType('AWS::CloudWatch::Alarm')) {
      const heartbeat = /^Alarms(Poller|Worker)Heartbeat/.test(id);
      expect(alarm, id).toMatchObject({ AlarmActions: [ops], OKActions: [ops], TreatMissingData: heartbeat ? 'breaching' : 'notBreaching' });
    }
  });

  it('dead-letter queues (work and pager), oldest message age, API 5xx, failed records', () => {
    expect(find('ApproximateNumberOfMessagesVisible', logicalId('AWS::SQS::Queue', 'DiagnosisDlq'))).toEqual([expect.objectContaining({ Threshold: 1 })]);
    expect(find('ApproximateNumberOfMessagesVisible', logicalId('AWS::SQS::Queue', 'NotificationsPagerDeliveryDlq'))).toHaveLength(1);
    expect(find('ApproximateAgeOfOldestMessage', logicalId('AWS::SQS::Queue', 'DiagnosisQueue'))).toEqual([
      expect.objectContaining({ Threshold: 900, Statistic: 'Maximum' }),
    ]);
    expect(find('5xx')).toHaveLength(1);
    expect(find('FailedRecords')).toEqual([expect.objectContaining({ Namespace: METRICS_NAMESPACE, Dimensions: [{ Name: 'service', Value: 'diagnose' }] })]);
  });

  const alarmById = (prefix: string) => resources[logicalId('AWS::CloudWatch::Alarm', prefix)]!.Properties;
  const metricStat = (alarm: Record<string, any>, id: string) =>
    (alarm.Metrics as { Id: string; MetricStat?: { Metric: Record<string, any>; Stat: string; Period: number } }[]).find((m) => m.Id === id)!.MetricStat!;

  it.each(['intake', 'diagnose', 'poller'])('%s: a configuration failure alarms at its first occurrence, and says what to do', (service) => {
    const alarm = alarmById(`Alarms${service}ConfigurationFailures`);
    expect(alarm).toMatchObject({
      Namespace: METRICS_NAMESPACE,
      MetricName: 'ConfigurationFailures',
      Dimensions: [{ Name: 'service', Value: service }],
      Statistic: 'Sum',
      Period: 60,
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      TreatMissingData: 'notBreaching',
    });
    expect(alarm.AlarmDescription).toMatch(/names the key; fix the secret/);
  });

  it('unusable skipped alerts (per reason, summed) and 401s above their thresholds', () => {
    const skips = alarmById('AlarmsIntakeUnusableAlerts');
    expect(skips).toMatchObject({
      Threshold: UNUSABLE_ALERTS_ALARM_THRESHOLD,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      TreatMissingData: 'notBreaching',
    });
    const expression = (skips.Metrics as { Expression?: string }[]).find((m) => m.Expression)!.Expression;
    expect(expression).toBe('FILL(skip0, 0) + FILL(skip1, 0) + FILL(skip2, 0)');
    UNUSABLE_SKIP_REASONS.forEach((reason, index) =>
      expect(metricStat(skips, `skip${index}`)).toEqual({
        Metric: {
          Namespace: METRICS_NAMESPACE,
          MetricName: 'AlertsSkipped',
          Dimensions: [
            { Name: 'reason', Value: reason },
            { Name: 'service', Value: 'intake' },
          ],
        },
        Stat: 'Sum',
        Period: 900,
      }),
    );
    expect(skips.AlarmDescription).toMatch(/ALERT_LABEL_MAP/);
    expect(alarmById('AlarmsIntakeUnauthorized')).toMatchObject({
      Namespace: METRICS_NAMESPACE,
      MetricName: 'Unauthorized',
      Dimensions: [{ Name: 'service', Value: 'intake' }],
      Statistic: 'Sum',
      Period: 900,
      Threshold: UNAUTHORIZED_ALARM_THRESHOLD,
      TreatMissingData: 'notBreaching',
      AlarmDescription: expect.stringMatching(/WebhookToken secret/),
    });
  });

  it('SNS deliveries that failed on the verdict topic', () => {
    expect(alarmById('AlarmsVerdictsDeliveryFailures')).toMatchObject({
      Namespace: 'AWS/SNS',
      MetricName: 'NumberOfNotificationsFailed',
      Dimensions: [{ Name: 'TopicName', Value: { 'Fn::GetAtt': [logicalId('AWS::SNS::Topic', 'NotificationsVerdicts'), 'TopicName'] } }],
      Statistic: 'Sum',
      Threshold: 1,
      TreatMissingData: 'notBreaching',
    });
  });

  it('poller heartbeat: no invocation in twice the poll rate, missing data breaching', () => {
    expect(alarmById('AlarmsPollerHeartbeat')).toMatchObject({
      Namespace: 'AWS/Lambda',
      MetricName: 'Invocations',
      Dimensions: [{ Name: 'FunctionName', Value: ref(functionId('poller')) }],
      Statistic: 'Sum',
      Period: 20 * 60, // pollRate 10m
      Threshold: 1,
      ComparisonOperator: 'LessThanThreshold',
      TreatMissingData: 'breaching',
      AlarmDescription: expect.stringMatching(/PollSchedule rule is enabled/),
    });
  });

  it('worker heartbeat: the queue non-empty for 15 min and the worker not invoked, missing data breaching', () => {
    const alarm = alarmById('AlarmsWorkerHeartbeat');
    expect(alarm).toMatchObject({ Threshold: 1, ComparisonOperator: 'GreaterThanOrEqualToThreshold', TreatMissingData: 'breaching' });
    expect((alarm.Metrics as { Expression?: string }[]).find((m) => m.Expression)!.Expression).toBe('IF(visible >= 1 AND FILL(invocations, 0) == 0, 1, 0)');
    expect(metricStat(alarm, 'visible')).toEqual({
      Metric: {
        Namespace: 'AWS/SQS',
        MetricName: 'ApproximateNumberOfMessagesVisible',
        Dimensions: [{ Name: 'QueueName', Value: { 'Fn::GetAtt': [logicalId('AWS::SQS::Queue', 'DiagnosisQueue'), 'QueueName'] } }],
      },
      Stat: 'Minimum',
      Period: 900,
    });
    expect(metricStat(alarm, 'invocations')).toEqual({
      Metric: { Namespace: 'AWS/Lambda', MetricName: 'Invocations', Dimensions: [{ Name: 'FunctionName', Value: ref(functionId('diagnose')) }] },
      Stat: 'Sum',
      Period: 900,
    });
    expect(alarm.AlarmDescription).toMatch(/DiagnoseFromQueue event source mapping/);
  });

  it('every alarm description is a runbook line: what happened, then what to do', () => {
    for (const [id, { Properties: alarm }] of ofType('AWS::CloudWatch::Alarm')) {
      expect(String(alarm.AlarmDescription), id).toMatch(/^runai-diagnose: .+\. [A-Z].+/);
    }
  });

  it.each(['intake', 'diagnose', 'poller'])('%s: errors and throttles', (service) => {
    const id = functionId(service);
    expect(find('Errors', id)).toEqual([expect.objectContaining({ Threshold: 1, Statistic: 'Sum' })]);
    expect(find('Throttles', id)).toEqual([expect.objectContaining({ Threshold: 1, Statistic: 'Sum' })]);
  });
});

describe('least privilege', () => {
  type Statement = { Effect: string; Action: string | string[]; Resource: unknown; Principal?: unknown };
  const roles = () => ofType('AWS::IAM::Role');
  const statementsOf = (roleId: string): Statement[] =>
    ofType('AWS::IAM::Policy')
      .filter(([, p]) => JSON.stringify(p.Properties.Roles) === JSON.stringify([ref(roleId)]))
      .flatMap(([, p]) => p.Properties.PolicyDocument.Statement as Statement[]);
  const grants = (service: string): string[] => {
    const role = resources[functionId(service)]!.Properties.Role['Fn::GetAtt'][0] as string;
    return statementsOf(role)
      .flatMap((s) => [s.Action].flat().map((action) => `${action} ${JSON.stringify(s.Resource)}`))
      .sort();
  };

  it('walks every IAM statement: Allow only, no wildcard action or resource, no managed or inline role policies', () => {
    expect(
      roles()
        .map(([id]) => id)
        .sort(),
    ).toEqual([expect.stringMatching(/^DiagnoseRole/), expect.stringMatching(/^IntakeRole/), expect.stringMatching(/^PollerRole/)]);
    for (const [id, role] of roles()) {
      expect(role.Properties.ManagedPolicyArns, id).toBeUndefined();
      expect(role.Properties.Policies, id).toBeUndefined();
      expect(role.Properties.AssumeRolePolicyDocument.Statement).toEqual([
        { Action: 'sts:AssumeRole', Effect: 'Allow', Principal: { Service: 'lambda.amazonaws.com' } },
      ]);
    }
    const statements = ofType('AWS::IAM::Policy').flatMap(([, p]) => p.Properties.PolicyDocument.Statement as Statement[]);
    expect(statements.length).toBeGreaterThan(10);
    for (const statement of statements) {
      expect(statement.Effect).toBe('Allow');
      for (const action of [statement.Action].flat()) expect(action, JSON.stringify(statement)).not.toContain('*');
      for (const resource of [statement.Resource].flat()) {
        // Every resource is a reference to one resource of this stack, never a literal pattern.
        expect(JSON.stringify(resource), JSON.stringify(statement)).not.toContain('*');
        expect(typeof resource, JSON.stringify(statement)).toBe('object');
      }
    }
    expect(ofType('AWS::IAM::ManagedPolicy')).toEqual([]);
  });

  it('intake: write its logs, send to the queue and read its depth, read the webhook token secret, describe (never read) the Run:ai secret, read the feedback key and get/put (never scan) answers', () => {
    const queue = JSON.stringify(arn(logicalId('AWS::SQS::Queue', 'DiagnosisQueue')));
    const answers = JSON.stringify(arn(logicalId('AWS::DynamoDB::Table', 'FeedbackAnswers')));
    expect(grants('intake')).toEqual(
      [
        `dynamodb:GetItem ${answers}`,
        `dynamodb:PutItem ${answers}`,
        `secretsmanager:GetSecretValue ${JSON.stringify(ref(logicalId('AWS::SecretsManager::Secret', 'FeedbackKey')))}`,
        `logs:CreateLogStream ${JSON.stringify(arn(logicalId('AWS::Logs::LogGroup', 'IntakeLogs')))}`,
        `logs:PutLogEvents ${JSON.stringify(arn(logicalId('AWS::Logs::LogGroup', 'IntakeLogs')))}`,
        `secretsmanager:DescribeSecret ${JSON.stringify(ref(logicalId('AWS::SecretsManager::Secret', 'RunaiCredentials')))}`,
        `secretsmanager:GetSecretValue ${JSON.stringify(ref(logicalId('AWS::SecretsManager::Secret', 'WebhookToken')))}`,
        `sqs:GetQueueAttributes ${queue}`,
        `sqs:SendMessage ${queue}`,
      ].sort(),
    );
  });

  it('diagnose: consume the queue (retry visibility, storm flushes), publish (with the topic key), the idempotency items, the storm windows, the Run:ai secret, the feedback key (never the answers)', () => {
    const queue = JSON.stringify(arn(logicalId('AWS::SQS::Queue', 'DiagnosisQueue')));
    const table = JSON.stringify(arn(logicalId('AWS::DynamoDB::Table', 'State')));
    const storm = JSON.stringify(arn(logicalId('AWS::DynamoDB::Table', 'StormWindows')));
    const nodes = JSON.stringify(arn(logicalId('AWS::DynamoDB::Table', 'SuspectNodesNodeFailures')));
    const key = JSON.stringify(arn(logicalId('AWS::KMS::Key', 'NotificationsKey')));
    const logs = JSON.stringify(arn(logicalId('AWS::Logs::LogGroup', 'DiagnoseLogs')));
    expect(grants('diagnose')).toEqual(
      [
        `dynamodb:DeleteItem ${table}`,
        `dynamodb:GetItem ${table}`,
        `dynamodb:PutItem ${table}`,
        `dynamodb:UpdateItem ${table}`,
        `dynamodb:ConditionCheckItem ${storm}`,
        `dynamodb:PutItem ${storm}`,
        `dynamodb:Query ${storm}`,
        `dynamodb:UpdateItem ${storm}`,
        `dynamodb:DeleteItem ${nodes}`,
        `dynamodb:PutItem ${nodes}`,
        `dynamodb:Query ${nodes}`,
        `kms:Decrypt ${key}`,
        `kms:GenerateDataKey ${key}`,
        `logs:CreateLogStream ${logs}`,
        `logs:PutLogEvents ${logs}`,
        `secretsmanager:GetSecretValue ${JSON.stringify(ref(logicalId('AWS::SecretsManager::Secret', 'FeedbackKey')))}`,
        `secretsmanager:GetSecretValue ${JSON.stringify(ref(logicalId('AWS::SecretsManager::Secret', 'RunaiCredentials')))}`,
        `sns:Publish ${JSON.stringify(ref(logicalId('AWS::SNS::Topic', 'NotificationsVerdicts')))}`,
        `sqs:ChangeMessageVisibility ${queue}`,
        `sqs:DeleteMessage ${queue}`,
        `sqs:GetQueueAttributes ${queue}`,
        `sqs:ReceiveMessage ${queue}`,
        `sqs:SendMessage ${queue}`,
      ].sort(),
    );
  });

  it('poller: read and advance watermarks, send to the queue, read the Run:ai secret', () => {
    const table = JSON.stringify(arn(logicalId('AWS::DynamoDB::Table', 'State')));
    const logs = JSON.stringify(arn(logicalId('AWS::Logs::LogGroup', 'PollerLogs')));
    expect(grants('poller')).toEqual(
      [
        `dynamodb:GetItem ${table}`,
        `dynamodb:UpdateItem ${table}`,
        `logs:CreateLogStream ${logs}`,
        `logs:PutLogEvents ${logs}`,
        `secretsmanager:GetSecretValue ${JSON.stringify(ref(logicalId('AWS::SecretsManager::Secret', 'RunaiCredentials')))}`,
        `sqs:SendMessage ${JSON.stringify(arn(logicalId('AWS::SQS::Queue', 'DiagnosisQueue')))}`,
      ].sort(),
    );
  });

  it('the event source mapping is created after the role can read the queue', () => {
    const mapping = ofType('AWS::Lambda::EventSourceMapping')[0]![1];
    expect(mapping.DependsOn).toEqual(expect.arrayContaining([expect.stringMatching(/^DiagnoseRoleDefaultPolicy/)]));
  });
});

describe('cdk-nag (AwsSolutions) and annotations', () => {
  /** Every acknowledgment recorded in the construct tree: rule id → reason, per construct path. */
  const acknowledgments = (root: IConstruct) =>
    root.node
      .findAll()
      .flatMap((c) =>
        c.node.metadata
          .filter((m) => m.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY)
          .map((m) => ({ path: c.node.path, rules: m.data as Record<string, string> })),
      )
      .flatMap(({ path: where, rules }) => Object.entries(rules).map(([id, reason]) => ({ path: where, id: id.replace(/^annotation::/i, ''), reason })));

  it('reports zero unacknowledged findings, errors and warnings alike', () => {
    const report = new AwsSolutionsChecks().validateScope(synth.stack);
    expect(report.violations).toEqual([]);
    expect(report.success).toBe(true);
  });

  it('leaves no error or warning annotation on any construct', () => {
    expect(Annotations.fromStack(synth.stack).findError('*', Match.anyValue())).toEqual([]);
    expect(Annotations.fromStack(synth.stack).findWarning('*', Match.anyValue())).toEqual([]);
  });

  it('acknowledges exactly the findings that would otherwise fire, each with a reviewable reason', () => {
    const acknowledged = acknowledgments(synth.stack);
    expect(acknowledged.map((a) => a.id).sort()).toEqual([
      'AwsSolutions-APIG4',
      'AwsSolutions-SMG4',
      'AwsSolutions-SMG4',
      'AwsSolutions-SMG4',
      'AwsSolutions-SQS3',
    ]);
    for (const { id, reason } of acknowledged) expect(reason.length, id).toBeGreaterThan(150);

    // The same pack with acknowledgments ignored: what fires must be what was acknowledged, nothing more.
    const blind = new AwsSolutionsChecks();
    (blind as unknown as { isAcknowledged: () => boolean }).isAcknowledged = () => false;
    const fired = blind.validateScope(synth.stack).violations.flatMap((v) => v.violatingResources.map((r) => `${v.ruleName} ${r.constructPath}`));
    // APIG4 once per route: the two webhooks, /healthz, /readyz and the two feedback routes; SMG4 per secret.
    expect(fired.map((f) => f.split(' ')[0]).sort()).toEqual([
      'AwsSolutions-APIG4',
      'AwsSolutions-APIG4',
      'AwsSolutions-APIG4',
      'AwsSolutions-APIG4',
      'AwsSolutions-APIG4',
      'AwsSolutions-APIG4',
      'AwsSolutions-SMG4',
      'AwsSolutions-SMG4',
      'AwsSolutions-SMG4',
      'AwsSolutions-SQS3',
    ]);
    for (const finding of fired) {
      const [rule, where] = finding.split(' ') as [string, string];
      expect(
        acknowledged.some((a) => a.id === rule && where.startsWith(a.path)),
        finding,
      ).toBe(true);
    }
  });
});
