/**
 * The shape of `fixtures/scenarios/<name>/scenario.json` (see fixtures/README.md) and of
 * the Run:ai state the simulator serves. A recording is a scenario, so the format lives here
 * in recording/format/: the simulators read it, and the worker's recorder writes it without
 * importing any simulator code. Run:ai objects are kept loose on purpose:
 * fixtures exercise the client's lenient parsing (odd timestamps, quantities, null
 * entries), so the simulator checks only what it needs to index and serve them and hands
 * everything else through untouched.
 */
import * as z from 'zod';
import { DiagnosisRequestSchema } from '../../core/diagnosisRequest.js';
import { KubernetesScenarioSchema } from './KubernetesScenarioSchema.js';
import { RecordedExchangeSchema } from './RecordedExchangeSchema.js';
import { RecordingInfoSchema } from './RecordingInfoSchema.js';

export const FAULT_ENDPOINTS = [
  'token',
  'list',
  'status',
  'events',
  'pods',
  'history',
  'metrics',
  'spec',
  // Newer surfaces: Workloads V2, inference revisions and a revision's pods, events and history.
  'spec-v2',
  'revisions',
  'revision-pods',
  'revision-events',
  'revision-history',
] as const;
export const FaultEndpointSchema = z.enum(FAULT_ENDPOINTS);
export type FaultEndpoint = z.infer<typeof FaultEndpointSchema>;

export const FaultKindSchema = z.enum(['reset', 'hang', 'truncated-json', 'partial']);
export type FaultKind = z.infer<typeof FaultKindSchema>;

// Strict: a misspelt `workloadId` would otherwise silently turn a targeted fault into one
// that breaks every workload of the merged control plane.
export const FaultSchema = z
  .strictObject({
    endpoint: FaultEndpointSchema,
    workloadId: z.string().min(1).optional(),
    /** Only requests about this cluster: a list filtered `clusterId==<it>`, or a read of one of its workloads. */
    clusterId: z.string().min(1).optional(),
    status: z.number().int().min(100).max(599).optional(),
    kind: FaultKindSchema.optional(),
    times: z.number().int().positive().optional(),
  })
  .refine((fault) => (fault.status === undefined) !== (fault.kind === undefined), {
    message: 'a fault has exactly one of `status` or `kind`',
  });
export type Fault = z.infer<typeof FaultSchema>;

const WorkloadRecordSchema = z.looseObject({ id: z.string().min(1) });
// The OpenAPI `Event` is nullable; a null entry is legal data the client must tolerate.
const EventRecordSchema = z.looseObject({ createdAt: z.string().nullish() }).nullable();
const MeasurementRecordSchema = z.looseObject({
  type: z.string(),
  values: z.array(z.looseObject({ value: z.union([z.string(), z.number()]), timestamp: z.string().nullish() })).nullish(),
});

const perWorkload = <T extends z.ZodType>(item: T) => z.record(z.string(), z.array(item)).default({});

/** The `runai` block of a scenario: what one control plane serves. */
export const ScenarioStateSchema = z.object({
  workloads: z.array(WorkloadRecordSchema).default([]),
  events: perWorkload(EventRecordSchema),
  pods: perWorkload(z.unknown()),
  history: perWorkload(z.unknown()),
  metrics: perWorkload(MeasurementRecordSchema),
  specs: z.record(z.string(), z.looseObject({})).default({}),
  /** `GET /api/v2/workloads/{id}` bodies (`WorkloadV2GetResponse`) by workload id; absent: 404, as on control planes without Workloads V2. */
  workloadsV2: z.record(z.string(), z.looseObject({})).default({}),
  /** Inference revisions by workload id; absent: 404, as on control planes before revisions (2.21). */
  revisions: perWorkload(z.looseObject({ id: z.string().min(1) })),
  /** A revision's pods, events and history records, by revision id. */
  revisionPods: perWorkload(z.unknown()),
  revisionEvents: perWorkload(EventRecordSchema),
  revisionHistory: perWorkload(z.unknown()),
  faults: z.array(FaultSchema).default([]),
  /** A recording's exchanges (docs/recording.md), answered before the state above. */
  recorded: z.array(RecordedExchangeSchema).default([]),
});
/** What callers write (every collection optional), e.g. inline in a test. */
export type ScenarioState = z.input<typeof ScenarioStateSchema>;
/** After validation: every collection present. */
export type ParsedScenarioState = z.output<typeof ScenarioStateSchema>;

export const ScenarioFileSchema = z.object({
  description: z.string().optional(),
  covers: z.array(z.string()).optional(),
  request: DiagnosisRequestSchema,
  runai: ScenarioStateSchema,
  /** Optional Tier 2: what the cluster's Kubernetes API serves (functions/simulator/kubernetes). */
  kubernetes: KubernetesScenarioSchema.optional(),
  // Asserted by the scenario tests, which own its shape.
  expect: z.unknown(),
  /** Present when the scenario is a recording of a real diagnosis (`runai-diagnose --record`). */
  recording: RecordingInfoSchema.optional(),
});
export type ScenarioFile = z.output<typeof ScenarioFileSchema>;
