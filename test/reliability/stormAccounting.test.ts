/**
 * Storm accounting over a real SQS API (fauxqs), with four concurrent workers (DESIGN §4.9):
 * 200 failures on one cluster and 20 on another, enqueued at once, consumed by four
 * pollers playing the Lambda event source mapping through the worker's own handler
 * (createWorkerHandler: partial batch responses, and the fast retry that sets a failed
 * record's visibility), sharing one storm window and one idempotency store, the window's
 * flush a delayed message on the same queue, the publisher the real SNS adapter.
 *
 * Then it counts: each cluster got exactly `threshold` individual notifications and ONE
 * digest, whatever the batches or the concurrency; every accepted record is in exactly one
 * of them; a record whose first diagnosis failed retryably came back after the retry delay
 * (scaled: 1 s), not after the queue's visibility timeout.
 *
 * Every flush is queued twice (SQS delivers at least once) and a digest's publish takes a
 * while, so a duplicate flush meets the digest's claim held by the other: it must come back
 * in seconds (retryDelaySeconds: 5 s), not after the 60 s visibility timeout, and still end
 * without a second digest.
 */
import { DeleteMessageBatchCommand, GetQueueAttributesCommand, ReceiveMessageCommand, SendMessageBatchCommand } from '@aws-sdk/client-sqs';
import type { SQSEvent } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QueuedDiagnosis } from '../../functions/core/queuedDiagnosis.js';
import { createMemoryStormWindow } from '../../functions/delivery/createMemoryStormWindow.js';
import { createSnsPublisher } from '../../functions/delivery/createSnsPublisher.js';
import { createMemoryIdempotencyStore } from '../../functions/delivery/IdempotencyStore.js';
import { createSqsRetryTimer } from '../../functions/queue/createSqsRetryTimer.js';
import { createSqsStormFlushQueue } from '../../functions/queue/createSqsStormFlushQueue.js';
import { createWorkerHandler } from '../../functions/worker/lambdaHandler.js';
import type { ProcessDiagnosisBatchDeps } from '../../functions/worker/processDiagnosisBatch.js';
import { silentLogger } from '../../functions/core/LogPort.js';
import { fakeRenderText } from '../delivery/verdictFixture.js';
import { attributes, collectMessages, envelopeOf, sqsPayload, startFauxqsKit, type Fauxqs } from '../support/fauxqsKit.js';
import { queued, resultFor, RetryableError } from '../worker/workerFakes.js';

const WORKERS = 4;
const THRESHOLD = 5;
const WINDOW_SECONDS = 8;
const VISIBILITY_TIMEOUT_S = 60;
const STORMS = { 'storm-200': 200, 'storm-20': 20 } as const;
const DIGEST_PUBLISH_MS = 1_000;

let faux: Fauxqs;
beforeAll(async () => {
  faux = await startFauxqsKit();
});
afterAll(async () => {
  await faux?.stop();
});

describe('storm accounting over SQS with concurrent workers', () => {
  it('200 + 20 failures: per cluster 5 alone and one digest, every record in exactly one notification, retries within the delay', async () => {
    const dlq = await faux.createQueue('storm-dlq');
    const work = await faux.createQueue('storm-work', {
      VisibilityTimeout: String(VISIBILITY_TIMEOUT_S),
      RedrivePolicy: JSON.stringify({ deadLetterTargetArn: dlq.arn, maxReceiveCount: '5' }),
    });
    const topic = await faux.createTopicWithQueue('storm-verdicts');

    const requests: QueuedDiagnosis[] = Object.entries(STORMS).flatMap(([cluster, count]) =>
      Array.from({ length: count }, (_, i) => queued(`${cluster}-w${i}`, cluster)),
    );
    // Every 13th workload's first diagnosis fails retryably (Run:ai timed out).
    const failOnce = new Set(requests.filter((_, i) => i % 13 === 0).map((q) => q.request.workloadId!));
    const attempts = new Map<string, number[]>();
    const sns = createSnsPublisher({ client: faux.sns, topicArn: topic.topicArn });
    const flushes = createSqsStormFlushQueue({ client: faux.sqs, queueUrl: work.url });
    const deps: ProcessDiagnosisBatchDeps = {
      diagnose: async (q) => {
        const id = q.request.workloadId!;
        attempts.set(id, [...(attempts.get(id) ?? []), Date.now()]);
        if (failOnce.delete(id)) throw new RetryableError('Run:ai timed out');
        return resultFor(q);
      },
      renderText: fakeRenderText,
      publisher: {
        async publish(notification) {
          // A digest takes a while to go out: long enough for the duplicate flush to meet its claim.
          if (notification.Subject.startsWith('[DIGEST]')) await new Promise((resolve) => setTimeout(resolve, DIGEST_PUBLISH_MS));
          return sns.publish(notification);
        },
      },
      idempotency: createMemoryIdempotencyStore(),
      storm: {
        window: createMemoryStormWindow({ now: () => new Date(), threshold: THRESHOLD, windowSeconds: WINDOW_SECONDS }),
        flushes: {
          async schedule(flush, delaySeconds) {
            await flushes.schedule(flush, delaySeconds);
            await flushes.schedule(flush, delaySeconds); // the duplicate SQS may deliver
          },
        },
      },
      stormThreshold: THRESHOLD,
      now: () => new Date(),
      logger: silentLogger,
    };
    const retryTimer = createSqsRetryTimer({ client: faux.sqs, queueUrl: work.url });
    let heldDigestClaims = 0;
    const handler = createWorkerHandler(async () => deps, silentLogger, {
      retryTimer: () => retryTimer,
      retryPolicy: { baseSeconds: 1, maxSeconds: 2 },
      afterBatch: (result) => (heldDigestClaims += result.records.filter((record) => record.reason === 'digest_claim_in_progress').length),
    });

    for (let i = 0; i < requests.length; i += 10) {
      const entries = requests.slice(i, i + 10).map((message, j) => ({ Id: `e${j}`, MessageBody: JSON.stringify(message) }));
      const { Failed = [] } = await faux.sqs.send(new SendMessageBatchCommand({ QueueUrl: work.url, Entries: entries }));
      expect(Failed).toEqual([]);
    }

    const leftInQueue = async () => {
      const { Attributes = {} } = await faux.sqs.send(
        new GetQueueAttributesCommand({
          QueueUrl: work.url,
          AttributeNames: ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible', 'ApproximateNumberOfMessagesDelayed'],
        }),
      );
      return (
        Number(Attributes.ApproximateNumberOfMessages ?? 0) +
        Number(Attributes.ApproximateNumberOfMessagesNotVisible ?? 0) +
        Number(Attributes.ApproximateNumberOfMessagesDelayed ?? 0)
      );
    };
    let batches = 0;
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
          if ((await leftInQueue()) === 0) return;
          await new Promise((resolve) => setTimeout(resolve, 50));
          continue;
        }
        batches += 1;
        const event = {
          Records: Messages.map((m) => ({
            messageId: m.MessageId!,
            receiptHandle: m.ReceiptHandle!,
            body: m.Body!,
            attributes: { ApproximateReceiveCount: m.Attributes?.ApproximateReceiveCount ?? '1' },
          })),
        } as unknown as SQSEvent;
        const { batchItemFailures } = await handler(event);
        const failed = new Set(batchItemFailures.map((failure) => failure.itemIdentifier));
        const done = Messages.filter((m) => !failed.has(m.MessageId!));
        if (done.length > 0)
          await faux.sqs.send(
            new DeleteMessageBatchCommand({ QueueUrl: work.url, Entries: done.map((m, i) => ({ Id: `d${i}`, ReceiptHandle: m.ReceiptHandle! })) }),
          );
      }
    };
    const started = Date.now();
    await Promise.all(Array.from({ length: WORKERS }, poll));
    const drainedMs = Date.now() - started;

    const delivered = (await collectMessages(faux.sqs, topic.queueUrl, { count: 12, timeoutMs: 2_000, quietMs: 500 })).map(envelopeOf);
    const carried = new Map<string, number>();
    for (const [cluster] of Object.entries(STORMS)) {
      const forCluster = delivered.filter((envelope) => attributes(envelope).clusterId === cluster);
      const singles = forCluster.filter((envelope) => attributes(envelope).kind === 'verdict');
      const digests = forCluster.filter((envelope) => attributes(envelope).kind === 'digest');
      expect(singles, cluster).toHaveLength(THRESHOLD);
      expect(digests, cluster).toHaveLength(1);
      for (const single of singles) {
        const id = (sqsPayload(single) as { workload: { id: string } }).workload.id;
        carried.set(id, (carried.get(id) ?? 0) + 1);
      }
      const digest = sqsPayload(digests[0]!) as { total: number; omitted: number; verdicts: { workloadId: string }[] };
      expect(digest.omitted).toBe(0);
      for (const entry of digest.verdicts) carried.set(entry.workloadId, (carried.get(entry.workloadId) ?? 0) + 1);
    }
    expect(delivered).toHaveLength(2 * (THRESHOLD + 1));
    // Every accepted record in exactly one notification: never lost, never twice.
    expect([...carried.values()].every((n) => n === 1)).toBe(true);
    expect([...carried.keys()].sort()).toEqual(requests.map((q) => q.request.workloadId!).sort());
    expect(await faux.sqs.send(new ReceiveMessageCommand({ QueueUrl: dlq.url, MaxNumberOfMessages: 10 })).then((r) => r.Messages ?? [])).toEqual([]);

    // The retried records came back after the retry delay, far sooner than the visibility timeout.
    const retried = [...attempts.values()].filter((times) => times.length > 1);
    expect(retried.length).toBeGreaterThanOrEqual(17);
    for (const times of retried) expect(times[1]! - times[0]!).toBeLessThan((VISIBILITY_TIMEOUT_S * 1_000) / 4);
    expect(batches).toBeGreaterThan(WORKERS);
    // A duplicate flush met the digest's claim held, came back within seconds and ended without a second digest.
    expect(heldDigestClaims).toBeGreaterThanOrEqual(1);
    expect(drainedMs).toBeLessThan(VISIBILITY_TIMEOUT_S * 1_000);
    console.log(
      `[reliability] storm accounting: ${requests.length} records, ${batches} batches, ${retried.length} retried, ${delivered.length} notifications, drained in ${drainedMs} ms`,
    );
  }, 120_000);
});
