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

        const golden = join(scenario.dir, 'expected.txt');
        if (updateGolden) await writeFile(golden, text.stdout);
        else expect(existsSync(golden), `${scenario.name}: no golden expected.txt (UPDATE_GOLDEN=1 writes it)`).toBe(true);
        if (!updateGolden) expect(text.stdout, `${scenario.name}: golden report differs (UPDATE_GOLDEN=1 to accept)`).toBe(await readFile(golden, 'utf8'));
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
