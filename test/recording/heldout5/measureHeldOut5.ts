/**
 * One seed of the fifth held-out set, measured with the earlier sets' harness, reused
 * unchanged: the first set's recorder (../heldout/recordHeldOut.ts, via
 * ../heldout2/measureHeldOutSeed.ts), the second set's secret search and report texts
 * (../heldout2/leaksSecret.ts, ../heldout2/renderReportTexts.ts) and the third set's
 * consistency measure (../heldout3/measureHeldOut3.ts, measureConsistency). Figures: plants
 * surviving anywhere in the `--anonymize` folder, verbatim texts lost, secrets in the raw and
 * anonymized recordings and in the report and notification texts, secrets the report's own
 * redaction keeps in their own text, whether the anonymized replay reaches the raw replay's
 * verdict, one pseudonym per identifier, and what never reached the raw recording.
 */
import { measureHeldOutSeed, type HeldOutSeedFigures } from '../heldout2/measureHeldOutSeed.js';
import type { ConsistencyCase } from '../heldout3/heldOutPlants3.js';
import { measureConsistency, type ConsistencyFigure } from '../heldout3/measureHeldOut3.js';
import { buildHeldOutSet5, type Family5, type HeldOutSet5 } from './heldOutPlants5.js';

export interface HeldOut5Figures extends HeldOutSeedFigures<Family5, HeldOutSet5> {
  consistency: ConsistencyFigure[];
  inconsistent: ConsistencyCase[];
}

export async function measureHeldOut5(seed: number): Promise<HeldOut5Figures> {
  const figures = await measureHeldOutSeed<Family5, HeldOutSet5>(await buildHeldOutSet5(seed));
  const consistency = figures.set.consistency.map((item) => measureConsistency(item, figures.run.rawFolder, figures.run.anonymizedFolder));
  return { ...figures, consistency, inconsistent: consistency.filter((figure) => figure.status !== 'consistent').map((figure) => figure.case) };
}
