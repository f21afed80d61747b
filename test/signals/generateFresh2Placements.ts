/**
 * Writes `fixtures/signals-fresh2/placed-prefixes.json`, the generated family of the second
 * fresh corpus (fresh2Placements.ts). Run with `npx tsx test/signals/generateFresh2Placements.ts`
 * after changing a placed base entry or the placements; fresh2Corpus.test.ts fails when the
 * committed file differs from what this writes.
 */
import { writeFileSync } from 'node:fs';
import { PLACED_FILE, PLACEMENTS, renderPlacedEntries } from './fresh2Placements.js';

writeFileSync(PLACED_FILE, renderPlacedEntries());
process.stdout.write(`${PLACEMENTS.length} placed entries written to ${PLACED_FILE}\n`);
