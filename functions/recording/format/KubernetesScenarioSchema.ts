/**
 * The optional `kubernetes` block of a scenario (fixtures/README.md): what one cluster's
 * Kubernetes API serves to Tier 2. Objects are real core/v1 shapes (Pod, Event, Node) and
 * are kept loose: the simulator checks only what it needs to index them and hands
 * everything else through, so fixtures exercise the client's tolerant parsing.
 */
import * as z from 'zod';
import { RecordedExchangeSchema } from './RecordedExchangeSchema.js';

const Named = z.looseObject({ name: z.string().min(1) });

export const KubernetesFaultSchema = z
  .strictObject({
    /** The API resource the fault applies to (`pods`: the namespace's pod list). */
    resource: z.enum(['pod', 'pods', 'log', 'events', 'node']),
    /** Only requests for this pod (pod, log, events) or node name. */
    name: z.string().min(1).optional(),
    status: z.number().int().min(100).max(599).optional(),
    kind: z.enum(['reset', 'hang']).optional(),
    times: z.number().int().positive().optional(),
  })
  .refine((fault) => (fault.status === undefined) !== (fault.kind === undefined), { message: 'a fault has exactly one of `status` or `kind`' });
export type KubernetesFault = z.infer<typeof KubernetesFaultSchema>;

export const KubernetesLogSchema = z.strictObject({
  namespace: z.string().min(1),
  pod: z.string().min(1),
  container: z.string().min(1),
  /** The log of the previous (terminated) instance of a restarted container (`--previous`). */
  previous: z.boolean().default(false),
  /** The log, one entry per line (a final newline is added when served). */
  lines: z.array(z.string()),
});

export const KubernetesScenarioSchema = z.strictObject({
  /** The bearer token the simulated API server accepts (default `sim-k8s-token`). */
  token: z.string().min(1).optional(),
  /** core/v1 Pod objects; `metadata.namespace` and `metadata.name` index them. */
  pods: z.array(z.looseObject({ metadata: z.looseObject({ name: z.string().min(1), namespace: z.string().min(1) }) })).default([]),
  /** core/v1 Event objects, listed per namespace and filtered by `fieldSelector`. */
  events: z.array(z.looseObject({ metadata: z.looseObject({ namespace: z.string().min(1) }), involvedObject: z.looseObject({}).optional() })).default([]),
  /** core/v1 Node objects. */
  nodes: z.array(z.looseObject({ metadata: Named })).default([]),
  logs: z.array(KubernetesLogSchema).default([]),
  faults: z.array(KubernetesFaultSchema).default([]),
  /** A recording's exchanges (docs/recording.md), answered before the objects above. */
  recorded: z.array(RecordedExchangeSchema).default([]),
});
/** What scenarios write (every collection optional). */
export type KubernetesScenario = z.input<typeof KubernetesScenarioSchema>;
export type ParsedKubernetesScenario = z.output<typeof KubernetesScenarioSchema>;
