/**
 * Measures the engine on the eighth held-out set (heldOutPlants8.ts): per family, plants
 * surviving anywhere in the `--anonymize` folder; verbatim texts lost; one pseudonym per
 * identifier; secrets (whole or any 16-character piece) in the raw and the anonymized recordings
 * and in the report and notification texts; secrets the report's own redaction keeps in their
 * own text; whether the anonymized replay reaches the raw replay's verdict; and, so that an
 * absence means something, plants, verbatim texts and secret fields that never reached the raw
 * recording.
 *
 * `npx tsx test/recording/heldout8/measureAnonymizeHeldOut8.ts` prints the table;
 * `--ledger` prints what fails today in the shape of known-survivors.json.
 */
import { printHeldOutFigures } from '../heldout3/printHeldOutFigures.js';
import { FAMILIES_8, HELD_OUT_SEEDS_8 } from './heldOutPlants8.js';
import { measureHeldOut8, type HeldOut8Figures } from './measureHeldOut8.js';

const figures: HeldOut8Figures[] = [];
for (const seed of HELD_OUT_SEEDS_8) figures.push(await measureHeldOut8(seed));
printHeldOutFigures('eighth', HELD_OUT_SEEDS_8, FAMILIES_8, figures);
