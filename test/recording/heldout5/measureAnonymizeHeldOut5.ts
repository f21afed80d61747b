/**
 * Measures the engine on the fifth held-out set (heldOutPlants5.ts): per family, plants
 * surviving anywhere in the `--anonymize` folder; verbatim texts lost; secrets (whole or any
 * 16-character piece) in the raw and the anonymized recordings and in the report and
 * notification texts; secrets the report's own redaction keeps in their own text; whether the
 * anonymized replay reaches the raw replay's verdict; and, so that an absence means something,
 * plants, verbatim texts and secret fields that never reached the raw recording.
 *
 * `npx tsx test/recording/heldout5/measureAnonymizeHeldOut5.ts` prints the table;
 * `--ledger` prints what fails today in the shape of known-survivors.json.
 */
import { FAMILIES_5, HELD_OUT_SEEDS_5 } from './heldOutPlants5.js';
import { measureHeldOut5, type HeldOut5Figures } from './measureHeldOut5.js';
import { printHeldOutFigures } from '../heldout3/printHeldOutFigures.js';

const figures: HeldOut5Figures[] = [];
for (const seed of HELD_OUT_SEEDS_5) figures.push(await measureHeldOut5(seed));
printHeldOutFigures('fifth', HELD_OUT_SEEDS_5, FAMILIES_5, figures);
