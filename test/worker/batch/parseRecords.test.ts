import { describe, expect, it } from 'vitest';
import { createMemoryIdempotencyStore } from '../../../functions/delivery/IdempotencyStore.js';
import { BatchLedger } from '../../../functions/worker/batch/BatchLedger.js';
import { parseRecord, parseRecords } from '../../../functions/worker/batch/parseRecords.js';
import { capturingLogger, queued, record } from '../workerFakes.js';

const now = () => new Date('2025-06-01T12:00:00Z');

describe('parseRecords', () => {
  it('keeps valid records with their index and fails the others as malformed, logging why', () => {
    const { logger, lines } = capturingLogger();
    const ledger = new BatchLedger(
      [record('ok', queued('w1')), record('bad', '{"v":'), record('shape', '{"v":9}')],
      createMemoryIdempotencyStore({ now }),
      logger,
    );
    const { valid } = parseRecords(ledger, logger);
    expect(valid.map((item) => [item.index, item.queued.request.workloadId])).toEqual([[0, 'w1']]);
    expect(ledger.toResult().records.map((r) => [r.messageId, r.outcome, r.reason])).toEqual([
      ['ok', 'failed', 'internal_error'], // no end yet: a bug if it stayed so
      ['bad', 'failed', 'malformed'],
      ['shape', 'failed', 'malformed'],
    ]);
    expect(lines.filter((l) => l.event === 'worker.malformed_message').map((l) => l.fields.messageId)).toEqual(['bad', 'shape']);
  });

  it('tells a storm flush of the worker from a diagnosis request, and fails a malformed flush', () => {
    const { logger } = capturingLogger();
    const flush = { kind: 'storm-flush', v: 1, clusterId: 'c1', openedAt: 1_700_000_000_000 };
    const ledger = new BatchLedger(
      [record('f', JSON.stringify(flush)), record('q', queued('w1')), record('bad-flush', JSON.stringify({ ...flush, openedAt: 'soon' }))],
      createMemoryIdempotencyStore({ now }),
      logger,
    );
    const { valid, flushes } = parseRecords(ledger, logger);
    expect(flushes).toEqual([{ index: 0, flush }]);
    expect(valid.map((item) => item.index)).toEqual([1]);
    expect(ledger.toResult().records[2]).toMatchObject({ outcome: 'failed', reason: 'malformed' });
  });

  it('says what is wrong without echoing the body', () => {
    const parsed = parseRecord(JSON.stringify({ v: 1, request: { clusterId: 'c' }, source: 'pager' }));
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.why.join(' ')).toMatch(/source|receivedAt|dedupeKey/);
  });
});
