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
import { measureConsistencySet, type ConsistencySetFigures } from '../heldout3/measureHeldOut3.js';
import { buildHeldOutSet5, type Family5, type HeldOutSet5 } from './heldOutPlants5.js';

export type HeldOut5Figures = ConsistencySetFigures<Family5, HeldOutSet5>;

export const measureHeldOut5 = async (seed: number): Promise<HeldOut5Figures> => measureConsistencySet<Family5, HeldOutSet5>(await buildHeldOutSet5(seed));
