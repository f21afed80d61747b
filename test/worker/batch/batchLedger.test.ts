/**
 * A record whose work went out in several parts (a storm flush published as several digests)
 * stays failed when one part failed, whatever order the parts ended in: it returns to the
 * queue, and its redelivery resends only the part that failed (the others are duplicates).
 */
import { describe, expect, it } from 'vitest';
import { silentLogger } from '../../../functions/core/LogPort.js';
import { createMemoryIdempotencyStore } from '../../../functions/delivery/IdempotencyStore.js';
import { BatchLedger } from '../../../functions/worker/batch/BatchLedger.js';

describe('BatchLedger', () => {
  it('keeps a failure when a later part of the same record is published', () => {
    const ledger = new BatchLedger([{ messageId: 'flush-1', body: '{}' }], createMemoryIdempotencyStore(), silentLogger);
    ledger.fail(0, 'publish_failed');
    ledger.settle(0, 'published');
    expect(ledger.toResult().batchItemFailures).toEqual([{ itemIdentifier: 'flush-1' }]);
  });

  it('settles a record that did not fail', () => {
    const ledger = new BatchLedger([{ messageId: 'flush-1', body: '{}' }], createMemoryIdempotencyStore(), silentLogger);
    ledger.settle(0, 'published');
    expect(ledger.toResult()).toMatchObject({ batchItemFailures: [], published: 1 });
  });
});
