/**
 * One cluster never stops the others (#25 item 3): clusters are polled a bounded number at a
 * time, each inside its own time slot, and a failed cluster is reported with its code.
 * Fake listers (our port); the Run:ai client's own deadline is covered over HTTP in
 * test/e2e/boundedReads.e2e.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { createMemoryWatermarkStore } from '../../functions/poller/createMemoryWatermarkStore.js';
import type { FailedWorkloadLister, PhasedWorkloadQuery, PolledWorkload } from '../../functions/poller/FailedWorkloadLister.js';
import { pollFailedWorkloads } from '../../functions/poller/pollFailedWorkloads.js';
import { createMemoryQueue } from '../../functions/queue/createMemoryQueue.js';
import { RunaiError } from '../../functions/diagnosis/ports/RunaiError.js';
import { NOW, isoAt, minutes } from './pollerTestKit.js';

const clusters = Array.from({ length: 6 }, (_, index) => `${String(index + 1).repeat(8)}-1111-4111-8111-111111111111`);
const failed = (clusterId: string, id: string): PolledWorkload => ({ id, clusterId, phase: 'Failed', phaseUpdatedAt: isoAt(NOW - minutes(5)) });

interface Behaviour {
  (query: PhasedWorkloadQuery, deadlineAt: number | null): Promise<{ workloads: PolledWorkload[]; next: number | null }>;
}

/** A lister whose answer per cluster is `behaviour`, counting how many clusters are being read at once. */
function lister(behaviour: Behaviour) {
  const seen = { inFlight: 0, maxInFlight: 0 };
  const list = (deadlineAt: number | null) => async (query: PhasedWorkloadQuery) => {
    seen.inFlight += 1;
    seen.maxInFlight = Math.max(seen.maxInFlight, seen.inFlight);
    try {
      return await behaviour(query, deadlineAt);
    } finally {
      seen.inFlight -= 1;
    }
  };
  const port: FailedWorkloadLister = {
    listWorkloadsPhasedSince: list(null),
    withDeadline: (deadlineAt) => ({ listWorkloadsPhasedSince: list(deadlineAt) }),
  };
  return { port, seen };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('clusters are isolated', () => {
  it('an error, a timeout and an oversized page each fail their own cluster only, with their code', async () => {
    const { port } = lister(async (query) => {
      await tick();
      if (query.clusterId === clusters[1])
        throw new RunaiError('RUNAI_RESPONSE_TOO_LARGE', 'GET /api/v1/workloads answer longer than 8388608 bytes', { endpoint: 'GET /api/v1/workloads' });
      if (query.clusterId === clusters[2]) throw new RunaiError('RUNAI_TIMEOUT', 'GET /api/v1/workloads no answer', { endpoint: 'GET /api/v1/workloads' });
      if (query.clusterId === clusters[3]) throw new TypeError('socket hang up');
      return { workloads: [failed(query.clusterId, `w-${query.clusterId.slice(0, 1)}`)], next: null };
    });
    const queue = createMemoryQueue();
    const summary = await pollFailedWorkloads({ lister: port, queue, watermarks: createMemoryWatermarkStore() }, { clusterIds: clusters, now: new Date(NOW) });
    expect(summary.failedClusters).toEqual([clusters[1], clusters[2], clusters[3]]);
    expect(summary.failuresByCode).toEqual({ RUNAI_RESPONSE_TOO_LARGE: 1, RUNAI_TIMEOUT: 1, POLL_STAGE_FAILED: 1 });
    expect(summary.clusters[1]?.error).toMatchObject({ stage: 'list', code: 'RUNAI_RESPONSE_TOO_LARGE' });
    expect(summary.enqueued).toBe(3);
    expect(
      queue
        .drain()
        .map((message) => message.request.workloadId)
        .sort(),
    ).toEqual(['w-1', 'w-5', 'w-6']);
  });

  it('reads at most `clusterConcurrency` clusters at once (default 2), in the configured order', async () => {
    for (const [option, expected] of [[undefined, 2] as const, [1, 1] as const, [4, 4] as const]) {
      const { port, seen } = lister(async (query) => {
        await tick();
        return { workloads: [failed(query.clusterId, 'w')], next: null };
      });
      const summary = await pollFailedWorkloads(
        { lister: port, queue: createMemoryQueue(), watermarks: createMemoryWatermarkStore() },
        { clusterIds: clusters, now: new Date(NOW), ...(option !== undefined ? { clusterConcurrency: option } : {}) },
      );
      expect(seen.maxInFlight).toBe(expected);
      expect(summary.clusters.map((cluster) => cluster.clusterId)).toEqual(clusters);
    }
  });

  it('each cluster reads under its own deadline: the time slot, capped by the run deadline', async () => {
    const deadlines: Array<number | null> = [];
    const { port } = lister(async (query, deadlineAt) => {
      deadlines.push(deadlineAt);
      return { workloads: [failed(query.clusterId, 'w')], next: null };
    });
    let clock = 1_000_000;
    await pollFailedWorkloads(
      { lister: port, queue: createMemoryQueue(), watermarks: createMemoryWatermarkStore() },
      {
        clusterIds: clusters.slice(0, 2),
        now: new Date(NOW),
        clusterConcurrency: 1,
        clusterTimeoutMs: 20_000,
        deadlineAt: 1_010_000,
        clock: () => (clock += 1_000),
      },
    );
    // The first cluster starts at 1,001,000 and the second at 1,002,000: both capped by the run's deadline.
    expect(deadlines).toEqual([1_010_000, 1_010_000]);

    deadlines.length = 0;
    clock = 1_000_000;
    await pollFailedWorkloads(
      { lister: port, queue: createMemoryQueue(), watermarks: createMemoryWatermarkStore() },
      { clusterIds: clusters.slice(0, 1), now: new Date(NOW), clusterTimeoutMs: 20_000, clock: () => (clock += 1_000) },
    );
    expect(deadlines).toEqual([1_021_000]);
  });

  it('a cluster whose turn comes with no time left is not started, and says so', async () => {
    const { port } = lister(async (query) => ({ workloads: [failed(query.clusterId, 'w')], next: null }));
    let clock = 0;
    const summary = await pollFailedWorkloads(
      { lister: port, queue: createMemoryQueue(), watermarks: createMemoryWatermarkStore() },
      // Each clock read advances 4 s: the third cluster would start with less than 1 s left.
      { clusterIds: clusters.slice(0, 3), now: new Date(NOW), clusterConcurrency: 1, deadlineAt: 9_500, clock: () => (clock += 4_000) },
    );
    expect(summary.clusters.map((cluster) => cluster.ok)).toEqual([true, true, false]);
    expect(summary.clusters[2]?.error).toMatchObject({ stage: 'not-started', code: 'POLL_OUT_OF_TIME' });
    expect(summary.failuresByCode).toEqual({ POLL_OUT_OF_TIME: 1 });
  });

  it('keeps only the queue messages of a listing, never its pages: a server ignoring `limit` is cut at the cap', async () => {
    // One page of 1,000 workloads against pageLimit 10 × maxPages 3: at most 30 kept, the cut said.
    const { port } = lister(async (query) => ({
      workloads: Array.from({ length: 1_000 }, (_, index) => failed(query.clusterId, `w-${index}`)),
      next: null,
    }));
    const queue = createMemoryQueue();
    const summary = await pollFailedWorkloads(
      { lister: port, queue, watermarks: createMemoryWatermarkStore() },
      { clusterIds: clusters.slice(0, 1), now: new Date(NOW), pageLimit: 10, maxPages: 3 },
    );
    expect(summary.clusters[0]).toMatchObject({ ok: true, listed: 30, enqueued: 30, truncated: true });
    expect(queue.drain()).toHaveLength(30);
  });
});
