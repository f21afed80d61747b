/**
 * The Run:ai that local mode diagnoses against: the real control plane when RUNAI_BASE_URL
 * is configured, else the built-in simulator serving every bundled scenario merged into
 * one control plane (SCENARIOS_DIR: another folder, e.g. of recordings). Scenario faults are stripped: a fault scenario (token 401, status 503,
 * connection reset) would otherwise break every other workload of the merged plane.
 */
import type { DiagnosisRequest } from '../core/diagnosisRequest.js';
import type { RunaiClientConfig } from '../runai/RunaiClientConfig.js';
import { loadScenarios, startRunaiSimulator, type RunaiSimulator, type Scenario, type ScenarioState } from '../simulator/startRunaiSimulator.js';
import type { LocalConfig } from './readLocalEnv.js';

/** The scenario the printed curl diagnoses: a recurring OOM, quantities and history included. */
export const EXAMPLE_SCENARIO = 'oom-recurring-paged-history';

const SIMULATOR_CREDENTIALS = { clientId: 'sim-client', clientSecret: 'sim-secret' };

export interface RunaiBackend {
  client: Pick<RunaiClientConfig, 'baseUrl' | 'credentials' | 'requestTimeoutMs'>;
  simulator: RunaiSimulator | null;
  /** The bundled scenarios the simulator serves (empty with a real Run:ai). */
  scenarios: readonly Scenario[];
  /** For the ready line: `built-in simulator, 53 scenarios` or the base URL. */
  description: string;
  /** The request of the printed curl: a bundled workload, or placeholders for a real Run:ai. */
  example: Record<string, string>;
  close(): Promise<void>;
}

export async function startRunaiBackend(options: {
  runai: LocalConfig['runai'];
  fixturesDir: string;
  /** More control-plane state merged in (tests: extra clusters, storms). */
  extraScenarios?: readonly ScenarioState[];
}): Promise<RunaiBackend> {
  if (options.runai) {
    return {
      client: options.runai,
      simulator: null,
      scenarios: [],
      description: options.runai.baseUrl,
      example: { clusterId: '<cluster-id>', workloadId: '<workload-id>' },
      close: async () => undefined,
    };
  }
  const scenarios = await loadScenarios(options.fixturesDir);
  if (scenarios.length === 0) throw new Error(`no bundled scenarios in ${options.fixturesDir}`);
  const simulator = await startRunaiSimulator({
    // A recording's token answers go too (a recorded 401 would refuse everyone); its other answers are per workload.
    scenarios: [
      ...scenarios.map((scenario) => ({ ...scenario.runai, faults: [], recorded: scenario.runai.recorded.filter((exchange) => exchange.method === 'GET') })),
      ...(options.extraScenarios ?? []),
    ],
    credentials: SIMULATOR_CREDENTIALS,
  });
  const example = scenarios.find((scenario) => scenario.name === EXAMPLE_SCENARIO) ?? scenarios.find((scenario) => scenario.request.workloadId);
  return {
    client: { baseUrl: simulator.url, credentials: { grantType: 'client_credentials', ...SIMULATOR_CREDENTIALS } },
    simulator,
    scenarios,
    description: `built-in simulator, ${scenarios.length} scenarios`,
    example: requestBody(example?.request ?? {}),
    close: () => simulator.close(),
  };
}

function requestBody(request: DiagnosisRequest): Record<string, string> {
  return Object.fromEntries(Object.entries(request).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}
