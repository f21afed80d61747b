/**
 * One seed of the second held-out set, measured: the first set's recorder and figures
 * (recordHeldOut.ts), plus the secrets in the report and notification texts and the plants
 * that never reached the raw recording (their absence from the anonymized one proves nothing).
 */
import type { HeldOutSet, Plant, SecretPlant } from '../heldout/heldOutPlants.js';
import { compareVerdicts, identifiersOf, measureHeldOut, recordHeldOut, survives, type HeldOutFigures, type HeldOutRun } from '../heldout/recordHeldOut.js';
import { buildHeldOutSet2, type Family2 } from './heldOutPlants2.js';
import { leaksSecret } from './leaksSecret.js';
import { renderReportTexts, secretsInTexts, type ReportText } from './renderReportTexts.js';

export interface HeldOut2Figures extends HeldOutFigures<Family2> {
  set: HeldOutSet<Family2>;
  run: HeldOutRun;
  texts: ReportText[];
  secretsInReports: { secret: SecretPlant; in: string[] }[];
  plantsNotRecorded: Plant<Family2>[];
  /** Verbatim texts the raw recording already lacks: "lost by --anonymize" would be unfair to them. */
  keepNotRecorded: HeldOutSet<Family2>['keep'];
}

export async function measureHeldOut2(seed: number): Promise<HeldOut2Figures> {
  const set = await buildHeldOutSet2(seed);
  const run = await recordHeldOut(set);
  const texts = await renderReportTexts(set);
  return {
    ...measureHeldOut(set, run),
    // The report cuts a long line in its middle (` … `); pseudonyms change the line's length, so
    // the raw and the anonymized lines are cut in different places: the elided span is a wildcard too.
    verdict: compareVerdicts(run, [...identifiersOf(set), ' … ']),
    // Stricter than the first set's whole-value search: a 16-character piece of a secret counts.
    secretsInRaw: set.secrets.filter((secret) => leaksSecret(secret.value, run.rawFolder)),
    secretsInAnonymized: set.secrets.filter((secret) => leaksSecret(secret.value, run.anonymizedFolder)),
    set,
    run,
    texts,
    secretsInReports: secretsInTexts(set.secrets, texts),
    plantsNotRecorded: set.plants.filter((plant) => !survives(plant.value, run.rawFolder)),
    keepNotRecorded: set.keep.filter((keep) => !survives(keep.value, run.rawFolder)),
  };
}
