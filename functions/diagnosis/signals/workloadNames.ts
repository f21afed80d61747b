/**
 * Every name a user, an administrator or a controller chose that the Tier 1 evidence shows:
 * the workload (owner of the pods, jobs and services named after it), its project, namespace,
 * department, node pools and submitter, its pods, their nodes and containers, the objects events
 * are about, the images, the data sources of the submitted spec (claims, secrets, config maps,
 * buckets, repositories, URIs), and the names messages cite in an upstream format's name slot
 * (an init container the pod list omits: "Started container x"). These are what
 * `maskIdentifiers` masks where they stand as names.
 *
 * Each name carries the kind of object the evidence shows it names (a node pool, a node, a pod,
 * a container, an image, a project, a namespace, a department, a claim, a secret, a config map,
 * an event's object kind): a single-word name is masked after its own kind's word only, so a
 * node pool named `was` never hides kubelet's "The node was low on resource: memory". Names that
 * no kind word cites (the submitter, a bucket, a repository) carry a kind of their own.
 */
import type { KindedName, NameSet } from './maskIdentifiers.js';
import { namesInSlots } from './nameSlots.js';
import type { HistoryRead, Read, WorkloadEvidence } from '../model/WorkloadEvidence.js';
import type { Pod, RunaiEvent } from '../ports/RunaiSchemas.js';

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

/** Names of one kind (the kind as the evidence spells it). */
export function ofKind(kind: string, names: Iterable<string | null | undefined>): KindedName[] {
  return [...names].map((name) => ({ name, kind }));
}

/** The objects events are about (pods, nodes, the workload: of the event's `involvedObject.kind`, unknown when absent) and their namespaces. */
export function eventNames(events: readonly RunaiEvent[]): KindedName[] {
  return events.flatMap((event) => [
    { name: event.involvedObject?.name, kind: event.involvedObject?.kind },
    { name: event.involvedObject?.namespace, kind: 'namespace' },
  ]);
}

/**
 * Keys of the spec's `storage` and environment entries whose values are names or URIs the user
 * chose (Run:ai OpenAPI: PvcFieldsNonUpdatable.claimName, S3Common.bucket/url,
 * GitCommon.repository/branch, GitSecretRef.name, ConfigMap.configMap, SecretFieldsNonUpdatable.secret,
 * EnvironmentVariableSecret.name, Nfs.server). Mount paths are not names: they are left out.
 */
const STORAGE_NAME_KEYS = new Set([
  'name',
  'claimName',
  'bucket',
  'url',
  'repository',
  'branch',
  'secret',
  'configMap',
  'passwordSecret',
  'accessKeySecret',
  'secretName',
  'server',
]);

/**
 * The kind of object a storage key's value names. A `name` names the secret or config map of the
 * entry it is in (EnvironmentVariableSecret.name, GitSecretRef.name), else the data source's volume;
 * the values that are no Kubernetes object (a bucket, a URL, a repository, a branch, a server) are
 * of a kind no message's kind word names.
 */
function storageKind(key: string, enclosing: string | null): string {
  if (key === 'claimName') return 'claim';
  if (key === 'configMap') return 'config map';
  if (key.toLowerCase().includes('secret')) return 'secret';
  if (key === 'name') return enclosing ?? 'volume';
  return key;
}

/** The kind an entry under this key gives the `name` inside it (a secret's, a config map's). */
function enclosingKind(key: string | null, enclosing: string | null): string | null {
  if (key === null) return enclosing;
  const lower = key.toLowerCase();
  if (lower.includes('secret')) return 'secret';
  if (lower.includes('configmap')) return 'config map';
  return enclosing;
}

/** Every name-valued string of a submitted spec's storage or environment (any depth: the shapes vary by kind), with its kind. */
export function storageNames(value: unknown, key: string | null = null, enclosing: string | null = null): KindedName[] {
  if (typeof value === 'string') return key !== null && STORAGE_NAME_KEYS.has(key) ? [{ name: value, kind: storageKind(key, enclosing) }] : [];
  if (Array.isArray(value)) return value.flatMap((item) => storageNames(item, key, enclosing));
  if (value && typeof value === 'object') {
    const inner = enclosingKind(key, enclosing);
    return Object.entries(value).flatMap(([entryKey, item]) => storageNames(item, entryKey, inner));
  }
  return [];
}

/** Every message of the Tier 1 evidence (for the names standing in a format's name slot). */
function messagesOf(evidence: NamedEvidence, events: readonly RunaiEvent[], historyEvents: readonly RunaiEvent[]): (string | null | undefined)[] {
  const { status } = evidence;
  const phaseUpdates = evidence.history?.ok ? evidence.history.value.records.map((record) => record.spec?.phaseUpdate?.phaseMessage) : [];
  return [
    status.phaseMessage,
    ...(status.conditions ?? []).map((condition) => condition.message),
    ...[...events, ...historyEvents].map((event) => event.message),
    ...phaseUpdates,
  ];
}

export function workloadNames(evidence: NamedEvidence): NameSet {
  const { status } = evidence;
  const spec = evidence.spec?.ok ? evidence.spec.value : null;
  const pods = evidence.pods?.ok ? evidence.pods.value : [];
  const events = evidence.events?.ok ? evidence.events.value : [];
  const historyEvents = evidence.history?.ok ? evidence.history.value.records.flatMap((record) => (record.spec?.event ? [record.spec.event] : [])) : [];
  const names: KindedName[] = [
    ...ofKind('project', [status.projectName]),
    ...ofKind('namespace', [status.namespace]),
    ...ofKind('department', [status.departmentName]),
    ...ofKind('user', [status.submittedBy]),
    ...ofKind('node pool', [
      ...(status.requestedNodePools ?? []),
      ...(status.currentNodePools ?? []),
      ...(status.pendingSchedulingMessages ?? []).map((pending) => pending.nodePool),
    ]),
    ...ofKind('image', [
      ...(status.images ?? []).flatMap(imageNames),
      ...[spec?.spec?.image, spec?.masterSpec?.image, spec?.spec?.leader?.image, spec?.spec?.worker?.image].flatMap(imageNames),
    ]),
    ...[spec?.spec, spec?.masterSpec, spec?.spec?.leader, spec?.spec?.worker].flatMap((part) => [
      ...storageNames(part?.storage),
      // An environment variable's own name is not an object name; the secret or config map it reads is.
      ...(part?.environmentVariables ?? []).flatMap((variable) => storageNames({ secret: variable?.secret, configMap: variable?.configMap })),
    ]),
    ...pods.flatMap((pod) => [
      { name: pod.name, kind: 'pod' },
      { name: pod.nodeName, kind: 'node' },
      ...(pod.containers ?? []).flatMap((container) => [{ name: container.name, kind: 'container' }, ...ofKind('image', imageNames(container.image))]),
    ]),
    ...eventNames(events),
    ...eventNames(historyEvents),
    ...namesInSlots(messagesOf(evidence, events, historyEvents)),
  ];
  return { owners: [status.name, spec?.name], names };
}
