/**
 * Writes `fixtures/signals-fresh12/placed-logs-12.json`, the generated family of the twelfth fresh
 * corpus (fresh12Placements.ts). Run with `npx tsx test/signals/generateFresh12Placements.ts` after
 * changing a placed base entry, the placements or the seed; fresh12Corpus.test.ts fails when the
 * committed file differs from what this writes.
 */
import { writeFileSync } from 'node:fs';
import { PLACED_FILE, PLACEMENTS, renderPlacedEntries } from './fresh12Placements.js';

writeFileSync(PLACED_FILE, renderPlacedEntries());
process.stdout.write(`${PLACEMENTS.length} placed entries written to ${PLACED_FILE}\n`);
