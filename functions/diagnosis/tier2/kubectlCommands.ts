/**
 * The kubectl commands Tier 2 evidence cites as its source: the procedure's step 4 commands with
 * their real arguments. Only validated Kubernetes names reach these strings (see
 * kubernetesNames.ts), so they need no quoting.
 */
import type { Tier2SourceName } from '../model/Signal.js';

export function describePodCommand(namespace: string, pod: string): Tier2SourceName {
  return `kubectl describe pod ${pod} -n ${namespace}`;
}

/** The one LIST of a workload's pods by the label Run:ai puts on them (collectTier2Evidence.ts, listReplicaPods.ts). */
export function listPodsCommand(namespace: string, selector: string): Tier2SourceName {
  return `kubectl get pods -n ${namespace} -l ${selector}`;
}

export function podEventsCommand(namespace: string, pod: string): Tier2SourceName {
  return `kubectl get events -n ${namespace} --field-selector involvedObject.name=${pod}`;
}

/** `-c` is named when the pod has several containers (or the container is an init container). */
export function logsCommand(namespace: string, pod: string, options: { container: string | null; previous: boolean }): Tier2SourceName {
  const container = options.container ? ` -c ${options.container}` : '';
  return `kubectl logs ${pod} -n ${namespace}${container}${options.previous ? ' --previous' : ''}`;
}

export function describeNodeCommand(node: string): Tier2SourceName {
  return `kubectl describe node ${node}`;
}
