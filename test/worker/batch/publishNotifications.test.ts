import { describe, expect, it } from 'vitest';
import { DeliveryError } from '../../../functions/delivery/DeliveryError.js';
import { createMemoryIdempotencyStore } from '../../../functions/delivery/IdempotencyStore.js';
import { BatchLedger } from '../../../functions/worker/batch/BatchLedger.js';
import { groupByOccurrence } from '../../../functions/worker/batch/claimOccurrences.js';
import { renderDigest } from '../../../functions/delivery/renderDigest.js';
import { publishNotifications, singleDelivery } from '../../../functions/worker/batch/publishNotifications.js';
import { fakeRenderText } from '../../delivery/verdictFixture.js';
import { capturingLogger, capturingPublisher, queued, record, resultFor } from '../workerFakes.js';

const now = () => new Date('2025-06-01T12:00:00Z');

async function setup(failures: Parameters<typeof capturingPublisher>[0] = []) {
  const { logger, lines } = capturingLogger();
  const store = createMemoryIdempotencyStore({ now });
  const records = [record('a', queued('w1')), record('b', queued('w2')), record('c', queued('w1', 'cluster-a', 'dk-other'))];
  const groups = groupByOccurrence(
    records.map((r, index) => {
      const q = JSON.parse(r.body);
      return { index, queued: q, result: resultFor(q) };
    }),
  );
  const ledger = new BatchLedger(records, store, logger);
  for (const group of groups) {
    await store.claim(group.key, 60);
    ledger.held.add(group.key);
  }
  const sink = capturingPublisher(failures);
  const deps = { publisher: sink.publisher, idempotency: store, concurrency: 2, logger };
  return { ledger, groups, sink, deps, store, lines };
}

describe('publishNotifications', () => {
  it('publishes singles and digests, settles every record of an occurrence and completes its key', async () => {
    const { ledger, groups, sink, deps } = await setup();
    const digestOf = groups[1]!;
    await publishNotifications(
      [
        singleDelivery(groups[0]!, { renderText: fakeRenderText }),
        {
          kind: 'digest',
          key: digestOf.key,
          indexes: digestOf.indexes,
          count: 1,
          build: () => renderDigest('cluster-a', [{ key: digestOf.key, verdict: digestOf.result.verdict }]),
        },
      ],
      ledger,
      deps,
    );
    expect(sink.published).toHaveLength(2);
    expect(ledger.toResult()).toMatchObject({ published: 2, duplicates: 1, failed: 0, notifications: 2, digests: 1 });
    expect(ledger.held.size).toBe(0);
  });

  it('fails and releases the records of a notification SNS refuses', async () => {
    const { ledger, groups, deps, store, lines } = await setup([() => new DeliveryError('SNS_THROTTLED', 'slow down')]);
    await publishNotifications([singleDelivery(groups[0]!, { renderText: fakeRenderText })], ledger, deps);
    expect(ledger.toResult().records.map((r) => r.reason)).toEqual(['publish_failed', 'internal_error', 'publish_failed']);
    expect(ledger.held.has(groups[0]!.key)).toBe(false);
    expect(await store.claim(groups[0]!.key, 60)).toBe('claimed'); // released: the retry can publish
    expect(lines.some((l) => l.event === 'worker.publish_failed')).toBe(true);
  });

  it('fails the records of a notification that cannot be built', async () => {
    const { ledger, groups, deps } = await setup();
    await publishNotifications(
      [
        singleDelivery(groups[0]!, {
          renderText: () => {
            throw new Error('renderer bug');
          },
        }),
      ],
      ledger,
      deps,
    );
    expect(ledger.toResult().records[0]).toMatchObject({ outcome: 'failed', reason: 'internal_error' });
  });
});
