/**
 * The held-out distributed sets (fixtures/distributed-heldout, -2, … -11):
 * how a set is rendered from its
 * generator, loaded, run through the same path as the scenario harness (the CLI in process
 * against the Run:ai simulator over HTTP, plus the Kubernetes simulator as Tier 2 when the
 * case has a `kubernetes` block), and measured against its `expectation.json`.
 * Shared by the test (heldoutDistributed.test.ts), the measurement script
 * (measureDistributedHeldOut.ts) and the generator (generateDistributedHeldOut.ts).
 *
 * The verdict is read as raw JSON, not through the strict schema: `origin` is an additive
 * field (DESIGN §4.2) that main may not carry yet, and a missing field is a miss, not a crash.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as z from 'zod';
import type { DiagnosisRequest } from '../../functions/core/diagnosisRequest.js';
import { loadScenario, startRunaiSimulator, type Scenario } from '../../functions/simulator/startRunaiSimulator.js';
import { argsFor, runCliInProcess, simulatorEnv, startScenarioTier2 } from '../scenarios/scenarioHarness.js';
import { normaliseQuoted } from '../signals/corpusKit.js';
import { buildHeldOutCase, type CasePlan } from './buildHeldOutCase.js';
import { heldOut2Cases } from './distributedHeldOut2Cases.js';
import { heldOut3Cases } from './distributedHeldOut3Cases.js';
import { heldOut4Cases } from './distributedHeldOut4Cases.js';
import { heldOut5Cases } from './distributedHeldOut5Cases.js';
import { heldOut6Cases } from './distributedHeldOut6Cases.js';
import { heldOut7Cases } from './distributedHeldOut7Cases.js';
import { heldOut8Cases } from './distributedHeldOut8Cases.js';
import { heldOut9Cases } from './distributedHeldOut9Cases.js';
import { heldOut10Cases } from './distributedHeldOut10Cases.js';
import { heldOut11Cases } from './distributedHeldOut11Cases.js';
import { heldOutCases } from './distributedHeldOutCases.js';

/** One held-out set: where its files live and the generator that writes them. */
export interface HeldOutSet {
  dir: string;
  cases: () => CasePlan[];
  /**
   * Serve the relative timestamps from a clock pinned at 700 ms past a whole second (both
   * simulators share it): a case with millisecond timestamps (two failures 450 ms apart) then
   * always falls inside one wall-clock second, so an engine that truncates to seconds is
   * measured the same way on every run instead of about half of them.
   */
  pinnedSubSecondClock?: boolean;
}

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const HELDOUT_DIR = join(REPO_ROOT, 'fixtures/distributed-heldout/');
/**
 * The first set (seen by the engine's authors), the second to eleventh (each built later by
 * someone who did not change the engine, with shapes the earlier sets have not). A set is chosen
 * by its directory.
 */
const SETS: readonly HeldOutSet[] = [
  { dir: HELDOUT_DIR, cases: heldOutCases },
  { dir: join(REPO_ROOT, 'fixtures/distributed-heldout-2/'), cases: heldOut2Cases, pinnedSubSecondClock: true },
  { dir: join(REPO_ROOT, 'fixtures/distributed-heldout-3/'), cases: heldOut3Cases, pinnedSubSecondClock: true },
  { dir: join(REPO_ROOT, 'fixtures/distributed-heldout-4/'), cases: heldOut4Cases, pinnedSubSecondClock: true },
  { dir: join(REPO_ROOT, 'fixtures/distributed-heldout-5/'), cases: heldOut5Cases, pinnedSubSecondClock: true },
  { dir: join(REPO_ROOT, 'fixtures/distributed-heldout-6/'), cases: heldOut6Cases, pinnedSubSecondClock: true },
  { dir: join(REPO_ROOT, 'fixtures/distributed-heldout-7/'), cases: heldOut7Cases, pinnedSubSecondClock: true },
  { dir: join(REPO_ROOT, 'fixtures/distributed-heldout-8/'), cases: heldOut8Cases, pinnedSubSecondClock: true },
  { dir: join(REPO_ROOT, 'fixtures/distributed-heldout-9/'), cases: heldOut9Cases, pinnedSubSecondClock: true },
  { dir: join(REPO_ROOT, 'fixtures/distributed-heldout-10/'), cases: heldOut10Cases, pinnedSubSecondClock: true },
  { dir: join(REPO_ROOT, 'fixtures/distributed-heldout-11/'), cases: heldOut11Cases, pinnedSubSecondClock: true },
];
export const FIRST_SET: HeldOutSet = SETS[0]!;

/** The set whose directory is `dir` (absolute, or relative to the repository root or the working directory). */
export function heldOutSet(dir: string | undefined): HeldOutSet {
  if (dir === undefined) return FIRST_SET;
  const wanted = [resolve(dir), resolve(REPO_ROOT, dir)].map((path) => path.replace(/\/+$/, ''));
  const found = SETS.find((set) => wanted.includes(set.dir.replace(/\/+$/, '')));
  if (!found) throw new Error(`no held-out set in ${dir}; known: ${SETS.map((set) => relative(REPO_ROOT, set.dir)).join(', ')}`);
  return found;
}

/** The sets built before `set` (their order in SETS is the order they were built in). */
export function setsBefore(set: HeldOutSet): HeldOutSet[] {
  return SETS.slice(0, SETS.indexOf(set));
}

/** `--dir <path>` or `--dir=<path>` from a command line. */
export function dirArgument(argv: readonly string[]): string | undefined {
  const index = argv.indexOf('--dir');
  if (index >= 0) return argv[index + 1];
  return argv.find((arg) => arg.startsWith('--dir='))?.slice('--dir='.length);
}

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/** What the generator writes, as file texts, one entry per case (names unique). */
export function renderHeldOutFiles(set: HeldOutSet = FIRST_SET): { name: string; scenario: string; expectation: string }[] {
  const plans = set.cases();
  const seen = new Set<string>();
  return plans.map((plan) => {
    if (seen.has(plan.name)) throw new Error(`two generated cases are named ${plan.name}`);
    seen.add(plan.name);
    const { scenario, expectation } = buildHeldOutCase(plan);
    return { name: plan.name, scenario: json(scenario), expectation: json(expectation) };
  });
}

const ExpectationSchema = z.strictObject({
  family: z.string(),
  framework: z.string(),
  ordering: z.string(),
  tier2: z.boolean(),
  category: z.string(),
  origin: z.strictObject({ pod: z.string(), node: z.string(), signalIncludes: z.array(z.string()).min(1) }).nullable(),
  collateralAtLeast: z.number().int().nonnegative(),
  quotedLine: z.string().min(1),
  quotedLineAlternatives: z.array(z.string().min(1)).min(1).optional(),
  limitationWhenNoOrigin: z.boolean(),
  memoryLimitBytes: z.number().optional(),
  categoryAlternatives: z.array(z.string()).min(1).optional(),
  outcome: z.literal('routed').optional(),
  citation: z.array(z.string().regex(/^https:\/\//)).min(1),
  note: z.string(),
});
type Expectation = z.infer<typeof ExpectationSchema>;

export interface HeldOutCase {
  name: string;
  scenario: Scenario;
  expectation: Expectation;
}

export async function loadHeldOutCases(set: HeldOutSet = FIRST_SET): Promise<HeldOutCase[]> {
  const names = readdirSync(set.dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(set.dir, entry.name, 'expectation.json')))
    .map((entry) => entry.name)
    .sort();
  return Promise.all(
    names.map(async (name) => ({
      name,
      scenario: await loadScenario(join(set.dir, name)),
      expectation: ExpectationSchema.parse(JSON.parse(readFileSync(join(set.dir, name, 'expectation.json'), 'utf8'))),
    })),
  );
}

/** `{ "<case>": "why it misses" }`: the cases expected to miss today. */
export function loadKnownMisses(set: HeldOutSet = FIRST_SET): Record<string, string> {
  return z.record(z.string(), z.string().min(1)).parse(JSON.parse(readFileSync(join(set.dir, 'known-misses.json'), 'utf8')));
}

/** The parts of a verdict the set measures, in the order a miss is attributed to. */
export const PARTS = ['verdict', 'category', 'origin', 'collateral', 'line', 'limitation', 'memory'] as const;
export type Part = (typeof PARTS)[number];

export interface Measurement {
  passed: boolean;
  /** The first part that failed (the miss kind), null when passed. */
  miss: Part | null;
  /** Every part that failed, with why. */
  problems: { part: Part; problem: string }[];
}

/** Whether a case asserts this part at all (collateral needs an origin, the limitation an untold order, memory a limit). */
export function partApplies(expectation: Expectation, part: Part): boolean {
  if (part === 'collateral') return expectation.origin !== null;
  if (part === 'limitation') return expectation.limitationWhenNoOrigin && expectation.outcome !== 'routed';
  if (part === 'line') return expectation.outcome !== 'routed';
  if (part === 'memory') return expectation.memoryLimitBytes !== undefined;
  return true;
}

/**
 * The limitation that says why the origin cannot be told, by its stable id (DESIGN §4.2
 * `limitationIds`): the check reads what a script matches on, never the report's wording (an
 * earlier English-word pattern missed the engine's own sentence "The replica where this multi-pod
 * failure started cannot be told").
 */
const ORIGIN_LIMITATION_ID = 'originUnknown';

const VerdictShape = z.looseObject({
  outcome: z.string().nullish(),
  category: z.string().nullish(),
  evidence: z.array(z.looseObject({ text: z.string() })).default([]),
  limitationIds: z.array(z.string()).default([]),
  failingLine: z.string().nullish(),
  memory: z.looseObject({ limitBytes: z.number().nullish() }).nullish(),
});

/** Checks one verdict (raw JSON from `--format json`) against a case's expectation. */
export function measureVerdict(expectation: Expectation, raw: unknown): Measurement {
  const problems: Measurement['problems'] = [];
  const parsed = VerdictShape.safeParse(raw);
  if (!parsed.success) return { passed: false, miss: 'verdict', problems: [{ part: 'verdict', problem: 'no verdict JSON' }] };
  const verdict = parsed.data;
  const record = raw as Record<string, unknown>;

  const categories = [expectation.category, ...(expectation.categoryAlternatives ?? [])];
  if (expectation.outcome === 'routed') {
    if (verdict.outcome !== 'routed') problems.push({ part: 'category', problem: `${verdict.outcome}/${verdict.category}, expected routed` });
  } else if (verdict.outcome !== 'diagnosed' || !categories.includes(verdict.category ?? ''))
    problems.push({ part: 'category', problem: `${verdict.outcome}/${verdict.category}, expected diagnosed/${categories.join(' or ')}` });

  const hasOrigin = Object.prototype.hasOwnProperty.call(record, 'origin');
  const origin = hasOrigin ? (record.origin as Record<string, unknown> | null) : undefined;
  if (!hasOrigin) problems.push({ part: 'origin', problem: 'the verdict has no `origin` field' });
  else if (expectation.origin === null) {
    if (origin !== null) problems.push({ part: 'origin', problem: `origin ${JSON.stringify(origin)}, expected null (order cannot be told)` });
  } else if (origin === null || typeof origin !== 'object') problems.push({ part: 'origin', problem: `origin null, expected ${expectation.origin.pod}` });
  else {
    const wrong: string[] = [];
    if (origin.pod !== expectation.origin.pod) wrong.push(`pod ${String(origin.pod)} ≠ ${expectation.origin.pod}`);
    if (origin.node !== expectation.origin.node) wrong.push(`node ${String(origin.node)} ≠ ${expectation.origin.node}`);
    const signal = typeof origin.signal === 'string' ? origin.signal.toLowerCase() : '';
    if (!expectation.origin.signalIncludes.some((needle) => signal.includes(needle.toLowerCase())))
      wrong.push(`signal ${JSON.stringify(origin.signal)} has none of ${JSON.stringify(expectation.origin.signalIncludes)}`);
    if (typeof origin.at !== 'string' || origin.at.length === 0) wrong.push('no `at`');
    if (wrong.length > 0) problems.push({ part: 'origin', problem: wrong.join('; ') });
  }

  if (expectation.origin !== null) {
    const collateral = origin && typeof origin === 'object' ? origin.collateral : undefined;
    if (typeof collateral !== 'number' || collateral < expectation.collateralAtLeast)
      problems.push({ part: 'collateral', problem: `collateral ${String(collateral)}, expected ≥ ${expectation.collateralAtLeast}` });
  }

  // Both sides as a report quotes them (the signal corpora's comparison): a quote replaces `"`
  // with `'` so untrusted text cannot close the report's “…” (functions/safety/quoteUntrusted.ts).
  const wanted = [expectation.quotedLine, ...(expectation.quotedLineAlternatives ?? [])].map(normaliseQuoted);
  const texts = [verdict.failingLine ?? '', ...verdict.evidence.map((item) => item.text)];
  if (partApplies(expectation, 'line') && !texts.some((text) => wanted.some((line) => normaliseQuoted(text).includes(line))))
    problems.push({
      part: 'line',
      problem: `${JSON.stringify(expectation.quotedLine)} not in failingLine ${JSON.stringify(verdict.failingLine ?? null)} nor evidence`,
    });

  if (partApplies(expectation, 'limitation') && !verdict.limitationIds.includes(ORIGIN_LIMITATION_ID))
    problems.push({ part: 'limitation', problem: 'no limitation says why the origin cannot be told' });

  if (expectation.memoryLimitBytes !== undefined && verdict.memory?.limitBytes !== expectation.memoryLimitBytes)
    problems.push({ part: 'memory', problem: `memory.limitBytes ${String(verdict.memory?.limitBytes ?? null)}, expected ${expectation.memoryLimitBytes}` });

  const miss = PARTS.find((part) => problems.some((problem) => problem.part === part)) ?? null;
  return { passed: problems.length === 0, miss, problems };
}

/** Runs one case of `set` through the CLI (Tier 2 when it has a `kubernetes` block) and measures it. */
export async function runHeldOutCase(heldOut: HeldOutCase, set: HeldOutSet = FIRST_SET): Promise<Measurement> {
  // Always in the past (300–1300 ms before the real clock), at .700 of its second.
  const pinned = Math.floor(Date.now() / 1000) * 1000 - 300;
  const now = set.pinnedSubSecondClock ? () => pinned : undefined;
  const simulator = await startRunaiSimulator({ scenarios: heldOut.scenario.runai, ...(now ? { now } : {}) });
  const tier2 = await startScenarioTier2(heldOut.scenario, now);
  try {
    const args = argsFor(heldOut.scenario.request as DiagnosisRequest);
    const run = await runCliInProcess([...args, ...(tier2 ? ['--tier2-config', tier2.configFile] : []), '--format', 'json'], simulatorEnv(simulator));
    let raw: unknown = null;
    try {
      raw = JSON.parse(run.stdout);
    } catch {
      return { passed: false, miss: 'verdict', problems: [{ part: 'verdict', problem: `CLI exited ${run.code}: ${run.stderr.trim().slice(0, 200)}` }] };
    }
    return measureVerdict(heldOut.expectation, raw);
  } finally {
    await tier2?.close();
    await simulator.close();
  }
}
