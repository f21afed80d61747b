/**
 * The labels Run:ai's admission puts on a workload's pods, on a scenario's Kubernetes pods that declare none:
 * `workloadName: <workload name>` and `project: <project name>` (a Run:ai 2.17 training pod as Run:ai published
 * it: run-ai/fake-gpu-operator design/samples/2.17/fractional_pod.yaml; docs/alertmanager.md "The Run:ai
 * labels"). A real cluster's pods carry them; fixtures written before Tier 2 listed pods by label do not, so
 * the simulated cluster adds what the real one would have. Only pods the scenario's Run:ai lists for a workload
 * (by name, in the workload's namespace) are labelled, and a pod that declares `metadata.labels` keeps exactly
 * its own — so a scenario can model an older Run:ai (no `workloadName`) or a user's conflicting label.
 */
import type { ScenarioFile } from '../../recording/format/ScenarioSchema.js';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | null => (typeof value === 'string' && value.length > 0 ? value : null);

export function labelRunaiPods<T extends Pick<ScenarioFile, 'runai' | 'kubernetes'>>(scenario: T): T {
  const kubernetes = scenario.kubernetes;
  if (!kubernetes || kubernetes.pods.length === 0) return scenario;
  // (namespace, pod name) → the labels of the workload Run:ai lists it under.
  const labelsOf = new Map<string, Json>();
  for (const workload of scenario.runai.workloads) {
    const name = text(workload.name);
    const project = text(workload.projectName);
    const namespace = text(workload.namespace) ?? (project ? `runai-${project}` : null);
    if (!name || !namespace) continue;
    for (const pod of scenario.runai.pods[workload.id] ?? []) {
      const podName = isObject(pod) ? text(pod.name) : null;
      if (podName) labelsOf.set(`${namespace}/${podName}`, { workloadName: name, ...(project ? { project } : {}) });
    }
  }
  if (labelsOf.size === 0) return scenario;
  const pods = kubernetes.pods.map((pod) => {
    const labels = labelsOf.get(`${pod.metadata.namespace}/${pod.metadata.name}`);
    return labels && pod.metadata.labels === undefined ? { ...pod, metadata: { ...pod.metadata, labels } } : pod;
  });
  return { ...scenario, kubernetes: { ...kubernetes, pods } };
}
