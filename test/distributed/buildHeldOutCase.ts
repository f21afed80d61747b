/**
 * Builds one held-out distributed case (fixtures/distributed-heldout/<name>/) from a plan: the
 * Run:ai state in the format of fixtures/scenarios (fixtures/README.md), an optional Tier 2
 * `kubernetes` block, and the expectation the origin/collateral measurement checks.
 *
 * Every timestamp is relative (`now-<seconds>s`) and derived from the replicas' failure times,
 * never from where a replica sits in a list: pods, events and history are written in the
 * listing order the plan gives (origin first, in the middle or last), so an engine that reads
 * the listing order instead of the clock is measured as such.
 */
import { createHash } from 'node:crypto';

export const HELDOUT_CLUSTER_ID = '7f3c2a9e-1b4d-4c8e-9a61-2d5f8e0b7c13';
const TENANT_ID = 1001;

/** A Run:ai (and, with Tier 2, Kubernetes) event on one pod. `ago` is in seconds before now. */
export interface PodEventPlan {
  reason: string;
  message: string;
  source: string;
  type: 'Normal' | 'Warning';
  ago: number;
  /** How the Run:ai API writes this event's time (default ISO 8601 with `Z`). */
  stamp?: StampForm;
}

/**
 * The written form of a Run:ai timestamp: `iso` (`…T…Z`, the default), `space` (the
 * space-separated, zone-less form some Run:ai servers emit) or `ms` (sub-second precision:
 * `ago` may then be fractional). The instant is the same; only the text differs, so an engine
 * that compares timestamps as strings is measured as such.
 */
export type StampForm = 'iso' | 'space' | 'ms';

/** One replica of the workload, as the API reports it at the moment of the diagnosis. */
export interface ReplicaPlan {
  pod: string;
  node: string;
  container: string;
  /** Seconds before now when this replica's container ended; null while it still runs. */
  endedAgo: number | null;
  /** The replica ended but the API gives no time for it (`endedAgo` stays null, it is not running). */
  noEndTime?: boolean;
  /** Run:ai `Pod.k8sPhase` (OOMKilled, Error, Failed, Running, …). */
  runaiPhase: string;
  /** Tier 2: the container's termination (`state.terminated`, or `lastState` when `restarts` > 0). */
  exit?: { code: number; reason: string; message?: string };
  restarts?: number;
  /**
   * Tier 2: the container never started (`state.waiting`, pod phase Pending): a replica stuck
   * on a mount or an image pull while its peers ran. Only used without `exit`.
   */
  waiting?: { reason: string; message: string };
  /** How the Run:ai API writes this pod's `completedAt` / `k8sPhaseUpdatedAt` (default ISO). */
  stamp?: StampForm;
  /**
   * Run:ai's own record of the end when it differs from the container's (`endedAgo`, which Tier 2's
   * `finishedAt` carries): the cluster's sync updated the pod record late. Default: `endedAgo`.
   */
  runaiEndedAgo?: number;
  /** Tier 2: `status.reason` / `status.message` of the pod (Evicted, NodeLost, …). */
  podStatus?: { reason: string; message: string };
  /** Tier 2: the log `kubectl logs [--previous]` returns for the container. */
  logs?: string[];
  events?: PodEventPlan[];
  memory: { request: string; limit: string };
  gpus: number;
  image: string;
  /**
   * A native sidecar (an init container with `restartPolicy: Always`, Kubernetes ≥ 1.29, as GKE's
   * Cloud Storage FUSE driver injects `gke-gcsfuse-sidecar`) beside the main container. Tier 2 lists
   * it under `initContainerStatuses`; when `lastExit` is set the kubelet restarted it once after that
   * termination (`restartCount` 1), and `exit` is how it ended when the pod stopped (null: running).
   */
  sidecar?: {
    name: string;
    image: string;
    lastExit?: { code: number; reason: string; ago: number };
    exit: { code: number; reason: string; ago: number } | null;
  };
}

export interface NodeConditionPlan {
  type: string;
  status: string;
  reason: string;
  message: string;
  ago: number;
}

export interface WorkloadEventPlan extends PodEventPlan {
  kind: string;
  name: string;
}

export interface CaseExpectation {
  category: string;
  origin: { pod: string; node: string; signalIncludes: string[] } | null;
  collateralAtLeast: number;
  quotedLine: string;
  limitationWhenNoOrigin: boolean;
  /** Optional: the CPU memory limit the verdict must report (Ray head vs worker). */
  memoryLimitBytes?: number;
  /** Optional: other categories a verdict may take when the evidence leaves two open (a tie). */
  categoryAlternatives?: string[];
  /** Optional: other lines any one of which may be quoted instead of `quotedLine` (a tie, mixed collateral). */
  quotedLineAlternatives?: string[];
  /**
   * Optional: the verdict routes (DESIGN §2 step 1: a preemption routes to the preemption diagnosis) because no dated
   * failure precedes the preemption (§4.8 makes a preemption the job's later fate only after the origin failed). The
   * category, line and limitation then do not apply; the origin is null (it is for any outcome but diagnosed).
   */
  outcome?: 'routed';
  citation: string[];
  note: string;
}

export interface CasePlan {
  name: string;
  family: string;
  framework: string;
  ordering: 'origin-first' | 'origin-middle' | 'origin-last' | 'no-origin';
  description: string;
  workload: {
    name: string;
    project: string;
    submittedBy: string;
    /** Run:ai workload `type`. */
    type: string;
    distributedFramework: string | null;
    sourceApi?: string;
    startedAgo: number;
    phase: string;
    phaseMessage: string | null;
    failedAgo: number;
    conditions: { type: string; status: string; reason?: string; message?: string; ago: number }[];
    restartPolicy: string;
  };
  replicas: ReplicaPlan[];
  workloadEvents?: WorkloadEventPlan[];
  /** Events the history keeps but the events endpoint no longer returns (expired). */
  historyOnlyEvents?: { pod: string; event: PodEventPlan }[];
  memoryUsage?: { ago: number; bytes: number }[];
  /** The type-specific spec (`specs[id]`) or the Workloads V2 body (`workloadsV2[id]`). */
  spec?: { kind: 'v1'; body: Record<string, unknown> } | { kind: 'v2'; body: Record<string, unknown> };
  tier2: boolean;
  /**
   * The pods were cleaned up and the events expired: Run:ai lists no pods and its events
   * endpoint returns nothing; only the history keeps the pods' events (Scheduled included,
   * which names each pod's node).
   */
  podsAndEventsGone?: boolean;
  nodeConditions?: Record<string, NodeConditionPlan[]>;
  /** The history as the API pages it, newest record first (default: oldest first). */
  historyNewestFirst?: boolean;
  /** Tier 2: the Kubernetes events listed newest first (default: per replica, in plan order). */
  kubernetesEventsNewestFirst?: boolean;
  expectation: CaseExpectation;
}

export interface HeldOutCaseFiles {
  scenario: Record<string, unknown>;
  expectation: Record<string, unknown>;
}

/** A stable UUID-shaped id from a seed, so regenerating never changes the files. */
export function stableId(seed: string): string {
  const hex = createHash('sha256').update(`distributed-heldout/${seed}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

const ago = (seconds: number) => `now-${Math.round(seconds)}s`;
/** A Run:ai timestamp `seconds` before now, in the written form asked for. */
const stamped = (seconds: number, form: StampForm = 'iso') =>
  form === 'space' ? `@space:${ago(seconds)}` : form === 'ms' ? `now-${Math.round(seconds * 1000)}ms` : ago(seconds);

function resources(replica: ReplicaPlan) {
  return {
    gpuRequestType: 'portion',
    gpu: { request: replica.gpus, limit: null },
    cpu: { request: 16 * Math.max(1, replica.gpus), limit: null },
    cpuMemory: { request: replica.memory.request, limit: replica.memory.limit },
  };
}

function runaiEvent(id: string, event: PodEventPlan, object: { kind: string; name: string; uid: string }, namespace: string) {
  return {
    createdAt: stamped(event.ago, event.stamp),
    id,
    type: event.type,
    clusterId: HELDOUT_CLUSTER_ID,
    message: event.message,
    reason: event.reason,
    source: event.source,
    involvedObject: { uid: object.uid, kind: object.kind, name: object.name, namespace },
  };
}

function kubernetesPod(plan: CasePlan, replica: ReplicaPlan, namespace: string) {
  const uid = stableId(`${plan.name}/pod-uid/${replica.pod}`);
  const startedAgo = plan.workload.startedAgo;
  const terminated = replica.exit
    ? {
        exitCode: replica.exit.code,
        reason: replica.exit.reason,
        ...(replica.exit.message ? { message: replica.exit.message } : {}),
        startedAt: ago(startedAgo),
        // Kubernetes writes RFC 3339 (never the space form); sub-second precision is kept.
        finishedAt: stamped(replica.endedAgo ?? 0, replica.stamp === 'ms' ? 'ms' : 'iso'),
      }
    : null;
  const restarted = (replica.restarts ?? 0) > 0;
  const state = terminated
    ? restarted
      ? {
          state: {
            waiting: {
              reason: 'CrashLoopBackOff',
              message: `back-off 5m0s restarting failed container=${replica.container} pod=${replica.pod}_${namespace}(${uid})`,
            },
          },
          lastState: { terminated },
        }
      : { state: { terminated }, lastState: {} }
    : replica.waiting
      ? { state: { waiting: { reason: replica.waiting.reason, message: replica.waiting.message } }, lastState: {} }
      : { state: { running: { startedAt: ago(startedAgo) } }, lastState: {} };
  const phase = !terminated && replica.waiting ? 'Pending' : replica.endedAgo === null || restarted ? 'Running' : 'Failed';
  return {
    metadata: { name: replica.pod, namespace, uid, creationTimestamp: ago(startedAgo + 90) },
    spec: {
      nodeName: replica.node,
      restartPolicy: plan.workload.restartPolicy,
      ...(replica.sidecar ? { initContainers: [{ name: replica.sidecar.name, image: replica.sidecar.image, restartPolicy: 'Always' }] } : {}),
      containers: [{ name: replica.container, image: replica.image }],
    },
    status: {
      phase,
      ...(replica.podStatus ? { reason: replica.podStatus.reason, message: replica.podStatus.message } : {}),
      startTime: ago(startedAgo + 60),
      ...(replica.sidecar ? { initContainerStatuses: [sidecarStatus(replica.sidecar, startedAgo)] } : {}),
      containerStatuses: [
        {
          name: replica.container,
          image: replica.image,
          ready: false,
          restartCount: replica.restarts ?? 0,
          started: replica.endedAgo === null && !replica.waiting,
          ...state,
        },
      ],
    },
  };
}

/** The status of a native sidecar: running or ended, with its last termination once it was restarted. */
function sidecarStatus(sidecar: NonNullable<ReplicaPlan['sidecar']>, startedAgo: number) {
  const terminated = (end: { code: number; reason: string; ago: number }, from: number) => ({
    terminated: { exitCode: end.code, reason: end.reason, startedAt: ago(from), finishedAt: ago(end.ago) },
  });
  const restartedAt = sidecar.lastExit ? sidecar.lastExit.ago - 1 : startedAgo + 2;
  return {
    name: sidecar.name,
    image: sidecar.image,
    ready: sidecar.exit === null,
    restartCount: sidecar.lastExit ? 1 : 0,
    started: sidecar.exit === null,
    state: sidecar.exit ? terminated(sidecar.exit, restartedAt) : { running: { startedAt: ago(restartedAt) } },
    lastState: sidecar.lastExit ? terminated(sidecar.lastExit, startedAgo + 2) : {},
  };
}

function kubernetesNode(name: string, conditions: NodeConditionPlan[]) {
  const byType = new Map(conditions.map((condition) => [condition.type, condition]));
  const healthy = (type: string, reason: string, message: string, status: string): NodeConditionPlan =>
    byType.get(type) ?? { type, status, reason, message, ago: 30 * 24 * 3600 };
  const all = [
    healthy('MemoryPressure', 'KubeletHasSufficientMemory', 'kubelet has sufficient memory available', 'False'),
    healthy('DiskPressure', 'KubeletHasNoDiskPressure', 'kubelet has no disk pressure', 'False'),
    healthy('PIDPressure', 'KubeletHasSufficientPID', 'kubelet has sufficient PID available', 'False'),
    healthy('Ready', 'KubeletReady', 'kubelet is posting ready status', 'True'),
    ...conditions.filter((condition) => !['MemoryPressure', 'DiskPressure', 'PIDPressure', 'Ready'].includes(condition.type)),
  ];
  return {
    metadata: { name, labels: { 'kubernetes.io/hostname': name } },
    status: {
      conditions: all.map((condition) => ({
        type: condition.type,
        status: condition.status,
        lastHeartbeatTime: 'now-40s',
        lastTransitionTime: ago(condition.ago),
        reason: condition.reason,
        message: condition.message,
      })),
    },
  };
}

/** The scenario (fixtures/scenarios format) and the expectation of one case. */
export function buildHeldOutCase(plan: CasePlan): HeldOutCaseFiles {
  const { workload } = plan;
  const workloadId = stableId(`${plan.name}/workload`);
  const namespace = `runai-${workload.project}`;
  const projectId = String(20 + (parseInt(createHash('sha256').update(workload.project).digest('hex').slice(0, 4), 16) % 70));
  const first = plan.replicas[0]!;
  const totalGpus = plan.replicas.reduce((sum, replica) => sum + replica.gpus, 0);

  const podUid = (replica: ReplicaPlan) => stableId(`${plan.name}/pod-uid/${replica.pod}`);
  const pods = plan.replicas.map((replica, index) => ({
    tenantId: TENANT_ID,
    id: podUid(replica),
    name: replica.pod,
    workloadId,
    clusterId: HELDOUT_CLUSTER_ID,
    projectId,
    priorityClassName: 'train',
    nodeName: replica.node,
    createdAt: ago(workload.startedAgo + 90),
    completedAt: replica.endedAgo === null || (replica.restarts ?? 0) > 0 ? null : stamped(replica.runaiEndedAgo ?? replica.endedAgo, replica.stamp),
    containers: [
      { name: replica.container, image: replica.image, startedAt: ago(workload.startedAgo) },
      ...(replica.sidecar ? [{ name: replica.sidecar.name, image: replica.sidecar.image, startedAt: ago(workload.startedAgo + 2) }] : []),
    ],
    currentNodePool: 'default',
    requestedNodePools: ['default'],
    requestedResources: resources(replica),
    allocatedResources: { gpu: replica.gpus, gpuMemory: null, cpu: 16 * Math.max(1, replica.gpus), cpuMemory: replica.memory.request },
    k8sPhase: replica.runaiPhase,
    ip: `10.244.${(index * 7 + 11) % 250}.${(index * 13 + 21) % 250}`,
    k8sPhaseUpdatedAt: stamped(replica.runaiEndedAgo ?? replica.endedAgo ?? workload.startedAgo, replica.stamp),
    updatedAt: stamped(replica.runaiEndedAgo ?? replica.endedAgo ?? workload.startedAgo, replica.stamp),
    deletedAt: null,
  }));

  let eventCounter = 0;
  const nextEventId = () => stableId(`${plan.name}/event/${eventCounter++}`);
  const podEvents = plan.replicas.flatMap((replica) =>
    (replica.events ?? []).map((event) => runaiEvent(nextEventId(), event, { kind: 'Pod', name: replica.pod, uid: podUid(replica) }, namespace)),
  );
  const jobEvents = (plan.workloadEvents ?? []).map((event) =>
    runaiEvent(nextEventId(), event, { kind: event.kind, name: event.name, uid: stableId(`${plan.name}/object/${event.kind}`) }, namespace),
  );
  const scheduled = plan.replicas.map((replica) =>
    runaiEvent(
      nextEventId(),
      {
        reason: 'Scheduled',
        message: `Successfully assigned pod ${namespace}/${replica.pod} to node ${replica.node} at node-pool default`,
        source: 'kai-scheduler',
        type: 'Normal',
        ago: workload.startedAgo + 60,
      },
      { kind: 'Pod', name: replica.pod, uid: podUid(replica) },
      namespace,
    ),
  );
  // Failure events in listing order (the plan's), then the start-up events: the API does not
  // promise an order, and the simulator's own ordering is the server's business.
  const events = plan.podsAndEventsGone ? [] : [...podEvents, ...jobEvents, ...scheduled];

  const historyEvents = [
    ...(plan.podsAndEventsGone ? scheduled : []),
    ...podEvents,
    ...jobEvents,
    ...(plan.historyOnlyEvents ?? []).map(({ pod, event }) => {
      const replica = plan.replicas.find((candidate) => candidate.pod === pod)!;
      return runaiEvent(nextEventId(), event, { kind: 'Pod', name: pod, uid: podUid(replica) }, namespace);
    }),
  ].map((event) => ({ meta: { creationTimestamp: event.createdAt, type: 'Event' }, spec: { event } }));
  const phaseUpdate = (phase: string, at: number, phaseMessage = '') => ({
    meta: { creationTimestamp: ago(at), type: 'PhaseUpdate' },
    spec: { phaseUpdate: { phase, phaseMessage } },
  });
  const oldestFirst = [
    phaseUpdate('Creating', workload.startedAgo + 300),
    phaseUpdate('Initializing', workload.startedAgo + 120),
    phaseUpdate('Running', workload.startedAgo),
    ...historyEvents,
    phaseUpdate(workload.phase, workload.failedAgo, workload.phaseMessage ?? ''),
  ];
  const history = plan.historyNewestFirst ? [...oldestFirst].reverse() : oldestFirst;

  const metrics = plan.memoryUsage
    ? [
        {
          type: 'CPU_MEMORY_USAGE_BYTES',
          labels: null,
          values: plan.memoryUsage.map((sample) => ({ value: String(sample.bytes), timestamp: ago(sample.ago) })),
        },
      ]
    : [];

  const workloadRecord = {
    tenantId: TENANT_ID,
    id: workloadId,
    name: workload.name,
    type: workload.type,
    source: workload.sourceApi === 'WorkloadsV2' ? 'API' : 'CLI',
    ...(workload.sourceApi ? { sourceApi: workload.sourceApi } : {}),
    priority: 50,
    priorityClassName: 'train',
    submittedBy: workload.submittedBy,
    clusterId: HELDOUT_CLUSTER_ID,
    projectName: workload.project,
    projectId,
    departmentName: 'ml-platform',
    departmentId: '6',
    namespace,
    createdAt: ago(workload.startedAgo + 400),
    workloadRequestedResources: {
      gpuRequestType: 'portion',
      gpu: { request: totalGpus, limit: null },
      cpu: { request: 16 * totalGpus, limit: null },
      cpuMemory: { request: first.memory.request, limit: first.memory.limit },
    },
    podsRequestedResources: resources(first),
    allocatedResources: { gpu: 0, gpuMemory: null, cpu: 0, cpuMemory: '0B' },
    actionsSupport: { delete: true, suspend: true },
    phase: workload.phase,
    conditions: workload.conditions.map((condition) => ({
      type: condition.type,
      status: condition.status,
      ...(condition.reason ? { reason: condition.reason } : {}),
      ...(condition.message ? { message: condition.message } : {}),
      lastTransitionTime: ago(condition.ago),
    })),
    k8sPhase: workload.phase === 'Running' || workload.phase === 'Degraded' ? 'Running' : 'Failed',
    requestedPods: { number: plan.replicas.length },
    requestedNodePools: ['default'],
    currentNodePools: ['default'],
    images: [...new Set(plan.replicas.map((replica) => replica.image))],
    datasources: [],
    runningPods: plan.replicas.filter((replica) => replica.endedAgo === null && !replica.noEndTime).length,
    phaseUpdatedAt: ago(workload.failedAgo),
    k8sPhaseUpdatedAt: ago(workload.failedAgo),
    updatedAt: ago(workload.failedAgo),
    deletedAt: null,
    completedAt: workload.phase === 'Failed' ? ago(workload.failedAgo) : null,
    category: 'Train',
    preemptible: true,
    idleAllocatedGpus: 0,
    totalPendingTimeSeconds: 37,
    totalRunningTimeSeconds: Math.max(0, workload.startedAgo - workload.failedAgo),
    phaseMessage: workload.phaseMessage,
    distributedFramework: workload.distributedFramework,
  };

  const runai: Record<string, unknown> = {
    workloads: [workloadRecord],
    events: { [workloadId]: events },
    pods: { [workloadId]: plan.podsAndEventsGone ? [] : pods },
    history: { [workloadId]: history },
    metrics: { [workloadId]: metrics },
    specs: plan.spec?.kind === 'v1' ? { [workloadId]: { ...plan.spec.body, workloadId, clusterId: HELDOUT_CLUSTER_ID } } : {},
    workloadsV2: plan.spec?.kind === 'v2' ? { [workloadId]: plan.spec.body } : {},
    faults: [],
  };

  const scenario: Record<string, unknown> = {
    description: plan.description,
    covers: ['distributed-heldout', `family:${plan.family}`, `framework:${plan.framework}`, `ordering:${plan.ordering}`, plan.tier2 ? 'tier2' : 'tier1'],
    request: { clusterId: HELDOUT_CLUSTER_ID, workloadId },
    runai,
    expect: { outcome: 'diagnosed', category: plan.expectation.category, workloadId },
  };

  if (plan.tier2) {
    const nodeNames = [...new Set(plan.replicas.map((replica) => replica.node))];
    scenario.kubernetes = {
      token: `sim-k8s-token-${stableId(plan.name).slice(0, 12)}`,
      pods: plan.replicas.map((replica) => kubernetesPod(plan, replica, namespace)),
      events: kubernetesEventOrder(
        plan,
        plan.replicas.flatMap((replica) =>
          (replica.events ?? []).map((event, index) => ({
            metadata: { name: `${replica.pod}.${stableId(`${plan.name}/k8s-event/${replica.pod}/${index}`).slice(0, 14).replace('-', '')}`, namespace },
            involvedObject: { kind: 'Pod', namespace, name: replica.pod, uid: podUid(replica), apiVersion: 'v1' },
            reason: event.reason,
            message: event.message,
            source: { component: event.source, host: replica.node },
            firstTimestamp: ago(event.ago),
            lastTimestamp: ago(event.ago),
            count: 1,
            type: event.type,
            ago: event.ago,
          })),
        ),
      ),
      nodes: nodeNames.map((name) => kubernetesNode(name, plan.nodeConditions?.[name] ?? [])),
      logs: plan.replicas.flatMap((replica) =>
        replica.logs && replica.exit
          ? [{ namespace, pod: replica.pod, container: replica.container, previous: (replica.restarts ?? 0) > 0, lines: replica.logs }]
          : [],
      ),
    };
  }

  const wanted = plan.expectation;
  const expectation = {
    family: plan.family,
    framework: plan.framework,
    ordering: plan.ordering,
    tier2: plan.tier2,
    category: wanted.category,
    origin: wanted.origin,
    collateralAtLeast: wanted.collateralAtLeast,
    quotedLine: wanted.quotedLine,
    ...(wanted.quotedLineAlternatives === undefined ? {} : { quotedLineAlternatives: wanted.quotedLineAlternatives }),
    limitationWhenNoOrigin: wanted.limitationWhenNoOrigin,
    ...(wanted.memoryLimitBytes === undefined ? {} : { memoryLimitBytes: wanted.memoryLimitBytes }),
    ...(wanted.categoryAlternatives === undefined ? {} : { categoryAlternatives: wanted.categoryAlternatives }),
    ...(wanted.outcome === undefined ? {} : { outcome: wanted.outcome }),
    citation: wanted.citation,
    note: wanted.note,
  };
  return { scenario, expectation };
}

/** The Kubernetes events without their plan-only `ago`, newest first when the plan asks. */
function kubernetesEventOrder<T extends { ago: number }>(plan: CasePlan, events: T[]): Omit<T, 'ago'>[] {
  const ordered = plan.kubernetesEventsNewestFirst ? [...events].sort((a, b) => a.ago - b.ago) : events;
  return ordered.map(({ ago: _ago, ...event }) => event);
}

/** `48Gi` → bytes (the plans write limits in Gi only). */
export function parseGi(quantity: string): number {
  const match = /^(\d+)Gi$/.exec(quantity);
  if (!match) throw new Error(`plans write memory in Gi: ${quantity}`);
  return Number(match[1]) * 1024 ** 3;
}
