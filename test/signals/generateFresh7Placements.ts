/**
 * Writes `fixtures/signals-fresh7/placed-logs-7.json`, the generated family of the seventh fresh
 * corpus (fresh7Placements.ts). Run with `npx tsx test/signals/generateFresh7Placements.ts`
 * after changing a placed base entry, the placements or the seed; fresh7Corpus.test.ts fails when
 * the committed file differs from what this writes.
 */
import { writeFileSync } from 'node:fs';
import { PLACED_FILE, PLACEMENTS, renderPlacedEntries } from './fresh7Placements.js';

writeFileSync(PLACED_FILE, renderPlacedEntries());
process.stdout.write(`${PLACEMENTS.length} placed entries written to ${PLACED_FILE}\n`);
