import { describe, expect, it, vi } from 'vitest';
import type { QueuedDiagnosis } from '../../functions/core/queuedDiagnosis.js';
import { createMemoryQueue } from '../../functions/queue/createMemoryQueue.js';
import { queuedDiagnoses, queuedDiagnosis } from './queueMessages.js';

describe('createMemoryQueue', () => {
  it('buffers copies of the messages for drain()', async () => {
    const queue = createMemoryQueue();
    const messages = queuedDiagnoses(3);
    await queue.enqueue(messages);
    expect(queue.size).toBe(3);
    const drained = queue.drain();
    expect(drained).toEqual(messages);
    expect(drained[0]).not.toBe(messages[0]);
    expect(queue.size).toBe(0);
    expect(queue.drain()).toEqual([]);
  });

  it('hands messages to onMessages after enqueue resolved, at most `concurrency` at a time', async () => {
    const queue = createMemoryQueue();
    let running = 0;
    let peak = 0;
    const handled: string[] = [];
    await queue.enqueue(queuedDiagnoses(5)); // buffered before the consumer subscribes
    queue.onMessages(
      async (message) => {
        running++;
        peak = Math.max(peak, running);
        await new Promise((resolve) => setTimeout(resolve, 2));
        handled.push(message.dedupeKey);
        running--;
      },
      { concurrency: 3 },
    );
    await queue.enqueue(queuedDiagnoses(20).slice(5));
    expect(handled).toEqual([]); // nothing ran inside the producer's call
    await queue.whenIdle();
    expect(handled).toHaveLength(20);
    expect(new Set(handled).size).toBe(20);
    expect(peak).toBe(3);
  });

  it('sends failed messages to deadLetters and keeps going', async () => {
    const queue = createMemoryQueue();
    const onDeadLetter = vi.fn();
    const handled: string[] = [];
    queue.onMessages(
      (message) => {
        if (message.dedupeKey === 'c1:id:wl-1') throw new Error('Run:ai down');
        handled.push(message.dedupeKey);
      },
      { onDeadLetter },
    );
    await queue.enqueue(queuedDiagnoses(3));
    await queue.whenIdle();
    expect(handled).toEqual(['c1:id:wl-0', 'c1:id:wl-2']);
    expect(queue.deadLetters).toHaveLength(1);
    expect(queue.deadLetters[0]!.message.dedupeKey).toBe('c1:id:wl-1');
    expect(onDeadLetter).toHaveBeenCalledOnce();
  });

  it('allows one consumer; after unsubscribe new messages stay buffered', async () => {
    const queue = createMemoryQueue();
    const unsubscribe = queue.onMessages(() => {});
    expect(() => queue.onMessages(() => {})).toThrow('already has a consumer');
    unsubscribe();
    await queue.enqueue(queuedDiagnoses(2));
    await queue.whenIdle();
    expect(queue.size).toBe(2);
  });

  it('fails with a retryable QueueError when full, buffering nothing', async () => {
    const queue = createMemoryQueue({ capacity: 5 });
    await queue.enqueue(queuedDiagnoses(4));
    await expect(queue.enqueue(queuedDiagnoses(2))).rejects.toMatchObject({ name: 'QueueError', retryable: true });
    expect(queue.size).toBe(4);
  });

  it('rejects an invalid message (what SQS + the worker would) with a non-retryable QueueError, buffering nothing', async () => {
    const queue = createMemoryQueue();
    const bad = { ...queuedDiagnosis(1), v: 2 } as unknown as QueuedDiagnosis;
    await expect(queue.enqueue([queuedDiagnosis(0), bad])).rejects.toMatchObject({ name: 'QueueError', retryable: false });
    const cyclic = queuedDiagnosis(2) as QueuedDiagnosis & { self?: unknown };
    cyclic.self = cyclic;
    await expect(queue.enqueue([cyclic])).rejects.toMatchObject({ name: 'QueueError', retryable: false });
    expect(queue.size).toBe(0);
  });

  it('whenIdle resolves at once with nothing to do', async () => {
    await expect(createMemoryQueue().whenIdle()).resolves.toBeUndefined();
  });
});
