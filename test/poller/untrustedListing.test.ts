/**
 * The poller against listings a correct server never returns: a filter ignored, a `next`
 * that does not advance. Fake listers, because the simulator implements the API correctly.
 */
import { describe, expect, it } from 'vitest';
import { collectPhasedWorkloads } from '../../functions/poller/collectPhasedWorkloads.js';
import { createMemoryWatermarkStore } from '../../functions/poller/createMemoryWatermarkStore.js';
import type { FailedWorkloadLister, PolledWorkload, PhasedWorkloadQuery } from '../../functions/poller/FailedWorkloadLister.js';
import { pollFailedWorkloads } from '../../functions/poller/pollFailedWorkloads.js';
import { createMemoryQueue } from '../../functions/queue/createMemoryQueue.js';
import { A, B, NOW, isoAt, minutes } from './pollerTestKit.js';

const failed = (id: string, phaseUpdatedAt: string | null, extra: Partial<PolledWorkload> = {}): PolledWorkload => ({
  id,
  clusterId: A,
  phase: 'Failed',
  phaseUpdatedAt,
  ...extra,
});

function fixedLister(pages: Array<{ workloads: PolledWorkload[]; next: number | null }>) {
  const queries: PhasedWorkloadQuery[] = [];
  const lister: FailedWorkloadLister = {
    async listWorkloadsPhasedSince(query) {
      queries.push(query);
      return pages[Math.min(queries.length - 1, pages.length - 1)]!;
    },
  };
  return { lister, queries };
}

describe('a listing that ignored its filter', () => {
  it('enqueues only what the filter asked for and counts the rest as ignored', async () => {
    const { lister } = fixedLister([
      {
        workloads: [
          failed('ok-1', isoAt(NOW - minutes(10))),
          failed('running', isoAt(NOW - minutes(10)), { phase: 'Running' }),
          failed('other-cluster', isoAt(NOW - minutes(10)), { clusterId: B }),
          failed('too-old', isoAt(NOW - minutes(61))),
          failed('no-time', null),
          failed('bad-time', 'yesterday'),
          failed('x'.repeat(201), isoAt(NOW - minutes(5))), // not a valid request id
          failed('ok-2', '2026-11-29 17:55:00'),
        ],
        next: null,
      },
    ]);
    const queue = createMemoryQueue();
    const watermarks = createMemoryWatermarkStore();
    const summary = await pollFailedWorkloads({ lister, queue, watermarks }, { clusterIds: [A], now: new Date(NOW) });
    expect(queue.drain().map((m) => m.request.workloadId)).toEqual(['ok-1', 'ok-2']);
    expect(summary.clusters[0]).toMatchObject({ ok: true, listed: 8, ignored: 6, enqueued: 2, watermarkAfter: isoAt(NOW - minutes(5)) });
  });
});

describe('collectPhasedWorkloads', () => {
  const options = { clusterId: A, phases: ['Failed'], since: isoAt(NOW), pageLimit: 100, maxPages: 50, accept: (w: { id: string }) => w.id };

  it('stops on a next that does not move forward, and on an empty page with a next', async () => {
    const stuck = fixedLister([{ workloads: [failed('w', isoAt(NOW))], next: 0 }]);
    expect(await collectPhasedWorkloads(stuck.lister, options)).toMatchObject({ pages: 1, truncated: false });
    const empty = fixedLister([{ workloads: [], next: 100 }]);
    expect(await collectPhasedWorkloads(empty.lister, options)).toMatchObject({ pages: 1, truncated: false, accepted: [], listed: 0 });
  });

  it('re-reads a few positions at each page boundary, de-duplicates by id, and always advances with tiny pages', async () => {
    const page = (from: number, count: number, next: number | null) => ({
      workloads: Array.from({ length: count }, (_, i) => failed(`w${from + i}`, isoAt(NOW))),
      next,
    });
    const { lister, queries } = fixedLister([page(0, 10, 10), page(5, 10, 15), page(10, 8, null)]);
    const collected = await collectPhasedWorkloads(lister, { ...options, pageLimit: 10 });
    expect(queries.map((q) => q.offset)).toEqual([0, 5, 10]);
    expect(collected.accepted).toEqual(Array.from({ length: 18 }, (_, i) => `w${i}`));
    expect(collected).toMatchObject({ listed: 18, ignored: 0 });

    const single = fixedLister([
      { workloads: [failed('a', isoAt(NOW))], next: 1 },
      { workloads: [failed('b', isoAt(NOW))], next: 2 },
      { workloads: [failed('c', isoAt(NOW))], next: null },
    ]);
    await collectPhasedWorkloads(single.lister, { ...options, pageLimit: 1 });
    expect(single.queries.map((q) => q.offset)).toEqual([0, 1, 2]);
  });
});

describe('pollFailedWorkloads options', () => {
  it('refuses nonsensical settings before reading anything', async () => {
    const { lister, queries } = fixedLister([{ workloads: [], next: null }]);
    const ports = { lister, queue: createMemoryQueue(), watermarks: createMemoryWatermarkStore() };
    for (const bad of [
      { pageLimit: 0 },
      { pageLimit: 501 },
      { maxPages: 0 },
      { overlapMs: -1 },
      { initialLookbackMs: 0 },
      { phases: [] },
      { now: new Date(Number.NaN) },
    ]) {
      await expect(pollFailedWorkloads(ports, { clusterIds: [A], now: new Date(NOW), ...bad }), JSON.stringify(bad)).rejects.toThrow(TypeError);
    }
    expect(queries).toEqual([]);
  });
});
