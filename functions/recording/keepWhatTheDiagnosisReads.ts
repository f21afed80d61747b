/**
 * The drop step of `--anonymize`: each recorded answer keeps only the fields the diagnosis
 * reads. The answer is parsed with the very zod schema the client parses it with (the
 * endpoint's row below; functions/runai/createRunaiClient.ts and
 * functions/kubernetes/createKubernetesClient.ts name the same templates), and those schemas
 * strip every field they do not declare — so what the replay's client sees is what the live
 * client saw, and a pod IP, a label, an annotation, a node address or a tenant URL the schema
 * never declared is not written at all. Inside the few open shapes the schemas keep (a Workloads
 * V2 manifest, a spec's `storage`, environment entries) the same principle is applied by hand:
 * only what functions/diagnosis reads of them stays (the manifest's pod templates and, of their
 * containers, image, command, args and memory; the secret or config map an environment entry
 * reads; the storage tree, whose names are pseudonymised).
 *
 * Two fields no schema declares are kept too, because Kubernetes sets them from its own closed
 * enumerations and they are what a reader checks a node-pressure verdict against: the pod's
 * `status.qosClass` (k8s.io/api core/v1 types.go PodQOSClass: Guaranteed, Burstable, BestEffort —
 * computed by the API server from requests and limits, never written by a user) and, of the node's
 * `spec.taints`, each taint's `key`, `effect` (TaintEffect: NoSchedule, PreferNoSchedule,
 * NoExecute) and `timeAdded` — the well-known keys (well_known_taints.go:
 * `node.kubernetes.io/memory-pressure`, `…/not-ready`, `…/unreachable`) are the node lifecycle
 * controller's and the kubelet's. A taint's `value` is free text a user chose: not kept. A
 * user's own taint key goes through the label-key rule (anonymizeRecording.ts): an upstream
 * domain stays, any other key is pseudonymised.
 *
 * An answer its schema refuses is left whole (the pseudonymisation still rewrites every
 * string of it): the replay must fail to parse it the way the live run did.
 */
import type * as z from 'zod';
import { K8sEventListSchema, K8sNodeSchema, K8sPodListSchema, K8sPodSchema, K8sStatusSchema } from '../diagnosis/ports/KubernetesSchemas.js';
import {
  EventListSchema,
  HistoryPageSchema,
  MetricsResponseSchema,
  PodListSchema,
  RevisionListSchema,
  RevisionPodListSchema,
  WorkloadDetailedSchema,
  WorkloadListSchema,
  WorkloadSpecResponseSchema,
  WorkloadV2ResponseSchema,
} from '../diagnosis/ports/RunaiSchemas.js';
import { RunaiErrorBodySchema } from '../runai/RunaiErrorBodySchema.js';
import type { RecordedExchange } from './format/RecordedExchangeSchema.js';

type Json = Record<string, unknown>;

/** Path (below the base URL) → the schema the client parses a 2xx answer with. First match wins: specific before generic. */
const RUNAI_ENDPOINTS: readonly [RegExp, z.ZodType][] = [
  [/^\/api\/v1\/workloads\/?$/, WorkloadListSchema],
  [/^\/api\/v1\/workloads\/inferences\/revisions\/[^/]+\/pods$/, RevisionPodListSchema],
  [/^\/api\/v1\/workloads\/inferences\/revisions\/[^/]+\/events$/, EventListSchema],
  [/^\/api\/v1\/workloads\/inferences\/revisions\/[^/]+\/history$/, HistoryPageSchema],
  [/^\/api\/v1\/workloads\/inferences\/[^/]+\/revisions$/, RevisionListSchema],
  [/^\/api\/v1\/workloads\/[^/]+\/events$/, EventListSchema],
  [/^\/api\/v1\/workloads\/[^/]+\/pods$/, PodListSchema],
  [/^\/api\/v1\/workloads\/[^/]+\/history$/, HistoryPageSchema],
  [/^\/api\/v1\/workloads\/[^/]+\/metrics$/, MetricsResponseSchema],
  [/^\/api\/v1\/workloads\/[^/]+$/, WorkloadDetailedSchema],
  // `GET /api/v1/workloads/{kind}/{id}` (functions/diagnosis/ports/workloadKinds.ts) and NIM services' v2 spec.
  [/^\/api\/v1\/workloads\/[^/]+\/[^/]+$/, WorkloadSpecResponseSchema],
  [/^\/api\/v2\/workloads\/nim-services\/[^/]+$/, WorkloadSpecResponseSchema],
  [/^\/api\/v2\/workloads\/[^/]+$/, WorkloadV2ResponseSchema],
];

const KUBERNETES_ENDPOINTS: readonly [RegExp, z.ZodType][] = [
  [/^\/api\/v1\/namespaces\/[^/]+\/pods\/[^/]+$/, K8sPodSchema],
  // The workload's pod list (listReplicaPods.ts): each item kept as K8sPodSchema keeps a pod, labels dropped.
  [/^\/api\/v1\/namespaces\/[^/]+\/pods$/, K8sPodListSchema],
  [/^\/api\/v1\/namespaces\/[^/]+\/events$/, K8sEventListSchema],
  [/^\/api\/v1\/nodes\/[^/]+$/, K8sNodeSchema],
];

export function keepWhatTheDiagnosisReads(service: 'runai' | 'kubernetes', exchange: RecordedExchange): RecordedExchange {
  if (exchange.body === undefined || exchange.status === undefined) return exchange;
  const schema = schemaFor(service, exchange.path, exchange.status);
  if (!schema) return exchange;
  const parsed = schema.safeParse(exchange.body);
  if (!parsed.success) return exchange;
  return { ...exchange, body: withKubernetesEnums(pruneOpenShapes(parsed.data), exchange.body, schema) };
}

const QOS_CLASSES = new Set(['Guaranteed', 'Burstable', 'BestEffort']);
const TAINT_EFFECTS = new Set(['NoSchedule', 'PreferNoSchedule', 'NoExecute']);

/** The pod's QoS class and the node's taints (key, effect, time), put back beside what the schema kept. */
function withKubernetesEnums(kept: unknown, raw: unknown, schema: z.ZodType): unknown {
  if (!isObject(kept) || !isObject(raw)) return kept;
  if (schema === K8sPodSchema && isObject(raw.status) && typeof raw.status.qosClass === 'string' && QOS_CLASSES.has(raw.status.qosClass))
    return { ...kept, status: { ...(isObject(kept.status) ? kept.status : {}), qosClass: raw.status.qosClass } };
  if (schema === K8sNodeSchema && isObject(raw.spec) && Array.isArray(raw.spec.taints)) {
    const taints = raw.spec.taints.filter(isObject).map((taint) => {
      const out: Json = {};
      if (typeof taint.key === 'string') out.key = taint.key;
      if (typeof taint.effect === 'string' && TAINT_EFFECTS.has(taint.effect)) out.effect = taint.effect;
      if (typeof taint.timeAdded === 'string') out.timeAdded = taint.timeAdded;
      return out;
    });
    return { ...kept, spec: { ...(isObject(kept.spec) ? kept.spec : {}), taints } };
  }
  return kept;
}

function schemaFor(service: 'runai' | 'kubernetes', path: string, status: number): z.ZodType | null {
  if (status < 200 || status > 299) return service === 'runai' ? RunaiErrorBodySchema : K8sStatusSchema;
  const table = service === 'runai' ? RUNAI_ENDPOINTS : KUBERNETES_ENDPOINTS;
  return table.find(([pattern]) => pattern.test(path))?.[1] ?? null;
}

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The open shapes the schemas keep whole (`z.record`, `passthrough`), cut to what the diagnosis reads of them. */
function pruneOpenShapes(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(pruneOpenShapes);
  if (!isObject(value)) return value;
  const out: Json = {};
  for (const [field, item] of Object.entries(value)) {
    // Never read: the spec's annotations (functions/diagnosis reads none) and metric labels.
    if (field === 'annotations' || field === 'labels') continue;
    if (field === 'environmentVariables' && Array.isArray(item)) out[field] = item.map(keepEnvironmentReference);
    else if ((field === 'workloadManifest' || field === 'rawManifest') && isObject(item)) out[field] = keepManifest(item);
    else out[field] = pruneOpenShapes(item);
  }
  return out;
}

/**
 * An environment entry keeps its name and the secret or config map it reads
 * (functions/diagnosis/workloadNames.ts masks those names); its value is never read.
 */
function keepEnvironmentReference(entry: unknown): unknown {
  if (!isObject(entry)) return entry;
  const out: Json = {};
  for (const field of ['name', 'secret', 'configMap'] as const) if (entry[field] !== undefined) out[field] = entry[field];
  return out;
}

/** specFromManifest looks under `spec` when there is one, else the whole manifest: a `spec` stays, even emptied. */
function keepManifest(manifest: Json): Json {
  const kept = (keepPodTemplates(manifest) ?? {}) as Json;
  if (manifest.spec !== null && manifest.spec !== undefined && kept.spec === undefined) kept.spec = {};
  return kept;
}

/**
 * The parts of a Workloads V2 manifest on the way to a pod template (an object with
 * `containers`), in document order (functions/diagnosis/specFromManifest.ts finds templates
 * by that shape); of each container, what specFromManifest reads. Null: no template below.
 */
function keepPodTemplates(node: unknown, depth = 0): unknown {
  if (depth > 16) return null;
  if (Array.isArray(node)) {
    const kept = node.map((item) => keepPodTemplates(item, depth + 1));
    return kept.some((item) => item !== null) ? kept.map((item) => item ?? {}) : null;
  }
  if (!isObject(node)) return null;
  const out: Json = {};
  if (Array.isArray(node.containers)) {
    out.containers = node.containers.map(keepContainer);
    if (typeof node.restartPolicy === 'string') out.restartPolicy = node.restartPolicy;
  }
  for (const [field, item] of Object.entries(node)) {
    if (field === 'containers' || field === 'status' || field === 'metadata') continue;
    const kept = keepPodTemplates(item, depth + 1);
    if (kept !== null) out[field] = kept;
  }
  return Object.keys(out).length > 0 ? out : null;
}

function keepContainer(container: unknown): unknown {
  if (!isObject(container)) return container;
  const out: Json = {};
  for (const field of ['name', 'image', 'command', 'args'] as const) if (container[field] !== undefined) out[field] = container[field];
  const resources = isObject(container.resources) ? container.resources : null;
  if (resources) {
    const memoryOf = (part: unknown) => (isObject(part) && part.memory !== undefined ? { memory: part.memory } : {});
    out.resources = { limits: memoryOf(resources.limits), requests: memoryOf(resources.requests) };
  }
  return out;
}
