/**
 * Bounded retry with exponential backoff and jitter, shared by the GET path and the token
 * request. Retried: transient transport failures, timeouts, and 500/502/503/504 (gateways
 * and overloaded control planes recover in seconds). Never retried: any 4xx — the same
 * request would get the same answer. After the last attempt a 5xx exchange is returned (the
 * caller classifies it) and a transport failure is rethrown.
 */
import { TransportError, type Exchange } from './timedExchange.js';

export const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([500, 502, 503, 504]);

export interface RetryPolicy {
  maxRetries: number;
  baseDelayMs: number;
  /** Upper bound of one backoff, so a large `maxRetries` cannot stall a diagnosis for minutes. */
  maxDelayMs?: number;
  random?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** "Equal jitter": half the exponential step is fixed, half random, so concurrent clients spread out but still back off. */
export function backoffDelay(attempt: number, policy: RetryPolicy): number {
  const step = Math.min(policy.baseDelayMs * 2 ** attempt, policy.maxDelayMs ?? 5_000);
  const random = policy.random ?? Math.random;
  return step / 2 + random() * (step / 2);
}

export async function withRetries(policy: RetryPolicy, attemptOnce: (attempt: number) => Promise<Exchange>): Promise<Exchange> {
  const sleep = policy.sleep ?? defaultSleep;
  for (let attempt = 0; ; attempt += 1) {
    const last = attempt >= policy.maxRetries;
    try {
      const exchange = await attemptOnce(attempt);
      if (last || !RETRYABLE_STATUSES.has(exchange.status)) return exchange;
    } catch (error) {
      if (last || !(error instanceof TransportError) || !error.transient) throw error;
    }
    await sleep(backoffDelay(attempt, policy));
  }
}
