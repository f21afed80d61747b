/**
 * Stage 4, publish: each planned notification (a verdict, or a cluster's storm digest) is
 * built and sent; its keys are completed on success. A build or publish error fails the
 * records it carried, after releasing their claims so the retry can publish. Permanent SNS
 * errors (topic missing, access denied) cannot heal by retrying, but the DLQ keeps the
 * messages until the configuration is fixed and they are redriven.
 */
import type { Verdict } from '../../core/verdict.js';
import { buildSnsMessage, type NotificationContext } from '../../delivery/buildSnsMessage.js';
import type { PlannedNotification } from '../../delivery/coalesceVerdicts.js';
import { classifySnsError } from '../../delivery/DeliveryError.js';
import type { IdempotencyStore } from '../../delivery/IdempotencyStore.js';
import { renderDigest } from '../../delivery/renderDigest.js';
import type { SnsNotification } from '../../delivery/SnsNotification.js';
import type { VerdictPublisher } from '../../delivery/VerdictPublisher.js';
import type { QueuedDiagnosis } from '../../core/queuedDiagnosis.js';
import type { NotificationWords } from '../../report/NotificationWords.js';
import { mapWithConcurrency } from '../mapWithConcurrency.js';
import type { WorkerLogger } from '../WorkerLogger.js';
import type { BatchLedger } from './BatchLedger.js';
import type { Occurrence } from './claimOccurrences.js';
import { errorFields } from './errorFields.js';

export interface PublishDeps {
  renderText: (verdict: Verdict) => string;
  words?: NotificationWords;
  publisher: VerdictPublisher;
  idempotency: IdempotencyStore;
  digestThreshold: number;
  concurrency: number;
  logger: WorkerLogger;
  /** The signed "Was this right?" link of a single verdict (§4.10); absent when feedback is off. */
  feedbackUrl?: (verdict: Verdict, occurrenceKey: string, context: NotificationContext) => string;
}

function contextOf(queued: QueuedDiagnosis): NotificationContext {
  return {
    clusterId: queued.request.clusterId,
    project: queued.request.project,
    workloadName: queued.request.workloadName,
    workloadId: queued.request.workloadId,
  };
}

/** The single verdict's context: its identifiers, occurrence key and feedback link (null when feedback is off). */
function withFeedback(item: Occurrence, deps: Pick<PublishDeps, 'feedbackUrl'>): NotificationContext {
  const context = { ...contextOf(item.queued), occurrenceKey: item.key };
  return { ...context, feedbackUrl: deps.feedbackUrl ? deps.feedbackUrl(item.result.verdict, item.key, context) : null };
}

export function buildNotification(
  planned: PlannedNotification<Occurrence>,
  deps: Pick<PublishDeps, 'renderText' | 'words' | 'digestThreshold' | 'feedbackUrl'>,
): SnsNotification {
  return planned.kind === 'single'
    ? buildSnsMessage(planned.item.result.verdict, deps.renderText, withFeedback(planned.item, deps), undefined, deps.words)
    : renderDigest(
        planned.clusterId,
        planned.items.map((group) => ({ key: group.key, verdict: group.result.verdict, context: contextOf(group.queued) })),
        { digestThreshold: deps.digestThreshold, ...(deps.words ? { words: deps.words } : {}) },
      );
}

async function publishOne(planned: PlannedNotification<Occurrence>, ledger: BatchLedger, deps: PublishDeps): Promise<void> {
  const { logger } = deps;
  const groups = planned.kind === 'single' ? [planned.item] : planned.items;
  const keys = groups.map((group) => group.key);
  let notification: SnsNotification;
  try {
    notification = buildNotification(planned, deps);
  } catch (error) {
    // The renderer or the size guard failed: a bug, but the records must still end somewhere.
    logger.error('worker.build_failed', { kind: planned.kind, count: keys.length, ...errorFields(error) });
    for (const group of groups) for (const index of group.indexes) ledger.fail(index, 'internal_error');
    await ledger.releaseAll(keys);
    return;
  }
  try {
    const { messageId } = await deps.publisher.publish(notification);
    ledger.notifications += 1;
    if (planned.kind === 'digest') ledger.digests += 1;
    logger.info('worker.published', { kind: planned.kind, snsMessageId: messageId, keys: keys.length === 1 ? keys[0] : undefined, count: keys.length });
    for (const group of groups) {
      group.indexes.forEach((index, position) => ledger.settle(index, position === 0 ? 'published' : 'duplicate'));
    }
    await Promise.all(
      keys.map(async (key) => {
        ledger.held.delete(key);
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
    for (const group of groups) for (const index of group.indexes) ledger.fail(index, 'publish_failed');
    await ledger.releaseAll(keys);
  }
}

export async function publishNotifications(plan: readonly PlannedNotification<Occurrence>[], ledger: BatchLedger, deps: PublishDeps): Promise<void> {
  await mapWithConcurrency(plan, deps.concurrency, (planned) => publishOne(planned, ledger, deps));
}
