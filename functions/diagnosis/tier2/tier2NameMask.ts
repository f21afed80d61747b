/**
 * The name mask for what Tier 2 read: the Tier 1 names (workload, project, pods, nodes,
 * containers, images, data sources) and those only Kubernetes shows — the pods' containers and
 * init containers, their images, the node, the objects the pod events are about, the container
 * an event's `fieldPath` names, and the host that reported them. Patterns read pod status messages, waiting messages, event messages and log
 * lines through it, so a name never picks a category or a log hint (maskIdentifiers).
 */
import { maskIdentifiers, type NameMask } from '../signals/maskIdentifiers.js';
import type { K8sEvent, K8sPod } from '../ports/KubernetesSchemas.js';
import { namesInSlots } from '../signals/nameSlots.js';
import { imageNames, workloadNames, type NamedEvidence } from '../signals/workloadNames.js';

/** The names one Kubernetes pod shows. */
export function kubernetesPodNames(pod: K8sPod): string[] {
  const statuses = [...(pod.status?.containerStatuses ?? []), ...(pod.status?.initContainerStatuses ?? [])];
  const specs = [...(pod.spec?.containers ?? []), ...(pod.spec?.initContainers ?? [])];
  return [
    pod.metadata?.name,
    pod.metadata?.namespace,
    pod.spec?.nodeName,
    ...specs.map((container) => container.name),
    ...statuses.flatMap((status) => [status.name, ...imageNames(status.image)]),
  ].filter((name): name is string => !!name);
}

/**
 * The names Kubernetes events show: their object, its namespace, the reporting host, the
 * container a `fieldPath` points at (`spec.initContainers{x}`) and the names in a message's
 * format slot ("Started container x").
 */
export function kubernetesEventNames(events: readonly K8sEvent[]): string[] {
  return [
    ...events.flatMap((event) => [event.involvedObject?.name, event.involvedObject?.namespace, event.metadata?.namespace, event.source?.host]),
    ...namesInSlots(events.flatMap((event) => [event.involvedObject?.fieldPath, event.message])),
  ].filter((name): name is string => !!name);
}

export function tier2NameMask(evidence: NamedEvidence, read: { podNames: readonly string[]; pods: readonly K8sPod[]; events: readonly K8sEvent[] }): NameMask {
  const tier1 = workloadNames(evidence);
  return maskIdentifiers({
    owners: tier1.owners,
    names: [...tier1.names, ...read.podNames, ...read.pods.flatMap(kubernetesPodNames), ...kubernetesEventNames(read.events)],
  });
}
