/**
 * The second suspect-node held-out set (test/suspect2/README.md), one test per history, driven
 * through local mode end to end with set 1's runner and judge: a history in the ledger
 * `known-misses.json` must still miss (the test fails once it passes, so the ledger is pruned and
 * stays honest); every other history must pass every check.
 * `npx tsx test/suspect2/measureSuspectHeldOut2.ts` prints the figures.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { judgeSuspectRun, type HistoryResult } from '../suspect/judgeSuspectRun.js';
import { runSuspectHistories } from '../suspect/runSuspectHistories.js';
import { FAILURE_KINDS_2 } from './failureKinds2.js';
import { loadKnownMisses2 } from './knownMisses2.js';
import { RUN_OPTIONS_2, suspectHistories2 } from './suspectHistories2.js';

const histories = suspectHistories2();
const knownMisses = loadKnownMisses2();
const results = new Map<string, HistoryResult>();

beforeAll(async () => {
  for (const run of await runSuspectHistories(histories, RUN_OPTIONS_2)) results.set(run.history.name, judgeSuspectRun(run, FAILURE_KINDS_2));
}, 180_000);

describe('suspect-node held-out histories, set 2', () => {
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
