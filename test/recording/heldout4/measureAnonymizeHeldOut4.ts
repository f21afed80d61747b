/**
 * Measures the engine on the fourth held-out set (heldOutPlants4.ts): per family, plants
 * surviving anywhere in the `--anonymize` folder; verbatim texts lost; secrets (whole or any
 * 16-character piece) in the raw and the anonymized recordings and in the report and
 * notification texts; secrets the report's own redaction keeps in their own text; whether the
 * anonymized replay reaches the raw replay's verdict; and, so that an absence means something,
 * plants, verbatim texts and secret fields that never reached the raw recording.
 *
 * `npx tsx test/recording/heldout4/measureAnonymizeHeldOut4.ts` prints the table;
 * `--ledger` prints what fails today in the shape of known-survivors.json.
 */
import { FAMILIES_4, HELD_OUT_SEEDS_4 } from './heldOutPlants4.js';
import { measureHeldOut4, type HeldOut4Figures } from './measureHeldOut4.js';
import { familyLines, ledgerEntries, seedLines } from '../heldout2/heldOutFigureLines.js';

async function main(): Promise<void> {
  const figures: HeldOut4Figures[] = [];
  for (const seed of HELD_OUT_SEEDS_4) figures.push(await measureHeldOut4(seed));

  if (process.argv.includes('--ledger')) {
    const entries = ledgerEntries(figures, HELD_OUT_SEEDS_4);
    const today = new Date().toISOString().slice(0, 10);
    const ledger = {
      plants: entries(
        (figure) => figure.survivors,
        (plant) => `${today}: survives --anonymize (${plant.where})`,
      ),
      consistency: entries(
        (figure) => figure.consistency.filter((item) => item.status !== 'consistent').map((item) => ({ ...item, id: item.case.id })),
        (item) =>
          `${today}: ${item.status} (pseudonyms ${JSON.stringify(item.pseudonyms.map((pseudonym) => (pseudonym === item.case.value ? 'the value itself' : 'a pseudonym')))} in ${item.placesRead} places)`,
      ),
      keep: entries(
        (figure) => figure.keepLost,
        (keep) => `${today}: lost by --anonymize (${keep.why})`,
      ),
      secretsInRecording: entries(
        (figure) => [...new Set([...figure.secretsInRaw, ...figure.secretsInAnonymized])],
        (secret) => `${today}: in the ${recordingsHolding(figures, secret.id)} recording (${secret.where})`,
      ),
      secretsInReports: entries(
        (figure) => figure.secretsInReports.map((found) => found.secret),
        (secret) => `${today}: in the report texts (${secret.where})`,
      ),
      secretsReportMisses: entries(
        (figure) => figure.secretsReportKeeps,
        (secret) => `${today}: the report's own redaction keeps it in its text (${secret.where})`,
      ),
      verdict: figures.every((figure) => figure.verdict.same) ? null : `${today}: ${figures.flatMap((figure) => figure.verdict.problems).join('; ')}`,
    };
    process.stdout.write(`${JSON.stringify(ledger, null, 2)}\n`);
    return;
  }

  const lines = [`fourth held-out set, seeds ${HELD_OUT_SEEDS_4.join(', ')} (survivors / planted, summed over the seeds)`, ''];
  lines.push(...familyLines(figures, FAMILIES_4));
  const keepLost = figures.reduce((sum, figure) => sum + figure.keepLost.length, 0);
  const keepTotal = figures.reduce((sum, figure) => sum + figure.set.keep.length, 0);
  lines.push(`verbatim texts kept ${keepTotal - keepLost}/${keepTotal}`);
  const consistencyTotal = figures.reduce((sum, figure) => sum + figure.consistency.length, 0);
  const consistent = figures.reduce((sum, figure) => sum + figure.consistency.filter((item) => item.status === 'consistent').length, 0);
  lines.push(`identifiers shown consistent (one pseudonym in every place read) ${consistent}/${consistencyTotal}`, '');
  for (const figure of figures)
    lines.push(
      ...seedLines(
        figure,
        figure.consistency
          .filter((entry) => entry.status !== 'consistent')
          .map(
            (item) =>
              `  ${item.case.id}: ${item.status}, ${item.placesRead} places read, ${item.pseudonyms.length} distinct replacements${item.pseudonyms.some((pseudonym) => pseudonym === item.case.value) ? ' (one is the value itself)' : ''}`,
          ),
      ),
    );
  process.stdout.write(`${lines.join('\n')}\n`);
}

/** Which recordings (raw, anonymized) hold the secret in some seed: for the ledger's reason. */
function recordingsHolding(figures: readonly HeldOut4Figures[], id: string): string {
  const raw = figures.some((figure) => figure.secretsInRaw.some((secret) => secret.id === id));
  const anonymized = figures.some((figure) => figure.secretsInAnonymized.some((secret) => secret.id === id));
  return raw && anonymized ? 'raw and the anonymized' : raw ? 'raw' : 'anonymized';
}

await main();
