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
import type { KubernetesRecordedRequest } from '../../functions/simulator/kubernetes/startKubernetesSimulator.js';
import { EXIT_USAGE, TIER2_CONFIG_ENV } from '../../functions/cli/runCli.js';
import { readRunaiEnvironment } from '../../functions/cli/readRunaiEnvironment.js';
import { diagnoseWorkload } from '../../functions/diagnosis/diagnoseWorkload.js';
import { createRunaiClient } from '../../functions/runai/createRunaiClient.js';
import { messagesEn } from '../../functions/report/messagesEn.js';
import { renderTextReport } from '../../functions/report/renderTextReport.js';
import {
  argsFor,
  assertKubernetesReads,
  assertNothingLeaks,
  assertVerdictMatches,
  ExpectSchema,
  FIXTURES_DIR,
  parseVerdict,
  runCliInProcess,
  simulatorEnv,
  startScenarioTier2,
  stableMoments,
} from './scenarioHarness.js';

const scenarios = await loadScenarios(FIXTURES_DIR);
const updateGolden = process.env.UPDATE_GOLDEN === '1';
/** Scenarios whose French report (`--locale fr`) is also kept as a golden file. */
const FRENCH_GOLDEN = new Set([
  'oom-recurring-paged-history',
  'image-pull-registry-dns',
  'needs-input-option-b-no-match',
  'preempted-stopped-kai-evict',
  'degraded-events-500-history-fallback',
  'tier2-cuda-oom-in-logs',
  'tier2-137-node-pressure-eviction',
  'distributed-origin-oom-nccl-peers',
  'distributed-nccl-everywhere-no-origin',
]);

async function compareGolden(file: string, report: string, label: string): Promise<void> {
  const actual = stableMoments(report);
  if (updateGolden) {
    await writeFile(file, actual);
    return;
  }
  expect(existsSync(file), `${label}: no golden ${file} (UPDATE_GOLDEN=1 writes it)`).toBe(true);
  expect(actual, `${label}: golden report differs (UPDATE_GOLDEN=1 to accept, then review the diff)`).toBe(await readFile(file, 'utf8'));
}
const violations: { scenario: string; request: RecordedRequest }[] = [];
let requestsSeen = 0;
/** Tier 2: every request the Kubernetes simulators saw, and any that was not a GET. */
const kubernetesViolations: { scenario: string; request: KubernetesRecordedRequest }[] = [];
let kubernetesRequestsSeen = 0;
const tier2Scenarios = scenarios.filter((scenario) => scenario.kubernetes);

describe('fixture scenarios through the CLI', () => {
  it('has at least 30 scenarios', () => {
    expect(scenarios.length).toBeGreaterThanOrEqual(30);
  });

  for (const scenario of scenarios) {
    it(scenario.name, async () => {
      const expectation = ExpectSchema.parse(scenario.expect);
      const simulator = await startRunaiSimulator({ scenarios: scenario.runai });
      // Tier 2 scenarios: the JSON run names the config with --tier2-config (inline token), the
      // text run with RUNAI_DIAGNOSE_TIER2_CONFIG (token file). Others run without Tier 2.
      const tier2 = await startScenarioTier2(scenario);
      try {
        const args = argsFor(scenario.request as DiagnosisRequest);
        const jsonArgs = tier2 ? [...args, '--tier2-config', tier2.configFile] : args;
        const textEnv = tier2 ? { ...simulatorEnv(simulator), [TIER2_CONFIG_ENV]: tier2.tokenFileConfig } : simulatorEnv(simulator);
        const json = await runCliInProcess([...jsonArgs, '--format', 'json'], simulatorEnv(simulator));
        expect(json.code, `${scenario.name}: exit code; stderr: ${json.stderr}`).toBe(expectation.cliExitCode);
        if (tier2) assertKubernetesReads(scenario, tier2.simulator.requests);
        simulator.reset();
        const text = await runCliInProcess(args, textEnv);
        expect(text.code).toBe(expectation.cliExitCode);
        if (expectation.cliExitCode !== 0) {
          expect(json.stdout).toBe('');
          expect(json.stderr).toMatch(/^runai-diagnose: .+\n$/);
          assertNothingLeaks(scenario.name, expectation, [json.stderr, text.stderr]);
          if (expectation.cliExitCode === EXIT_USAGE) {
            // The CLI asks the person at the terminal for what is missing, before any read; the queue
            // path has nobody to ask and answers the same request with a verdict, which keeps its golden.
            expect(simulator.requests).toEqual([]);
            const reader = createRunaiClient(readRunaiEnvironment(simulatorEnv(simulator)));
            const { verdict } = await diagnoseWorkload(scenario.request as DiagnosisRequest, {
              reader,
              now: new Date(),
              messages: messagesEn,
              tier2: null,
            }).finally(() => reader.close());
            const report = renderTextReport(verdict, messagesEn);
            assertVerdictMatches(scenario, verdict, [report]);
            await compareGolden(join(scenario.dir, 'expected.txt'), report, scenario.name);
          }
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
          const french = await runCliInProcess([...jsonArgs, '--locale', 'fr'], simulatorEnv(simulator));
          expect(french.code).toBe(0);
          assertNothingLeaks(scenario.name, expectation, [french.stdout]);
          await compareGolden(join(scenario.dir, 'expected.fr.txt'), french.stdout, `${scenario.name} (fr)`);
        }
      } finally {
        requestsSeen += simulator.requests.length;
        for (const request of simulator.violations) violations.push({ scenario: scenario.name, request });
        await simulator.close();
        if (tier2) {
          kubernetesRequestsSeen += tier2.simulator.requests.length;
          for (const request of tier2.simulator.violations) kubernetesViolations.push({ scenario: scenario.name, request });
          await tier2.close();
        }
      }
    });
  }

  it('has Tier 2 scenarios', () => {
    expect(tier2Scenarios.length).toBeGreaterThanOrEqual(6);
  });

  afterAll(() => {
    // Read-only proof: across every scenario, nothing but GETs and the token request.
    expect(requestsSeen).toBeGreaterThan(0);
    expect(violations).toEqual([]);
    // Tier 2: the Kubernetes simulators saw reads, and not a single non-GET.
    if (tier2Scenarios.length > 0) expect(kubernetesRequestsSeen).toBeGreaterThan(0);
    expect(kubernetesViolations).toEqual([]);
  });
});
