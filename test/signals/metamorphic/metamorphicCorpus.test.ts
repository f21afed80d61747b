/**
 * The metamorphic held-out measure (see README.md beside it). Pure checks over every case of the
 * generator: each transformation keeps every piece of the decisive text whole in the text it
 * writes (so a break is the engine's, never the generator's), and the ledger names only cases
 * the generator makes. Then the engine on a seeded sample of SAMPLE_SIZE entries, one
 * transformation each (round-robin over the transformations, so each is drawn about equally):
 * a case in known-breaks.json must still break (the test fails once it keeps the relation, so
 * the ledger is pruned), every other case must keep the relation. The full figures:
 * `npx tsx test/signals/metamorphic/measureMetamorphic.ts`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededRandom } from '../../support/seededRandom.js';
import { LOG_TRANSFORMATIONS } from './logTransformations.js';
import { buildCase, buildCases, loadKnownBreaks, loadTailEntries, METAMORPHIC_SEED, type MetamorphicCase } from './metamorphicCases.js';
import { startMetamorphicBench, type MetamorphicBench } from './metamorphicBench.js';
import { decisivePieces } from './metamorphicRelation.js';

/** Entries diagnosed per run: two diagnoses each (original and case), about 65 ms apiece on 2 cores. */
const SAMPLE_SIZE = 80;

const bases = loadTailEntries();
const allCases = buildCases(bases);
const knownBreaks = loadKnownBreaks();

/** A seeded shuffle of the entries, the first SAMPLE_SIZE each given the next transformation that applies to it. */
function sampleCases(): MetamorphicCase[] {
  const random = seededRandom(METAMORPHIC_SEED);
  const order = bases.map((base) => ({ base, rank: random() })).sort((a, b) => a.rank - b.rank);
  const sample: MetamorphicCase[] = [];
  let next = 0;
  for (const { base } of order.slice(0, SAMPLE_SIZE)) {
    for (let tried = 0; tried < LOG_TRANSFORMATIONS.length; tried += 1) {
      const item = buildCase(LOG_TRANSFORMATIONS[(next + tried) % LOG_TRANSFORMATIONS.length]!, base);
      if (item) {
        sample.push(item);
        next = (next + tried + 1) % LOG_TRANSFORMATIONS.length;
        break;
      }
    }
  }
  return sample;
}

const sample = sampleCases();

/** Whether `text` holds every piece, each whole, in order (raw text: the generator's own guarantee). */
function holdsPiecesInOrder(text: string, pieces: readonly string[]): boolean {
  let from = 0;
  for (const piece of pieces) {
    const at = text.indexOf(piece, from);
    if (at < 0) return false;
    from = at + piece.length;
  }
  return true;
}

describe('metamorphic cases: generator', () => {
  it('holds at least 500 entries with their decisive text in a carried log tail, and every transformation applies to most of them', () => {
    expect(bases.length).toBeGreaterThanOrEqual(500);
    for (const transformation of LOG_TRANSFORMATIONS) {
      expect(transformation.citation.length, transformation.name).toBeGreaterThan(40);
      expect(allCases.filter((item) => item.transformation === transformation).length, transformation.name).toBeGreaterThanOrEqual(bases.length * 0.8);
    }
  });

  it('every case still prints every piece of its decisive text whole, in order', () => {
    const lost = allCases.filter((item) => !holdsPiecesInOrder(item.entry.verbatim, decisivePieces(item.base.decisive))).map((item) => item.key);
    expect(lost).toEqual([]);
  });

  it('every case changes the text, and the same key always builds the same text', () => {
    expect(allCases.filter((item) => item.entry.verbatim === item.base.loaded.entry.verbatim).map((item) => item.key)).toEqual([]);
    for (const item of sample) expect(buildCase(item.transformation, item.base)!.entry.verbatim).toBe(item.entry.verbatim);
  });

  it('the ledger names only cases the generator makes', () => {
    const keys = new Set(allCases.map((item) => item.key));
    expect(Object.keys(knownBreaks).filter((key) => !keys.has(key))).toEqual([]);
  });

  it(`the sample covers every transformation (${SAMPLE_SIZE} entries)`, () => {
    expect(sample.length).toBe(SAMPLE_SIZE);
    for (const transformation of LOG_TRANSFORMATIONS)
      expect(
        sample.some((item) => item.transformation === transformation),
        transformation.name,
      ).toBe(true);
  });
});

describe('metamorphic cases: the engine keeps the relation (seeded sample)', () => {
  let bench: MetamorphicBench;

  beforeAll(async () => {
    bench = await startMetamorphicBench([...new Set(sample.map((item) => item.base))], sample);
  });

  afterAll(async () => {
    await bench?.close();
  });

  it.each(sample.map((item) => [item.key, item] as const))('%s', async (key: string, item: MetamorphicCase) => {
    const original = await bench.judgeOriginal(item.base);
    if (!original.inDomain) {
      // Outside the domain the case measures nothing; a ledger entry for it is stale.
      expect(key in knownBreaks, `${key}: ${original.why}; remove it from known-breaks.json`).toBe(false);
      return;
    }
    const result = await bench.judgeCase(item, original.verdict);
    const context = `${key} [${item.parameters}] ${JSON.stringify(item.entry.verbatim.slice(0, 300))}`;
    if (key in knownBreaks) expect(result.kept, `${context} now keeps the relation: remove it from known-breaks.json`).toBe(false);
    else expect(result.problem, context).toBeNull();
  });
});
