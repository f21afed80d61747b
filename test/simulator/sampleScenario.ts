/**
 * A small inline control plane for the simulator tests (independent of fixtures/scenarios,
 * which evolve with the diagnosis). Timestamps are relative, as in the fixtures.
 */
import type { ScenarioState } from '../../functions/simulator/startRunaiSimulator.js';

export const CLUSTER = '11111111-1111-1111-1111-111111111111';
export const OTHER_CLUSTER = '22222222-2222-2222-2222-222222222222';
export const TRAIN = 'aaaaaaaa-0000-0000-0000-000000000001';
export const WORKSPACE = 'aaaaaaaa-0000-0000-0000-000000000002';
export const INFERENCE = 'aaaaaaaa-0000-0000-0000-000000000003';
export const DISTRIBUTED = 'aaaaaaaa-0000-0000-0000-000000000004';
export const DELETED = 'aaaaaaaa-0000-0000-0000-000000000005';
export const UNKNOWN = 'ffffffff-ffff-ffff-ffff-ffffffffffff';

export function sampleScenario(): ScenarioState {
  return {
    workloads: [
      workload(TRAIN, 'train-42', 'Training', 'ml-team', CLUSTER, 'Failed', { phaseUpdatedAt: 'now-1h', createdAt: 'now-3h' }),
      workload(WORKSPACE, 'notebook', 'workspace', 'ml-team', CLUSTER, 'Running', { phaseUpdatedAt: 'now-10m', createdAt: 'now-2d' }),
      workload(INFERENCE, 'serve-llm', 'Inference', 'vision', OTHER_CLUSTER, 'Pending', { phaseUpdatedAt: 'now-5m', createdAt: 'now-1h' }),
      // Space-separated form must still sort as the instant it names (between the others).
      workload(DISTRIBUTED, 'train-dist', 'Distributed', 'ml-team', CLUSTER, 'Failed', { phaseUpdatedAt: '@space:now-2h', createdAt: 'now-4h' }),
      workload(DELETED, 'train-42', 'Training', 'ml-team', CLUSTER, 'Failed', { phaseUpdatedAt: 'now-3d', createdAt: 'now-4d', deletedAt: 'now-1d' }),
    ],
    events: {
      [TRAIN]: [
        event('e-2', 'now-50m', 'OOMKilling', 'Memory cgroup out of memory'),
        event('e-1', 'now-2h', 'Scheduled', 'Successfully assigned'),
        event('e-3', '@space:now-40m', 'BackOff', 'Back-off restarting failed container'),
      ],
    },
    pods: {
      [TRAIN]: [
        { id: 'p-1', name: 'train-42-0-0', workloadId: TRAIN, nodeName: 'node-a', k8sPhase: 'OOMKilled', createdAt: 'now-3h' },
        { id: 'p-2', name: 'train-42-0-1', workloadId: TRAIN, nodeName: 'node-b', k8sPhase: 'Error', createdAt: 'now-3h' },
      ],
    },
    history: {
      [TRAIN]: [
        { meta: { creationTimestamp: 'now-30m', type: 'PhaseUpdate' }, spec: { phaseUpdate: { phase: 'Failed' } } },
        { meta: { creationTimestamp: 'now-3h', type: 'PhaseUpdate' }, spec: { phaseUpdate: { phase: 'Pending' } } },
        { meta: { creationTimestamp: 'now-50m', type: 'Event' }, spec: { event: { createdAt: 'now-50m', reason: 'OOMKilling', message: 'oom' } } },
      ],
    },
    metrics: {
      [TRAIN]: [
        {
          type: 'CPU_MEMORY_USAGE_BYTES',
          labels: null,
          values: [
            { value: '1000', timestamp: 'now-3h' },
            { value: '3000', timestamp: 'now-90m' },
            { value: '5000', timestamp: '@space:now-60m' },
          ],
        },
        { type: 'CPU_MEMORY_LIMIT_BYTES', labels: null, values: [{ value: '8000', timestamp: 'now-60m' }] },
        { type: 'GPU_UTILIZATION', labels: { gpu: '0' }, values: [{ value: '90', timestamp: 'now-60m' }] },
      ],
    },
    specs: {
      [TRAIN]: { name: 'train-42', workloadId: TRAIN, clusterId: CLUSTER, spec: { image: 'repo/train:1', compute: { cpuMemoryLimit: '8Gi' } } },
      [DISTRIBUTED]: { name: 'train-dist', workloadId: DISTRIBUTED, clusterId: CLUSTER, spec: { image: 'repo/w:1' }, masterSpec: { image: 'repo/m:1' } },
      [WORKSPACE]: { name: 'notebook', workloadId: WORKSPACE, clusterId: CLUSTER, spec: { image: 'jupyter:1' } },
    },
  };
}

function workload(id: string, name: string, type: string, projectName: string, clusterId: string, phase: string, extra: Record<string, string>) {
  return { id, name, type, projectName, clusterId, phase, projectId: `p-${projectName}`, ...extra };
}

function event(id: string, createdAt: string, reason: string, message: string) {
  return { id, createdAt, reason, message, type: 'Warning', clusterId: CLUSTER, involvedObject: { kind: 'Pod', name: 'train-42-0-0' } };
}

/** `count` minimal workloads named `bulk-000`…, for pagination defaults. */
export function bulkScenario(count: number): ScenarioState {
  return {
    workloads: Array.from({ length: count }, (_, index) => ({
      id: `bbbbbbbb-0000-0000-0000-${String(index).padStart(12, '0')}`,
      name: `bulk-${String(index).padStart(3, '0')}`,
      type: 'Training',
      clusterId: CLUSTER,
      projectName: 'bulk',
      phase: 'Failed',
      phaseUpdatedAt: `now-${index + 1}m`,
    })),
  };
}
