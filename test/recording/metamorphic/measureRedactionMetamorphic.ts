/**
 * The metamorphic redaction measure (README.md here): every batch (metamorphicBatch.ts) recorded
 * without `--anonymize` and reported, each carried secret judged by the relation
 * (redactionRelation.ts) against its plain twin.
 *
 *   npx tsx test/recording/metamorphic/measureRedactionMetamorphic.ts            # the table
 *   npx tsx test/recording/metamorphic/measureRedactionMetamorphic.ts --ledger   # the breaks, as known-breaks.json
 *   npx tsx test/recording/metamorphic/measureRedactionMetamorphic.ts --plain    # the plain twins only (how the shapes were chosen)
 */
import { CARRIERS } from './carriers.js';
import { BATCH_SEEDS, buildMetamorphicBatch } from './metamorphicBatch.js';
import { OUTPUTS, judge, measureBatch, type BatchOutcome } from './measureBatch.js';
import { ALL_KINDS } from './secretShapes.js';
import { breaksLedger, figureLines } from './metamorphicFigures.js';

const plain = process.argv.includes('--plain');
const outcomes: BatchOutcome[] = [];
for (const seed of BATCH_SEEDS) outcomes.push(await measureBatch(await buildMetamorphicBatch(seed, { plainOnly: plain })));

if (plain) {
  // The plain twins alone: which shapes the product removes in their plain form, per output.
  const all = outcomes.flatMap((batch) => batch.outcomes);
  for (const kind of ALL_KINDS)
    for (const output of OUTPUTS) {
      const mine = all.filter((outcome) => outcome.case.kind === kind && outcome.output === output && outcome.reached);
      const held = mine.filter((outcome) => judge(outcome, all) === 'holds');
      const misses = mine.filter((outcome) => judge(outcome, all) !== 'holds').map((outcome) => outcome.case.placement);
      console.log(
        `plain ${kind.padEnd(26)} ${output.padEnd(10)} ${`${held.length}/${mine.length}`.padStart(7)}${misses.length ? `  misses in ${[...new Set(misses)].join(', ')}` : ''}`,
      );
    }
} else if (process.argv.includes('--ledger')) console.log(JSON.stringify(breaksLedger(outcomes), null, 2));
else
  for (const line of figureLines(
    outcomes,
    CARRIERS.map((carrier) => carrier.id).filter((id) => id !== 'plain'),
  ))
    console.log(line);
