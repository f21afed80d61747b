/**
 * Every name a user, an administrator or a controller chose that the Tier 1 evidence shows:
 * the workload (owner of the pods, jobs and services named after it), its project, namespace,
 * department and node pools, its pods, their nodes and containers, the objects events are
 * about, and the images. These are what `maskIdentifiers` hides from the patterns.
 */
import type { NameSet } from './maskIdentifiers.js';
import type { HistoryRead, Read, WorkloadEvidence } from './WorkloadEvidence.js';
import type { Pod, RunaiEvent } from './ports/runaiSchemas.js';

export type NamedEvidence = Pick<WorkloadEvidence, 'status'> & {
  events?: Read<RunaiEvent[]> | null;
  pods?: Read<Pod[]> | null;
  spec?: WorkloadEvidence['spec'] | null;
  history?: Read<HistoryRead> | null;
};

/** An image as messages cite it: as written, without its tag or digest, and as Docker Hub expands it. */
export function imageNames(image: string | null | undefined): string[] {
  const reference = image?.trim();
  if (!reference) return [];
  const withoutDigest = reference.split('@')[0] ?? reference;
  const lastSlash = withoutDigest.lastIndexOf('/');
  const colon = withoutDigest.lastIndexOf(':');
  const repository = colon > lastSlash ? withoutDigest.slice(0, colon) : withoutDigest;
  const names = [reference, withoutDigest, repository];
  const firstSegment = reference.split('/')[0] ?? '';
  // `busybox:1.36` is pulled (and reported) as `docker.io/library/busybox:1.36`.
  const hasRegistry = reference.includes('/') && (firstSegment.includes('.') || firstSegment.includes(':') || firstSegment === 'localhost');
  if (!hasRegistry) {
    const hub = reference.includes('/') ? 'docker.io/' : 'docker.io/library/';
    names.push(...[reference, repository].map((name) => `${hub}${name}`));
  }
  return names;
}

/** The objects events are about (pods, nodes, the workload) and their namespaces. */
export function eventNames(events: readonly RunaiEvent[]): string[] {
  return events.flatMap((event) => [event.involvedObject?.name, event.involvedObject?.namespace].filter((name): name is string => !!name));
}

export function workloadNames(evidence: NamedEvidence): NameSet {
  const { status } = evidence;
  const spec = evidence.spec?.ok ? evidence.spec.value : null;
  const pods = evidence.pods?.ok ? evidence.pods.value : [];
  const events = evidence.events?.ok ? evidence.events.value : [];
  const historyEvents = evidence.history?.ok ? evidence.history.value.records.flatMap((record) => (record.spec?.event ? [record.spec.event] : [])) : [];
  const names: (string | null | undefined)[] = [
    status.projectName,
    status.namespace,
    status.departmentName,
    ...(status.requestedNodePools ?? []),
    ...(status.currentNodePools ?? []),
    ...(status.images ?? []).flatMap(imageNames),
    ...[spec?.spec?.image, spec?.masterSpec?.image].flatMap(imageNames),
    ...pods.flatMap((pod) => [pod.name, pod.nodeName, ...(pod.containers ?? []).flatMap((container) => [container.name, ...imageNames(container.image)])]),
    ...eventNames(events),
    ...eventNames(historyEvents),
  ];
  return { owners: [status.name, spec?.name], names };
}
