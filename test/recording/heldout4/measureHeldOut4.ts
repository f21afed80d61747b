/**
 * One seed of the fourth held-out set, measured with the earlier sets' harness, reused
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
import { buildHeldOutSet4, type Family4, type HeldOutSet4 } from './heldOutPlants4.js';

export type HeldOut4Figures = ConsistencySetFigures<Family4, HeldOutSet4>;

export const measureHeldOut4 = async (seed: number): Promise<HeldOut4Figures> => measureConsistencySet<Family4, HeldOutSet4>(await buildHeldOutSet4(seed));
