import { describe, expect, it } from 'vitest';
import { clusterOf, planClusters } from '../../../functions/worker/batch/planClusters.js';
import { queued } from '../workerFakes.js';

describe('planClusters', () => {
  it('counts the records each cluster will produce, so a cluster is claimed once its last one is diagnosed', () => {
    const batch = [...Array.from({ length: 5 }, (_, i) => queued(`s${i}`, 'storm')), queued('q1', 'quiet')];
    expect(Object.fromEntries(planClusters(batch))).toEqual({ storm: 5, quiet: 1 });
  });

  it('files a request without a cluster id under "unknown"', () => {
    expect(clusterOf(queued('w1', ''))).toBe('unknown');
  });
});
