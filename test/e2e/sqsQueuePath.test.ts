/**
 * Real peer, the AWS queue path: the intake served over HTTP with the real createSqsQueue
 * against fauxqs → messages in SQS → the worker (processDiagnosisBatch, diagnosing against
 * the Run:ai simulator) on what a batching window received → the real SNS publisher →
 * an SQS queue subscribed to the topic.
 */
import { GetQueueAttributesCommand } from '@aws-sdk/client-sqs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QueuedDiagnosisSchema } from '../../functions/core/queuedDiagnosis.js';
import { VerdictSchema } from '../../functions/core/verdict.js';
import { createSnsPublisher } from '../../functions/delivery/createSnsPublisher.js';
import { createMemoryIdempotencyStore } from '../../functions/delivery/IdempotencyStore.js';
import { createMemoryStormWindow } from '../../functions/delivery/createMemoryStormWindow.js';
import { createSqsStormFlushQueue } from '../../functions/queue/createSqsStormFlushQueue.js';
import { diagnoseWorkload } from '../../functions/diagnosis/diagnoseWorkload.js';
import { messagesEn } from '../../functions/report/messagesEn.js';
import { createIntakeApp } from '../../functions/intake/createIntakeApp.js';
import { silentLogger } from '../../functions/core/LogPort.js';
import { serveApp, type ServedApp } from '../../functions/local/serveApp.js';
import { toQueuedDiagnosis } from '../../functions/poller/toQueuedDiagnosis.js';
import { createSqsQueue } from '../../functions/queue/createSqsQueue.js';
import type { DiagnosisQueue } from '../../functions/queue/DiagnosisQueue.js';
import { createRunaiClient, type RunaiClient } from '../../functions/runai/createRunaiClient.js';
import { startRunaiSimulator, type RunaiSimulator } from '../../functions/simulator/startRunaiSimulator.js';
import { createRenderText } from '../../functions/worker/createRenderText.js';
import type { ProcessDiagnosisBatchDeps } from '../../functions/worker/processDiagnosisBatch.js';
import { silentLogger as silentWorkerLogger } from '../../functions/core/LogPort.js';
import { alertmanagerPayload, bundledScenarios, cloneWorkload, FIXTURE_CLUSTER, postJson, scenario, TOKEN, uuid } from './e2eKit.js';
import { attributes, collectMessages, envelopeOf, receiveSome, sqsPayload, startFauxqsKit, type Fauxqs } from '../support/fauxqsKit.js';
import { runWorkerBatch } from './sqsWorkerKit.js';

const STORM_CLUSTER = uuid('5a0a5a0a', 3);
const STORM_SIZE = 200;
const STORM_WINDOW_SECONDS = 2;

let faux: Fauxqs;
let simulator: RunaiSimulator;
let client: RunaiClient;
let intake: ServedApp;
let intakeUrl: string;
let diagnoses: { url: string };
let topic: { topicArn: string; queueUrl: string };
let queue: DiagnosisQueue;
let worker: ProcessDiagnosisBatchDeps;

beforeAll(async () => {
  faux = await startFauxqsKit();
  diagnoses = await faux.createQueue('diagnoses', { VisibilityTimeout: '60' });
  topic = await faux.createTopicWithQueue('queue-path-verdicts');

  const crash = await scenario('init-container-failed');
  const storm = Array.from({ length: STORM_SIZE }, (_, i) =>
    cloneWorkload(crash, { clusterId: STORM_CLUSTER, workloadId: uuid('5703e000', i + 1), name: `rag-indexer-${i + 1}` }),
  );
  const bundled = (await bundledScenarios()).map((s) => ({ ...s.runai, faults: [] }));
  simulator = await startRunaiSimulator({ scenarios: [...bundled, ...storm] });
  client = createRunaiClient({ baseUrl: simulator.url, credentials: { grantType: 'client_credentials', clientId: 'sim-client', clientSecret: 'sim-secret' } });

  queue = createSqsQueue({ client: faux.sqs, queueUrl: diagnoses.url });
  const app = createIntakeApp({ queue, tokens: { current: TOKEN }, now: () => new Date(), logger: silentLogger });
  intake = await serveApp(app.fetch, '127.0.0.1', 0);
  intakeUrl = `http://127.0.0.1:${intake.port}`;

  worker = {
    diagnose: (queued) => diagnoseWorkload(queued.request, { reader: client, now: new Date(), messages: messagesEn }),
    renderText: createRenderText('en'),
    publisher: createSnsPublisher({ client: faux.sns, topicArn: topic.topicArn }),
    idempotency: createMemoryIdempotencyStore(),
    // The storm window's flush is a real SQS delay message on the diagnose queue; a 2 s window keeps the test short.
    storm: {
      window: createMemoryStormWindow({ now: () => new Date(), windowSeconds: STORM_WINDOW_SECONDS }),
      flushes: createSqsStormFlushQueue({ client: faux.sqs, queueUrl: diagnoses.url }),
    },
    now: () => new Date(),
    logger: silentWorkerLogger,
  };
});

afterAll(async () => {
  await intake?.close();
  await client?.close();
  await simulator?.close();
  await faux?.stop();
});

async function queueDepth(): Promise<number> {
  const { Attributes } = await faux.sqs.send(
    new GetQueueAttributesCommand({ QueueUrl: diagnoses.url, AttributeNames: ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible'] }),
  );
  return Number(Attributes?.ApproximateNumberOfMessages ?? 0) + Number(Attributes?.ApproximateNumberOfMessagesNotVisible ?? 0);
}

describe('intake → SQS (fauxqs) → worker → SNS (fauxqs)', () => {
  it('carries one webhook request through SQS to a published verdict, and leaves the queue empty', async () => {
    const { status } = await postJson(`${intakeUrl}/webhooks/runai`, { clusterId: FIXTURE_CLUSTER, workloadId: '873337bb-3a07-4cb9-a65c-f8f98a3d1aef' });
    expect(status).toBe(202);

    const { received, result } = await runWorkerBatch(faux.sqs, diagnoses.url, worker);
    expect(received).toHaveLength(1);
    expect(QueuedDiagnosisSchema.parse(JSON.parse(received[0]!.Body!))).toMatchObject({
      v: 1,
      source: 'runai-webhook',
      request: { workloadId: '873337bb-3a07-4cb9-a65c-f8f98a3d1aef' },
    });
    expect(result).toMatchObject({ published: 1, duplicates: 0, failed: 0, notifications: 1 });
    expect(await queueDepth()).toBe(0);

    const [message, ...extra] = await collectMessages(faux.sqs, topic.queueUrl, { count: 1 });
    expect(extra).toEqual([]);
    const envelope = envelopeOf(message!);
    expect(envelope.Subject).toBe('[DATASOURCE_MOUNT_FAILED] resnet152-imagenet (vision)');
    expect(VerdictSchema.parse(sqsPayload(envelope))).toMatchObject({ outcome: 'diagnosed', category: 'DATASOURCE_MOUNT_FAILED' });
    expect(attributes(envelope)).toMatchObject({
      kind: 'verdict',
      category: 'DATASOURCE_MOUNT_FAILED',
      outcome: 'diagnosed',
      recurring: 'false',
      clusterId: FIXTURE_CLUSTER,
      project: 'vision',
    });
  });

  it('accepts a 1,000-alert payload with 202 and enqueues one request per distinct workload', async () => {
    // 250 workloads, each named by four alerts (another alertname, fingerprint and start).
    const alerts = Array.from({ length: 1_000 }, (_, i) => ({
      alertname: `RunaiAlert${i % 4}`,
      clusterId: 'c-storm-intake',
      workload_id: uuid('aaaa0000', i % 250),
    }));
    const started = performance.now();
    const { status, json } = await postJson(`${intakeUrl}/webhooks/alertmanager`, alertmanagerPayload(alerts));
    const ms = performance.now() - started;
    expect(status).toBe(202);
    expect(json.acceptedCount).toBe(250);
    expect(json.skippedByReason).toEqual({ duplicate: 750 });
    expect(ms).toBeLessThan(5_000); // over HTTP, SQS round trips included; the handler bar itself is tested in test/intake

    const enqueued = [];
    for (let receives = 0; enqueued.length < 250 && receives < 100; receives++) enqueued.push(...(await receiveSome(faux.sqs, diagnoses.url)));
    const keys = enqueued.map((message) => QueuedDiagnosisSchema.parse(JSON.parse(message.Body!)).dedupeKey);
    expect(new Set(keys).size).toBe(250);
    expect(keys).toHaveLength(250);
    expect(await queueDepth()).toBe(0);
  });

  it(`a storm of ${STORM_SIZE} failures on one cluster: 5 notifications, then one digest from the delayed flush on SQS`, async () => {
    const alerts = Array.from({ length: STORM_SIZE }, (_, i) => ({ clusterId: STORM_CLUSTER, workload_id: uuid('5703e000', i + 1) }));
    expect((await postJson(`${intakeUrl}/webhooks/alertmanager`, alertmanagerPayload(alerts))).status).toBe(202);

    const { received, result } = await runWorkerBatch(faux.sqs, diagnoses.url, worker, { windowMs: 1_000 });
    expect(received).toHaveLength(STORM_SIZE);
    expect(result).toMatchObject({ published: STORM_SIZE, failed: 0, notifications: 5, digests: 0, heldForDigest: STORM_SIZE - 5 });
    // Diagnoses were bounded: the worker's default concurrency, each with a small fan-out.
    expect(simulator.maxConcurrent).toBeLessThanOrEqual(4 * 4 + 1);

    // The flush arrives when the window ends (SQS DelaySeconds), as one more record.
    const flush = await runWorkerBatch(faux.sqs, diagnoses.url, worker, { windowMs: 300 });
    expect(flush.received.map((message) => JSON.parse(message.Body!).kind)).toEqual(['storm-flush']);
    expect(flush.result).toMatchObject({ published: 1, notifications: 1, digests: 1 });
    expect(await queueDepth()).toBe(0);

    const messages = (await collectMessages(faux.sqs, topic.queueUrl, { count: 7, timeoutMs: 1_000 })).map(envelopeOf);
    expect(messages).toHaveLength(6);
    const digests = messages.filter((message) => attributes(message).kind === 'digest');
    expect(digests).toHaveLength(1);
    expect(attributes(digests[0]!)).toMatchObject({ kind: 'digest', clusterId: STORM_CLUSTER });
    expect(sqsPayload(digests[0]!)).toMatchObject({ kind: 'digest', total: STORM_SIZE - 5, counts: { INIT_FAILED: STORM_SIZE - 5 } });
  }, 60_000);

  it('notifies once for repeats: the same alert twice, then a poller request for the same failure', async () => {
    const workloadId = '18cf96d1-3fa5-44ea-ae6d-aa65683e6d2a';
    const payload = alertmanagerPayload([{ clusterId: FIXTURE_CLUSTER, workload_id: workloadId }]);
    expect((await postJson(`${intakeUrl}/webhooks/alertmanager`, payload)).status).toBe(202);
    expect((await postJson(`${intakeUrl}/webhooks/alertmanager`, payload)).status).toBe(202);
    const first = await runWorkerBatch(faux.sqs, diagnoses.url, worker);
    expect(first.received).toHaveLength(2);
    expect(first.result).toMatchObject({ published: 1, duplicates: 1, notifications: 1 });

    // The poller names the failure by its phase change, so its dedupe key differs from the alert's.
    const phaseUpdatedAt = String(simulator.state.workloadsById.get(workloadId)!['phaseUpdatedAt']);
    const polled = toQueuedDiagnosis(
      { clusterId: FIXTURE_CLUSTER, workloadId, phaseUpdatedAt: new Date(phaseUpdatedAt).toISOString() },
      new Date().toISOString(),
    );
    await queue.enqueue([polled!]);
    const second = await runWorkerBatch(faux.sqs, diagnoses.url, worker);
    expect(second.received).toHaveLength(1);
    expect(second.result).toMatchObject({ published: 0, duplicates: 1, notifications: 0 });
    expect(await queueDepth()).toBe(0);

    const messages = (await collectMessages(faux.sqs, topic.queueUrl, { count: 2, timeoutMs: 1_000 })).map(envelopeOf);
    expect(messages.map((m) => m.Subject)).toEqual(['[NODE_FAILURE] gpt-j-6b-dpo (nlp-research)']);
  });
});
