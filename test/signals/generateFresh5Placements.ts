/**
 * Writes `fixtures/signals-fresh5/placed-logs-5.json`, the generated family of the fifth fresh
 * corpus (fresh5Placements.ts). Run with `npx tsx test/signals/generateFresh5Placements.ts`
 * after changing a placed base entry, the placements or the seed; fresh5Corpus.test.ts fails when
 * the committed file differs from what this writes.
 */
import { writeFileSync } from 'node:fs';
import { PLACED_FILE, PLACEMENTS, renderPlacedEntries } from './fresh5Placements.js';

writeFileSync(PLACED_FILE, renderPlacedEntries());
process.stdout.write(`${PLACEMENTS.length} placed entries written to ${PLACED_FILE}\n`);
