/**
 * The intake's HTTP status codes are an API: Alertmanager resends on 5xx only, so a client
 * mistake must never be a 5xx (it would be resent forever) and a failed enqueue must
 * never be a 2xx/4xx (the alert would be lost). This file is the one place that maps a
 * failure to a status: IntakeError codes below, and `toIntakeError` for foreign errors.
 */
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { isQueueError } from '../queue/QueueError.js';

export type IntakeErrorCode =
  | 'BAD_REQUEST'
  | 'UNAUTHORIZED'
  | 'NOT_FOUND'
  | 'METHOD_NOT_ALLOWED'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'QUEUE_UNAVAILABLE'
  | 'MISCONFIGURED'
  | 'INTERNAL';

interface ErrorPolicy {
  status: ContentfulStatusCode;
  /** Whether the same request, resent later, can succeed. */
  retryable: boolean;
  headers?: Record<string, string>;
}

const POLICIES: Record<IntakeErrorCode, ErrorPolicy> = {
  BAD_REQUEST: { status: 400, retryable: false },
  UNAUTHORIZED: { status: 401, retryable: false, headers: { 'WWW-Authenticate': 'Bearer realm="runai-diagnose"' } },
  NOT_FOUND: { status: 404, retryable: false },
  METHOD_NOT_ALLOWED: { status: 405, retryable: false },
  PAYLOAD_TOO_LARGE: { status: 413, retryable: false },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, retryable: false },
  // Alertmanager ignores Retry-After (it has its own backoff), other senders may not.
  QUEUE_UNAVAILABLE: { status: 503, retryable: true, headers: { 'Retry-After': '10' } },
  MISCONFIGURED: { status: 503, retryable: true, headers: { 'Retry-After': '60' } },
  INTERNAL: { status: 500, retryable: true },
};

export class IntakeError extends Error {
  override readonly name = 'IntakeError';
  readonly code: IntakeErrorCode;
  readonly status: ContentfulStatusCode;
  readonly retryable: boolean;
  readonly headers: Record<string, string>;

  constructor(code: IntakeErrorCode, message: string, options: { headers?: Record<string, string>; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    const policy = POLICIES[code];
    this.code = code;
    this.status = policy.status;
    this.retryable = policy.retryable;
    this.headers = { ...policy.headers, ...options.headers };
  }

  /** The JSON body of the error response: never a stack, never the cause. */
  toBody(): { code: IntakeErrorCode; message: string; retryable: boolean } {
    return { code: this.code, message: this.message, retryable: this.retryable };
  }
}

const HTTP_EXCEPTION_CODES: Partial<Record<number, IntakeErrorCode>> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
};

/**
 * Any thrown value → IntakeError. `unexpected` is true when the error is a bug or an
 * unknown failure (log it with its stack); expected client errors are not worth an alarm.
 */
export function toIntakeError(error: unknown): { error: IntakeError; unexpected: boolean } {
  if (error instanceof IntakeError) return { error, unexpected: error.code === 'INTERNAL' };
  if (isQueueError(error)) {
    return { error: new IntakeError('QUEUE_UNAVAILABLE', 'could not enqueue the diagnosis requests; resend later', { cause: error }), unexpected: false };
  }
  if (error instanceof HTTPException) {
    const code = HTTP_EXCEPTION_CODES[error.status];
    if (code) return { error: new IntakeError(code, error.message || `HTTP ${error.status}`, { cause: error }), unexpected: false };
  }
  return { error: new IntakeError('INTERNAL', 'internal error', { cause: error }), unexpected: true };
}
