/** The local SQS stand-in: windows make batches, failed records are retried, then dead-lettered. */
import { describe, expect, it } from 'vitest';
import type { QueuedDiagnosis } from '../../functions/core/queuedDiagnosis.js';
import { createBatchingWorker } from '../../functions/local/createBatchingWorker.js';
import { createMemoryQueue } from '../../functions/queue/createMemoryQueue.js';
import type { BatchResult, SqsRecordLike } from '../../functions/worker/processDiagnosisBatch.js';

const message = (n: number): QueuedDiagnosis => ({
  v: 1,
  request: { clusterId: 'c1', workloadId: `w${n}` },
  source: 'runai-webhook',
  receivedAt: '2026-11-29T18:00:00.000Z',
  dedupeKey: `c1:id:w${n}`,
});

/** A processBatch that records its batches and fails the records `fails` says to. */
function fakeProcess(fails: (record: SqsRecordLike, attempt: number) => boolean) {
  const batches: string[][] = [];
  const attempts = new Map<string, number>();
  const processBatch = async (records: SqsRecordLike[]): Promise<BatchResult> => {
    batches.push(records.map((r) => (JSON.parse(r.body) as QueuedDiagnosis).request.workloadId!));
    const outcomes = records.map((record) => {
      const attempt = (attempts.get(record.messageId) ?? 0) + 1;
      attempts.set(record.messageId, attempt);
      return fails(record, attempt) ? ('failed' as const) : ('published' as const);
    });
    const failed = records.filter((_, i) => outcomes[i] === 'failed');
    return {
      batchItemFailures: failed.map((r) => ({ itemIdentifier: r.messageId })),
      published: records.length - failed.length,
      duplicates: 0,
      failed: failed.length,
      notifications: records.length - failed.length,
      digests: 0,
      heldForDigest: 0,
      records: records.map((r, i) => ({
        messageId: r.messageId,
        outcome: outcomes[i]!,
        ...(outcomes[i] === 'failed' ? { reason: 'diagnose_failed' as const } : {}),
      })),
    };
  };
  return { batches, attempts, processBatch };
}

describe('createBatchingWorker', () => {
  it('puts everything that arrives within the window into one batch, and splits at maxBatchSize', async () => {
    const queue = createMemoryQueue();
    const fake = fakeProcess(() => false);
    createBatchingWorker({ queue, processBatch: fake.processBatch, windowMs: 100, maxBatchSize: 3 });
    await queue.enqueue([message(1)]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    await queue.enqueue([message(2), message(3), message(4), message(5)]);
    await queue.whenIdle();
    expect(fake.batches).toEqual([
      ['w1', 'w2', 'w3'],
      ['w4', 'w5'],
    ]);
  });

  it('retries a failed record like a redelivery, keeping its message id, until it succeeds', async () => {
    const queue = createMemoryQueue();
    const fake = fakeProcess((record, attempt) => JSON.parse(record.body).request.workloadId === 'w2' && attempt < 3);
    createBatchingWorker({ queue, processBatch: fake.processBatch, windowMs: 5, retryDelayMs: () => 5 });
    await queue.enqueue([message(1), message(2)]);
    await queue.whenIdle();
    expect(fake.batches).toEqual([['w1', 'w2'], ['w2'], ['w2']]);
    expect([...fake.attempts.values()]).toEqual([1, 3]);
    expect(queue.deadLetters).toHaveLength(0);
  });

  it('dead-letters a record that still fails after maxAttempts, with the reason', async () => {
    const queue = createMemoryQueue();
    const fake = fakeProcess(() => true);
    const deadLetters: string[] = [];
    createBatchingWorker({
      queue,
      processBatch: fake.processBatch,
      windowMs: 5,
      maxAttempts: 2,
      retryDelayMs: () => 5,
      onDeadLetter: ({ error }) => deadLetters.push((error as Error).message),
    });
    await queue.enqueue([message(1)]);
    await queue.whenIdle();
    expect(fake.batches).toHaveLength(2);
    expect(queue.deadLetters).toHaveLength(1);
    expect(deadLetters).toEqual(['diagnosis request c1:id:w1 failed 2 times (last: diagnose_failed)']);
  });

  it('treats a batch that throws as failed for every record, and hurry() skips windows and delays', async () => {
    const queue = createMemoryQueue();
    let calls = 0;
    const worker = createBatchingWorker({
      queue,
      processBatch: async () => {
        calls += 1;
        throw new Error('bug');
      },
      windowMs: 60_000,
      retryDelayMs: () => 60_000,
    });
    await queue.enqueue([message(1)]);
    await new Promise((resolve) => setTimeout(resolve, 10));
    const started = performance.now();
    worker.hurry();
    await queue.whenIdle();
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(calls).toBe(3);
    expect(queue.deadLetters).toHaveLength(1);
  });
});
