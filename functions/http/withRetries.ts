/**
 * Bounded retry with exponential backoff and jitter, shared by the GET path and the token
 * request. Retried: transient transport failures, timeouts, 500/502/503/504 (gateways and
 * overloaded control planes recover in seconds) and 429 (the server asks us to slow down).
 * A `Retry-After` header (seconds or HTTP-date) on a 429 or 503 sets the wait when it asks
 * for longer than the backoff. Never retried: any other 4xx — the same request would get
 * the same answer. After the last attempt a 5xx or 429 exchange is returned (the caller
 * classifies it) and a transport failure is rethrown.
 *
 * With a deadline, no wait runs past it: when the next attempt could not start before the
 * deadline (or the server asks to wait longer than `maxRetryAfterMs`), the last answer is
 * returned, or the last failure rethrown, at once.
 */
import { parseRetryAfter } from './parseRetryAfter.js';
import { TransportError, type Exchange } from './timedExchange.js';

export const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([429, 500, 502, 503, 504]);

/** Statuses whose Retry-After header is honoured (RFC 9110 §10.2.3, RFC 6585 §4). */
const RETRY_AFTER_STATUSES: ReadonlySet<number> = new Set([429, 503]);

/** A server asking for a longer wait than this is answered with the error, not waited for. */
export const DEFAULT_MAX_RETRY_AFTER_MS = 30_000;

export interface RetryPolicy {
  maxRetries: number;
  baseDelayMs: number;
  /** Upper bound of one backoff, so a large `maxRetries` cannot stall a diagnosis for minutes. */
  maxDelayMs?: number;
  /** Longest Retry-After honoured (default 30 s). */
  maxRetryAfterMs?: number;
  random?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

/** The moment (epoch ms, on `now`'s clock) after which no attempt may start. */
export interface RetryDeadline {
  deadlineAt: number;
  now: () => number;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** "Equal jitter": half the exponential step is fixed, half random, so concurrent clients spread out but still back off. */
export function backoffDelay(attempt: number, policy: RetryPolicy): number {
  const step = Math.min(policy.baseDelayMs * 2 ** attempt, policy.maxDelayMs ?? 5_000);
  const random = policy.random ?? Math.random;
  return step / 2 + random() * (step / 2);
}

/** The wait before the next attempt, or null when the server asks for more than we grant. */
function nextDelay(attempt: number, policy: RetryPolicy, exchange: Exchange | null, nowMs: number): number | null {
  const backoff = backoffDelay(attempt, policy);
  if (!exchange || !RETRY_AFTER_STATUSES.has(exchange.status)) return backoff;
  const asked = parseRetryAfter(exchange.retryAfter, nowMs);
  if (asked === null) return backoff;
  if (asked > (policy.maxRetryAfterMs ?? DEFAULT_MAX_RETRY_AFTER_MS)) return null;
  return Math.max(backoff, asked);
}

export async function withRetries(policy: RetryPolicy, attemptOnce: (attempt: number) => Promise<Exchange>, deadline?: RetryDeadline): Promise<Exchange> {
  const sleep = policy.sleep ?? defaultSleep;
  const now = deadline?.now ?? Date.now;
  for (let attempt = 0; ; attempt += 1) {
    const last = attempt >= policy.maxRetries;
    let exchange: Exchange | null = null;
    let failure: unknown;
    try {
      exchange = await attemptOnce(attempt);
      if (last || !RETRYABLE_STATUSES.has(exchange.status)) return exchange;
    } catch (error) {
      if (last || !(error instanceof TransportError) || !error.transient) throw error;
      failure = error;
    }
    const delay = nextDelay(attempt, policy, exchange, now());
    const tooLate = delay === null || (deadline !== undefined && now() + delay >= deadline.deadlineAt);
    if (tooLate) {
      if (exchange) return exchange;
      throw failure;
    }
    await sleep(delay);
  }
}
