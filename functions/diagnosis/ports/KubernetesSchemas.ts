/**
 * zod schemas for the few fields Tier 2 reads from the Kubernetes core/v1 API: Pod
 * (`kubectl describe pod`: phase, reason, message, node, container and init-container
 * statuses), EventList (`kubectl get events`), Node (`kubectl describe node`: conditions)
 * and the `Status` body of an error. Third-party shapes: unknown fields are tolerated and
 * stripped, optional fields may be absent or null, so a newer API server cannot blind the
 * diagnosis. Timestamps stay strings (RFC 3339); they are parsed leniently where used.
 */
import * as z from 'zod';

const optionalString = z.string().nullish();
const optionalInt = z.number().int().nullish();

const ObjectMetaSchema = z.object({
  name: optionalString,
  namespace: optionalString,
  uid: optionalString,
  creationTimestamp: optionalString,
  deletionTimestamp: optionalString,
});

/** core/v1 ContainerStateTerminated: `exitCode` is the only required field. */
export const ContainerStateTerminatedSchema = z.object({
  exitCode: z.number().int(),
  signal: optionalInt,
  reason: optionalString,
  message: optionalString,
  startedAt: optionalString,
  finishedAt: optionalString,
  containerID: optionalString,
});
export type ContainerStateTerminated = z.infer<typeof ContainerStateTerminatedSchema>;

export const ContainerStateSchema = z
  .object({
    waiting: z.object({ reason: optionalString, message: optionalString }).nullish(),
    running: z.object({ startedAt: optionalString }).nullish(),
    terminated: ContainerStateTerminatedSchema.nullish(),
  })
  .nullish();

export const ContainerStatusSchema = z.object({
  name: z.string(),
  state: ContainerStateSchema,
  lastState: ContainerStateSchema,
  ready: z.boolean().nullish(),
  restartCount: optionalInt,
  image: optionalString,
  started: z.boolean().nullish(),
});
export type ContainerStatus = z.infer<typeof ContainerStatusSchema>;

const ContainerSpecSchema = z.object({ name: z.string() });

export const K8sPodSchema = z.object({
  metadata: ObjectMetaSchema.nullish(),
  spec: z
    .object({
      nodeName: optionalString,
      restartPolicy: optionalString,
      containers: z.array(ContainerSpecSchema).nullish(),
      initContainers: z.array(ContainerSpecSchema).nullish(),
    })
    .nullish(),
  status: z
    .object({
      phase: optionalString,
      reason: optionalString,
      message: optionalString,
      startTime: optionalString,
      containerStatuses: z.array(ContainerStatusSchema).nullish(),
      initContainerStatuses: z.array(ContainerStatusSchema).nullish(),
    })
    .nullish(),
});
export type K8sPod = z.infer<typeof K8sPodSchema>;

/**
 * core/v1 PodList (`kubectl get pods -l …`): the items, and the `continue` token of a chunked list
 * (apimachinery ListMeta: present while more items remain; the next request passes it back).
 */
export const K8sPodListSchema = z.object({
  metadata: z.object({ continue: optionalString }).nullish(),
  items: z
    .array(K8sPodSchema.nullable())
    .nullish()
    .transform((items) => (items ?? []).filter((item): item is K8sPod => item !== null)),
});

/**
 * core/v1 Event. Events written through events.k8s.io/v1 show up here with `eventTime`,
 * `reportingComponent` and `series` instead of `firstTimestamp`/`source`/`count`.
 */
export const K8sEventSchema = z.object({
  metadata: ObjectMetaSchema.nullish(),
  involvedObject: z.object({ kind: optionalString, name: optionalString, namespace: optionalString, fieldPath: optionalString }).nullish(),
  reason: optionalString,
  message: optionalString,
  type: optionalString,
  count: optionalInt,
  firstTimestamp: optionalString,
  lastTimestamp: optionalString,
  eventTime: optionalString,
  source: z.object({ component: optionalString, host: optionalString }).nullish(),
  reportingComponent: optionalString,
  series: z.object({ count: optionalInt, lastObservedTime: optionalString }).nullish(),
});
export type K8sEvent = z.infer<typeof K8sEventSchema>;

export const K8sEventListSchema = z.object({
  items: z
    .array(K8sEventSchema.nullable())
    .nullish()
    .transform((items) => (items ?? []).filter((item): item is K8sEvent => item !== null)),
});

export const NodeConditionSchema = z.object({
  type: z.string(),
  status: z.string(),
  reason: optionalString,
  message: optionalString,
  lastHeartbeatTime: optionalString,
  lastTransitionTime: optionalString,
});

export const K8sNodeSchema = z.object({
  metadata: ObjectMetaSchema.nullish(),
  spec: z.object({ unschedulable: z.boolean().nullish() }).nullish(),
  status: z.object({ conditions: z.array(NodeConditionSchema).nullish() }).nullish(),
});
export type K8sNode = z.infer<typeof K8sNodeSchema>;

/** meta/v1 Status, the body of every API error (`{kind:"Status", status:"Failure", reason, message, code}`). */
export const K8sStatusSchema = z.object({
  kind: optionalString,
  status: optionalString,
  reason: optionalString,
  message: optionalString,
  code: optionalInt,
});
