/**
 * The held-out distributed cases, generated rather than listed: failure families (an OOM kill,
 * an Xid on the origin's node, an exception on rank 0, a node gone NotReady, and the
 * special shapes of issue #23: one app error among same-second failures, NCCL timeouts with
 * no origin, a crash then the job's deadline, hung peers later preempted, a Ray head's limit
 * against a worker's) × the frameworks Run:ai runs distributed (PyTorch, TF, MPI, XGBoost and
 * JAX — the `DistributedFramework` enum of the Run:ai workloads API —, Ray through KubeRay,
 * distributed inference through LeaderWorkerSet) with their own pod naming × where the origin
 * sits in the listings (first, middle, last).
 *
 * Every message text is an upstream format, cited in the case's `citation` (the URL of the
 * source that prints it); names, sizes, nodes and timings differ from issue #23's examples.
 */
import { parseGi, stableId, type CaseExpectation, type CasePlan, type PodEventPlan, type ReplicaPlan } from './buildHeldOutCase.js';

/** Upstream sources of the message formats the cases use. */
const CITE = {
  ncclWatchdog: 'https://github.com/pytorch/pytorch/blob/main/torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp',
  elasticSignal: 'https://github.com/pytorch/pytorch/blob/main/torch/distributed/elastic/multiprocessing/errors/__init__.py',
  elasticAgent: 'https://github.com/pytorch/pytorch/blob/main/torch/distributed/elastic/agent/server/api.py',
  elasticSignalException: 'https://github.com/pytorch/pytorch/blob/main/torch/distributed/elastic/multiprocessing/api.py',
  tcpStoreReset: 'https://github.com/pytorch/pytorch/pull/129985',
  distNetworkError: 'https://github.com/pytorch/pytorch/issues/118666',
  ncclSystemError: 'https://github.com/pytorch/pytorch/issues/149984',
  ncclSystemErrorTorch: 'https://github.com/NVIDIA/nccl/issues/1000',
  mpirunSignal: 'https://github.com/open-mpi/ompi/blob/v4.1.x/orte/tools/orterun/help-orterun.txt',
  rayActorDied: 'https://github.com/ray-project/ray/blob/master/python/ray/exceptions.py',
  rayWorkerDiedCause: 'https://github.com/ray-project/ray/blob/master/src/ray/gcs/gcs_server/gcs_actor_manager.cc',
  rayJobSupervisor: 'https://github.com/ray-project/ray/blob/master/python/ray/dashboard/modules/job/job_supervisor.py',
  rayGcsConnect: 'https://github.com/ray-project/ray/blob/master/src/ray/rpc/gcs/gcs_rpc_client.h',
  rayGcsConnectSeen: 'https://github.com/vllm-project/vllm/issues/15385',
  kubeletBackOff: 'https://github.com/kubernetes/kubernetes/blob/master/pkg/kubelet/kuberuntime/kuberuntime_manager.go',
  kubeletKilling: 'https://github.com/kubernetes/kubernetes/blob/master/pkg/kubelet/kuberuntime/kuberuntime_container.go',
  torchLoadStateDict: 'https://github.com/pytorch/pytorch/blob/main/torch/nn/modules/module.py',
  kuberayPodNames: 'https://github.com/ray-project/kuberay/blob/master/ray-operator/controllers/ray/utils/util.go',
  kuberayDeadline: 'https://github.com/ray-project/kuberay/blob/master/ray-operator/controllers/ray/rayjob_controller.go',
  xidLine: 'https://github.com/NVIDIA/open-gpu-kernel-modules/blob/main/src/nvidia/src/kernel/gpu/rc/kernel_rc.c',
  xidContainment: 'https://github.com/NVIDIA/open-gpu-kernel-modules/blob/main/src/nvidia/src/kernel/gpu/arch/ampere/kern_gpu_error_cont_ga100.c',
  xid48: 'https://github.com/NVIDIA/gpu-operator/issues/1146',
  xidCatalogue: 'https://docs.nvidia.com/deploy/xid-errors/index.html',
  npdGpuConditions: 'https://learn.microsoft.com/en-us/azure/aks/gpu-health-monitoring',
  cudaError: 'https://github.com/pytorch/pytorch/blob/main/c10/cuda/CUDAException.cpp',
  cudaErrorStrings: 'https://docs.nvidia.com/cuda/cuda-runtime-api/group__CUDART__TYPES.html',
  oomKilled: 'https://kubernetes.io/docs/tasks/configure-pod-container/assign-memory-resource/',
  nodeNotReady: 'https://github.com/kubernetes/kubernetes/blob/master/pkg/controller/util/node/controller_utils.go',
  taintEviction: 'https://github.com/kubernetes/kubernetes/blob/master/pkg/controller/tainteviction/taint_eviction.go',
  nodeStatusUnknown: 'https://github.com/kubernetes/kubernetes/blob/master/pkg/controller/nodelifecycle/node_lifecycle_controller.go',
  trainingOperatorFailed: 'https://github.com/kubeflow/training-operator/blob/master/pkg/controller.v1/pytorch/pytorchjob_controller.go',
  trainingOperatorCommon: 'https://github.com/kubeflow/training-operator/blob/master/pkg/controller.v1/common/job.go',
  trainingOperatorPodNames: 'https://www.kubeflow.org/docs/components/trainer/legacy-v1/user-guides/pytorch/',
  mpiOperator: 'https://github.com/kubeflow/mpi-operator/blob/master/pkg/controller/mpi_job_controller.go',
  lwsRecreate: 'https://github.com/kubernetes-sigs/lws/blob/main/pkg/controllers/pod_controller.go',
  kaiPreempt: 'https://github.com/NVIDIA/KAI-Scheduler/blob/main/pkg/scheduler/api/unschedule_info.go',
  kaiScheduled: 'https://github.com/NVIDIA/KAI-Scheduler/blob/main/pkg/scheduler/cache/status_updater/default_status_updater.go',
  pythonTraceback: 'https://docs.python.org/3/library/traceback.html',
  runaiFrameworks: 'https://api-docs.run.ai/latest/tag/Workloads',
} as const;

type Ordering = CasePlan['ordering'];
type FrameworkKey = 'pytorch' | 'tf' | 'mpi' | 'xgboost' | 'jax' | 'ray' | 'inference';

interface Member {
  pod: string;
  container: string;
  /** The replica type a controller names in its failure message (Master, Worker, Chief, …). */
  replicaType: string;
}

interface Framework {
  key: FrameworkKey;
  type: string;
  distributedFramework: string | null;
  sourceApi?: string;
  image: string;
  /** Rank 0 (master, chief, launcher, head, leader) first, then the workers in rank order. */
  members(name: string, workers: number): Member[];
  /** The controller's message when the job fails because replicas of one type failed. */
  failedMessage(name: string, namespace: string, replicaType: string): { reason: string; message: string; kind: string };
  citations: string[];
}

/** Five lowercase alphanumerics, as a generateName suffix (deterministic here). */
const suffix = (seed: string) => {
  let hash = 0;
  for (const char of seed) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  const alphabet = 'bcdfghjklmnpqrstvwxz2456789';
  return Array.from({ length: 5 }, (_, index) => alphabet[(hash >>> (index * 5)) % alphabet.length]).join('');
};

const trainingOperator = (
  kind: string,
  key: FrameworkKey,
  distributedFramework: string,
  container: string,
  chief: string | null,
  image: string,
): Framework => ({
  key,
  type: 'Distributed',
  distributedFramework,
  image,
  members: (name, workers) => [
    ...(chief ? [{ pod: `${name}-${chief.toLowerCase()}-0`, container, replicaType: chief }] : []),
    ...Array.from({ length: workers }, (_, rank) => ({ pod: `${name}-worker-${rank}`, container, replicaType: 'Worker' })),
  ],
  failedMessage: (name, _namespace, replicaType) => ({
    reason: `${kind}Failed`,
    kind,
    message: `${kind} ${name} is failed because 1 ${replicaType} replica(s) failed.`,
  }),
  citations: [CITE.trainingOperatorFailed, CITE.trainingOperatorPodNames, CITE.runaiFrameworks],
});

const FRAMEWORKS: Record<FrameworkKey, Framework> = {
  pytorch: trainingOperator('PyTorchJob', 'pytorch', 'PyTorch', 'pytorch', 'Master', 'registry.example.com/llm/megatron-train:24.09'),
  tf: trainingOperator('TFJob', 'tf', 'TF', 'tensorflow', 'Chief', 'registry.example.com/vision/tf-efficientdet:2.15.1'),
  xgboost: trainingOperator('XGBoostJob', 'xgboost', 'XGBoost', 'xgboost', 'Master', 'registry.example.com/tabular/xgb-dist:2.1.3'),
  jax: trainingOperator('JAXJob', 'jax', 'JAX', 'jax', null, 'registry.example.com/research/maxtext:2025.10'),
  mpi: {
    key: 'mpi',
    type: 'Distributed',
    distributedFramework: 'MPI',
    image: 'registry.example.com/hpc/horovod-train:0.28.1',
    members: (name, workers) => [
      { pod: `${name}-launcher-${suffix(name)}`, container: 'mpi-launcher', replicaType: 'Launcher' },
      ...Array.from({ length: workers }, (_, rank) => ({ pod: `${name}-worker-${rank}`, container: 'mpi-worker', replicaType: 'Worker' })),
    ],
    failedMessage: (name, namespace) => ({ reason: 'MPIJobFailed', kind: 'MPIJob', message: `MPIJob ${namespace}/${name} has failed` }),
    citations: [CITE.mpiOperator, CITE.runaiFrameworks],
  },
  ray: {
    key: 'ray',
    type: 'RayJob',
    distributedFramework: null,
    sourceApi: 'WorkloadsV2',
    image: 'registry.example.com/rl/ray-train:2.40.0-py311-cu124',
    members: (name, workers) => {
      const cluster = `${name}-${suffix(`${name}/cluster`)}`;
      return [
        { pod: `${cluster}-head-${suffix(`${name}/head`)}`, container: 'ray-head', replicaType: 'Head' },
        ...Array.from({ length: workers }, (_, rank) => ({
          pod: `${cluster}-gpu-group-worker-${suffix(`${name}/worker/${rank}`)}`,
          container: 'ray-worker',
          replicaType: 'Worker',
        })),
      ];
    },
    failedMessage: () => ({ reason: 'AppFailed', kind: 'RayJob', message: '' }),
    citations: [CITE.kuberayPodNames],
  },
  inference: {
    key: 'inference',
    type: 'distributed-inference',
    distributedFramework: null,
    image: 'registry.example.com/serving/vllm-openai:v0.11.0',
    members: (name, workers) => [
      { pod: `${name}-0`, container: 'leader', replicaType: 'Leader' },
      ...Array.from({ length: workers }, (_, rank) => ({ pod: `${name}-0-${rank + 1}`, container: 'worker', replicaType: 'Worker' })),
    ],
    // LeaderWorkerSet has no job-level failure message; the group restart is an event (recreateGroupEvent).
    failedMessage: () => ({ reason: '', kind: 'LeaderWorkerSet', message: '' }),
    citations: [CITE.lwsRecreate],
  },
};

/** The listing with the origin moved to the first, middle or last place. */
function arrange<T>(items: T[], originAt: number, ordering: Ordering): T[] {
  const origin = items[originAt]!;
  const rest = items.filter((_, index) => index !== originAt);
  if (ordering === 'origin-first') return [origin, ...rest];
  if (ordering === 'origin-last') return [...rest, origin];
  if (ordering === 'origin-middle') {
    const middle = Math.floor(rest.length / 2);
    return [...rest.slice(0, middle), origin, ...rest.slice(middle)];
  }
  return items;
}

// ---- message formats (each cited where it is used) -------------------------------------

const glog = (rank: number, clock: string, line: number) => `[rank${rank}]:[E1202 ${clock} ProcessGroupNCCL.cpp:${line}]`;

/** ProcessGroupNCCL checkTimeout: "[Rank N] Watchdog caught collective operation timeout: WorkNCCL(…) ran for … milliseconds before timing out." */
function ncclWatchdog(rank: number, seq: number, op: string, numel: number, timeoutMs: number, ranForMs: number, clock: string): string {
  return `${glog(rank, clock, 632)} [Rank ${rank}] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=${seq}, OpType=${op}, NumelIn=${numel}, NumelOut=${numel}, Timeout(ms)=${timeoutMs}) ran for ${ranForMs} milliseconds before timing out.`;
}

function ncclTimeoutLogs(rank: number, seq: number, op: string, numel: number, timeoutMs: number, ranForMs: number, clock: string): string[] {
  return [
    `[rank${rank}]: step ${seq - 3}/${seq + 4000} loss=1.9${rank % 10}4 lr=2.4e-05`,
    ncclWatchdog(rank, seq, op, numel, timeoutMs, ranForMs, clock),
    `${glog(rank, clock, 638)} [Rank ${rank}] Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data.`,
    `${glog(rank, clock, 644)} [Rank ${rank}] To avoid data inconsistency, we are taking the entire process down.`,
    `terminate called after throwing an instance of 'c10::DistBackendError'`,
  ];
}

/** The torchelastic agent when the pod is deleted (SIGTERM): agent warning, then SignalException. */
function elasticSigtermLogs(pid: number, clock: string): string[] {
  return [
    `W1202 ${clock} ${pid} torch/distributed/elastic/agent/server/api.py:719] Received Signals.SIGTERM death signal, shutting down workers`,
    `W1202 ${clock} ${pid} torch/distributed/elastic/multiprocessing/api.py:900] Sending process ${pid + 61} closing signal SIGTERM`,
    `torch.distributed.elastic.multiprocessing.api.SignalException: Process ${pid} got signal: 15`,
  ];
}

/** The torchrun ChildFailedError root-cause block of a rank killed by SIGTERM. */
function elasticSignalTraceback(pid: number): string {
  return `  traceback : Signal 15 (SIGTERM) received by PID ${pid}`;
}

/** c10d TCPStore: the store's host (rank 0) went away while a peer waited on it. */
function tcpStoreResetLogs(rank: number, clock: string, host: string): string[] {
  return [
    `[rank${rank}]:[W1202 ${clock} TCPStore.cpp:125] [c10d] recvValue failed on SocketImpl(fd=61, addr=[${host}]:41872, remote=[${host}]:29500): Connection reset by peer`,
    `torch.distributed.DistNetworkError: Connection reset by peer`,
  ];
}

const ncclUnhandled = (file: string, line: number, version: string) =>
  `torch.distributed.DistBackendError: NCCL error in: ${file}:${line}, unhandled system error (run with NCCL_DEBUG=INFO for details), NCCL version ${version}`;

const traceback = (frames: [string, number, string, string][], last: string) => [
  'Traceback (most recent call last):',
  ...frames.flatMap(([file, line, fn, code]) => [`  File "${file}", line ${line}, in ${fn}`, `    ${code}`]),
  last,
];

const xidLines = {
  79: (pci: string) => `NVRM: Xid (PCI:${pci}): 79, pid=0, GPU has fallen off the bus.`,
  48: (pci: string) =>
    `NVRM: Xid (PCI:${pci}): 48, pid='<unknown>', name=<unknown>, An uncorrectable double bit error (DBE) has been detected on GPU in the framebuffer at partition 6, subpartition 1.`,
  94: (pci: string, pid: number) => `NVRM: Xid (PCI:${pci}): 94, pid=${pid}, Contained: CE User Channel (0x9). RST: No, D-RST: No`,
  95: (pci: string, pid: number) => `NVRM: Xid (PCI:${pci}): 95, pid=${pid}, Uncontained: LTC TAG (0x2, 0x1). RST: Yes, D-RST: No`,
} as const;

// ---- replica helpers ---------------------------------------------------------------------

interface Shape {
  name: string;
  project: string;
  submittedBy: string;
  framework: FrameworkKey;
  workers: number;
  nodePrefix: string;
  memory: { request: string; limit: string };
  gpus: number;
  startedAgo: number;
}

function replicasOf(shape: Shape): ReplicaPlan[] {
  const framework = FRAMEWORKS[shape.framework];
  return framework.members(shape.name, shape.workers).map((member, index) => ({
    pod: member.pod,
    node: `${shape.nodePrefix}${String(index + 3).padStart(2, '0')}`,
    container: member.container,
    endedAgo: null,
    runaiPhase: 'Running',
    memory: shape.memory,
    gpus: member.replicaType === 'Launcher' || member.replicaType === 'Head' ? 0 : shape.gpus,
    image: framework.image,
  }));
}

const replicaTypeOf = (shape: Shape, pod: string) =>
  FRAMEWORKS[shape.framework].members(shape.name, shape.workers).find((member) => member.pod === pod)!.replicaType;

function spec(shape: Shape, restartPolicy: string): CasePlan['spec'] {
  const framework = FRAMEWORKS[shape.framework];
  const compute = {
    gpuDevicesRequest: shape.gpus,
    gpuRequestType: 'portion',
    cpuCoreRequest: 16 * shape.gpus,
    cpuMemoryRequest: shape.memory.request,
    cpuMemoryLimit: shape.memory.limit,
    largeShmRequest: true,
  };
  if (framework.key === 'inference') {
    return {
      kind: 'v1',
      body: {
        name: shape.name,
        requestedName: shape.name,
        createdBy: shape.submittedBy,
        desiredPhase: 'Running',
        actualPhase: 'Failed',
        spec: {
          category: 'Deploy',
          restartPolicy,
          workers: shape.workers,
          replicas: 1,
          servingPort: { port: 8000, protocol: 'http' },
          leader: {
            image: framework.image,
            command: 'vllm',
            args: `serve /models/qwen3-235b --tensor-parallel-size 8 --pipeline-parallel-size ${shape.workers + 1}`,
            compute,
          },
          worker: { image: framework.image, command: 'ray', args: 'start --block --address=$(LWS_LEADER_ADDRESS):6379', compute },
        },
      },
    };
  }
  if (framework.key === 'ray') return undefined;
  const submitted = { image: framework.image, imagePullPolicy: 'IfNotPresent', restartPolicy, compute, backoffLimit: 0 };
  return {
    kind: 'v1',
    body: {
      name: shape.name,
      requestedName: shape.name,
      createdBy: shape.submittedBy,
      desiredPhase: 'Running',
      actualPhase: 'Failed',
      spec: { ...submitted, distributedFramework: framework.distributedFramework, numWorkers: shape.workers },
      ...(framework.key === 'jax' ? { masterSpecSameAsWorker: true } : { masterSpec: submitted, masterSpecSameAsWorker: false }),
    },
  };
}

/** A RayJob through Workloads V2: head and worker group limits differ on purpose. */
function raySpec(shape: Shape, headLimit: string, workerLimit: string, namespace: string) {
  const container = (name: string, limit: string, gpus: number) => ({
    name,
    image: FRAMEWORKS.ray.image,
    resources: {
      requests: { memory: limit, cpu: '8', ...(gpus ? { 'nvidia.com/gpu': String(gpus) } : {}) },
      limits: { memory: limit, ...(gpus ? { 'nvidia.com/gpu': String(gpus) } : {}) },
    },
  });
  return {
    kind: 'v2' as const,
    body: {
      workload: {
        metadata: { name: shape.name, gvk: { group: 'ray.io', version: 'v1', kind: 'RayJob' }, projectName: shape.project, createdBy: shape.submittedBy },
        desiredPhase: 'Running',
        workloadManifest: {
          apiVersion: 'ray.io/v1',
          kind: 'RayJob',
          metadata: { name: shape.name, namespace },
          spec: {
            entrypoint: 'python /app/train_ppo.py --num-workers 3',
            rayClusterSpec: {
              headGroupSpec: { template: { spec: { containers: [container('ray-head', headLimit, 0)] } } },
              workerGroupSpecs: [
                { groupName: 'gpu-group', replicas: shape.workers, template: { spec: { containers: [container('ray-worker', workerLimit, shape.gpus)] } } },
              ],
            },
          },
        },
      },
      syncInfo: { status: 'Synced' },
    },
  };
}

function memoryClimb(limit: string, endAgo: number, peakFraction: number): { ago: number; bytes: number }[] {
  const limitBytes = parseGi(limit);
  return Array.from({ length: 8 }, (_, index) => ({
    ago: endAgo + (8 - index) * 240,
    bytes: Math.round(limitBytes * (peakFraction - (7 - index) * 0.06)),
  }));
}

const oomEvent = (container: string, ago: number): PodEventPlan => ({
  reason: 'OOMKilled',
  message: `Container ${container} was OOM killed`,
  source: 'workload-controller',
  type: 'Warning',
  ago,
});

const clockAt = (secondsAgo: number) => {
  // A log clock for the text only (absolute dates never enter fields): 17:00:00 minus the offset.
  const total = (17 * 3600 - secondsAgo + 86400) % 86400;
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(Math.floor(total / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}.${String(100000 + ((secondsAgo * 7919) % 900000)).padStart(6, '0')}`;
};

interface Built {
  replicas: ReplicaPlan[];
  collateral: number;
}

/** Peers after the origin: NCCL watchdog timeouts (PyTorch-style ranks), ended `gap` seconds after it. */
function peersTimeOut(replicas: ReplicaPlan[], originPod: string, originAgo: number, gap: number, tier2: boolean, timeoutMs = 600000): number {
  let count = 0;
  replicas.forEach((replica, rank) => {
    if (replica.pod === originPod) return;
    const ended = originAgo - gap - (rank % 4);
    replica.endedAgo = ended;
    replica.runaiPhase = 'Error';
    if (tier2) {
      replica.exit = { code: 1, reason: 'Error' };
      replica.logs = ncclTimeoutLogs(rank, 48211, 'ALLREDUCE', 67108864, timeoutMs, timeoutMs + 180 + rank * 11, clockAt(ended));
    }
    count += 1;
  });
  return count;
}

/** Peers after the origin: deleted by the job's cleanup (SIGTERM, exit 143). */
function peersTerminated(replicas: ReplicaPlan[], originPod: string, originAgo: number, gap: number, tier2: boolean, torchrun: boolean): number {
  let count = 0;
  replicas.forEach((replica, rank) => {
    if (replica.pod === originPod) return;
    const ended = originAgo - gap;
    replica.endedAgo = ended;
    replica.runaiPhase = 'Error';
    if (tier2) {
      replica.exit = { code: 143, reason: 'Error' };
      if (torchrun) replica.logs = [...elasticSigtermLogs(41 + rank, clockAt(ended)), elasticSignalTraceback(102 + rank)];
    }
    count += 1;
  });
  return count;
}

// ---- families ------------------------------------------------------------------------------

interface Variant {
  shape: Shape;
  ordering: Exclude<Ordering, 'no-origin'>;
  /** Index in rank order (0 = rank 0 / head / leader / launcher) of the origin. */
  originAt: number;
  tier2: boolean;
  failedAgo: number;
}

function frame(
  variant: Variant,
  family: string,
  description: string,
  built: Built,
  originPod: string,
  extra: Omit<Partial<CasePlan>, 'expectation'> & { expectation: Omit<CaseExpectation, 'collateralAtLeast'> & { collateralAtLeast?: number } },
): CasePlan {
  const { shape } = variant;
  const framework = FRAMEWORKS[shape.framework];
  const namespace = `runai-${shape.project}`;
  const failure = framework.failedMessage(shape.name, namespace, replicaTypeOf(shape, originPod));
  const ordered = arrange(
    built.replicas,
    built.replicas.findIndex((replica) => replica.pod === originPod),
    variant.ordering,
  );
  const { expectation, ...rest } = extra;
  return {
    name: `${family}-${framework.key}-${variant.ordering}${variant.tier2 ? '-tier2' : ''}`,
    family,
    framework: framework.key,
    ordering: variant.ordering,
    description,
    tier2: variant.tier2,
    workload: {
      name: shape.name,
      project: shape.project,
      submittedBy: shape.submittedBy,
      type: framework.type,
      distributedFramework: framework.distributedFramework,
      ...(framework.sourceApi ? { sourceApi: framework.sourceApi } : {}),
      startedAgo: shape.startedAgo,
      phase: 'Failed',
      phaseMessage: failure.message || null,
      failedAgo: variant.failedAgo,
      conditions: failure.message ? [{ type: 'Failed', status: 'True', reason: failure.reason, message: failure.message, ago: variant.failedAgo }] : [],
      restartPolicy: 'Never',
    },
    replicas: ordered,
    spec: spec(shape, 'Never'),
    ...rest,
    expectation: {
      ...expectation,
      collateralAtLeast: expectation.collateralAtLeast ?? built.collateral,
      citation: [...new Set([...expectation.citation, ...framework.citations, CITE.kaiScheduled])],
    },
  };
}

function oomCase(variant: Variant, peers: 'nccl' | 'sigterm' | 'mpi' | 'lws'): CasePlan {
  const { shape, tier2 } = variant;
  const replicas = replicasOf(shape);
  const origin = replicas[variant.originAt]!;
  const originAgo = variant.failedAgo + 700;
  origin.endedAgo = originAgo;
  origin.runaiPhase = 'OOMKilled';
  origin.events = [oomEvent(origin.container, originAgo)];
  if (tier2) {
    origin.exit = { code: 137, reason: 'OOMKilled' };
    origin.logs = [
      `epoch 3 step 1840/5200 host_rss=${Math.round(parseGi(shape.memory.limit) / 1024 ** 3) - 2}GiB`,
      'prefetching shard 0413 into pinned memory',
    ];
  }
  const citation: string[] = [CITE.oomKilled];
  let collateral: number;
  if (peers === 'nccl') {
    collateral = peersTimeOut(replicas, origin.pod, originAgo, 600, tier2);
    citation.push(CITE.ncclWatchdog);
  } else if (peers === 'sigterm') {
    collateral = peersTerminated(replicas, origin.pod, originAgo, 25, tier2, shape.framework === 'pytorch');
    citation.push(CITE.elasticAgent, CITE.elasticSignal, CITE.elasticSignalException);
  } else if (peers === 'mpi') {
    collateral = peersTerminated(replicas, origin.pod, originAgo, 20, tier2, false);
    const launcher = replicas[0]!;
    const rank = variant.originAt - 1;
    launcher.exit = tier2 ? { code: 1, reason: 'Error' } : undefined;
    launcher.logs = [
      `[1,${rank}]<stdout>:step 920 images/sec: 2310.4`,
      '--------------------------------------------------------------------------',
      'Primary job  terminated normally, but 1 process returned',
      'a non-zero exit code. Per user-direction, the job has been aborted.',
      '--------------------------------------------------------------------------',
      `mpirun noticed that process rank ${rank} with PID 0 on node ${origin.pod} exited on signal 9 (Killed).`,
    ];
    citation.push(CITE.mpirunSignal);
  } else {
    // LeaderWorkerSet: the leader's vLLM/Ray process loses its worker and exits with an NCCL error.
    collateral = 0;
    replicas.forEach((replica) => {
      if (replica.pod === origin.pod) return;
      replica.endedAgo = originAgo - 40;
      replica.runaiPhase = 'Error';
      if (tier2) {
        replica.exit = { code: 1, reason: 'Error' };
        replica.logs = [
          ncclUnhandled('/pytorch/torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp', 3356, '2.21.5'),
          'ncclSystemError: System call (e.g. socket, malloc) or external library call failed or device error.',
        ];
      }
      collateral += 1;
    });
    citation.push(CITE.ncclSystemError, CITE.ncclSystemErrorTorch, CITE.lwsRecreate);
  }
  const extra: Partial<CasePlan> =
    shape.framework === 'inference'
      ? {
          workloadEvents: [
            {
              reason: 'RecreateGroup',
              kind: 'LeaderWorkerSet',
              name: shape.name,
              // lws pod_controller handleRestartPolicy: "Worker pod %s failed, deleted leader pod %s to recreate group %s"
              message: `Worker pod ${origin.pod} failed, deleted leader pod ${shape.name}-0 to recreate group 0`,
              source: 'lws',
              type: 'Normal',
              ago: originAgo - 5,
            },
          ],
        }
      : {};
  return frame(
    variant,
    'oom',
    `A ${replicas.length}-pod ${shape.framework} job: ${origin.pod} on ${origin.node} is OOM-killed first; ${collateral} peers fail after it (${peers}). The category comes from the origin, whatever the listing order.`,
    { replicas, collateral },
    origin.pod,
    {
      ...extra,
      memoryUsage: memoryClimb(shape.memory.limit, originAgo, 0.985),
      expectation: {
        category: 'OOM_KILLED',
        origin: { pod: origin.pod, node: origin.node, signalIncludes: ['OOM'] },
        quotedLine: 'OOMKilled',
        limitationWhenNoOrigin: false,
        citation,
        note: `Origin ${origin.pod} (${origin.node}) ended ${originAgo}s ago, the peers later; the pods, events and history list it ${variant.ordering.replace('origin-', '')}.`,
      },
    },
  );
}

function xidCase(variant: Variant, xid: 79 | 48 | 94 | 95, peers: 'nccl' | 'sigterm' | 'mpi'): CasePlan {
  const { shape } = variant;
  const replicas = replicasOf(shape);
  const origin = replicas[variant.originAt]!;
  const originAgo = variant.failedAgo + 650;
  const pci = `0000:${['1b', '3b', '5d', '9a', 'bb', 'db'][variant.originAt % 6]}:00`;
  const kernelLine = xid === 79 ? xidLines[79](pci) : xid === 48 ? xidLines[48](pci) : xidLines[xid](pci, 3100 + variant.originAt);
  origin.endedAgo = originAgo;
  origin.runaiPhase = 'Error';
  const cudaLine =
    xid === 79
      ? 'RuntimeError: CUDA error: unspecified launch failure'
      : xid === 48
        ? 'RuntimeError: CUDA error: uncorrectable ECC error encountered'
        : 'RuntimeError: CUDA error: an illegal memory access was encountered';
  origin.exit = { code: 1, reason: 'Error' };
  origin.logs = [
    ...traceback([['/workspace/train.py', 311, '<module>', 'loss.backward()']], cudaLine),
    'CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.',
  ];
  const citation: string[] = [
    xid === 48 ? CITE.xid48 : xid === 79 ? CITE.xidLine : CITE.xidContainment,
    CITE.xidCatalogue,
    CITE.npdGpuConditions,
    CITE.cudaError,
    CITE.cudaErrorStrings,
  ];
  let collateral: number;
  if (peers === 'nccl') {
    collateral = peersTimeOut(replicas, origin.pod, originAgo, 300, true, 300000);
    citation.push(CITE.ncclWatchdog);
  } else if (peers === 'sigterm') {
    collateral = peersTerminated(replicas, origin.pod, originAgo, 30, true, shape.framework === 'pytorch');
    citation.push(CITE.elasticAgent, CITE.elasticSignal);
  } else {
    collateral = peersTerminated(replicas, origin.pod, originAgo, 15, true, false);
    const launcher = replicas[0]!;
    launcher.exit = { code: 1, reason: 'Error' };
    launcher.logs = [
      'Primary job  terminated normally, but 1 process returned',
      'a non-zero exit code. Per user-direction, the job has been aborted.',
      ...replicas
        .slice(1)
        .flatMap((replica, rank) =>
          replica.pod === origin.pod ? [] : [`mpirun noticed that process rank ${rank} with PID 0 on node ${replica.pod} exited on signal 15 (Terminated).`],
        )
        .slice(0, 1),
    ];
    citation.push(CITE.mpirunSignal);
  }
  const nodeConditions = {
    [origin.node]: [
      {
        type: 'GPUXIDErrors',
        status: 'True',
        reason: 'XIDErrorsDetected',
        message: kernelLine,
        ago: originAgo + 4,
      },
    ],
  };
  const plan = frame(
    variant,
    'xid',
    `Tier 2. ${origin.pod} on ${origin.node} fails first with a CUDA error while its node reports Xid ${xid} (node-problem-detector GPU condition); ${collateral} peers fail after it. Hardware: NODE_FAILURE, origin on the Xid node.`,
    { replicas, collateral },
    origin.pod,
    {
      nodeConditions,
      expectation: {
        category: 'NODE_FAILURE',
        origin: { pod: origin.pod, node: origin.node, signalIncludes: ['Xid', String(xid)] },
        quotedLine: `NVRM: Xid (PCI:${pci}): ${xid}`,
        limitationWhenNoOrigin: false,
        citation,
        note: `The Xid line is the condition message of the node-problem-detector GPU check (condition type GPUXIDErrors as AKS documents it; the message carrying the kernel line is an assumption). Xid ${xid} is a hardware/driver Xid in DESIGN §4.8.`,
      },
    },
  );
  plan.name = plan.name.replace(/^xid-/, `xid${xid}-`);
  return plan;
}

function appErrorCase(variant: Variant, exception: { frames: [string, number, string, string][]; last: string }, peers: 'sigterm' | 'tcpstore'): CasePlan {
  const { shape, tier2 } = variant;
  const replicas = replicasOf(shape);
  const origin = replicas[variant.originAt]!;
  const originAgo = variant.failedAgo + 90;
  origin.endedAgo = originAgo;
  origin.runaiPhase = 'Error';
  const lines = traceback(exception.frames, exception.last);
  const namespace = `runai-${shape.project}`;
  if (tier2) {
    origin.exit = { code: 1, reason: 'Error' };
    origin.logs = [`[rank0]: ${shape.framework === 'pytorch' ? 'starting epoch 0' : 'loading dataset'}`, ...lines];
  }
  const citation: string[] = [CITE.pythonTraceback];
  let collateral: number;
  if (peers === 'sigterm') {
    collateral = peersTerminated(replicas, origin.pod, originAgo, 12, tier2, shape.framework === 'pytorch');
    if (shape.framework === 'pytorch') citation.push(CITE.elasticAgent, CITE.elasticSignal, CITE.elasticSignalException);
  } else {
    collateral = 0;
    replicas.forEach((replica, rank) => {
      if (replica.pod === origin.pod) return;
      replica.endedAgo = originAgo - 8;
      replica.runaiPhase = 'Error';
      if (tier2) {
        replica.exit = { code: 1, reason: 'Error' };
        replica.logs = tcpStoreResetLogs(rank, clockAt(originAgo - 8), `${origin.pod}.${namespace}.svc`);
      }
      collateral += 1;
    });
    citation.push(CITE.tcpStoreReset, CITE.distNetworkError);
  }
  // Tier 1: Run:ai relays the origin's termination in the phase message (as in fixtures/scenarios/crash-app-nonzero-exit).
  const framework = FRAMEWORKS[shape.framework];
  const failure = framework.failedMessage(shape.name, namespace, replicaTypeOf(shape, origin.pod));
  const plan = frame(
    variant,
    'app-exception',
    `${origin.pod} (rank 0) raises ${exception.last.split(':')[0]} and exits 1; ${collateral} peers fail after it (${peers === 'sigterm' ? 'SIGTERM, exit 143' : 'c10d TCPStore connection reset'}).`,
    { replicas, collateral },
    origin.pod,
    {
      expectation: {
        category: 'CRASH_APP_ERROR',
        origin: { pod: origin.pod, node: origin.node, signalIncludes: [exception.last.split(':')[0]!, 'exit code 1', 'exit 1'] },
        quotedLine: exception.last,
        limitationWhenNoOrigin: false,
        citation,
        note: 'The last line of the traceback is the decisive line; the peers\u2019 SIGTERM / connection errors are consequences.',
      },
    },
  );
  if (!tier2)
    plan.workload.phaseMessage = `${failure.message} Pod ${origin.pod} failed: container ${origin.container} terminated with exit code 1 (Error): Traceback (most recent call last): ... ${exception.last}`;
  return plan;
}

function notReadyCase(variant: Variant, peers: 'nccl' | 'tcpstore' | 'ray' | 'mpi' | 'lws' | 'sigterm'): CasePlan {
  const { shape, tier2 } = variant;
  const replicas = replicasOf(shape);
  const origin = replicas[variant.originAt]!;
  const namespace = `runai-${shape.project}`;
  const lostAgo = variant.failedAgo + 900;
  origin.endedAgo = lostAgo - 300;
  origin.runaiPhase = 'Failed';
  origin.events = [
    { reason: 'NodeNotReady', message: 'Node is not ready', source: 'node-controller', type: 'Warning', ago: lostAgo },
    {
      reason: 'TaintManagerEviction',
      message: `Marking for deletion Pod ${namespace}/${origin.pod}`,
      source: 'taint-eviction-controller',
      type: 'Normal',
      ago: lostAgo - 300,
    },
  ];
  origin.podStatus = { reason: 'NodeLost', message: `Node ${origin.node} which was running pod ${origin.pod} is unresponsive` };
  const citation: string[] = [CITE.nodeNotReady, CITE.taintEviction, CITE.nodeStatusUnknown];
  let collateral = 0;
  replicas.forEach((replica, rank) => {
    if (replica.pod === origin.pod) return;
    const ended = lostAgo - 600 - rank;
    replica.endedAgo = ended;
    replica.runaiPhase = 'Error';
    collateral += 1;
    if (!tier2) return;
    replica.exit = { code: 1, reason: 'Error' };
    if (peers === 'nccl') replica.logs = ncclTimeoutLogs(rank, 120551, 'REDUCE_SCATTER', 16777216, 600000, 600412 + rank, clockAt(ended));
    else if (peers === 'tcpstore') replica.logs = tcpStoreResetLogs(rank, clockAt(ended), `${origin.pod}.${namespace}.svc`);
    else if (peers === 'ray')
      replica.logs = [
        'ray.exceptions.ActorDiedError: The actor died unexpectedly before finishing this task.',
        '\tclass_name: RayTrainWorker',
        `The actor is dead because its worker process has died. Worker exit type: NODE_DIED Worker exit detail: The node with node id: 6f1c9d3e2b8a4f0c and address: 10.31.4.${rank + 20} and node name: ${origin.node} has been marked dead because the detector has missed too many heartbeats from it.`,
      ];
    else if (peers === 'lws') replica.logs = [ncclUnhandled('/pytorch/torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp', 3356, '2.21.5')];
    // MPI workers and TF replicas are deleted by the job's cleanup once it fails: SIGTERM, exit 143.
    else replica.exit = { code: 143, reason: 'Error' };
  });
  if (peers === 'nccl') citation.push(CITE.ncclWatchdog);
  if (peers === 'tcpstore') citation.push(CITE.tcpStoreReset, CITE.distNetworkError);
  if (peers === 'ray') citation.push(CITE.rayActorDied, CITE.rayWorkerDiedCause);
  if (peers === 'lws') citation.push(CITE.ncclSystemError, CITE.ncclSystemErrorTorch);
  if (peers === 'mpi') {
    const launcher = replicas[0]!;
    const other = replicas.find((replica, index) => index > 0 && replica !== origin)!;
    if (tier2 && launcher.pod !== origin.pod) {
      launcher.exit = { code: 1, reason: 'Error' };
      launcher.logs = [`mpirun noticed that process rank ${replicas.indexOf(other) - 1} with PID 0 on node ${other.pod} exited on signal 15 (Terminated).`];
    }
    citation.push(CITE.mpirunSignal);
  }
  const nodeConditions = {
    [origin.node]: [
      { type: 'Ready', status: 'Unknown', reason: 'NodeStatusUnknown', message: 'Kubelet stopped posting node status.', ago: lostAgo + 40 },
      { type: 'MemoryPressure', status: 'Unknown', reason: 'NodeStatusUnknown', message: 'Kubelet stopped posting node status.', ago: lostAgo + 40 },
    ],
  };
  return frame(
    variant,
    'node-notready',
    `${origin.node} stops posting status; ${origin.pod} is marked for deletion by the taint manager; ${collateral} peers fail minutes later (${peers}).`,
    { replicas, collateral },
    origin.pod,
    {
      nodeConditions,
      expectation: {
        category: 'NODE_FAILURE',
        origin: { pod: origin.pod, node: origin.node, signalIncludes: ['NotReady', 'not ready', 'NodeLost', 'Taint'] },
        quotedLine: 'Node is not ready',
        limitationWhenNoOrigin: false,
        citation,
        note: 'The origin\u2019s first failure is the NodeNotReady event (its completedAt is the later taint eviction); the peers end after it.',
      },
    },
  );
}

// ---- the special shapes of issue #23 -------------------------------------------------------

function sameSecondOneAppError(): CasePlan {
  const shape: Shape = {
    name: 'ul2-denoise-pt',
    project: 'lm-pretrain',
    submittedBy: 'h.okafor@example.com',
    framework: 'pytorch',
    workers: 5,
    nodePrefix: 'gpu-h200-r4-',
    memory: { request: '320Gi', limit: '384Gi' },
    gpus: 8,
    startedAgo: 7400,
  };
  const replicas = replicasOf(shape);
  const at = 2140;
  const origin = replicas[3]!;
  replicas.forEach((replica, rank) => {
    replica.endedAgo = at;
    replica.runaiPhase = 'Error';
    replica.exit = { code: 143, reason: 'Error' };
    replica.logs = [...elasticSigtermLogs(57 + rank, clockAt(at)), elasticSignalTraceback(118 + rank)];
  });
  const last = 'AssertionError: span corruption produced 0 targets for example 88213';
  origin.exit = { code: 1, reason: 'Error' };
  origin.logs = traceback([['/workspace/denoise.py', 144, 'collate', 'assert targets, f"span corruption produced 0 targets for example {idx}"']], last);
  const variant: Variant = { shape, ordering: 'origin-middle', originAt: 3, tier2: true, failedAgo: at - 2 };
  const plan = frame(
    variant,
    'same-second',
    `All ${replicas.length} replicas end in the same second (${at}s ago): ${origin.pod} with an AssertionError (exit 1), the others with SIGTERM (exit 143). Time cannot separate them; the signals can: a SIGTERM is sent by someone, the exception is the cause.`,
    { replicas, collateral: replicas.length - 1 },
    origin.pod,
    {
      expectation: {
        category: 'CRASH_APP_ERROR',
        origin: { pod: origin.pod, node: origin.node, signalIncludes: ['AssertionError', 'exit code 1', 'exit 1'] },
        quotedLine: last,
        limitationWhenNoOrigin: false,
        citation: [CITE.pythonTraceback, CITE.elasticAgent, CITE.elasticSignal, CITE.elasticSignalException],
        note: 'Issue #23 proof "all replicas failing at the same second with one app error": the only non-collateral signal is the origin. An engine that answers origin null here (order untold) is measured as a miss: the one application error is decisive.',
      },
    },
  );
  plan.name = 'same-second-one-app-error-pytorch-tier2';
  return plan;
}

function sameSecondTwoAppErrors(): CasePlan {
  const shape: Shape = {
    name: 'ctr-gbdt-weekly',
    project: 'ads-ranking',
    submittedBy: 'l.ferreira@example.com',
    framework: 'xgboost',
    workers: 3,
    nodePrefix: 'cpu-gpu-l40s-',
    memory: { request: '96Gi', limit: '128Gi' },
    gpus: 1,
    startedAgo: 5400,
  };
  const replicas = replicasOf(shape);
  const at = 980;
  replicas.forEach((replica) => {
    replica.endedAgo = at;
    replica.runaiPhase = 'Error';
    replica.exit = { code: 143, reason: 'Error' };
  });
  const first = replicas[0]!;
  const second = replicas[2]!;
  first.exit = { code: 1, reason: 'Error' };
  first.logs = traceback([['/app/train.py', 77, '<module>', "dtrain = xgb.DMatrix(df.drop(columns=['label']), label=df['label'])"]], "KeyError: 'label'");
  second.exit = { code: 1, reason: 'Error' };
  second.logs = traceback(
    [['/app/train.py', 52, '<module>', "df = pd.read_parquet(f'/data/ctr/part-{rank:05d}.parquet')"]],
    "FileNotFoundError: [Errno 2] No such file or directory: '/data/ctr/part-00001.parquet'",
  );
  const variant: Variant = { shape, ordering: 'origin-first', originAt: 0, tier2: true, failedAgo: at - 1 };
  const plan = frame(
    variant,
    'same-second',
    'All XGBoost replicas end in the same second; two of them raise different exceptions (exit 1), the others get SIGTERM. Neither time nor signal says which came first: origin null with a limitation, category from the application errors.',
    { replicas, collateral: 0 },
    first.pod,
    {
      expectation: {
        category: 'CRASH_APP_ERROR',
        origin: null,
        collateralAtLeast: 0,
        quotedLine: 'Error',
        limitationWhenNoOrigin: true,
        citation: [CITE.pythonTraceback],
        note: 'Two candidate origins in the same second: the order cannot be told, so origin is null and a limitation says why (never a vote). quotedLine is loose ("Error") because either exception may be quoted.',
      },
    },
  );
  plan.name = 'same-second-two-app-errors-xgboost-tier2';
  plan.ordering = 'no-origin';
  return plan;
}

function ncclEverywhere(staggered: boolean): CasePlan {
  const shape: Shape = staggered
    ? {
        name: 'moe-a22b-sft',
        project: 'post-training',
        submittedBy: 'y.tanaka@example.com',
        framework: 'pytorch',
        workers: 7,
        nodePrefix: 'node-b300-ib2-',
        memory: { request: '640Gi', limit: '720Gi' },
        gpus: 8,
        startedAgo: 30600,
      }
    : {
        name: 'vit-g-contrastive',
        project: 'multimodal-pt',
        submittedBy: 'p.novak@example.com',
        framework: 'pytorch',
        workers: 3,
        nodePrefix: 'a800-pod3-',
        memory: { request: '400Gi', limit: '480Gi' },
        gpus: 8,
        startedAgo: 12600,
      };
  const replicas = replicasOf(shape);
  const base = staggered ? 1260 : 3300;
  replicas.forEach((replica, rank) => {
    const ended = staggered ? base - (rank === 4 ? 0 : 3 + (rank % 3)) : base;
    replica.endedAgo = ended;
    replica.runaiPhase = 'Error';
    replica.exit = { code: 1, reason: 'Error' };
    replica.logs = ncclTimeoutLogs(
      rank,
      staggered ? 203117 : 8804,
      staggered ? 'ALLGATHER' : 'ALLREDUCE',
      staggered ? 268435456 : 1048576,
      1800000,
      1800000 + 97 + rank,
      clockAt(ended),
    );
  });
  const variant: Variant = { shape, ordering: 'origin-first', originAt: 0, tier2: true, failedAgo: base - 5 };
  const plan = frame(
    variant,
    'no-origin',
    staggered
      ? 'Every rank of an 8-pod job ends with an NCCL watchdog timeout; one (worker-3) ends 3–5 s before the rest. An earliest collateral is still collateral: no origin, UNKNOWN, the NCCL line quoted.'
      : 'Every rank of a 4-pod job ends in the same second with an NCCL watchdog timeout and nothing else: UNKNOWN, the NCCL line quoted, origin null with a limitation.',
    { replicas, collateral: 0 },
    replicas[0]!.pod,
    {
      expectation: {
        category: 'UNKNOWN',
        origin: null,
        collateralAtLeast: 0,
        quotedLine: 'Watchdog caught collective operation timeout',
        limitationWhenNoOrigin: true,
        citation: [CITE.ncclWatchdog],
        note: 'Issue #23 proof "NCCL timeouts everywhere with no origin". A hung collective has a cause outside the logs read (a peer that stalled, the fabric): never a majority vote, never the earliest timeout as origin.',
      },
    },
  );
  plan.name = `no-origin-nccl-everywhere-pytorch${staggered ? '-staggered' : ''}-tier2`;
  plan.ordering = 'no-origin';
  return plan;
}

function crashThenDeadline(framework: 'pytorch' | 'ray'): CasePlan {
  if (framework === 'pytorch') {
    const shape: Shape = {
      name: 'whisper-ft-ko',
      project: 'speech-asr',
      submittedBy: 'j.kim@example.com',
      framework: 'pytorch',
      workers: 3,
      nodePrefix: 'hgx-h20-b1-',
      memory: { request: '160Gi', limit: '192Gi' },
      gpus: 8,
      startedAgo: 14500,
    };
    const replicas = replicasOf(shape);
    const origin = replicas[2]!;
    const last = 'ValueError: Expected input batch_size (24) to match target batch_size (23).';
    // restartPolicy OnFailure: the worker crash-loops from 2600 s ago (BackOff events) until the
    // deadline; Tier 2 shows its last termination (1950 s ago) in lastState.
    origin.endedAgo = 1950;
    origin.runaiPhase = 'Running';
    origin.exit = { code: 1, reason: 'Error' };
    origin.restarts = 3;
    origin.events = [2590, 2380, 2150, 1940].map((at) => ({
      reason: 'BackOff',
      message: `Back-off restarting failed container ${origin.container} in pod ${origin.pod}_runai-${shape.project}(${stableId(`deadline-after-crash-pytorch-origin-middle-tier2/pod-uid/${origin.pod}`)})`,
      source: 'kubelet',
      type: 'Warning' as const,
      ago: at,
    }));
    origin.logs = traceback([['/workspace/finetune_whisper.py', 402, 'training_step', 'loss = criterion(logits.transpose(1, 2), labels)']], last);
    replicas.forEach((replica, rank) => {
      if (replica === origin) return;
      replica.endedAgo = 1800 - rank;
      replica.runaiPhase = 'Error';
      replica.exit = { code: 143, reason: 'Error' };
      replica.logs = [...elasticSigtermLogs(60 + rank, clockAt(1800)), elasticSignalTraceback(130 + rank)];
    });
    const variant: Variant = { shape, ordering: 'origin-middle', originAt: 2, tier2: true, failedAgo: 1800 };
    const deadline = `PyTorchJob ${shape.name} has failed because it was active longer than specified deadline`;
    const plan = frame(
      variant,
      'deadline-after-crash',
      `${origin.pod} raises a ValueError and crash-loops from 2600 s ago (restartPolicy OnFailure); the job's activeDeadlineSeconds ends it 800 s after the first crash and the rest are SIGTERMed. The category comes from the crash, not the deadline.`,
      { replicas, collateral: replicas.length - 1 },
      origin.pod,
      {
        expectation: {
          category: 'CRASH_APP_ERROR',
          origin: { pod: origin.pod, node: origin.node, signalIncludes: ['ValueError', 'exit code 1', 'exit 1'] },
          quotedLine: last,
          limitationWhenNoOrigin: false,
          citation: [CITE.pythonTraceback, CITE.trainingOperatorCommon, CITE.elasticAgent, CITE.elasticSignal, CITE.kubeletBackOff],
          note: 'Issue #23: "a crash followed by the job\u2019s deadline becomes a policy termination" today. The deadline is the consequence of the crash loop. The origin\u2019s first failure is its first BackOff (2590 s ago); Tier 2 lastState shows its latest exit.',
        },
      },
    );
    plan.workload.phaseMessage = deadline;
    plan.workload.restartPolicy = 'OnFailure';
    plan.spec = spec(shape, 'OnFailure');
    plan.workload.conditions = [{ type: 'Failed', status: 'True', reason: 'PyTorchJobFailed', message: deadline, ago: 1800 }];
    plan.name = 'deadline-after-crash-pytorch-origin-middle-tier2';
    return plan;
  }
  const shape: Shape = {
    name: 'ppo-humanoid-sweep',
    project: 'robotics-rl',
    submittedBy: 'c.dubois@example.com',
    framework: 'ray',
    workers: 3,
    nodePrefix: 'l40s-rack7-',
    memory: { request: '48Gi', limit: '64Gi' },
    gpus: 2,
    startedAgo: 9000,
  };
  const replicas = replicasOf(shape);
  const origin = replicas[2]!;
  origin.endedAgo = 4100;
  origin.runaiPhase = 'Error';
  origin.events = [
    {
      reason: 'BackOff',
      message: `Back-off restarting failed container ray-worker in pod ${origin.pod}_runai-${shape.project}(${stableId(`deadline-after-crash-ray-origin-last/pod-uid/${origin.pod}`)})`,
      source: 'kubelet',
      type: 'Warning',
      ago: 4100,
    },
  ];
  replicas.forEach((replica) => {
    if (replica === origin) return;
    replica.endedAgo = 3600;
    replica.runaiPhase = 'Error';
  });
  const variant: Variant = { shape, ordering: 'origin-last', originAt: 2, tier2: false, failedAgo: 3600 };
  const deadlineMessage = 'The RayJob has passed the activeDeadlineSeconds. StartTime: 2026-12-02 14:40:12 +0000 UTC. ActiveDeadlineSeconds: 5400';
  const plan = frame(
    variant,
    'deadline-after-crash',
    `A Ray worker crash-loops from 4100 s ago (kubelet BackOff); the RayJob hits activeDeadlineSeconds 500 s later. Category from the crash, not the deadline.`,
    { replicas, collateral: replicas.length - 1 },
    origin.pod,
    {
      spec: raySpec(shape, '32Gi', '64Gi', `runai-${shape.project}`),
      expectation: {
        category: 'CRASH_APP_ERROR',
        // The kubelet's BackOff event says "Back-off restarting failed container …" (its reason is BackOff): the words
        // this expectation quotes as the line are the origin's signal too (kubernetes pkg/kubelet/kuberuntime).
        origin: { pod: origin.pod, node: origin.node, signalIncludes: ['BackOff', 'Back-off', 'crash', 'exit'] },
        quotedLine: 'Back-off restarting failed container ray-worker',
        limitationWhenNoOrigin: false,
        citation: [CITE.kuberayDeadline, CITE.kubeletBackOff],
        note: 'Tier 1 only: the worker\u2019s BackOff events precede the deadline condition. A policy verdict (SCHEDULING_POLICY_TERMINATED) from the deadline is the miss issue #23 names.',
      },
    },
  );
  plan.workload.phaseMessage = deadlineMessage;
  plan.workload.conditions = [{ type: 'Failed', status: 'True', reason: 'DeadlineExceeded', message: deadlineMessage, ago: 3600 }];
  plan.name = 'deadline-after-crash-ray-origin-last';
  return plan;
}

function hungPeersPreempted(framework: 'pytorch' | 'tf', tier2: boolean): CasePlan {
  const shape: Shape =
    framework === 'pytorch'
      ? {
          name: 'sd3-distill',
          project: 'genmedia',
          submittedBy: 'a.nwosu@example.com',
          framework: 'pytorch',
          workers: 4,
          nodePrefix: 'gx-h100-pcie-',
          memory: { request: '200Gi', limit: '240Gi' },
          gpus: 4,
          startedAgo: 16000,
        }
      : {
          name: 'det-swin-l',
          project: 'perception',
          submittedBy: 'm.alvarez@example.com',
          framework: 'tf',
          workers: 3,
          nodePrefix: 'dgx-a100-rowc-',
          memory: { request: '96Gi', limit: '112Gi' },
          gpus: 8,
          startedAgo: 11000,
        };
  const replicas = replicasOf(shape);
  const originAt = framework === 'pytorch' ? 3 : 1;
  const origin = replicas[originAt]!;
  const namespace = `runai-${shape.project}`;
  const originAgo = 3100;
  origin.endedAgo = originAgo;
  origin.runaiPhase = 'OOMKilled';
  origin.events = [oomEvent(origin.container, originAgo)];
  if (tier2) origin.exit = { code: 137, reason: 'OOMKilled' };
  replicas.forEach((replica) => {
    if (replica === origin) return;
    replica.endedAgo = 1900;
    replica.runaiPhase = 'Error';
    replica.events = [
      {
        reason: 'Evict',
        message: `Pod ${namespace}/${replica.pod} was preempted by higher priority workload runai-prod-serving/chat-llm-70b`,
        source: 'kai-scheduler',
        type: 'Normal',
        ago: 1905,
      },
    ];
    if (tier2) replica.exit = { code: 143, reason: 'Error' };
  });
  // The job is Failed as soon as the origin is (restartPolicy Never); its hung peers keep their GPUs until preempted.
  const variant: Variant = { shape, ordering: framework === 'pytorch' ? 'origin-last' : 'origin-first', originAt, tier2, failedAgo: originAgo - 5 };
  const plan = frame(
    variant,
    'preempted-after-origin',
    `${origin.pod} is OOM-killed ${originAgo} s ago; its peers hang and are preempted by a higher-priority workload 1200 s later. The category comes from the origin, not the preemption (no route).`,
    { replicas, collateral: replicas.length - 1 },
    origin.pod,
    {
      memoryUsage: memoryClimb(shape.memory.limit, originAgo, 0.99),
      expectation: {
        category: 'OOM_KILLED',
        origin: { pod: origin.pod, node: origin.node, signalIncludes: ['OOM'] },
        quotedLine: 'OOMKilled',
        limitationWhenNoOrigin: false,
        citation: [CITE.oomKilled, CITE.kaiPreempt],
        note: 'Issue #23: "when an OOM-killed worker\u2019s hung peers are then preempted, the verdict is preempted". The preemption of hung peers is collateral.',
      },
    },
  );
  plan.name = `preempted-after-origin-${framework}-${variant.ordering}${tier2 ? '-tier2' : ''}`;
  return plan;
}

function rayMemory(origin: 'head' | 'worker'): CasePlan {
  const shape: Shape =
    origin === 'head'
      ? {
          name: 'grpo-math-rollout',
          project: 'reasoning-rl',
          submittedBy: 's.iyer@example.com',
          framework: 'ray',
          workers: 3,
          nodePrefix: 'h100-nvl-',
          memory: { request: '16Gi', limit: '16Gi' },
          gpus: 4,
          startedAgo: 8200,
        }
      : {
          name: 'dreamer-v3-batch',
          project: 'world-models',
          submittedBy: 'e.larsen@example.com',
          framework: 'ray',
          workers: 4,
          nodePrefix: 'a6000-lab-',
          memory: { request: '96Gi', limit: '96Gi' },
          gpus: 2,
          startedAgo: 6100,
        };
  const headLimit = origin === 'head' ? '16Gi' : '12Gi';
  const workerLimit = origin === 'head' ? '192Gi' : '96Gi';
  const replicas = replicasOf(shape);
  replicas.forEach((replica, index) => {
    replica.memory = index === 0 ? { request: headLimit, limit: headLimit } : { request: workerLimit, limit: workerLimit };
  });
  const originAt = origin === 'head' ? 0 : 3;
  const victim = replicas[originAt]!;
  const originAgo = 2200;
  victim.endedAgo = originAgo;
  victim.runaiPhase = 'OOMKilled';
  victim.events = [oomEvent(victim.container, originAgo)];
  victim.exit = { code: 137, reason: 'OOMKilled' };
  replicas.forEach((replica, rank) => {
    if (replica === victim) return;
    replica.endedAgo = originAgo - 35 - rank;
    replica.runaiPhase = 'Error';
    replica.exit = { code: 1, reason: 'Error' };
    replica.logs =
      origin === 'head'
        ? [`[2026-12-02 16:23:0${rank},851 W 212 212] gcs_rpc_client.h:151: Failed to connect to GCS at address 10.44.7.${30 + rank}:6379 within 5 seconds.`]
        : ['ray.exceptions.ActorDiedError: The actor died unexpectedly before finishing this task.', '\tclass_name: EnvRunner'];
  });
  const variant: Variant = { shape, ordering: origin === 'head' ? 'origin-middle' : 'origin-first', originAt, tier2: true, failedAgo: originAgo - 60 };
  const limitBytes = parseGi(origin === 'head' ? headLimit : workerLimit);
  const plan = frame(
    variant,
    'ray-limit',
    origin === 'head'
      ? `The Ray head (limit ${headLimit}, workers ${workerLimit}) is OOM-killed; the workers lose the GCS and exit. The verdict reports the head\u2019s limit, not the workers\u2019.`
      : `A Ray worker (limit ${workerLimit}; head ${headLimit}) is OOM-killed; the driver sees ActorDiedError. The verdict reports the worker\u2019s limit, not the head\u2019s.`,
    { replicas, collateral: replicas.length - 1 },
    victim.pod,
    {
      spec: raySpec(shape, headLimit, workerLimit, `runai-${shape.project}`),
      memoryUsage: memoryClimb(origin === 'head' ? headLimit : workerLimit, originAgo, 0.97),
      expectation: {
        category: 'OOM_KILLED',
        origin: { pod: victim.pod, node: victim.node, signalIncludes: ['OOM'] },
        quotedLine: 'OOMKilled',
        limitationWhenNoOrigin: false,
        memoryLimitBytes: limitBytes,
        citation: [CITE.oomKilled, CITE.kuberayPodNames, ...(origin === 'head' ? [CITE.rayGcsConnect, CITE.rayGcsConnectSeen] : [CITE.rayActorDied])],
        note: `Issue #23: "a Ray head\u2019s limit is reported as the workers\u2019". memoryLimitBytes is the ${origin}\u2019s limit.${origin === 'head' ? ' The workers\u2019 "Failed to connect to GCS" line is their consequence of the head\u2019s death.' : ''}`,
      },
    },
  );
  plan.name = `ray-limit-${origin}-origin-${origin === 'head' ? 'middle' : 'first'}-tier2`;
  return plan;
}

/**
 * The time of the first failure is only in the history: the pods were cleaned up and the events
 * endpoint no longer returns them. The origin's NodeNotReady and the peers' kubelet Killing
 * events, and the Scheduled events naming each pod's node, are history records written in an
 * order that puts the origin last.
 */
function historyOnly(): CasePlan {
  const shape: Shape = {
    name: 'nemotron-rm-34b',
    project: 'reward-models',
    submittedBy: 'z.hussain@example.com',
    framework: 'pytorch',
    workers: 4,
    nodePrefix: 'dgx-h100-sp-',
    memory: { request: '360Gi', limit: '400Gi' },
    gpus: 8,
    startedAgo: 2 * 86400,
  };
  const replicas = replicasOf(shape);
  const origin = replicas[2]!;
  const namespace = `runai-${shape.project}`;
  const lostAgo = 86400 + 5000;
  origin.endedAgo = lostAgo - 300;
  origin.runaiPhase = 'Failed';
  origin.events = [
    { reason: 'NodeNotReady', message: 'Node is not ready', source: 'node-controller', type: 'Warning', ago: lostAgo },
    {
      reason: 'TaintManagerEviction',
      message: `Marking for deletion Pod ${namespace}/${origin.pod}`,
      source: 'taint-eviction-controller',
      type: 'Normal',
      ago: lostAgo - 300,
    },
  ];
  replicas.forEach((replica) => {
    if (replica === origin) return;
    replica.endedAgo = lostAgo - 640;
    replica.runaiPhase = 'Error';
    replica.events = [{ reason: 'Killing', message: `Stopping container ${replica.container}`, source: 'kubelet', type: 'Normal', ago: lostAgo - 630 }];
  });
  const variant: Variant = { shape, ordering: 'origin-last', originAt: 2, tier2: false, failedAgo: lostAgo - 660 };
  const plan = frame(
    variant,
    'node-notready',
    `A day later: the pods are gone and the events expired. Only the history says ${origin.pod}'s node went NotReady (${lostAgo}s ago) before the other four were stopped (630 s later).`,
    { replicas, collateral: replicas.length - 1 },
    origin.pod,
    {
      podsAndEventsGone: true,
      expectation: {
        category: 'NODE_FAILURE',
        origin: { pod: origin.pod, node: origin.node, signalIncludes: ['NotReady', 'not ready'] },
        quotedLine: 'Node is not ready',
        limitationWhenNoOrigin: false,
        citation: [CITE.nodeNotReady, CITE.taintEviction, CITE.kubeletKilling],
        note: 'Timing from history records only (no pods, no events). The node comes from the history\u2019s Scheduled event for the origin pod.',
      },
    },
  );
  plan.name = 'node-notready-pytorch-history-only-origin-last';
  return plan;
}

/**
 * Every replica restarts in place (restartPolicy OnFailure), so Run:ai shows no completedAt: the
 * order is in Tier 2, each container's lastState.terminated.finishedAt. Rank 0's exception is
 * 420 s older than the peers' exits.
 */
function finishedAtOnly(): CasePlan {
  const shape: Shape = {
    name: 'retrieval-colbert-v3',
    project: 'search-ranking',
    submittedBy: 'r.mendes@example.com',
    framework: 'pytorch',
    workers: 3,
    nodePrefix: 'gpu-a100-40g-',
    memory: { request: '120Gi', limit: '144Gi' },
    gpus: 4,
    startedAgo: 11000,
  };
  const replicas = replicasOf(shape);
  const origin = replicas[0]!;
  const last =
    'RuntimeError: Error(s) in loading state_dict for ColBERT:\n\tsize mismatch for linear.weight: copying a param with shape torch.Size([128, 768]) from checkpoint, the shape in current model is torch.Size([96, 768]).';
  const lastLine = 'RuntimeError: Error(s) in loading state_dict for ColBERT:';
  const namespace = `runai-${shape.project}`;
  replicas.forEach((replica, rank) => {
    replica.runaiPhase = 'Running';
    replica.restarts = 3;
    const backOffAgo = (replica === origin ? 1500 : 1080) - 12;
    replica.events = [
      {
        reason: 'BackOff',
        message: `Back-off restarting failed container ${replica.container} in pod ${replica.pod}_${namespace}(${stableId(`app-exception-pytorch-finishedat-only-origin-first-tier2/pod-uid/${replica.pod}`)})`,
        source: 'kubelet',
        type: 'Warning',
        ago: backOffAgo,
      },
    ];
    if (replica === origin) {
      replica.endedAgo = 1500;
      replica.exit = { code: 1, reason: 'Error' };
      replica.logs = traceback([['/workspace/train_colbert.py', 118, 'main', 'model.load_state_dict(torch.load(args.resume))']], last).flatMap((line) =>
        line.split('\n'),
      );
    } else {
      replica.endedAgo = 1080 - rank;
      replica.exit = { code: 1, reason: 'Error' };
      replica.logs = tcpStoreResetLogs(rank, clockAt(1080), `${origin.pod}.runai-${shape.project}.svc`);
    }
  });
  const variant: Variant = { shape, ordering: 'origin-first', originAt: 0, tier2: true, failedAgo: 1000 };
  const plan = frame(
    variant,
    'app-exception',
    `restartPolicy OnFailure: every replica restarts in place and Run:ai shows no completedAt; Tier 2 lastState.finishedAt puts ${origin.pod}'s RuntimeError 420 s before the peers' TCPStore resets.`,
    { replicas, collateral: replicas.length - 1 },
    origin.pod,
    {
      spec: spec(shape, 'OnFailure'),
      expectation: {
        category: 'CRASH_APP_ERROR',
        origin: { pod: origin.pod, node: origin.node, signalIncludes: ['RuntimeError', 'exit code 1', 'exit 1'] },
        quotedLine: lastLine,
        limitationWhenNoOrigin: false,
        citation: [CITE.pythonTraceback, CITE.torchLoadStateDict, CITE.tcpStoreReset, CITE.distNetworkError],
        note: 'Timing from Tier 2 container finishedAt only (Run:ai pods carry no completedAt while they restart).',
      },
    },
  );
  plan.workload.restartPolicy = 'OnFailure';
  plan.workload.phase = 'Degraded';
  plan.workload.phaseMessage = null;
  plan.workload.conditions = [{ type: 'Degraded', status: 'True', reason: 'PodsNotReady', ago: 1000 }];
  plan.expectation.citation.push(CITE.kubeletBackOff);
  plan.name = 'app-exception-pytorch-finishedat-only-origin-first-tier2';
  return plan;
}

// ---- the set ---------------------------------------------------------------------------------

const shapes = {
  pt12: {
    name: 'llama3-70b-cpt-ja',
    project: 'lm-continued',
    submittedBy: 'r.sato@example.com',
    framework: 'pytorch',
    workers: 12,
    nodePrefix: 'gpu-h200-a',
    memory: { request: '896Gi', limit: '1024Gi' },
    gpus: 8,
    startedAgo: 40000,
  },
  pt6: {
    name: 'codegen-dpo-r2',
    project: 'code-models',
    submittedBy: 'b.osei@example.com',
    framework: 'pytorch',
    workers: 5,
    nodePrefix: 'xe9680-',
    memory: { request: '480Gi', limit: '512Gi' },
    gpus: 8,
    startedAgo: 21000,
  },
  pt3: {
    name: 'bert-xl-mlm',
    project: 'nlu-core',
    submittedBy: 'f.rahman@example.com',
    framework: 'pytorch',
    workers: 3,
    nodePrefix: 'v100-legacy-',
    memory: { request: '64Gi', limit: '80Gi' },
    gpus: 4,
    startedAgo: 9800,
  },
  pt10: {
    name: 'mamba2-2p7b-pt',
    project: 'ssm-research',
    submittedBy: 't.mueller@example.com',
    framework: 'pytorch',
    workers: 9,
    nodePrefix: 'dgx-gh200-',
    memory: { request: '400Gi', limit: '448Gi' },
    gpus: 4,
    startedAgo: 26000,
  },
  tf6: {
    name: 'effdet-d7-coco',
    project: 'detection',
    submittedBy: 'g.rossi@example.com',
    framework: 'tf',
    workers: 5,
    nodePrefix: 'tesla-a40-',
    memory: { request: '72Gi', limit: '88Gi' },
    gpus: 4,
    startedAgo: 15000,
  },
  tf4: {
    name: 'wide-deep-recsys',
    project: 'recsys',
    submittedBy: 'k.andersen@example.com',
    framework: 'tf',
    workers: 3,
    nodePrefix: 'gpu-t4-pool-',
    memory: { request: '40Gi', limit: '48Gi' },
    gpus: 2,
    startedAgo: 7000,
  },
  xgb4: {
    name: 'churn-xgb-hist',
    project: 'customer-ml',
    submittedBy: 'n.haddad@example.com',
    framework: 'xgboost',
    workers: 3,
    nodePrefix: 'cpu-hm-',
    memory: { request: '220Gi', limit: '256Gi' },
    gpus: 1,
    startedAgo: 6600,
  },
  jax8: {
    name: 'gemma-jax-sft',
    project: 'tpu-port',
    submittedBy: 'o.petrov@example.com',
    framework: 'jax',
    workers: 8,
    nodePrefix: 'hgx-b200-c2-',
    memory: { request: '600Gi', limit: '640Gi' },
    gpus: 8,
    startedAgo: 18000,
  },
  jax4: {
    name: 'diffusion-jax-bf16',
    project: 'genmedia-jax',
    submittedBy: 'w.zhang@example.com',
    framework: 'jax',
    workers: 4,
    nodePrefix: 'h800-hx-',
    memory: { request: '300Gi', limit: '320Gi' },
    gpus: 8,
    startedAgo: 12000,
  },
  mpi5: {
    name: 'resnet152-hvd',
    project: 'hpc-vision',
    submittedBy: 'd.cohen@example.com',
    framework: 'mpi',
    workers: 4,
    nodePrefix: 'sxm4-rack2-',
    memory: { request: '110Gi', limit: '128Gi' },
    gpus: 8,
    startedAgo: 9000,
  },
  mpi6: {
    name: 'wrf-gpu-ensemble',
    project: 'climate-sim',
    submittedBy: 'i.santos@example.com',
    framework: 'mpi',
    workers: 5,
    nodePrefix: 'hpc-a100-n',
    memory: { request: '180Gi', limit: '200Gi' },
    gpus: 4,
    startedAgo: 20000,
  },
  inf3: {
    name: 'qwen3-235b-serve',
    project: 'llm-serving',
    submittedBy: 'v.ivanova@example.com',
    framework: 'inference',
    workers: 2,
    nodePrefix: 'h20-serve-',
    memory: { request: '256Gi', limit: '288Gi' },
    gpus: 8,
    startedAgo: 50000,
  },
  inf4: {
    name: 'ds-v3-disagg',
    project: 'llm-serving-b',
    submittedBy: 'q.li@example.com',
    framework: 'inference',
    workers: 3,
    nodePrefix: 'b200-srv-',
    memory: { request: '512Gi', limit: '576Gi' },
    gpus: 8,
    startedAgo: 60000,
  },
  ray4: {
    name: 'ppo-rlhf-7b',
    project: 'alignment',
    submittedBy: 'u.karimi@example.com',
    framework: 'ray',
    workers: 3,
    nodePrefix: 'l40s-ray-',
    memory: { request: '128Gi', limit: '160Gi' },
    gpus: 4,
    startedAgo: 14000,
  },
} satisfies Record<string, Shape>;

const keyError = {
  frames: [
    ['/workspace/train_dpo.py', 288, '<module>', 'main()'],
    ['/workspace/train_dpo.py', 201, 'main', "batch['chosen_attention_mask']"],
  ] as [string, number, string, string][],
  last: "KeyError: 'chosen_attention_mask'",
};
const fileMissing = {
  frames: [['/app/train.py', 64, '<module>', "dtrain = load_split('/data/churn/2026-11/train')"]] as [string, number, string, string][],
  last: "FileNotFoundError: [Errno 2] No such file or directory: '/data/churn/2026-11/train/_SUCCESS'",
};
const typeErr = {
  frames: [['/workspace/model.py', 93, 'call', 'x = self.head(features, training)']] as [string, number, string, string][],
  last: 'TypeError: call() takes 2 positional arguments but 3 were given',
};
const indexErr = {
  frames: [['/workspace/mlm.py', 155, 'mask_tokens', 'probs[special] = 0.0']] as [string, number, string, string][],
  last: 'IndexError: index 30522 is out of bounds for dimension 0 with size 30522',
};
const zeroDiv = {
  frames: [['/src/train_jax.py', 212, 'schedule', 'warmup = step / warmup_steps']] as [string, number, string, string][],
  last: 'ZeroDivisionError: division by zero',
};

/** The same shape under another workload name (and so other pod names): no two cases share a workload. */
const renamed = (shape: Shape, tail: string): Shape => ({ ...shape, name: `${shape.name}-${tail}` });

/** Every case of the held-out set, in a stable order. */
export function heldOutCases(): CasePlan[] {
  const variant = (shape: Shape, ordering: Variant['ordering'], originAt: number, tier2: boolean, failedAgo: number): Variant => ({
    shape,
    ordering,
    originAt,
    tier2,
    failedAgo,
  });
  return [
    // OOM × frameworks × orderings
    oomCase(variant(shapes.pt12, 'origin-last', 9, true, 5400), 'nccl'),
    oomCase(variant(shapes.pt6, 'origin-first', 4, false, 3000), 'sigterm'),
    oomCase(variant(shapes.tf6, 'origin-middle', 3, false, 4200), 'sigterm'),
    oomCase(variant(shapes.xgb4, 'origin-first', 0, false, 1500), 'sigterm'),
    oomCase(variant(shapes.jax8, 'origin-middle', 5, true, 2500), 'sigterm'),
    oomCase(variant(shapes.mpi5, 'origin-last', 3, true, 3900), 'mpi'),
    oomCase(variant(shapes.inf3, 'origin-middle', 2, false, 8000), 'lws'),
    oomCase(variant(shapes.inf4, 'origin-last', 1, true, 9100), 'lws'),
    // Xid on the origin's node
    xidCase(variant(shapes.pt10, 'origin-middle', 6, true, 2900), 79, 'nccl'),
    xidCase(variant(shapes.tf4, 'origin-first', 2, true, 1700), 48, 'sigterm'),
    xidCase(variant(shapes.jax4, 'origin-first', 1, true, 3300), 95, 'sigterm'),
    xidCase(variant(shapes.mpi6, 'origin-middle', 4, true, 6100), 94, 'mpi'),
    xidCase(variant({ ...shapes.pt3, name: 'bert-xl-mlm-r2', nodePrefix: 'v100-legacy-b' }, 'origin-last', 1, true, 2000), 79, 'sigterm'),
    // Exception on rank 0
    appErrorCase(variant(renamed(shapes.pt6, 'b'), 'origin-last', 0, true, 1300), keyError, 'sigterm'),
    appErrorCase(variant({ ...shapes.pt3, name: 'bert-xl-mlm-r3' }, 'origin-first', 0, false, 800), indexErr, 'tcpstore'),
    appErrorCase(variant(renamed(shapes.xgb4, 'b'), 'origin-middle', 0, true, 600), fileMissing, 'sigterm'),
    appErrorCase(variant(renamed(shapes.tf6, 'b'), 'origin-last', 0, true, 2100), typeErr, 'sigterm'),
    appErrorCase(variant(renamed(shapes.jax4, 'b'), 'origin-middle', 0, false, 1450), zeroDiv, 'sigterm'),
    appErrorCase(variant(renamed(shapes.pt12, 'b'), 'origin-middle', 0, true, 4000), keyError, 'tcpstore'),
    // Node NotReady
    notReadyCase(variant(renamed(shapes.pt10, 'b'), 'origin-middle', 4, false, 2400), 'nccl'),
    notReadyCase(variant(renamed(shapes.tf6, 'c'), 'origin-last', 2, true, 5000), 'sigterm'),
    notReadyCase(variant(renamed(shapes.inf3, 'b'), 'origin-first', 0, true, 7000), 'lws'),
    notReadyCase(variant(shapes.ray4, 'origin-middle', 2, true, 3500), 'ray'),
    notReadyCase(variant(renamed(shapes.mpi6, 'b'), 'origin-first', 3, true, 4400), 'mpi'),
    notReadyCase(variant(renamed(shapes.pt12, 'c'), 'origin-first', 7, true, 6500), 'nccl'),
    // The special shapes
    sameSecondOneAppError(),
    sameSecondTwoAppErrors(),
    ncclEverywhere(false),
    ncclEverywhere(true),
    crashThenDeadline('pytorch'),
    crashThenDeadline('ray'),
    hungPeersPreempted('pytorch', false),
    hungPeersPreempted('tf', true),
    rayMemory('head'),
    rayMemory('worker'),
    historyOnly(),
    finishedAtOnly(),
  ];
}
