/**
 * Finds the identifiers people chose in what a diagnosis read — workload, project,
 * department, namespace, node, pod, container and datasource names, images and their
 * registry hosts, users — by the fields that carry them in Run:ai and Kubernetes answers
 * and in the request. UUIDs and e-mail addresses are found by their shape instead
 * (anonymizeRecording.ts), and short numeric ids by their field (`projectId`).
 */
import { PUBLIC_REGISTRIES } from './publicVocabulary.js';
import { isVocabularyWord } from './upstreamVocabulary.js';
import { WholeNameMatcher } from './WholeNameMatcher.js';

export type IdentifierKind =
  | 'cluster'
  | 'workload'
  | 'project'
  | 'department'
  | 'namespace'
  | 'node'
  | 'nodepool'
  | 'pod'
  | 'container'
  | 'datasource'
  | 'bucket'
  | 'server'
  | 'image'
  | 'registry'
  | 'user';

/** Words too generic to be anyone's choice, or that rules and messages rely on. */
const NOT_IDENTIFIERS = new Set([
  'default',
  'main',
  'runai',
  'train',
  'training',
  'workspace',
  'inference',
  'distributed',
  'kube-system',
  'pod',
  'pods',
  'node',
  'nodes',
  'true',
  'false',
  'null',
  'none',
  'unknown',
  'nvidia',
  'gpu',
  'cpu',
  'latest',
  'http',
  'https',
  'localhost',
  'container',
  'init',
  'worker',
  'master',
  'launcher',
]);

/** Names controllers derive from the workload's or project's (pods, the project's namespace, containers). */
const DERIVED_KINDS = new Set<IdentifierKind>(['pod', 'namespace', 'container']);
/** Names that may be host names. */
const HOST_KINDS = new Set<IdentifierKind>(['node', 'server', 'registry']);

const FIELD_KINDS: Record<string, IdentifierKind> = {
  // A cluster id is a UUID (replaced by its shape) on Run:ai SaaS; a name chosen by the admin elsewhere.
  clusterId: 'cluster',
  workloadName: 'workload',
  projectName: 'project',
  project: 'project',
  departmentName: 'department',
  namespace: 'namespace',
  nodeName: 'node',
  node: 'node',
  podName: 'pod',
  containerName: 'container',
  claimName: 'datasource',
  pvcName: 'datasource',
  secretName: 'datasource',
  configMapName: 'datasource',
  submittedBy: 'user',
  createdBy: 'user',
  updatedBy: 'user',
  host: 'node',
  nodePool: 'nodepool',
  // A submitted spec's storage (Run:ai OpenAPI: S3Common.bucket, Nfs.server, GitSecretRef.name…; the keys
  // functions/diagnosis/workloadNames.ts masks): the same names recur in mount and pull messages.
  bucket: 'bucket',
  server: 'server',
  secret: 'datasource',
  configMap: 'datasource',
};

/** Fields whose value is a list of names. */
const LIST_KINDS: Record<string, IdentifierKind> = { requestedNodePools: 'nodepool', currentNodePools: 'nodepool' };

export class IdentifierSet {
  readonly found = new Map<string, IdentifierKind>();
  /** The workload and project names found so far, which other names may be derived from. */
  private readonly parents = new WholeNameMatcher();
  /** Those too long for the matcher (a hostile 100 kB "name"): few, and looked for one by one. */
  private readonly longParents: string[] = [];

  add(kind: IdentifierKind, value: unknown): void {
    if (typeof value !== 'string') return;
    const trimmed = value.trim();
    if (trimmed.length < 3 || NOT_IDENTIFIERS.has(trimmed.toLowerCase()) || this.found.has(trimmed)) return;
    // The list above, by principle: a name that is one word upstream writes (a container called
    // `pytorch`, `trainer`, `server`) is the program's word, not anyone's choice, and replacing it would
    // replace the word everywhere (`nvcr.io/nvidia/pytorch:24.05-py3` lost its repository). A person's
    // login is theirs even when it is a word (`admin`, `deploy`): users are always replaced.
    if (kind !== 'user' && /^[A-Za-z]+$/.test(trimmed) && isVocabularyWord(trimmed.toLowerCase())) return;
    // A cluster id that is a UUID is Run:ai's object id, not a name an admin chose (anonymizeRecording.ts keeps it).
    if (kind === 'cluster' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(trimmed)) return;
    // A name derived from one already known (pod `train-42-0-0` of workload `train-42`, namespace
    // `runai-ml` of project `ml`) is rewritten through it, which keeps the two visibly related.
    // (The pods of a 100 kB workload "name" are not 100 identifiers of 100 kB, each a text scan.)
    // Only names a controller derives from the workload or project are: a node, a node pool or a server
    // that happens to contain the project's name (`vision-dgx-07`) is an identifier of its own, replaced whole.
    if (DERIVED_KINDS.has(kind) && (this.parents.occursIn(trimmed) || this.longParents.some((parent) => containsWholeName(trimmed, parent)))) return;
    this.found.set(trimmed, kind);
    // A host's FQDN (`a100-n12.ml.acme.internal`): messages also name it by its first label alone.
    const dot = trimmed.indexOf('.');
    if (HOST_KINDS.has(kind) && dot > 0) this.add(kind, trimmed.slice(0, dot));
    if ((kind === 'workload' || kind === 'project') && !this.parents.add(trimmed)) this.longParents.push(trimmed);
  }

  addImage(reference: unknown): void {
    if (typeof reference !== 'string' || reference.trim() === '') return;
    const withoutDigest = reference.trim().split('@')[0] ?? '';
    const slash = withoutDigest.indexOf('/');
    const first = slash > 0 ? withoutDigest.slice(0, slash) : '';
    const hasHost = first.includes('.') || first.includes(':') || first === 'localhost';
    // The registry's host without its port: messages name the host alone (`lookup registry.acme.internal`).
    const host = hasHost ? first.replace(/:\d+$/, '') : '';
    const rest = hasHost ? withoutDigest.slice(slash + 1) : withoutDigest;
    // The tag follows the last colon after the last slash.
    const lastSlash = rest.lastIndexOf('/');
    const colon = rest.indexOf(':', lastSlash + 1);
    const repository = colon >= 0 ? rest.slice(0, colon) : rest;
    if (host && !PUBLIC_REGISTRIES.has(host.toLowerCase())) this.add('registry', host);
    if (!host || !PUBLIC_REGISTRIES.has(host.toLowerCase())) this.add('image', repository);
  }
}

/** Walks one answer (or the request) and adds every identifier its fields carry. */
export function collectIdentifiers(value: unknown, into: IdentifierSet, parentKey = ''): void {
  if (Array.isArray(value)) {
    for (const item of value) {
      if (typeof item === 'string' && (parentKey === 'images' || parentKey === 'image')) into.addImage(item);
      else if (typeof item === 'string' && LIST_KINDS[parentKey]) into.add(LIST_KINDS[parentKey], item);
      else collectIdentifiers(item, into, parentKey);
    }
    return;
  }
  if (value === null || typeof value !== 'object') return;
  const object = value as Record<string, unknown>;
  const name = object.name;
  // An environment variable's name is configuration vocabulary (BATCH_SIZE), not an identifier.
  const isEnvironmentEntry = 'value' in object || 'valueFrom' in object;
  if (typeof name === 'string' && !isEnvironmentEntry) {
    if (parentKey === 'pods') into.add('pod', name);
    else if (parentKey === 'containers' || parentKey === 'initContainers' || parentKey === 'containerStatuses' || parentKey === 'initContainerStatuses')
      into.add('container', name);
    else if (parentKey === 'metadata' || parentKey === 'involvedObject') into.add('pod', name);
    else if ('projectName' in object || 'phase' in object || 'workloadId' in object || parentKey === 'workloads') into.add('workload', name);
  }
  for (const [key, item] of Object.entries(object)) {
    const kind = FIELD_KINDS[key];
    if (kind && typeof item === 'string') into.add(kind, item);
    if ((key === 'image' || key === 'images') && typeof item === 'string') into.addImage(item);
    if (typeof item === 'object' && item !== null) collectIdentifiers(item, into, key);
  }
}

/** Only for names longer than MAX_MATCHED_NAME: `indexOf` jumps between the few places such a name can start. */
function containsWholeName(text: string, name: string): boolean {
  if (text.length <= name.length) return false;
  for (let from = text.indexOf(name); from >= 0; from = text.indexOf(name, from + 1)) {
    if (!isWordCharacterAt(text, from - 1) && !isWordCharacterAt(text, from + name.length)) return true;
  }
  return false;
}

function isWordCharacterAt(text: string, index: number): boolean {
  return /[A-Za-z0-9]/.test(text.charAt(index));
}
