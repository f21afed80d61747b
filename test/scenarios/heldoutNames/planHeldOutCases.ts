/**
 * The held-out cases: every fixture scenario × every name field × a seeded sample of upstream
 * hostile names in each direction (PULL_PER_FIELD pull names spelled from another failure's words,
 * HIDE_PER_FIELD hide names spelled from the scenario's own signal words). Pure: the same seed
 * plans the same cases, so the measure, the ledger and the test agree on what a case is.
 */
import type { Scenario } from '../../../functions/simulator/startRunaiSimulator.js';
import { NAME_FIELDS, type NameField } from '../renameScenario.js';
import { hideNamesFor, pullNamesFor, sample, seededRandom, upstreamPullNames, type UpstreamHostileName } from './upstreamHostileNames.js';
import type { Evokes } from './upstreamVocabularies.js';

/** The seed of the whole measure: names, shapes and samples. Fixed before the first measurement. */
export const HELD_OUT_SEED = 20261207;
export const PULL_PER_FIELD = 2;
export const HIDE_PER_FIELD = 2;

export interface HeldOutCase {
  scenario: string;
  field: NameField;
  name: UpstreamHostileName;
}

/** The key a case is known by in the ledger. */
export const caseKey = (heldOut: Pick<HeldOutCase, 'scenario' | 'field' | 'name'>): string =>
  `${heldOut.scenario}|${heldOut.field}|${heldOut.name.direction}|${heldOut.name.dns}|${heldOut.name.cased}`;

const EVOKED: ReadonlySet<string> = new Set<Evokes>([
  'OOM_KILLED',
  'CRASH_APP_ERROR',
  'IMAGE_PULL_FAILED',
  'DATASOURCE_MOUNT_FAILED',
  'INIT_FAILED',
  'NODE_FAILURE',
  'SCHEDULING_POLICY_TERMINATED',
]);

/** The scenario's own failure, as the fixture expects it; null when it has none (every pull name is then another's). */
export function ownFailure(scenario: Pick<Scenario, 'expect'>): Evokes | null {
  const expect = (scenario.expect ?? {}) as { outcome?: string | null; category?: string | null; route?: string | null };
  if (expect.category && EVOKED.has(expect.category)) return expect.category as Evokes;
  if (expect.route?.includes('pending')) return 'pending';
  if (expect.route?.includes('preempted')) return 'preempted';
  if (expect.outcome === 'stopped') return 'stopped';
  return null;
}

function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}

/** A reference, not a message: one token with a path or a scheme (an image, a URI, a timestamp). */
const isReference = (text: string): boolean => !/\s/.test(text) && /[/:]/.test(text);

/**
 * The texts the scenario's real signal is read from: events, history, pods and workload status,
 * and Tier 2's Kubernetes objects and logs — messages and reasons, not image references or URIs.
 */
export function signalTexts(scenario: Pick<Scenario, 'runai' | 'kubernetes'>): string[] {
  const runai = scenario.runai as Record<string, unknown>;
  return strings([runai.events, runai.history, runai.pods, runai.workloads, scenario.kubernetes ?? null]).filter((text) => !isReference(text));
}

/** A seed per scenario and field, derived from the measure's seed and their names. */
function seedOf(...parts: string[]): number {
  let hash = HELD_OUT_SEED;
  for (const char of parts.join('|')) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619) >>> 0;
  return hash;
}

/** Every planned case, scenario by scenario (fields with no place in a scenario are skipped by the runner). */
export function planHeldOutCases(scenarios: readonly Scenario[]): HeldOutCase[] {
  const population = upstreamPullNames(HELD_OUT_SEED);
  return scenarios.flatMap((scenario) => {
    const pulls = pullNamesFor(ownFailure(scenario), population);
    const hides = hideNamesFor(signalTexts(scenario), seedOf(scenario.name, 'hide'));
    return NAME_FIELDS.flatMap((field) => {
      const random = seededRandom(seedOf(scenario.name, field));
      return [...sample(pulls, PULL_PER_FIELD, random), ...sample(hides, HIDE_PER_FIELD, random)].map((name) => ({ scenario: scenario.name, field, name }));
    });
  });
}

/**
 * The test's affordable sample: for each scenario, one pull and one hide case (when it has hide
 * words), each from a field picked by the seed — a fixed subset of the measure's cases.
 */
export function sampleForTest(cases: readonly HeldOutCase[]): HeldOutCase[] {
  const byScenario = new Map<string, HeldOutCase[]>();
  for (const one of cases) byScenario.set(one.scenario, [...(byScenario.get(one.scenario) ?? []), one]);
  return [...byScenario.entries()].flatMap(([scenario, ofScenario]) => {
    const random = seededRandom(seedOf(scenario, 'test'));
    return (['pull', 'hide'] as const).flatMap((direction) =>
      sample(
        ofScenario.filter((one) => one.name.direction === direction),
        1,
        random,
      ),
    );
  });
}
