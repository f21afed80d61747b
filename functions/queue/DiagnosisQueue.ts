/**
 * Port between producers (webhook intake, poller) and the diagnose worker. Adapters:
 * `createSqsQueue` (AWS) and `createMemoryQueue` (local mode, tests).
 */
import type { QueuedDiagnosis } from '../core/queuedDiagnosis.js';

export interface DiagnosisQueue {
  /**
   * Resolves once every message is enqueued. Rejects with a `QueueError` when any message
   * could not be enqueued after the adapter's retries; some messages of the call may have
   * been enqueued anyway (at-least-once: the worker de-duplicates by `dedupeKey`).
   */
  enqueue(messages: readonly QueuedDiagnosis[]): Promise<void>;
  /**
   * How many messages wait, read without receiving any: the readiness check (`GET /readyz`).
   * Rejects with a `QueueError` when the queue cannot be reached.
   */
  readDepth(): Promise<QueueDepth>;
}

export interface QueueDepth {
  /** Messages waiting to be received (SQS: approximate). */
  waiting: number;
  /** Messages received and not yet deleted (SQS: approximate). */
  inFlight: number;
  /** Messages the queue can buffer before refusing more; absent when unbounded (SQS). */
  capacity?: number;
}

export { QueueError, isQueueError } from './QueueError.js';
