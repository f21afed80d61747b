/**
 * The engine with Tier 2, through the `KubernetesReader` port (fakes) over the real Run:ai
 * simulator: when Tier 2 is used and when it is not, what each failed read becomes, and
 * that without Tier 2 the verdict is exactly Tier 1's.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { DiagnosisRequest } from '../../functions/core/diagnosisRequest.js';
import { diagnoseWorkload, type DiagnoseDependencies } from '../../functions/diagnosis/diagnoseWorkload.js';
import { messagesEn } from '../../functions/report/messagesEn.js';
import { createRunaiClient, type RunaiClient } from '../../functions/runai/createRunaiClient.js';
import { loadScenario, startRunaiSimulator, type RunaiSimulator, type Scenario } from '../../functions/simulator/startRunaiSimulator.js';
import { KubernetesError, type KubernetesReader } from '../../functions/diagnosis/ports/KubernetesReader.js';
import type { K8sPod } from '../../functions/diagnosis/ports/KubernetesSchemas.js';
import { FIXTURES_DIR } from '../scenarios/scenarioHarness.js';
import { join } from 'node:path';

const open: { simulator: RunaiSimulator; client: RunaiClient }[] = [];
afterEach(async () => {
  for (const { simulator, client } of open.splice(0)) {
    await client.close();
    await simulator.close();
  }
});

async function runai(scenario: Scenario, mutate?: (state: Scenario['runai']) => void) {
  const state = structuredClone(scenario.runai);
  mutate?.(state);
  const simulator = await startRunaiSimulator({ scenarios: state });
  const client = createRunaiClient({
    baseUrl: simulator.url,
    credentials: { grantType: 'client_credentials', clientId: 'sim-client', clientSecret: 'sim-secret' },
  });
  open.push({ simulator, client });
  return client;
}

type Call = { method: keyof KubernetesReader; args: unknown[]; at: number };

/** A recording fake of the port: unknown objects are 404s, like a real API server. */
function fakeReader(
  objects: { pods?: Record<string, K8sPod>; events?: Record<string, unknown[]>; logs?: Record<string, string>; nodes?: Record<string, unknown> },
  overrides: Partial<KubernetesReader> = {},
) {
  const calls: Call[] = [];
  const notFound = () => new KubernetesError('K8S_NOT_FOUND', 'not found', { endpoint: 'GET x', status: 404 });
  const record = (method: keyof KubernetesReader, args: unknown[]) => calls.push({ method, args, at: performance.now() });
  const reader: KubernetesReader = {
    async getPod(namespace, name) {
      record('getPod', [namespace, name]);
      if (overrides.getPod) return overrides.getPod(namespace, name);
      const pod = objects.pods?.[name];
      if (!pod) throw notFound();
      return pod;
    },
    async listPods(namespace, query) {
      record('listPods', [namespace, query]);
      if (overrides.listPods) return overrides.listPods(namespace, query);
      return { items: Object.values(objects.pods ?? {}), continue: null };
    },
    async listPodEvents(namespace, podName) {
      record('listPodEvents', [namespace, podName]);
      if (overrides.listPodEvents) return overrides.listPodEvents(namespace, podName);
      return (objects.events?.[podName] ?? []) as never;
    },
    async getPodLog(namespace, podName, query) {
      record('getPodLog', [namespace, podName, query]);
      if (overrides.getPodLog) return overrides.getPodLog(namespace, podName, query);
      const text = objects.logs?.[`${podName}/${query.container}`];
      if (text === undefined) throw notFound();
      return { text, truncated: false };
    },
    async getNode(name) {
      record('getNode', [name]);
      if (overrides.getNode) return overrides.getNode(name);
      const node = objects.nodes?.[name];
      if (!node) throw notFound();
      return node as never;
    },
  };
  return { reader, calls };
}

const NOW = () => new Date();
async function diagnose(client: RunaiClient, request: DiagnosisRequest, tier2?: DiagnoseDependencies['tier2']) {
  return (await diagnoseWorkload(request, { reader: client, now: NOW(), messages: messagesEn, ...(tier2 === undefined ? {} : { tier2 }) })).verdict;
}

const TIER2_UNAVAILABLE = 'Tier 2 (Kubernetes) evidence is not configured for this cluster';
const load = (name: string) => loadScenario(join(FIXTURES_DIR, name));

describe('without Tier 2 the verdict is exactly Tier 1', () => {
  it.each(['tier2-cuda-oom-in-logs', 'tier2-137-node-pressure-eviction', 'tier2-137-oomkilled-from-last-state'])(
    '%s: no Tier 2 access, or none for this cluster',
    async (name) => {
      const scenario = await load(name);
      const client = await runai(scenario);
      const { reader, calls } = fakeReader({});
      const asked: string[] = [];
      const unconfigured = await diagnose(client, scenario.request);
      const otherCluster = await diagnose(client, scenario.request, {
        readerFor: (clusterId) => {
          asked.push(clusterId);
          return clusterId === 'some-other-cluster' ? reader : null;
        },
      });
      expect(otherCluster).toEqual(unconfigured);
      expect(asked).toEqual([scenario.request.clusterId]);
      expect(calls).toEqual([]);
      // Tier 1 alone cannot name these causes: CRASH_APP_ERROR without a log line, or an unexplained 137.
      expect(['CRASH_APP_ERROR', 'UNKNOWN']).toContain(unconfigured.category);
      expect(unconfigured.limitations.join('\n')).toContain(TIER2_UNAVAILABLE);
    },
  );
});

describe('Tier 2 is used only when the procedure calls for it', () => {
  it.each([
    'oom-killed-guaranteed-request-equals-limit',
    'image-pull-tag-not-found',
    'mount-pvc-not-found',
    'policy-idle-gpu-timeout',
    'pending-scheduling-only',
    'stop-completed-succeeded',
    'preempted-stopped-preempted-event',
  ])('%s: Tier 1 decides, no Kubernetes read, same verdict', async (name) => {
    const scenario = await load(name);
    const client = await runai(scenario);
    const { reader, calls } = fakeReader({});
    const withTier2 = await diagnose(client, scenario.request, { readerFor: () => reader });
    expect(calls).toEqual([]);
    expect(withTier2).toEqual(await diagnose(client, scenario.request));
  });

  it('never guesses a namespace: no namespace and no project → a stated limitation, no read', async () => {
    const scenario = await load('tier2-cuda-oom-in-logs');
    const client = await runai(scenario, (state) => {
      for (const workload of state.workloads) {
        delete workload.namespace;
        delete workload.projectName;
      }
    });
    const { reader, calls } = fakeReader({});
    const verdict = await diagnose(client, scenario.request, { readerFor: () => reader });
    expect(calls).toEqual([]);
    expect(verdict.category).toBe('CRASH_APP_ERROR');
    expect(verdict.limitations).toContain(
      'Tier 2 is configured, but the workload names neither a namespace nor a project: the Kubernetes namespace was not guessed, so no Tier 2 evidence was read.',
    );
    expect(verdict.limitations.join('\n')).not.toContain(TIER2_UNAVAILABLE);
  });

  it('derives the namespace runai-<project> when the workload names none', async () => {
    const scenario = await load('tier2-cuda-oom-in-logs');
    const client = await runai(scenario, (state) => {
      for (const workload of state.workloads) delete workload.namespace;
    });
    const { reader, calls } = fakeReader({});
    await diagnose(client, scenario.request, { readerFor: () => reader });
    expect(calls.map((call) => call.args[0])).toEqual(['runai-genai-images', 'runai-genai-images']);
  });

  it('never sends a pod name that is not a Kubernetes name', async () => {
    const scenario = await load('tier2-cuda-oom-in-logs');
    const client = await runai(scenario, (state) => {
      for (const pods of Object.values(state.pods)) for (const pod of pods as { name: string }[]) pod.name = '../../nodes/evil';
    });
    const { reader, calls } = fakeReader({});
    const verdict = await diagnose(client, scenario.request, { readerFor: () => reader });
    expect(calls).toEqual([]);
    // A name that is not a plain identifier is quoted, so it cannot read as a field or a line.
    expect(verdict.limitations).toContain('Tier 2 did not read pod “../../nodes/evil”: not a valid Kubernetes name.');
  });
});

describe('Tier 2 reads and what their failures become', () => {
  const failing = (code: ConstructorParameters<typeof KubernetesError>[0], status?: number) => async () => {
    throw new KubernetesError(code, 'boom', { endpoint: 'GET x', ...(status ? { status } : {}) });
  };

  it('a 403 on the log read is a limitation naming the kubectl command; the rest of the evidence stays', async () => {
    const scenario = await load('tier2-cuda-oom-in-logs');
    const client = await runai(scenario);
    const kubernetes = scenario.kubernetes as { pods: K8sPod[] };
    const pod = kubernetes.pods[0] as K8sPod;
    const { reader } = fakeReader({ pods: { 'sdxl-lora-finetune-0-0': pod } }, { getPodLog: failing('K8S_FORBIDDEN', 403) });
    const verdict = await diagnose(client, scenario.request, { readerFor: () => reader });
    expect(verdict.category).toBe('CRASH_APP_ERROR');
    expect(verdict.limitations).toContain(
      'Tier 2 logs unavailable: the Tier 2 account may not read it (HTTP 403) (kubectl logs sdxl-lora-finetune-0-0 -n runai-genai-images).',
    );
    expect(verdict.evidence.some((item) => item.source === 'kubectl describe pod sdxl-lora-finetune-0-0 -n runai-genai-images')).toBe(true);
    expect(verdict.recommendations[0]).toContain('Tier 2 could not read it');
  });

  it('an unreachable cluster: every read is a limitation, the Tier 1 verdict stands', async () => {
    const scenario = await load('tier2-137-node-pressure-eviction');
    const client = await runai(scenario);
    const network = failing('K8S_NETWORK');
    const { reader } = fakeReader({}, { getPod: network, listPodEvents: network, getPodLog: network, getNode: network });
    const verdict = await diagnose(client, scenario.request, { readerFor: () => reader });
    expect(verdict.category).toBe('UNKNOWN');
    expect(verdict.limitations).toEqual(
      expect.arrayContaining([
        'Tier 2 pod status unavailable: the Kubernetes API could not be reached (kubectl describe pod alphafold-multimer-0-0 -n runai-structbio).',
        'Tier 2 pod events unavailable: the Kubernetes API could not be reached (kubectl get events -n runai-structbio --field-selector involvedObject.name=alphafold-multimer-0-0).',
      ]),
    );
  });

  it('an unexpected failure in a reader is a limitation, never a crash', async () => {
    const scenario = await load('tier2-cuda-oom-in-logs');
    const client = await runai(scenario);
    const { reader } = fakeReader(
      {},
      { getPod: async () => Promise.reject(new TypeError('bug')), listPodEvents: async () => Promise.reject(new Error('bug')) },
    );
    const verdict = await diagnose(client, scenario.request, { readerFor: () => reader });
    expect(verdict.category).toBe('CRASH_APP_ERROR');
    expect(verdict.limitations.join('\n')).toContain('Tier 2 pod status unavailable: the Kubernetes API answered with an unexpected body');
  });

  it('a crash Tier 2 shows to be an OOM kill gets the memory reading too (metrics read after the pod round)', async () => {
    const scenario = await load('tier2-cuda-oom-in-logs');
    const client = await runai(scenario);
    const { reader, calls } = fakeReader({
      pods: {
        'sdxl-lora-finetune-0-0': {
          metadata: { name: 'sdxl-lora-finetune-0-0' },
          spec: { nodeName: 'dgx-h100-06', containers: [{ name: 'sdxl-lora-finetune' }] },
          status: { phase: 'Failed', containerStatuses: [{ name: 'sdxl-lora-finetune', state: { terminated: { exitCode: 137, reason: 'OOMKilled' } } }] },
        },
      },
    });
    const verdict = await diagnose(client, scenario.request, { readerFor: () => reader });
    expect(verdict.category).toBe('OOM_KILLED');
    expect(verdict.memory).toEqual({ requestBytes: 48 * 2 ** 30, limitBytes: 48 * 2 ** 30, peakBytes: null });
    expect(verdict.limitations).toContain('No CPU memory samples in the lookback window (short-lived job): no peak observed.');
    // OOM_KILLED needs no log: the follow-up round reads nothing from Kubernetes.
    expect(calls.map((call) => call.method)).toEqual(['getPod', 'listPodEvents']);
  });

  it('a preemption in the pod events routes away, like Tier 1', async () => {
    const scenario = await load('tier2-137-still-unexplained');
    const client = await runai(scenario);
    const { reader } = fakeReader({
      events: {
        'graph-transformer-pcqm-0-0': [
          {
            involvedObject: { kind: 'Pod', name: 'graph-transformer-pcqm-0-0' },
            reason: 'Preempted',
            message: 'Preempted by runai-vip/llm-serve',
            source: { component: 'kai-scheduler' },
          },
        ],
      },
    });
    const verdict = await diagnose(client, scenario.request, { readerFor: () => reader });
    expect(verdict).toMatchObject({ outcome: 'routed', route: 'runai-diagnose-preempted-workload', category: null });
  });

  it('reads pods and their events in one round, then logs and node in the next', async () => {
    const scenario = await load('tier2-137-still-unexplained');
    const client = await runai(scenario);
    const kubernetes = scenario.kubernetes as { pods: K8sPod[]; nodes: unknown[] };
    const delay = <T>(value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), 30));
    const { reader, calls } = fakeReader(
      {},
      {
        getPod: () => delay(kubernetes.pods[0] as K8sPod),
        listPodEvents: () => delay([]),
        getPodLog: () => delay({ text: 'epoch 1\n', truncated: false }),
        getNode: () => delay(kubernetes.nodes[0] as never),
      },
    );
    const verdict = await diagnose(client, scenario.request, { readerFor: () => reader });
    expect(verdict.category).toBe('UNKNOWN');
    expect(calls.map((call) => call.method)).toEqual(['getPod', 'listPodEvents', 'getPodLog', 'getNode']);
    const [pod, events, log, node] = calls.map((call) => call.at) as [number, number, number, number];
    expect(Math.abs(events - pod)).toBeLessThan(20);
    expect(Math.abs(node - log)).toBeLessThan(20);
    expect(log - pod).toBeGreaterThanOrEqual(25);
    // The log read is bounded: a tail with a byte limit.
    expect(calls[2]?.args[2]).toEqual({ container: 'graph-transformer-pcqm', previous: false, tailLines: 100, limitBytes: 65536 });
  });

  describe('a crash whose line is a CUDA error: the node is read (round C), since a GPU fault causes the same errors', () => {
    const cudaLog = 'step 118\nRuntimeError: CUDA error: an illegal memory access was encountered\n';
    const xidNode = {
      metadata: { name: 'node' },
      status: {
        conditions: [
          {
            type: 'GPUProblem',
            status: 'True',
            reason: 'XidError',
            message: 'NVRM: Xid (PCI:0000:3b:00): 79, pid=7, GPU has fallen off the bus.',
            lastTransitionTime: '2020-01-01T00:00:00Z',
          },
        ],
      },
    };

    /** The CUDA-OOM Tier 2 scenario, its failed container's log replaced, every node answering with an Xid 79 condition. */
    async function crashWithLog(log: string) {
      const scenario = await load('tier2-cuda-oom-in-logs');
      const client = await runai(scenario);
      const kubernetes = scenario.kubernetes as { pods: K8sPod[] };
      const { reader, calls } = fakeReader(
        {},
        {
          getPod: async () => kubernetes.pods[0] as K8sPod,
          listPodEvents: async () => [],
          getPodLog: async () => ({ text: log, truncated: false }),
          getNode: async () => xidNode as never,
        },
      );
      const verdict = await diagnose(client, scenario.request, { readerFor: () => reader });
      return { verdict, methods: calls.map((call) => call.method) };
    }

    it('a hardware Xid on the node makes it a NODE_FAILURE quoting the driver line', async () => {
      const { verdict, methods } = await crashWithLog(cudaLog);
      expect(methods).toEqual(['getPod', 'listPodEvents', 'getPodLog', 'getNode']);
      expect(verdict.category).toBe('NODE_FAILURE');
      expect(verdict.failingLine).toContain('NVRM: Xid (PCI:0000:3b:00): 79');
    });

    it('an ordinary exception costs no node read', async () => {
      const { verdict, methods } = await crashWithLog("step 118\nKeyError: 'input_ids'\n");
      expect(methods).not.toContain('getNode');
      expect(verdict.category).toBe('CRASH_APP_ERROR');
    });
  });
});
