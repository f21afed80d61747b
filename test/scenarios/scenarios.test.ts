/**
 * Every fixture scenario, end to end: the CLI (in process) against the Run:ai simulator
 * over real HTTP, in JSON (asserted against `expect`) and in text (compared with the
 * golden `expected.txt`; `UPDATE_GOLDEN=1` rewrites them for review).
 */
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { DiagnosisRequest } from '../../functions/core/diagnosisRequest.js';
import { loadScenarios, startRunaiSimulator, type RecordedRequest } from '../../functions/simulator/startRunaiSimulator.js';
import { argsFor, assertNothingLeaks, assertVerdictMatches, ExpectSchema, FIXTURES_DIR, parseVerdict, runCliInProcess, simulatorEnv } from './scenarioHarness.js';

const scenarios = await loadScenarios(FIXTURES_DIR);
const updateGolden = process.env.UPDATE_GOLDEN === '1';
/** Scenarios whose French report (`--locale fr`) is also kept as a golden file. */
const FRENCH_GOLDEN = new Set(['oom-recurring-paged-history', 'image-pull-registry-dns', 'needs-input-option-b-no-match', 'preempted-stopped-kai-evict', 'degraded-events-500-history-fallback']);

async function compareGolden(file: string, actual: string, label: string): Promise<void> {
  if (updateGolden) {
    await writeFile(file, actual);
    return;
  }
  expect(existsSync(file), `${label}: no golden ${file} (UPDATE_GOLDEN=1 writes it)`).toBe(true);
  expect(actual, `${label}: golden report differs (UPDATE_GOLDEN=1 to accept, then review the diff)`).toBe(await readFile(file, 'utf8'));
}
const violations: { scenario: string; request: RecordedRequest }[] = [];
let requestsSeen = 0;

describe('fixture scenarios through the CLI', () => {
  it('has at least 30 scenarios', () => {
    expect(scenarios.length).toBeGreaterThanOrEqual(30);
  });

  for (const scenario of scenarios) {
    it(scenario.name, async () => {
      const expectation = ExpectSchema.parse(scenario.expect);
      const simulator = await startRunaiSimulator({ scenarios: scenario.runai });
      try {
        const args = argsFor(scenario.request as DiagnosisRequest);
        const json = await runCliInProcess([...args, '--format', 'json'], simulatorEnv(simulator));
        expect(json.code, `${scenario.name}: exit code; stderr: ${json.stderr}`).toBe(expectation.cliExitCode);
        simulator.reset();
        const text = await runCliInProcess(args, simulatorEnv(simulator));
        expect(text.code).toBe(expectation.cliExitCode);
        if (expectation.cliExitCode !== 0) {
          expect(json.stdout).toBe('');
          expect(json.stderr).toMatch(/^runai-diagnose: .+\n$/);
          assertNothingLeaks(scenario.name, expectation, [json.stderr, text.stderr]);
          return;
        }
        const verdict = parseVerdict(json.stdout);
        assertVerdictMatches(scenario, verdict, [json.stdout, text.stdout, json.stderr, text.stderr]);
        const firstLine = text.stdout.split('\n')[0];
        if (verdict.outcome === 'diagnosed') expect(firstLine).toBe(`Category: ${verdict.category}`);
        else expect(firstLine).toMatch(/^Outcome: /);

        await compareGolden(join(scenario.dir, 'expected.txt'), text.stdout, scenario.name);
        if (FRENCH_GOLDEN.has(scenario.name)) {
          simulator.reset();
          const french = await runCliInProcess([...args, '--locale', 'fr'], simulatorEnv(simulator));
          expect(french.code).toBe(0);
          assertNothingLeaks(scenario.name, expectation, [french.stdout]);
          await compareGolden(join(scenario.dir, 'expected.fr.txt'), french.stdout, `${scenario.name} (fr)`);
        }
      } finally {
        requestsSeen += simulator.requests.length;
        for (const request of simulator.violations) violations.push({ scenario: scenario.name, request });
        await simulator.close();
      }
    });
  }

  afterAll(() => {
    // Read-only proof: across every scenario, nothing but GETs and the token request.
    expect(requestsSeen).toBeGreaterThan(0);
    expect(violations).toEqual([]);
  });
});
