/**
 * The suspect-node held-out histories (test/suspect/README.md), one test per history, driven
 * through local mode end to end: a history in the ledger `known-misses.json` must still miss
 * (the test fails once it passes, so the ledger is pruned and stays honest); every other
 * history must pass every check. `npx tsx test/suspect/measureSuspectHeldOut.ts` prints the figures.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { judgeSuspectRun, type HistoryResult } from './judgeSuspectRun.js';
import { loadKnownMisses } from './knownMisses.js';
import { runSuspectHistories } from './runSuspectHistories.js';
import { suspectHistories } from './suspectHistories.js';

const histories = suspectHistories();
const knownMisses = loadKnownMisses();
const results = new Map<string, HistoryResult>();

beforeAll(async () => {
  for (const run of await runSuspectHistories(histories)) results.set(run.history.name, judgeSuspectRun(run));
}, 120_000);

describe('suspect-node held-out histories', () => {
  it('the ledger names only generated histories', () => {
    const names = new Set(histories.map((history) => history.name));
    expect(Object.keys(knownMisses).filter((name) => !names.has(name))).toEqual([]);
  });

  it.each(histories.map((history) => history.name))('%s', (name) => {
    const result = results.get(name)!;
    if (knownMisses[name] !== undefined) expect(result.passed, `${name} now passes: remove it from known-misses.json`).toBe(false);
    else expect(result.problems).toEqual([]);
  });
});
