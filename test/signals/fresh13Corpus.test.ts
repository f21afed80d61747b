/**
 * The thirteenth fresh corpus (fixtures/signals-fresh13): held out from the engineers changing the
 * engine while it was collected, in formats no older corpus holds (DeepSpeed's runtime, Lightning's
 * Trainer and callbacks, experiment trackers, DALI pipelines, the CUDA math libraries' own statuses,
 * Transformer Engine and Apex), and built to measure surroundings no older generator placed (eight
 * local ranks of one torchrun pod with torchelastic's ChildFailedError table, PEP 678 notes under the
 * exception line, rich's traceback panel, a faulthandler dump after the statement). One test per
 * entry, against its own ledger `known-misses.json` (see describeHeldOutCorpus.ts); the generated
 * family `placed-logs-13.json` must be what fresh13Placements.ts renders; and no decisive text may
 * already be held by an older corpus, so that the corpus keeps measuring text the engine was not
 * tuned on. `npx tsx test/signals/measureUnseenCorpus.ts --dir fixtures/signals-fresh13` prints the
 * figures.
 */
import { describe, expect, it } from 'vitest';
import { describeFreshCorpusChecks } from './describeFreshCorpusChecks.js';
import { describeHeldOutCorpus } from './describeHeldOutCorpus.js';
import * as placements from './fresh13Placements.js';
import { FRESH13_CORPUS, loadUnseenCorpus } from './unseenCorpus.js';

describeFreshCorpusChecks({
  ordinal: 'thirteenth',
  corpus: FRESH13_CORPUS,
  placedSource: 'placed-logs-13',
  placements,
  generator: 'npx tsx test/signals/generateFresh13Placements.ts',
});

describe('thirteenth fresh corpus: the surroundings keep the statement', () => {
  const placed = loadUnseenCorpus(FRESH13_CORPUS.dir).filter(({ source }) => source === 'placed-logs-13');

  it('prints the statement behind every rank when every rank fails, and behind the failing rank only otherwise', () => {
    const rankLines = (verbatim: string, decisive: string) =>
      verbatim
        .split('\n')
        .filter((line) => line.includes(decisive))
        .map((line) => /\[rank(\d)\]:/.exec(line)?.[1]);
    for (const [at, [, , , surroundings]] of placements.PLACEMENTS.entries()) {
      const { entry } = placed[at]!;
      const ranks = rankLines(entry.verbatim, entry.decisive!);
      if (surroundings.includes('ranksAllFail')) expect(new Set(ranks).size, `#${at}`).toBe(8);
      if (surroundings.includes('ranksSigterm')) expect([...new Set(ranks)], `#${at}`).toEqual(['3']);
    }
  });

  it('ends every ChildFailedError table with a root cause that quotes no message, and a faulthandler placement with exit code 139', () => {
    for (const [at, [, , , before, after]] of placements.PLACEMENTS.entries()) {
      const { entry } = placed[at]!;
      if (before.some((name) => name.startsWith('ranks'))) expect(entry.verbatim, `#${at}`).toMatch(/Root Cause \(first observed failure\):\n(?:\S+ )?\[\d\]:/);
      if (after.includes('faulthandlerAfter')) {
        expect(entry.verbatim, `#${at}`).toContain('terminated with exit code 139 (Error)');
        expect(entry.verbatim.trimEnd().split('\n').at(-1), `#${at}`).toMatch(/Extension modules: .* \(total: \d+\)$/);
      }
    }
  });
});

describeHeldOutCorpus('thirteenth fresh upstream corpus', FRESH13_CORPUS, 55);
