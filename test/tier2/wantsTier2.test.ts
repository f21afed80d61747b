/**
 * When Tier 2 is read (collectTier2Evidence.ts `wantsTier2`): a preemption routes the verdict
 * without Kubernetes reads unless a replica of a multi-pod job failed on its own at a time Tier 1
 * cannot tell — then only Tier 2's container times say whether the failure or the preemption came
 * first (DESIGN §4.8: a preemption after the origin failed is the job's later fate).
 */
import { describe, expect, it } from 'vitest';
import type { Analysis } from '../../functions/diagnosis/classify/analyseWorkload.js';
import type { DistributedFinding } from '../../functions/diagnosis/model/DistributedFinding.js';
import { wantsTier2 } from '../../functions/diagnosis/tier2/collectTier2Evidence.js';

const untold = (reason: NonNullable<DistributedFinding['unknown']>['reason']): DistributedFinding => ({
  origin: null,
  collateral: 0,
  later: 0,
  collateralFormats: [],
  unknown: { reason, replicas: 4 },
  collateralLine: null,
  inspect: [],
});
const preempted = (distributed: DistributedFinding | null): Analysis =>
  ({
    signals: [],
    gate: { action: 'route', route: 'runai-diagnose-preempted-workload' },
    classification: { category: 'UNKNOWN', supporting: [], runnersUp: [] },
    needsMetrics: false,
    episodeStart: null,
    currentFailureAt: null,
    unrecognisedWarnings: [],
    distributed,
  }) as unknown as Analysis;

describe('Tier 2 before a preemption routes', () => {
  it('reads Kubernetes when a replica that may be the origin is undated', () => {
    expect(wantsTier2(preempted(untold('no-timestamps')))).toBe(true);
  });
  it('routes without reads otherwise: one pod, or replicas that show only peer deaths', () => {
    expect(wantsTier2(preempted(null))).toBe(false);
    expect(wantsTier2(preempted(untold('only-collateral')))).toBe(false);
  });
});
