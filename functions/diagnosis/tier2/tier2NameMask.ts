/**
 * The name mask for what Tier 2 read: the Tier 1 names (workload, project, pods, nodes,
 * containers, images, data sources) and those only Kubernetes shows — the pods' containers and
 * init containers, their images, the node, the objects the pod events are about, the container
 * an event's `fieldPath` names, and the host that reported them. Patterns read pod status messages, waiting messages, event messages and log
 * lines through it, so a name never picks a category or a log hint (maskIdentifiers).
 */
import { maskIdentifiers, type KindedName, type NameMask } from '../signals/maskIdentifiers.js';
import type { K8sEvent, K8sPod } from '../ports/KubernetesSchemas.js';
import { namesInSlots } from '../signals/nameSlots.js';
import { imageNames, ofKind, workloadNames, type NamedEvidence } from '../signals/workloadNames.js';

/** The names one Kubernetes pod shows, each with its kind. */
export function kubernetesPodNames(pod: K8sPod): KindedName[] {
  const statuses = [...(pod.status?.containerStatuses ?? []), ...(pod.status?.initContainerStatuses ?? [])];
  const specs = [...(pod.spec?.containers ?? []), ...(pod.spec?.initContainers ?? [])];
  return [
    ...ofKind('pod', [pod.metadata?.name]),
    ...ofKind('namespace', [pod.metadata?.namespace]),
    ...ofKind('node', [pod.spec?.nodeName]),
    ...ofKind(
      'container',
      [...specs, ...statuses].map((container) => container.name),
    ),
    ...ofKind(
      'image',
      statuses.flatMap((status) => imageNames(status.image)),
    ),
  ];
}

/**
 * The names Kubernetes events show: their object, its namespace, the reporting host, the
 * container a `fieldPath` points at (`spec.initContainers{x}`) and the names in a message's
 * format slot ("Started container x").
 */
export function kubernetesEventNames(events: readonly K8sEvent[]): KindedName[] {
  return [
    ...events.flatMap((event) => [
      { name: event.involvedObject?.name, kind: event.involvedObject?.kind },
      ...ofKind('namespace', [event.involvedObject?.namespace, event.metadata?.namespace]),
      // The host that reported the event is a node (kubelet's source.host).
      ...ofKind('node', [event.source?.host]),
    ]),
    ...namesInSlots(events.flatMap((event) => [event.involvedObject?.fieldPath, event.message])),
  ];
}

export function tier2NameMask(evidence: NamedEvidence, read: { podNames: readonly string[]; pods: readonly K8sPod[]; events: readonly K8sEvent[] }): NameMask {
  const tier1 = workloadNames(evidence);
  return maskIdentifiers({
    owners: tier1.owners,
    names: [...tier1.names, ...ofKind('pod', read.podNames), ...read.pods.flatMap(kubernetesPodNames), ...kubernetesEventNames(read.events)],
  });
}
