/**
 * The SQS-batch worker core, independent of Lambda: queue messages in, notifications out,
 * and for each record exactly one end — `published`, `duplicate`, or `failed` (reported
 * in `batchItemFailures`, so SQS redelivers it and, after maxReceiveCount, moves it to
 * the dead-letter queue). That is how "every accepted request ends as exactly one
 * published verdict or one dead-letter message" (DESIGN §5) holds.
 *
 * Steps: parse -> diagnose (bounded concurrency) -> idempotency key per occurrence ->
 * claim -> coalesce per cluster (storm digests) -> publish -> complete (or release and fail).
 *
 * Decisions:
 * - A malformed body (not JSON, or not a QueuedDiagnosis) can never succeed, yet it is
 *   reported as failed rather than acknowledged: acknowledging would silently drop
 *   something a producer accepted, and the worker cannot move it to the DLQ itself. SQS's
 *   redrive policy puts it there after maxReceiveCount receives, body intact, for an
 *   operator; the cost is a few pointless receives. Each receive logs why it is invalid.
 * - Any diagnose error fails the record. Retryable ones (Run:ai unreachable) are expected
 *   to succeed later; permanent ones should not escape the engine (it turns them into
 *   verdicts with limitations), so if one does it is logged as an error and still ends in
 *   the DLQ rather than vanishing.
 * - Any publish error fails the records it carried, after releasing their claims so the
 *   retry can publish. Permanent SNS errors (topic missing, access denied) cannot heal by
 *   retrying, but the DLQ keeps the messages until the configuration is fixed and they
 *   are redriven.
 * - Records of one batch with the same key are claimed once: one is published, the
 *   others count as duplicates.
 */
import { QueuedDiagnosisSchema, type QueuedDiagnosis } from '../core/queuedDiagnosis.js';
import type { Verdict } from '../core/verdict.js';
import type { DiagnosisResult } from '../diagnosis/DiagnosisResult.js';
import { buildSnsMessage, type NotificationContext } from '../delivery/buildSnsMessage.js';
import { coalesceVerdicts, DEFAULT_DIGEST_THRESHOLD, type PlannedNotification } from '../delivery/coalesceVerdicts.js';
import { classifySnsError } from '../delivery/DeliveryError.js';
import { DEFAULT_IDEMPOTENCY_TTL_SECONDS, idempotencyKey, type IdempotencyStore } from '../delivery/IdempotencyStore.js';
import { renderDigest } from '../delivery/renderDigest.js';
import type { SnsNotification } from '../delivery/SnsNotification.js';
import type { VerdictPublisher } from '../delivery/VerdictPublisher.js';
import { mapWithConcurrency } from './mapWithConcurrency.js';
import { createJsonLogger, type WorkerLogger } from './WorkerLogger.js';

/** Diagnoses in flight per batch: each one makes several Run:ai requests in parallel. */
export const DEFAULT_WORKER_CONCURRENCY = 4;

export interface SqsRecordLike {
  messageId: string;
  body: string;
}

export interface ProcessDiagnosisBatchDeps {
  diagnose: (queued: QueuedDiagnosis) => Promise<DiagnosisResult>;
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

export type RecordOutcome = 'published' | 'duplicate' | 'failed';
export type FailureReason = 'malformed' | 'diagnose_failed' | 'claim_failed' | 'claim_in_progress' | 'publish_failed' | 'internal_error';

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
  /** Per record, in input order. */
  records: { messageId: string; outcome: RecordOutcome; reason?: FailureReason }[];
}

interface Claimed {
  key: string;
  clusterId: string;
  queued: QueuedDiagnosis;
  result: DiagnosisResult;
  /** Record indexes sharing this key; the first is the one that gets published. */
  indexes: number[];
}

interface ErrorFields {
  errorName: string;
  errorCode: string | undefined;
  retryable: boolean;
  errorMessage: string;
}

/** What a log line says about an error: its class, code, retryability and message (never a payload). */
function errorFields(error: unknown): ErrorFields {
  const shape = (typeof error === 'object' && error !== null ? error : {}) as { name?: unknown; code?: unknown; retryable?: unknown; message?: unknown };
  return {
    errorName: typeof shape.name === 'string' ? shape.name : typeof error,
    errorCode: typeof shape.code === 'string' ? shape.code : undefined,
    retryable: shape.retryable === true,
    errorMessage: typeof shape.message === 'string' ? shape.message : String(error),
  };
}

function contextOf(queued: QueuedDiagnosis): NotificationContext {
  return {
    clusterId: queued.request.clusterId,
    project: queued.request.project,
    workloadName: queued.request.workloadName,
    workloadId: queued.request.workloadId,
  };
}

function parseRecord(body: string): { ok: true; queued: QueuedDiagnosis } | { ok: false; why: string[] } {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch (error) {
    return { ok: false, why: [`body is not JSON: ${(error as Error).message}`] };
  }
  const parsed = QueuedDiagnosisSchema.safeParse(json);
  if (parsed.success) return { ok: true, queued: parsed.data };
  return { ok: false, why: parsed.error.issues.slice(0, 10).map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`) };
}

export async function processDiagnosisBatch(records: readonly SqsRecordLike[], deps: ProcessDiagnosisBatchDeps): Promise<BatchResult> {
  const logger = deps.logger ?? createJsonLogger((line) => console.log(line), deps.now);
  const concurrency = deps.concurrency ?? DEFAULT_WORKER_CONCURRENCY;
  const ttlSeconds = deps.idempotencyTtlSeconds ?? DEFAULT_IDEMPOTENCY_TTL_SECONDS;
  const startedAt = deps.now().getTime();
  const outcomes: { outcome?: RecordOutcome; reason?: FailureReason }[] = records.map(() => ({}));
  const fail = (index: number, reason: FailureReason) => {
    outcomes[index] = { outcome: 'failed', reason };
  };
  /** Keys claimed and not yet completed or released: released on any unexpected exit. */
  const held = new Set<string>();
  let notifications = 0;
  let digests = 0;

  try {
    // 1. Parse.
    const valid: { index: number; queued: QueuedDiagnosis }[] = [];
    records.forEach((record, index) => {
      const parsed = parseRecord(record.body);
      if (parsed.ok) {
        valid.push({ index, queued: parsed.queued });
        return;
      }
      logger.warn('worker.malformed_message', {
        messageId: record.messageId,
        bodyBytes: Buffer.byteLength(record.body, 'utf8'),
        issues: parsed.why,
        note: 'reported as failed so that the redrive policy moves it to the DLQ',
      });
      fail(index, 'malformed');
    });

    // 2. Diagnose, bounded.
    const diagnosed = await mapWithConcurrency(valid, concurrency, async ({ index, queued }) => {
      try {
        return { index, queued, result: await deps.diagnose(queued) };
      } catch (error) {
        const fields = { messageId: records[index]!.messageId, dedupeKey: queued.dedupeKey, ...errorFields(error) };
        if (fields.retryable) logger.warn('worker.diagnose_failed', fields);
        else logger.error('worker.diagnose_failed_permanently', { ...fields, note: 'the engine should have returned a verdict with limitations' });
        fail(index, 'diagnose_failed');
        return null;
      }
    });

    // 3. One claim per occurrence key (several records of one batch may share it).
    const byKey = new Map<string, Claimed>();
    for (const item of diagnosed) {
      if (!item) continue;
      const key = idempotencyKey(item.result, item.queued);
      const existing = byKey.get(key);
      if (existing) {
        existing.indexes.push(item.index);
        continue;
      }
      const clusterId =
        item.result.verdict.workload?.clusterId || item.result.occurrence?.clusterId || item.queued.request.clusterId || 'unknown';
      byKey.set(key, { key, clusterId, queued: item.queued, result: item.result, indexes: [item.index] });
    }

    const claimResults = await mapWithConcurrency([...byKey.values()], concurrency, async (group) => {
      try {
        return { group, claim: await deps.idempotency.claim(group.key, ttlSeconds) };
      } catch (error) {
        logger.warn('worker.claim_failed', { key: group.key, ...errorFields(error) });
        return { group, claim: 'error' as const };
      }
    });
    const toPublish: Claimed[] = [];
    for (const { group, claim } of claimResults) {
      if (claim === 'claimed') {
        held.add(group.key);
        toPublish.push(group);
      } else if (claim === 'duplicate') {
        logger.info('worker.duplicate', { key: group.key, messageIds: group.indexes.map((i) => records[i]!.messageId) });
        for (const index of group.indexes) outcomes[index] = { outcome: 'duplicate' };
      } else {
        // Someone else holds a live claim, or the store failed: retry later, never drop.
        for (const index of group.indexes) fail(index, claim === 'in_progress' ? 'claim_in_progress' : 'claim_failed');
      }
    }

    // 4. Coalesce per cluster, then publish.
    const plan = coalesceVerdicts(toPublish, {
      digestThreshold: deps.digestThreshold ?? DEFAULT_DIGEST_THRESHOLD,
      ...(deps.maxNotificationsPerBatch !== undefined ? { maxNotificationsPerBatch: deps.maxNotificationsPerBatch } : {}),
    });

    const build = (planned: PlannedNotification<Claimed>): SnsNotification =>
      planned.kind === 'single'
        ? buildSnsMessage(planned.item.result.verdict, deps.renderText, { ...contextOf(planned.item.queued), occurrenceKey: planned.item.key })
        : renderDigest(
            planned.clusterId,
            planned.items.map((group) => ({ key: group.key, verdict: group.result.verdict, context: contextOf(group.queued) })),
            { digestThreshold: deps.digestThreshold ?? DEFAULT_DIGEST_THRESHOLD },
          );

    await mapWithConcurrency(plan, concurrency, async (planned) => {
      const groups = planned.kind === 'single' ? [planned.item] : planned.items;
      const keys = groups.map((group) => group.key);
      let notification: SnsNotification;
      try {
        notification = build(planned);
      } catch (error) {
        // The renderer or the size guard failed: a bug, but the records must still end somewhere.
        logger.error('worker.build_failed', { kind: planned.kind, count: keys.length, ...errorFields(error) });
        for (const group of groups) for (const index of group.indexes) fail(index, 'internal_error');
        await releaseAll(keys);
        return;
      }
      try {
        const { messageId } = await deps.publisher.publish(notification);
        notifications += 1;
        if (planned.kind === 'digest') digests += 1;
        logger.info('worker.published', { kind: planned.kind, snsMessageId: messageId, keys: keys.length === 1 ? keys[0] : undefined, count: keys.length });
        for (const group of groups) {
          group.indexes.forEach((index, position) => {
            outcomes[index] = { outcome: position === 0 ? 'published' : 'duplicate' };
          });
        }
        await Promise.all(
          keys.map(async (key) => {
            held.delete(key);
            try {
              await deps.idempotency.complete(key);
            } catch (error) {
              // Published is published: at worst a later repeat notifies again after the lease.
              logger.warn('worker.complete_failed', { key, ...errorFields(error) });
            }
          }),
        );
      } catch (error) {
        const delivery = classifySnsError(error);
        const fields = { kind: planned.kind, count: keys.length, code: delivery.code, retryable: delivery.retryable, errorMessage: delivery.message };
        if (delivery.retryable) logger.warn('worker.publish_failed', fields);
        else logger.error('worker.publish_failed_permanently', { ...fields, note: 'records go to the DLQ after maxReceiveCount; fix the topic and redrive' });
        for (const group of groups) for (const index of group.indexes) fail(index, 'publish_failed');
        await releaseAll(keys);
      }
    });
  } catch (error) {
    // A bug, not an expected failure: whatever has no end yet goes back to the queue.
    logger.error('worker.internal_error', { ...errorFields(error) });
    outcomes.forEach((entry, index) => {
      if (!entry.outcome) fail(index, 'internal_error');
    });
  } finally {
    await releaseAll([...held]);
  }

  async function releaseAll(keys: string[]): Promise<void> {
    await Promise.all(
      keys.map(async (key) => {
        held.delete(key);
        try {
          await deps.idempotency.release(key);
        } catch (error) {
          // The claim then expires with its lease (DEFAULT_IN_PROGRESS_TIMEOUT_SECONDS).
          logger.warn('worker.release_failed', { key, ...errorFields(error) });
        }
      }),
    );
  }

  const result: BatchResult = { batchItemFailures: [], published: 0, duplicates: 0, failed: 0, notifications, digests, records: [] };
  records.forEach((record, index) => {
    const entry = outcomes[index]!;
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
  logger.info('worker.batch_done', {
    records: records.length,
    published: result.published,
    duplicates: result.duplicates,
    failed: result.failed,
    notifications,
    digests,
    durationMs: deps.now().getTime() - startedAt,
  });
  return result;
}
