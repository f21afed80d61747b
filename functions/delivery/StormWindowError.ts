/**
 * A storm window that could not be read or written (DynamoDB throttled, unreachable, denied).
 * Always retryable from the record's point of view: the record goes back to the queue, its
 * claim released, and counts again on the next receive; after maxReceiveCount the DLQ has it.
 */
export class StormWindowError extends Error {
  override readonly name = 'StormWindowError';
  readonly code = 'STORM_WINDOW_UNAVAILABLE';
  readonly retryable = true;

  constructor(message: string, options: { cause?: unknown } = {}) {
    super(message, { cause: options.cause });
  }
}
