/**
 * Real peer: the local app publishing with the real createSnsPublisher to fauxqs, and an
 * SQS queue subscribed to the topic (what a pager bridge subscribes) receiving it. Proves
 * the subject, the per-protocol message, the filterable attributes, one digest per cluster
 * for a storm, and one notification for repeats (alert twice; alert + poller).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VerdictSchema } from '../../functions/core/verdict.js';
import type { ScenarioState } from '../../functions/simulator/startRunaiSimulator.js';
import { alertmanagerPayload, cloneWorkload, FIXTURE_CLUSTER, postJson, scenario, startCapturedServer, uuid, type CapturedServer } from './e2eKit.js';
import { attributes, collectMessages, emailText, envelopeOf, sqsPayload, startFauxqsKit, type Fauxqs } from '../support/fauxqsKit.js';

const STORM_CLUSTER = uuid('5a0a5a0a', 1);
const STORM_SIZE = 200;
const REPEAT_CLUSTER = uuid('5a0a5a0a', 2);
const REPEAT_WORKLOAD = uuid('0e0e0e0e', 1);

let faux: Fauxqs;
let topic: { topicArn: string; queueUrl: string };
let app: CapturedServer;

beforeAll(async () => {
  faux = await startFauxqsKit();
  topic = await faux.createTopicWithQueue('local-verdicts');
  const crash = await scenario('crash-app-nonzero-exit');
  const storm: ScenarioState[] = Array.from({ length: STORM_SIZE }, (_, i) =>
    cloneWorkload(crash, { clusterId: STORM_CLUSTER, workloadId: uuid('57057057', i + 1), name: `ddpm-storm-${String(i + 1).padStart(3, '0')}` }),
  );
  // A 10 s storm window: long enough for the whole storm to land in one, short enough to wait for its digest.
  app = await startCapturedServer({ SNS_TOPIC_ARN: topic.topicArn, STORM_WINDOW_SECONDS: '10' }, { snsClient: faux.sns, extraScenarios: storm });
});

afterAll(async () => {
  await app?.server.close();
  await faux?.stop();
});

describe('local app → SNS (fauxqs) → subscribed SQS queue', () => {
  it('delivers the subject, the verdict for machines, the report for email, and the filter attributes', async () => {
    expect(app.server.readyLine).toContain(`publisher: SNS ${topic.topicArn}`);
    const { status } = await postJson(`${app.server.url}/webhooks/runai`, { clusterId: FIXTURE_CLUSTER, workloadId: '26c30aed-ab98-4ad0-bae2-f0fde5265e42' });
    expect(status).toBe(202);
    await app.server.whenIdle();

    const messages = await collectMessages(faux.sqs, topic.queueUrl, { count: 1 });
    expect(messages).toHaveLength(1);
    const envelope = envelopeOf(messages[0]!);
    expect(envelope.Type).toBe('Notification');
    expect(envelope.Subject).toBe('[OOM_KILLED] llm-pretrain-13b (foundation-models) recurring 3x/7d');
    const verdict = VerdictSchema.parse(sqsPayload(envelope));
    expect(verdict).toMatchObject({
      outcome: 'diagnosed',
      category: 'OOM_KILLED',
      workload: { id: '26c30aed-ab98-4ad0-bae2-f0fde5265e42', project: 'foundation-models' },
    });
    expect(verdict.recurrence).toMatchObject({ count: 3, recurring: true });
    // fauxqs passes the whole structure; when it does, the email text is the report.
    const email = emailText(envelope);
    if (email !== null) expect(email.split('\n')[0]).toBe('Category: OOM_KILLED');
    expect(attributes(envelope)).toEqual({
      kind: 'verdict',
      category: 'OOM_KILLED',
      outcome: 'diagnosed',
      recurring: 'true',
      clusterId: FIXTURE_CLUSTER,
      project: 'foundation-models',
      audience: 'user',
    });
    expect(app.stdout()).toContain(`): ${envelope.Subject}\n`);
    expect(app.stdout()).toContain(`published to SNS (MessageId ${envelope.MessageId})`);
  });

  it(`turns a storm of ${STORM_SIZE} failures on one cluster into 5 notifications and one digest at the window's end`, async () => {
    const alerts = Array.from({ length: STORM_SIZE }, (_, i) => ({ clusterId: STORM_CLUSTER, workload_id: uuid('57057057', i + 1) }));
    const { status, json } = await postJson(`${app.server.url}/webhooks/alertmanager`, alertmanagerPayload(alerts));
    expect(status).toBe(202);
    expect(json.acceptedCount).toBe(STORM_SIZE);
    await app.server.whenIdle();

    const messages = await collectMessages(faux.sqs, topic.queueUrl, { count: 7, timeoutMs: 1_000 });
    const forCluster = messages.map(envelopeOf).filter((envelope) => attributes(envelope).clusterId === STORM_CLUSTER);
    expect(forCluster).toHaveLength(6);
    expect(forCluster.map((envelope) => attributes(envelope).kind).sort()).toEqual(['digest', 'verdict', 'verdict', 'verdict', 'verdict', 'verdict']);
    const digest = forCluster.find((envelope) => attributes(envelope).kind === 'digest');
    const held = STORM_SIZE - 5;
    expect(digest!.Subject).toMatch(new RegExp(`^\\[DIGEST\\] ${held} failures on cluster ${STORM_CLUSTER}`));
    expect(sqsPayload(digest!)).toMatchObject({ kind: 'digest', clusterId: STORM_CLUSTER, total: held, counts: { CRASH_APP_ERROR: held } });
    expect(messages).toHaveLength(6);
    expect(app.server.queue.deadLetters).toHaveLength(0);
  }, 60_000);

  it('notifies once for the same alert posted twice (in one window, and later again)', async () => {
    const payload = alertmanagerPayload([{ clusterId: FIXTURE_CLUSTER, workload_id: '6a05b5ff-40b7-4d3e-9ec1-5e7052262488' }]);
    const first = await Promise.all([
      postJson(`${app.server.url}/webhooks/alertmanager`, payload),
      postJson(`${app.server.url}/webhooks/alertmanager`, payload),
    ]);
    expect(first.map((answer) => answer.status)).toEqual([202, 202]);
    await app.server.whenIdle();
    expect((await postJson(`${app.server.url}/webhooks/alertmanager`, payload)).status).toBe(202);
    await app.server.whenIdle();

    const messages = await collectMessages(faux.sqs, topic.queueUrl, { count: 2, timeoutMs: 1_000 });
    expect(messages.map((message) => envelopeOf(message).Subject)).toEqual(['[NODE_FAILURE] bevfusion-train (autonomy)']);
  });
});

describe('local app with the poller → SNS (fauxqs)', () => {
  let polling: CapturedServer;
  let pollTopic: { topicArn: string; queueUrl: string };

  beforeAll(async () => {
    pollTopic = await faux.createTopicWithQueue('local-verdicts-polled');
    const repeat = cloneWorkload(await scenario('policy-max-duration-deadline'), {
      clusterId: REPEAT_CLUSTER,
      workloadId: REPEAT_WORKLOAD,
      name: 'ads-ctr-retrain-eu',
    });
    polling = await startCapturedServer(
      { SNS_TOPIC_ARN: pollTopic.topicArn, POLL_CLUSTER_IDS: REPEAT_CLUSTER, POLL_INTERVAL_SECONDS: '3600' },
      { snsClient: faux.sns, extraScenarios: [repeat] },
    );
  });

  afterAll(async () => {
    await polling?.server.close();
  });

  it('notifies once when an alert and the poller both report the same failed workload', async () => {
    expect(polling.server.readyLine).toContain('poller: 1 cluster every 3600 s');
    // The poller's run at start (pollNow joins a run in progress) finds the failure...
    const atStart = await polling.server.pollNow();
    expect(atStart?.clusters[0]).toMatchObject({ clusterId: REPEAT_CLUSTER, ok: true, enqueued: 1 });
    // ...then Alertmanager reports it...
    const alert = alertmanagerPayload([{ clusterId: REPEAT_CLUSTER, workload_id: REPEAT_WORKLOAD }]);
    expect((await postJson(`${polling.server.url}/webhooks/alertmanager`, alert)).status).toBe(202);
    // ...and the next poll's overlap re-lists it.
    const again = await polling.server.pollNow();
    expect(again?.clusters[0]).toMatchObject({ clusterId: REPEAT_CLUSTER, ok: true, enqueued: 1 });
    await polling.server.whenIdle();

    const messages = await collectMessages(faux.sqs, pollTopic.queueUrl, { count: 2, timeoutMs: 1_000 });
    expect(messages.map((message) => envelopeOf(message).Subject)).toEqual(['[SCHEDULING_POLICY_TERMINATED] ads-ctr-retrain-eu (recsys)']);
    expect(attributes(envelopeOf(messages[0]!))).toMatchObject({ clusterId: REPEAT_CLUSTER, category: 'SCHEDULING_POLICY_TERMINATED' });
    // At least three requests for one failure (poll, alert, poll; the start-up run may add one): one notification.
    expect(polling.stdout().match(/^diagnosed ads-ctr-retrain-eu/gm)?.length).toBeGreaterThanOrEqual(3);
  });
});
