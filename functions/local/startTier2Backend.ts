/**
 * Tier 2 (Kubernetes evidence) in local mode, from one of two places:
 *
 * - RUNAI_DIAGNOSE_TIER2_CONFIG names a Tier 2 configuration file (as for the CLI): loaded and
 *   validated with `loadTier2ConfigFile` (a bad file stops the start with a message naming
 *   the key, never a token), and one access serves every diagnosis. It wins over the
 *   simulator below, as `--tier2-config` wins over `--example`'s simulator in the CLI.
 * - Otherwise, with the built-in Run:ai simulator, every bundled scenario with a
 *   `kubernetes` block gets its own built-in Kubernetes simulator, exactly as
 *   `runai-diagnose --example <name>` starts one, and Tier 2 is given to the diagnoses of
 *   that scenario's workloads only. The bundled scenarios share one cluster id, so Tier 2
 *   for the whole cluster would give every Tier 1 scenario "pod not found" limitations its
 *   expectations do not have: per workload, each scenario diagnoses as it does alone.
 *
 * With a real Run:ai and no file there is no Tier 2 (nothing else enables it: no kubeconfig,
 * no in-cluster account).
 */
import type { Dispatcher } from 'undici';
import type { DiagnosisRequest } from '../core/diagnosisRequest.js';
import type { Scenario } from '../simulator/startRunaiSimulator.js';
import type { Tier2Access } from '../diagnosis/ports/Tier2Access.js';
import { createTier2Access, type Tier2AccessHandle } from '../kubernetes/createTier2Access.js';
import { startKubernetesSimulator, type KubernetesSimulator } from '../simulator/kubernetes/startKubernetesSimulator.js';
import { loadTier2ConfigFile, tier2ClusterFor } from '../kubernetes/Tier2Config.js';

export interface Tier2Backend {
  /** The Tier 2 access for one diagnosis, or null: Tier 1 only. */
  accessFor(request: DiagnosisRequest): Tier2Access | null;
  /** A cluster's API server from the configuration file (RECORD_DIR strips its path prefix); the simulators have none. */
  serverFor(clusterId: string): string | undefined;
  /** For the ready line (`built-in Kubernetes simulator, 8 scenarios`, or the file), or null without Tier 2. */
  description: string | null;
  /** The built-in Kubernetes simulators by scenario name (empty with a configuration file). */
  simulators: ReadonlyMap<string, KubernetesSimulator>;
  /** Kubernetes requests sent so far. */
  readonly requests: number;
  /** Closes every client, then every simulator. */
  close(): Promise<void>;
}

const NO_TIER2: Tier2Backend = {
  accessFor: () => null,
  serverFor: () => undefined,
  description: null,
  simulators: new Map(),
  requests: 0,
  close: async () => undefined,
};

export async function startTier2Backend(options: {
  /** RUNAI_DIAGNOSE_TIER2_CONFIG. */
  configPath: string | undefined;
  /** The scenarios the built-in Run:ai simulator serves; empty with a real Run:ai. */
  scenarios: readonly Scenario[];
  /** Sees every Kubernetes exchange (RECORD_DIR). */
  interceptor?: Dispatcher.DispatcherComposeInterceptor | undefined;
}): Promise<Tier2Backend> {
  const accessOptions = options.interceptor ? { interceptor: options.interceptor } : {};
  if (options.configPath !== undefined) {
    const config = await loadTier2ConfigFile(options.configPath);
    const access = createTier2Access(config, accessOptions);
    const clusters = Object.keys(config.clusters).length;
    return {
      accessFor: () => access,
      serverFor: (clusterId) => tier2ClusterFor(config, clusterId)?.server,
      description: `${options.configPath} (${clusters} cluster${clusters === 1 ? '' : 's'})`,
      simulators: new Map(),
      get requests() {
        return access.requests;
      },
      close: () => access.close(),
    };
  }
  const withKubernetes = options.scenarios.filter((scenario) => scenario.kubernetes !== undefined && scenario.request.clusterId);
  if (withKubernetes.length === 0) return NO_TIER2;

  const started = await Promise.allSettled(withKubernetes.map((scenario) => startKubernetesSimulator({ scenario: scenario.kubernetes! })));
  const simulators = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const failed = started.find((result): result is PromiseRejectedResult => result.status === 'rejected');
  if (failed) {
    await Promise.all(simulators.map((simulator) => simulator.close()));
    throw failed.reason;
  }

  const accesses: Tier2AccessHandle[] = [];
  const byWorkload = new Map<string, Tier2AccessHandle>();
  withKubernetes.forEach((scenario, index) => {
    const simulator = simulators[index]!;
    const clusterId = scenario.request.clusterId!;
    const access = createTier2Access({ clusters: { [clusterId]: { server: simulator.url, token: simulator.token } } }, accessOptions);
    accesses.push(access);
    for (const key of scenarioKeys(scenario, clusterId)) byWorkload.set(key, access);
  });

  return {
    accessFor: (request) => {
      for (const key of requestKeys(request)) {
        const access = byWorkload.get(key);
        if (access) return access;
      }
      return null;
    },
    serverFor: () => undefined,
    description: `built-in Kubernetes simulator, ${simulators.length} scenario${simulators.length === 1 ? '' : 's'}`,
    simulators: new Map(withKubernetes.map((scenario, index) => [scenario.name, simulators[index]!])),
    get requests() {
      return accesses.reduce((total, access) => total + access.requests, 0);
    },
    close: async () => {
      await Promise.all(accesses.map((access) => access.close()));
      await Promise.all(simulators.map((simulator) => simulator.close()));
    },
  };
}

const idKey = (clusterId: string, workloadId: string) => JSON.stringify(['id', clusterId, workloadId]);
const nameKey = (clusterId: string, project: string, name: string) => JSON.stringify(['name', clusterId, project, name]);
const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/** A scenario's workloads, by id and by (project, name): a request may name it either way (Option A or B). */
function scenarioKeys(scenario: Scenario, clusterId: string): string[] {
  const keys: string[] = [];
  if (scenario.request.workloadId) keys.push(idKey(clusterId, scenario.request.workloadId));
  if (scenario.request.workloadName && scenario.request.project) keys.push(nameKey(clusterId, scenario.request.project, scenario.request.workloadName));
  for (const workload of scenario.runai.workloads) {
    const record = workload as Record<string, unknown>;
    keys.push(idKey(clusterId, workload.id));
    const name = text(record.name);
    const project = text(record.projectName);
    if (name && project) keys.push(nameKey(clusterId, project, name));
  }
  return keys;
}

function requestKeys(request: DiagnosisRequest): string[] {
  if (!request.clusterId) return [];
  const keys: string[] = [];
  if (request.workloadId) keys.push(idKey(request.clusterId, request.workloadId));
  if (request.workloadName && request.project) keys.push(nameKey(request.clusterId, request.project, request.workloadName));
  return keys;
}
