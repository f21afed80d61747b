/**
 * Tier 2 through the CLI (in process, real HTTP to both simulators): `--tier2-config` and
 * `RUNAI_DIAGNOSE_TIER2_CONFIG`, configuration errors (exit 2, the key named, never the
 * token), no ambient kubeconfig or in-cluster account, and every Tier 2 scenario without
 * Tier 2 behaving exactly as Tier 1 (zero Kubernetes requests).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DiagnosisRequest } from '../../functions/core/diagnosisRequest.js';
import { loadScenarios, startRunaiSimulator, type Scenario } from '../../functions/simulator/startRunaiSimulator.js';
import { startKubernetesSimulator } from '../../functions/simulator/kubernetes/startKubernetesSimulator.js';
import { argsFor, FIXTURES_DIR, parseVerdict, runCliInProcess, simulatorEnv } from '../scenarios/scenarioHarness.js';

const TIER2_UNAVAILABLE = 'Tier 2 (Kubernetes) evidence is not configured for this cluster';
const scenarios = (await loadScenarios(FIXTURES_DIR)).filter((scenario) => scenario.kubernetes);

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'tier2-cli-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function withSimulators<T>(
  scenario: Scenario,
  run: (env: Record<string, string>, kubernetes: Awaited<ReturnType<typeof startKubernetesSimulator>>) => Promise<T>,
): Promise<T> {
  const runai = await startRunaiSimulator({ scenarios: scenario.runai });
  const kubernetes = await startKubernetesSimulator({ scenario: scenario.kubernetes ?? {} });
  try {
    return await run(simulatorEnv(runai), kubernetes);
  } finally {
    await runai.close();
    await kubernetes.close();
  }
}

describe('Tier 2 configuration errors are usage errors (exit 2, one line, no secret)', () => {
  it('a missing file', async () => {
    const result = await runCliInProcess(
      [
        '--cluster-id',
        '9f1c3e2a-1b2c-4d5e-8f90-123456789abc',
        '--workload-id',
        '7c6b5a4d-3e2f-4a1b-9c8d-0e1f2a3b4c5d',
        '--tier2-config',
        join(dir, 'nope.json'),
      ],
      {},
    );
    expect(result).toMatchObject({ code: 2, stdout: '' });
    expect(result.stderr).toMatch(/^runai-diagnose: cannot read the Tier 2 configuration file .*nope\.json \(ENOENT\)\n$/);
  });

  it('an invalid file named by the environment variable: the key, never the token', async () => {
    const file = join(dir, 'bad.json');
    await writeFile(file, JSON.stringify({ clusters: { c1: { server: 'https://k8s.example', token: 'planted-token-9f8e7d6c5b4a', tokenFile: '/x' } } }));
    const result = await runCliInProcess(['--cluster-id', '9f1c3e2a-1b2c-4d5e-8f90-123456789abc', '--workload-id', '7c6b5a4d-3e2f-4a1b-9c8d-0e1f2a3b4c5d'], {
      RUNAI_DIAGNOSE_TIER2_CONFIG: file,
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('clusters.c1: give exactly one of `token` or `tokenFile`');
    expect(result.stderr).not.toContain('planted-token-9f8e7d6c5b4a');
    expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
  });

  it('--help documents the flag and the variable', async () => {
    const result = await runCliInProcess(['--help'], {});
    expect(result.stdout).toContain('--tier2-config <file>');
    expect(result.stdout).toContain('RUNAI_DIAGNOSE_TIER2_CONFIG');
  });
});

describe('no ambient credentials', () => {
  it('a kubeconfig and in-cluster variables pointing at the cluster enable nothing', async () => {
    const scenario = scenarios.find((candidate) => candidate.name === 'tier2-cuda-oom-in-logs') as Scenario;
    await withSimulators(scenario, async (env, kubernetes) => {
      const kubeconfig = join(dir, 'kubeconfig');
      const [host, port] = kubernetes.url.replace('http://', '').split(':') as [string, string];
      await writeFile(
        kubeconfig,
        `apiVersion: v1\nkind: Config\ncurrent-context: c\nclusters:\n- name: c\n  cluster:\n    server: ${kubernetes.url}\ncontexts:\n- name: c\n  context:\n    cluster: c\n    user: u\nusers:\n- name: u\n  user:\n    token: ${kubernetes.token}\n`,
      );
      const result = await runCliInProcess([...argsFor(scenario.request as DiagnosisRequest), '--format', 'json'], {
        ...env,
        KUBECONFIG: kubeconfig,
        KUBERNETES_SERVICE_HOST: host,
        KUBERNETES_SERVICE_PORT: port,
      });
      expect(result.code).toBe(0);
      expect(kubernetes.requests).toEqual([]);
      expect(parseVerdict(result.stdout).limitations.join('\n')).toContain(TIER2_UNAVAILABLE);
    });
  });

  it('a configuration for another cluster enables nothing for this one', async () => {
    const scenario = scenarios.find((candidate) => candidate.name === 'tier2-137-node-pressure-eviction') as Scenario;
    await withSimulators(scenario, async (env, kubernetes) => {
      const file = join(dir, 'other-cluster.json');
      await writeFile(file, JSON.stringify({ clusters: { 'c41e8b27-6d3a-4f95-8b0e-93a7d2f1e456': { server: kubernetes.url, token: kubernetes.token } } }));
      const result = await runCliInProcess([...argsFor(scenario.request as DiagnosisRequest), '--format', 'json', '--tier2-config', file], env);
      expect(result.code).toBe(0);
      expect(kubernetes.requests).toEqual([]);
      expect(parseVerdict(result.stdout).category).toBe('UNKNOWN');
    });
  });
});

describe('every Tier 2 scenario without Tier 2 is plain Tier 1', () => {
  for (const scenario of scenarios) {
    it(scenario.name, async () => {
      await withSimulators(scenario, async (env, kubernetes) => {
        const result = await runCliInProcess([...argsFor(scenario.request as DiagnosisRequest), '--format', 'json'], env);
        expect(result.code).toBe(0);
        const verdict = parseVerdict(result.stdout);
        expect(kubernetes.requests).toEqual([]);
        expect(verdict.evidence.filter((item) => item.source.startsWith('kubectl '))).toEqual([]);
        const tier2Sentence = verdict.limitations.some((text) => text.includes(TIER2_UNAVAILABLE));
        expect(tier2Sentence).toBe(verdict.category === 'UNKNOWN' || verdict.category === 'CRASH_APP_ERROR');
      });
    });
  }
});

describe('--example with a Tier 2 scenario uses the built-in Kubernetes simulator', () => {
  it('quotes the CUDA out-of-memory log line', async () => {
    const result = await runCliInProcess(['--example', 'tier2-cuda-oom-in-logs', '--verbose'], {});
    expect(result.code).toBe(0);
    expect(result.stdout.split('\n')[0]).toBe('Category: CRASH_APP_ERROR');
    expect(result.stdout).toContain('torch.OutOfMemoryError: CUDA out of memory');
    expect(result.stderr).toContain('Tier 2 against the built-in Kubernetes simulator');
    expect(result.stderr).toMatch(/, 3 Kubernetes \(Tier 2\) requests\n/);
  });
});
