import { describe, expect, it } from 'vitest';
import { groupByOccurrence } from '../../../functions/worker/batch/claimOccurrences.js';
import { notificationsFor, planClusters } from '../../../functions/worker/batch/planClusters.js';
import { queued, resultFor } from '../workerFakes.js';

describe('planClusters', () => {
  it('decides the storm digest up front from the records each cluster will produce', () => {
    const batch = [...Array.from({ length: 5 }, (_, i) => queued(`s${i}`, 'storm')), queued('q1', 'quiet')];
    const plan = planClusters(batch, { digestThreshold: 5 });
    expect(Object.fromEntries(plan)).toEqual({ storm: { expected: 5, digest: true }, quiet: { expected: 1, digest: false } });
  });

  it('digests the largest clusters when the batch would exceed its notification budget', () => {
    const batch = [queued('a1', 'a'), queued('a2', 'a'), queued('a3', 'a'), queued('b1', 'b'), queued('b2', 'b')];
    const plan = planClusters(batch, { digestThreshold: 5, maxNotificationsPerBatch: 3 });
    expect(plan.get('a')?.digest).toBe(true);
    expect(plan.get('b')?.digest).toBe(false);
  });
});

describe('notificationsFor', () => {
  const occurrences = (...ids: string[]) => groupByOccurrence(ids.map((id, index) => ({ index, queued: queued(id, 'c'), result: resultFor(queued(id, 'c')) })));

  it('sends a digest cluster as one digest, or as a single when only one verdict is left to send', () => {
    expect(notificationsFor(occurrences('w1', 'w2'), { expected: 5, digest: true }).map((n) => n.kind)).toEqual(['digest']);
    expect(notificationsFor(occurrences('w1'), { expected: 5, digest: true }).map((n) => n.kind)).toEqual(['single']);
  });

  it('sends the verdicts of any other cluster one by one', () => {
    expect(notificationsFor(occurrences('w1', 'w2', 'w3'), { expected: 3, digest: false }).map((n) => n.kind)).toEqual(['single', 'single', 'single']);
  });
});
