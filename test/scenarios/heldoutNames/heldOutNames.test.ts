/**
 * Held-out "names never steer" (issue #22): hostile names generated from upstream vocabularies
 * (upstreamHostileNames.ts), not from the engine's own tables, renamed into every fixture scenario.
 * Affordable sample: one pull and one hide case per scenario (sampleForTest, seeded), plus every
 * case of the ledger. Fails on a change not in known-changes.json, and on a ledger entry that no
 * longer changes (a fix: remove the entry). The full measure is measureHeldOutNames.ts.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadScenarios } from '../../../functions/simulator/startRunaiSimulator.js';
import { FIXTURES_DIR } from '../scenarioHarness.js';
import type { KnownChange } from './knownChanges.js';
import { caseKey, HELD_OUT_SEED, planHeldOutCases, sampleForTest } from './planHeldOutCases.js';
import { diagnoseCopies } from '../diagnoseCopies.js';
import { withDistinctIds } from '../mergeScenarioCopies.js';
import { runHeldOutCases } from './runHeldOutCases.js';
import { hideNamesFor, upstreamPullNames } from './upstreamHostileNames.js';

const ledger = JSON.parse(readFileSync(new URL('./known-changes.json', import.meta.url), 'utf8')) as KnownChange[];
const scenarios = await loadScenarios(FIXTURES_DIR);
const cases = planHeldOutCases(scenarios);
const known = new Set(ledger.map((entry) => entry.key));
const chosen = [...new Set([...sampleForTest(cases), ...cases.filter((heldOut) => known.has(caseKey(heldOut)))])];

const DNS_1123_LABEL = /^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$/;
const CASED = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,127}$/;

describe('held-out names never steer', () => {
  it('generates valid names, the same for the same seed, in both directions', () => {
    const pulls = upstreamPullNames(HELD_OUT_SEED);
    const hides = hideNamesFor(['Container was OOMKilled', 'Back-off pulling image'], 1);
    for (const name of [...pulls, ...hides]) {
      expect(name.dns, name.term).toMatch(DNS_1123_LABEL);
      expect(name.cased, name.term).toMatch(CASED);
    }
    expect(upstreamPullNames(HELD_OUT_SEED)).toEqual(pulls);
    expect(hides.map((name) => name.term)).toEqual(expect.arrayContaining(['oom', 'killed', 'back', 'pulling', 'image']));
    expect(new Set(cases.map((heldOut) => heldOut.name.direction))).toEqual(new Set(['pull', 'hide']));
  });

  it('every ledger entry is a planned case', () => {
    const planned = new Set(cases.map(caseKey));
    expect(ledger.filter((entry) => !planned.has(entry.key)).map((entry) => entry.key)).toEqual([]);
  });

  // A control that the comparison can see a change: the same runner, on a copy whose signal (not a
  // name) is altered — the kubelet's `OOMKilled` reason replaced by a plain `Error` — must not keep the verdict.
  it('sees a change when the signal itself changes', { timeout: 120_000 }, async () => {
    const scenario = scenarios.find((one) => one.name === 'oom-killed-limit-above-request')!;
    const altered = { ...scenario, runai: JSON.parse(JSON.stringify(scenario.runai).replaceAll('OOMKilled', 'Error')) as typeof scenario.runai };
    const [baseline, copy] = await diagnoseCopies([scenario, withDistinctIds(altered, 1)]);
    expect(baseline?.category).toBe('OOM_KILLED');
    expect(copy?.category).not.toBe('OOM_KILLED');
  });

  it('the sampled cases change only as the ledger says', { timeout: 300_000 }, async () => {
    const { results } = await runHeldOutCases(scenarios, chosen);
    const changed = results.filter((result) => result.changed.length > 0);
    const unknown = changed.filter((result) => !known.has(caseKey(result.heldOut)));
    expect(
      unknown.map(
        (result) =>
          `${caseKey(result.heldOut)}: ${result.changed.map((key) => `${key} ${JSON.stringify(result.baseline[key])} -> ${JSON.stringify(result.outcome[key])}`).join('; ')}`,
      ),
    ).toEqual([]);
    const stillChanging = new Set(changed.map((result) => caseKey(result.heldOut)));
    expect(ledger.filter((entry) => !stillChanging.has(entry.key)).map((entry) => entry.key)).toEqual([]);
  });
});
