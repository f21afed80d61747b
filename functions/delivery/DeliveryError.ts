/**
 * Every failure to publish is a DeliveryError with a stable `code` and a `retryable`
 * flag. `classifySnsError` is the one place that maps SNS/SDK/network errors to codes.
 *
 * The worker fails the SQS record on *any* DeliveryError (a verdict that was not
 * published must end in the DLQ, never vanish); `retryable` decides the log level and
 * tells operators whether waiting helps or the topic/permissions/KMS key need fixing
 * before redriving the DLQ.
 */
export type DeliveryErrorCode =
  | 'SNS_INVALID_PARAMETER' // the request was refused as malformed (too big, bad subject/attribute)
  | 'SNS_NOT_FOUND' // the topic does not exist (wrong ARN or region)
  | 'SNS_AUTHORIZATION' // the role may not publish to the topic
  | 'SNS_KMS' // the topic's KMS key is disabled, missing or denied
  | 'SNS_THROTTLED' // SNS rate limits
  | 'SNS_KMS_THROTTLED' // KMS rate limits on an encrypted topic
  | 'SNS_UNAVAILABLE' // 5xx from SNS
  | 'SNS_NETWORK' // connection refused/reset, DNS, timeout
  | 'SNS_REJECTED' // any other 4xx
  | 'SNS_UNKNOWN'; // not recognisably an AWS error

const RETRYABLE: ReadonlySet<DeliveryErrorCode> = new Set<DeliveryErrorCode>([
  'SNS_THROTTLED',
  'SNS_KMS_THROTTLED',
  'SNS_UNAVAILABLE',
  'SNS_NETWORK',
  'SNS_UNKNOWN', // an unexplained failure might be transient; retrying costs one more receive
]);

export class DeliveryError extends Error {
  override readonly name = 'DeliveryError';
  readonly code: DeliveryErrorCode;
  readonly retryable: boolean;

  constructor(code: DeliveryErrorCode, message: string, options: { cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.code = code;
    this.retryable = RETRYABLE.has(code);
  }
}

// SDK v3 exception names, and the raw query-protocol error codes behind them.
const BY_NAME: Record<string, DeliveryErrorCode> = {
  InvalidParameterException: 'SNS_INVALID_PARAMETER',
  InvalidParameter: 'SNS_INVALID_PARAMETER',
  InvalidParameterValueException: 'SNS_INVALID_PARAMETER',
  InvalidParameterValue: 'SNS_INVALID_PARAMETER',
  ValidationException: 'SNS_INVALID_PARAMETER',
  NotFoundException: 'SNS_NOT_FOUND',
  NotFound: 'SNS_NOT_FOUND',
  ResourceNotFoundException: 'SNS_NOT_FOUND',
  AuthorizationErrorException: 'SNS_AUTHORIZATION',
  AuthorizationError: 'SNS_AUTHORIZATION',
  AccessDenied: 'SNS_AUTHORIZATION',
  AccessDeniedException: 'SNS_AUTHORIZATION',
  InvalidClientTokenId: 'SNS_AUTHORIZATION',
  UnrecognizedClientException: 'SNS_AUTHORIZATION',
  SignatureDoesNotMatch: 'SNS_AUTHORIZATION',
  KMSAccessDeniedException: 'SNS_KMS',
  KMSAccessDenied: 'SNS_KMS',
  KMSDisabledException: 'SNS_KMS',
  KMSDisabled: 'SNS_KMS',
  KMSInvalidStateException: 'SNS_KMS',
  KMSInvalidState: 'SNS_KMS',
  KMSNotFoundException: 'SNS_KMS',
  KMSNotFound: 'SNS_KMS',
  KMSOptInRequired: 'SNS_KMS',
  ThrottledException: 'SNS_THROTTLED',
  Throttled: 'SNS_THROTTLED',
  Throttling: 'SNS_THROTTLED',
  ThrottlingException: 'SNS_THROTTLED',
  TooManyRequestsException: 'SNS_THROTTLED',
  RequestLimitExceeded: 'SNS_THROTTLED',
  KMSThrottlingException: 'SNS_KMS_THROTTLED',
  KMSThrottling: 'SNS_KMS_THROTTLED',
  InternalErrorException: 'SNS_UNAVAILABLE',
  InternalError: 'SNS_UNAVAILABLE',
  InternalFailure: 'SNS_UNAVAILABLE',
  ServiceUnavailable: 'SNS_UNAVAILABLE',
  TimeoutError: 'SNS_NETWORK',
  RequestTimeout: 'SNS_NETWORK',
  RequestTimeoutException: 'SNS_NETWORK',
};

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
]);

interface ErrorShape {
  name?: unknown;
  code?: unknown;
  message?: unknown;
  $metadata?: { httpStatusCode?: unknown };
  $fault?: unknown;
}

function codeOf(error: ErrorShape): DeliveryErrorCode {
  const name = typeof error.name === 'string' ? error.name : '';
  const byName = BY_NAME[name];
  if (byName) return byName;
  if (typeof error.code === 'string' && NETWORK_CODES.has(error.code)) return 'SNS_NETWORK';
  const status = typeof error.$metadata?.httpStatusCode === 'number' ? error.$metadata.httpStatusCode : undefined;
  if (status === 429) return 'SNS_THROTTLED';
  if (status !== undefined && status >= 500) return 'SNS_UNAVAILABLE';
  if (status !== undefined && status >= 400) return 'SNS_REJECTED';
  if (error.$fault === 'server') return 'SNS_UNAVAILABLE';
  if (error.$fault === 'client') return 'SNS_REJECTED';
  return 'SNS_UNKNOWN';
}

/** Maps anything a publish can throw to a DeliveryError (an existing one is returned as is). */
export function classifySnsError(error: unknown): DeliveryError {
  if (error instanceof DeliveryError) return error;
  const shape: ErrorShape = typeof error === 'object' && error !== null ? (error as ErrorShape) : {};
  const code = codeOf(shape);
  const detail = typeof shape.message === 'string' && shape.message ? shape.message : String(error);
  const name = typeof shape.name === 'string' ? shape.name : 'Error';
  return new DeliveryError(code, `SNS publish failed (${code}, ${name}): ${detail}`, { cause: error });
}
