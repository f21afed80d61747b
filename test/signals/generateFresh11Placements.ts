/**
 * Writes `fixtures/signals-fresh11/placed-logs-11.json`, the generated family of the eleventh fresh
 * corpus (fresh11Placements.ts). Run with `npx tsx test/signals/generateFresh11Placements.ts` after
 * changing a placed base entry, the placements or the seed; fresh11Corpus.test.ts fails when the
 * committed file differs from what this writes.
 */
import { writeFileSync } from 'node:fs';
import { PLACED_FILE, PLACEMENTS, renderPlacedEntries } from './fresh11Placements.js';

writeFileSync(PLACED_FILE, renderPlacedEntries());
process.stdout.write(`${PLACEMENTS.length} placed entries written to ${PLACED_FILE}\n`);
