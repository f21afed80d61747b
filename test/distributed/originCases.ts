/**
 * Runs the generated origin cases (generateOriginCases.ts) through the same path as the
 * held-out sets (the CLI in process against the simulators) and measures each verdict with the
 * same checks (heldOutDistributed.ts `measureVerdict`).
 */
import { ScenarioFileSchema } from '../../functions/recording/format/ScenarioSchema.js';
import { buildOriginCase, generateOriginCases } from './generateOriginCases.js';
import { runHeldOutCase, type HeldOutCase, type HeldOutSet, type Measurement } from './heldOutDistributed.js';

/** The generated set: no directory, a pinned sub-second clock (ties stay within one second). */
const GENERATED: HeldOutSet = { dir: '', cases: () => generateOriginCases(), pinnedSubSecondClock: true };

export function originCases(seed?: number, count?: number): HeldOutCase[] {
  return generateOriginCases(seed, count).map((plan) => {
    const { scenario, expectation } = buildOriginCase(plan);
    return {
      name: plan.name,
      scenario: { ...ScenarioFileSchema.parse(scenario), name: plan.name, dir: '' },
      expectation: { family: plan.family, framework: plan.framework, ordering: plan.ordering, tier2: plan.tier2, ...expectation } as HeldOutCase['expectation'],
    };
  });
}

export function runOriginCase(heldOut: HeldOutCase): Promise<Measurement> {
  return runHeldOutCase(heldOut, GENERATED);
}
