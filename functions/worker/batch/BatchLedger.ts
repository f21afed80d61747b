/**
 * The book of one batch: for each record its end (`published`, `duplicate` or `failed` with
 * a reason), the idempotency keys claimed and not yet completed or released, and the SNS
 * counts. Every stage writes here; `toResult` turns it into the Lambda's partial batch
 * response, where a record with no end recorded (a bug) fails, since retrying is the safe end.
 */
import type { IdempotencyStore } from '../../delivery/IdempotencyStore.js';
import type { LogPort } from '../../core/LogPort.js';
import { errorFields } from './errorFields.js';

export interface SqsRecordLike {
  messageId: string;
  body: string;
}

export type RecordOutcome = 'published' | 'duplicate' | 'failed';
export type FailureReason =
  | 'malformed'
  | 'diagnose_failed'
  | 'out_of_time'
  | 'claim_failed'
  | 'claim_in_progress'
  /** A storm flush whose digest another invocation is publishing (or crashed publishing): retryDelaySeconds.ts. */
  | 'digest_claim_in_progress'
  | 'publish_failed'
  | 'storm_failed'
  | 'internal_error';

export interface BatchResult {
  /** The Lambda partial batch response: these records return to the queue. */
  batchItemFailures: { itemIdentifier: string }[];
  /** Records whose verdict went out, alone or in a digest. */
  published: number;
  /** Records whose occurrence was already notified (earlier, or by another record of this batch). */
  duplicates: number;
  failed: number;
  /** SNS messages sent (individual notifications plus digests). */
  notifications: number;
  digests: number;
  /** Verdicts held for a storm digest (counted in `published`: the digest, sent at the window's end, carries them). */
  heldForDigest: number;
  /** Per record, in input order. */
  records: { messageId: string; outcome: RecordOutcome; reason?: FailureReason }[];
}

export class BatchLedger {
  readonly records: readonly SqsRecordLike[];
  /** Keys claimed and not yet completed or released: released on any unexpected exit. */
  readonly held = new Set<string>();
  notifications = 0;
  digests = 0;
  heldForDigest = 0;
  private readonly outcomes: { outcome?: RecordOutcome; reason?: FailureReason }[];
  private readonly idempotency: IdempotencyStore;
  private readonly logger: LogPort;

  constructor(records: readonly SqsRecordLike[], idempotency: IdempotencyStore, logger: LogPort) {
    this.records = records;
    this.outcomes = records.map(() => ({}));
    this.idempotency = idempotency;
    this.logger = logger;
  }

  messageId(index: number): string {
    return this.records[index]!.messageId;
  }

  fail(index: number, reason: FailureReason): void {
    this.outcomes[index] = { outcome: 'failed', reason };
  }

  /** A record a part of whose work failed stays failed (a storm flush published as several digests). */
  settle(index: number, outcome: 'published' | 'duplicate'): void {
    if (this.outcomes[index]?.outcome === 'failed') return;
    this.outcomes[index] = { outcome };
  }

  /** Fails every record that has no end yet. */
  failUnsettled(reason: FailureReason): void {
    this.outcomes.forEach((entry, index) => {
      if (!entry.outcome) this.fail(index, reason);
    });
  }

  async releaseAll(keys: readonly string[]): Promise<void> {
    await Promise.all(
      keys.map(async (key) => {
        this.held.delete(key);
        try {
          await this.idempotency.release(key);
        } catch (error) {
          // The claim then expires with its lease (DEFAULT_IN_PROGRESS_TIMEOUT_SECONDS).
          this.logger.warn('worker.release_failed', { key, ...errorFields(error) });
        }
      }),
    );
  }

  toResult(): BatchResult {
    const result: BatchResult = {
      batchItemFailures: [],
      published: 0,
      duplicates: 0,
      failed: 0,
      notifications: this.notifications,
      digests: this.digests,
      heldForDigest: this.heldForDigest,
      records: [],
    };
    this.records.forEach((record, index) => {
      const entry = this.outcomes[index]!;
      const outcome = entry.outcome ?? 'failed'; // no end recorded is a bug; retrying is the safe end
      const reason = entry.outcome ? entry.reason : 'internal_error';
      result.records.push({ messageId: record.messageId, outcome, ...(reason ? { reason } : {}) });
      if (outcome === 'published') result.published += 1;
      else if (outcome === 'duplicate') result.duplicates += 1;
      else {
        result.failed += 1;
        result.batchItemFailures.push({ itemIdentifier: record.messageId });
      }
    });
    return result;
  }
}
