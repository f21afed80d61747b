/**
 * What a held-out plant generator (heldOutPlants.ts here, heldout2/heldOutPlants2.ts,
 * heldout3/heldOutPlants3.ts) records as it builds a seed's scenario: every planted identifier
 * and secret with its placement, and the values it deals to placements.
 */
import type { Plant, SecretPlant, randomFrom } from './heldOutPlants.js';

export function plantCollector<F extends string>(r: ReturnType<typeof randomFrom>) {
  const plants: Plant<F>[] = [];
  const secrets: SecretPlant[] = [];
  /** Records an identifier planted at `placement` (id `<family>/<placement>`) and returns it, to be written where it stands. */
  const plant = (family: F, placement: string, value: string, where: string) => {
    plants.push({ id: `${family}/${placement}`, family, value, where });
    return value;
  };
  /** Records a planted secret (id `secret/<placement>`) and returns it. */
  const secret = (placement: string, value: string, where: string, context: SecretPlant['context']) => {
    secrets.push({ id: `secret/${placement}`, value, where, context });
    return value;
  };
  /** Draws without replacement: each placement gets its own value, so a survivor is attributed to one placement. */
  const deal = <T>(items: readonly T[]) => {
    const left = [...items];
    return () => left.splice(r.int(0, left.length - 1), 1)[0]!;
  };
  return { plants, secrets, plant, secret, deal };
}
