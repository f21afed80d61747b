/**
 * In-process DiagnosisQueue for local mode and tests: what SQS + the diagnose Lambda's
 * event source mapping do in AWS, in a few lines.
 *
 * Two ways to consume, pick one per queue:
 *  - push: `onMessages(handler, { concurrency })` — the local worker. Every buffered and
 *    future message is handed to `handler`, at most `concurrency` at a time (default 4,
 *    so a storm of alerts does not open hundreds of Run:ai calls at once). Handlers run
 *    after `enqueue` has resolved, like a real queue, never inside the producer's call.
 *    A handler that throws (or rejects) puts the message in `deadLetters` — the local
 *    stand-in for the SQS dead-letter queue; there is no redelivery. Returns `unsubscribe`
 *    (messages already in flight finish; later ones stay buffered).
 *  - pull: `drain()` removes and returns everything buffered (tests, one-shot runs).
 * `whenIdle()` resolves once no handler is running and nothing waits for the subscribed
 * handler — use it to await "everything enqueued so far was handled".
 *
 * Messages are validated against QueuedDiagnosisSchema and copied through JSON on enqueue,
 * so local mode catches what SQS would (a non-serialisable or malformed message), and a
 * consumer never shares objects with the producer.
 */
import { QueuedDiagnosisSchema, type QueuedDiagnosis } from '../core/queuedDiagnosis.js';
import type { DiagnosisQueue } from './DiagnosisQueue.js';
import { QueueError } from './QueueError.js';

export type MessageHandler = (message: QueuedDiagnosis) => Promise<void> | void;

export interface DeadLetter {
  message: QueuedDiagnosis;
  error: unknown;
}

export interface OnMessagesOptions {
  /** Handlers running at once. Default 4. */
  concurrency?: number;
  /** Called when a handler fails, after the message went to `deadLetters`. */
  onDeadLetter?: (deadLetter: DeadLetter) => void;
}

export interface MemoryQueue extends DiagnosisQueue {
  onMessages(handler: MessageHandler, options?: OnMessagesOptions): () => void;
  drain(): QueuedDiagnosis[];
  whenIdle(): Promise<void>;
  /** Messages buffered, not yet handed to a handler. */
  readonly size: number;
  readonly deadLetters: readonly DeadLetter[];
}

export interface MemoryQueueOptions {
  /** Buffered messages beyond which `enqueue` fails with a retryable QueueError (backpressure → 503). Default 10,000. */
  capacity?: number;
}

/** One message through JSON and QueuedDiagnosisSchema, as SQS + the worker would see it; throws naming it. */
function validatedCopy(message: QueuedDiagnosis, index: number, total: number): QueuedDiagnosis {
  let parsed: ReturnType<typeof QueuedDiagnosisSchema.safeParse> | undefined;
  try {
    parsed = QueuedDiagnosisSchema.safeParse(JSON.parse(JSON.stringify(message)));
  } catch {
    parsed = undefined; // not serialisable (cycle, BigInt): SQS could not take it either
  }
  if (!parsed?.success) {
    throw new QueueError(`message #${index} is not a valid QueuedDiagnosis`, {
      retryable: false,
      failedCount: total,
      totalCount: total,
      cause: parsed?.error,
    });
  }
  return parsed.data;
}

/**
 * The whole batch through JSON in one call each way: an alert storm enqueues hundreds of
 * messages at once (600 messages: 1.7 ms one by one, 1.3 ms as one batch; `npm run bench`).
 * Any failure — including an element JSON turned into `null`, which alone would not have
 * serialised — falls back to one message at a time, so errors are exactly the same.
 */
function validatedCopies(messages: readonly QueuedDiagnosis[]): QueuedDiagnosis[] {
  let batch: unknown;
  try {
    batch = JSON.parse(JSON.stringify(messages));
  } catch {
    batch = undefined;
  }
  if (Array.isArray(batch) && batch.length === messages.length) {
    const copies: QueuedDiagnosis[] = [];
    for (const copy of batch) {
      const parsed = QueuedDiagnosisSchema.safeParse(copy);
      if (!parsed.success) break;
      copies.push(parsed.data);
    }
    if (copies.length === messages.length) return copies;
  }
  const copies: QueuedDiagnosis[] = [];
  for (const [index, message] of messages.entries()) copies.push(validatedCopy(message, index, messages.length));
  return copies;
}

export function createMemoryQueue(options: MemoryQueueOptions = {}): MemoryQueue {
  const capacity = options.capacity ?? 10_000;
  let buffer: QueuedDiagnosis[] = [];
  const deadLetters: DeadLetter[] = [];
  let subscriber: { handler: MessageHandler; concurrency: number; onDeadLetter?: (d: DeadLetter) => void } | undefined;
  let inFlight = 0;
  let pumpScheduled = false;
  let idleWaiters: Array<() => void> = [];

  const isIdle = (): boolean => inFlight === 0 && (subscriber === undefined || buffer.length === 0);

  function settleIdle(): void {
    if (!isIdle() || idleWaiters.length === 0) return;
    const waiters = idleWaiters;
    idleWaiters = [];
    for (const resolve of waiters) resolve();
  }

  function schedulePump(): void {
    if (pumpScheduled) return;
    pumpScheduled = true;
    // setImmediate: the producer's HTTP response goes out before any handler starts.
    setImmediate(pump);
  }

  function pump(): void {
    pumpScheduled = false;
    const current = subscriber;
    while (current && current === subscriber && inFlight < current.concurrency && buffer.length > 0) {
      const message = buffer.shift()!;
      inFlight++;
      void (async () => {
        try {
          await current.handler(message);
        } catch (error) {
          const deadLetter = { message, error };
          deadLetters.push(deadLetter);
          try {
            current.onDeadLetter?.(deadLetter);
          } catch {
            // A failing observer must not stall the queue.
          }
        } finally {
          inFlight--;
          if (buffer.length > 0) schedulePump();
          settleIdle();
        }
      })();
    }
    settleIdle();
  }

  return {
    async readDepth() {
      return { waiting: buffer.length, inFlight, capacity };
    },

    async enqueue(messages: readonly QueuedDiagnosis[]): Promise<void> {
      if (buffer.length + messages.length > capacity) {
        throw new QueueError(`memory queue full (${buffer.length} buffered, capacity ${capacity})`, {
          retryable: true,
          failedCount: messages.length,
          totalCount: messages.length,
        });
      }
      const copies = validatedCopies(messages);
      // All or nothing, unlike SQS: nothing is buffered when one message is invalid.
      buffer.push(...copies);
      if (subscriber) schedulePump();
    },

    onMessages(handler, handlerOptions = {}) {
      if (subscriber) throw new Error('memory queue already has a consumer');
      const self = {
        handler,
        concurrency: Math.max(1, handlerOptions.concurrency ?? 4),
        ...(handlerOptions.onDeadLetter ? { onDeadLetter: handlerOptions.onDeadLetter } : {}),
      };
      subscriber = self;
      schedulePump();
      return () => {
        if (subscriber === self) subscriber = undefined;
        settleIdle();
      };
    },

    drain() {
      const taken = buffer;
      buffer = [];
      settleIdle();
      return taken;
    },

    whenIdle() {
      if (isIdle()) return Promise.resolve();
      return new Promise<void>((resolve) => idleWaiters.push(resolve));
    },

    get size() {
      return buffer.length;
    },

    get deadLetters() {
      return deadLetters;
    },
  };
}
