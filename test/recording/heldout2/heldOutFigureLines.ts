/**
 * What the later held-out sets' measure scripts (measureAnonymizeHeldOut2.ts, -3.ts) print from
 * their seeds' figures: the ledger entries in the shape of known-survivors.json, the table of
 * survivors per family, and each seed's lines. A set adds its own lines around these.
 */
import type { HeldOutSeedFigures } from './measureHeldOutSeed.js';

type Figures = HeldOutSeedFigures<string>;

/**
 * The ledger's entries for one kind of failure: a case failing in every seed is keyed by its id,
 * one failing in some seeds only by `id@seed`.
 */
export function ledgerEntries<F extends Figures>(figures: readonly F[], seeds: readonly number[]) {
  return <T extends { id: string }>(pick: (figure: F) => T[], why: (item: T) => string) => {
    const bySeed = figures.map((figure) => new Map(pick(figure).map((item) => [item.id, item])));
    const out: Record<string, string> = {};
    for (const [index, seen] of bySeed.entries())
      for (const [id, item] of seen) out[bySeed.every((other) => other.has(id)) ? id : `${id}@${seeds[index]}`] = why(item);
    return out;
  };
}

/** Survivors / planted per family, summed over the seeds, with the surviving placements named; then a blank line. */
export function familyLines(figures: readonly Figures[], families: readonly string[]): string[] {
  const lines = [`${'family'.padEnd(20)} ${'survive'.padStart(8)}  ids`];
  let survived = 0;
  let total = 0;
  for (const family of families) {
    const survivors = figures.flatMap((figure) => figure.survivors.filter((plant) => plant.family === family));
    const count = figures.reduce((sum, figure) => sum + figure.set.plants.filter((plant) => plant.family === family).length, 0);
    survived += survivors.length;
    total += count;
    const ids = [...new Set(survivors.map((plant) => plant.id.slice(family.length + 1)))].join(', ');
    lines.push(`${family.padEnd(20)} ${`${survivors.length}/${count}`.padStart(8)}  ${ids}`.trimEnd());
  }
  lines.push(`${'all'.padEnd(20)} ${`${survived}/${total}`.padStart(8)}`, '');
  return lines;
}

/**
 * One seed's lines: plants, verdict, verbatim texts and secrets; then `findings` (what the set
 * measures beyond these); then what the report keeps and what never reached the raw recording.
 */
export function seedLines(figure: Figures, findings: readonly string[] = []): string[] {
  const list = (items: readonly { id: string }[]) => (items.length ? ` (${items.map((item) => item.id).join(', ')})` : '');
  const raw = figure.verdict.raw;
  const lines = [
    `seed ${figure.seed}: ${figure.survivors.length}/${figure.plants} plants survive --anonymize; ` +
      `anonymized replay ${figure.verdict.same ? 'reaches the same verdict' : `DIFFERS (${figure.verdict.problems.join('; ')})`} ` +
      `[${raw?.category ?? raw?.route ?? raw?.stopReason ?? 'no verdict'}]; ` +
      `verbatim texts lost ${figure.keepLost.length}/${figure.set.keep.length}${list(figure.keepLost)}`,
    `  secrets (${figure.set.secrets.length} planted): in the raw recording ${figure.secretsInRaw.length}${list(figure.secretsInRaw)}; ` +
      `in the anonymized one ${figure.secretsInAnonymized.length}${list(figure.secretsInAnonymized)}; ` +
      `in the report/notification texts ${figure.secretsInReports.length}` +
      (figure.secretsInReports.length ? ` (${figure.secretsInReports.map((found) => `${found.secret.id} in ${found.in.join(', ')}`).join('; ')})` : ''),
    ...findings,
  ];
  if (figure.secretsReportKeeps.length)
    lines.push(`  secrets the report's redaction keeps in their own text: ${figure.secretsReportKeeps.map((secret) => secret.id).join(', ')}`);
  if (figure.plantsNotRecorded.length)
    lines.push(`  plants NOT in the raw recording (their absence proves nothing): ${figure.plantsNotRecorded.map((plant) => plant.id).join(', ')}`);
  if (figure.keepNotRecorded.length) lines.push(`  verbatim texts NOT in the raw recording: ${figure.keepNotRecorded.map((keep) => keep.id).join(', ')}`);
  if (figure.secretsNotReached.length)
    lines.push(`  secret fields NOT in the raw recording: ${figure.secretsNotReached.map((secret) => secret.id).join(', ')}`);
  return lines;
}
