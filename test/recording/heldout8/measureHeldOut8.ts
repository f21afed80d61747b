/**
 * One seed of the eighth held-out set, measured with the earlier sets' harness, reused
 * unchanged: `measureConsistencySet` (../heldout3/measureHeldOut3.ts) runs the first set's
 * recorder (../heldout/recordHeldOut.ts, via ../heldout2/measureHeldOutSeed.ts), the second
 * set's secret search and report texts and the third set's consistency measure. Figures: plants
 * surviving anywhere in the `--anonymize` folder, verbatim texts lost, secrets in the raw and
 * anonymized recordings and in the report and notification texts, secrets the report's own
 * redaction keeps in their own text, whether the anonymized replay reaches the raw replay's
 * verdict, one pseudonym per identifier, and what never reached the raw recording.
 */
import { measureConsistencySet, type ConsistencySetFigures } from '../heldout3/measureHeldOut3.js';
import { buildHeldOutSet8, type Family8, type HeldOutSet8 } from './heldOutPlants8.js';

export type HeldOut8Figures = ConsistencySetFigures<Family8, HeldOutSet8>;

export const measureHeldOut8 = async (seed: number): Promise<HeldOut8Figures> => measureConsistencySet<Family8, HeldOutSet8>(await buildHeldOutSet8(seed));
