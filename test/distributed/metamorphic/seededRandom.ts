/**
 * A deterministic random source from a text seed (mulberry32 over a SHA-256 of the seed): every
 * parameter a transformation draws is a function of (transformation, set, case), so a run of the
 * measurement is the same run every time.
 */
import { createHash } from 'node:crypto';
import { seededRandom as mulberry32 } from '../../support/seededRandom.js';

export interface SeededRandom {
  /** [0, 1). */
  next(): number;
  /** An integer in [min, max]. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  shuffle<T>(items: readonly T[]): T[];
}

export function seededRandom(seed: string): SeededRandom {
  // The shared mulberry32 (test/support/seededRandom.ts), seeded by the first 32 bits of the hash.
  const next = mulberry32(createHash('sha256').update(seed).digest().readUInt32LE(0));
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    pick: (items) => items[int(0, items.length - 1)]!,
    shuffle: (items) => {
      const copy = [...items];
      for (let index = copy.length - 1; index > 0; index -= 1) {
        const other = int(0, index);
        [copy[index], copy[other]] = [copy[other]!, copy[index]!];
      }
      return copy;
    },
  };
}
