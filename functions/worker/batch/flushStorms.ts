/**
 * A storm window's end: its flush message (StormFlush) seals the window, lists the members
 * held in it and publishes them as ONE digest, claimed under the window's own idempotency
 * key so that a redelivered or duplicate flush never sends it twice. A window with no
 * members (every hold failed or went elsewhere) ends without a message.
 */
import type { IdempotencyStore } from '../../delivery/IdempotencyStore.js';
import { renderDigest } from '../../delivery/renderDigest.js';
import type { StormFlush } from '../../delivery/StormFlush.js';
import { stormDigestKey, type StormWindow } from '../../delivery/StormWindow.js';
import { mapWithConcurrency } from '../mapWithConcurrency.js';
import type { LogPort } from '../../core/LogPort.js';
import type { BatchLedger } from './BatchLedger.js';
import { errorFields } from './errorFields.js';
import type { PlannedDelivery } from './publishNotifications.js';
import type { NotificationWords } from '../../report/NotificationWords.js';

export interface ParsedFlush {
  index: number;
  flush: StormFlush;
}

export interface FlushDeps {
  window: StormWindow;
  idempotency: IdempotencyStore;
  ttlSeconds: number;
  /** Stated in the digest so readers know why they got one. */
  threshold: number;
  /** The digest's words, in the worker's locale; English when absent. */
  words?: NotificationWords;
  concurrency: number;
  logger: LogPort;
}

/** The digests to publish (their keys claimed and held in the ledger); other flushes are ended here. */
export async function planStormDigests(flushes: readonly ParsedFlush[], ledger: BatchLedger, deps: FlushDeps): Promise<PlannedDelivery[]> {
  const planned = await mapWithConcurrency(flushes, deps.concurrency, async ({ index, flush }): Promise<PlannedDelivery | null> => {
    const ref = { clusterId: flush.clusterId, openedAt: flush.openedAt };
    const key = stormDigestKey(ref);
    try {
      const members = await deps.window.seal(ref);
      if (members.length === 0) {
        ledger.settle(index, 'duplicate');
        return null;
      }
      const claim = await deps.idempotency.claim(key, deps.ttlSeconds);
      if (claim === 'duplicate') {
        ledger.settle(index, 'duplicate');
        return null;
      }
      if (claim === 'in_progress') {
        // Usually a duplicate flush of this window publishing right now: come back in seconds (retryDelaySeconds.ts).
        ledger.fail(index, 'digest_claim_in_progress');
        return null;
      }
      ledger.held.add(key);
      const entries = members.map((member) => ({ key: member.key, verdict: member.verdict, context: member.context, nodes: member.nodes }));
      return {
        kind: 'digest',
        key,
        indexes: [index],
        count: members.length,
        build: () => renderDigest(flush.clusterId, entries, { digestThreshold: deps.threshold, ...(deps.words ? { words: deps.words } : {}) }),
      };
    } catch (error) {
      deps.logger.warn('worker.storm_flush_failed', { key, ...errorFields(error) });
      ledger.fail(index, 'storm_failed');
      return null;
    }
  });
  return planned.filter((item): item is PlannedDelivery => item !== null);
}
