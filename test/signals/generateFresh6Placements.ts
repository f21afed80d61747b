/**
 * Writes `fixtures/signals-fresh6/placed-logs-6.json`, the generated family of the sixth fresh
 * corpus (fresh6Placements.ts). Run with `npx tsx test/signals/generateFresh6Placements.ts`
 * after changing a placed base entry, the placements or the seed; fresh6Corpus.test.ts fails when
 * the committed file differs from what this writes.
 */
import { writeFileSync } from 'node:fs';
import { PLACED_FILE, PLACEMENTS, renderPlacedEntries } from './fresh6Placements.js';

writeFileSync(PLACED_FILE, renderPlacedEntries());
process.stdout.write(`${PLACEMENTS.length} placed entries written to ${PLACED_FILE}\n`);
