/**
 * An answer longer than the client accepts. Reading it would cost memory in proportion to
 * what a misbehaving or hostile server chooses to send (a 400 MB events answer took the
 * worker to 1.8 GB), so the read stops at the cap and the socket is dropped. Never
 * retryable: the same request gets the same answer.
 */
export class ResponseTooLargeError extends Error {
  override readonly name = 'ResponseTooLargeError';
  readonly code = 'RESPONSE_TOO_LARGE';
  readonly retryable = false;
  readonly maxBytes: number;
  readonly status: number;

  constructor(status: number, maxBytes: number, announced: number | null) {
    super(`answer longer than ${maxBytes} bytes${announced !== null ? ` (Content-Length ${announced})` : ''}: not read`);
    this.maxBytes = maxBytes;
    this.status = status;
  }
}
