/**
 * Renames a fixture scenario's identifiers the way a user (or a controller deriving names
 * from the user's) would have chosen them: the workload and everything named after it (pods
 * `<workload>-0-0`, replicas, services), its project, namespace and department, its containers,
 * nodes and image repositories. Every string of the scenario — name fields and the messages
 * controllers wrote with those names in them — gets the same replacement, so the renamed
 * scenario is what the cluster would have reported had the user picked the new name.
 *
 * Replacement is token-bounded: an old name matches only where it is not the tail of a longer
 * name (`runai-<project>` is not touched by the project rule, it has its own), and a name
 * followed by `-…` or `.…` is a derived name whose prefix is replaced (`<workload>-0-0`).
 */
import type { Scenario } from '../../functions/simulator/startRunaiSimulator.js';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

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

/** The old → new name pairs for a scenario renamed to `name`. */
export function renamePairs(scenario: Pick<Scenario, 'request' | 'runai' | 'kubernetes'>, name: string): Map<string, string> {
  const workloads = asArray(scenario.runai.workloads).map(asRecord);
  const requested =
    workloads.find((workload) => workload.id === scenario.request.workloadId) ??
    workloads.find((workload) => workload.name === scenario.request.workloadName && workload.projectName === scenario.request.project) ??
    workloads.find((workload) => workload.name === scenario.request.workloadName) ??
    workloads[0];
  const pairs = new Map<string, string>();
  const add = (from: string | null, to: string) => {
    if (from && !pairs.has(from) && from !== to) pairs.set(from, to);
  };
  const workloadName = asString(requested?.name) ?? scenario.request.workloadName ?? null;
  add(workloadName, name);
  add(scenario.request.workloadName ?? null, name);
  // Option B names the project: that one is renamed (another project of the same name prefix becomes `<name>-…`).
  add(scenario.request.project ?? null, name);
  add(asString(requested?.projectName), name);
  const namespace = asString(requested?.namespace);
  if (namespace) add(namespace, namespace.startsWith('runai-') ? `runai-${name}` : name);
  add(asString(requested?.departmentName), name);

  const pods = Object.values(scenario.runai.pods ?? {})
    .flatMap(asArray)
    .map(asRecord);
  const k8sPods = asArray(scenario.kubernetes?.pods).map(asRecord);
  const containers = new Set<string>();
  const nodes = new Set<string>();
  const images = new Set<string>();
  for (const workload of workloads) for (const image of asArray(workload.images)) if (asString(image)) images.add(image as string);
  for (const pod of pods) {
    if (asString(pod.nodeName)) nodes.add(pod.nodeName as string);
    for (const container of asArray(pod.containers).map(asRecord)) {
      if (asString(container.name)) containers.add(container.name as string);
      if (asString(container.image)) images.add(container.image as string);
    }
  }
  for (const pod of k8sPods) {
    const spec = asRecord(pod.spec);
    if (asString(spec.nodeName)) nodes.add(spec.nodeName as string);
    for (const container of [...asArray(spec.containers), ...asArray(spec.initContainers)].map(asRecord)) {
      if (asString(container.name)) containers.add(container.name as string);
      if (asString(container.image)) images.add(container.image as string);
    }
  }
  for (const node of asArray(scenario.kubernetes?.nodes).map(asRecord)) {
    const nodeName = asString(asRecord(node.metadata).name);
    if (nodeName) nodes.add(nodeName);
  }

  // Images first (their repository is one name; the tag stays), then containers and nodes.
  for (const image of images) {
    const repository = imageRepository(image);
    const renamed = `${repository.slice(0, repository.lastIndexOf('/') + 1)}${name}`;
    add(image, `${renamed}${image.slice(repository.length)}`);
    add(repository, renamed);
  }
  let containerIndex = 0;
  for (const container of containers) if (!pairs.has(container) && container !== workloadName) add(container, `${name}-c${(containerIndex += 1)}`);
  let nodeIndex = 0;
  for (const node of nodes) add(node, nodeIndex++ === 0 ? name : `${name}-n${nodeIndex}`);
  return pairs;
}

function renameText(text: string, pattern: RegExp, pairs: Map<string, string>): string {
  return text.replace(pattern, (old) => pairs.get(old) ?? old);
}

function renameDeep(value: Json, pattern: RegExp, pairs: Map<string, string>): Json {
  if (typeof value === 'string') return renameText(value, pattern, pairs);
  if (Array.isArray(value)) return value.map((item) => renameDeep(item, pattern, pairs));
  if (value && typeof value === 'object') {
    // Keys are workload ids (never names): only values are renamed.
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, renameDeep(item, pattern, pairs)]));
  }
  return value;
}

/** The scenario as it would read had the user named the workload (and the rest) `name`. */
export function renameScenario<T extends Pick<Scenario, 'request' | 'runai' | 'kubernetes'>>(scenario: T, name: string): T {
  const pairs = renamePairs(scenario, name);
  if (pairs.size === 0) return scenario;
  const olds = [...pairs.keys()].sort((a, b) => b.length - a.length).map(escape);
  const pattern = new RegExp(`${NAME_BEFORE}(?:${olds.join('|')})${NAME_AFTER}`, 'g');
  const renamed = { ...scenario };
  renamed.request = renameDeep(scenario.request as Json, pattern, pairs) as T['request'];
  renamed.runai = renameDeep(scenario.runai as Json, pattern, pairs) as T['runai'];
  if (scenario.kubernetes) renamed.kubernetes = renameDeep(scenario.kubernetes as Json, pattern, pairs) as T['kubernetes'];
  return renamed;
}
