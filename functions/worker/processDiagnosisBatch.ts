/**
 * The SQS-batch worker core, independent of Lambda: queue messages in, notifications out,
 * and for each record exactly one end — `published`, `duplicate`, or `failed` (reported
 * in `batchItemFailures`, so SQS redelivers it and, after maxReceiveCount, moves it to
 * the dead-letter queue). That is how "every accepted request ends as exactly one
 * published verdict or one dead-letter message" holds.
 *
 * Stages (functions/worker/batch/): parse -> diagnose (bounded concurrency) -> claim one
 * idempotency key per occurrence -> coalesce per cluster (storm digests) -> publish ->
 * complete (or release and fail). The ledger records every record's end.
 */
import type { Verdict } from '../core/verdict.js';
import { coalesceVerdicts, DEFAULT_DIGEST_THRESHOLD } from '../delivery/coalesceVerdicts.js';
import { DEFAULT_IDEMPOTENCY_TTL_SECONDS, type IdempotencyStore } from '../delivery/IdempotencyStore.js';
import type { VerdictPublisher } from '../delivery/VerdictPublisher.js';
import { BatchLedger, type BatchResult, type SqsRecordLike } from './batch/BatchLedger.js';
import { claimOccurrences, groupByOccurrence } from './batch/claimOccurrences.js';
import { diagnoseRecord, type Diagnose } from './batch/diagnoseRecord.js';
import { errorFields } from './batch/errorFields.js';
import { parseRecords } from './batch/parseRecords.js';
import { publishNotifications } from './batch/publishNotifications.js';
import { mapWithConcurrency } from './mapWithConcurrency.js';
import { createJsonLogger, type WorkerLogger } from './WorkerLogger.js';

export type { BatchResult, FailureReason, RecordOutcome, SqsRecordLike } from './batch/BatchLedger.js';

/** Diagnoses in flight per batch: each one makes several Run:ai requests in parallel. */
export const DEFAULT_WORKER_CONCURRENCY = 4;

export interface ProcessDiagnosisBatchDeps {
  diagnose: Diagnose;
  renderText: (verdict: Verdict) => string;
  publisher: VerdictPublisher;
  idempotency: IdempotencyStore;
  now: () => Date;
  concurrency?: number;
  digestThreshold?: number;
  maxNotificationsPerBatch?: number;
  idempotencyTtlSeconds?: number;
  logger?: WorkerLogger;
}

export async function processDiagnosisBatch(records: readonly SqsRecordLike[], deps: ProcessDiagnosisBatchDeps): Promise<BatchResult> {
  const logger = deps.logger ?? createJsonLogger((line) => console.log(line), deps.now);
  const concurrency = deps.concurrency ?? DEFAULT_WORKER_CONCURRENCY;
  const digestThreshold = deps.digestThreshold ?? DEFAULT_DIGEST_THRESHOLD;
  const startedAt = deps.now().getTime();
  const ledger = new BatchLedger(records, deps.idempotency, logger);

  try {
    const valid = parseRecords(ledger, logger);
    const diagnosed = await mapWithConcurrency(valid, concurrency, (item) => diagnoseRecord(item, deps.diagnose, ledger, logger));
    const claimed = await claimOccurrences(groupByOccurrence(diagnosed), ledger, {
      idempotency: deps.idempotency,
      ttlSeconds: deps.idempotencyTtlSeconds ?? DEFAULT_IDEMPOTENCY_TTL_SECONDS,
      concurrency,
      logger,
    });
    const plan = coalesceVerdicts(claimed, {
      digestThreshold,
      ...(deps.maxNotificationsPerBatch !== undefined ? { maxNotificationsPerBatch: deps.maxNotificationsPerBatch } : {}),
    });
    await publishNotifications(plan, ledger, { renderText: deps.renderText, publisher: deps.publisher, idempotency: deps.idempotency, digestThreshold, concurrency, logger });
  } catch (error) {
    // A bug, not an expected failure: whatever has no end yet goes back to the queue.
    logger.error('worker.internal_error', { ...errorFields(error) });
    ledger.failUnsettled('internal_error');
  } finally {
    await ledger.releaseAll([...ledger.held]);
  }

  const result = ledger.toResult();
  logger.info('worker.batch_done', {
    records: records.length,
    published: result.published,
    duplicates: result.duplicates,
    failed: result.failed,
    notifications: result.notifications,
    digests: result.digests,
    durationMs: deps.now().getTime() - startedAt,
  });
  return result;
}
