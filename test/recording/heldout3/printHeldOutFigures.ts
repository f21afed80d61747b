/**
 * The table and the ledger of a held-out plant set with consistency cases (the third and the
 * fourth sets): per family, plants surviving anywhere in the `--anonymize` folder; verbatim texts
 * lost; one pseudonym per identifier; per seed, secrets and the replay's verdict. `--ledger` prints
 * what fails today in the shape of known-survivors.json. Each set's measureAnonymizeHeldOutN.ts
 * measures its seeds and calls this.
 */
import type { HeldOutSeedFigures } from '../heldout2/measureHeldOutSeed.js';
import { familyLines, ledgerEntries, seedLines } from '../heldout2/heldOutFigureLines.js';
import type { ConsistencyFigure } from './measureHeldOut3.js';

type ConsistencyFigures = HeldOutSeedFigures<string> & { consistency: ConsistencyFigure[] };

export function printHeldOutFigures(ordinal: string, seeds: readonly number[], families: readonly string[], figures: readonly ConsistencyFigures[]): void {
  if (process.argv.includes('--ledger')) {
    const entries = ledgerEntries(figures, seeds);
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

  const lines = [`${ordinal} held-out set, seeds ${seeds.join(', ')} (survivors / planted, summed over the seeds)`, ''];
  lines.push(...familyLines(figures, families));
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
function recordingsHolding(figures: readonly ConsistencyFigures[], id: string): string {
  const raw = figures.some((figure) => figure.secretsInRaw.some((secret) => secret.id === id));
  const anonymized = figures.some((figure) => figure.secretsInAnonymized.some((secret) => secret.id === id));
  return raw && anonymized ? 'raw and the anonymized' : raw ? 'raw' : 'anonymized';
}
