/**
 * How soon a failed record comes back (DESIGN §4.9: a retryable failure is retried within
 * 2 minutes, not after the queue's visibility timeout). The worker sets each failed
 * record's visibility to this before returning its partial batch response; SQS keeps
 * counting receives, so maxReceiveCount and the DLQ work as before (5 receives: back after
 * 15, 30, 60 and 120 s). Pure.
 *
 * `claim_in_progress` — another invocation holds the occurrence's claim — keeps the queue's
 * timeout, which is at least the idempotency lease. Coming back sooner would only meet the
 * same live claim and spend the receives a crashed holder's lease needs to run out,
 * dead-lettering a record that was about to be notified.
 *
 * `digest_claim_in_progress` — a storm flush whose digest claim another invocation holds —
 * comes back after DIGEST_CLAIM_RETRY_SECONDS (5 s, then 20 s), then keeps the queue's timeout.
 * The holder is almost always a duplicate flush of the same window publishing that digest
 * now (SQS delivers at least once), so a few seconds later the claim reads `duplicate` and the
 * flush ends; waiting the 900 s visibility would only hold the record. Two short receives are
 * the bound: if the holder crashed, its lease (900 s) must run out, and with maxReceiveCount 5
 * the 4th receive (after the queue's timeout, past the lease) claims it and the 5th is still
 * spare. A digest is never published twice: the retry only asks the idempotency store again.
 */
import type { FailureReason } from './batch/BatchLedger.js';

export interface RetryPolicy {
  baseSeconds: number;
  maxSeconds: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { baseSeconds: 15, maxSeconds: 120 };

/** The short waits of a storm flush that met a held digest claim, by receive (1st, 2nd); later receives keep the queue's timeout. */
export const DIGEST_CLAIM_RETRY_SECONDS: readonly number[] = [5, 20];

/** Seconds until the record is received again, or null to leave the queue's visibility timeout. */
export function retryDelaySeconds(reason: FailureReason | undefined, receiveCount: number, policy: RetryPolicy = DEFAULT_RETRY_POLICY): number | null {
  const attempt = Math.max(1, Math.floor(receiveCount));
  if (reason === 'claim_in_progress') return null;
  if (reason === 'digest_claim_in_progress') return DIGEST_CLAIM_RETRY_SECONDS[attempt - 1] ?? null;
  return Math.min(policy.maxSeconds, policy.baseSeconds * 2 ** Math.min(attempt - 1, 20));
}
