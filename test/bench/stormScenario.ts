/**
 * A failure storm for the worker: `distinct` failed workloads cloned from three fixture
 * scenarios (a node failure, an OOM kill that needs metrics, an application crash), three
 * in four on one cluster (the node that died) and the rest on a second one. Each clone is
 * its template with the workload id and cluster id replaced everywhere, so it diagnoses
 * exactly like the fixture.
 */
import type { QueuedDiagnosis } from '../../functions/core/queuedDiagnosis.js';
import type { Scenario, ScenarioState } from '../../functions/simulator/startRunaiSimulator.js';

export const STORM_TEMPLATES = ['node-notready-restart-onfailure', 'oom-killed-limit-above-request', 'crash-app-nonzero-exit'] as const;
export const STORM_CLUSTERS = ['5e0c9a41-7d1b-4f2e-8a36-0c4b2d9e1f70', '9b2d4e6f-1a3c-4e5f-8071-92a3b4c5d6e7'] as const;

const clusterFor = (index: number) => STORM_CLUSTERS[index % 4 === 3 ? 1 : 0];
const workloadIdFor = (index: number) => `5707a000-0000-4000-8000-${String(index).padStart(12, '0')}`;

function cloneWorkload(template: Scenario, workloadId: string, clusterId: string): ScenarioState {
  const templateId = template.request.workloadId;
  const templateCluster = template.request.clusterId;
  if (!templateId || !templateCluster) throw new Error(`${template.name} is not an Option A scenario`);
  const runai = template.runai;
  const own: ScenarioState = {
    workloads: runai.workloads.filter((workload) => workload.id === templateId),
    events: { [templateId]: runai.events[templateId] ?? [] },
    pods: { [templateId]: runai.pods[templateId] ?? [] },
    history: { [templateId]: runai.history[templateId] ?? [] },
    metrics: { [templateId]: runai.metrics[templateId] ?? [] },
    specs: runai.specs[templateId] ? { [templateId]: runai.specs[templateId] } : {},
  };
  const text = JSON.stringify(own).replaceAll(templateId, workloadId).replaceAll(templateCluster, clusterId);
  return JSON.parse(text) as ScenarioState;
}

export interface Storm {
  state: ScenarioState[];
  messages: QueuedDiagnosis[];
}

/** `requests` queue messages over `distinct` workloads: the first `distinct` are new, the rest re-fire earlier ones. */
export function stormScenario(templates: readonly Scenario[], distinct: number, requests: number): Storm {
  const state = Array.from({ length: distinct }, (_, index) => cloneWorkload(templates[index % templates.length]!, workloadIdFor(index), clusterFor(index)));
  const receivedAt = new Date().toISOString();
  const messages = Array.from({ length: requests }, (_, position): QueuedDiagnosis => {
    const index = position < distinct ? position : (position * 7) % distinct;
    const clusterId = clusterFor(index);
    const workloadId = workloadIdFor(index);
    return { v: 1, request: { clusterId, workloadId }, source: 'alertmanager', receivedAt, dedupeKey: `${clusterId}:id:${workloadId}` };
  });
  return { state, messages };
}
