/**
 * The operations dashboard, synthesized on its own: its widgets, and the metrics each one
 * reads (the names the functions emit, in the one namespace).
 */
import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { describe, expect, it } from 'vitest';
import { METRICS_NAMESPACE } from '../../functions/config/lambdaEnvironment.js';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../../infra/createFunction.js';
import { NODE_SUSPECT_EVENT, OperationsDashboard } from '../../infra/OperationsDashboard.js';

interface Widget {
  type: string;
  properties: { title: string; metrics: unknown[]; query?: string; view?: string; start?: string; setPeriodToTimeRange?: boolean };
}

function dashboardBody(options: { feedback: boolean } = { feedback: true }): { widgets: Widget[] } {
  const stack = new Stack(new App(), 'DashboardOnly', { env: { account: '123456789012', region: 'eu-west-1' } });
  const worker = new lambda.Function(stack, 'Worker', {
    runtime: lambda.Runtime.NODEJS_22_X,
    handler: 'index.handler',
    code: lambda.Code.fromInline('exports.handler=()=>{}'),
  });
  new OperationsDashboard(stack, 'Operations', {
    queue: new sqs.Queue(stack, 'Queue'),
    deadLetterQueue: new sqs.Queue(stack, 'Dlq'),
    worker,
    workerLogs: new logs.LogGroup(stack, 'WorkerLogs'),
    verdicts: new sns.Topic(stack, 'Verdicts'),
    ...(options.feedback ? { feedbackLogs: new logs.LogGroup(stack, 'IntakeLogs') } : {}),
  });
  const dashboards = Object.values(Template.fromStack(stack).findResources('AWS::CloudWatch::Dashboard'));
  expect(dashboards).toHaveLength(1);
  expect(dashboards[0]!.Properties.DashboardName).toBe('DashboardOnly-operations');
  // The body is a Fn::Join of strings and references: render the references as placeholders.
  const parts = (dashboards[0]!.Properties.DashboardBody as { 'Fn::Join': [string, unknown[]] })['Fn::Join'][1];
  return JSON.parse(parts.map((part) => (typeof part === 'string' ? part : 'REF')).join('')) as never;
}

describe('OperationsDashboard', () => {
  const body = dashboardBody();
  const widget = (title: string) => {
    const found = body.widgets.find((w) => w.properties.title === title);
    expect(found, title).toBeDefined();
    return JSON.stringify(found!.properties.metrics);
  };

  it('has the thirteen widgets the team reads', () => {
    expect(body.widgets.map((w) => w.properties.title)).toEqual([
      'Intake: requests by status',
      'Intake: alerts accepted, skipped by reason, 401s',
      'Queue: depth and age of the oldest request',
      'Diagnoses by outcome and category',
      'Diagnosis duration (ms)',
      'Run:ai: error rate and errors by code',
      'Notifications: published, digests, delivered, failed',
      'Configuration failures and worker invocations',
      'Feedback: precision per category (correct / answered, %, last 7 days)',
      'Feedback: wrong verdicts (dashboard range; choose 1w for the week)',
      'Suspect nodes (worker.node_suspect): failures and submitters in the window, last seen',
      'Suspect-node notices by node',
    ]);
  });

  it('has no feedback widget when feedback is off', () => {
    const titles = dashboardBody({ feedback: false }).widgets.map((w) => w.properties.title);
    expect(titles).toHaveLength(10);
    expect(titles.filter((title) => title.startsWith('Feedback'))).toEqual([]);
  });

  it('splits by status, reason, outcome and category, and code with SEARCH in the RunaiDiagnose namespace', () => {
    expect(widget('Intake: requests by status')).toContain(`SEARCH('{${METRICS_NAMESPACE},status,service} MetricName=\\"IntakeRequests\\"', 'Sum', 300)`);
    expect(widget('Intake: alerts accepted, skipped by reason, 401s')).toContain('{RunaiDiagnose,reason,service} MetricName=\\"AlertsSkipped\\"');
    expect(widget('Diagnoses by outcome and category')).toContain('{RunaiDiagnose,category,outcome,service} MetricName=\\"Diagnoses\\"');
    expect(widget('Run:ai: error rate and errors by code')).toContain('100 * FILL(errors, 0) / requests');
  });

  it('reads queue depth and age, duration percentiles and SNS deliveries', () => {
    const queue = widget('Queue: depth and age of the oldest request');
    expect(queue).toContain('ApproximateNumberOfMessagesVisible');
    expect(queue).toContain('ApproximateAgeOfOldestMessage');
    const duration = widget('Diagnosis duration (ms)');
    for (const p of ['p50', 'p90', 'p99']) expect(duration).toContain(`"stat":"${p}"`);
    const notifications = widget('Notifications: published, digests, delivered, failed');
    for (const name of ['Notifications', 'Digests', 'NumberOfNotificationsDelivered', 'NumberOfNotificationsFailed', 'ForwarderFailures'])
      expect(notifications).toContain(name);
  });

  it('shows precision per category as correct / (correct + wrong) of FeedbackAnswers, over the last 7 days', () => {
    const title = 'Feedback: precision per category (correct / answered, %, last 7 days)';
    const found = body.widgets.find((w) => w.properties.title === title)!;
    expect(found.properties.start).toBe('-P7D');
    expect(found.properties.setPeriodToTimeRange).toBe(true);
    const metrics = widget(title);
    for (const category of ['OOM_KILLED', 'CRASH_APP_ERROR', 'UNKNOWN']) expect(metrics).toContain(`${category} precision (%)`);
    expect(metrics).toContain('100 * FILL(c0, 0) / (FILL(c0, 0) + FILL(w0, 0))');
    // Each expression's inputs: the intake's FeedbackAnswers for one answer and one category.
    expect(metrics).toContain('"RunaiDiagnose","FeedbackAnswers","answer","correct","category","OOM_KILLED","service","intake"');
    expect(metrics).toContain('"RunaiDiagnose","FeedbackAnswers","answer","wrong","category","UNKNOWN","service","intake"');
  });

  it("lists the wrong verdicts from the intake's feedback.answer log line (Logs Insights)", () => {
    const found = body.widgets.find((w) => w.properties.title.startsWith('Feedback: wrong verdicts'))!;
    expect(found.type).toBe('log');
    expect(found.properties.view).toBe('table');
    expect(found.properties.query).toContain("SOURCE 'REF'");
    expect(found.properties.query).toContain('filter message = "feedback.answer" and answer = "wrong"');
    expect(found.properties.query).toContain('fields @timestamp, category, rightCategory, headline, occurrenceKey');
  });

  it('lists suspect nodes from the worker log line judgeNodes writes, and graphs the SuspectNode notices per node', () => {
    const table = body.widgets.find((w) => w.properties.title.startsWith('Suspect nodes'))!;
    expect(table.type).toBe('log');
    expect(table.properties.view).toBe('table');
    expect(table.properties.query).toContain(`filter message = "${NODE_SUSPECT_EVENT}"`);
    expect(table.properties.query).toContain('by clusterId, node');
    // The event name and the fields the query reads are the ones the worker logs.
    const source = readFileSync(path.join(PROJECT_ROOT, 'functions', 'worker', 'batch', 'judgeNodes.ts'), 'utf8');
    expect(source).toContain(`deps.logger.info('${NODE_SUSPECT_EVENT}', {`);
    for (const field of ['failures', 'submitters', 'hardwareXid']) expect(source).toContain(`${field}: suspicion.suspect.${field}`);
    expect(widget('Suspect-node notices by node')).toContain(`{${METRICS_NAMESPACE},clusterId,node,service} MetricName=\\"SuspectNode\\"`);
  });
});
