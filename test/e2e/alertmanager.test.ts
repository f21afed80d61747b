/**
 * Real peers end to end: Prometheus Alertmanager (Debian's prometheus-alertmanager) →
 * webhook (bearer token) → the local app → diagnosis against the Run:ai simulator →
 * real SNS publisher on fauxqs → an SQS queue subscribed to the topic.
 *
 * Without the binary: in CI the suite fails (.ci/run installs it), elsewhere it is skipped
 * with the reason in the test name.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VerdictSchema } from '../../functions/core/verdict.js';
import { alertmanagerConfig, ALERTMANAGER_BINARY, findAlertmanager, startAlertmanager, type Alertmanager } from './alertmanagerKit.js';
import { eventually, FIXTURE_CLUSTER, startCapturedServer, TOKEN, type CapturedServer } from './e2eKit.js';
import { attributes, collectMessages, envelopeOf, sqsPayload, startFauxqsKit, type Fauxqs } from '../support/fauxqsKit.js';

const binary = findAlertmanager();
const inCi = Boolean(process.env.CI);
const missing = `${ALERTMANAGER_BINARY} is not installed (apt-get install prometheus-alertmanager; .ci/run does it)`;

if (!binary && !inCi) console.warn(`test/e2e/alertmanager.test.ts skipped: ${missing}`);

describe('Alertmanager availability', () => {
  it.skipIf(!inCi && !binary)(`${ALERTMANAGER_BINARY} is on PATH${inCi ? ' (required in CI)' : ''}`, () => {
    expect(binary, missing).not.toBeNull();
  });
  if (!binary && !inCi) it.skip(`skipped: ${missing}`, () => undefined);
});

describe.skipIf(!binary)('Alertmanager → local app → SNS (fauxqs) → SQS', () => {
  let faux: Fauxqs;
  let topic: { topicArn: string; queueUrl: string };
  let app: CapturedServer;
  let alertmanager: Alertmanager;

  beforeAll(async () => {
    faux = await startFauxqsKit();
    topic = await faux.createTopicWithQueue('alertmanager-verdicts');
    app = await startCapturedServer({ SNS_TOPIC_ARN: topic.topicArn, LOG_LEVEL: 'info' }, { snsClient: faux.sns });
    alertmanager = await startAlertmanager(binary!, alertmanagerConfig(app.server.url, TOKEN, FIXTURE_CLUSTER));
  });

  afterAll(async () => {
    await alertmanager?.stop();
    await app?.server.close();
    await faux?.stop();
  });

  const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();

  async function published(count: number) {
    return (await collectMessages(faux.sqs, topic.queueUrl, { count, timeoutMs: 10_000, quietMs: 1_500 })).map(envelopeOf);
  }

  it('delivers an alert naming a bundled workload: diagnosed against the simulator, published to SNS', async () => {
    await alertmanager.postAlerts([
      {
        labels: { alertname: 'E2eWorkloadOom', clusterId: FIXTURE_CLUSTER, workload_id: 'b4c275cd-c910-4dde-8880-f38b3ee17326', severity: 'critical' },
        annotations: { summary: 'llama3-8b-sft failed' },
        endsAt: inAnHour(),
      },
    ]);
    const [envelope, ...extra] = await published(1);
    expect(extra, 'one alert, one notification').toEqual([]);
    expect(envelope!.Subject).toBe('[OOM_KILLED] llama3-8b-sft (nlp-research)');
    expect(VerdictSchema.parse(sqsPayload(envelope!))).toMatchObject({
      outcome: 'diagnosed',
      category: 'OOM_KILLED',
      workload: { id: 'b4c275cd-c910-4dde-8880-f38b3ee17326' },
    });
    expect(attributes(envelope!)).toMatchObject({
      kind: 'verdict',
      category: 'OOM_KILLED',
      outcome: 'diagnosed',
      clusterId: FIXTURE_CLUSTER,
      project: 'nlp-research',
    });
    // It was Alertmanager that called: its webhook integration counts the notification.
    expect(await alertmanager.counter('alertmanager_notifications_total', { integration: 'webhook' })).toBeGreaterThanOrEqual(1);
    expect(app.stderr()).toContain('alertmanager webhook accepted accepted=1 skipped=0');
  });

  it('sends a group as one webhook: each firing workload gets its report, a label-less alert is skipped', async () => {
    const alertname = 'E2eGroupFailed';
    await alertmanager.postAlerts([
      { labels: { alertname, clusterId: FIXTURE_CLUSTER, workload_id: '76ec630c-b1d4-4253-96e2-af313b3f0e57' }, endsAt: inAnHour() },
      { labels: { alertname, clusterId: FIXTURE_CLUSTER, workload_id: '6a05b5ff-40b7-4d3e-9ec1-5e7052262488' }, endsAt: inAnHour() },
      { labels: { alertname, clusterId: FIXTURE_CLUSTER, project: 'vision' }, endsAt: inAnHour() },
      // Already resolved, and send_resolved is false: Alertmanager never sends it.
      {
        labels: { alertname, clusterId: FIXTURE_CLUSTER, workload_id: '2b61edbb-d020-4701-950c-6e7fe98a9f1f' },
        startsAt: new Date(Date.now() - 600_000).toISOString(),
        endsAt: new Date(Date.now() - 60_000).toISOString(),
      },
    ]);
    const envelopes = await published(2);
    expect(envelopes.map((e) => e.Subject).sort()).toEqual(['[IMAGE_PULL_FAILED] detr-coco-finetune (vision)', '[NODE_FAILURE] bevfusion-train (autonomy)']);
    const line = await eventually('the intake log line of the group', () =>
      app
        .stderr()
        .split('\n')
        .find((l) => l.includes('accepted=2')),
    );
    expect(line).toContain('alertmanager webhook accepted accepted=2 skipped=1');
  });

  it('takes the cluster id from ?clusterId= on the receiver URL for alerts without a cluster label', async () => {
    await alertmanager.postAlerts([
      { labels: { alertname: 'E2eByName', feed: 'cluster-in-url', workload_name: 'ctr-hourly-eval', namespace: 'runai-ranking-eval' }, endsAt: inAnHour() },
    ]);
    const [envelope, ...extra] = await published(1);
    expect(extra).toEqual([]);
    expect(envelope!.Subject).toBe('[CRASH_APP_ERROR] ctr-hourly-eval (ranking-eval)');
    expect(attributes(envelope!)).toMatchObject({ clusterId: FIXTURE_CLUSTER, project: 'ranking-eval' });
  });

  it('gets 401 with a wrong bearer token: Alertmanager records the failed notification and nothing is published', async () => {
    const failedBefore = await alertmanager.counter('alertmanager_notifications_failed_total', { integration: 'webhook' });
    await alertmanager.postAlerts([
      {
        labels: { alertname: 'E2eWrongToken', feed: 'wrong-token', clusterId: FIXTURE_CLUSTER, workload_id: '18cf96d1-3fa5-44ea-ae6d-aa65683e6d2a' },
        endsAt: inAnHour(),
      },
    ]);
    await eventually('a failed webhook notification', async () =>
      (await alertmanager.counter('alertmanager_notifications_failed_total', { integration: 'webhook' })) > failedBefore ? true : undefined,
    );
    await eventually('the 401 in Alertmanager’s log', () => (/unexpected status code 401/.test(alertmanager.logs()) ? true : undefined));
    expect(await published(0)).toEqual([]);
    expect(app.server.queue.size).toBe(0);
  });
});
