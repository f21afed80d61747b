/**
 * Writes `fixtures/signals-fresh8/placed-logs-8.json`, the generated family of the eighth fresh
 * corpus (fresh8Placements.ts). Run with `npx tsx test/signals/generateFresh8Placements.ts` after
 * changing a placed base entry, the placements or the seed; fresh8Corpus.test.ts fails when the
 * committed file differs from what this writes.
 */
import { writeFileSync } from 'node:fs';
import { PLACED_FILE, PLACEMENTS, renderPlacedEntries } from './fresh8Placements.js';

writeFileSync(PLACED_FILE, renderPlacedEntries());
process.stdout.write(`${PLACEMENTS.length} placed entries written to ${PLACED_FILE}\n`);
