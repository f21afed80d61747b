/**
 * The third fresh corpus (fixtures/signals-fresh3): held out from the engineers changing the
 * engine while it was collected. One test per entry, against its own ledger `known-misses.json`
 * (see describeHeldOutCorpus.ts), and the generated family `placed-noise.json` must be what
 * fresh3Placements.ts renders.
 * `npx tsx test/signals/measureUnseenCorpus.ts --dir fixtures/signals-fresh3` prints the figures.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { describeHeldOutCorpus } from './describeHeldOutCorpus.js';
import { NOISE, PLACED_FILE, PLACEMENTS, PREFIX_STYLES, renderPlacedEntries } from './fresh3Placements.js';
import { FRESH3_CORPUS } from './unseenCorpus.js';

describe('third fresh corpus: placement generator', () => {
  it('the committed placed-noise.json is what the generator writes', () => {
    expect(readFileSync(PLACED_FILE, 'utf8'), 'regenerate with npx tsx test/signals/generateFresh3Placements.ts').toBe(renderPlacedEntries());
  });

  it('places at least 15 distinct decisive lines, every prefix style at least twice, every noise at least twice', () => {
    expect(new Set(PLACEMENTS.map(([source, index]) => `${source}#${index}`)).size).toBeGreaterThanOrEqual(15);
    for (const style of Object.keys(PREFIX_STYLES)) expect(PLACEMENTS.filter(([, , used]) => used === style).length, style).toBeGreaterThanOrEqual(2);
    for (const noise of Object.keys(NOISE))
      expect(PLACEMENTS.filter(([, , , before, after]) => [...before, ...after].includes(noise as keyof typeof NOISE)).length, noise).toBeGreaterThanOrEqual(2);
  });
});

describeHeldOutCorpus('third fresh upstream corpus', FRESH3_CORPUS, 60);
