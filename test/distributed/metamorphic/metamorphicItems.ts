/**
 * The items of the metamorphic measure — (transformation, held-out set, case) — and how one is
 * measured: the original case and its variant run at their clocks, the relation checked against
 * the engine's verdict on the original and against the case's expectation. Shared by
 * measureDistributedMetamorphic.ts and distributedMetamorphic.test.ts.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as z from 'zod';
import { heldOutSet, loadHeldOutCases, type HeldOutCase } from '../heldOutDistributed.js';
import { relationProblems } from './metamorphicRelation.js';
import { TRANSFORMATIONS, transformCase, type Transformation } from './metamorphicTransformations.js';
import { runVariant, type VariantRun } from './runVariant.js';
import { seededRandom } from './seededRandom.js';

/** The eight held-out distributed sets (heldOutDistributed.ts `SETS`), by directory. */
export const SET_DIRS = [
  'fixtures/distributed-heldout',
  'fixtures/distributed-heldout-2',
  'fixtures/distributed-heldout-3',
  'fixtures/distributed-heldout-4',
  'fixtures/distributed-heldout-5',
  'fixtures/distributed-heldout-6',
  'fixtures/distributed-heldout-7',
  'fixtures/distributed-heldout-8',
] as const;

export interface LoadedSet {
  name: string;
  cases: HeldOutCase[];
}

export async function loadSets(): Promise<LoadedSet[]> {
  return Promise.all(SET_DIRS.map(async (dir) => ({ name: dir.replace(/^fixtures\//, ''), cases: await loadHeldOutCases(heldOutSet(dir)) })));
}

export interface Item {
  key: string;
  transformation: Transformation;
  set: LoadedSet;
  heldOut: HeldOutCase;
}

export function listItems(sets: readonly LoadedSet[], only?: string): Item[] {
  return TRANSFORMATIONS.filter((transformation) => only === undefined || transformation.id === only).flatMap((transformation) =>
    sets.flatMap((set) => set.cases.map((heldOut) => ({ key: `${transformation.id}/${set.name}/${heldOut.name}`, transformation, set, heldOut }))),
  );
}

/** `count` items drawn with `seed`, in a stable order. */
export function sampleItems(items: readonly Item[], count: number, seed: string): Item[] {
  return seededRandom(seed).shuffle(items).slice(0, count);
}

/** The original's clock: a whole second plus 700 ms (the sets' pinned sub-second phase), 300–1300 ms in the past. */
export const baseNow = () => Math.floor(Date.now() / 1000) * 1000 - 300;

export type ItemResult =
  | { status: 'skipped'; reason: string }
  | {
      status: 'measured';
      /** The original case fails its own expectation: listed apart, not a break of the expectation side. */
      originalMissesExpectation: boolean;
      keptOriginal: boolean;
      keptExpectation: boolean;
      problems: string[];
    };

const originals = new Map<string, Promise<VariantRun>>();

/** The engine's verdict on an original case (one run per case and process). */
function originalRun(item: Item, nowMs: number): Promise<VariantRun> {
  const key = `${item.set.name}/${item.heldOut.name}`;
  let run = originals.get(key);
  if (!run) {
    run = runVariant(item.heldOut.scenario, item.heldOut.expectation, nowMs);
    originals.set(key, run);
  }
  return run;
}

export async function measureItem(item: Item): Promise<ItemResult> {
  const nowMs = baseNow();
  const variant = transformCase(item.transformation, item.heldOut, item.set.cases, item.set.name, nowMs);
  if ('skip' in variant) return { status: 'skipped', reason: variant.skip };
  const original = await originalRun(item, nowMs);
  if (!original.ok)
    return { status: 'measured', originalMissesExpectation: true, keptOriginal: false, keptExpectation: false, problems: [`original: ${original.error}`] };
  const transformed = await runVariant(variant.scenario, variant.expectation, variant.nowMs);
  const originalMissesExpectation = !original.measurement.passed;
  if (!transformed.ok) return { status: 'measured', originalMissesExpectation, keptOriginal: false, keptExpectation: false, problems: [transformed.error] };
  const expectation = item.heldOut.expectation;
  const problems = relationProblems({
    original: original.summary,
    transformed: transformed.summary,
    rename: variant.rename,
    collateralDelta: variant.collateralDelta,
    statesCollateral: expectation.origin !== null && expectation.collateralAtLeast > 0,
  });
  const expectationProblems = originalMissesExpectation ? [] : transformed.measurement.problems.map(({ part, problem }) => `expectation ${part}: ${problem}`);
  return {
    status: 'measured',
    originalMissesExpectation,
    keptOriginal: problems.length === 0,
    keptExpectation: originalMissesExpectation || transformed.measurement.passed,
    problems: [...problems, ...expectationProblems],
  };
}

/** A break: the relation fails against the original's verdict, or against an expectation the original met. */
export const isBreak = (result: ItemResult) => result.status === 'measured' && (!result.keptOriginal || !result.keptExpectation);

export const KNOWN_BREAKS_FILE = fileURLToPath(new URL('./known-breaks.json', import.meta.url));

/** `{ "<transformation>/<set>/<case>": "what broke" }`. */
export function loadKnownBreaks(): Record<string, string> {
  return z.record(z.string(), z.string().min(1)).parse(JSON.parse(readFileSync(KNOWN_BREAKS_FILE, 'utf8')));
}
