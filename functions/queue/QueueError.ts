/**
 * The one error a DiagnosisQueue adapter throws. `retryable` tells the intake whether a
 * resend of the same webhook can succeed; `failedCount` says how much of the batch did
 * not make it (the rest may already be enqueued: consumers de-duplicate by dedupeKey,
 * so a resend after a partial failure does not notify twice).
 */
export class QueueError extends Error {
  override readonly name = 'QueueError';
  readonly retryable: boolean;
  readonly failedCount: number;
  readonly totalCount: number;

  constructor(message: string, options: { retryable: boolean; failedCount: number; totalCount: number; cause?: unknown }) {
    super(message, { cause: options.cause });
    this.retryable = options.retryable;
    this.failedCount = options.failedCount;
    this.totalCount = options.totalCount;
  }
}

export function isQueueError(error: unknown): error is QueueError {
  return error instanceof QueueError;
}
