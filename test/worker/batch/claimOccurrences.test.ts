import { describe, expect, it } from 'vitest';
import { createMemoryIdempotencyStore, type IdempotencyStore } from '../../../functions/delivery/IdempotencyStore.js';
import { BatchLedger } from '../../../functions/worker/batch/BatchLedger.js';
import { claimOccurrences, groupByOccurrence } from '../../../functions/worker/batch/claimOccurrences.js';
import { capturingLogger, queued, record, resultFor } from '../workerFakes.js';

const now = () => new Date('2025-06-01T12:00:00Z');

function diagnosed(index: number, workloadId: string, clusterId = 'c1') {
  const q = queued(workloadId, clusterId, `dk-${index}`);
  return { index, queued: q, result: resultFor(q) };
}

describe('groupByOccurrence', () => {
  it('groups records of one occurrence under its key, first record first, and skips failed ones', () => {
    const groups = groupByOccurrence([diagnosed(0, 'w1'), null, diagnosed(2, 'w2', 'c2'), diagnosed(3, 'w1')]);
    expect(groups.map((g) => [g.clusterId, g.indexes])).toEqual([
      ['c1', [0, 3]],
      ['c2', [2]],
    ]);
  });
});

describe('claimOccurrences', () => {
  it('returns claimed occurrences as held, settles duplicates and fails what cannot be claimed', async () => {
    const { logger } = capturingLogger();
    const store = createMemoryIdempotencyStore({ now });
    const records = [record('a', queued('w1')), record('b', queued('w2')), record('c', queued('w3'))];
    const groups = groupByOccurrence([diagnosed(0, 'w1'), diagnosed(1, 'w2'), diagnosed(2, 'w3')]);
    await store.claim(groups[1]!.key, 60);
    await store.complete(groups[1]!.key);
    const failing: IdempotencyStore = {
      ...store,
      claim: async (key, ttl) => (key === groups[2]!.key ? Promise.reject(new Error('throttled')) : store.claim(key, ttl)),
    };
    const ledger = new BatchLedger(records, failing, logger);
    const claimed = await claimOccurrences(groups, ledger, { idempotency: failing, ttlSeconds: 60, concurrency: 2, logger });
    expect(claimed.map((g) => g.key)).toEqual([groups[0]!.key]);
    expect([...ledger.held]).toEqual([groups[0]!.key]);
    expect(ledger.toResult().records.map((r) => [r.outcome, r.reason])).toEqual([
      ['failed', 'internal_error'], // claimed, not yet published
      ['duplicate', undefined],
      ['failed', 'claim_failed'],
    ]);
  });
});
