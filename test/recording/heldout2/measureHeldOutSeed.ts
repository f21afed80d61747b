/**
 * One seed of a later held-out set (the second, heldOutPlants2.ts; the third, heldOutPlants3.ts),
 * measured: the first set's recorder and figures (test/recording/heldout/recordHeldOut.ts), with
 * a stricter secret search (a whole value or any 16-character piece, as written or JSON-escaped),
 * the secrets in the report and notification texts, and what never reached the raw recording
 * (its absence from the anonymized one proves nothing).
 */
import type { HeldOutSet, Plant, SecretPlant } from '../heldout/heldOutPlants.js';
import { compareVerdicts, identifiersOf, measureHeldOut, recordHeldOut, survives, type HeldOutFigures, type HeldOutRun } from '../heldout/recordHeldOut.js';
import { leaksSecret } from './leaksSecret.js';
import { renderReportTexts, secretsInTexts, type ReportText } from './renderReportTexts.js';

export interface HeldOutSeedFigures<F extends string, S extends HeldOutSet<F> = HeldOutSet<F>> extends HeldOutFigures<F> {
  set: S;
  run: HeldOutRun;
  texts: ReportText[];
  secretsInReports: { secret: SecretPlant; in: string[] }[];
  plantsNotRecorded: Plant<F>[];
  /** Verbatim texts the raw recording already lacks: "lost by --anonymize" would be unfair to them. */
  keepNotRecorded: HeldOutSet<F>['keep'];
}

export async function measureHeldOutSeed<F extends string, S extends HeldOutSet<F>>(set: S): Promise<HeldOutSeedFigures<F, S>> {
  const run = await recordHeldOut(set);
  const texts = await renderReportTexts(set);
  return {
    ...measureHeldOut<F>(set, run),
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
