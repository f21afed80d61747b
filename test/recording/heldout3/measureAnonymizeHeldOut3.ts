/**
 * Measures the engine on the third held-out set (heldOutPlants3.ts): per family, plants
 * surviving anywhere in the `--anonymize` folder; verbatim texts lost; secrets (whole or any
 * 16-character piece) in the raw and the anonymized recordings and in the report and
 * notification texts; secrets the report's own redaction keeps in their own text; whether the
 * anonymized replay reaches the raw replay's verdict; and, so that an absence means something,
 * plants, verbatim texts and secret fields that never reached the raw recording.
 *
 * `npx tsx test/recording/heldout3/measureAnonymizeHeldOut3.ts` prints the table;
 * `--ledger` prints what fails today in the shape of known-survivors.json.
 */
import { FAMILIES_3, HELD_OUT_SEEDS_3 } from './heldOutPlants3.js';
import { measureHeldOut3, type HeldOut3Figures } from './measureHeldOut3.js';
import { printHeldOutFigures } from './printHeldOutFigures.js';

const figures: HeldOut3Figures[] = [];
for (const seed of HELD_OUT_SEEDS_3) figures.push(await measureHeldOut3(seed));
printHeldOutFigures('third', HELD_OUT_SEEDS_3, FAMILIES_3, figures);
