/**
 * Runs one fixture scenario through the CLI against the Run:ai simulator over real HTTP
 * (and, for a scenario with a `kubernetes` block, the Kubernetes simulator as its Tier 2),
 * and checks the verdict against the scenario's `expect` block.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import * as z from 'zod';
import type { DiagnosisRequest } from '../../functions/core/diagnosisRequest.js';
import { VerdictSchema, type Verdict } from '../../functions/core/verdict.js';
import { messagesEn } from '../../functions/report/messagesEn.js';
import { runCli } from '../../functions/cli/runCli.js';
import type { RunaiSimulator, Scenario } from '../../functions/simulator/startRunaiSimulator.js';
import {
  startKubernetesSimulator,
  type KubernetesRecordedRequest,
  type KubernetesSimulator,
} from '../../functions/simulator/kubernetes/startKubernetesSimulator.js';

export const FIXTURES_DIR = fileURLToPath(new URL('../../fixtures/scenarios/', import.meta.url));

export const ExpectSchema = z.object({
  outcome: z.enum(['diagnosed', 'routed', 'stopped', 'needs_input']).nullish(),
  category: z.string().nullish(),
  route: z.string().nullish(),
  stopReason: z.string().nullish(),
  workloadId: z.string().nullish(),
  recurrence: z.object({ count: z.number(), recurring: z.boolean() }).nullish(),
  memory: z.object({ requestBytes: z.number().nullable(), limitBytes: z.number().nullable(), peakBytes: z.number().nullable() }).nullish(),
  evidenceIncludes: z.array(z.string()).default([]),
  limitationsInclude: z.array(z.string()).default([]),
  recommendationsInclude: z.array(z.string()).default([]),
  mustNotContain: z.array(z.string()).default([]),
  cliExitCode: z.number().default(0),
  /** Tier 2 scenarios: the distinct `GET <path>` requests the Kubernetes simulator must see (in any order). */
  kubernetesReads: z.array(z.string()).optional(),
});
export type ScenarioExpectation = z.infer<typeof ExpectSchema>;

export function argsFor(request: DiagnosisRequest): string[] {
  const flags: [keyof DiagnosisRequest, string][] = [
    ['clusterId', '--cluster-id'],
    ['workloadId', '--workload-id'],
    ['workloadName', '--workload-name'],
    ['project', '--project'],
    ['intent', '--intent'],
    ['lookback', '--lookback'],
  ];
  return flags.flatMap(([key, flag]) => (request[key] ? [flag, String(request[key])] : []));
}

export function simulatorEnv(simulator: RunaiSimulator): Record<string, string> {
  return { RUNAI_BASE_URL: simulator.url, RUNAI_CLIENT_ID: 'sim-client', RUNAI_CLIENT_SECRET: 'sim-secret' };
}

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

export async function runCliInProcess(args: string[], env: Record<string, string>): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const code = await runCli(args, {
    env,
    fixturesDir: FIXTURES_DIR,
    io: { stdout: (text) => (stdout += text), stderr: (text) => (stderr += text) },
  });
  return { code, stdout, stderr };
}

const lower = (text: string) => text.toLowerCase();

export function assertVerdictMatches(scenario: Scenario, verdict: Verdict, outputs: string[]): void {
  const expectation = ExpectSchema.parse(scenario.expect);
  const label = scenario.name;
  if (expectation.outcome !== undefined && expectation.outcome !== null) expect(verdict.outcome, `${label}: outcome`).toBe(expectation.outcome);
  if (expectation.category !== undefined) expect(verdict.category, `${label}: category`).toBe(expectation.category);
  if (expectation.route !== undefined) expect(verdict.route, `${label}: route`).toBe(expectation.route);
  if (expectation.stopReason !== undefined) expect(verdict.stopReason, `${label}: stopReason`).toBe(expectation.stopReason);
  if (expectation.workloadId !== undefined) expect(verdict.workload?.id ?? null, `${label}: workload id`).toBe(expectation.workloadId);
  if (expectation.recurrence !== undefined) {
    expect(verdict.recurrence ? { count: verdict.recurrence.count, recurring: verdict.recurrence.recurring } : null, `${label}: recurrence`).toEqual(
      expectation.recurrence,
    );
  }
  if (expectation.memory !== undefined) expect(verdict.memory, `${label}: memory`).toEqual(expectation.memory);
  const evidence = verdict.evidence.map((item) => lower(`${item.text} (source: ${item.source})`));
  for (const needle of expectation.evidenceIncludes) {
    expect(
      evidence.some((text) => text.includes(lower(needle))),
      `${label}: evidence should include ${JSON.stringify(needle)}\n${evidence.join('\n')}`,
    ).toBe(true);
  }
  for (const needle of expectation.limitationsInclude) {
    expect(
      verdict.limitations.some((text) => lower(text).includes(lower(needle))),
      `${label}: limitations should include ${JSON.stringify(needle)}\n${verdict.limitations.join('\n')}`,
    ).toBe(true);
  }
  for (const needle of expectation.recommendationsInclude) {
    expect(
      verdict.recommendations.some((text) => lower(text).includes(lower(needle))),
      `${label}: recommendations should include ${JSON.stringify(needle)}\n${verdict.recommendations.join('\n')}`,
    ).toBe(true);
  }
  // One stable id per recommendation, in the same order, each one the catalog words.
  expect(verdict.recommendationIds, `${label}: one recommendation id per recommendation`).toHaveLength(verdict.recommendations.length);
  for (const id of verdict.recommendationIds) expect(Object.keys(messagesEn.recommendation), `${label}: recommendation id`).toContain(id);
  assertNothingLeaks(label, expectation, outputs);
}

export function assertNothingLeaks(label: string, expectation: ScenarioExpectation, outputs: string[]): void {
  for (const secret of expectation.mustNotContain) {
    for (const output of outputs) expect(output.includes(secret), `${label}: output contains ${JSON.stringify(secret)}`).toBe(false);
  }
}

/**
 * Tier 2 for a scenario with a `kubernetes` block: the Kubernetes simulator serving it, and
 * a Tier 2 configuration file naming it for the scenario's cluster — with the token inline
 * (`configFile`) or in a token file (`tokenFileConfig`), so both forms are exercised.
 */
export interface ScenarioTier2 {
  simulator: KubernetesSimulator;
  configFile: string;
  tokenFileConfig: string;
  close(): Promise<void>;
}

/** `now`: the clock for the scenario's relative timestamps (default Date.now), e.g. shared with the Run:ai simulator. */
export async function startScenarioTier2(scenario: Scenario, now?: () => number): Promise<ScenarioTier2 | null> {
  if (!scenario.kubernetes) return null;
  const clusterId = scenario.request.clusterId;
  if (!clusterId) throw new Error(`${scenario.name}: a Tier 2 scenario needs a clusterId`);
  const simulator = await startKubernetesSimulator({ scenario: scenario.kubernetes, ...(now ? { now } : {}) });
  const dir = await mkdtemp(join(tmpdir(), 'tier2-'));
  const configFile = join(dir, 'tier2.json');
  const tokenFile = join(dir, 'token');
  const tokenFileConfig = join(dir, 'tier2-token-file.json');
  await writeFile(configFile, JSON.stringify({ clusters: { [clusterId]: { server: simulator.url, token: simulator.token } } }));
  await writeFile(tokenFile, `${simulator.token}\n`);
  await writeFile(tokenFileConfig, JSON.stringify({ clusters: { [clusterId]: { server: simulator.url, tokenFile } } }));
  return {
    simulator,
    configFile,
    tokenFileConfig,
    async close() {
      await simulator.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** The Kubernetes reads a scenario expects, against what the simulator recorded. */
export function assertKubernetesReads(scenario: Scenario, requests: readonly KubernetesRecordedRequest[]): void {
  const expected = ExpectSchema.parse(scenario.expect).kubernetesReads;
  if (!expected) return;
  const seen = [...new Set(requests.map((request) => `${request.method} ${request.path}`))].sort();
  expect(seen, `${scenario.name}: Kubernetes reads`).toEqual([...new Set(expected)].sort());
}

export function parseVerdict(stdout: string): Verdict {
  return VerdictSchema.strict().parse(JSON.parse(stdout));
}

/**
 * Scenario timestamps are relative to the moment the simulator loads them (fixtures/README.md), so
 * a moment a report prints (a distributed failure's origin time) is replaced by a placeholder
 * before comparing: the golden keeps the sentence, not the day it was generated.
 */
export const stableMoments = (report: string): string => report.replace(/\b\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC\b/g, 'YYYY-MM-DD hh:mm:ss UTC');
