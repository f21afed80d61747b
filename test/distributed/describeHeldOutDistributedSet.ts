/**
 * The tests of a later held-out distributed set (fixtures/distributed-heldout-2 … -8), one test per
 * case, with the set's own ledger (`<dir>/known-misses.json`): a listed case must still miss (the
 * test fails once it passes, so the ledger is pruned and stays honest); every other case must pass
 * every check. The committed files must be what the generator writes
 * (`npx tsx test/distributed/generateDistributedHeldOut.ts --dir <dir>`), and the set must cover
 * what it was written to cover: every framework and ordering, only families no earlier set has.
 * `npx tsx test/distributed/measureDistributedHeldOut.ts --dir <dir>` prints the figures.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { heldOutSet, loadHeldOutCases, loadKnownMisses, measureVerdict, renderHeldOutFiles, runHeldOutCase, setsBefore } from './heldOutDistributed.js';

export interface HeldOutDistributedSetSpec {
  /** The set's folder, e.g. `fixtures/distributed-heldout-2`. */
  dir: string;
  /** The describe title. */
  title: string;
  /**
   * The earlier sets' folders (undefined: the first set) whose families this set must not repeat;
   * by default every set built before this one (setsBefore).
   */
  earlierDirs?: (string | undefined)[];
  /** How the family test names the earlier sets ("the first set does not have"). */
  earlierSetsNamed: string;
  frameworks: string[];
  families: string[];
  /** Optional: the categories the cases with an origin must cover between them, no more, no fewer. */
  originCategories?: string[];
}

export async function describeHeldOutDistributedSet(spec: HeldOutDistributedSetSpec): Promise<void> {
  const set = heldOutSet(spec.dir);
  const cases = await loadHeldOutCases(set);
  const knownMisses = loadKnownMisses(set);
  const names = cases.map(({ name }) => name);
  const regenerate = `regenerate with generateDistributedHeldOut.ts --dir ${spec.dir}`;

  describe(spec.title, () => {
    it('holds at least 30 generated cases (a third with Tier 2), every one as the generator writes it, and a ledger that names only cases it holds', () => {
      const rendered = renderHeldOutFiles(set);
      expect(cases.length).toBeGreaterThanOrEqual(30);
      expect(cases.filter(({ expectation }) => expectation.tier2).length * 3).toBeGreaterThanOrEqual(cases.length);
      expect(names).toEqual(rendered.map(({ name }) => name).sort());
      for (const { name, scenario, expectation } of rendered) {
        expect(readFileSync(join(set.dir, name, 'scenario.json'), 'utf8'), `${name}: ${regenerate}`).toBe(scenario);
        expect(readFileSync(join(set.dir, name, 'expectation.json'), 'utf8'), `${name}: ${regenerate}`).toBe(expectation);
      }
      expect(Object.keys(knownMisses).filter((name) => !names.includes(name))).toEqual([]);
    });

    it(`covers every framework and ordering, and only families ${spec.earlierSetsNamed}`, async () => {
      const seen = (key: 'framework' | 'ordering' | 'family') => new Set(cases.map(({ expectation }) => expectation[key]));
      expect([...seen('framework')].sort()).toEqual(spec.frameworks);
      expect([...seen('ordering')].sort()).toEqual(['no-origin', 'origin-first', 'origin-last', 'origin-middle']);
      const earlierSets = spec.earlierDirs?.map((dir) => heldOutSet(dir)) ?? setsBefore(set);
      const earlier = await Promise.all(earlierSets.map((earlierSet) => loadHeldOutCases(earlierSet)));
      // Every set but the first has earlier sets to differ from; an empty list would check nothing.
      expect(earlier.length).toBeGreaterThan(0);
      const earlierFamilies = new Set(earlier.flat().map(({ expectation }) => expectation.family));
      expect([...seen('family')].filter((family) => earlierFamilies.has(family))).toEqual([]);
      expect([...seen('family')].sort()).toEqual(spec.families);
      if (spec.originCategories) {
        // Every category a verdict can take from an origin appears as some origin's category.
        const originCategories = new Set(cases.filter(({ expectation }) => expectation.origin !== null).map(({ expectation }) => expectation.category));
        expect([...originCategories].sort()).toEqual(spec.originCategories);
      }
    });

    // The alternatives widen what passes only as far as they say: a third category or an unlisted line still misses.
    it('the measurement accepts a listed alternative and rejects anything else', () => {
      // A tie of two categories where the set has one; otherwise (the seventh set: every tie is of one category) a
      // no-origin case whose alternatives are lines only.
      const tie = (cases.find(({ expectation }) => expectation.categoryAlternatives !== undefined) ??
        cases.find(({ expectation }) => expectation.origin === null && expectation.quotedLineAlternatives !== undefined))!.expectation;
      const verdict = (category: string, line: string) => ({
        outcome: 'diagnosed',
        category,
        evidence: [{ text: line }],
        limitations: ['The replica where this multi-pod failure started cannot be told: two replicas failed in the same second.'],
        limitationIds: ['originUnknown'],
        failingLine: line,
        origin: null,
      });
      expect(measureVerdict(tie, verdict(tie.category, tie.quotedLine)).passed).toBe(true);
      expect(measureVerdict(tie, verdict(tie.categoryAlternatives?.[0] ?? tie.category, tie.quotedLineAlternatives![0]!)).passed).toBe(true);
      expect(measureVerdict(tie, verdict('SCHEDULING_POLICY_TERMINATED', tie.quotedLine)).miss).toBe('category');
      expect(measureVerdict(tie, verdict(tie.category, 'exit code 143')).miss).toBe('line');
      expect(measureVerdict(tie, { ...verdict(tie.category, tie.quotedLine), limitations: [], limitationIds: [] }).miss).toBe('limitation');
      // The check reads the limitation's stable id, not its wording in one language.
      expect(measureVerdict(tie, { ...verdict(tie.category, tie.quotedLine), limitationIds: ['metricsEmpty'] }).miss).toBe('limitation');
      const withOrigin = cases.find(({ expectation }) => expectation.origin !== null)!.expectation;
      const origin = {
        pod: withOrigin.origin!.pod,
        node: withOrigin.origin!.node,
        at: '2026-12-03T08:00:00Z',
        signal: withOrigin.origin!.signalIncludes[0],
        collateral: withOrigin.collateralAtLeast,
      };
      const right = { ...verdict(withOrigin.category, withOrigin.quotedLine), limitations: [], limitationIds: [], origin };
      expect(measureVerdict(withOrigin, right).passed).toBe(true);
      expect(measureVerdict(withOrigin, { ...right, origin: { ...origin, node: 'another-node' } }).miss).toBe('origin');
    });

    it.each(names)('%s', async (name: string) => {
      const heldOut = cases.find((candidate) => candidate.name === name)!;
      const measurement = await runHeldOutCase(heldOut, set);
      const context = `${name}: ${heldOut.scenario.description ?? ''}`;
      if (name in knownMisses) expect(measurement.passed, `${context} now passes: remove it from known-misses.json`).toBe(false);
      else expect(measurement.problems, context).toEqual([]);
    });
  });
}
