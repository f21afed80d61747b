/**
 * The SQS-batch worker core, independent of Lambda: queue messages in, notifications out,
 * and for each record exactly one end — `published`, `duplicate`, or `failed` (reported
 * in `batchItemFailures`, so SQS redelivers it and, after maxReceiveCount, moves it to
 * the dead-letter queue). That is how "every accepted request ends as exactly one
 * published verdict or one dead-letter message" holds.
 *
 * Stages (functions/worker/batch/): parse -> diagnose (bounded concurrency, each within its
 * share of the batch deadline) -> per cluster, once its last record is diagnosed: claim one
 * idempotency key per occurrence -> the fleet (remember the node, judge it, §4.8) -> the shared storm window (alone, or held for the window's
 * digest) -> publish -> complete (or release and fail). A storm flush record (the window's
 * end) becomes that window's one digest. The ledger records every record's end.
 */
import type { Verdict } from '../core/verdict.js';
import { DEFAULT_IDEMPOTENCY_TTL_SECONDS, type IdempotencyStore } from '../delivery/IdempotencyStore.js';
import type { VerdictPublisher } from '../delivery/VerdictPublisher.js';
import { BatchLedger, type BatchResult, type SqsRecordLike } from './batch/BatchLedger.js';
import { claimOccurrences, groupByOccurrence } from './batch/claimOccurrences.js';
import { diagnoseRecord, type Diagnose, type DiagnosedRecord } from './batch/diagnoseRecord.js';
import { errorFields } from './batch/errorFields.js';
import { planStormDigests } from './batch/flushStorms.js';
import { holdForStorm, type StormDeps } from './batch/holdForStorm.js';
import { judgeNodes, type FleetDeps } from './batch/judgeNodes.js';
import { parseRecords, type ParsedRecord } from './batch/parseRecords.js';
import { clusterOf, planClusters } from './batch/planClusters.js';
import { publishNotifications, singleDelivery, type SingleRendering } from './batch/publishNotifications.js';
import type { NotificationWords } from '../report/NotificationWords.js';
import { DEFAULT_STORM_THRESHOLD } from '../delivery/StormWindow.js';
import { shareDeadline } from './batch/shareDeadline.js';
import { mapWithConcurrency } from './mapWithConcurrency.js';
import { createJsonLogger, type LogPort } from '../core/LogPort.js';

export type { BatchResult, FailureReason, RecordOutcome, SqsRecordLike } from './batch/BatchLedger.js';
export type { Diagnose, DiagnosisBudget } from './batch/diagnoseRecord.js';
export type { StormDeps } from './batch/holdForStorm.js';
export type { FleetDeps } from './batch/judgeNodes.js';

/** Diagnoses in flight per batch: each one makes several Run:ai requests in parallel. */
export const DEFAULT_WORKER_CONCURRENCY = 4;

export interface ProcessDiagnosisBatchDeps {
  diagnose: Diagnose;
  renderText: (verdict: Verdict) => string;
  /** The subject and digest words, in renderText's locale (notificationWordsFor(REPORT_LOCALE)); English when absent. */
  words?: NotificationWords;
  /** The signed "Was this right?" link of a single verdict (§4.10); absent when feedback is off. */
  feedbackUrl?: SingleRendering['feedbackUrl'];
  publisher: VerdictPublisher;
  idempotency: IdempotencyStore;
  now: () => Date;
  concurrency?: number;
  /**
   * The shared storm window and its flush queue (AWS: DynamoDB + SQS delay; local: memory).
   * Without it every verdict goes out alone, and a storm flush record cannot be served.
   */
  storm?: StormDeps;
  /**
   * The fleet's memory of failures per node (§4.8): suspect nodes are named in verdicts and get
   * one `node_suspect` notice per window. Without it no node is ever judged.
   */
  fleet?: FleetDeps;
  /** Verdicts of a cluster's window that go out alone; stated in the digest. Default 5. */
  stormThreshold?: number;
  idempotencyTtlSeconds?: number;
  logger?: LogPort;
  /**
   * Epoch ms (on `now`'s clock) by which every diagnosis must have ended, leaving the rest
   * of the invocation for claiming and publishing. Absent: no deadline (local runs, tests).
   */
  diagnoseBy?: number;
}

interface ClusterProgress {
  expected: number;
  finished: number;
  diagnosed: DiagnosedRecord[];
}

export async function processDiagnosisBatch(records: readonly SqsRecordLike[], deps: ProcessDiagnosisBatchDeps): Promise<BatchResult> {
  const logger = deps.logger ?? createJsonLogger((line) => console.log(line), deps.now);
  const concurrency = deps.concurrency ?? DEFAULT_WORKER_CONCURRENCY;
  const startedAt = deps.now().getTime();
  const ledger = new BatchLedger(records, deps.idempotency, logger);
  const claimDeps = { idempotency: deps.idempotency, ttlSeconds: deps.idempotencyTtlSeconds ?? DEFAULT_IDEMPOTENCY_TTL_SECONDS, concurrency, logger };
  const publishDeps = { publisher: deps.publisher, idempotency: deps.idempotency, concurrency, logger };
  const rendering: SingleRendering = {
    renderText: deps.renderText,
    ...(deps.words ? { words: deps.words } : {}),
    ...(deps.feedbackUrl ? { feedbackUrl: deps.feedbackUrl } : {}),
  };

  /** Claims, counts in the storm window and publishes one cluster whose records have all been diagnosed. */
  const publishCluster = async (progress: ClusterProgress): Promise<void> => {
    const diagnosed = [...progress.diagnosed].sort((a, b) => a.index - b.index);
    const claimed = await claimOccurrences(groupByOccurrence(diagnosed), ledger, claimDeps);
    if (deps.fleet) await judgeNodes(claimed, { fleet: deps.fleet, publisher: deps.publisher, now: deps.now, concurrency, logger });
    const alone = deps.storm
      ? await holdForStorm(claimed, ledger, { storm: deps.storm, idempotency: deps.idempotency, now: deps.now, concurrency, logger })
      : claimed;
    await publishNotifications(
      alone.map((item) => singleDelivery(item, rendering)),
      ledger,
      publishDeps,
    );
  };

  try {
    const { valid, flushes } = parseRecords(ledger, logger);
    const publishing: Promise<void>[] = [];
    if (flushes.length > 0) {
      if (deps.storm) {
        const flushDeps = {
          window: deps.storm.window,
          idempotency: deps.idempotency,
          ttlSeconds: claimDeps.ttlSeconds,
          threshold: deps.stormThreshold ?? DEFAULT_STORM_THRESHOLD,
          ...(deps.words ? { words: deps.words } : {}),
          concurrency,
          logger,
        };
        publishing.push(planStormDigests(flushes, ledger, flushDeps).then((digests) => publishNotifications(digests, ledger, publishDeps)));
      } else {
        // A worker wired without a storm window cannot serve a flush: the DLQ keeps it for one that can.
        logger.error('worker.storm_flush_unserved', { count: flushes.length });
        for (const { index } of flushes) ledger.fail(index, 'internal_error');
      }
    }
    const clusters = new Map<string, ClusterProgress>();
    for (const [clusterId, expected] of planClusters(valid.map((item) => item.queued))) clusters.set(clusterId, { expected, finished: 0, diagnosed: [] });

    let started = 0;
    const diagnoseOne = async (item: ParsedRecord): Promise<DiagnosedRecord | null> => {
      const remaining = valid.length - started;
      started += 1;
      if (deps.diagnoseBy === undefined) return diagnoseRecord(item, deps.diagnose, ledger, logger);
      const nowMs = deps.now().getTime();
      const deadlineAt = shareDeadline({ nowMs, diagnoseBy: deps.diagnoseBy, remaining, concurrency });
      if (deadlineAt === null) {
        // Not started: back to the queue, for an invocation with time to diagnose it.
        logger.warn('worker.out_of_time', { messageId: ledger.messageId(item.index), dedupeKey: item.queued.dedupeKey });
        ledger.fail(item.index, 'out_of_time');
        return null;
      }
      return diagnoseRecord(item, deps.diagnose, ledger, logger, { deadlineAt, nowMs });
    };

    await mapWithConcurrency(valid, concurrency, async (item) => {
      const diagnosed = await diagnoseOne(item);
      const progress = clusters.get(clusterOf(item.queued))!;
      progress.finished += 1;
      if (diagnosed) progress.diagnosed.push(diagnosed);
      if (progress.finished === progress.expected) publishing.push(publishCluster(progress));
    });
    await Promise.all(publishing);
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
    heldForDigest: result.heldForDigest,
    durationMs: deps.now().getTime() - startedAt,
  });
  return result;
}
