/**
 * the quality bars, docs/tests.md "never lose an alert", proven end to end on real SQS/SNS clients against
 * fauxqs, with faults on both sides of the worker:
 *
 *   1,000 Alertmanager alerts → intake app (real SQS queue adapter) → SQS work queue
 *   (redrive to a DLQ after 3 receives) → our own receive loop playing the Lambda event
 *   source mapping (3 concurrent pollers, batches of 10, `processDiagnosisBatch`, delete
 *   what succeeded, let the failures come back) →
 *   the real engine and REST client against the Run:ai simulator (random faults per
 *   workload: transient and permanent) → a publisher that fails randomly (retryable and
 *   permanent SNS errors) in front of the real SNS publisher → SNS topic → SQS sink.
 *
 * Then it counts. Every accepted alert must end as exactly one notification (alone or as
 * one entry of a storm digest, decided by the storm window the pollers share and published
 * by its delayed flush message) or exactly one DLQ message (its own, or its window's flush)
 * — never both, never neither, never twice — and what the worker believes it published is
 * exactly what SNS delivered.
 *
 * Nothing here races the clock. The visibility timeout is long enough that no batch outlives
 * it, and a failed record's timeout is made to pass at once (visibility 0) instead of
 * waiting it out: the receives, not the seconds, are what send a record to the DLQ. With a
 * 3 s timeout and a 55 s drain deadline, a loaded machine came within 5 s of failing (50 s).
 * The drain is bounded by work instead: no record can be received more than
 * MAX_RECEIVE_COUNT times.
 */
import { performance } from 'node:perf_hooks';
import { CreateTopicCommand, SubscribeCommand } from '@aws-sdk/client-sns';
import {
  ChangeMessageVisibilityBatchCommand,
  DeleteMessageBatchCommand,
  GetQueueAttributesCommand,
  ReceiveMessageCommand,
  type Message,
} from '@aws-sdk/client-sqs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QueuedDiagnosisSchema, type QueuedDiagnosis } from '../../functions/core/queuedDiagnosis.js';
import { VerdictSchema } from '../../functions/core/verdict.js';
import { createSnsPublisher } from '../../functions/delivery/createSnsPublisher.js';
import { DeliveryError } from '../../functions/delivery/DeliveryError.js';
import { createMemoryIdempotencyStore } from '../../functions/delivery/IdempotencyStore.js';
import { createMemoryStormWindow } from '../../functions/delivery/createMemoryStormWindow.js';
import { StormFlushSchema } from '../../functions/delivery/StormFlush.js';
import { createSqsStormFlushQueue } from '../../functions/queue/createSqsStormFlushQueue.js';
import type { SnsJsonMessage } from '../../functions/delivery/SnsNotification.js';
import type { VerdictPublisher } from '../../functions/delivery/VerdictPublisher.js';
import { diagnoseWorkload } from '../../functions/diagnosis/diagnoseWorkload.js';
import { messagesEn } from '../../functions/report/messagesEn.js';
import { createIntakeApp } from '../../functions/intake/createIntakeApp.js';
import { silentLogger } from '../../functions/core/LogPort.js';
import { createSqsQueue } from '../../functions/queue/createSqsQueue.js';
import type { RunaiClient } from '../../functions/runai/createRunaiClient.js';
import { startRunaiSimulator, type Fault, type RunaiSimulator, type ScenarioState } from '../../functions/simulator/startRunaiSimulator.js';
import { createRenderText } from '../../functions/worker/createRenderText.js';
import { processDiagnosisBatch } from '../../functions/worker/processDiagnosisBatch.js';
import { silentLogger as silentWorkerLogger } from '../../functions/core/LogPort.js';
import { startFauxqsKit, type Fauxqs } from '../support/fauxqsKit.js';
import { fixtureScenario, simulatorClient, Tally } from './reliabilityKit.js';
import { seededRandom } from '../support/seededRandom.js';

const ALERTS = 1_000;
const ALERTS_PER_PAYLOAD = 100;
const DUPLICATES_PER_PAYLOAD = 3; // Alertmanager repeats: skipped by the intake, never enqueued twice
const VISIBILITY_TIMEOUT_S = 60;
const MAX_RECEIVE_COUNT = 3;
const POLLERS = 3;
/** Short, so that the pollers see several windows and their delayed flushes. */
const STORM_WINDOW_SECONDS = 2;
const TOKEN = 'no-loss-webhook-token-0123456789';
const CLUSTERS = ['0a1b2c3d-0000-4000-8000-00000000000a', '0a1b2c3d-0000-4000-8000-00000000000b', '0a1b2c3d-0000-4000-8000-00000000000c'];
const random = seededRandom(0xa1e27);
const tally = new Tally();

/** What a workload's Run:ai reads do; `permanent` ones can never be diagnosed. */
interface FaultPlan {
  name: string;
  weight: number;
  faults: (id: string) => Fault[];
  permanent: boolean;
}
const PLANS: FaultPlan[] = [
  { name: 'none', weight: 52, faults: () => [], permanent: false },
  { name: 'status 503 once (client retry)', weight: 8, faults: (id) => [{ endpoint: 'status', workloadId: id, status: 503, times: 1 }], permanent: false },
  { name: 'status reset once (client retry)', weight: 5, faults: (id) => [{ endpoint: 'status', workloadId: id, kind: 'reset', times: 1 }], permanent: false },
  { name: 'status hang once (timeout, retry)', weight: 2, faults: (id) => [{ endpoint: 'status', workloadId: id, kind: 'hang', times: 1 }], permanent: false },
  {
    name: 'status 503 ×4 (two receives fail, the third succeeds)',
    weight: 5,
    faults: (id) => [{ endpoint: 'status', workloadId: id, status: 503, times: 4 }],
    permanent: false,
  },
  { name: 'events 500 (limitation)', weight: 5, faults: (id) => [{ endpoint: 'events', workloadId: id, status: 500 }], permanent: false },
  { name: 'pods 403 (limitation)', weight: 4, faults: (id) => [{ endpoint: 'pods', workloadId: id, status: 403 }], permanent: false },
  { name: 'status 404 (needs_input verdict)', weight: 3, faults: (id) => [{ endpoint: 'status', workloadId: id, status: 404 }], permanent: false },
  { name: 'status 503 forever', weight: 4, faults: (id) => [{ endpoint: 'status', workloadId: id, status: 503 }], permanent: true },
  { name: 'status truncated JSON forever', weight: 3, faults: (id) => [{ endpoint: 'status', workloadId: id, kind: 'truncated-json' }], permanent: true },
  { name: 'status 403 forever', weight: 3, faults: (id) => [{ endpoint: 'status', workloadId: id, status: 403 }], permanent: true },
];

function pick<T extends { weight: number }>(items: readonly T[]): T {
  let roll = random() * items.reduce((sum, item) => sum + item.weight, 0);
  for (const item of items) if ((roll -= item.weight) < 0) return item;
  return items[items.length - 1]!;
}

let faux: Fauxqs;
let simulator: RunaiSimulator;
let runai: RunaiClient;

beforeAll(async () => {
  faux = await startFauxqsKit();
});

afterAll(async () => {
  tally.print('no-loss');
  await runai?.close();
  await simulator?.close();
  await faux.stop();
});

async function receiveAll(url: string): Promise<Message[]> {
  const all: Message[] = [];
  for (let empty = 0; empty < 2;) {
    const { Messages = [] } = await faux.sqs.send(
      new ReceiveMessageCommand({ QueueUrl: url, MaxNumberOfMessages: 10, WaitTimeSeconds: 0, VisibilityTimeout: 600 }),
    );
    if (Messages.length === 0) empty += 1;
    all.push(...Messages);
  }
  return all;
}

/** 1,000 workloads cloned from two fixtures (a crash and an OOM), spread over three clusters. */
async function buildControlPlane(): Promise<{ state: ScenarioState; ids: { id: string; cluster: string; plan: FaultPlan }[] }> {
  const templates = [await fixtureScenario('crash-app-nonzero-exit'), await fixtureScenario('oom-killed-limit-above-request')];
  const state: Required<Pick<ScenarioState, 'workloads' | 'events' | 'pods' | 'history' | 'metrics' | 'specs' | 'faults'>> = {
    workloads: [],
    events: {},
    pods: {},
    history: {},
    metrics: {},
    specs: {},
    faults: [],
  };
  const ids: { id: string; cluster: string; plan: FaultPlan }[] = [];
  for (let i = 0; i < ALERTS; i += 1) {
    const template = templates[i % templates.length]!;
    const oldId = template.request.workloadId!;
    const oldCluster = template.request.clusterId!;
    const id = `0b1055ed-0000-4000-8000-${String(i).padStart(12, '0')}`;
    const roll = random();
    const cluster = roll < 0.6 ? CLUSTERS[0]! : roll < 0.9 ? CLUSTERS[1]! : CLUSTERS[2]!;
    const copy = JSON.parse(JSON.stringify(template.runai).split(oldId).join(id).split(oldCluster).join(cluster)) as ScenarioState;
    const workload = copy.workloads![0]!;
    workload['name'] = `${String(workload['name'])}-${i}`;
    state.workloads.push(workload);
    for (const key of ['events', 'pods', 'history', 'metrics', 'specs'] as const) Object.assign(state[key], copy[key]);
    const plan = pick(PLANS);
    state.faults.push(...plan.faults(id));
    ids.push({ id, cluster, plan });
    tally.add(`plan: ${plan.name}`);
  }
  return { state, ids };
}

/** Fails a seeded share of publishes before they reach SNS: retryable and permanent errors. */
function flakyPublisher(inner: VerdictPublisher, published: string[][], identify: (message: string, subject: string) => string[]): VerdictPublisher {
  return {
    async publish(notification) {
      const roll = random();
      if (roll < 0.08) {
        tally.add('SNS failures injected (retryable)');
        throw new DeliveryError('SNS_THROTTLED', 'injected: Rate exceeded');
      }
      if (roll < 0.12) {
        tally.add('SNS failures injected (permanent)');
        throw new DeliveryError('SNS_AUTHORIZATION', 'injected: not authorized to perform SNS:Publish');
      }
      const result = await inner.publish(notification);
      published.push(identify(notification.Message, notification.Subject));
      return result;
    },
  };
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

/** The workload ids one notification carries: one for a verdict, every entry of a digest. */
function workloadsOf(message: string, subject: string): string[] {
  const structured = JSON.parse(message) as Partial<SnsJsonMessage>;
  // AWS raw delivery would select the `sqs` key; fauxqs delivers the whole structure.
  const payload = JSON.parse(structured.sqs ?? message) as Record<string, unknown>;
  if (payload['kind'] === 'digest') {
    const verdicts = payload['verdicts'] as { workloadId: string | null }[];
    expect(payload['omitted'], 'a digest left entries out').toBe(0);
    return verdicts.map((entry) => entry.workloadId ?? 'unidentified');
  }
  const verdict = VerdictSchema.parse(payload);
  // A needs_input verdict (deleted workload) has no workload: the subject names the request's id.
  return [verdict.workload?.id ?? subject.match(UUID)?.[0] ?? 'unidentified'];
}

describe('no loss: 1,000 alerts through intake → SQS → worker → SNS, with faults', () => {
  it('every accepted alert ends as exactly one notification or exactly one DLQ message', async () => {
    const started = performance.now();
    const { state, ids } = await buildControlPlane();
    simulator = await startRunaiSimulator({ scenarios: state });
    runai = simulatorClient(simulator, { maxRetries: 1, retryBaseDelayMs: 5, requestTimeoutMs: 300 });

    const dlq = await faux.createQueue('diagnose-dlq');
    const work = await faux.createQueue('diagnose', {
      VisibilityTimeout: String(VISIBILITY_TIMEOUT_S),
      RedrivePolicy: JSON.stringify({ deadLetterTargetArn: dlq.arn, maxReceiveCount: String(MAX_RECEIVE_COUNT) }),
    });
    const sink = await faux.createQueue('verdict-sink');
    const { TopicArn } = await faux.sns.send(new CreateTopicCommand({ Name: 'verdicts' }));
    await faux.sns.send(new SubscribeCommand({ TopicArn, Protocol: 'sqs', Endpoint: sink.arn }));

    // --- Intake: Alertmanager payloads of 100 alerts (plus repeats) onto the real SQS queue.
    const app = createIntakeApp({
      queue: createSqsQueue({ client: faux.sqs, queueUrl: work.url }),
      tokens: { current: TOKEN },
      now: () => new Date(),
      logger: silentLogger,
    });
    const accepted = new Set<string>();
    for (let offset = 0; offset < ALERTS; offset += ALERTS_PER_PAYLOAD) {
      const slice = ids.slice(offset, offset + ALERTS_PER_PAYLOAD);
      const alerts = [...slice, ...slice.slice(0, DUPLICATES_PER_PAYLOAD)].map(({ id, cluster }, index) => ({
        status: 'firing',
        labels: { alertname: 'RunaiWorkloadFailed', severity: 'critical', cluster_id: cluster, workload_id: id },
        annotations: { summary: `workload ${id} failed` },
        startsAt: '2026-11-29T17:43:06Z',
        fingerprint: (0x1000 + offset + index).toString(16),
      }));
      const res = await app.request('/webhooks/alertmanager', {
        method: 'POST',
        headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
        body: JSON.stringify({ version: '4', status: 'firing', receiver: 'runai-diagnose', alerts, commonLabels: {}, groupLabels: {} }),
      });
      expect(res.status).toBe(202);
      // The 202 answer lists only the first accepted requests (bounded answer); the counts are complete.
      const body = (await res.json()) as { acceptedCount: number; skippedCount: number; accepted: { workloadId: string }[] };
      expect(body.skippedCount).toBe(DUPLICATES_PER_PAYLOAD);
      expect(body.acceptedCount).toBe(slice.length);
      expect(body.accepted.map((entry) => entry.workloadId)).toEqual(slice.slice(0, body.accepted.length).map(({ id }) => id));
      for (const { id } of slice) {
        expect(accepted.has(id)).toBe(false);
        accepted.add(id);
      }
    }
    expect(accepted.size).toBe(ALERTS);
    tally.add('alerts accepted', accepted.size);
    tally.add('alerts skipped as repeats', (ALERTS / ALERTS_PER_PAYLOAD) * DUPLICATES_PER_PAYLOAD);

    // --- Worker: our own event source mapping.
    const published: string[][] = [];
    // The storm window shared by the pollers (memory; DynamoDB in AWS) and its flush, a delayed message on the work queue.
    const stormWindow = createMemoryStormWindow({ now: () => new Date(), windowSeconds: STORM_WINDOW_SECONDS });
    const deps = {
      diagnose: (queued: QueuedDiagnosis) => diagnoseWorkload(queued.request, { reader: runai, now: new Date(), messages: messagesEn }),
      renderText: createRenderText('en'),
      publisher: flakyPublisher(createSnsPublisher({ client: faux.sns, topicArn: TopicArn! }), published, workloadsOf),
      idempotency: createMemoryIdempotencyStore(),
      storm: { window: stormWindow, flushes: createSqsStormFlushQueue({ client: faux.sqs, queueUrl: work.url }) },
      now: () => new Date(),
      logger: silentWorkerLogger,
    };

    let maxBatchMs = 0;
    let received = 0;
    const poll = async (): Promise<void> => {
      for (;;) {
        const { Messages = [] } = await faux.sqs.send(
          new ReceiveMessageCommand({
            QueueUrl: work.url,
            MaxNumberOfMessages: 10,
            WaitTimeSeconds: 0,
            MessageSystemAttributeNames: ['ApproximateReceiveCount'],
          }),
        );
        if (Messages.length === 0) {
          const { Attributes = {} } = await faux.sqs.send(
            new GetQueueAttributesCommand({
              QueueUrl: work.url,
              AttributeNames: ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible', 'ApproximateNumberOfMessagesDelayed'],
            }),
          );
          const left =
            Number(Attributes.ApproximateNumberOfMessages ?? 0) +
            Number(Attributes.ApproximateNumberOfMessagesNotVisible ?? 0) +
            Number(Attributes.ApproximateNumberOfMessagesDelayed ?? 0);
          if (left === 0) return;
          await new Promise((resolve) => setTimeout(resolve, 20)); // another poller's batch is still running
          continue;
        }
        received += Messages.length;
        expect(received, 'records came back more often than the redrive policy allows').toBeLessThanOrEqual(ALERTS * MAX_RECEIVE_COUNT);
        tally.add('receives (batches)');
        tally.add('messages received', Messages.length);
        for (const message of Messages) tally.max('receive count', Number(message.Attributes?.ApproximateReceiveCount ?? 0));
        const batchStarted = performance.now();
        const result = await processDiagnosisBatch(
          Messages.map((m) => ({ messageId: m.MessageId!, body: m.Body! })),
          deps,
        );
        const batchMs = performance.now() - batchStarted;
        maxBatchMs = Math.max(maxBatchMs, batchMs);
        tally.add('digests', result.digests);
        tally.add('verdicts held for a digest', result.heldForDigest);
        tally.add('records failed (left for redelivery)', result.failed);
        const failed = new Set(result.batchItemFailures.map((failure) => failure.itemIdentifier));
        const done = Messages.filter((m) => !failed.has(m.MessageId!));
        if (done.length > 0) {
          const { Failed = [] } = await faux.sqs.send(
            new DeleteMessageBatchCommand({ QueueUrl: work.url, Entries: done.map((m, i) => ({ Id: `d${i}`, ReceiptHandle: m.ReceiptHandle! })) }),
          );
          expect(Failed).toEqual([]);
        }
        const failures = Messages.filter((m) => failed.has(m.MessageId!));
        if (failures.length > 0) {
          const { Failed = [] } = await faux.sqs.send(
            new ChangeMessageVisibilityBatchCommand({
              QueueUrl: work.url,
              Entries: failures.map((m, i) => ({ Id: `v${i}`, ReceiptHandle: m.ReceiptHandle!, VisibilityTimeout: 0 })),
            }),
          );
          expect(Failed).toEqual([]);
        }
        // Redelivery is only as counted if no batch outlived its visibility timeout.
        expect(batchMs, 'a batch outlived the visibility timeout: a second poller may have taken its messages').toBeLessThan(VISIBILITY_TIMEOUT_S * 1_000);
      }
    };
    await Promise.all(Array.from({ length: POLLERS }, poll));
    tally.max('batch ms', maxBatchMs);

    // --- Count.
    const delivered = (await receiveAll(sink.url)).map((m) => {
      const envelope = JSON.parse(m.Body!) as { Message: string; Subject: string };
      return workloadsOf(envelope.Message, envelope.Subject);
    });
    // A dead-lettered storm flush stands for every verdict held in its window (still listed by the window).
    const dead: string[] = [];
    for (const m of await receiveAll(dlq.url)) {
      const body = JSON.parse(m.Body!) as { kind?: string };
      if (body.kind !== 'storm-flush') {
        dead.push(QueuedDiagnosisSchema.parse(body).request.workloadId!);
        continue;
      }
      tally.add('storm flushes dead-lettered');
      const flush = StormFlushSchema.parse(body);
      for (const member of await stormWindow.seal({ clusterId: flush.clusterId, openedAt: flush.openedAt }))
        dead.push(member.verdict.workload?.id ?? member.context.workloadId!);
    }

    const count = (lists: string[][]) => {
      const counts = new Map<string, number>();
      for (const id of lists.flat()) counts.set(id, (counts.get(id) ?? 0) + 1);
      return counts;
    };
    const notifiedById = count(delivered);
    const deadById = count([dead]);
    const believedById = count(published);

    // What the worker believes it published is exactly what SNS delivered to the subscriber.
    expect([...believedById].sort()).toEqual([...notifiedById].sort());
    expect(published.length).toBe(delivered.length);

    const problems: string[] = [];
    for (const id of accepted) {
      const notified = notifiedById.get(id) ?? 0;
      const deadLettered = deadById.get(id) ?? 0;
      if (notified + deadLettered !== 1) problems.push(`${id}: ${notified} notification(s), ${deadLettered} DLQ message(s)`);
    }
    for (const id of [...notifiedById.keys(), ...deadById.keys()]) if (!accepted.has(id)) problems.push(`${id}: ended somewhere but was never accepted`);
    expect(problems, problems.slice(0, 20).join('\n')).toEqual([]);

    const notifiedTotal = [...notifiedById.values()].reduce((a, b) => a + b, 0);
    tally.add('alerts notified', notifiedTotal);
    tally.add('alerts dead-lettered', dead.length);
    tally.add('SNS messages delivered', delivered.length);
    tally.add('Run:ai faults injected', simulator.requests.filter((request) => request.fault !== null).length);
    expect(notifiedTotal + dead.length).toBe(accepted.size);

    // Every workload whose Run:ai reads can never succeed is in the DLQ, not notified.
    for (const { id, plan } of ids) if (plan.permanent) expect(deadById.get(id), `${id} (${plan.name})`).toBe(1);

    // The test exercised what it claims: faults on both sides, digests, redeliveries, the DLQ.
    expect(tally.get('SNS failures injected (retryable)')).toBeGreaterThan(0);
    expect(tally.get('SNS failures injected (permanent)')).toBeGreaterThan(0);
    expect(tally.get('digests')).toBeGreaterThan(0);
    expect(tally.getMax('receive count')).toBe(MAX_RECEIVE_COUNT);
    expect(dead.length).toBeGreaterThan(0);
    expect(simulator.violations).toEqual([]);
    // The queue is empty: nothing is still in flight or waiting.
    const { Attributes = {} } = await faux.sqs.send(new GetQueueAttributesCommand({ QueueUrl: work.url, AttributeNames: ['All'] }));
    expect(Number(Attributes.ApproximateNumberOfMessages) + Number(Attributes.ApproximateNumberOfMessagesNotVisible)).toBe(0);
    tally.max('total ms', performance.now() - started);
    // Only a hang guard, the drain is bounded by receives: 15 s alone, 48 s with both cores busy.
  }, 180_000);
});
