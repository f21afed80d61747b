/**
 * Renames one kind of identifier of a fixture scenario (one *name field*: the workload, its
 * project, a node pool, the init containers, a secret, …) the way a user (or a controller
 * deriving names from the user's) would have chosen it. Every string of the scenario — name
 * fields and the messages controllers wrote with those names in them — gets the same
 * replacement, so the renamed scenario is what the cluster would have reported had the user
 * picked the new name. A field the scenario lacks is added where the API would carry it (a
 * node pool, `submittedBy`, a claim, secret or config map in the submitted spec's storage),
 * so that a name the diagnosis knows but no message cites is tried too.
 *
 * Replacement is token-bounded: an old name matches only where it is not the tail of a longer
 * name (`runai-<project>` is not touched by the project rule, the namespace has its own), and a
 * name followed by `-…` or `.…` is a derived name whose prefix is replaced (`<workload>-0-0`).
 */
import type { Scenario } from '../../functions/simulator/startRunaiSimulator.js';
import type { HostileName } from './hostileNames.js';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type ScenarioParts = Pick<Scenario, 'request' | 'runai' | 'kubernetes'>;

/** Every identifier the Run:ai API (and Kubernetes, in Tier 2) gives a diagnosis. */
export const NAME_FIELDS = [
  'workload',
  'project',
  'namespace',
  'department',
  'pods',
  'containers',
  'initContainers',
  'nodes',
  'nodePool',
  'image',
  'imageTag',
  'pvc',
  'secret',
  'configMap',
  'modelUri',
  'submittedBy',
] as const;
export type NameField = (typeof NAME_FIELDS)[number];

/** Fields whose values may carry upper case: a tag, a URI path, a user name. The others are DNS-1123 names. */
const CASED_FIELDS: ReadonlySet<NameField> = new Set(['imageTag', 'modelUri', 'submittedBy']);

const NAME_BEFORE = '(?<![A-Za-z0-9.\\-])';
const NAME_AFTER = '(?![A-Za-z0-9])';

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

const asRecord = (value: unknown): Record<string, unknown> => (value && typeof value === 'object' ? (value as Record<string, unknown>) : {});
const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const asString = (value: unknown): string | null => (typeof value === 'string' && value.length > 0 ? value : null);

/** The image reference without its tag or digest (`host/path/repo`). */
function imageRepository(image: string): string {
  const withoutDigest = image.split('@')[0] ?? image;
  const lastSlash = withoutDigest.lastIndexOf('/');
  const colon = withoutDigest.lastIndexOf(':');
  return colon > lastSlash ? withoutDigest.slice(0, colon) : withoutDigest;
}

/** The workload the scenario's request diagnoses. */
function requestedWorkload(scenario: ScenarioParts): Record<string, unknown> | undefined {
  const workloads = asArray(scenario.runai.workloads).map(asRecord);
  return (
    workloads.find((workload) => workload.id === scenario.request.workloadId) ??
    workloads.find((workload) => workload.name === scenario.request.workloadName && workload.projectName === scenario.request.project) ??
    workloads.find((workload) => workload.name === scenario.request.workloadName) ??
    workloads[0]
  );
}

/** Every string of a JSON value. */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}

/** Names a message cites after their kind: `init container x`, `secret "x"`, `spec.initContainers{x}`. */
function citedNames(scenario: ScenarioParts, kinds: RegExp): string[] {
  const found = new Set<string>();
  const cited = new RegExp(`${kinds.source}\\s*"?([a-z0-9][a-z0-9.-]*[a-z0-9])`, 'gi');
  for (const text of strings([scenario.runai, scenario.kubernetes ?? null])) {
    for (const match of text.matchAll(cited)) found.add(match[1]!);
  }
  return [...found];
}

function kubernetesPods(scenario: ScenarioParts): Record<string, unknown>[] {
  return asArray(scenario.kubernetes?.pods).map(asRecord);
}

function runaiPods(scenario: ScenarioParts): Record<string, unknown>[] {
  return Object.values(scenario.runai.pods ?? {})
    .flatMap(asArray)
    .map(asRecord);
}

function storagesOf(scenario: ScenarioParts): Record<string, unknown>[] {
  return Object.values(scenario.runai.specs ?? {}).map((spec) => asRecord(asRecord(spec).spec));
}

/**
 * The old names of each field, per scenario: they depend on the scenario and the field, not on
 * the new name, and one (scenario, field) is renamed to hundreds of names in turn (the test of
 * names never steering takes a whole vocabulary in one field), each of which read every string
 * of the scenario again. Keyed by the scenario object, which renaming never changes (a copy is
 * made before anything is added).
 */
const oldNamesCache = new WeakMap<ScenarioParts, Map<NameField, readonly string[]>>();

function oldNamesOnce(scenario: ScenarioParts, field: NameField): readonly string[] {
  let fields = oldNamesCache.get(scenario);
  if (!fields) oldNamesCache.set(scenario, (fields = new Map()));
  let names = fields.get(field);
  if (!names) fields.set(field, (names = [...new Set(oldNames(scenario, field))]));
  return names;
}

/** The names of one field the scenario holds (old names, to be replaced). */
function oldNames(scenario: ScenarioParts, field: NameField): string[] {
  const workload = requestedWorkload(scenario);
  const images = () => [
    ...asArray(workload?.images).flatMap((image) => (asString(image) ? [image as string] : [])),
    ...runaiPods(scenario).flatMap((pod) => asArray(pod.containers).flatMap((container) => asString(asRecord(container).image) ?? [])),
    ...kubernetesPods(scenario).flatMap((pod) =>
      [...asArray(asRecord(pod.spec).containers), ...asArray(asRecord(pod.spec).initContainers)].flatMap(
        (container) => asString(asRecord(container).image) ?? [],
      ),
    ),
    ...storagesOf(scenario).flatMap((spec) => asString(spec.image) ?? []),
  ];
  switch (field) {
    case 'workload':
      return [asString(workload?.name), scenario.request.workloadName ?? null].filter((name): name is string => !!name);
    case 'project':
      return [asString(workload?.projectName), scenario.request.project ?? null].filter((name): name is string => !!name);
    case 'namespace':
      return [asString(workload?.namespace)].filter((name): name is string => !!name);
    case 'department':
      return [asString(workload?.departmentName)].filter((name): name is string => !!name);
    case 'pods':
      return [...runaiPods(scenario).map((pod) => asString(pod.name)), ...kubernetesPods(scenario).map((pod) => asString(asRecord(pod.metadata).name))].filter(
        (name): name is string => !!name,
      );
    case 'containers':
      return [
        ...runaiPods(scenario).flatMap((pod) => asArray(pod.containers).map((container) => asString(asRecord(container).name))),
        ...kubernetesPods(scenario).flatMap((pod) => asArray(asRecord(pod.spec).containers).map((container) => asString(asRecord(container).name))),
      ].filter((name): name is string => !!name && name !== asString(workload?.name));
    case 'initContainers':
      return [
        ...kubernetesPods(scenario).flatMap((pod) => asArray(asRecord(pod.spec).initContainers).map((container) => asString(asRecord(container).name))),
        ...citedNames(scenario, /\binit[- ]?containers? |\binitContainers\{/),
      ].filter((name): name is string => !!name);
    case 'nodes':
      return [
        ...runaiPods(scenario).map((pod) => asString(pod.nodeName)),
        ...kubernetesPods(scenario).map((pod) => asString(asRecord(pod.spec).nodeName)),
        ...asArray(scenario.kubernetes?.nodes).map((node) => asString(asRecord(asRecord(node).metadata).name)),
      ].filter((name): name is string => !!name);
    case 'nodePool':
      return [...asArray(workload?.requestedNodePools), ...asArray(workload?.currentNodePools)].filter((name): name is string => !!asString(name));
    case 'image':
      return images().map(imageRepository);
    case 'imageTag':
      return images().flatMap((image) => {
        const repository = imageRepository(image.split('@')[0] ?? image);
        return image.length > repository.length + 1 && image[repository.length] === ':' ? [image] : [];
      });
    case 'pvc':
      return [
        ...storagesOf(scenario).flatMap((spec) => asArray(asRecord(spec.storage).pvc).map((pvc) => asString(asRecord(pvc).claimName))),
        ...citedNames(scenario, /\bpersistentvolumeclaims? |\bclaim /),
      ].filter((name): name is string => !!name);
    case 'secret':
      return citedNames(scenario, /\bsecrets? /);
    case 'configMap':
      return citedNames(scenario, /\bconfigmaps? /);
    case 'modelUri':
      return [...new Set(strings(scenario.runai).flatMap((text) => text.match(/\b(?:s3|gs|hf|pvc|oci):\/\/[^\s"']+/g) ?? []))];
    case 'submittedBy':
      return [asString(workload?.submittedBy)].filter((name): name is string => !!name);
  }
}

/** The new name for the `index`-th old name of a field (several pods, nodes or containers stay distinct). */
function newName(field: NameField, hostile: HostileName, old: string, index: number): string {
  const base = CASED_FIELDS.has(field) ? hostile.cased : hostile.dns;
  const distinct = index === 0 ? base : `${base}-${index + 1}`;
  switch (field) {
    case 'namespace':
      return old.startsWith('runai-') ? `runai-${distinct}` : distinct;
    case 'image':
      return `${old.slice(0, old.lastIndexOf('/') + 1)}${distinct}`;
    case 'imageTag': {
      const repository = imageRepository(old);
      return `${repository}:${distinct.replace(/^[.-]+/, '')}`;
    }
    case 'modelUri': {
      const scheme = old.slice(0, old.indexOf('://') + 3);
      const rest = old.slice(scheme.length);
      return `${scheme}${rest.split('/')[0]}/${distinct}/${rest.split('/').slice(1).join('/')}`.replace(/\/$/, '');
    }
    case 'submittedBy':
      return old.includes('@') ? `${distinct}@${old.split('@')[1]}` : distinct;
    default:
      return distinct;
  }
}

function renameDeep(value: Json, rename: (text: string) => string): Json {
  if (typeof value === 'string') return rename(value);
  if (Array.isArray(value)) return value.map((item) => renameDeep(item, rename));
  // Keys are workload ids (never names): only values are renamed.
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, renameDeep(item, rename)]));
  return value;
}

/** A field the scenario does not hold, added where the API carries it; false when it has no meaningful place. */
function addField<T extends ScenarioParts>(scenario: T, field: NameField, name: string): boolean {
  const workload = requestedWorkload(scenario);
  const specs = Object.values(scenario.runai.specs ?? {}).map((spec) => asRecord(asRecord(spec).spec));
  const storage = (kind: string, entry: Record<string, unknown>) => {
    for (const spec of specs) {
      const holder = asRecord((spec.storage ??= {}));
      holder[kind] = [...asArray(holder[kind]), entry];
    }
    return specs.length > 0;
  };
  switch (field) {
    case 'department':
      if (!workload) return false;
      workload.departmentName = name;
      return true;
    case 'submittedBy':
      if (!workload) return false;
      workload.submittedBy = name;
      return true;
    case 'nodePool':
      if (!workload) return false;
      workload.requestedNodePools = [name];
      workload.currentNodePools = [name];
      return true;
    case 'initContainers': {
      const pods = kubernetesPods(scenario);
      for (const pod of pods) {
        const spec = asRecord((pod.spec ??= {}));
        spec.initContainers = [...asArray(spec.initContainers), { name, image: 'registry.example.com/platform/init:1.0' }];
      }
      return pods.length > 0;
    }
    case 'pvc':
      return storage('pvc', { name: 'data', claimName: name, path: '/data', existingPvc: true, readOnly: true });
    case 'secret':
      return storage('secretVolume', { secret: name, mountPath: '/etc/secret' });
    case 'configMap':
      return storage('configMapVolume', { configMap: name, mountPath: '/etc/config' });
    case 'modelUri':
      return storage('s3', { name: 'model', bucket: 'models', path: '/model', url: `s3://models/${name}/v1` });
    default:
      return false;
  }
}

export interface RenamedCopy<T> {
  scenario: T;
  /** Renames a string of the original as the copy's strings were renamed (to compare quoted lines). */
  renameText: (text: string) => string;
}

/** The scenario with one field renamed to a hostile name (added when absent); null when the field has no place in it. */
export function renameField<T extends ScenarioParts>(scenario: T, field: NameField, hostile: HostileName): RenamedCopy<T> | null {
  const olds = oldNamesOnce(scenario, field);
  if (olds.length === 0) {
    const copy = structuredClone(scenario);
    return addField(copy, field, CASED_FIELDS.has(field) ? hostile.cased : hostile.dns) ? { scenario: copy, renameText: (text) => text } : null;
  }
  const pairs = new Map<string, string>();
  olds.forEach((old, index) => {
    const renamed = newName(field, hostile, old, index);
    if (renamed !== old) pairs.set(old, renamed);
  });
  // Run:ai derives the namespace from the project: renaming one renames both.
  if (field === 'project') {
    for (const old of olds) {
      const renamed = pairs.get(old);
      if (renamed) pairs.set(`runai-${old}`, `runai-${renamed}`);
    }
  }
  if (pairs.size === 0) return { scenario, renameText: (text) => text };
  const keys = [...pairs.keys()].sort((a, b) => b.length - a.length).map(escape);
  const pattern = new RegExp(`${NAME_BEFORE}(?:${keys.join('|')})${NAME_AFTER}`, 'g');
  const renameText = (text: string) => text.replace(pattern, (old) => pairs.get(old) ?? old);
  const renamed = { ...scenario };
  renamed.request = renameDeep(scenario.request as Json, renameText) as T['request'];
  renamed.runai = renameDeep(scenario.runai as Json, renameText) as T['runai'];
  if (scenario.kubernetes) renamed.kubernetes = renameDeep(scenario.kubernetes as Json, renameText) as T['kubernetes'];
  return { scenario: renamed, renameText };
}
