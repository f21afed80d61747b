/**
 * The newer API surfaces (Workloads V2, NIM services, inference revisions) are read only where
 * the workload's type or `sourceApi` calls for them: every bundled scenario is diagnosed
 * against the simulator and the endpoints it read are checked. Existing kinds keep exactly the
 * reads they had (status, spec, pods, events, history, metrics; Option B adds the list; an
 * inference adds its revision list to the parallel round).
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { DiagnosisRequest } from '../../functions/core/diagnosisRequest.js';
import { diagnoseWorkload } from '../../functions/diagnosis/diagnoseWorkload.js';
import { messagesEn } from '../../functions/report/messagesEn.js';
import { createRunaiClient, type RunaiClient } from '../../functions/runai/createRunaiClient.js';
import { loadScenarios, startRunaiSimulator, type RunaiSimulator } from '../../functions/simulator/startRunaiSimulator.js';
import { countRoundTrips } from '../bench/countRoundTrips.js';
import { FIXTURES_DIR } from './scenarioHarness.js';

const scenarios = await loadScenarios(FIXTURES_DIR);
const ORIGINAL_ENDPOINTS = new Set(['token', 'list', 'status', 'events', 'pods', 'history', 'metrics', 'spec']);
const NATIVE_V1_TYPES = /^(training|workspace|interactive|inference|distributed|distributed-?inference)$/i;

let simulator: RunaiSimulator | undefined;
let client: RunaiClient | undefined;
afterAll(async () => {
  await client?.close();
  await simulator?.close();
});

async function readsOf(name: string, latencyMs = 0) {
  const scenario = scenarios.find((candidate) => candidate.name === name);
  if (!scenario) throw new Error(`no scenario ${name}`);
  await client?.close();
  await simulator?.close();
  simulator = await startRunaiSimulator({ scenarios: scenario.runai, latencyMs });
  client = createRunaiClient({
    baseUrl: simulator.url,
    credentials: { grantType: 'client_credentials', clientId: 'sim-client', clientSecret: 'sim-secret' },
    maxRetries: 0,
  });
  const { verdict } = await diagnoseWorkload(scenario.request as DiagnosisRequest, { reader: client, now: new Date(), messages: messagesEn });
  const requests = simulator.requests.filter((request) => request.endpoint !== 'token');
  return { scenario, verdict, requests, endpoints: new Set(requests.map((request) => request.endpoint)), paths: requests.map((request) => request.path) };
}

describe('reads per workload type', () => {
  for (const scenario of scenarios) {
    const workload = scenario.runai.workloads?.find((candidate) => candidate.id === scenario.request.workloadId);
    const type = typeof workload?.type === 'string' ? workload.type : '';
    const explainedOrNotInference = !/^inference$/i.test(type) || !scenario.name.startsWith('inference-revision');
    const answers = (scenario.expect as { cliExitCode?: number }).cliExitCode === 0;
    if (!NATIVE_V1_TYPES.test(type) || !explainedOrNotInference || scenario.kubernetes || !answers) continue;
    // An inference also lists its revisions (round 2); an explained one reads none of them.
    const allowed = /^inference$/i.test(type) ? new Set([...ORIGINAL_ENDPOINTS, 'revisions']) : ORIGINAL_ENDPOINTS;
    it(`${scenario.name} (${type}): only the original endpoints${allowed === ORIGINAL_ENDPOINTS ? '' : ' and the revision list'}`, async () => {
      const { endpoints } = await readsOf(scenario.name);
      expect([...endpoints].filter((endpoint) => !allowed.has(endpoint ?? ''))).toEqual([]);
    });
  }

  it('a Workloads V2 third-party type reads its manifest from /api/v2/workloads/{id}, and no v1 spec', async () => {
    const { endpoints, paths, verdict } = await readsOf('workloads-v2-pytorchjob-oom');
    expect(endpoints.has('spec-v2')).toBe(true);
    expect(endpoints.has('spec')).toBe(false);
    expect(paths.some((path) => /^\/api\/v2\/workloads\/[0-9a-f-]{36}$/.test(path))).toBe(true);
    expect(verdict.memory?.limitBytes).toBe(48 * 2 ** 30);
  });

  it('a NIM service reads /api/v2/workloads/nim-services/{id}', async () => {
    const { paths } = await readsOf('nim-service-image-pull-manifest-unknown');
    expect(paths.filter((path) => path.startsWith('/api/v2/'))).toEqual([expect.stringMatching(/^\/api\/v2\/workloads\/nim-services\/[0-9a-f-]{36}$/)]);
  });

  it('an unexplained inference reads its revisions with the workload-level reads, then the chosen revision pods ∥ events ∥ history: one more round', async () => {
    const { endpoints, requests, paths } = await readsOf('inference-revision-failed-crash', 40);
    for (const endpoint of ['revisions', 'revision-pods', 'revision-events', 'revision-history']) expect(endpoints.has(endpoint as never)).toBe(true);
    // Only the failed revision (the newest failing one) is read.
    expect(new Set(paths.filter((path) => path.includes('/revisions/')).map((path) => path.split('/')[6])).size).toBe(1);
    // status → spec ∥ pods ∥ events ∥ history ∥ revisions → revision pods ∥ events ∥ history: the latency bar's three rounds.
    expect(countRoundTrips(requests)).toBe(3);
  });

  it('an older control plane without revisions: one 404, no revision sub-reads', async () => {
    const { requests } = await readsOf('inference-revisions-404-older-control-plane');
    const revisionReads = requests.filter((request) => request.endpoint?.startsWith('revision'));
    expect(revisionReads.map((request) => [request.endpoint, request.status])).toEqual([['revisions', 404]]);
  });

  it('an inference explained at the workload level reads its revision list in round 2 and no revision, in the rounds it had', async () => {
    const { endpoints, requests } = await readsOf('image-pull-registry-dns', 40);
    expect(endpoints.has('revisions')).toBe(true);
    for (const endpoint of ['revision-pods', 'revision-events', 'revision-history']) expect(endpoints.has(endpoint as never)).toBe(false);
    expect(countRoundTrips(requests)).toBe(2);
  });
});
