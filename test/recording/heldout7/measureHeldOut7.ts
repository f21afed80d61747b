/**
 * One seed of the seventh held-out set, measured with the earlier sets' harness, reused
 * unchanged: `measureConsistencySet` (../heldout3/measureHeldOut3.ts) runs the first set's
 * recorder (../heldout/recordHeldOut.ts, via ../heldout2/measureHeldOutSeed.ts), the second
 * set's secret search and report texts and the third set's consistency measure. Figures: plants
 * surviving anywhere in the `--anonymize` folder, verbatim texts lost, secrets in the raw and
 * anonymized recordings and in the report and notification texts, secrets the report's own
 * redaction keeps in their own text, whether the anonymized replay reaches the raw replay's
 * verdict, one pseudonym per identifier, and what never reached the raw recording.
 */
import { measureConsistencySet, type ConsistencySetFigures } from '../heldout3/measureHeldOut3.js';
import { buildHeldOutSet7, type Family7, type HeldOutSet7 } from './heldOutPlants7.js';

export type HeldOut7Figures = ConsistencySetFigures<Family7, HeldOutSet7>;

export const measureHeldOut7 = async (seed: number): Promise<HeldOut7Figures> => measureConsistencySet<Family7, HeldOutSet7>(await buildHeldOutSet7(seed));
