/**
 * Stage 4, publish: each planned delivery (one verdict, or a storm window's digest) is built
 * and sent; its key is completed on success. A build or publish error fails the records it
 * carried, after releasing the claim so the retry can publish. Permanent SNS errors (topic
 * missing, access denied) cannot heal by retrying, but the DLQ keeps the messages until the
 * configuration is fixed and they are redriven.
 */
import type { Verdict } from '../../core/verdict.js';
import type { QueuedDiagnosis } from '../../core/queuedDiagnosis.js';
import { buildSnsMessage, type NotificationContext } from '../../delivery/buildSnsMessage.js';
import { classifySnsError } from '../../delivery/DeliveryError.js';
import type { IdempotencyStore } from '../../delivery/IdempotencyStore.js';
import type { SnsNotification } from '../../delivery/SnsNotification.js';
import type { VerdictPublisher } from '../../delivery/VerdictPublisher.js';
import { mapWithConcurrency } from '../mapWithConcurrency.js';
import type { NotificationWords } from '../../report/NotificationWords.js';
import type { LogPort } from '../../core/LogPort.js';
import type { BatchLedger } from './BatchLedger.js';
import type { Occurrence } from './claimOccurrences.js';
import { errorFields } from './errorFields.js';

export interface PublishDeps {
  publisher: VerdictPublisher;
  idempotency: IdempotencyStore;
  concurrency: number;
  logger: LogPort;
}

/** One SNS message to send: the claimed key it completes and the records it ends (the first is `published`). */
export interface PlannedDelivery {
  kind: 'single' | 'digest';
  key: string;
  indexes: readonly number[];
  /** Verdicts it carries (1, or a digest's members). */
  count: number;
  build: () => SnsNotification;
}

export function contextOf(queued: QueuedDiagnosis): NotificationContext {
  return {
    clusterId: queued.request.clusterId,
    project: queued.request.project,
    workloadName: queued.request.workloadName,
    workloadId: queued.request.workloadId,
  };
}

/** How a verdict that goes out alone is rendered: its text, its subject's words, and its feedback link. */
export interface SingleRendering {
  renderText: (verdict: Verdict) => string;
  /** The subject's words, in renderText's locale; English when absent. */
  words?: NotificationWords;
  /** The signed "Was this right?" link of a single verdict; absent when feedback is off. */
  feedbackUrl?: (verdict: Verdict, occurrenceKey: string, context: NotificationContext) => string;
}

/** A verdict that goes out alone. */
export function singleDelivery(item: Occurrence, rendering: SingleRendering): PlannedDelivery {
  return {
    kind: 'single',
    key: item.key,
    indexes: item.indexes,
    count: 1,
    build: () => {
      const context = { ...contextOf(item.queued), occurrenceKey: item.key };
      const feedbackUrl = rendering.feedbackUrl ? rendering.feedbackUrl(item.result.verdict, item.key, context) : null;
      return buildSnsMessage(item.result.verdict, rendering.renderText, { ...context, feedbackUrl }, undefined, rendering.words);
    },
  };
}

async function publishOne(planned: PlannedDelivery, ledger: BatchLedger, deps: PublishDeps): Promise<void> {
  const { logger } = deps;
  let notification: SnsNotification;
  try {
    notification = planned.build();
  } catch (error) {
    // The renderer or the size guard failed: a bug, but the records must still end somewhere.
    logger.error('worker.build_failed', { kind: planned.kind, count: planned.count, ...errorFields(error) });
    for (const index of planned.indexes) ledger.fail(index, 'internal_error');
    await ledger.releaseAll([planned.key]);
    return;
  }
  try {
    const { messageId } = await deps.publisher.publish(notification);
    ledger.notifications += 1;
    if (planned.kind === 'digest') ledger.digests += 1;
    logger.info('worker.published', { kind: planned.kind, snsMessageId: messageId, key: planned.key, count: planned.count });
    planned.indexes.forEach((index, position) => ledger.settle(index, position === 0 ? 'published' : 'duplicate'));
    ledger.held.delete(planned.key);
    try {
      await deps.idempotency.complete(planned.key);
    } catch (error) {
      // Published is published: at worst a later repeat notifies again after the lease.
      logger.warn('worker.complete_failed', { key: planned.key, ...errorFields(error) });
    }
  } catch (error) {
    const delivery = classifySnsError(error);
    const fields = { kind: planned.kind, count: planned.count, code: delivery.code, retryable: delivery.retryable, errorMessage: delivery.message };
    if (delivery.retryable) logger.warn('worker.publish_failed', fields);
    else logger.error('worker.publish_failed_permanently', { ...fields, note: 'records go to the DLQ after maxReceiveCount; fix the topic and redrive' });
    for (const index of planned.indexes) ledger.fail(index, 'publish_failed');
    await ledger.releaseAll([planned.key]);
  }
}

export async function publishNotifications(plan: readonly PlannedDelivery[], ledger: BatchLedger, deps: PublishDeps): Promise<void> {
  await mapWithConcurrency(plan, deps.concurrency, (planned) => publishOne(planned, ledger, deps));
}
