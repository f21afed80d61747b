/**
 * zod schemas for the Run:ai control-plane responses the diagnosis reads (the port's data; the
 * token and error-body shapes only the client reads live in `runai/`), written from the official
 * OpenAPI document (API "latest", Dec 2025). Third-party shapes: unknown fields are
 * tolerated (stripped), and only the fields the diagnosis needs are required, because a
 * server that omits an unrelated "required" field must not blind the diagnosis.
 * Timestamps stay strings here; they are parsed leniently where they are used.
 */
import * as z from 'zod'; // not `{ z }`, which makes esbuild bundle all of zod (npm run bench, bundles)

const optionalString = z.string().nullish();
const quantity = z.union([z.string(), z.number()]).nullish();
const namesList = z.array(z.string()).nullish().catch(undefined);

export const ConditionSchema = z.object({
  type: z.string(),
  status: z.string().nullish(),
  message: optionalString,
  reason: optionalString,
  lastTransitionTime: optionalString,
});
export type Condition = z.infer<typeof ConditionSchema>;

export const RequestResourceQuantitySchema = z.object({ limit: quantity, request: quantity }).nullish();

/** RequestResourceCores: a GPU count or fraction (Run:ai workloads API). */
const RequestResourceCoresSchema = z.object({ limit: z.number().nullish(), request: z.number().nullish() }).nullish();

export const WorkloadRequestResourcesSchema = z
  .object({
    gpuRequestType: optionalString,
    gpu: RequestResourceCoresSchema,
    cpuMemory: RequestResourceQuantitySchema,
    gpuMemory: RequestResourceQuantitySchema,
  })
  .nullish();

export const PendingSchedulingMessageSchema = z.object({
  nodePool: optionalString,
  phaseReason: optionalString,
  reason: optionalString,
  userMessage: optionalString,
});

export const WorkloadSchema = z.object({
  id: z.string().min(1),
  name: z.string(),
  type: z.string().nullish(),
  clusterId: z.string(),
  projectName: optionalString,
  projectId: optionalString,
  namespace: optionalString,
  // Names only masked before patterns read messages (maskIdentifiers): a bad shape is dropped, never fatal.
  departmentName: optionalString.catch(undefined),
  images: namesList,
  requestedNodePools: namesList,
  currentNodePools: namesList,
  phase: z.string(),
  phaseMessage: optionalString,
  phaseReason: optionalString,
  k8sPhase: optionalString,
  conditions: z.array(ConditionSchema).nullish(),
  createdAt: optionalString,
  phaseUpdatedAt: optionalString,
  updatedAt: optionalString,
  deletedAt: optionalString,
  completedAt: optionalString,
  submittedBy: optionalString,
  runningPods: z.number().nullish(),
  workloadRequestedResources: WorkloadRequestResourcesSchema,
  podsRequestedResources: WorkloadRequestResourcesSchema,
  /** `WorkloadsV2` when the workload was submitted through the Workloads V2 API (a registered third-party type). */
  sourceApi: optionalString,
});
export type Workload = z.infer<typeof WorkloadSchema>;

export const WorkloadDetailedSchema = WorkloadSchema.extend({
  pendingSchedulingMessages: z.array(PendingSchedulingMessageSchema).nullish(),
});
export type WorkloadDetailed = z.infer<typeof WorkloadDetailedSchema>;

export const WorkloadListSchema = z.object({
  next: z.number().int().nullish(),
  workloads: z.array(WorkloadSchema),
});

export const InvolvedObjectSchema = z
  .object({
    uid: optionalString,
    kind: optionalString,
    name: optionalString,
    namespace: optionalString,
  })
  .nullish();

export const RunaiEventSchema = z.object({
  createdAt: z.string(),
  id: optionalString,
  type: optionalString,
  clusterId: optionalString,
  message: z.string().nullish(),
  reason: optionalString,
  source: optionalString,
  involvedObject: InvolvedObjectSchema,
});
export type RunaiEvent = z.infer<typeof RunaiEventSchema>;

export const EventListSchema = z.object({
  next: z.number().int().nullish(),
  // The schema marks Event as nullable: a null entry is tolerated and dropped.
  events: z.array(RunaiEventSchema.nullable()).transform((events) => events.filter((e) => e !== null)),
});

export const ContainerSchema = z.object({
  name: z.string(),
  image: optionalString,
  startedAt: optionalString,
});

export const PodSchema = z.object({
  id: optionalString,
  name: z.string(),
  workloadId: optionalString,
  clusterId: optionalString,
  nodeName: optionalString,
  k8sPhase: optionalString,
  createdAt: optionalString,
  completedAt: optionalString,
  k8sPhaseUpdatedAt: optionalString,
  deletedAt: optionalString,
  containers: z.array(ContainerSchema).nullish(),
  requestedResources: WorkloadRequestResourcesSchema,
  allocatedResources: z.object({ cpuMemory: quantity, gpuMemory: quantity, gpu: z.number().nullish(), cpu: z.number().nullish() }).nullish(),
});
export type Pod = z.infer<typeof PodSchema>;

export const PodListSchema = z.object({
  next: z.number().int().nullish(),
  pods: z.array(PodSchema),
});

export const PhaseUpdateSchema = z.object({
  phase: z.string(),
  phaseMessage: optionalString,
});

export const HistoryRecordSchema = z.object({
  meta: z.object({ creationTimestamp: z.string(), type: z.string() }),
  spec: z
    .object({
      event: RunaiEventSchema.nullish(),
      phaseUpdate: PhaseUpdateSchema.nullish(),
    })
    .nullish(),
});
export type HistoryRecord = z.infer<typeof HistoryRecordSchema>;

export const HistoryPageSchema = z.object({
  next: z.number().int().nullish(),
  records: z.array(HistoryRecordSchema),
});
export type HistoryPage = z.infer<typeof HistoryPageSchema>;

export const MeasurementSchema = z.object({
  type: z.string(),
  labels: z.record(z.string(), z.string()).nullish(),
  values: z.array(z.object({ value: z.union([z.string(), z.number()]), timestamp: optionalString })).nullish(),
});

export const MetricsResponseSchema = z.object({
  measurements: z.array(MeasurementSchema),
});
export type MetricsResponse = z.infer<typeof MetricsResponseSchema>;

const NameValueSchema = z.object({ name: optionalString, value: optionalString, exclude: z.boolean().nullish() }).passthrough().nullable();

/**
 * The fields of one pod spec that corroborate evidence: a type-specific `spec`, a distributed
 * training's `masterSpec`, a distributed inference's `spec.leader` / `spec.worker`
 * (functions/diagnosis/gather/readSubmittedSpec.ts says which kind keeps them where).
 */
const SubmittedPodSpecObject = z.object({
  image: optionalString,
  command: optionalString,
  args: optionalString,
  restartPolicy: optionalString,
  backoffLimit: z.number().nullish(),
  annotations: z.array(NameValueSchema).nullish(),
  environmentVariables: z.array(NameValueSchema).nullish(),
  compute: z
    .object({
      cpuMemoryRequest: quantity,
      cpuMemoryLimit: quantity,
      gpuDevicesRequest: z.number().nullish(),
      gpuPortionRequest: z.number().nullish(),
    })
    .nullish(),
  storage: z.record(z.string(), z.unknown()).nullish(),
});
export type SubmittedPodSpec = z.infer<typeof SubmittedPodSpecObject>;

export const SubmittedSpecSchema = SubmittedPodSpecObject.extend({
  // DistributedInferenceSpecSpec: the pod fields live in these two parts, not in `spec`.
  leader: SubmittedPodSpecObject.nullish(),
  worker: SubmittedPodSpecObject.nullish(),
}).nullish();

export const WorkloadSpecResponseSchema = z.object({
  name: optionalString,
  workloadId: optionalString,
  clusterId: optionalString,
  projectId: optionalString,
  /** WorkloadMeta1 (v1 specs) and NimServiceResponse: what the submitter asked for (`Running`, `Stopped`, `Deleted`). */
  desiredPhase: optionalString,
  spec: SubmittedSpecSchema,
  masterSpec: SubmittedPodSpecObject.nullish(),
});
export type WorkloadSpecResponse = z.infer<typeof WorkloadSpecResponseSchema>;

/**
 * `GET /api/v2/workloads/{id}` (Workloads V2, [Experimental]): `WorkloadV2GetResponse`, whose
 * `workload` carries the submitted Kubernetes manifest of a registered third-party type
 * (PyTorchJob, RayJob, LeaderWorkerSet, …). The manifest is the type's own CRD: kept as data.
 */
export const WorkloadV2ResponseSchema = z.object({
  workload: z.object({
    metadata: z.object({ gvk: z.unknown().optional() }).nullish(),
    desiredPhase: optionalString,
    workloadManifest: z.record(z.string(), z.unknown()).nullish(),
    rawManifest: z.record(z.string(), z.unknown()).nullish(),
  }),
});
export type WorkloadV2Response = z.infer<typeof WorkloadV2ResponseSchema>;

/** `Revision` (`GET /api/v1/workloads/inferences/{id}/revisions`, clusters v2.21+): one configuration of an inference. */
export const RevisionSchema = z.object({
  id: z.string().min(1),
  name: optionalString,
  workloadId: optionalString,
  clusterId: optionalString,
  createdAt: optionalString,
  phase: z.string(),
  phaseMessage: optionalString,
  phaseUpdatedAt: optionalString,
  conditions: z.array(ConditionSchema).nullish(),
  images: z.array(z.string()).nullish(),
});
export type Revision = z.infer<typeof RevisionSchema>;

export const RevisionListSchema = z.object({ revisions: z.array(RevisionSchema) });

/** `GET /api/v1/workloads/inferences/revisions/{revisionId}/pods`: pods, not paged. */
export const RevisionPodListSchema = z.object({ pods: z.array(PodSchema) });
