/**
 * the quality bars, docs/tests.md latency bar: at most 3 sequential Run:ai round trips after the token
 * (status → spec ∥ pods ∥ events ∥ history → metrics) when history fits one page, and
 * wall time / (round trips × injected latency) ≤ 1.2. The round trips are counted from the
 * simulator's recording; the wall time leaves out the time the test waited for a CPU other
 * processes held (timeUncontended), so a loaded machine does not decide the ratio (it read
 * 1.24–1.32 with both cores busy, against 1.08–1.14 alone) while an extra round, a sleep or
 * slower processing still count.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { diagnoseWorkload } from '../../functions/diagnosis/diagnoseWorkload.js';
import { messagesEn } from '../../functions/report/messagesEn.js';
import { createRunaiClient } from '../../functions/runai/createRunaiClient.js';
import { startRunaiSimulator, type RunaiSimulator, type ScenarioState } from '../../functions/simulator/startRunaiSimulator.js';
import { countRoundTrips } from '../bench/countRoundTrips.js';
import { median } from '../bench/median.js';
import { timeUncontended } from '../support/timeUncontended.js';

const CLUSTER = '0b6f1d2e-5a4c-4e3b-9d8a-7c6b5a4f3e21';
const ID = '5d9e8f7a-6b5c-4d3e-8f2a-1b0c9d8e7f6a';
// 100 ms (the bench uses 50 ms): the bar is a ratio, and a larger unit keeps this test's
// verdict about round trips rather than about a loaded CI machine's scheduling noise.
const LATENCY_MS = 100;

const oomScenario: ScenarioState = {
  workloads: [
    {
      id: ID,
      name: 'resnet-train',
      type: 'training',
      clusterId: CLUSTER,
      projectName: 'vision',
      namespace: 'runai-vision',
      phase: 'Failed',
      phaseMessage: 'pod resnet-train-0-0 failed',
      createdAt: 'now-3h',
      phaseUpdatedAt: 'now-10m',
      conditions: [],
    },
  ],
  events: {
    [ID]: [
      {
        createdAt: 'now-11m',
        type: 'Warning',
        clusterId: CLUSTER,
        reason: 'OOMKilling',
        message: 'Memory cgroup out of memory: Killed process 3141 (python)',
        source: 'kernel-monitor',
      },
    ],
  },
  pods: {
    [ID]: [
      {
        id: '9a8b7c6d-1e2f-4a3b-8c7d-6e5f4a3b2c1d',
        name: 'resnet-train-0-0',
        workloadId: ID,
        clusterId: CLUSTER,
        k8sPhase: 'OOMKilled',
        nodeName: 'dgx-07',
        containers: [{ name: 'main', image: 'nvcr.io/nvidia/pytorch:24.05-py3' }],
        requestedResources: { cpuMemory: { request: '16Gi', limit: '16Gi' } },
      },
    ],
  },
  history: { [ID]: [{ meta: { creationTimestamp: 'now-10m', type: 'PhaseUpdate' }, spec: { phaseUpdate: { phase: 'Failed', phaseMessage: 'OOMKilled' } } }] },
  metrics: { [ID]: [{ type: 'CPU_MEMORY_USAGE_BYTES', values: [{ value: '17000000000', timestamp: 'now-12m' }] }] },
  specs: {
    [ID]: {
      name: 'resnet-train',
      workloadId: ID,
      clusterId: CLUSTER,
      spec: { image: 'nvcr.io/nvidia/pytorch:24.05-py3', compute: { cpuMemoryRequest: '16Gi', cpuMemoryLimit: '16Gi' } },
    },
  },
};

let simulator: RunaiSimulator | undefined;
afterEach(async () => simulator?.close());

describe('critical path against a latency-injecting simulator', () => {
  it('diagnoses an OOM in 3 round trips after the token, with wall time ≤ 1.2 × rounds × latency', async () => {
    simulator = await startRunaiSimulator({ scenarios: oomScenario, latencyMs: LATENCY_MS });
    const client = createRunaiClient({
      baseUrl: simulator.url,
      credentials: { grantType: 'client_credentials', clientId: 'sim-client', clientSecret: 'sim-secret' },
    });
    try {
      // Warm the token, the connection pool and the JIT (a warm Lambda): the bar is about round trips after the token.
      await diagnoseWorkload({ clusterId: CLUSTER, workloadId: ID }, { reader: client, now: new Date(), messages: messagesEn });
      const walls: number[] = [];
      let result;
      for (let run = 0; run < 5; run += 1) {
        simulator.reset();
        const timed = await timeUncontended(() =>
          diagnoseWorkload({ clusterId: CLUSTER, workloadId: ID }, { reader: client, now: new Date(), messages: messagesEn }),
        );
        result = timed.value;
        walls.push(timed.ms);
      }
      const wallMs = median(walls);
      expect(result?.verdict.category).toBe('OOM_KILLED');
      // The token is warm: a token request per diagnosis would be a round trip the count below leaves out.
      expect(simulator.requests.filter((request) => request.endpoint === 'token')).toEqual([]);
      const apiRequests = simulator.requests;
      const rounds = countRoundTrips(apiRequests);
      expect(apiRequests.map((request) => request.endpoint).sort()).toEqual(['events', 'history', 'metrics', 'pods', 'spec', 'status']);
      expect(rounds).toBe(3);
      expect(wallMs / (rounds * LATENCY_MS)).toBeLessThanOrEqual(1.2);
    } finally {
      await client.close();
    }
  });
});
