/**
 * Measures the engine on the fourth held-out set (heldOutPlants4.ts): per family, plants
 * surviving anywhere in the `--anonymize` folder; verbatim texts lost; secrets (whole or any
 * 16-character piece) in the raw and the anonymized recordings and in the report and
 * notification texts; secrets the report's own redaction keeps in their own text; whether the
 * anonymized replay reaches the raw replay's verdict; and, so that an absence means something,
 * plants, verbatim texts and secret fields that never reached the raw recording.
 *
 * `npx tsx test/recording/heldout4/measureAnonymizeHeldOut4.ts` prints the table;
 * `--ledger` prints what fails today in the shape of known-survivors.json.
 */
import { FAMILIES_4, HELD_OUT_SEEDS_4 } from './heldOutPlants4.js';
import { measureHeldOut4, type HeldOut4Figures } from './measureHeldOut4.js';
import { printHeldOutFigures } from '../heldout3/printHeldOutFigures.js';

const figures: HeldOut4Figures[] = [];
for (const seed of HELD_OUT_SEEDS_4) figures.push(await measureHeldOut4(seed));
printHeldOutFigures('fourth', HELD_OUT_SEEDS_4, FAMILIES_4, figures);
