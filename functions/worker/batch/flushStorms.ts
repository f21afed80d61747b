/**
 * A storm window's end: its flush message (StormFlush) seals the window, lists the members
 * held in it and publishes them as ONE digest — or, when its list does not fit one message,
 * as few digests as list every member (splitDigestEntries) — each claimed under its own
 * idempotency key (the window's key, then `#part2`, …) so that a redelivered or duplicate
 * flush never sends one twice and resends only a part that failed. A window with no members
 * (every hold failed or went elsewhere) ends without a message.
 */
import type { IdempotencyStore } from '../../delivery/IdempotencyStore.js';
import { renderDigest, splitDigestEntries } from '../../delivery/renderDigest.js';
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
  const planned = await mapWithConcurrency(flushes, deps.concurrency, async ({ index, flush }): Promise<PlannedDelivery[]> => {
    const ref = { clusterId: flush.clusterId, openedAt: flush.openedAt };
    const windowKey = stormDigestKey(ref);
    const claimed: string[] = [];
    try {
      const members = await deps.window.seal(ref);
      if (members.length === 0) {
        ledger.settle(index, 'duplicate');
        return [];
      }
      const options = { digestThreshold: deps.threshold, ...(deps.words ? { words: deps.words } : {}) };
      const entries = members.map((member) => ({ key: member.key, verdict: member.verdict, context: member.context, nodes: member.nodes }));
      const parts = splitDigestEntries(flush.clusterId, entries, options);
      const deliveries: PlannedDelivery[] = [];
      for (const [position, part] of parts.entries()) {
        const key = position === 0 ? windowKey : `${windowKey}#part${position + 1}`;
        const claim = await deps.idempotency.claim(key, deps.ttlSeconds);
        if (claim === 'duplicate') continue;
        if (claim === 'in_progress') {
          // Usually a duplicate flush of this window publishing right now: come back in seconds (retryDelaySeconds.ts).
          ledger.fail(index, 'digest_claim_in_progress');
          continue;
        }
        ledger.held.add(key);
        claimed.push(key);
        deliveries.push({ kind: 'digest', key, indexes: [index], count: part.length, build: () => renderDigest(flush.clusterId, part, options) });
      }
      // Every part already sent: a duplicate flush.
      if (deliveries.length === 0) ledger.settle(index, 'duplicate');
      return deliveries;
    } catch (error) {
      deps.logger.warn('worker.storm_flush_failed', { key: windowKey, ...errorFields(error) });
      ledger.fail(index, 'storm_failed');
      // Parts claimed before the failure are released: the redelivered flush claims them again.
      await ledger.releaseAll(claimed);
      return [];
    }
  });
  return planned.flat();
}
