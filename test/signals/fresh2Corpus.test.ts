/**
 * The second fresh corpus (fixtures/signals-fresh2): held out from the engine engineer while the
 * engine was tuned on the fresh and unseen corpora. One test per entry, against its own ledger
 * `known-misses.json` (see describeHeldOutCorpus.ts), and the generated family
 * `placed-prefixes.json` must be what fresh2Placements.ts renders.
 * `npx tsx test/signals/measureUnseenCorpus.ts --dir fixtures/signals-fresh2` prints the figures.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { describeHeldOutCorpus } from './describeHeldOutCorpus.js';
import { PLACED_FILE, PLACEMENTS, PREFIX_STYLES, renderPlacedEntries } from './fresh2Placements.js';
import { FRESH2_CORPUS } from './unseenCorpus.js';

describe('second fresh corpus: placement generator', () => {
  it('the committed placed-prefixes.json is what the generator writes', () => {
    expect(readFileSync(PLACED_FILE, 'utf8'), 'regenerate with npx tsx test/signals/generateFresh2Placements.ts').toBe(renderPlacedEntries());
  });

  it('places at least 15 distinct decisive lines, every prefix style at least twice', () => {
    expect(new Set(PLACEMENTS.map(([source, index]) => `${source}#${index}`)).size).toBeGreaterThanOrEqual(15);
    for (const style of Object.keys(PREFIX_STYLES)) expect(PLACEMENTS.filter(([, , used]) => used === style).length, style).toBeGreaterThanOrEqual(2);
  });
});

describeHeldOutCorpus('second fresh upstream corpus', FRESH2_CORPUS, 60);
