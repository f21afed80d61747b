/**
 * Writes `fixtures/signals-fresh14/placed-logs-14.json`, the generated family of the fourteenth fresh
 * corpus (fresh14Placements.ts). Run with `npx tsx test/signals/generateFresh14Placements.ts` after
 * changing a placed base entry, the placements or the seed; fresh14Corpus.test.ts fails when the
 * committed file differs from what this writes.
 */
import { writeFileSync } from 'node:fs';
import { PLACED_FILE, PLACEMENTS, renderPlacedEntries } from './fresh14Placements.js';

writeFileSync(PLACED_FILE, renderPlacedEntries());
process.stdout.write(`${PLACEMENTS.length} placed entries written to ${PLACED_FILE}\n`);
