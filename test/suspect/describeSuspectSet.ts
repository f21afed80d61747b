/**
 * The test body both held-out suspect-node sets share, one test per history: a history in the
 * set's ledger must still miss (the test fails once it passes, so the ledger is pruned and stays
 * honest); every other history must pass every check.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { HistoryResult } from './judgeSuspectRun.js';
import { loadKnownMisses } from './knownMisses.js';
import { judgeSuspectSet, type SuspectSet } from './suspectSet.js';

export function describeSuspectSet(set: SuspectSet, timeoutMs: number): void {
  const knownMisses = loadKnownMisses(set.ledgerFile);
  const results = new Map<string, HistoryResult>();

  beforeAll(async () => {
    for (const result of await judgeSuspectSet(set)) results.set(result.name, result);
  }, timeoutMs);

  describe(set.title, () => {
    it('the ledger names only generated histories', () => {
      const names = new Set(set.histories.map((history) => history.name));
      expect(Object.keys(knownMisses).filter((name) => !names.has(name))).toEqual([]);
    });

    it.each(set.histories.map((history) => history.name))('%s', (name) => {
      const result = results.get(name)!;
      if (knownMisses[name] !== undefined) expect(result.passed, `${name} now passes: remove it from known-misses.json`).toBe(false);
      else expect(result.problems).toEqual([]);
    });
  });
}
