/**
 * The held-out distributed set (fixtures/distributed-heldout), one test per case: a case in the
 * ledger `known-misses.json` must still miss (the test fails once it passes, so the ledger is
 * pruned and stays honest); every other case must name the origin (pod, node, signal), count
 * the collateral, take the category from the origin and quote the decisive line — or, where the
 * order cannot be told, say so with origin null. The committed files must be what the generator
 * (generateDistributedHeldOut.ts) writes. `npx tsx test/distributed/measureDistributedHeldOut.ts`
 * prints the figures.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HELDOUT_DIR, loadHeldOutCases, loadKnownMisses, measureVerdict, renderHeldOutFiles, runHeldOutCase } from './heldOutDistributed.js';

const cases = await loadHeldOutCases();
const knownMisses = loadKnownMisses();
const names = cases.map(({ name }) => name);

describe('held-out distributed failures', () => {
  it('holds at least 25 generated cases, every one as the generator writes it, and a ledger that names only cases it holds', () => {
    const rendered = renderHeldOutFiles();
    expect(cases.length).toBeGreaterThanOrEqual(25);
    expect(names).toEqual(rendered.map(({ name }) => name).sort());
    for (const { name, scenario, expectation } of rendered) {
      expect(readFileSync(join(HELDOUT_DIR, name, 'scenario.json'), 'utf8'), `${name}: regenerate with generateDistributedHeldOut.ts`).toBe(scenario);
      expect(readFileSync(join(HELDOUT_DIR, name, 'expectation.json'), 'utf8'), `${name}: regenerate with generateDistributedHeldOut.ts`).toBe(expectation);
    }
    expect(Object.keys(knownMisses).filter((name) => !names.includes(name))).toEqual([]);
  });

  it('covers every framework, every ordering and every family of issue #23', () => {
    const seen = (key: 'framework' | 'ordering' | 'family') => new Set(cases.map(({ expectation }) => expectation[key]));
    expect([...seen('framework')].sort()).toEqual(['inference', 'jax', 'mpi', 'pytorch', 'ray', 'tf', 'xgboost']);
    expect([...seen('ordering')].sort()).toEqual(['no-origin', 'origin-first', 'origin-last', 'origin-middle']);
    for (const family of [
      'oom',
      'xid',
      'app-exception',
      'node-notready',
      'same-second',
      'no-origin',
      'deadline-after-crash',
      'preempted-after-origin',
      'ray-limit',
    ])
      expect(seen('family').has(family), family).toBe(true);
  });

  // The measurement itself can fail: a verdict that names another pod, or no origin where one is
  // expected, or an origin where none can be told.
  it('the measurement rejects a wrong origin and an origin where none can be told', () => {
    const withOrigin = cases.find(({ expectation }) => expectation.origin !== null)!.expectation;
    const verdict = (origin: unknown) => ({
      outcome: 'diagnosed',
      category: withOrigin.category,
      evidence: [{ text: withOrigin.quotedLine }],
      limitations: [],
      failingLine: withOrigin.quotedLine,
      memory: { limitBytes: withOrigin.memoryLimitBytes ?? null },
      origin,
    });
    const right = {
      pod: withOrigin.origin!.pod,
      node: withOrigin.origin!.node,
      at: '2026-12-02T16:00:00Z',
      signal: withOrigin.origin!.signalIncludes[0],
      collateral: withOrigin.collateralAtLeast,
    };
    expect(measureVerdict(withOrigin, verdict(right)).passed).toBe(true);
    expect(measureVerdict(withOrigin, verdict({ ...right, pod: 'someone-else-0' })).miss).toBe('origin');
    expect(measureVerdict(withOrigin, verdict({ ...right, collateral: 0 })).miss).toBe(withOrigin.collateralAtLeast > 0 ? 'collateral' : null);
    const { origin: _dropped, ...noField } = verdict(right);
    expect(measureVerdict(withOrigin, noField).miss).toBe('origin');
    const noOrigin = cases.find(({ expectation }) => expectation.origin === null)!.expectation;
    expect(measureVerdict(noOrigin, { ...verdict(right), category: noOrigin.category, failingLine: noOrigin.quotedLine }).miss).toBe('origin');
  });

  it.each(names)('%s', async (name: string) => {
    const heldOut = cases.find((candidate) => candidate.name === name)!;
    const measurement = await runHeldOutCase(heldOut);
    const context = `${name}: ${heldOut.scenario.description ?? ''}`;
    if (name in knownMisses) expect(measurement.passed, `${context} now passes: remove it from known-misses.json`).toBe(false);
    else expect(measurement.problems, context).toEqual([]);
  });
});
