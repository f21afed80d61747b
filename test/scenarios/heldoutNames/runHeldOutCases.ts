/**
 * Runs planned held-out cases: per scenario, its original and its renamed copies served together,
 * each copy's outcome compared with the original's (its failing line renamed like the copy).
 */
import type { Scenario } from '../../../functions/simulator/startRunaiSimulator.js';
import { withDistinctIds } from '../mergeScenarioCopies.js';
import { renameField } from '../renameScenario.js';
import { diagnoseCopies, type Outcome } from '../diagnoseCopies.js';
import type { HeldOutCase } from './planHeldOutCases.js';

export interface HeldOutResult {
  heldOut: HeldOutCase;
  baseline: Outcome;
  /** The renamed copy's outcome, and what of it differs from the baseline's (empty: the name did not steer). */
  outcome: Outcome;
  changed: (keyof Outcome)[];
}

const COMPARED: readonly (keyof Outcome)[] = ['error', 'outcome', 'category', 'route', 'stopReason', 'recommendations', 'failingLine'];

/** The results of one scenario's cases; a case whose field has no place in the scenario is left out (counted as not applicable). */
export async function runScenarioCases(scenario: Scenario, cases: readonly HeldOutCase[]): Promise<{ results: HeldOutResult[]; notApplicable: number }> {
  const renamed = cases.flatMap((heldOut) => {
    const copy = renameField(scenario, heldOut.field, heldOut.name);
    return copy ? [{ heldOut, copy }] : [];
  });
  const [baseline, ...outcomes] = await diagnoseCopies([scenario, ...renamed.map(({ copy }, index) => withDistinctIds(copy.scenario, index + 1))]);
  if (!baseline) throw new Error(`${scenario.name}: no baseline`);
  const results = renamed.map(({ heldOut, copy }, index) => {
    const outcome = outcomes[index]!;
    const expected: Outcome = { ...baseline, failingLine: baseline.failingLine === null ? null : copy.renameText(baseline.failingLine) };
    const changed = COMPARED.filter((key) => JSON.stringify(outcome[key]) !== JSON.stringify(expected[key]));
    return { heldOut, baseline, outcome, changed };
  });
  return { results, notApplicable: cases.length - renamed.length };
}

/** Every scenario's cases, `parallel` scenarios at a time. */
export async function runHeldOutCases(
  scenarios: readonly Scenario[],
  cases: readonly HeldOutCase[],
  parallel = 2,
): Promise<{ results: HeldOutResult[]; notApplicable: number }> {
  const byScenario = scenarios
    .map((scenario) => ({ scenario, cases: cases.filter((heldOut) => heldOut.scenario === scenario.name) }))
    .filter((entry) => entry.cases.length > 0);
  const results: HeldOutResult[] = [];
  let notApplicable = 0;
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < byScenario.length; index = next++) {
      const entry = byScenario[index]!;
      const run = await runScenarioCases(entry.scenario, entry.cases);
      results.push(...run.results);
      notApplicable += run.notApplicable;
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  const order = new Map(cases.map((heldOut, index) => [heldOut, index]));
  results.sort((a, b) => order.get(a.heldOut)! - order.get(b.heldOut)!);
  return { results, notApplicable };
}
