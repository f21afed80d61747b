import { SendMessageBatchCommand, SQSClient, type SendMessageBatchCommandInput, type SendMessageBatchCommandOutput } from '@aws-sdk/client-sqs';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { createSqsQueue } from '../../functions/queue/createSqsQueue.js';
import { planSqsBatches, SQS_MAX_BATCH_BYTES } from '../../functions/queue/planSqsBatches.js';
import { QueueError } from '../../functions/queue/QueueError.js';
import { queuedDiagnoses, queuedDiagnosis } from './queueMessages.js';

const QUEUE_URL = 'https://sqs.eu-west-1.amazonaws.com/123456789012/requests';
const sqs = mockClient(SQSClient);
const noSleep = async (): Promise<void> => {};

type Entries = NonNullable<SendMessageBatchCommandInput['Entries']>;
const allSucceed = (entries: Entries): Partial<SendMessageBatchCommandOutput> => ({
  Successful: entries.map((e) => ({ Id: e.Id!, MessageId: `mid-${e.Id}`, MD5OfMessageBody: '' })),
  Failed: [],
});
const sentEntries = () => sqs.commandCalls(SendMessageBatchCommand).map((call) => call.args[0].input.Entries ?? []);

function queue(options: { maxAttempts?: number; maxConcurrentBatches?: number } = {}) {
  return createSqsQueue({ client: new SQSClient({ region: 'eu-west-1' }), queueUrl: QUEUE_URL, sleep: noSleep, ...options });
}

beforeEach(() => {
  sqs.reset();
});

describe('planSqsBatches', () => {
  it('keeps bodies and attributes inside the characters SQS accepts, and the body parses back to the exact message', () => {
    // A hostile control plane's workload id, as the poller would enqueue it: noncharacters, a C0 control, a lone surrogate.
    const message = { ...queuedDiagnosis(0), request: { clusterId: 'c1', workloadId: 'w\uffff\ufffe\u0001\ud800x', intent: 'terminal' as const } };
    message.dedupeKey = `c1#${message.request.workloadId}#2026-12-01T00:00:00Z`;
    const [[planned]] = planSqsBatches([message]) as [[ReturnType<typeof planSqsBatches>[number][number]]];
    const outsideSqs = /[^\t\n\r\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;
    expect(planned.entry.MessageBody).not.toMatch(outsideSqs);
    expect(JSON.parse(planned.entry.MessageBody!)).toEqual(message);
    const attribute = planned.entry.MessageAttributes!.dedupeKey!.StringValue!;
    expect(attribute).not.toMatch(outsideSqs);
    expect(attribute).toBe('c1#w\\uffff\\ufffe\\u0001\\ud800x#2026-12-01T00:00:00Z');
    // Ordinary text, astral characters included, is sent as is.
    const plain = { ...queuedDiagnosis(1), dedupeKey: 'c1#w-é-😀#t' };
    expect(planSqsBatches([plain])[0]![0]!.entry.MessageBody).toBe(JSON.stringify(plain));
  });

  it('makes batches of at most 10 entries', () => {
    expect(planSqsBatches(queuedDiagnoses(25)).map((b) => b.length)).toEqual([10, 10, 5]);
  });

  it('keeps each batch under 256 KiB', () => {
    const pad = 'x'.repeat(60 * 1024);
    const batches = planSqsBatches(Array.from({ length: 9 }, (_, i) => queuedDiagnosis(i, pad)));
    expect(batches.map((b) => b.length)).toEqual([4, 4, 1]);
    for (const batch of batches) expect(batch.reduce((sum, p) => sum + p.bytes, 0)).toBeLessThanOrEqual(SQS_MAX_BATCH_BYTES);
  });

  it('refuses a message that alone exceeds the limit', () => {
    expect(() => planSqsBatches([queuedDiagnosis(0, 'x'.repeat(SQS_MAX_BATCH_BYTES))])).toThrow('over the SQS limit');
  });
});

describe('createSqsQueue', () => {
  it('sends JSON bodies in batches of 10 with the dedupeKey as a message attribute, no deduplication id', async () => {
    sqs.on(SendMessageBatchCommand).callsFake((input: SendMessageBatchCommandInput) => allSucceed(input.Entries!));
    const messages = queuedDiagnoses(23);
    await queue().enqueue(messages);
    const batches = sentEntries();
    expect(batches.map((b) => b.length)).toEqual([10, 10, 3]);
    const first = batches[0]![0]!;
    expect(JSON.parse(first.MessageBody!)).toEqual(messages[0]);
    expect(first.MessageAttributes).toEqual({
      dedupeKey: { DataType: 'String', StringValue: 'c1:id:wl-0' },
      source: { DataType: 'String', StringValue: 'alertmanager' },
    });
    expect(first).not.toHaveProperty('MessageDeduplicationId');
    expect(sqs.commandCalls(SendMessageBatchCommand)[0]!.args[0].input.QueueUrl).toBe(QUEUE_URL);
    // Every message sent exactly once.
    expect(
      batches
        .flat()
        .map((e) => JSON.parse(e.MessageBody!).dedupeKey)
        .sort(),
    ).toEqual(messages.map((m) => m.dedupeKey).sort());
  });

  it('does nothing for an empty list', async () => {
    await queue().enqueue([]);
    expect(sentEntries()).toEqual([]);
  });

  it('re-sends only the entries reported in Failed[]', async () => {
    sqs
      .on(SendMessageBatchCommand)
      .callsFakeOnce((input: SendMessageBatchCommandInput) => ({
        Successful: input.Entries!.filter((e) => e.Id !== 'm1' && e.Id !== 'm3').map((e) => ({ Id: e.Id!, MessageId: 'x', MD5OfMessageBody: '' })),
        Failed: [
          { Id: 'm1', Code: 'InternalError', SenderFault: false },
          { Id: 'm3', Code: 'ServiceUnavailable', SenderFault: false },
        ],
      }))
      .callsFake((input: SendMessageBatchCommandInput) => allSucceed(input.Entries!));
    await queue().enqueue(queuedDiagnoses(5));
    const batches = sentEntries();
    expect(batches.map((b) => b.map((e) => e.Id))).toEqual([
      ['m0', 'm1', 'm2', 'm3', 'm4'],
      ['m1', 'm3'],
    ]);
  });

  it('treats an entry SQS neither confirmed nor failed as failed', async () => {
    sqs
      .on(SendMessageBatchCommand)
      .callsFakeOnce(() => ({ Successful: [{ Id: 'm0', MessageId: 'x', MD5OfMessageBody: '' }], Failed: [] }))
      .callsFake((input: SendMessageBatchCommandInput) => allSucceed(input.Entries!));
    await queue().enqueue(queuedDiagnoses(2));
    expect(sentEntries().map((b) => b.map((e) => e.Id))).toEqual([['m0', 'm1'], ['m1']]);
  });

  it('throws a retryable QueueError after a bounded number of attempts', async () => {
    sqs.on(SendMessageBatchCommand).callsFake((input: SendMessageBatchCommandInput) => ({
      Successful: input.Entries!.slice(1).map((e) => ({ Id: e.Id!, MessageId: 'x', MD5OfMessageBody: '' })),
      Failed: [{ Id: input.Entries![0]!.Id!, Code: 'InternalError', Message: 'try again', SenderFault: false }],
    }));
    const error = await queue({ maxAttempts: 4 })
      .enqueue(queuedDiagnoses(12))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(QueueError);
    expect(error).toMatchObject({ retryable: true, failedCount: 2, totalCount: 12 });
    expect((error as Error).message).toContain('2 of 12 messages not enqueued after 4 attempts');
    // Two batches (10 + 2); each loses its first entry on every attempt: 1 send + 3 re-sends of that entry.
    expect(
      sentEntries()
        .map((b) => b.length)
        .sort(),
    ).toEqual([1, 1, 1, 1, 1, 1, 10, 2].sort());
  });

  it('says a sender fault is not worth a resend', async () => {
    sqs.on(SendMessageBatchCommand).callsFake((input: SendMessageBatchCommandInput) => ({
      Successful: [],
      Failed: input.Entries!.map((e) => ({ Id: e.Id!, Code: 'InvalidParameterValue', SenderFault: true })),
    }));
    const error = await queue()
      .enqueue(queuedDiagnoses(3))
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'QueueError', retryable: false, failedCount: 3 });
    expect(sentEntries()).toHaveLength(3); // still bounded retries, then give up
  });

  it('does not add retries on top of the SDK’s when a request throws', async () => {
    sqs.on(SendMessageBatchCommand).rejects(Object.assign(new Error('Rate exceeded'), { name: 'ThrottlingException' }));
    const error = await queue()
      .enqueue(queuedDiagnoses(15))
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'QueueError', retryable: true, failedCount: 15, totalCount: 15 });
    expect(sentEntries()).toHaveLength(2); // one request per batch
  });

  it('enqueues the other batches when one fails', async () => {
    sqs
      .on(SendMessageBatchCommand)
      .rejectsOnce(new Error('boom'))
      .callsFake((input: SendMessageBatchCommandInput) => allSucceed(input.Entries!));
    const error = await queue({ maxConcurrentBatches: 1 })
      .enqueue(queuedDiagnoses(30))
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ failedCount: 10, totalCount: 30 });
    expect(sentEntries()).toHaveLength(3);
  });

  it('bounds the batches in flight', async () => {
    let inFlight = 0;
    let peak = 0;
    sqs.on(SendMessageBatchCommand).callsFake(async (input: SendMessageBatchCommandInput) => {
      inFlight++;
      peak = Math.max(peak, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 5));
      inFlight--;
      return allSucceed(input.Entries!);
    });
    await queue({ maxConcurrentBatches: 3 }).enqueue(queuedDiagnoses(100));
    expect(sentEntries()).toHaveLength(10);
    expect(peak).toBe(3);
  });

  it('turns an oversized message into a non-retryable QueueError without sending anything', async () => {
    const error = await queue()
      .enqueue([queuedDiagnosis(0, 'x'.repeat(SQS_MAX_BATCH_BYTES))])
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'QueueError', retryable: false });
    expect(sentEntries()).toEqual([]);
  });
});
