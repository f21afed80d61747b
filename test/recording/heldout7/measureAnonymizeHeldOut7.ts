/**
 * Measures the engine on the seventh held-out set (heldOutPlants7.ts): per family, plants
 * surviving anywhere in the `--anonymize` folder; verbatim texts lost; one pseudonym per
 * identifier; secrets (whole or any 16-character piece) in the raw and the anonymized recordings
 * and in the report and notification texts; secrets the report's own redaction keeps in their
 * own text; whether the anonymized replay reaches the raw replay's verdict; and, so that an
 * absence means something, plants, verbatim texts and secret fields that never reached the raw
 * recording.
 *
 * `npx tsx test/recording/heldout7/measureAnonymizeHeldOut7.ts` prints the table;
 * `--ledger` prints what fails today in the shape of known-survivors.json.
 */
import { printHeldOutFigures } from '../heldout3/printHeldOutFigures.js';
import { FAMILIES_7, HELD_OUT_SEEDS_7 } from './heldOutPlants7.js';
import { measureHeldOut7, type HeldOut7Figures } from './measureHeldOut7.js';

const figures: HeldOut7Figures[] = [];
for (const seed of HELD_OUT_SEEDS_7) figures.push(await measureHeldOut7(seed));
printHeldOutFigures('seventh', HELD_OUT_SEEDS_7, FAMILIES_7, figures);
