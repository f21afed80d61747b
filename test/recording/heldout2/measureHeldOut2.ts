/**
 * One seed of the second held-out set, measured (measureHeldOutSeed.ts: the first set's recorder
 * and figures, plus the secrets in the report and notification texts and the plants that never
 * reached the raw recording).
 */
import { buildHeldOutSet2, type Family2 } from './heldOutPlants2.js';
import { measureHeldOutSeed, type HeldOutSeedFigures } from './measureHeldOutSeed.js';

export type HeldOut2Figures = HeldOutSeedFigures<Family2>;

export const measureHeldOut2 = async (seed: number): Promise<HeldOut2Figures> => measureHeldOutSeed(await buildHeldOutSet2(seed));
