/**
 * The poller core against the real simulator over HTTP, with the real Run:ai client, the
 * in-memory queue and watermark store: windows, overlap, paging, and what happens to the
 * watermark when a stage fails.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { QueuedDiagnosis } from '../../functions/core/queuedDiagnosis.js';
import { createMemoryWatermarkStore, type MemoryWatermarkStore } from '../../functions/poller/createMemoryWatermarkStore.js';
import { pollFailedWorkloads, type PollOptions } from '../../functions/poller/pollFailedWorkloads.js';
import { createMemoryQueue, type MemoryQueue } from '../../functions/queue/createMemoryQueue.js';
import type { DiagnosisQueue } from '../../functions/queue/DiagnosisQueue.js';
import { QueueError } from '../../functions/queue/QueueError.js';
import { A, B, C, NOW, P, bulkFailures, isoAt, listFilters, minutes, nonGetRequests, startPollerRig, workload, type PollerRig } from './pollerTestKit.js';

let rig: PollerRig | undefined;
afterEach(async () => {
  if (rig) {
    // Every test also proves the read-only bar.
    expect(rig.sim.violations).toEqual([]);
    expect(nonGetRequests(rig.sim)).toEqual([]);
    await rig.close();
  }
  rig = undefined;
});

interface Harness {
  rig: PollerRig;
  queue: MemoryQueue;
  watermarks: MemoryWatermarkStore;
  poll(at: number, options?: Partial<PollOptions>, queue?: DiagnosisQueue): ReturnType<typeof pollFailedWorkloads>;
}

async function harness(scenarios?: Parameters<typeof startPollerRig>[0], initialWatermarks: Record<string, string> = {}): Promise<Harness> {
  rig = await startPollerRig(scenarios);
  const queue = createMemoryQueue();
  const watermarks = createMemoryWatermarkStore(initialWatermarks);
  const current = rig;
  return {
    rig: current,
    queue,
    watermarks,
    poll: (at, options = {}, otherQueue) =>
      pollFailedWorkloads({ lister: current.client, queue: otherQueue ?? queue, watermarks }, { clusterIds: [A, B], now: new Date(at), ...options }),
  };
}

const keys = (messages: readonly QueuedDiagnosis[]) => messages.map((m) => m.dedupeKey);
const workloadIds = (messages: readonly QueuedDiagnosis[]) => messages.map((m) => m.request.workloadId);

describe('first run', () => {
  it('enqueues each Failed workload of the last hour once, per configured cluster, and sets the watermark to the newest', async () => {
    const h = await harness();
    const summary = await h.poll(NOW);

    const messages = h.queue.drain();
    expect(workloadIds(messages).sort()).toEqual(['a-1', 'a-2', 'a-3', 'b-1']); // not a-old, a-run, a-pend, b-run, c-1
    expect(messages.find((m) => m.request.workloadId === 'a-1')).toEqual({
      v: 1,
      request: { clusterId: A, workloadId: 'a-1', intent: 'terminal' },
      source: 'poller',
      receivedAt: isoAt(NOW),
      // The space-separated server timestamp is keyed by its canonical instant.
      dedupeKey: `${A}#a-1#${isoAt(NOW - minutes(50))}`,
    });
    expect(h.watermarks.snapshot()).toEqual({ [A]: isoAt(NOW - minutes(2)), [B]: isoAt(NOW - minutes(30)) });

    expect(summary).toMatchObject({ at: isoAt(NOW), enqueued: 4, failedClusters: [] });
    expect(summary.clusters).toEqual([
      expect.objectContaining({
        clusterId: A,
        ok: true,
        since: isoAt(NOW - minutes(60)),
        listed: 3,
        ignored: 0,
        enqueued: 3,
        pages: 1,
        truncated: false,
        watermarkBefore: null,
        watermarkAfter: isoAt(NOW - minutes(2)),
      }),
      expect.objectContaining({
        clusterId: B,
        ok: true,
        since: isoAt(NOW - minutes(60)),
        listed: 1,
        enqueued: 1,
        pages: 1,
        watermarkBefore: null,
        watermarkAfter: isoAt(NOW - minutes(30)),
      }),
    ]);
    expect(summary.clusters.every((c) => c.error === undefined && c.ms >= 0)).toBe(true);
  });

  it('sends one filtered, sorted listing per cluster, never one that spans clusters', async () => {
    const h = await harness();
    await h.poll(NOW);
    expect(listFilters(h.rig.sim).sort()).toEqual([
      `clusterId==${A},phase==Failed,phaseUpdatedAt>=${isoAt(NOW - minutes(60))}`,
      `clusterId==${B},phase==Failed,phaseUpdatedAt>=${isoAt(NOW - minutes(60))}`,
    ]);
    const list = h.rig.sim.requests.find((r) => r.endpoint === 'list')!;
    expect(list.query).toMatchObject({ sortBy: 'phaseUpdatedAt', sortOrder: 'asc', offset: '0', limit: '100' });
    expect(listFilters(h.rig.sim).join()).not.toContain(C);
  });

  it('honours a custom initial lookback; a run with nothing to enqueue leaves the watermark unset', async () => {
    const h = await harness();
    const summary = await h.poll(NOW, { initialLookbackMs: minutes(10) });
    expect(workloadIds(h.queue.drain())).toEqual(['a-3']);
    expect(summary.clusters[1]).toMatchObject({ clusterId: B, ok: true, listed: 0, enqueued: 0, watermarkAfter: null });
    expect(h.watermarks.snapshot()).toEqual({ [A]: isoAt(NOW - minutes(2)) });
  });
});

describe('later runs', () => {
  it('re-list the overlap before the watermark: the boundary workload comes back with the identical dedupeKey', async () => {
    const h = await harness();
    await h.poll(NOW);
    const first = h.queue.drain();
    const boundaryKey = `${A}#a-3#${isoAt(NOW - minutes(2))}`;
    expect(keys(first)).toContain(boundaryKey);

    h.rig.addWorkload(workload('a-4', A, 'Failed', isoAt(NOW + 30_000)));
    const second = await h.poll(NOW + minutes(1));
    const secondMessages = h.queue.drain();
    // since = watermark (now-2m) − overlap (5m)
    expect(second.clusters[0]).toMatchObject({ since: isoAt(NOW - minutes(7)), watermarkBefore: isoAt(NOW - minutes(2)), watermarkAfter: isoAt(NOW + 30_000) });
    expect(workloadIds(secondMessages.filter((m) => m.request.clusterId === A))).toEqual(['a-3', 'a-4']);
    // The re-listed failure has the key of the first run, so the worker's idempotency drops it.
    expect(keys(secondMessages)).toContain(boundaryKey);
    expect(keys(secondMessages).filter((k) => !keys(first).includes(k))).toEqual([`${A}#a-4#${isoAt(NOW + 30_000)}`]);
  });

  it('a workload that fails again later is a new failure with a new key', async () => {
    const h = await harness();
    await h.poll(NOW);
    h.queue.drain();
    const again = h.rig.sim.state.workloadsById.get('a-3')!;
    again.phaseUpdatedAt = isoAt(NOW + minutes(3));
    await h.poll(NOW + minutes(4));
    expect(keys(h.queue.drain())).toContain(`${A}#a-3#${isoAt(NOW + minutes(3))}`);
  });

  it('never advances the watermark beyond now (control-plane clock ahead) and never moves it back', async () => {
    const h = await harness(undefined, { [B]: isoAt(NOW - minutes(1)) });
    h.rig.addWorkload(workload('a-future', A, 'Failed', isoAt(NOW + minutes(10))));
    const summary = await h.poll(NOW);
    expect(h.watermarks.snapshot()[A]).toBe(isoAt(NOW));
    // B's stored watermark is newer than anything B lists (b-1 at now-30m is outside the overlap): unchanged.
    expect(summary.clusters[1]).toMatchObject({ since: isoAt(NOW - minutes(6)), listed: 0, watermarkAfter: isoAt(NOW - minutes(1)) });

    // The future-dated failure is still inside the next window, with the same key: not lost, not doubled.
    await h.poll(NOW + minutes(1));
    expect(keys(h.queue.drain()).filter((k) => k.includes('a-future'))).toEqual([
      `${A}#a-future#${isoAt(NOW + minutes(10))}`,
      `${A}#a-future#${isoAt(NOW + minutes(10))}`,
    ]);
    expect(h.watermarks.snapshot()[A]).toBe(isoAt(NOW + minutes(1)));
  });
});

describe('pagination', () => {
  it('follows every page of a cluster with more than 100 failures', async () => {
    const h = await harness([bulkFailures(250)]);
    const summary = await h.poll(NOW, { clusterIds: [P] });
    const ids = workloadIds(h.queue.drain());
    expect(new Set(ids).size).toBe(250);
    expect(ids).toHaveLength(250);
    expect(summary.clusters[0]).toMatchObject({ listed: 250, enqueued: 250, pages: 3, truncated: false, watermarkAfter: isoAt(NOW - 10_000) });
    // Each page after the first starts a few positions early (see collectPhasedWorkloads).
    expect(h.rig.sim.requests.filter((r) => r.endpoint === 'list').map((r) => r.query.offset)).toEqual(['0', '95', '190']);
  });

  it('stops at the page cap, says so, and the next run continues from the advanced watermark', async () => {
    const h = await harness([bulkFailures(250)]);
    const first = await h.poll(NOW, { clusterIds: [P], maxPages: 2 });
    const firstIds = workloadIds(h.queue.drain());
    expect(first.clusters[0]).toMatchObject({ ok: true, pages: 2, truncated: true, enqueued: 195, watermarkAfter: isoAt(NOW - (250 - 194) * 10_000) });

    const second = await h.poll(NOW + minutes(1), { clusterIds: [P], maxPages: 2 });
    const secondIds = workloadIds(h.queue.drain());
    expect(second.clusters[0]).toMatchObject({ truncated: false, watermarkAfter: isoAt(NOW - 10_000) });
    expect(new Set([...firstIds, ...secondIds]).size).toBe(250);
  });

  it('does not skip a workload when one listed before it disappears between two page reads', async () => {
    const h = await harness([bulkFailures(250)]);
    let pages = 0;
    const lister = {
      listWorkloadsPhasedSince: async (query: Parameters<PollerRig['client']['listWorkloadsPhasedSince']>[0]) => {
        const page = await h.rig.client.listWorkloadsPhasedSince(query);
        // After page 1 a user deletes two listed failures: every later one slides two positions left.
        if (++pages === 1) for (const id of ['p-010', 'p-011']) h.rig.sim.state.workloadsById.get(id)!.deletedAt = isoAt(NOW);
        return page;
      },
    };
    await pollFailedWorkloads({ lister, queue: h.queue, watermarks: h.watermarks }, { clusterIds: [P], now: new Date(NOW) });
    expect(new Set(workloadIds(h.queue.drain())).size).toBe(250);
  });
});

describe('failures', () => {
  it('an enqueue failure keeps the watermark and reports the cluster; the next run enqueues the same keys', async () => {
    const h = await harness();
    const failingForA: DiagnosisQueue = {
      async enqueue(messages) {
        if (messages.some((m) => m.request.clusterId === A))
          throw new QueueError('SQS unavailable', { retryable: true, failedCount: messages.length, totalCount: messages.length });
        await h.queue.enqueue(messages);
      },
      readDepth: () => h.queue.readDepth(),
    };
    const failed = await h.poll(NOW, {}, failingForA);
    expect(failed.failedClusters).toEqual([A]);
    expect(failed.clusters[0]).toMatchObject({
      clusterId: A,
      ok: false,
      listed: 3,
      enqueued: 0,
      watermarkBefore: null,
      watermarkAfter: null,
      error: { stage: 'enqueue', message: 'QueueError: SQS unavailable' },
    });
    expect(failed.clusters[1]).toMatchObject({ clusterId: B, ok: true, enqueued: 1 });
    expect(h.watermarks.snapshot()).toEqual({ [B]: isoAt(NOW - minutes(30)) });
    h.queue.drain();

    const retried = await h.poll(NOW + minutes(1));
    expect(retried.failedClusters).toEqual([]);
    expect(keys(h.queue.drain()).filter((k) => k.startsWith(A))).toEqual([
      `${A}#a-1#${isoAt(NOW - minutes(50))}`,
      `${A}#a-2#${isoAt(NOW - minutes(20))}`,
      `${A}#a-3#${isoAt(NOW - minutes(2))}`,
    ]);
    expect(h.watermarks.snapshot()[A]).toBe(isoAt(NOW - minutes(2)));
  });

  it('a listing fault (503) on one cluster does not stop the others and keeps that cluster’s watermark', async () => {
    const h = await harness(undefined, { [B]: isoAt(NOW - minutes(45)) });
    h.rig.sim.setFaults([{ endpoint: 'list', clusterId: B, status: 503 }]);
    const summary = await h.poll(NOW);
    expect(summary.failedClusters).toEqual([B]);
    expect(summary.clusters[1]).toMatchObject({
      clusterId: B,
      ok: false,
      listed: 0,
      enqueued: 0,
      watermarkAfter: isoAt(NOW - minutes(45)),
      error: { stage: 'list' },
    });
    expect(summary.clusters[1]!.error!.message).toMatch(/^RunaiError: .*503/);
    expect(summary.clusters[0]).toMatchObject({ clusterId: A, ok: true, enqueued: 3 });
    expect(workloadIds(h.queue.drain()).sort()).toEqual(['a-1', 'a-2', 'a-3']);
    expect(h.watermarks.snapshot()).toEqual({ [A]: isoAt(NOW - minutes(2)), [B]: isoAt(NOW - minutes(45)) });
  });

  it('a watermark that cannot be read or written fails that cluster only; a failed write leaves the enqueue in place', async () => {
    const h = await harness();
    const summary = await pollFailedWorkloads(
      {
        lister: h.rig.client,
        queue: h.queue,
        watermarks: {
          get: async (clusterId) => {
            if (clusterId === B) throw new Error('ProvisionedThroughputExceededException');
            return null;
          },
          advance: async () => {
            throw new Error('table gone');
          },
        },
      },
      { clusterIds: [A, B], now: new Date(NOW) },
    );
    expect(summary.failedClusters).toEqual([A, B]);
    expect(summary.clusters[0]).toMatchObject({
      ok: false,
      enqueued: 3,
      watermarkAfter: null,
      error: { stage: 'watermark-write', message: 'Error: table gone' },
    });
    expect(summary.clusters[1]).toMatchObject({ ok: false, since: null, pages: 0, error: { stage: 'watermark-read' } });
    expect(h.queue.size).toBe(3);
  });
});
