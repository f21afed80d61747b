/**
 * Stage 3b, the storm window (functions/delivery/StormWindow.ts): each claimed occurrence
 * takes a rank in its cluster's shared window. Within the threshold it goes out alone (the
 * caller publishes it); beyond, it is held for the window's digest: the flush is queued
 * first (unless the window says one is queued already), then the member is stored, then its
 * record ends (`published`: its notification is now the digest) and its key is completed.
 * A window sealed between the two steps counts the occurrence again, in a new window.
 * A store or queue error fails the records (claim released): retried, never dropped.
 */
import { extractNodes } from '../../delivery/extractNodes.js';
import { stormFlushOf, type StormFlushQueue } from '../../delivery/StormFlush.js';
import { secondsUntil, stormDigestKey, toStormMember, type StormCount, type StormWindow } from '../../delivery/StormWindow.js';
import type { IdempotencyStore } from '../../delivery/IdempotencyStore.js';
import { mapWithConcurrency } from '../mapWithConcurrency.js';
import type { LogPort } from '../../core/LogPort.js';
import type { BatchLedger } from './BatchLedger.js';
import type { Occurrence } from './claimOccurrences.js';
import { errorFields } from './errorFields.js';
import { contextOf } from './publishNotifications.js';

export interface StormDeps {
  window: StormWindow;
  flushes: StormFlushQueue;
}

export interface HoldDeps {
  storm: StormDeps;
  idempotency: IdempotencyStore;
  now: () => Date;
  concurrency: number;
  logger: LogPort;
}

/** A window closing under the same occurrence this often in a row: send it alone rather than loop. */
const MAX_COUNTS = 3;

/**
 * Queues a window's flush once per batch: members of one window in one batch share it. Across
 * invocations the window's `flushQueued` mark does the same; a few concurrent invocations
 * may still each queue one, which is harmless (the digest's own claim sends it once).
 */
function queueFlushOnce(counted: Extract<StormCount, { kind: 'hold' }>, queued: Map<string, Promise<void>>, deps: HoldDeps): Promise<void> {
  const id = stormDigestKey(counted.ref);
  let pending = queued.get(id);
  if (!pending) {
    pending = (async () => {
      await deps.storm.flushes.schedule(stormFlushOf(counted.ref), secondsUntil(counted.closesAt, deps.now().getTime()));
      try {
        await deps.storm.window.markFlushQueued(counted.ref);
      } catch (error) {
        // The flush is queued; an unmarked window only costs another flush message, which finds the digest sent.
        deps.logger.warn('worker.storm_mark_failed', { clusterId: counted.ref.clusterId, ...errorFields(error) });
      }
    })();
    // A failed scheduling is not remembered: the next member of the window tries again.
    pending.catch(() => queued.delete(id));
    queued.set(id, pending);
  }
  return pending;
}

async function holdOne(item: Occurrence, queued: Map<string, Promise<void>>, deps: HoldDeps): Promise<'alone' | 'held'> {
  const { window } = deps.storm;
  for (let attempt = 0; attempt < MAX_COUNTS; attempt++) {
    const counted = await window.count(item.clusterId);
    if (counted.kind === 'alone') return 'alone';
    if (!counted.flushQueued) await queueFlushOnce(counted, queued, deps);
    const member = toStormMember({ key: item.key, verdict: item.result.verdict, context: contextOf(item.queued), nodes: extractNodes(item.result.verdict) });
    if ((await window.hold(counted.ref, member)) === 'held') {
      deps.logger.info('worker.held_for_digest', { key: item.key, clusterId: item.clusterId, rank: counted.rank, windowOpenedAt: counted.ref.openedAt });
      return 'held';
    }
  }
  return 'alone';
}

/** The occurrences to publish alone; the held ones are ended here. */
export async function holdForStorm(claimed: readonly Occurrence[], ledger: BatchLedger, deps: HoldDeps): Promise<Occurrence[]> {
  const queued = new Map<string, Promise<void>>();
  const decided = await mapWithConcurrency(claimed, deps.concurrency, async (item) => {
    try {
      return { item, fate: await holdOne(item, queued, deps) };
    } catch (error) {
      deps.logger.warn('worker.storm_failed', { key: item.key, clusterId: item.clusterId, ...errorFields(error) });
      for (const index of item.indexes) ledger.fail(index, 'storm_failed');
      await ledger.releaseAll([item.key]);
      return { item, fate: 'failed' as const };
    }
  });
  const alone: Occurrence[] = [];
  for (const { item, fate } of decided) {
    if (fate === 'alone') alone.push(item);
    if (fate !== 'held') continue;
    ledger.heldForDigest += 1;
    item.indexes.forEach((index, position) => ledger.settle(index, position === 0 ? 'published' : 'duplicate'));
    ledger.held.delete(item.key);
    try {
      await deps.idempotency.complete(item.key);
    } catch (error) {
      // Held is final (the digest carries it): at worst a later repeat notifies again after the lease.
      deps.logger.warn('worker.complete_failed', { key: item.key, ...errorFields(error) });
    }
  }
  return alone;
}
