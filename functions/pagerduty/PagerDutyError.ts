/**
 * Every failure to hand an event to PagerDuty, with a stable `code` and `retryable`
 * following PagerDuty's table "Response Codes & Retry Logic" (PagerDuty/developer-docs,
 * docs/events-API-v2/01-Overview.md): 400 is not retried (the same JSON is refused
 * again), 429, 5xx and network errors are retried after a while.
 */
export type PagerDutyErrorCode =
  | 'PAGERDUTY_ROUTING_KEY_INVALID' // the configured key is not a 32-character integration key (still the placeholder?)
  | 'PAGERDUTY_EVENT_INVALID' // our event failed our own schema check: a bug, never sent
  | 'PAGERDUTY_REJECTED' // 400 or another 4xx: PagerDuty refused the event
  | 'PAGERDUTY_THROTTLED' // 429 after every attempt
  | 'PAGERDUTY_UNAVAILABLE' // 5xx after every attempt
  | 'PAGERDUTY_NETWORK' // connection, DNS or timeout after every attempt
  | 'PAGERDUTY_DEADLINE'; // the invocation's deadline came before an answer: retried by SQS, not in place

const RETRYABLE: ReadonlySet<PagerDutyErrorCode> = new Set<PagerDutyErrorCode>([
  'PAGERDUTY_THROTTLED',
  'PAGERDUTY_UNAVAILABLE',
  'PAGERDUTY_NETWORK',
  'PAGERDUTY_DEADLINE',
]);

export class PagerDutyError extends Error {
  override readonly name = 'PagerDutyError';
  readonly code: PagerDutyErrorCode;
  readonly retryable: boolean;
  /** The HTTP status of the last attempt, when there was a response. */
  readonly status: number | undefined;

  constructor(code: PagerDutyErrorCode, message: string, options: { cause?: unknown; status?: number } = {}) {
    super(message, { cause: options.cause });
    this.code = code;
    this.retryable = RETRYABLE.has(code);
    this.status = options.status;
  }
}
