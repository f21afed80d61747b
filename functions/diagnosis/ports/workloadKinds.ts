/**
 * The workload kinds with a type-specific spec endpoint: one row per kind, read by the
 * Run:ai client (the path it GETs), the simulator (the paths it serves and which workload
 * `type` each serves) and the diagnosis (which endpoint a workload's `type` names, and
 * where the kind keeps image, command, memory and restart policy). Adding a workload type
 * is adding a row here (docs/extending.md, "Add a workload type").
 *
 * Paths: the official OpenAPI (fixtures/openapi/), `GET /api/v1/workloads/{kind}/{workloadId}`
 * per kind, and `GET /api/v2/workloads/nim-services/{id}` for NIM services. The type
 * aliases are the `type` values the Workloads list answers (`Training`, `Workspace`,
 * `Interactive`, `Inference`, `Distributed`, `DistributedInference`, `NIMService`),
 * compared case-insensitively and ignoring separators (normaliseWorkloadType).
 */
import type { SubmittedPodSpec, WorkloadSpecResponse } from './RunaiSchemas.js';

/** Which pod spec of a multi-part workload a field came from. */
export type SpecPartName = 'leader' | 'worker' | 'master';

export interface SpecPart {
  name: SpecPartName | null;
  path: string;
  body: SubmittedPodSpec | null | undefined;
}

/** Where a kind's spec response keeps the fields a verdict corroborates with. */
export interface SpecLayout {
  /** The parts holding image, command, args and compute, in the order they are preferred. */
  podParts(response: WorkloadSpecResponse): SpecPart[];
  /** Where the restart policy lives; null when the kind's schema has none. */
  restartPart: ((response: WorkloadSpecResponse) => SpecPart) | null;
  /** Whether the kind's schema has a command (a NIM service's image decides its entry point). */
  hasCommand: boolean;
}

export interface WorkloadKind {
  /** The spec collection, in the API's path spelling; also the kind's name in verdict limitations and recordings. */
  kind: string;
  /** The workload `type` values that name this kind, normalised (normaliseWorkloadType). */
  typeAliases: readonly string[];
  /** The spec endpoint; `{id}` is the workload id. */
  specPath: `/api/${'v1' | 'v2'}/workloads/${string}/{id}`;
  layout: SpecLayout;
  /**
   * How its pods relate: `peers` run together as one job (a distributed training's ranks, a
   * distributed inference's leader and workers), so the replica that failed first is the origin
   * of the others' failures (DESIGN §4.8); `one` runs one pod at a time, so its other pods are
   * earlier attempts (a Job's `-0-1` after `-0-0`) or independent serving replicas.
   */
  replicas: 'one' | 'peers';
}

const spec = (response: WorkloadSpecResponse): SpecPart => ({ name: null, path: 'spec', body: response.spec });

export const WORKLOAD_KINDS = [
  {
    kind: 'trainings',
    typeAliases: ['training', 'trainings'],
    specPath: '/api/v1/workloads/trainings/{id}',
    layout: { podParts: (r) => [spec(r)], restartPart: spec, hasCommand: true },
    replicas: 'one',
  },
  {
    kind: 'workspaces',
    typeAliases: ['workspace', 'workspaces', 'interactive'],
    specPath: '/api/v1/workloads/workspaces/{id}',
    layout: { podParts: (r) => [spec(r)], restartPart: spec, hasCommand: true },
    replicas: 'one',
  },
  {
    kind: 'inferences',
    typeAliases: ['inference', 'inferences'],
    specPath: '/api/v1/workloads/inferences/{id}',
    // InferenceSpecSpec has no restartPolicy (Knative serves it).
    layout: { podParts: (r) => [spec(r)], restartPart: null, hasCommand: true },
    replicas: 'one',
  },
  {
    kind: 'distributed',
    typeAliases: ['distributed', 'distributedtraining'],
    specPath: '/api/v1/workloads/distributed/{id}',
    // `spec` describes the workers; `masterSpec` the master (absent when `masterSpecSameAsWorker`).
    layout: {
      podParts: (r) => [spec(r), { name: 'master', path: 'masterSpec', body: r.masterSpec }],
      restartPart: spec,
      hasCommand: true,
    },
    replicas: 'peers',
  },
  {
    kind: 'distributed-inferences',
    typeAliases: ['distributedinference', 'distributedinferences'],
    specPath: '/api/v1/workloads/distributed-inferences/{id}',
    layout: {
      podParts: (r) => [
        { name: 'leader', path: 'spec.leader', body: r.spec?.leader },
        { name: 'worker', path: 'spec.worker', body: r.spec?.worker },
      ],
      restartPart: spec,
      hasCommand: true,
    },
    replicas: 'peers',
  },
  {
    kind: 'nim-services',
    typeAliases: ['nimservice', 'nimservices'],
    specPath: '/api/v2/workloads/nim-services/{id}',
    // NimServiceSpec: image and compute in `spec`; no command, args or restart policy.
    layout: { podParts: (r) => [spec(r)], restartPart: null, hasCommand: false },
    replicas: 'one',
  },
] as const satisfies readonly WorkloadKind[];

/**
 * Whether a workload's pods are peers of one job (its kind's `replicas`); a type no row names
 * (a Ray cluster, an operator's own kind) is taken as peers when it has several pods, so its
 * first failure is looked for rather than assumed away.
 */
export function runsPeerReplicas(type: string | null | undefined): boolean {
  const kind = workloadKindForType(type);
  return kind === null || WORKLOAD_KINDS.find((row) => row.kind === kind)?.replicas === 'peers';
}

/** The type-specific spec endpoints (`trainings`, …, `nim-services`). */
export type SpecKind = (typeof WORKLOAD_KINDS)[number]['kind'];

/** `DistributedInference`, `distributed-inference` and `distributed_inference` all read `distributedinference`. */
function normaliseWorkloadType(type: string): string {
  return type.toLowerCase().replace(/[^a-z]/g, '');
}

const KIND_BY_ALIAS: ReadonlyMap<string, SpecKind> = new Map(WORKLOAD_KINDS.flatMap((row) => row.typeAliases.map((alias) => [alias, row.kind] as const)));

/** The kind a workload `type` names, or null for a type with no type-specific endpoint. */
export function workloadKindForType(type: string | null | undefined): SpecKind | null {
  return type ? (KIND_BY_ALIAS.get(normaliseWorkloadType(type)) ?? null) : null;
}

/** The kind whose spec endpoint is `/api/{version}/workloads/{collection}/{id}`, or null. */
export function workloadKindForPath(version: string, collection: string): SpecKind | null {
  const path = `/api/${version}/workloads/${collection}/{id}`;
  return WORKLOAD_KINDS.find((row) => row.specPath === path)?.kind ?? null;
}
