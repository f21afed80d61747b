/**
 * Writes `fixtures/signals-fresh9/placed-logs-9.json`, the generated family of the ninth fresh
 * corpus (fresh9Placements.ts). Run with `npx tsx test/signals/generateFresh9Placements.ts` after
 * changing a placed base entry, the placements or the seed; fresh9Corpus.test.ts fails when the
 * committed file differs from what this writes.
 */
import { writeFileSync } from 'node:fs';
import { PLACED_FILE, PLACEMENTS, renderPlacedEntries } from './fresh9Placements.js';

writeFileSync(PLACED_FILE, renderPlacedEntries());
process.stdout.write(`${PLACEMENTS.length} placed entries written to ${PLACED_FILE}\n`);
