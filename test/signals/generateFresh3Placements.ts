/**
 * Writes `fixtures/signals-fresh3/placed-noise.json`, the generated family of the third fresh
 * corpus (fresh3Placements.ts). Run with `npx tsx test/signals/generateFresh3Placements.ts`
 * after changing a placed base entry, the placements or the seed; fresh3Corpus.test.ts fails when
 * the committed file differs from what this writes.
 */
import { writeFileSync } from 'node:fs';
import { PLACED_FILE, PLACEMENTS, renderPlacedEntries } from './fresh3Placements.js';

writeFileSync(PLACED_FILE, renderPlacedEntries());
process.stdout.write(`${PLACEMENTS.length} placed entries written to ${PLACED_FILE}\n`);
