/**
 * mulberry32: a small seeded PRNG (Tommy Ettinger's public-domain generator), so the same seed
 * always draws the same cases. One copy for every generator of test material — corpora
 * placements, plant sets, histories, reliability plans — so they all draw alike.
 */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
