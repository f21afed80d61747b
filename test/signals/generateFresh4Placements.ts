/**
 * Writes `fixtures/signals-fresh4/placed-logs.json`, the generated family of the fourth fresh
 * corpus (fresh4Placements.ts). Run with `npx tsx test/signals/generateFresh4Placements.ts`
 * after changing a placed base entry, the placements or the seed; fresh4Corpus.test.ts fails when
 * the committed file differs from what this writes.
 */
import { writeFileSync } from 'node:fs';
import { PLACED_FILE, PLACEMENTS, renderPlacedEntries } from './fresh4Placements.js';

writeFileSync(PLACED_FILE, renderPlacedEntries());
process.stdout.write(`${PLACEMENTS.length} placed entries written to ${PLACED_FILE}\n`);
