import { describe, expect, it } from 'vitest';
import { createMemoryIdempotencyStore } from '../../../functions/delivery/IdempotencyStore.js';
import { BatchLedger } from '../../../functions/worker/batch/BatchLedger.js';
import { diagnoseRecord } from '../../../functions/worker/batch/diagnoseRecord.js';
import { capturingLogger, queued, record, resultFor, RetryableError } from '../workerFakes.js';

const now = () => new Date('2025-06-01T12:00:00Z');

function setup() {
  const log = capturingLogger();
  const ledger = new BatchLedger([record('m1', queued('w1'))], createMemoryIdempotencyStore({ now }), log.logger);
  return { ...log, ledger };
}

describe('diagnoseRecord', () => {
  it('returns the result with the record index', async () => {
    const { ledger, logger } = setup();
    const item = { index: 0, queued: queued('w1') };
    const diagnosed = await diagnoseRecord(item, async (q) => resultFor(q), ledger, logger);
    expect(diagnosed?.index).toBe(0);
    expect(diagnosed?.result.verdict.workload?.id).toBe('w1');
  });

  it('fails the record on a retryable error and logs a warning', async () => {
    const { ledger, logger, lines } = setup();
    const diagnosed = await diagnoseRecord({ index: 0, queued: queued('w1') }, async () => Promise.reject(new RetryableError('down')), ledger, logger);
    expect(diagnosed).toBeNull();
    expect(ledger.toResult().records[0]).toMatchObject({ outcome: 'failed', reason: 'diagnose_failed' });
    expect(lines.map((l) => [l.level, l.event])).toEqual([['warn', 'worker.diagnose_failed']]);
  });

  it('logs a permanent error as an error (the engine should have made it a limitation)', async () => {
    const { ledger, logger, lines } = setup();
    await diagnoseRecord({ index: 0, queued: queued('w1') }, async () => Promise.reject(new TypeError('bug')), ledger, logger);
    expect(lines.map((l) => [l.level, l.event])).toEqual([['error', 'worker.diagnose_failed_permanently']]);
  });
});
