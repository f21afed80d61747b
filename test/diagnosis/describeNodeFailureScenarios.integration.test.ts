/**
 * describeNodeFailure on real scenarios (§4.8): the bundled fixtures diagnosed by
 * diagnoseWorkload against the Run:ai simulator over HTTP (and, for Tier 2 scenarios, the
 * Kubernetes simulator), then what the fleet would remember — the node under the deciding
 * signals, and whether the failure counts against it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { DiagnosisRequest } from '../../functions/core/diagnosisRequest.js';
import { countsAgainstNode } from '../../functions/diagnosis/classify/decideNodeSuspicion.js';
import { diagnoseWorkload } from '../../functions/diagnosis/diagnoseWorkload.js';
import type { DiagnosisResult } from '../../functions/diagnosis/model/DiagnosisResult.js';
import { createTier2Access } from '../../functions/kubernetes/createTier2Access.js';
import { parseTier2Config } from '../../functions/kubernetes/Tier2Config.js';
import { messagesEn } from '../../functions/report/messagesEn.js';
import { createRunaiClient } from '../../functions/runai/createRunaiClient.js';
import { loadScenarios, startRunaiSimulator } from '../../functions/simulator/startRunaiSimulator.js';
import { startKubernetesSimulator } from '../../functions/simulator/kubernetes/startKubernetesSimulator.js';
import { FIXTURES_DIR } from '../scenarios/scenarioHarness.js';

const scenarios = await loadScenarios(FIXTURES_DIR);
const closers: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

async function diagnose(name: string): Promise<DiagnosisResult> {
  const scenario = scenarios.find((candidate) => candidate.name === name);
  if (!scenario) throw new Error(`no bundled scenario ${name}`);
  const runai = await startRunaiSimulator({ scenarios: scenario.runai, credentials: { clientId: 'sim-client', clientSecret: 'sim-secret' } });
  closers.push(() => runai.close());
  const reader = createRunaiClient({
    baseUrl: runai.url,
    credentials: { grantType: 'client_credentials', clientId: 'sim-client', clientSecret: 'sim-secret' },
  });
  closers.push(() => reader.close());
  let tier2 = null;
  if (scenario.kubernetes) {
    const kubernetes = await startKubernetesSimulator({ scenario: scenario.kubernetes });
    closers.push(() => kubernetes.close());
    tier2 = createTier2Access(parseTier2Config({ clusters: { [scenario.request.clusterId!]: { server: kubernetes.url, token: kubernetes.token } } }));
    closers.push(() => tier2!.close());
  }
  return diagnoseWorkload(scenario.request as DiagnosisRequest, { reader, now: new Date(), messages: messagesEn, tier2 });
}

describe('describeNodeFailure on the bundled scenarios', () => {
  it('node-failure-precedence-over-exit-code: the node that went NotReady (worker-1 on hgx-h100-06), not the master that then exited 1', async () => {
    const { verdict, nodeFailure } = await diagnose('node-failure-precedence-over-exit-code');
    expect(verdict.category).toBe('NODE_FAILURE');
    expect(nodeFailure).toMatchObject({
      node: 'hgx-h100-06',
      workloadName: 'gpt-j-6b-dpo',
      submittedBy: 'a.moreau@example.com',
      category: 'NODE_FAILURE',
      hardwareXid: null,
    });
    expect(verdict.node).toEqual({ name: 'hgx-h100-06', suspect: null });
    expect(countsAgainstNode(nodeFailure!)).toBe(true);
  });

  it('an OOM kill: remembered on its node, but OOM_KILLED never counts against it', async () => {
    const { verdict, nodeFailure } = await diagnose('oom-killed-limit-above-request');
    expect(verdict.category).toBe('OOM_KILLED');
    expect(nodeFailure?.category).toBe('OOM_KILLED');
    expect(countsAgainstNode(nodeFailure!)).toBe(false);
  });

  it('a CUDA out-of-memory CRASH (Tier 2 logs): no infrastructure signature, so it never counts against the node', async () => {
    const { verdict, nodeFailure } = await diagnose('tier2-cuda-oom-in-logs');
    expect(verdict.category).toBe('CRASH_APP_ERROR');
    expect(verdict.failingLine).toMatch(/CUDA out of memory/);
    expect(nodeFailure).toMatchObject({ category: 'CRASH_APP_ERROR', infrastructure: false, hardwareXid: null });
    expect(countsAgainstNode(nodeFailure!)).toBe(false);
  });
});
