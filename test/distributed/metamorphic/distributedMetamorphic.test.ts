/**
 * The metamorphic relation on the held-out distributed sets (README.md beside this file): a
 * seeded sample of (transformation, set, case) items is measured; a break that the ledger
 * (known-breaks.json) does not list fails, and so does a ledger entry that now keeps the relation
 * (the ledger must shrink when the engine is fixed). The full measure is
 * `npx tsx test/distributed/metamorphic/measureDistributedMetamorphic.ts`.
 */
import { describe, expect, it } from 'vitest';
import { isBreak, listItems, loadKnownBreaks, loadSets, measureItem, sampleItems } from './metamorphicItems.js';
import { TRANSFORMATIONS } from './metamorphicTransformations.js';

/** Items per run (56 outside the ledger, up to 8 from it): about 0.25 s each (an original and a variant), ~25 s in all. */
const SAMPLE = 64;
const SEED = 'distributed-metamorphic/v1';

const sets = await loadSets();
const items = listItems(sets);
const known = loadKnownBreaks();

describe('held-out distributed sets, metamorphic relation', () => {
  it('lists only items that exist in the ledger', () => {
    const keys = new Set(items.map((item) => item.key));
    expect(Object.keys(known).filter((key) => !keys.has(key))).toEqual([]);
  });

  it('applies every transformation to some case of the sets', () => {
    for (const transformation of TRANSFORMATIONS) expect(items.some((item) => item.transformation.id === transformation.id)).toBe(true);
  });

  const sample = [
    ...sampleItems(
      items.filter((item) => !(item.key in known)),
      SAMPLE - 8,
      SEED,
    ),
    // Some ledger entries too, so a fixed break is noticed.
    ...sampleItems(
      items.filter((item) => item.key in known),
      8,
      SEED,
    ),
  ];

  it.each(sample.map((item) => [item.key, item] as const))(
    '%s',
    async (_key, item) => {
      const result = await measureItem(item);
      const broke = isBreak(result);
      const detail = result.status === 'measured' ? result.problems.join('; ') : result.reason;
      if (item.key in known) expect(broke, `${item.key} is in known-breaks.json but now keeps the relation: remove it`).toBe(true);
      else expect(broke, `${item.key} breaks the relation: ${detail}`).toBe(false);
    },
    30_000,
  );
});
