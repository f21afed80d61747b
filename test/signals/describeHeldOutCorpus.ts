/**
 * One test per entry of a held-out corpus (fixtures/signals-unseen, -fresh, -fresh2, -fresh3,
 * -fresh4, -fresh5). An entry in the corpus's ledger `known-misses.json` must still miss (the test fails
 * once it passes, so the ledger is pruned and stays honest); every other entry must be diagnosed
 * with the right cause and quote its decisive line. `npx tsx test/signals/measureUnseenCorpus.ts
 * --dir <folder>` prints the figures.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadKnownMisses, loadUnseenCorpus, startUnseenBench, unseenEntryName, type HeldOutCorpus, type UnseenBench } from './unseenCorpus.js';

export function describeHeldOutCorpus(title: string, heldOut: HeldOutCorpus, minimumEntries: number): void {
  const corpus = loadUnseenCorpus(heldOut.dir);
  const knownMisses = loadKnownMisses(heldOut.knownMissesFile);
  const names = corpus.map(unseenEntryName);
  let bench: UnseenBench;

  beforeAll(async () => {
    bench = await startUnseenBench(corpus, heldOut.seed);
  });

  afterAll(async () => {
    await bench?.close();
  });

  describe(title, () => {
    it(`holds at least ${minimumEntries} entries, and a ledger that names only entries it holds`, () => {
      expect(corpus.length).toBeGreaterThanOrEqual(minimumEntries);
      expect(Object.keys(knownMisses).filter((name) => !names.includes(name))).toEqual([]);
    });

    it.each(names.map((name, at) => [name, at] as const))('%s', async (name: string, at: number) => {
      const measurement = await bench.measure(at);
      const entry = corpus[at]!.entry;
      const context = `${name} (${entry.placement}, ${entry.phase}) ${JSON.stringify(entry.verbatim.slice(0, 200))}`;
      if (name in knownMisses) expect(measurement.passed, `${context} now passes: remove it from known-misses.json`).toBe(false);
      else expect(measurement.problems, context).toEqual([]);
    });
  });
}
