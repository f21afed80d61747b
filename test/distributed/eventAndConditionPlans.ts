/**
 * Pod events and node conditions of generated held-out cases, in the forms the Run:ai API relays
 * them (fixtures/scenarios) and node-problem-detector sets them.
 */
import type { NodeConditionPlan, PodEventPlan } from './buildHeldOutCase.js';

/** A pod event, a Warning unless said otherwise. */
export const podEvent = (reason: string, message: string, source: string, ago: number, type: 'Normal' | 'Warning' = 'Warning'): PodEventPlan => ({
  reason,
  message,
  source,
  type,
  ago,
});

/** The Run:ai-relayed OOM event (as in fixtures/scenarios). */
export const oomEvent = (container: string, ago: number) => podEvent('OOMKilled', `Container ${container} was OOM killed`, 'workload-controller', ago);

/**
 * node-problem-detector's GPU Xid condition, its message the kernel's Xid line
 * (https://learn.microsoft.com/en-us/azure/aks/gpu-health-monitoring).
 */
export const xidCondition = (line: string, ago: number): NodeConditionPlan => ({
  type: 'GPUXIDErrors',
  status: 'True',
  reason: 'XIDErrorsDetected',
  message: line,
  ago,
});

/**
 * The node lifecycle controller's Ready=Unknown once the kubelet stops posting status
 * (https://github.com/kubernetes/kubernetes/blob/master/pkg/controller/nodelifecycle/node_lifecycle_controller.go).
 */
export const notReadyConditions = (ago: number): NodeConditionPlan[] => [
  { type: 'Ready', status: 'Unknown', reason: 'NodeStatusUnknown', message: 'Kubelet stopped posting node status.', ago },
];
