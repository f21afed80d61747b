/**
 * Everything `--example` and `--list-examples` need: the bundled scenarios and the built-in
 * Run:ai and Kubernetes simulators. runCli loads this module with a dynamic import only for
 * those two flags, so a real diagnosis neither parses the simulators nor pays their start-up
 * (the bundler puts this module and the simulators in a chunk of their own).
 */
import { join } from 'node:path';
import type { DiagnosisRequest } from '../core/diagnosisRequest.js';
import type { Tier2Config } from '../kubernetes/Tier2Config.js';
import { startKubernetesSimulator } from '../simulator/kubernetes/startKubernetesSimulator.js';
import { loadScenarios, startRunaiSimulator } from '../simulator/startRunaiSimulator.js';
import { UsageError } from './parseCliArguments.js';

/** A bundled example, running: the request to diagnose and where to send it. */
export interface RunningExample {
  name: string;
  request: DiagnosisRequest;
  runaiUrl: string;
  /** Tier 2 against the built-in Kubernetes simulator, when the example has Kubernetes state and no configuration was given. */
  tier2Config: Tier2Config | null;
  kubernetesUrl: string | null;
  close(): Promise<void>;
}

export async function listExamples(fixturesDir: string): Promise<{ name: string; description: string | undefined }[]> {
  const scenarios = await loadScenarios(fixturesDir);
  return scenarios.map(({ name, description }) => ({ name, description }));
}

export async function startExample(name: string, fixturesDir: string, withKubernetes: boolean): Promise<RunningExample> {
  const scenarios = await loadScenarios(fixturesDir);
  const scenario = scenarios.find((candidate) => candidate.name === name);
  if (!scenario) {
    throw new UsageError(`no bundled example named ${JSON.stringify(name)}; --list-examples shows them (in ${join(fixturesDir)})`);
  }
  const request = scenario.request as DiagnosisRequest;
  const runai = await startRunaiSimulator({ scenarios: scenario.runai });
  let kubernetes: Awaited<ReturnType<typeof startKubernetesSimulator>> | null = null;
  try {
    if (withKubernetes && scenario.kubernetes && request.clusterId) {
      kubernetes = await startKubernetesSimulator({ scenario: scenario.kubernetes });
    }
  } catch (error) {
    await runai.close();
    throw error;
  }
  return {
    name: scenario.name,
    request,
    runaiUrl: runai.url,
    tier2Config: kubernetes && request.clusterId ? { clusters: { [request.clusterId]: { server: kubernetes.url, token: kubernetes.token } } } : null,
    kubernetesUrl: kubernetes?.url ?? null,
    async close() {
      await runai.close();
      await kubernetes?.close();
    },
  };
}
