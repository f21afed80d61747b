/**
 * The origin stage against the generated assumption cases (originAssumptionCases.ts): every
 * framework's statement of a peer's death, origin causes, time sources and their precision,
 * listing orders, a skewed clock, a recreated pod, and jobs with only consequences. Each
 * expectation is the generator's, from what the statements mean (DESIGN §4.8).
 */
import { describe, expect, it } from 'vitest';
import { analyseWorkload } from '../../functions/diagnosis/classify/analyseWorkload.js';
import { applyOrigin } from '../../functions/diagnosis/distributed/applyOrigin.js';
import { originAssumptionCases, PEER_STATEMENTS } from './originAssumptionCases.js';

const cases = originAssumptionCases();

describe('the generated assumption cases', () => {
  it('cover every statement, cause, time source, ordering and twist', () => {
    const parts = cases.map((item) => item.name.split('/'));
    for (const statement of PEER_STATEMENTS) expect(parts.some(([name]) => name === statement.name)).toBe(true);
    for (const [index, values] of [
      [
        1,
        [
          'oom-event',
          'own-exception',
          'hydra-relay',
          'mpirun-relay',
          'torchrun-summary',
          'mpirun-killed',
          'prterun-killed',
          'hydra-killed',
          'storage-evicted-reason-first',
          'storage-evicted-action-first',
          'storage-evicted-same-instant',
          'orte-node-lost',
          'orte-daemon-lost-healthy',
          'orte-node-lost-unevented',
          'hydra-exit-node-fault',
        ],
      ],
      [2, ['completedAt-ms', 'whole-seconds', 'event-only']],
      [3, ['origin-first', 'origin-middle', 'origin-last']],
      [4, ['none', 'skewed-peer', 'restarted-origin', 'recreated-pod', 'only-consequences', 'unread-at-first-peer']],
    ] as const)
      for (const value of values)
        expect(
          parts.some((part) => part[index] === value),
          value,
        ).toBe(true);
  });

  it.each(cases.map((item) => [item.name, item] as const))('%s', (_name, item) => {
    const analysis = applyOrigin(item.evidence, analyseWorkload(item.evidence, item.tier2Signals), item.logs);
    const finding = analysis.distributed;
    expect(finding, 'a multi-pod failure has a distributed finding').toBeTruthy();
    if (item.expected.origin === null) {
      expect(finding?.origin).toBeNull();
      expect(analysis.classification.category).toBe('UNKNOWN');
      expect(finding?.collateralLine?.text, 'a consequence is quoted').toBeTruthy();
      if (item.expected.quoteSays) expect(finding?.collateralLine?.text).toContain(item.expected.quoteSays);
      return;
    }
    expect(finding?.origin?.pod).toBe(item.expected.origin);
    expect(analysis.classification.category).toBe(item.expected.category);
    expect(finding?.collateral).toBeGreaterThanOrEqual(item.expected.collateral);
    if (item.expected.originLineSays) expect(finding?.origin?.line).toContain(item.expected.originLineSays);
    // The line Tier 2 quotes for the origin (the verdict's line) is its exception, never the launcher's relay around it.
    if (item.expected.originSays) {
      const quoted = item.logs.find((log) => log.fact.podName === item.expected.origin);
      expect(quoted?.fact.fallback).toBe(false);
      expect(quoted?.fact.line).toContain(item.expected.originSays);
    }
  });
});
