/**
 * Measures the engine on the second held-out set (heldOutPlants2.ts), with the first set's
 * recorder and measure (test/recording/heldout/recordHeldOut.ts): per family, plants surviving
 * anywhere in the `--anonymize` folder; secrets in the raw and the anonymized recordings and in
 * the report and notification texts; whether the anonymized replay reaches the raw replay's
 * verdict; verbatim texts lost; and, so that an absence means something, plants and secret
 * fields that never reached the raw recording.
 *
 * `npx tsx test/recording/heldout2/measureAnonymizeHeldOut2.ts` prints the table;
 * `--ledger` prints what fails today in the shape of known-survivors.json.
 */
import { FAMILIES_2, HELD_OUT_SEEDS_2 } from './heldOutPlants2.js';
import { measureHeldOut2, type HeldOut2Figures } from './measureHeldOut2.js';
import { familyLines, ledgerEntries, seedLines } from './heldOutFigureLines.js';

async function main(): Promise<void> {
  const figures: HeldOut2Figures[] = [];
  for (const seed of HELD_OUT_SEEDS_2) figures.push(await measureHeldOut2(seed));

  if (process.argv.includes('--ledger')) {
    const entries = ledgerEntries(figures, HELD_OUT_SEEDS_2);
    const today = new Date().toISOString().slice(0, 10);
    const ledger = {
      plants: entries(
        (figure) => figure.survivors,
        (plant) => `${today}: survives --anonymize (${plant.where})`,
      ),
      keep: entries(
        (figure) => figure.keepLost,
        () => `${today}: lost by --anonymize`,
      ),
      secretsInRecording: entries(
        (figure) => [...new Set([...figure.secretsInRaw, ...figure.secretsInAnonymized])],
        (secret) => `${today}: in the recording (${secret.where})`,
      ),
      secretsInReports: entries(
        (figure) => figure.secretsInReports.map((found) => found.secret),
        (secret) => `${today}: in the report texts (${secret.where})`,
      ),
      verdict: figures.every((figure) => figure.verdict.same) ? null : `${today}: ${figures.flatMap((figure) => figure.verdict.problems).join('; ')}`,
    };
    process.stdout.write(`${JSON.stringify(ledger, null, 2)}\n`);
    return;
  }

  const lines = [`second held-out set, seeds ${HELD_OUT_SEEDS_2.join(', ')} (survivors / planted, summed over the seeds)`, ''];
  lines.push(...familyLines(figures, FAMILIES_2));
  for (const figure of figures) lines.push(...seedLines(figure));
  process.stdout.write(`${lines.join('\n')}\n`);
}

await main();
