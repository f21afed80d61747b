/**
 * How soon a failed record comes back (DESIGN §4.9: a retryable failure is retried within
 * 2 minutes, not after the queue's visibility timeout). The worker sets each failed
 * record's visibility to this before returning its partial batch response; SQS keeps
 * counting receives, so maxReceiveCount and the DLQ work as before (5 receives: back after
 * 15, 30, 60 and 120 s). Pure.
 *
 * One exception: `claim_in_progress` — another invocation holds the occurrence's claim —
 * keeps the queue's timeout, which is at least the idempotency lease. Coming back sooner
 * would only meet the same live claim and spend the receives a crashed holder's lease needs
 * to run out, dead-lettering a record that was about to be notified.
 */
import type { FailureReason } from './batch/BatchLedger.js';

export interface RetryPolicy {
  baseSeconds: number;
  maxSeconds: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { baseSeconds: 15, maxSeconds: 120 };

/** Seconds until the record is received again, or null to leave the queue's visibility timeout. */
export function retryDelaySeconds(reason: FailureReason | undefined, receiveCount: number, policy: RetryPolicy = DEFAULT_RETRY_POLICY): number | null {
  if (reason === 'claim_in_progress') return null;
  const attempt = Math.max(1, Math.floor(receiveCount));
  return Math.min(policy.maxSeconds, policy.baseSeconds * 2 ** Math.min(attempt - 1, 20));
}
