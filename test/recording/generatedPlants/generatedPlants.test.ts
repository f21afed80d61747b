/**
 * Issue #25 item 1: our own generated plants (generatePlants.ts: six seeds × twenty families,
 * in fields and free text) run through the real CLI with `--record --anonymize`: no plant
 * survives anywhere in the folder, the anonymized replay reaches the raw replay's verdict, no
 * planted secret reaches either recording, and the upstream texts planted to stay, stay.
 */
import { describe, expect, it } from 'vitest';
import { measureHeldOut, recordHeldOut, survives } from '../heldout/recordHeldOut.js';
import { buildGeneratedSet, GENERATED_SEEDS } from './generatePlants.js';

describe.each(GENERATED_SEEDS.map((seed) => [seed] as const))('generated plants, seed %i', (seed) => {
  it('are anonymized, replayed to the same verdict, and no secret is recorded', { timeout: 60_000 }, async () => {
    const set = await buildGeneratedSet(seed);
    const run = await recordHeldOut(set);
    const figures = measureHeldOut(set, run);
    expect(set.plants.filter((plant) => !survives(plant.value, run.rawFolder)).map((plant) => plant.id)).toEqual([]);
    expect(figures.survivors.map((plant) => `${plant.id}=${plant.value}`)).toEqual([]);
    expect(figures.verdict.problems).toEqual([]);
    expect(figures.secretsInRaw.map((secret) => secret.id)).toEqual([]);
    expect(figures.secretsInAnonymized.map((secret) => secret.id)).toEqual([]);
    expect(figures.keepLost.map((keep) => keep.id)).toEqual([]);
  });
});
