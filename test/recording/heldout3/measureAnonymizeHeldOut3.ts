/**
 * Measures the engine on the third held-out set (heldOutPlants3.ts): per family, plants
 * surviving anywhere in the `--anonymize` folder; verbatim texts lost; secrets (whole or any
 * 16-character piece) in the raw and the anonymized recordings and in the report and
 * notification texts; secrets the report's own redaction keeps in their own text; whether the
 * anonymized replay reaches the raw replay's verdict; and, so that an absence means something,
 * plants, verbatim texts and secret fields that never reached the raw recording.
 *
 * `npx tsx test/recording/heldout3/measureAnonymizeHeldOut3.ts` prints the table;
 * `--ledger` prints what fails today in the shape of known-survivors.json.
 */
import { FAMILIES_3, HELD_OUT_SEEDS_3 } from './heldOutPlants3.js';
import { measureHeldOut3, type HeldOut3Figures } from './measureHeldOut3.js';

async function main(): Promise<void> {
  const figures: HeldOut3Figures[] = [];
  for (const seed of HELD_OUT_SEEDS_3) figures.push(await measureHeldOut3(seed));

  if (process.argv.includes('--ledger')) {
    // A case failing in every seed is keyed by its id; one failing in some seeds only, by `id@seed`.
    const entries = <T extends { id: string }>(pick: (figure: HeldOut3Figures) => T[], why: (item: T) => string) => {
      const bySeed = figures.map((figure) => new Map(pick(figure).map((item) => [item.id, item])));
      const out: Record<string, string> = {};
      for (const [index, seen] of bySeed.entries())
        for (const [id, item] of seen) out[bySeed.every((other) => other.has(id)) ? id : `${id}@${HELD_OUT_SEEDS_3[index]}`] = why(item);
      return out;
    };
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

  const lines = [`third held-out set, seeds ${HELD_OUT_SEEDS_3.join(', ')} (survivors / planted, summed over the seeds)`, ''];
  lines.push(`${'family'.padEnd(20)} ${'survive'.padStart(8)}  ids`);
  let survived = 0;
  let total = 0;
  for (const family of FAMILIES_3) {
    const survivors = figures.flatMap((figure) => figure.survivors.filter((plant) => plant.family === family));
    const count = figures.reduce((sum, figure) => sum + figure.set.plants.filter((plant) => plant.family === family).length, 0);
    survived += survivors.length;
    total += count;
    const ids = [...new Set(survivors.map((plant) => plant.id.slice(family.length + 1)))].join(', ');
    lines.push(`${family.padEnd(20)} ${`${survivors.length}/${count}`.padStart(8)}  ${ids}`.trimEnd());
  }
  lines.push(`${'all'.padEnd(20)} ${`${survived}/${total}`.padStart(8)}`, '');
  const keepLost = figures.reduce((sum, figure) => sum + figure.keepLost.length, 0);
  const keepTotal = figures.reduce((sum, figure) => sum + figure.set.keep.length, 0);
  lines.push(`verbatim texts kept ${keepTotal - keepLost}/${keepTotal}`);
  const consistencyTotal = figures.reduce((sum, figure) => sum + figure.consistency.length, 0);
  const consistent = figures.reduce((sum, figure) => sum + figure.consistency.filter((item) => item.status === 'consistent').length, 0);
  lines.push(`identifiers shown consistent (one pseudonym in every place read) ${consistent}/${consistencyTotal}`, '');
  const list = (items: readonly { id: string }[]) => (items.length ? ` (${items.map((item) => item.id).join(', ')})` : '');
  for (const figure of figures) {
    const raw = figure.verdict.raw;
    lines.push(
      `seed ${figure.seed}: ${figure.survivors.length}/${figure.plants} plants survive --anonymize; ` +
        `anonymized replay ${figure.verdict.same ? 'reaches the same verdict' : `DIFFERS (${figure.verdict.problems.join('; ')})`} ` +
        `[${raw?.category ?? raw?.route ?? raw?.stopReason ?? 'no verdict'}]; ` +
        `verbatim texts lost ${figure.keepLost.length}/${figure.set.keep.length}${list(figure.keepLost)}`,
      `  secrets (${figure.set.secrets.length} planted): in the raw recording ${figure.secretsInRaw.length}${list(figure.secretsInRaw)}; ` +
        `in the anonymized one ${figure.secretsInAnonymized.length}${list(figure.secretsInAnonymized)}; ` +
        `in the report/notification texts ${figure.secretsInReports.length}` +
        (figure.secretsInReports.length ? ` (${figure.secretsInReports.map((found) => `${found.secret.id} in ${found.in.join(', ')}`).join('; ')})` : ''),
    );
    for (const item of figure.consistency.filter((entry) => entry.status !== 'consistent'))
      lines.push(
        `  ${item.case.id}: ${item.status}, ${item.placesRead} places read, ${item.pseudonyms.length} distinct replacements${item.pseudonyms.some((pseudonym) => pseudonym === item.case.value) ? ' (one is the value itself)' : ''}`,
      );
    if (figure.secretsReportKeeps.length)
      lines.push(`  secrets the report's redaction keeps in their own text: ${figure.secretsReportKeeps.map((secret) => secret.id).join(', ')}`);
    if (figure.plantsNotRecorded.length)
      lines.push(`  plants NOT in the raw recording (their absence proves nothing): ${figure.plantsNotRecorded.map((plant) => plant.id).join(', ')}`);
    if (figure.keepNotRecorded.length) lines.push(`  verbatim texts NOT in the raw recording: ${figure.keepNotRecorded.map((keep) => keep.id).join(', ')}`);
    if (figure.secretsNotReached.length)
      lines.push(`  secret fields NOT in the raw recording: ${figure.secretsNotReached.map((secret) => secret.id).join(', ')}`);
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}

/** Which recordings (raw, anonymized) hold the secret in some seed: for the ledger's reason. */
function recordingsHolding(figures: readonly HeldOut3Figures[], id: string): string {
  const raw = figures.some((figure) => figure.secretsInRaw.some((secret) => secret.id === id));
  const anonymized = figures.some((figure) => figure.secretsInAnonymized.some((secret) => secret.id === id));
  return raw && anonymized ? 'raw and the anonymized' : raw ? 'raw' : 'anonymized';
}

await main();
