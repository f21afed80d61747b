/**
 * Tier 2 in local mode: RUNAI_DIAGNOSE_TIER2_CONFIG (a file, as for the CLI) wins over the
 * built-in Kubernetes simulators; a bad file stops the start naming the key, never the
 * token; a real Run:ai without a file has no Tier 2; shutdown closes the Tier 2 clients and
 * the Kubernetes simulators.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startTier2Backend } from '../../functions/local/startTier2Backend.js';
import type { LocalServer } from '../../functions/local/startLocalServer.js';
import type { DiagnosisTiming } from '../../functions/local/withTiming.js';
import { Tier2ConfigError } from '../../functions/kubernetes/Tier2Config.js';
import { postJson, scenario, startCapturedServer } from '../e2e/e2eKit.js';
import { assertKubernetesReads, assertVerdictMatches, startScenarioTier2, type ScenarioTier2 } from '../scenarios/scenarioHarness.js';

const PLANTED = 'planted-k8s-token-5e4d3c2b1a';
const NOT_CONFIGURED = 'Tier 2 (Kubernetes) evidence is not configured for this cluster';

let running: LocalServer[] = [];
let cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(running.map((server) => server.close()));
  for (const cleanup of cleanups) await cleanup();
  running = [];
  cleanups = [];
});

async function tempFile(name: string, text: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'local-tier2-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  const file = join(dir, name);
  await writeFile(file, text);
  return file;
}

async function diagnoseOne(env: Record<string, string>, request: Record<string, unknown>) {
  const timings: DiagnosisTiming[] = [];
  const { server, stdout } = await startCapturedServer(env, { onDiagnosed: (timing) => timings.push(timing) });
  running.push(server);
  expect((await postJson(`${server.url}/webhooks/runai`, request)).status).toBe(202);
  await server.whenIdle();
  expect(timings).toHaveLength(1);
  return { server, stdout, verdict: timings[0]!.result!.verdict };
}

describe('local mode Tier 2', () => {
  it('RUNAI_DIAGNOSE_TIER2_CONFIG: the file’s cluster gets Tier 2 from its server, and no built-in Kubernetes simulator starts', async () => {
    const cuda = await scenario('tier2-cuda-oom-in-logs');
    const tier2 = (await startScenarioTier2(cuda)) as ScenarioTier2;
    cleanups.push(() => tier2.close());
    const { server, verdict } = await diagnoseOne({ RUNAI_DIAGNOSE_TIER2_CONFIG: tier2.tokenFileConfig }, cuda.request);
    expect(server.readyLine).toContain(`; Tier 2: ${tier2.tokenFileConfig} (1 cluster);`);
    expect(server.kubernetesSimulators.size).toBe(0);
    assertVerdictMatches(cuda, verdict, [JSON.stringify(verdict)]);
    assertKubernetesReads(cuda, tier2.simulator.requests);
  });

  it('with a file, every workload of a listed cluster gets Tier 2 (here: a pod the file’s API server does not have)', async () => {
    const cuda = await scenario('tier2-cuda-oom-in-logs');
    const tier2 = (await startScenarioTier2(cuda)) as ScenarioTier2;
    cleanups.push(() => tier2.close());
    const tier1 = await scenario('crash-app-nonzero-exit');
    const { verdict } = await diagnoseOne({ RUNAI_DIAGNOSE_TIER2_CONFIG: tier2.configFile }, tier1.request);
    expect(verdict.category).toBe('CRASH_APP_ERROR');
    expect(verdict.limitations.join('\n')).toContain('Tier 2 pod status unavailable: pod not found');
    expect(verdict.limitations.join('\n')).not.toContain(NOT_CONFIGURED);
  });

  it.each([
    ['a missing file', null, /^cannot read the Tier 2 configuration file .*missing\.json \(ENOENT\)$/],
    ['invalid JSON', `{"clusters": {"c1": {"server": "https://k8s.example", "token": "${PLANTED}"`, /^invalid Tier 2 configuration file .*: not valid JSON$/],
    ['a bad key', JSON.stringify({ clusters: { c1: { server: 'https://k8s.example', token: PLANTED, ca: 'x' } } }), /clusters\.c1: Unrecognized key/],
  ])('%s stops the start with a Tier2ConfigError naming the problem, never the token', async (_what, content, message) => {
    const file = content === null ? join(tmpdir(), 'runai-diagnose-no-such-dir', 'missing.json') : await tempFile('tier2.json', content);
    let error: unknown;
    try {
      running.push((await startCapturedServer({ RUNAI_DIAGNOSE_TIER2_CONFIG: file })).server);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(Tier2ConfigError);
    expect((error as Error).message).toMatch(message);
    expect((error as Error).message).not.toContain(PLANTED);
  });

  it('a real Run:ai without a file has no Tier 2, and no Kubernetes simulator starts', async () => {
    const backend = await startTier2Backend({ configPath: undefined, scenarios: [] });
    expect(backend.description).toBeNull();
    expect(backend.accessFor({ clusterId: 'c1', workloadId: 'w1' })).toBeNull();
    await backend.close();
  });

  it('the built-in simulators answer by workload id and by (project, name), and only for that scenario’s cluster', async () => {
    const cuda = await scenario('tier2-cuda-oom-in-logs');
    const backend = await startTier2Backend({ configPath: undefined, scenarios: [cuda] });
    try {
      const clusterId = cuda.request.clusterId!;
      const workload = cuda.runai.workloads[0] as { id: string; name: string; projectName: string };
      const access = backend.accessFor({ clusterId, workloadId: workload.id });
      expect(access?.readerFor(clusterId)).not.toBeNull();
      expect(backend.accessFor({ clusterId, workloadName: workload.name, project: workload.projectName })).toBe(access);
      expect(backend.accessFor({ clusterId: 'another-cluster', workloadId: workload.id })).toBeNull();
      expect(backend.accessFor({ clusterId, workloadId: 'some-other-workload' })).toBeNull();
    } finally {
      await backend.close();
    }
  });

  it('close() closes the Tier 2 clients and the built-in Kubernetes simulators', async () => {
    const { server } = await startCapturedServer({});
    const simulators = [...server.kubernetesSimulators.values()];
    expect(simulators.length).toBeGreaterThanOrEqual(8);
    const url = simulators[0]!.url;
    const before = await fetch(`${url}/api/v1/nodes/x`);
    expect(before.status).toBe(401); // up, and wants its token
    await server.close();
    await expect(fetch(`${url}/api/v1/nodes/x`)).rejects.toThrow();
  });
});
