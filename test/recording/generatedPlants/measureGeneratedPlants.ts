/**
 * Measures `--anonymize` on our own generated plants (generatePlants.ts): per seed, how many
 * plants survive anywhere in the anonymized recording folder, whether the anonymized replay
 * reaches the raw replay's verdict, which secrets reach either folder and which verbatim texts
 * were lost. Run with `npx tsx test/recording/generatedPlants/measureGeneratedPlants.ts` (`--fresh`: the
 * seeds of other syllables and templates).
 */
import { measureHeldOut, recordHeldOut, survives } from '../heldout/recordHeldOut.js';
import { buildGeneratedSet, FRESH_SEEDS, GENERATED_SEEDS } from './generatePlants.js';

async function main(): Promise<void> {
  let survived = 0;
  let total = 0;
  const fresh = process.argv.includes('--fresh');
  for (const seed of fresh ? FRESH_SEEDS : GENERATED_SEEDS) {
    const set = await buildGeneratedSet(seed, fresh);
    const run = await recordHeldOut(set);
    const figure = measureHeldOut(set, run);
    const unrecorded = set.plants.filter((plant) => !survives(plant.value, run.rawFolder));
    survived += figure.survivors.length;
    total += figure.plants;
    process.stdout.write(
      `seed ${seed}: ${figure.survivors.length}/${figure.plants} plants survive (${unrecorded.length} not in the raw recording)` +
        `${figure.survivors.length ? ` (${figure.survivors.map((plant) => `${plant.id}=${plant.value}`).join(', ')})` : ''}; ` +
        `replay ${figure.verdict.same ? 'same verdict' : `DIFFERS (${figure.verdict.problems.join('; ')})`} [${figure.verdict.raw?.category ?? 'none'}]; ` +
        `secrets raw ${figure.secretsInRaw.length} ${figure.secretsInRaw.map((s) => s.id).join(',')}, anonymized ${figure.secretsInAnonymized.length}; ` +
        `verbatim lost ${figure.keepLost.length} ${figure.keepLost.map((k) => k.id).join(',')}\n`,
    );
  }
  process.stdout.write(`all: ${survived}/${total} plants survive\n`);
}

await main();
