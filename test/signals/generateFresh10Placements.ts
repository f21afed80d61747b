/**
 * Writes `fixtures/signals-fresh10/placed-logs-10.json`, the generated family of the tenth fresh
 * corpus (fresh10Placements.ts). Run with `npx tsx test/signals/generateFresh10Placements.ts` after
 * changing a placed base entry, the placements or the seed; fresh10Corpus.test.ts fails when the
 * committed file differs from what this writes.
 */
import { writeFileSync } from 'node:fs';
import { PLACED_FILE, PLACEMENTS, renderPlacedEntries } from './fresh10Placements.js';

writeFileSync(PLACED_FILE, renderPlacedEntries());
process.stdout.write(`${PLACEMENTS.length} placed entries written to ${PLACED_FILE}\n`);
