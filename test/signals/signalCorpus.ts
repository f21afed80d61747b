/**
 * The upstream signal corpus (fixtures/signals/*.json): its schema — the authority on the
 * format — and the Run:ai state that places one entry where Run:ai would show it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as z from 'zod';
import type { ScenarioState } from './corpusKit.js';
import { CATEGORIES } from '../../functions/core/verdict.js';

export const SIGNALS_DIR = fileURLToPath(new URL('../../fixtures/signals/', import.meta.url));

export const PLACEMENTS = ['workloadEvent', 'podEvent', 'podK8sPhase', 'phaseMessage', 'condition', 'historyPhaseUpdate', 'historyEvent'] as const;

const CATEGORY = z.enum(CATEGORIES);

export const ExpectationSchema = z.union([
  z.literal('no signal'),
  z.strictObject({ outcome: z.literal('diagnosed'), category: CATEGORY }),
  z.strictObject({ outcome: z.literal('routed'), route: z.enum(['runai-diagnose-preempted-workload', 'runai-diagnose-pending-workload']) }),
  z.strictObject({
    outcome: z.literal('stopped'),
    stopReason: z.enum(['SUCCEEDED', 'SUSPENDED', 'RUNNING_NO_FAILURE', 'NON_TERMINAL_PHASE', 'CLUSTER_MISMATCH']),
  }),
]);

/** Evidence quotes elide long messages around their decisive line; a long verbatim must name it. */
export const LONG_VERBATIM = 280;

export const SignalEntrySchema = z
  .strictObject({
    /** The Kubernetes reason (event reason, waiting/terminated reason, condition reason) or the k8sPhase value. */
    reason: z.string().min(1),
    /** The emitting component as it appears as the event source (kubelet, job-controller, kai-scheduler, …). */
    component: z.string().min(1),
    /** A verbatim message, format verbs filled with realistic values. For `podK8sPhase` it is the status string. */
    verbatim: z.string().min(1),
    upstream: z.strictObject({
      repo: z.string().regex(/^[\w.-]+\/[\w.-]+$/),
      path: z.string().min(1),
      /** A line number or the symbol that holds the string. */
      symbol: z.string().min(1),
    }),
    placement: z.enum(PLACEMENTS),
    expect: ExpectationSchema,
    /** The Run:ai workload phase the test builds around the entry (default Failed). */
    phase: z.enum(['Failed', 'Pending', 'Initializing', 'Running', 'Degraded', 'Stopped', 'Completed']).default('Failed'),
    /** Event type for event placements (default Warning). */
    eventType: z.enum(['Warning', 'Normal']).default('Warning'),
    /** involvedObject kind of a workloadEvent (default: the Run:ai kind of the workload type). */
    involvedKind: z.string().min(1).optional(),
    /** Condition type for the `condition` placement (default Failed). */
    conditionType: z.string().min(1).default('Failed'),
    /** Condition status for the `condition` placement (default True; Knative reports failures as False). */
    conditionStatus: z.enum(['True', 'False', 'Unknown']).default('True'),
    /** Run:ai workload type (default Training). */
    workloadType: z.enum(['Training', 'Distributed', 'Inference']).default('Training'),
    /**
     * What must be quoted in the first evidence item when it is not the whole verbatim: the
     * decisive part of a long message, or the reason when the reason decides (ExitCode1).
     */
    decisive: z.string().min(1).optional(),
    note: z.string().min(1).optional(),
  })
  .refine((entry) => entry.decisive === undefined || entry.verbatim.includes(entry.decisive) || entry.decisive === entry.reason, {
    message: '`decisive` must be a part of `verbatim` or the reason',
  })
  .refine((entry) => entry.decisive !== undefined || Array.from(entry.verbatim).length <= LONG_VERBATIM, {
    message: `a verbatim longer than ${LONG_VERBATIM} characters names its \`decisive\` part`,
  });
export type SignalEntry = z.output<typeof SignalEntrySchema>;

export const SignalFileSchema = z.strictObject({
  source: z.string().regex(/^[a-z0-9-]+$/),
  description: z.string().min(1),
  entries: z.array(SignalEntrySchema).min(1),
});

export interface LoadedEntry {
  source: string;
  index: number;
  entry: SignalEntry;
}

export interface CorpusLoadOptions {
  /**
   * Every entry names its `decisive` part, even a short one: the unseen corpus
   * (fixtures/signals-unseen) measures whether the verdict quotes the line a person acts on,
   * so that line must be written down, never assumed to be the whole message.
   */
  requireDecisive?: boolean;
}

/** Loads every `<source>.json` of a corpus folder (the seen corpus by default). */
export function loadSignalCorpus(dir = SIGNALS_DIR, options: CorpusLoadOptions = {}): LoadedEntry[] {
  const files = readdirSync(dir)
    .filter((file) => file.endsWith('.json') && file !== 'known-misses.json')
    .sort();
  return files.flatMap((file) => {
    const parsed = SignalFileSchema.parse(JSON.parse(readFileSync(join(dir, file), 'utf8')));
    if (`${parsed.source}.json` !== file) throw new Error(`${file}: source ${parsed.source} must match the file name`);
    return parsed.entries.map((entry, index) => {
      if (options.requireDecisive && entry.decisive === undefined) throw new Error(`${file} entry #${index} (${entry.reason}): \`decisive\` is required here`);
      return { source: parsed.source, index, entry };
    });
  });
}

export const CLUSTER_ID = '5d0c8a4e-2f7b-4a1e-9c3d-6b8e1f2a7c90';
const PROJECT = 'nlp-research';
const NAMESPACE = `runai-${PROJECT}`;
// Deliberately free of every category keyword, so only the entry can steer the verdict.
const WORKLOAD_NAME = 'llama-sft-run';
const NODE = 'gpu-node-07';
const IMAGE = 'registry.example.com/nlp/trainer:2.4.1';

const KIND_BY_TYPE = { Training: 'TrainingWorkload', Distributed: 'DistributedWorkload', Inference: 'InferenceWorkload' } as const;
const POD_PHASE_BY_PHASE: Record<SignalEntry['phase'], string> = {
  Failed: 'Failed',
  Pending: 'Pending',
  Initializing: 'Pending',
  Running: 'Running',
  Degraded: 'Running',
  Stopped: 'Failed',
  Completed: 'Succeeded',
};

/** A stable UUID-shaped id per (seed, index): workloads of one merged simulator never collide. */
export function workloadIdFor(seed: number, index: number): string {
  const hex = (seed * 100000 + index).toString(16).padStart(12, '0');
  return `0c0ffee0-5a1b-4c2d-8e3f-${hex}`;
}

/**
 * One Failed (or `phase`) workload of one pod, with the entry placed where Run:ai would show
 * it. `withEntry: false` builds the same workload without it: the baseline a "no signal"
 * entry must leave unchanged.
 */
export function buildCorpusState(entry: SignalEntry, workloadId: string, withEntry = true): ScenarioState {
  const podName = `${WORKLOAD_NAME}-0-0`;
  const podUid = `${workloadId.slice(0, 24)}aaaaaaaaaaaa`;
  const terminal = entry.phase === 'Failed' || entry.phase === 'Stopped' || entry.phase === 'Completed';
  const scheduled = entry.phase !== 'Pending';
  const placed = withEntry ? entry.placement : null;
  const event = (kind: 'workload' | 'pod', createdAt: string, id: string) => ({
    createdAt,
    id,
    type: entry.eventType,
    clusterId: CLUSTER_ID,
    reason: entry.reason,
    message: entry.verbatim,
    source: entry.component,
    involvedObject:
      kind === 'workload'
        ? {
            uid: `${workloadId.slice(0, 24)}bbbbbbbbbbbb`,
            kind: entry.involvedKind ?? KIND_BY_TYPE[entry.workloadType],
            name: WORKLOAD_NAME,
            namespace: NAMESPACE,
          }
        : { uid: podUid, kind: 'Pod', name: podName, namespace: NAMESPACE },
  });
  const scheduledEvent = {
    createdAt: 'now-58m',
    id: `${workloadId.slice(0, 24)}cccccccccccc`,
    type: 'Normal',
    clusterId: CLUSTER_ID,
    reason: 'Scheduled',
    message: `Successfully assigned ${NAMESPACE}/${podName} to ${NODE}`,
    source: 'kai-scheduler',
    involvedObject: { uid: podUid, kind: 'Pod', name: podName, namespace: NAMESPACE },
  };
  const entryEvent =
    placed === 'workloadEvent'
      ? event('workload', 'now-31m', `${workloadId.slice(0, 24)}dddddddddddd`)
      : placed === 'podEvent'
        ? event('pod', 'now-31m', `${workloadId.slice(0, 24)}dddddddddddd`)
        : null;
  const events = [...(entryEvent ? [entryEvent] : []), ...(scheduled ? [scheduledEvent] : [])];
  const historyEvent = placed === 'historyEvent' ? event('pod', 'now-31m', `${workloadId.slice(0, 24)}eeeeeeeeeeee`) : null;
  const phaseMessage = placed === 'phaseMessage' ? entry.verbatim : '';
  const history = [
    { meta: { creationTimestamp: 'now-60m', type: 'PhaseUpdate' }, spec: { phaseUpdate: { phase: 'Creating', phaseMessage: '' } } },
    ...(scheduled ? [{ meta: { creationTimestamp: 'now-58m', type: 'PhaseUpdate' }, spec: { phaseUpdate: { phase: 'Running', phaseMessage: '' } } }] : []),
    ...(entry.phase !== 'Running' || placed === 'historyPhaseUpdate'
      ? [
          {
            meta: { creationTimestamp: 'now-30m', type: 'PhaseUpdate' },
            spec: { phaseUpdate: { phase: entry.phase, phaseMessage: placed === 'historyPhaseUpdate' || placed === 'phaseMessage' ? entry.verbatim : '' } },
          },
        ]
      : []),
    ...events.map((item) => ({ meta: { creationTimestamp: item.createdAt, type: 'Event' }, spec: { event: item } })),
    ...(historyEvent ? [{ meta: { creationTimestamp: historyEvent.createdAt, type: 'Event' }, spec: { event: historyEvent } }] : []),
  ];
  const conditions =
    placed === 'condition'
      ? [{ type: entry.conditionType, status: entry.conditionStatus, reason: entry.reason, message: entry.verbatim, lastTransitionTime: 'now-30m' }]
      : [];
  const memory = { request: '32Gi', limit: '48Gi' };
  const workload = {
    tenantId: 1001,
    id: workloadId,
    name: WORKLOAD_NAME,
    type: entry.workloadType,
    source: 'CLI',
    clusterId: CLUSTER_ID,
    projectName: PROJECT,
    projectId: '12',
    namespace: NAMESPACE,
    createdAt: 'now-60m',
    podsRequestedResources: { gpuRequestType: 'portion', gpu: { request: 1.0, limit: null }, cpu: { request: 8.0, limit: null }, cpuMemory: memory },
    phase: entry.phase,
    phaseMessage,
    conditions,
    k8sPhase: entry.phase === 'Completed' ? 'Succeeded' : entry.phase === 'Failed' ? 'Failed' : 'Running',
    requestedPods: { number: 1 },
    images: [IMAGE],
    runningPods: entry.phase === 'Running' || entry.phase === 'Degraded' ? 1 : 0,
    phaseUpdatedAt: 'now-30m',
    updatedAt: 'now-30m',
    completedAt: terminal ? 'now-30m' : null,
    deletedAt: null,
  };
  const pod = {
    tenantId: 1001,
    id: podUid,
    name: podName,
    workloadId,
    clusterId: CLUSTER_ID,
    projectId: '12',
    nodeName: scheduled ? NODE : null,
    createdAt: 'now-59m',
    containers: [{ name: 'trainer', image: IMAGE }],
    requestedResources: { gpuRequestType: 'portion', gpu: { request: 1.0, limit: null }, cpu: { request: 8.0, limit: null }, cpuMemory: memory },
    k8sPhase: placed === 'podK8sPhase' ? entry.verbatim : POD_PHASE_BY_PHASE[entry.phase],
    k8sPhaseUpdatedAt: 'now-30m',
    deletedAt: null,
  };
  return {
    workloads: [workload],
    events: { [workloadId]: events },
    pods: { [workloadId]: [pod] },
    history: { [workloadId]: history },
    metrics: {},
    specs: {
      [workloadId]: {
        name: WORKLOAD_NAME,
        workloadId,
        projectId: '12',
        clusterId: CLUSTER_ID,
        createdAt: 'now-60m',
        spec: {
          image: IMAGE,
          command: 'python',
          args: 'train.py --config configs/sft.yaml',
          restartPolicy: 'Never',
          compute: { gpuDevicesRequest: 1, cpuMemoryRequest: memory.request, cpuMemoryLimit: memory.limit },
        },
      },
    },
  };
}
