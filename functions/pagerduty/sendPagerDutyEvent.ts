/**
 * POSTs one event to the Events API v2 and interprets the answer as PagerDuty documents
 * it (PagerDuty/developer-docs, docs/events-API-v2/01-Overview.md, "Response Codes &
 * Retry Logic"): 202 accepted; 400 invalid, never retried; 429 and 5xx and network
 * errors retried "after some time". A 429 waits for `Retry-After` when PagerDuty sends
 * one, else exponential backoff with jitter; both capped, because the forwarder runs in
 * a Lambda with a timeout. What is still failing after the last attempt is thrown as a
 * retryable PagerDutyError: the SQS record returns to the queue and is retried after the
 * visibility timeout — the "backoff of a few minutes" PagerDuty recommends for 429 —
 * and, after maxReceiveCount receives, lands in the dead-letter queue.
 *
 * The event is checked against the documented schema before it is sent, so a bug or a
 * placeholder routing key fails here with a named code instead of as an opaque 400.
 * The routing key is never logged or put in an error message, even when PagerDuty echoes it:
 * an error body is quoted (redacted, control characters removed, length capped) with the key
 * replaced, never passed on raw.
 *
 * Every exchange is bounded as a whole, not per chunk: undici's `bodyTimeout` restarts at each
 * byte, so a body trickled 1 B / 5 s never trips it. Each attempt runs under an AbortSignal for
 * the rest of its time, and no attempt or wait starts past the caller's deadline (the Lambda's
 * remaining time), so the forwarder always ends before its function timeout.
 */
import type { Dispatcher } from 'undici';
import { createPool } from '../http/createPool.js';
import { quoteUntrusted, REDACTED } from '../safety/index.js';
import { backoffDelay } from '../http/withRetries.js';
import { PAGERDUTY_EVENTS_URL, PagerDutyEventSchema, RoutingKeySchema, type PagerDutyEvent } from './PagerDutyEvent.js';
import { PagerDutyError } from './PagerDutyError.js';

export interface PagerDutySenderOptions {
  /** Default: PagerDuty's public endpoint. */
  eventsUrl?: string;
  /** Default: a keep-alive pool to the events URL's origin, opened on the first send. */
  dispatcher?: Dispatcher;
  /** Per attempt (headers and body). Default 10 s. */
  timeoutMs?: number;
  /** Attempts in this invocation, first one included. Default 3. */
  maxAttempts?: number;
  baseDelayMs?: number;
  /** Cap of one wait, Retry-After included. Default 15 s. */
  maxDelayMs?: number;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  now?: () => Date;
  /** Whole time for one `send` (every attempt and wait) when the caller gives no deadline. Default 60 s. */
  budgetMs?: number;
}

export interface SendOptions {
  /** Epoch milliseconds after which nothing more is attempted (the Lambda's deadline). */
  deadlineAt?: number;
}

export interface SentEvent {
  dedupKey: string | null;
  attempts: number;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** `Retry-After`: seconds, or an HTTP date (RFC 9110 §10.2.3). */
export function retryAfterMs(header: string | string[] | undefined, now: Date): number | null {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return null;
  if (/^\s*\d+\s*$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now.getTime());
}

/** What an error body may show: PagerDuty's text with the routing key and any secret replaced, one line, capped. */
const quoteBody = (text: string, routingKey: string): string => quoteUntrusted(text.split(routingKey).join(REDACTED), { maxLength: 200 });

function describeRejection(status: number, body: string, routingKey: string): string {
  try {
    const parsed = JSON.parse(body) as { message?: unknown; errors?: unknown };
    const errors = Array.isArray(parsed.errors) ? parsed.errors.filter((e): e is string => typeof e === 'string').slice(0, 5) : [];
    const message = typeof parsed.message === 'string' ? parsed.message : '';
    const shown = errors.map((error) => quoteBody(error, routingKey));
    return `PagerDuty answered ${status}${message ? `: ${quoteBody(message, routingKey)}` : ''}${shown.length ? ` (${shown.join('; ')})` : ''}`;
  } catch {
    return `PagerDuty answered ${status}`;
  }
}

export function createPagerDutySender(options: PagerDutySenderOptions = {}): (event: PagerDutyEvent, sendOptions?: SendOptions) => Promise<SentEvent> {
  const url = new URL(options.eventsUrl ?? PAGERDUTY_EVENTS_URL);
  const timeoutMs = options.timeoutMs ?? 10_000;
  const maxAttempts = options.maxAttempts ?? 3;
  const policy = {
    maxRetries: maxAttempts - 1,
    baseDelayMs: options.baseDelayMs ?? 1_000,
    maxDelayMs: options.maxDelayMs ?? 15_000,
    ...(options.random ? { random: options.random } : {}),
  };
  const sleep = options.sleep ?? defaultSleep;
  const now = options.now ?? (() => new Date());
  const budgetMs = options.budgetMs ?? 60_000;
  // One keep-alive pool to the Events API, opened on the first send (a warm forwarder reuses its connection).
  let pool: Dispatcher | undefined;
  const dispatcher = (): Dispatcher => options.dispatcher ?? (pool ??= createPool(url.origin, { connections: 4, connectTimeoutMs: timeoutMs }));

  return async function send(event, sendOptions = {}) {
    if (!RoutingKeySchema.safeParse(event.routing_key).success) {
      throw new PagerDutyError(
        'PAGERDUTY_ROUTING_KEY_INVALID',
        'the PagerDuty routing key is not a 32-character Events API v2 integration key (is the secret still the placeholder?)',
      );
    }
    const checked = PagerDutyEventSchema.safeParse(event);
    if (!checked.success) {
      const where = checked.error.issues.map((issue) => issue.path.join('.')).join(', ');
      throw new PagerDutyError('PAGERDUTY_EVENT_INVALID', `the event breaks the Events API v2 schema at ${where}`);
    }
    const body = JSON.stringify(checked.data);
    const routingKey = checked.data.routing_key;
    const deadlineAt = sendOptions.deadlineAt ?? Date.now() + budgetMs;
    let last: PagerDutyError | undefined;
    const deadlineError = () =>
      new PagerDutyError('PAGERDUTY_DEADLINE', `PagerDuty did not answer before the invocation's deadline${last ? ` (last: ${last.message})` : ''}`, {
        cause: last,
      });

    for (let attempt = 0; attempt < maxAttempts; attempt += 1) {
      let wait: number | null = null;
      const attemptMs = Math.min(timeoutMs, deadlineAt - Date.now());
      if (attemptMs <= 0) throw deadlineError();
      // The signal bounds the whole exchange: connect, headers and every byte of the body.
      const signal = AbortSignal.timeout(attemptMs);
      try {
        const response = await dispatcher().request({
          origin: url.origin,
          path: `${url.pathname}${url.search}`,
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body,
          headersTimeout: attemptMs,
          bodyTimeout: attemptMs,
          signal,
        });
        const text = await response.body.text();
        if (response.statusCode === 202) {
          let dedupKey: string | null = null;
          try {
            const parsed = JSON.parse(text) as { dedup_key?: unknown };
            dedupKey = typeof parsed.dedup_key === 'string' ? parsed.dedup_key : null;
          } catch {
            // 202 is the contract; a body we cannot read does not undo the acceptance.
          }
          return { dedupKey, attempts: attempt + 1 };
        }
        if (response.statusCode === 429) {
          last = new PagerDutyError('PAGERDUTY_THROTTLED', describeRejection(429, text, routingKey), { status: 429 });
          wait = retryAfterMs(response.headers['retry-after'], now());
        } else if (response.statusCode >= 500) {
          last = new PagerDutyError('PAGERDUTY_UNAVAILABLE', describeRejection(response.statusCode, text, routingKey), { status: response.statusCode });
        } else {
          throw new PagerDutyError('PAGERDUTY_REJECTED', describeRejection(response.statusCode, text, routingKey), { status: response.statusCode });
        }
      } catch (error) {
        if (error instanceof PagerDutyError) throw error;
        const reason = signal.aborted ? `no whole answer within ${attemptMs} ms` : quoteBody((error as Error).message, routingKey);
        last = new PagerDutyError('PAGERDUTY_NETWORK', `PagerDuty could not be reached: ${reason}`, { cause: error });
      }
      if (attempt + 1 < maxAttempts) {
        const delay = Math.min(wait ?? backoffDelay(attempt, policy), policy.maxDelayMs);
        // A wait that ends past the deadline leaves no time to send: SQS retries the record instead.
        if (Date.now() + delay >= deadlineAt) throw deadlineError();
        await sleep(delay);
      }
    }
    throw last!;
  };
}
