/**
 * Every failure talking to Run:ai is a RunaiError with a stable `code`, a `retryable`
 * flag and the cause. The mapping from HTTP status to code lives in the client's
 * `classifyRunaiStatus` (runai/), the one place that knows it.
 */
export type RunaiErrorCode =
  | 'RUNAI_AUTH_FAILED' // token request refused, or 401 after one refresh
  | 'RUNAI_TOKEN_ENDPOINT_NOT_FOUND' // the token request answered 404: the base URL is not a Run:ai control plane
  | 'RUNAI_FORBIDDEN' // 403: the service account lacks an access rule
  | 'RUNAI_NOT_FOUND' // 404
  | 'RUNAI_BAD_REQUEST' // other 4xx
  | 'RUNAI_UNAVAILABLE' // 5xx after retries
  | 'RUNAI_TIMEOUT' // no answer within the per-request timeout, after retries
  | 'RUNAI_NETWORK' // connection refused/reset, DNS, TLS, after retries
  | 'RUNAI_BAD_RESPONSE' // 2xx whose body is not JSON or does not match the schema
  | 'RUNAI_RESPONSE_TOO_LARGE'; // an answer longer than the client reads (RUNAI_MAX_RESPONSE_BYTES); not read

export class RunaiError extends Error {
  override readonly name = 'RunaiError';
  readonly code: RunaiErrorCode;
  readonly retryable: boolean;
  /** The endpoint as a path template, e.g. `GET /api/v1/workloads/{id}/events` (never a secret). */
  readonly endpoint: string;
  readonly status: number | undefined;

  constructor(
    code: RunaiErrorCode,
    message: string,
    options: {
      endpoint: string;
      status?: number;
      cause?: unknown;
      /** Overrides the code's default, e.g. a 5xx from the token endpoint (AUTH_FAILED, but worth a later retry). */
      retryable?: boolean;
    },
  ) {
    super(message, { cause: options.cause });
    this.code = code;
    this.endpoint = options.endpoint;
    this.status = options.status;
    this.retryable = options.retryable ?? (code === 'RUNAI_UNAVAILABLE' || code === 'RUNAI_TIMEOUT' || code === 'RUNAI_NETWORK');
  }
}

export function isRunaiError(error: unknown): error is RunaiError {
  return error instanceof RunaiError;
}
