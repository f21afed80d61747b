/**
 * Measures the engine on the sixth held-out set (heldOutPlants6.ts): per family, plants
 * surviving anywhere in the `--anonymize` folder; verbatim texts lost; one pseudonym per
 * identifier; secrets (whole or any 16-character piece) in the raw and the anonymized recordings
 * and in the report and notification texts; secrets the report's own redaction keeps in their
 * own text; whether the anonymized replay reaches the raw replay's verdict; and, so that an
 * absence means something, plants, verbatim texts and secret fields that never reached the raw
 * recording.
 *
 * `npx tsx test/recording/heldout6/measureAnonymizeHeldOut6.ts` prints the table;
 * `--ledger` prints what fails today in the shape of known-survivors.json.
 */
import { printHeldOutFigures } from '../heldout3/printHeldOutFigures.js';
import { FAMILIES_6, HELD_OUT_SEEDS_6 } from './heldOutPlants6.js';
import { measureHeldOut6, type HeldOut6Figures } from './measureHeldOut6.js';

const figures: HeldOut6Figures[] = [];
for (const seed of HELD_OUT_SEEDS_6) figures.push(await measureHeldOut6(seed));
printHeldOutFigures('sixth', HELD_OUT_SEEDS_6, FAMILIES_6, figures);
