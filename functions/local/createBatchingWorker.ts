/**
 * Local mode's stand-in for SQS + the worker Lambda's event source mapping: it consumes
 * the in-process memory queue and hands `processDiagnosisBatch` whole batches, so that
 * coalescing (storm digests), idempotency and the per-record outcome behave as in AWS.
 *
 * - A batch closes `windowMs` after its first message (the SQS batching window, which is
 *   also the storm-coalescing window) or when it holds `maxBatchSize` messages.
 * - Batches run one after another: like a Lambda with reserved concurrency 1, so a storm
 *   cannot multiply Run:ai calls beyond the worker's own per-batch bound.
 * - A record the batch reports failed (batchItemFailures) is retried after a delay, like a
 *   redelivery after the visibility timeout, up to `maxAttempts` receives (the redrive
 *   policy's maxReceiveCount); then it goes to the memory queue's dead letters. So every
 *   accepted request ends as one published verdict or one dead letter, as in AWS.
 *
 * - `deliverLater` is SQS's DelaySeconds for the worker's own messages (the storm flush): the
 *   body joins a batch after the delay and is retried like any record; `hurry()` delivers at once.
 *
 * Each memory-queue handler call waits for its record's batch, so `queue.whenIdle()`
 * means "everything enqueued so far has ended"; `whenDelayedDone()` adds the delayed
 * messages — what the demo and the tests wait for.
 */
import type { QueuedDiagnosis } from '../core/queuedDiagnosis.js';
import type { DeadLetter, MemoryQueue } from '../queue/createMemoryQueue.js';
import type { BatchResult, FailureReason, SqsRecordLike } from '../worker/processDiagnosisBatch.js';

export interface BatchingWorkerOptions {
  queue: MemoryQueue;
  processBatch: (records: SqsRecordLike[]) => Promise<BatchResult>;
  /** Default 500 ms. */
  windowMs?: number;
  /** Default 1,000: a 1,000-alert storm is one batch, hence one digest per cluster. */
  maxBatchSize?: number;
  /** Receives per message, the first included. Default 3. */
  maxAttempts?: number;
  /** Delay before a failed record is received again. Default 1 s, 2 s, … */
  retryDelayMs?: (attempt: number) => number;
  onDeadLetter?: (deadLetter: DeadLetter) => void;
  /** A delayed message that failed maxAttempts times (in AWS: the DLQ). */
  onDelayedDeadLetter?: (body: string, error: unknown) => void;
}

export interface BatchingWorker {
  /** Shutdown: close the open batch now, and from now on skip windows and retry delays. */
  hurry(): void;
  /** Stops taking messages; those in flight still end. */
  stop(): void;
  /** Hands `body` to a batch after `delayMs` (retried like any record; a dead letter after maxAttempts is reported). */
  deliverLater(body: string, delayMs: number): void;
  /** Resolves once every delayed message handed over so far has ended. */
  whenDelayedDone(): Promise<void>;
}

/** Why the last receive failed, or null when the record ended (published or duplicate). */
type Settle = (failure: FailureReason | null) => void;

export function createBatchingWorker(options: BatchingWorkerOptions): BatchingWorker {
  const maxBatchSize = Math.max(1, options.maxBatchSize ?? 1_000);
  const maxAttempts = Math.max(1, options.maxAttempts ?? 3);
  const retryDelayMs = options.retryDelayMs ?? ((attempt: number) => 1_000 * attempt);
  let windowMs = Math.max(0, options.windowMs ?? 500);
  let hurried = false;
  let open: { record: SqsRecordLike; settle: Settle }[] = [];
  let timer: NodeJS.Timeout | undefined;
  let chain: Promise<void> = Promise.resolve();
  let sequence = 0;
  const sleepers = new Set<() => void>();

  function closeBatch(): void {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (open.length === 0) return;
    const batch = open;
    open = [];
    chain = chain.then(() => runBatch(batch));
  }

  async function runBatch(batch: { record: SqsRecordLike; settle: Settle }[]): Promise<void> {
    let result: BatchResult | undefined;
    try {
      result = await options.processBatch(batch.map((entry) => entry.record));
    } catch {
      // processDiagnosisBatch never throws; if it did, nothing of the batch has ended.
      result = undefined;
    }
    const reasons = new Map(result?.records.map((record) => [record.messageId, record.reason ?? 'internal_error'] as const));
    const failed = new Set(result ? result.batchItemFailures.map((failure) => failure.itemIdentifier) : batch.map((entry) => entry.record.messageId));
    for (const { record, settle } of batch) settle(failed.has(record.messageId) ? (reasons.get(record.messageId) ?? 'internal_error') : null);
  }

  function receive(record: SqsRecordLike): Promise<FailureReason | null> {
    return new Promise((settle) => {
      open.push({ record, settle });
      if (open.length >= maxBatchSize) closeBatch();
      // setTimeout even for 0: every message the queue hands over in this tick joins the batch.
      else timer ??= setTimeout(closeBatch, windowMs);
    });
  }

  function sleep(ms: number): Promise<void> {
    if (hurried || ms <= 0) return Promise.resolve();
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(handle);
        sleepers.delete(wake);
        resolve();
      };
      const handle = setTimeout(wake, ms);
      sleepers.add(wake);
    });
  }

  /** Receives a record until it ends; throws after maxAttempts, naming `what`. */
  async function receiveUntilEnded(record: SqsRecordLike, what: string): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      const failure = await receive(record);
      if (failure === null) return;
      if (attempt >= maxAttempts) throw new Error(`${what} failed ${attempt} times (last: ${failure})`);
      await sleep(retryDelayMs(attempt));
    }
  }

  async function handle(message: QueuedDiagnosis): Promise<void> {
    // One id for every receive of this message, as SQS keeps its MessageId across redeliveries.
    await receiveUntilEnded({ messageId: `local-${++sequence}`, body: JSON.stringify(message) }, `diagnosis request ${message.dedupeKey}`);
  }

  const delayed = new Set<Promise<void>>();

  const unsubscribe = options.queue.onMessages(handle, {
    // Room for one batch running and the next one filling; the queue buffers the rest.
    concurrency: maxBatchSize * 2,
    ...(options.onDeadLetter ? { onDeadLetter: options.onDeadLetter } : {}),
  });

  return {
    hurry() {
      hurried = true;
      windowMs = 0;
      for (const wake of [...sleepers]) wake();
      closeBatch();
    },
    stop() {
      unsubscribe();
    },
    deliverLater(body, delayMs) {
      const record = { messageId: `local-${++sequence}`, body };
      const run = sleep(delayMs)
        .then(() => receiveUntilEnded(record, `delayed message ${record.messageId}`))
        .catch((error: unknown) => options.onDelayedDeadLetter?.(body, error))
        .finally(() => delayed.delete(run));
      delayed.add(run);
    },
    async whenDelayedDone() {
      while (delayed.size > 0) await Promise.all([...delayed]);
    },
  };
}
