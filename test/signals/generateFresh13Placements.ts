/**
 * Writes `fixtures/signals-fresh13/placed-logs-13.json`, the generated family of the thirteenth fresh
 * corpus (fresh13Placements.ts). Run with `npx tsx test/signals/generateFresh13Placements.ts` after
 * changing a placed base entry, the placements or a surrounding; fresh13Corpus.test.ts fails when the
 * committed file differs from what this writes.
 */
import { writeFileSync } from 'node:fs';
import { PLACED_FILE, PLACEMENTS, renderPlacedEntries } from './fresh13Placements.js';

writeFileSync(PLACED_FILE, renderPlacedEntries());
process.stdout.write(`${PLACEMENTS.length} placed entries written to ${PLACED_FILE}\n`);
