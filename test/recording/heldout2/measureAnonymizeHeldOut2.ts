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

async function main(): Promise<void> {
  const figures: HeldOut2Figures[] = [];
  for (const seed of HELD_OUT_SEEDS_2) figures.push(await measureHeldOut2(seed));

  if (process.argv.includes('--ledger')) {
    // A case failing in every seed is keyed by its id; one failing in some seeds only, by `id@seed`.
    const entries = <T extends { id: string }>(pick: (figure: HeldOut2Figures) => T[], why: (item: T) => string) => {
      const bySeed = figures.map((figure) => new Map(pick(figure).map((item) => [item.id, item])));
      const out: Record<string, string> = {};
      for (const [index, seen] of bySeed.entries())
        for (const [id, item] of seen) out[bySeed.every((other) => other.has(id)) ? id : `${id}@${HELD_OUT_SEEDS_2[index]}`] = why(item);
      return out;
    };
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
  lines.push(`${'family'.padEnd(20)} ${'survive'.padStart(8)}  ids`);
  let survived = 0;
  let total = 0;
  for (const family of FAMILIES_2) {
    const survivors = figures.flatMap((figure) => figure.survivors.filter((plant) => plant.family === family));
    const count = figures.reduce((sum, figure) => sum + figure.set.plants.filter((plant) => plant.family === family).length, 0);
    survived += survivors.length;
    total += count;
    const ids = [...new Set(survivors.map((plant) => plant.id.slice(family.length + 1)))].join(', ');
    lines.push(`${family.padEnd(20)} ${`${survivors.length}/${count}`.padStart(8)}  ${ids}`.trimEnd());
  }
  lines.push(`${'all'.padEnd(20)} ${`${survived}/${total}`.padStart(8)}`, '');
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

await main();
