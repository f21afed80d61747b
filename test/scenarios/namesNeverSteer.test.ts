/**
 * Names never steer, in either direction (issue #22): every fixture scenario, re-run with one
 * name field at a time (workload, project, namespace, department, pods, containers, init
 * containers, nodes, node pool, image, tag, claim, secret, config map, model URI, submittedBy)
 * renamed to a hostile name, keeps its outcome, category, route, stop reason, recommendation ids
 * and failing line (renamed like the copy). Hostile names come from a generator
 * (hostileNames.ts): *pull* names spell another category's words (`oomkilled-precheck`), *hide*
 * names are words the patterns read (`code`, `preempted`, `critical`).
 *
 * Affordable in `npm test`: each (scenario, field) takes a rotating slice of the shuffled
 * vocabulary (seeded), so the slices together cover every name; a few representative scenarios
 * take the whole vocabulary in their most-cited field.
 *
 * In process for speed (diagnoseCopies.ts): the diagnosis against the Run:ai simulator (and,
 * for Tier 2 scenarios, the Kubernetes simulator) over loopback HTTP, without the CLI around it;
 * the original and its renamed copies are served together by one simulator pair.
 * Recommendations are compared by id (the English sentences quote the renamed names).
 */
import { describe, expect, it } from 'vitest';
import { loadScenarios } from '../../functions/simulator/startRunaiSimulator.js';
import { diagnoseCopies, type Outcome } from './diagnoseCopies.js';
import { ExpectSchema, FIXTURES_DIR } from './scenarioHarness.js';
import { NAME_FIELDS, renameField, type NameField } from './renameScenario.js';
import { hostileNames, seededShuffle, type HostileName } from './hostileNames.js';
import { withDistinctIds, type ScenarioCopy } from './mergeScenarioCopies.js';

/** The whole vocabulary, in a seeded order: each (scenario, field) takes the next slice. */
const VOCABULARY = seededShuffle(hostileNames(), 22);
/** Names per (scenario, field): with ~16 fields × ~68 scenarios, every name is tried at least once. */
const SLICE = 2;
/**
 * Scenarios that take every name of one direction in one field: every hide name as the project of
 * a crash ("exit code 1"), as the name of a preempted workload ("was preempted") and as the node
 * pool of a node-pressure eviction ("The node was low on resource": a name of one kind must not be
 * masked after another kind's word), every pull name as the init container of an init failure
 * (named in messages, absent from Run:ai's pod list).
 */
const FULL_VOCABULARY: Readonly<Record<string, { field: NameField; direction: HostileName['direction'] }>> = {
  'crash-app-nonzero-exit': { field: 'project', direction: 'hide' },
  'node-pressure-eviction-exit-137': { field: 'nodePool', direction: 'hide' },
  'preempted-stopped-kai-evict': { field: 'workload', direction: 'hide' },
  'tier2-init-container-exit-1-log-line': { field: 'initContainers', direction: 'pull' },
};

const scenarios = await loadScenarios(FIXTURES_DIR);

interface RenameCase {
  field: NameField;
  name: HostileName;
  copy: ScenarioCopy;
  renameText: (text: string) => string;
}

/** The renamed copies of one scenario: its slice of the vocabulary in every field, or the whole vocabulary in one. */
function renameCases(scenario: ScenarioCopy, index: number): RenameCase[] {
  const full = FULL_VOCABULARY[(scenario as { name?: string }).name ?? ''];
  const cases: RenameCase[] = [];
  NAME_FIELDS.forEach((field, fieldIndex) => {
    const start = (index * NAME_FIELDS.length + fieldIndex) * SLICE;
    const names =
      full?.field === field
        ? VOCABULARY.filter((name) => name.direction === full.direction)
        : Array.from({ length: SLICE }, (_, offset) => VOCABULARY[(start + offset) % VOCABULARY.length]!);
    for (const name of names) {
      const renamed = renameField(scenario, field, name);
      if (renamed) cases.push({ field, name, copy: withDistinctIds(renamed.scenario, cases.length + 1), renameText: renamed.renameText });
    }
  });
  return cases;
}

/** The neutral run's outcome as the renamed copy should read: its failing line quotes the new name. */
function expectedFor(baseline: Outcome, renameCase: RenameCase): Outcome {
  return { ...baseline, failingLine: baseline.failingLine === null ? null : renameCase.renameText(baseline.failingLine) };
}

/** Every scenario's renamed copies, planned once (pure): the figure the report quotes. */
const plans = scenarios.map((scenario, index) => renameCases(scenario, index));
const casesPlanned = plans.reduce((sum, cases) => sum + cases.length, 0);

// Concurrent: most of a case's time is loopback I/O, and every case owns its simulators.
describe.concurrent('names never steer', () => {
  scenarios.forEach((scenario, index) => {
    it(scenario.name, { timeout: FULL_VOCABULARY[scenario.name] ? 900_000 : 300_000 }, async ({ expect: expectHere }) => {
      const cases = plans[index]!;
      const [baseline, ...outcomes] = await diagnoseCopies([scenario, ...cases.map((renameCase) => renameCase.copy)]);
      if (!baseline) throw new Error('no baseline');
      const expectation = ExpectSchema.parse(scenario.expect);
      // The harness reads the scenario as the CLI does: the baseline is the scenario's own verdict.
      // A request the CLI refuses as a usage error (exit 2) is still a verdict for the diagnosis itself;
      // only a Run:ai failure (exit 3) leaves the diagnosis without one.
      if (expectation.cliExitCode === 0 || expectation.cliExitCode === 2) {
        if (expectation.outcome) expectHere(baseline.outcome, `${scenario.name}: baseline outcome`).toBe(expectation.outcome);
        if (expectation.category !== undefined) expectHere(baseline.category, `${scenario.name}: baseline category`).toBe(expectation.category);
        if (expectation.route !== undefined) expectHere(baseline.route, `${scenario.name}: baseline route`).toBe(expectation.route);
      } else {
        expectHere(baseline.error, `${scenario.name}: baseline fails`).not.toBeNull();
      }
      const steered = cases.flatMap((renameCase, caseIndex) => {
        const outcome = outcomes[caseIndex];
        const expected = expectedFor(baseline, renameCase);
        return JSON.stringify(outcome) === JSON.stringify(expected) ? [] : [{ field: renameCase.field, name: renameCase.name.cased, ...outcome }];
      });
      if (process.env.NAMES_REPORT)
        for (const one of steered) console.log(`STEERED ${scenario.name} ${JSON.stringify(one)} baseline=${JSON.stringify(baseline)}`);
      expectHere(steered, `${scenario.name}: renaming changed the verdict of ${JSON.stringify(baseline)}`).toEqual([]);
    });
  });
  it('tries every name of the vocabulary, in both directions', () => {
    const tried = new Set(plans.flatMap((cases) => cases.map((renameCase) => renameCase.name)));
    expect(VOCABULARY.filter((name) => !tried.has(name))).toEqual([]);
    expect(new Set([...tried].map((name) => name.direction))).toEqual(new Set(['pull', 'hide']));
    if (process.env.NAMES_REPORT) console.log(`CASES ${casesPlanned} vocabulary ${VOCABULARY.length}`);
  });
});
