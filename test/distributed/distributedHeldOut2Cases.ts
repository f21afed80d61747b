/**
 * The second held-out distributed set (fixtures/distributed-heldout-2), generated like the first
 * (families × frameworks × orderings, through buildHeldOutCase) but with shapes the first set
 * does not have: node faults seen only as kubelet evictions or a node shutdown, MPI launchers
 * that report a worker's death, JAX/TF coordination-service collateral, Ray nodes marked dead,
 * a GPU fault under a LeaderWorkerSet, a replica restarted several times (the origin is its first
 * failure), timestamps written in other forms or listed newest first, names that point at the
 * wrong category, ties between two categories, replicas with no failure time at all, and jobs
 * where every replica shows only collateral in different formats.
 *
 * It was written without reading the engine (functions/diagnosis/): every expectation follows
 * from what the upstream message means and from DESIGN §4.8. Every message text is an upstream
 * format, cited next to the helper that writes it and in the case's `citation`.
 */
import { parseGi, stableId, type CasePlan, type ReplicaPlan, type WorkloadEventPlan } from './buildHeldOutCase.js';
import { assembleHeldOutCase, type HeldOutCaseParts, type HeldOutFramework } from './assembleHeldOutCase.js';
import { clockAt } from './clockAt.js';
import { ERROR_1, SIGTERM_143, endReplica } from './endReplica.js';
import { notReadyConditions, oomEvent, podEvent, xidCondition } from './eventAndConditionPlans.js';
import { generateNameSuffix, heldOutShape, rosterReplicas, v1Compute, v1Common, type HeldOutMember, type HeldOutShape } from './heldOutShape.js';
import { pythonTraceback } from './pythonTraceback.js';

/** Upstream sources of the message formats this set uses. */
const CITE = {
  // kubelet eviction: "The node was low on resource: %v. Threshold quantity: %v, available: %v. Container %s was using %s, request is %s, has larger consumption of %v. "
  kubeletEvictionMessage: 'https://github.com/kubernetes/kubernetes/blob/master/pkg/kubelet/eviction/helpers.go',
  // the Evicted event and pod status reason
  kubeletEvictionManager: 'https://github.com/kubernetes/kubernetes/blob/master/pkg/kubelet/eviction/eviction_manager.go',
  // graceful node shutdown: status.reason "Terminated", message "Pod was terminated in response to imminent node shutdown."
  nodeShutdown: 'https://github.com/kubernetes/kubernetes/blob/master/pkg/kubelet/nodeshutdown/nodeshutdown_manager_linux.go',
  nodeShutdownDocs: 'https://kubernetes.io/docs/concepts/cluster-administration/node-shutdown/',
  // node lifecycle: Ready=Unknown "Kubelet stopped posting node status.", NodeNotReady "Node is not ready"
  nodeStatusUnknown: 'https://github.com/kubernetes/kubernetes/blob/master/pkg/controller/nodelifecycle/node_lifecycle_controller.go',
  nodeNotReady: 'https://github.com/kubernetes/kubernetes/blob/master/pkg/controller/util/node/controller_utils.go',
  // taint-based eviction: TaintManagerEviction "Marking for deletion Pod %s"
  taintEviction: 'https://github.com/kubernetes/kubernetes/blob/master/pkg/controller/tainteviction/taint_eviction.go',
  kubeletBackOff: 'https://github.com/kubernetes/kubernetes/blob/master/pkg/kubelet/kuberuntime/kuberuntime_manager.go',
  oomKilled: 'https://kubernetes.io/docs/tasks/configure-pod-container/assign-memory-resource/',
  // c10d TCPStore::waitForWorkers: "Timed out after %d seconds waiting for clients. %d/%d clients joined." (DistStoreError)
  tcpStoreWaitForWorkers: 'https://github.com/pytorch/pytorch/blob/main/torch/csrc/distributed/c10d/TCPStore.cpp',
  tcpStoreReset: 'https://github.com/pytorch/pytorch/pull/129985',
  // gloo tcp pair: GLOO_ERROR_MSG("Connection closed by peer ", peer_.str())
  glooClosed: 'https://github.com/pytorch/gloo/blob/main/gloo/transport/tcp/pair.cc',
  ncclWatchdog: 'https://github.com/pytorch/pytorch/blob/main/torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp',
  elasticAgent: 'https://github.com/pytorch/pytorch/blob/main/torch/distributed/elastic/agent/server/api.py',
  elasticSignalException: 'https://github.com/pytorch/pytorch/blob/main/torch/distributed/elastic/multiprocessing/api.py',
  // Horovod SHUT_DOWN_ERROR "Horovod has been shut down. This was caused by an exception on one of the ranks or …"
  horovodShutDown: 'https://github.com/horovod/horovod/blob/master/horovod/common/operations.cc',
  horovodInternalError: 'https://github.com/horovod/horovod/blob/master/horovod/common/exceptions.py',
  // DeepSpeed launcher sigkill_handler: "Killing subprocess %d", "%s exits with return code = %d"
  deepspeedLauncher: 'https://github.com/deepspeedai/DeepSpeed/blob/master/deepspeed/launcher/launch.py',
  // Open MPI 4 (ORTE): "ORTE has lost communication with a remote daemon." block
  orteLostDaemon: 'https://github.com/open-mpi/ompi/blob/v4.1.x/orte/mca/errmgr/base/help-errmgr-base.txt',
  orteHelpOrterun: 'https://github.com/open-mpi/ompi/blob/v4.1.x/orte/tools/orterun/help-orterun.txt',
  // Open MPI 5 (PRRTE): "prterun noticed that process rank %s with PID %s on node %s exited on signal %d (%s)."
  prterunSignal: 'https://github.com/openpmix/prrte/blob/master/src/docs/show-help-files/help-prterun.txt',
  // XLA/TSL coordination service: "Barrier timed out. Id: %s. This usually happens because a task triggered the barrier too early or too slowly. …"
  coordinationBarrier: 'https://github.com/openxla/xla/blob/main/xla/tsl/distributed_runtime/coordination/coordination_service.cc',
  rayActorDied: 'https://github.com/ray-project/ray/blob/master/python/ray/exceptions.py',
  // GCS node manager: "The node with node id: … has been marked dead because the detector has missed too many heartbeats from it."
  rayNodeDead: 'https://github.com/ray-project/ray/blob/master/src/ray/gcs/gcs_server/gcs_node_manager.cc',
  rayGcsConnect: 'https://github.com/ray-project/ray/blob/master/src/ray/rpc/gcs/gcs_rpc_client.h',
  kuberayPodNames: 'https://github.com/ray-project/kuberay/blob/master/ray-operator/controllers/ray/utils/util.go',
  lwsRecreate: 'https://github.com/kubernetes-sigs/lws/blob/main/pkg/controllers/pod_controller.go',
  vllmRayExecutor: 'https://github.com/vllm-project/vllm/blob/main/vllm/executor/ray_distributed_executor.py',
  xidLine: 'https://github.com/NVIDIA/open-gpu-kernel-modules/blob/main/src/nvidia/src/kernel/gpu/rc/kernel_rc.c',
  xid48: 'https://github.com/NVIDIA/gpu-operator/issues/1146',
  xidCatalogue: 'https://docs.nvidia.com/deploy/xid-errors/index.html',
  npdGpuConditions: 'https://learn.microsoft.com/en-us/azure/aks/gpu-health-monitoring',
  cudaError: 'https://github.com/pytorch/pytorch/blob/main/c10/cuda/CUDAException.cpp',
  ncclSystemError: 'https://github.com/pytorch/pytorch/issues/149984',
  trainingOperatorFailed: 'https://github.com/kubeflow/training-operator/blob/master/pkg/controller.v1/pytorch/pytorchjob_controller.go',
  // restartPolicy ExitCode: 1-127 permanent, 128-255 retryable
  trainingOperatorExitCode: 'https://www.kubeflow.org/docs/components/trainer/legacy-v1/user-guides/pytorch/',
  mpiOperator: 'https://github.com/kubeflow/mpi-operator/blob/master/pkg/controller/mpi_job_controller.go',
  runaiFrameworks: 'https://api-docs.run.ai/latest/tag/Workloads',
  runaiTimestamps: 'https://api-docs.run.ai/latest/tag/Workloads',
  tfErrors: 'https://github.com/tensorflow/tensorflow/blob/master/tensorflow/python/framework/errors_impl.py',
  pythonTraceback: 'https://docs.python.org/3/library/traceback.html',
} as const;

type Ordering = CasePlan['ordering'];
type FrameworkKey = 'pytorch' | 'tf' | 'mpi' | 'xgboost' | 'jax' | 'ray' | 'inference';

type Shape = HeldOutShape<FrameworkKey>;

const IMAGES: Record<FrameworkKey, string> = {
  pytorch: 'registry.example.com/foundation/nemo-train:25.02',
  tf: 'registry.example.com/speech/tf-conformer:2.16.2',
  mpi: 'registry.example.com/hpc/hvd-openmpi:0.28.1-ompi5',
  xgboost: 'registry.example.com/risk/xgb-gpu:2.1.4',
  jax: 'registry.example.com/research/paxml:2025.11',
  ray: 'registry.example.com/rl/ray-ml:2.44.1-py311-cu124',
  inference: 'registry.example.com/serving/vllm-openai:v0.12.1',
};

/** Five lowercase alphanumerics, as a generateName suffix (deterministic here). */
const suffix = (seed: string) => generateNameSuffix(seed, 7, 33);

/**
 * Pod naming per controller: training-operator `<job>-<replica>-<index>`, mpi-operator
 * `<job>-launcher-<hash>` / `<job>-worker-<n>`, KubeRay `<cluster>-head-<hash>` /
 * `<cluster>-<group>-worker-<hash>`, LeaderWorkerSet `<name>-0` / `<name>-0-<n>`.
 */
function members(shape: Shape): HeldOutMember[] {
  const { name, workers } = shape;
  const workersOf = (container: string) => Array.from({ length: workers }, (_, rank) => ({ pod: `${name}-worker-${rank}`, container, role: 'Worker' }));
  switch (shape.framework) {
    case 'pytorch':
      return [{ pod: `${name}-master-0`, container: 'pytorch', role: 'Master' }, ...workersOf('pytorch')];
    case 'xgboost':
      return [{ pod: `${name}-master-0`, container: 'xgboost', role: 'Master' }, ...workersOf('xgboost')];
    case 'tf':
      return [{ pod: `${name}-chief-0`, container: 'tensorflow', role: 'Chief' }, ...workersOf('tensorflow')];
    case 'jax':
      return workersOf('jax');
    case 'mpi':
      return [{ pod: `${name}-launcher-${suffix(name)}`, container: 'mpi-launcher', role: 'Launcher' }, ...workersOf('mpi-worker')];
    case 'ray': {
      const cluster = `${name}-${suffix(`${name}/cluster`)}`;
      return [
        { pod: `${cluster}-head-${suffix(`${name}/head`)}`, container: 'ray-head', role: 'Head' },
        ...Array.from({ length: workers }, (_, rank) => ({
          pod: `${cluster}-gpu-workers-worker-${suffix(`${name}/worker/${rank}`)}`,
          container: 'ray-worker',
          role: 'Worker',
        })),
      ];
    }
    case 'inference':
      return [
        { pod: `${name}-0`, container: 'leader', role: 'Leader' },
        ...Array.from({ length: workers }, (_, rank) => ({ pod: `${name}-0-${rank + 1}`, container: 'worker', role: 'Worker' })),
      ];
  }
}

const OPERATOR_KIND: Partial<Record<FrameworkKey, string>> = { pytorch: 'PyTorchJob', tf: 'TFJob', xgboost: 'XGBoostJob', jax: 'JAXJob' };
const DISTRIBUTED_FRAMEWORK: Partial<Record<FrameworkKey, string>> = { pytorch: 'PyTorch', tf: 'TF', xgboost: 'XGBoost', jax: 'JAX', mpi: 'MPI' };

/** The controller's job-level failure message (training-operator, mpi-operator); none for Ray and LWS. */
function failedMessage(shape: Shape, role: string): { reason: string; message: string } | null {
  const kind = OPERATOR_KIND[shape.framework];
  if (kind) return { reason: `${kind}Failed`, message: `${kind} ${shape.name} is failed because 1 ${role} replica(s) failed.` };
  if (shape.framework === 'mpi') return { reason: 'MPIJobFailed', message: `MPIJob runai-${shape.project}/${shape.name} has failed` };
  return null;
}

const replicasOf = (shape: Shape): ReplicaPlan[] => rosterReplicas(shape, members(shape), IMAGES[shape.framework], 11);

function v1Spec(shape: Shape, restartPolicy: string): CasePlan['spec'] {
  const compute = v1Compute(shape);
  const image = IMAGES[shape.framework];
  const common = v1Common(shape);
  if (shape.framework === 'inference')
    return {
      kind: 'v1',
      body: {
        ...common,
        spec: {
          category: 'Deploy',
          restartPolicy,
          workers: shape.workers,
          replicas: 1,
          servingPort: { port: 8000, protocol: 'http' },
          leader: {
            image,
            command: 'vllm',
            args: `serve /models/llama-4-maverick --tensor-parallel-size 8 --pipeline-parallel-size ${shape.workers + 1}`,
            compute,
          },
          worker: { image, command: 'ray', args: 'start --block --address=$(LWS_LEADER_ADDRESS):6379', compute },
        },
      },
    };
  const submitted = { image, imagePullPolicy: 'IfNotPresent', restartPolicy, compute, backoffLimit: 0 };
  return {
    kind: 'v1',
    body: {
      ...common,
      spec: { ...submitted, distributedFramework: DISTRIBUTED_FRAMEWORK[shape.framework], numWorkers: shape.workers },
      ...(shape.framework === 'jax' ? { masterSpecSameAsWorker: true } : { masterSpec: submitted, masterSpecSameAsWorker: false }),
    },
  };
}

/** A RayJob through Workloads V2 (head without GPUs, one GPU worker group). */
function raySpec(shape: Shape): CasePlan['spec'] {
  const container = (name: string, gpus: number) => ({
    name,
    image: IMAGES.ray,
    resources: {
      requests: { memory: shape.memory.request, cpu: '8', ...(gpus ? { 'nvidia.com/gpu': String(gpus) } : {}) },
      limits: { memory: shape.memory.limit, ...(gpus ? { 'nvidia.com/gpu': String(gpus) } : {}) },
    },
  });
  return {
    kind: 'v2',
    body: {
      workload: {
        metadata: { name: shape.name, gvk: { group: 'ray.io', version: 'v1', kind: 'RayJob' }, projectName: shape.project, createdBy: shape.submittedBy },
        desiredPhase: 'Running',
        workloadManifest: {
          apiVersion: 'ray.io/v1',
          kind: 'RayJob',
          metadata: { name: shape.name, namespace: `runai-${shape.project}` },
          spec: {
            entrypoint: 'python /app/train.py',
            rayClusterSpec: {
              headGroupSpec: { template: { spec: { containers: [container('ray-head', 0)] } } },
              workerGroupSpecs: [
                { groupName: 'gpu-workers', replicas: shape.workers, template: { spec: { containers: [container('ray-worker', shape.gpus)] } } },
              ],
            },
          },
        },
      },
      syncInfo: { status: 'Synced' },
    },
  };
}

// ---- message formats (each cited at its source in CITE) ----------------------------------

/** CITE.kubeletEvictionMessage: the kubelet's eviction message under node pressure. */
const evictionMessage = (resource: string, threshold: string, available: string, container: string, using: string, request: string) =>
  `The node was low on resource: ${resource}. Threshold quantity: ${threshold}, available: ${available}. Container ${container} was using ${using}, request is ${request}, has larger consumption of ${resource}. `;

/** CITE.nodeShutdown */
const NODE_SHUTDOWN_MESSAGE = 'Pod was terminated in response to imminent node shutdown.';

/** CITE.tcpStoreWaitForWorkers: rank 0's store gives up on the clients that never joined. */
const distStoreTimeout = (seconds: number, joined: number, total: number) => [
  `[rank0]: Traceback (most recent call last):`,
  `[rank0]:   File "/opt/nemo/train.py", line 61, in <module>`,
  `[rank0]:     torch.distributed.init_process_group(backend="nccl")`,
  `[rank0]: torch.distributed.DistStoreError: Timed out after ${seconds} seconds waiting for clients. ${joined}/${total} clients joined.`,
];

/** CITE.glooClosed: a gloo pair's read hits EOF, surfaced by PyTorch as a RuntimeError. */
const glooClosed = (rank: number, peer: string) => [
  `[rank${rank}]: RuntimeError: [../third_party/gloo/gloo/transport/tcp/pair.cc:534] Connection closed by peer [${peer}]:${21000 + rank * 37}`,
];

/** CITE.tcpStoreReset */
const tcpStoreReset = (rank: number, clock: string, host: string) => [
  `[rank${rank}]:[W1203 ${clock}.204117 TCPStore.cpp:125] [c10d] recvValue failed on SocketImpl(fd=58, addr=[${host}]:40112, remote=[${host}]:29500): Connection reset by peer`,
  'torch.distributed.DistNetworkError: Connection reset by peer',
];

/** CITE.ncclWatchdog: "[Rank N] Watchdog caught collective operation timeout: WorkNCCL(…) ran for … milliseconds before timing out." */
const ncclWatchdog = (rank: number, seq: number, clock: string, timeoutMs: number) => [
  `[rank${rank}]:[E1203 ${clock}.551020 ProcessGroupNCCL.cpp:632] [Rank ${rank}] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=${seq}, OpType=ALLREDUCE, NumelIn=33554432, NumelOut=33554432, Timeout(ms)=${timeoutMs}) ran for ${timeoutMs + 91 + rank} milliseconds before timing out.`,
  `[rank${rank}]:[E1203 ${clock}.551388 ProcessGroupNCCL.cpp:644] [Rank ${rank}] To avoid data inconsistency, we are taking the entire process down.`,
  "terminate called after throwing an instance of 'c10::DistBackendError'",
];

/** CITE.elasticAgent / CITE.elasticSignalException: the torchrun agent when the pod is deleted. */
const elasticSigterm = (pid: number, clock: string) => [
  `W1203 ${clock}.118000 ${pid} torch/distributed/elastic/agent/server/api.py:719] Received Signals.SIGTERM death signal, shutting down workers`,
  `torch.distributed.elastic.multiprocessing.api.SignalException: Process ${pid} got signal: 15`,
];

/** CITE.horovodShutDown / CITE.horovodInternalError */
const HOROVOD_SHUT_DOWN =
  'horovod.common.exceptions.HorovodInternalError: Horovod has been shut down. This was caused by an exception on one of the ranks or an attempt to allreduce, allgather or broadcast a tensor after one of the ranks finished execution. If the shutdown was caused by an exception, you should see the exception in the log before the first shutdown message.';

/** CITE.deepspeedLauncher: the per-node launcher's summary once a local rank dies. */
const deepspeedSummary = (clock: string, pid: number, localRank: number) => [
  `[2026-12-03 ${clock},412] [INFO] [launch.py:335:sigkill_handler] Killing subprocess ${pid}`,
  `[2026-12-03 ${clock},977] [ERROR] [launch.py:341:sigkill_handler] ['/usr/bin/python3', '-u', 'pretrain_gpt.py', '--local_rank=${localRank}', '--deepspeed_config', 'ds_zero3.json'] exits with return code = 1`,
];

/** CITE.orteLostDaemon: Open MPI 4's HNP when a remote orted disappears. */
const orteLostDaemon = (launcher: string, workerRank: number, node: string) => [
  '--------------------------------------------------------------------------',
  'ORTE has lost communication with a remote daemon.',
  '',
  `  HNP daemon   : [[40517,0],0] on node ${launcher}`,
  `  Remote daemon: [[40517,0],${workerRank + 1}] on node ${node}`,
  '',
  'This is usually due to either a failure of the TCP network',
  'connection to the node, or possibly an internal failure of',
  'the daemon itself. We cannot recover from this failure, and',
  'therefore will terminate the job.',
  '--------------------------------------------------------------------------',
];

/** CITE.prterunSignal: Open MPI 5's launcher when a rank dies of a signal. */
const prterunSignal = (rank: number, node: string, signal: number, name: string) =>
  `prterun noticed that process rank ${rank} with PID 0 on node ${node} exited on signal ${signal} (${name}).`;

/** CITE.orteHelpOrterun: the same line from Open MPI 4's mpirun. */
const mpirunSignal = (rank: number, node: string, signal: number, name: string) =>
  `mpirun noticed that process rank ${rank} with PID 0 on node ${node} exited on signal ${signal} (${name}).`;

/** CITE.coordinationBarrier, as JAX (XlaRuntimeError) or TensorFlow (errors_impl) raise it. */
const barrierTimeout = (lib: 'jax' | 'tf', id: string, reached: number, total: number) => [
  lib === 'jax'
    ? `jaxlib.xla_extension.XlaRuntimeError: DEADLINE_EXCEEDED: Barrier timed out. Id: ${id}. This usually happens because a task triggered the barrier too early or too slowly. Please look at the task logs (both timed out and first task) to debug further.`
    : `tensorflow.python.framework.errors_impl.DeadlineExceededError: Barrier timed out. Id: ${id}. This usually happens because a task triggered the barrier too early or too slowly. Please look at the task logs (both timed out and first task) to debug further.`,
  `# of tasks that reached the barrier: ${reached}/${total}.`,
];

/** CITE.rayActorDied + CITE.rayNodeDead: the driver's view of an actor on a node marked dead. */
const rayActorOnDeadNode = (className: string, nodeId: string, address: string, node: string) => [
  'ray.exceptions.ActorDiedError: The actor died unexpectedly before finishing this task.',
  `\tclass_name: ${className}`,
  `The actor is dead because its worker process has died. Worker exit type: NODE_DIED Worker exit detail: The node with node id: ${nodeId} and address: ${address} and node name: ${node} has been marked dead because the detector has missed too many heartbeats from it.`,
];

/** CITE.rayGcsConnect: a worker's raylet after the head (GCS) is gone. */
const rayGcsLost = (rank: number, headIp: string) =>
  `[2026-12-03 08:41:1${rank},207 W 118 118] gcs_rpc_client.h:151: Failed to connect to GCS at address ${headIp}:6379 within 5 seconds.`;

/** CITE.xidLine / CITE.xid48: the kernel's Xid lines (node-problem-detector condition message). */
const xidLine = {
  79: (pci: string) => `NVRM: Xid (PCI:${pci}): 79, pid=0, GPU has fallen off the bus.`,
  48: (pci: string) =>
    `NVRM: Xid (PCI:${pci}): 48, pid='<unknown>', name=<unknown>, An uncorrectable double bit error (DBE) has been detected on GPU in the framebuffer at partition 2, subpartition 0.`,
} as const;

function memoryClimb(limit: string, endAgo: number): { ago: number; bytes: number }[] {
  const limitBytes = parseGi(limit);
  return Array.from({ length: 8 }, (_, index) => ({ ago: endAgo + (8 - index) * 180, bytes: Math.round(limitBytes * (0.58 + index * 0.058)) }));
}

// ---- assembling a case -----------------------------------------------------------------------

/** What this set says about a shape's framework (the rest of a case is assembled the same in every set). */
function frameworkOf(shape: Shape): HeldOutFramework {
  return {
    roster: members(shape),
    failedMessage: (role) => failedMessage(shape, role),
    runaiType: shape.framework === 'ray' ? 'RayJob' : shape.framework === 'inference' ? 'distributed-inference' : 'Distributed',
    distributedFramework: DISTRIBUTED_FRAMEWORK[shape.framework] ?? null,
    workloadsV2: shape.framework === 'ray',
    spec: (restartPolicy) => (shape.framework === 'ray' ? raySpec(shape) : v1Spec(shape, restartPolicy)),
    citations:
      shape.framework === 'mpi'
        ? [CITE.mpiOperator, CITE.runaiFrameworks]
        : shape.framework === 'ray'
          ? [CITE.kuberayPodNames]
          : shape.framework === 'inference'
            ? [CITE.lwsRecreate]
            : [CITE.trainingOperatorFailed, CITE.runaiFrameworks],
  };
}

const assemble = (shape: Shape, parts: HeldOutCaseParts): CasePlan => assembleHeldOutCase(shape, frameworkOf(shape), parts);

// ---- family: node-pressure-eviction (the node fault is the kubelet's eviction) -------------

type EvictionPeers = 'diststore' | 'plain' | 'coordination' | 'ray';

function evictionCase(
  shape: Shape,
  originAt: number,
  ordering: Ordering,
  tier2: boolean,
  resource: 'memory' | 'ephemeral-storage',
  peers: EvictionPeers,
): CasePlan {
  const replicas = replicasOf(shape);
  const origin = replicas[originAt]!;
  const failedAgo = 1200 + shape.workers * 30;
  // The diststore shape is a start-up failure: the worker is evicted before the rendezvous completes.
  const originAgo = peers === 'diststore' ? shape.startedAgo - 40 : failedAgo + 480;
  const message =
    resource === 'memory'
      ? evictionMessage('memory', '100Mi', '81244Ki', origin.container, `${parseGi(shape.memory.request) / 1024 + 41943040}Ki`, shape.memory.request)
      : evictionMessage('ephemeral-storage', '10%', '38812416Ki', origin.container, '402653184Ki', '0');
  origin.events = [
    podEvent('Evicted', message, 'kubelet', originAgo),
    podEvent('Killing', `Stopping container ${origin.container}`, 'kubelet', originAgo - 1, 'Normal'),
  ];
  origin.podStatus = { reason: 'Evicted', message };
  // The kubelet kills the evicted container: exit 137 without OOMKilled, a trap for an exit-code reader.
  endReplica(origin, originAgo - 2, 'Failed', tier2, { code: 137, reason: 'Error' }, [
    'step 2210 tokens/s=91822',
    'writing shard cache to /scratch/cache-0007',
  ]);
  const citation: string[] = [CITE.kubeletEvictionMessage, CITE.kubeletEvictionManager];
  let collateral = 0;
  replicas.forEach((replica, rank) => {
    if (replica === origin) return;
    collateral += 1;
    if (peers === 'diststore') {
      // rank 0 gives up waiting for the evicted client; the others are deleted with the job.
      if (rank === 0) endReplica(replica, shape.startedAgo - 40 - 900, 'Error', tier2, ERROR_1, distStoreTimeout(900, shape.workers, shape.workers + 1));
      else endReplica(replica, shape.startedAgo - 40 - 912, 'Error', tier2, SIGTERM_143, elasticSigterm(70 + rank, clockAt(shape.startedAgo - 952)));
    } else if (peers === 'coordination') {
      endReplica(
        replica,
        originAgo - 600 - rank,
        'Error',
        tier2,
        ERROR_1,
        barrierTimeout('tf', 'CollectiveOps_allreduce_step_18844', shape.workers, shape.workers + 1),
      );
    } else if (peers === 'ray') {
      const logs =
        replica.container === 'ray-head' ? rayActorOnDeadNode('RayTrainWorker', '8c02e6f1d4b3a7950e1f', `10.52.8.${20 + originAt}`, origin.node) : undefined;
      endReplica(replica, originAgo - 45 - rank, 'Error', tier2, replica.container === 'ray-head' ? ERROR_1 : SIGTERM_143, logs);
    } else endReplica(replica, originAgo - 30 - rank, 'Error', tier2, SIGTERM_143);
  });
  if (peers === 'diststore') citation.push(CITE.tcpStoreWaitForWorkers, CITE.elasticAgent, CITE.elasticSignalException);
  if (peers === 'coordination') citation.push(CITE.coordinationBarrier, CITE.tfErrors);
  if (peers === 'ray') citation.push(CITE.rayActorDied, CITE.rayNodeDead);
  return assemble(shape, {
    name: `node-pressure-eviction-${shape.framework}-${ordering}${tier2 ? '-tier2' : ''}`,
    family: 'node-pressure-eviction',
    ordering,
    tier2,
    description: `The kubelet on ${origin.node} evicts ${origin.pod} under ${resource} pressure (event only; exit 137 without OOMKilled); ${collateral} peers fail after it (${peers}). NODE_FAILURE from the origin, whatever the peers say.`,
    replicas,
    originPod: origin.pod,
    failedAgo: peers === 'diststore' ? shape.startedAgo - 960 : failedAgo,
    expectation: {
      category: 'NODE_FAILURE',
      origin: { pod: origin.pod, node: origin.node, signalIncludes: ['Evicted', 'low on resource', 'pressure'] },
      collateralAtLeast: collateral,
      quotedLine: `The node was low on resource: ${resource}`,
      limitationWhenNoOrigin: false,
      citation,
      note:
        peers === 'diststore'
          ? 'A start-up failure: rank 0\u2019s DistStoreError ("waiting for clients", loud, on rank 0) is the consequence of the evicted client, which ended 900 s earlier. DESIGN step 3: node eviction without preemption is NODE_FAILURE.'
          : 'DESIGN step 3: node eviction without preemption is NODE_FAILURE. The eviction is seen in the pod\u2019s events (and, with Tier 2, its status); the exit 137 carries no OOMKilled reason.',
    },
  });
}

// ---- family: node-shutdown (graceful node shutdown: the origin's own exit is a SIGTERM) -------

function nodeShutdownCase(shape: Shape, originAt: number, ordering: Ordering, peers: 'gloo' | 'coordination'): CasePlan {
  const replicas = replicasOf(shape);
  const origin = replicas[originAt]!;
  const failedAgo = 2100;
  const originAgo = failedAgo + 320;
  origin.podStatus = { reason: 'Terminated', message: NODE_SHUTDOWN_MESSAGE };
  endReplica(origin, originAgo, 'Failed', true, SIGTERM_143, ['epoch 14 step 611/1500 loss=0.418', 'received SIGTERM, flushing async checkpoint writer']);
  let collateral = 0;
  replicas.forEach((replica, rank) => {
    if (replica === origin) return;
    collateral += 1;
    if (peers === 'gloo') endReplica(replica, originAgo - 20 - rank, 'Error', true, ERROR_1, glooClosed(rank, `10.61.${originAt}.17`));
    else
      endReplica(
        replica,
        originAgo - 300 - rank,
        'Error',
        true,
        ERROR_1,
        barrierTimeout('jax', 'checkpoint_sync_step_61100', shape.workers - 1, shape.workers),
      );
  });
  return assemble(shape, {
    name: `node-shutdown-${shape.framework}-${ordering}-tier2`,
    family: 'node-shutdown',
    ordering,
    tier2: true,
    description: `${origin.node} shuts down (graceful node shutdown): the kubelet terminates ${origin.pod} (exit 143, status reason Terminated); ${collateral} peers fail after it (${peers}). The origin's SIGTERM is not collateral: its pod status says why.`,
    replicas,
    originPod: origin.pod,
    failedAgo,
    extra: { nodeConditions: { [origin.node]: notReadyConditions(originAgo - 30) } },
    expectation: {
      category: 'NODE_FAILURE',
      origin: { pod: origin.pod, node: origin.node, signalIncludes: ['shutdown', 'Terminated'] },
      collateralAtLeast: collateral,
      quotedLine: NODE_SHUTDOWN_MESSAGE,
      limitationWhenNoOrigin: false,
      citation: [CITE.nodeShutdown, CITE.nodeShutdownDocs, CITE.nodeStatusUnknown, ...(peers === 'gloo' ? [CITE.glooClosed] : [CITE.coordinationBarrier])],
      note: 'The earliest replica ended with exit 143 like ordinary collateral; only its pod status (Terminated, imminent node shutdown) and the node going Unknown tell the cause. An engine that counts every SIGTERM as collateral finds no origin or the wrong one.',
    },
  });
}

// ---- family: mpi-launcher (the launcher reports a worker's death; the worker is the origin) ---

function mpiLauncherCase(shape: Shape, workerRank: number, ordering: Ordering, tier2: boolean, cause: 'node-lost' | 'oom'): CasePlan {
  const replicas = replicasOf(shape);
  const launcher = replicas[0]!;
  const origin = replicas[workerRank + 1]!;
  const failedAgo = 3000;
  const originAgo = failedAgo + 95;
  const citation: string[] = [];
  if (cause === 'node-lost') {
    origin.events = [podEvent('NodeNotReady', 'Node is not ready', 'node-controller', originAgo)];
    endReplica(origin, originAgo - 300, 'Failed', tier2, SIGTERM_143);
    endReplica(launcher, originAgo - 12, 'Error', tier2, ERROR_1, [
      '[1,0]<stdout>:step 4100 img/sec per GPU: 1203.7',
      ...orteLostDaemon(launcher.pod, workerRank, origin.pod),
    ]);
    citation.push(CITE.nodeNotReady, CITE.orteLostDaemon, CITE.nodeStatusUnknown);
  } else {
    origin.events = [oomEvent(origin.container, originAgo)];
    endReplica(origin, originAgo, 'OOMKilled', tier2, { code: 137, reason: 'OOMKilled' }, ['[1,3]<stdout>:loading ensemble member 0017 into host memory']);
    endReplica(launcher, originAgo - 6, 'Error', tier2, ERROR_1, [
      'Primary job  terminated normally, but 1 process returned',
      'a non-zero exit code. Per user-direction, the job has been aborted.',
      prterunSignal(workerRank, origin.pod, 9, 'Killed'),
    ]);
    citation.push(CITE.oomKilled, CITE.prterunSignal);
  }
  let collateral = 1;
  replicas.forEach((replica, index) => {
    if (index === 0 || replica === origin) return;
    collateral += 1;
    endReplica(replica, originAgo - 14 - index, 'Error', tier2, SIGTERM_143);
  });
  return assemble(shape, {
    name: `mpi-launcher-${cause}-${shape.framework}-${ordering}${tier2 ? '-tier2' : ''}`,
    family: 'mpi-launcher',
    ordering,
    tier2,
    description: `MPIJob: worker rank ${workerRank} (${origin.pod} on ${origin.node}) ${cause === 'oom' ? 'is OOM-killed' : 'loses its node'} first; the launcher ${cause === 'oom' ? '(Open MPI 5) reports the rank killed by signal 9' : '(Open MPI 4) loses the remote daemon'} and exits 1; the other workers are deleted. The launcher's failure is collateral, never the origin.`,
    replicas,
    originPod: origin.pod,
    failedAgo,
    extra: {
      ...(cause === 'oom' ? { memoryUsage: memoryClimb(shape.memory.limit, originAgo) } : {}),
      ...(cause === 'node-lost' ? { nodeConditions: { [origin.node]: notReadyConditions(originAgo + 30) } } : {}),
    },
    expectation: {
      category: cause === 'oom' ? 'OOM_KILLED' : 'NODE_FAILURE',
      origin: { pod: origin.pod, node: origin.node, signalIncludes: cause === 'oom' ? ['OOM'] : ['NotReady', 'not ready', 'NodeLost'] },
      collateralAtLeast: collateral,
      quotedLine: cause === 'oom' ? 'OOMKilled' : 'Node is not ready',
      limitationWhenNoOrigin: false,
      citation,
      note: 'The launcher is rank 0 of the listing and fails loudly with exit 1; its line names the worker that died. The worker is the origin.',
    },
  });
}

// ---- family: coordination-service (JAX/TF peers time out at a barrier) ---------------------

function coordinationCase(shape: Shape, originAt: number, ordering: Ordering, cause: 'oom' | 'app'): CasePlan {
  const replicas = replicasOf(shape);
  const origin = replicas[originAt]!;
  const failedAgo = 1700;
  const originAgo = failedAgo + 620;
  const lib = shape.framework === 'jax' ? 'jax' : 'tf';
  const last = 'tensorflow.python.framework.errors_impl.InvalidArgumentError: indices[3,17] = 50321 is not in [0, 50257) [Op:ResourceGather]';
  if (cause === 'oom') {
    origin.events = [oomEvent(origin.container, originAgo)];
    endReplica(origin, originAgo, 'OOMKilled', true, { code: 137, reason: 'OOMKilled' }, ['I1203 preparing host-side input pipeline, prefetch=64']);
  } else
    endReplica(
      origin,
      originAgo,
      'Error',
      true,
      ERROR_1,
      pythonTraceback([['/workspace/conformer/train.py', 233, 'train_step', 'logits = model(features, training=True)']], last),
    );
  let collateral = 0;
  replicas.forEach((replica, rank) => {
    if (replica === origin) return;
    collateral += 1;
    endReplica(
      replica,
      originAgo - 600 - rank,
      'Error',
      true,
      ERROR_1,
      barrierTimeout(lib, lib === 'jax' ? 'PjRT_Client_Sync_step_40200' : 'CollectiveOps_step_9120', shape.workers - 1, shape.workers + (lib === 'tf' ? 1 : 0)),
    );
  });
  return assemble(shape, {
    name: `coordination-service-${cause}-${shape.framework}-${ordering}-tier2`,
    family: 'coordination-service',
    ordering,
    tier2: true,
    description: `${origin.pod} ${cause === 'oom' ? 'is OOM-killed' : 'raises InvalidArgumentError'}; ${collateral} peers fail 10 minutes later at a coordination-service barrier (DEADLINE_EXCEEDED: Barrier timed out).`,
    replicas,
    originPod: origin.pod,
    failedAgo,
    extra: cause === 'oom' ? { memoryUsage: memoryClimb(shape.memory.limit, originAgo) } : {},
    expectation: {
      category: cause === 'oom' ? 'OOM_KILLED' : 'CRASH_APP_ERROR',
      origin: { pod: origin.pod, node: origin.node, signalIncludes: cause === 'oom' ? ['OOM'] : ['InvalidArgumentError', 'exit code 1', 'exit 1'] },
      collateralAtLeast: collateral,
      quotedLine: cause === 'oom' ? 'OOMKilled' : last,
      limitationWhenNoOrigin: false,
      citation: [CITE.coordinationBarrier, ...(cause === 'oom' ? [CITE.oomKilled] : [CITE.tfErrors, CITE.pythonTraceback])],
      note: 'The barrier message itself says the task that missed the barrier is elsewhere ("look at the task logs … first task"): the barrier timeouts are collateral.',
    },
  });
}

// ---- family: ray-node-died ---------------------------------------------------------------

/** The Ray head's node goes NotReady (workers lose the GCS), or a worker is taint-evicted (the driver sees NODE_DIED). */
function rayNodeCase(shape: Shape, ordering: Ordering, tier2: boolean, lost: 'head' | 'worker-taint'): CasePlan {
  const replicas = replicasOf(shape);
  const originAt = lost === 'head' ? 0 : 2;
  const origin = replicas[originAt]!;
  const namespace = `runai-${shape.project}`;
  const failedAgo = 2500;
  const originAgo = failedAgo + 400;
  const citation: string[] = [];
  if (lost === 'head') {
    origin.events = [podEvent('NodeNotReady', 'Node is not ready', 'node-controller', originAgo)];
    endReplica(origin, originAgo - 300, 'Failed', tier2, SIGTERM_143);
    citation.push(CITE.nodeNotReady, CITE.rayGcsConnect, CITE.nodeStatusUnknown);
  } else {
    // A NoExecute taint (maintenance) evicts the worker without any NodeNotReady first.
    origin.events = [podEvent('TaintManagerEviction', `Marking for deletion Pod ${namespace}/${origin.pod}`, 'taint-eviction-controller', originAgo, 'Normal')];
    endReplica(origin, originAgo - 25, 'Failed', tier2, SIGTERM_143);
    citation.push(CITE.taintEviction, CITE.rayActorDied, CITE.rayNodeDead);
  }
  let collateral = 0;
  replicas.forEach((replica, rank) => {
    if (replica === origin) return;
    collateral += 1;
    if (lost === 'head') endReplica(replica, originAgo - 60 - rank, 'Error', tier2, ERROR_1, [rayGcsLost(rank, '10.70.2.5')]);
    else if (rank === 0)
      endReplica(replica, originAgo - 70, 'Error', tier2, ERROR_1, rayActorOnDeadNode('RayTrainWorker', 'f04b19c7e2d8a3356b10', '10.70.3.44', origin.node));
    else endReplica(replica, originAgo - 90 - rank, 'Error', tier2, SIGTERM_143);
  });
  return assemble(shape, {
    name: `ray-node-died-${lost}-${shape.framework}-${ordering}${tier2 ? '-tier2' : ''}`,
    family: 'ray-node-died',
    ordering,
    tier2,
    description:
      lost === 'head'
        ? `The Ray head ${origin.pod} is on ${origin.node}, which stops posting status; every worker then fails to reach the GCS. Origin: the head, NODE_FAILURE.`
        : `A NoExecute taint evicts the Ray worker ${origin.pod} (TaintManagerEviction, no NodeNotReady); the driver on the head raises ActorDiedError (NODE_DIED) and the cluster is torn down.`,
    replicas,
    originPod: origin.pod,
    failedAgo,
    extra: lost === 'head' ? { nodeConditions: { [origin.node]: notReadyConditions(originAgo + 40) } } : {},
    expectation: {
      category: 'NODE_FAILURE',
      origin: { pod: origin.pod, node: origin.node, signalIncludes: lost === 'head' ? ['NotReady', 'not ready', 'NodeLost'] : ['Taint', 'deletion', 'evict'] },
      collateralAtLeast: collateral,
      quotedLine: lost === 'head' ? 'Node is not ready' : `Marking for deletion Pod ${namespace}/${origin.pod}`,
      limitationWhenNoOrigin: false,
      citation,
      note:
        lost === 'head'
          ? 'The head is listed first in rank order and is the origin here: a rank-0 bias is right by accident only in origin-first listings.'
          : 'DESIGN step 3: node eviction without preemption is NODE_FAILURE; a taint eviction is one. The driver\u2019s ActorDiedError on the head is the consequence.',
    },
  });
}

// ---- family: lws-gpu-fault (LeaderWorkerSet vLLM; a worker's GPU fails) -------------------------

function lwsGpuCase(shape: Shape, workerIndex: number, ordering: Ordering, xid: 79 | 48): CasePlan {
  const replicas = replicasOf(shape);
  const origin = replicas[workerIndex]!;
  const leader = replicas[0]!;
  const failedAgo = 5200;
  const originAgo = failedAgo + 75;
  const pci = ['0000:18:00', '0000:2a:00', '0000:9a:00'][workerIndex % 3]!;
  const line = xid === 79 ? xidLine[79](pci) : xidLine[48](pci);
  endReplica(origin, originAgo, 'Error', true, ERROR_1, [
    xid === 79 ? 'RuntimeError: CUDA error: unspecified launch failure' : 'RuntimeError: CUDA error: uncorrectable ECC error encountered',
    'CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.',
  ]);
  endReplica(leader, originAgo - 35, 'Error', true, ERROR_1, [
    'ERROR 12-03 07:12:44 [ray_distributed_executor.py:127] Error executing method execute_model. This might cause deadlock in distributed execution.',
    ...rayActorOnDeadNode('RayWorkerWrapper', '3e9d1b7c55a04f22c819', `10.88.1.${30 + workerIndex}`, origin.node).slice(0, 2),
  ]);
  let collateral = 1;
  replicas.forEach((replica, index) => {
    if (index === 0 || replica === origin) return;
    collateral += 1;
    endReplica(replica, originAgo - 40 - index, 'Error', true, ERROR_1, [
      'torch.distributed.DistBackendError: NCCL error in: /pytorch/torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:3356, unhandled system error (run with NCCL_DEBUG=INFO for details), NCCL version 2.26.2',
    ]);
  });
  const recreate: WorkloadEventPlan = {
    reason: 'RecreateGroup',
    kind: 'LeaderWorkerSet',
    name: shape.name,
    // lws pod_controller: "Worker pod %s failed, deleted leader pod %s to recreate group %s"
    message: `Worker pod ${origin.pod} failed, deleted leader pod ${leader.pod} to recreate group 0`,
    source: 'lws',
    type: 'Normal',
    ago: originAgo - 50,
  };
  return assemble(shape, {
    name: `lws-gpu-fault-xid${xid}-${shape.framework}-${ordering}-tier2`,
    family: 'lws-gpu-fault',
    ordering,
    tier2: true,
    description: `Multi-node vLLM through LeaderWorkerSet: worker ${origin.pod} on ${origin.node} (Xid ${xid} on its node) fails first with a CUDA error; the leader's Ray executor loses the RayWorkerWrapper actor, the other workers hit NCCL errors, and LWS recreates the group. Hardware: NODE_FAILURE on the worker's node.`,
    replicas,
    originPod: origin.pod,
    failedAgo,
    extra: { workloadEvents: [recreate], nodeConditions: { [origin.node]: [xidCondition(line, originAgo + 3)] } },
    expectation: {
      category: 'NODE_FAILURE',
      origin: { pod: origin.pod, node: origin.node, signalIncludes: ['Xid', String(xid)] },
      collateralAtLeast: collateral,
      quotedLine: `NVRM: Xid (PCI:${pci}): ${xid}`,
      limitationWhenNoOrigin: false,
      citation: [
        CITE.xidLine,
        CITE.xidCatalogue,
        CITE.npdGpuConditions,
        CITE.cudaError,
        CITE.vllmRayExecutor,
        CITE.rayActorDied,
        CITE.ncclSystemError,
        CITE.lwsRecreate,
        ...(xid === 48 ? [CITE.xid48] : []),
      ],
      note: `Xid ${xid} is a hardware Xid (DESIGN §4.8). The leader (listed first, the serving endpoint) fails after its worker. The Xid reaches Kubernetes as a node-problem-detector condition message (the same stated assumption as the first set).`,
    },
  });
}

// ---- family: restarted-origin (the origin's first failure, not its last) ---------------------

/**
 * restartPolicy ExitCode (training-operator): exit 137 is retryable, so the OOM-killed replica
 * restarts and is OOM-killed again; exit 1 is permanent, so its peers' NCCL timeouts end them.
 * The origin's last termination (lastState, k8sPhaseUpdatedAt) is later than the peers'.
 */
function restartedOriginCase(shape: Shape, originAt: number, ordering: Ordering, tier2: boolean, historyNewestFirst: boolean): CasePlan {
  const replicas = replicasOf(shape);
  const origin = replicas[originAt]!;
  const failedAgo = 900;
  const firstAgo = failedAgo + 1500;
  const oomTimes = [firstAgo, firstAgo - 420, firstAgo - 840, failedAgo + 60];
  origin.events = oomTimes.flatMap((at, index) => [
    oomEvent(origin.container, at),
    ...(index > 0
      ? [
          podEvent(
            'BackOff',
            `Back-off restarting failed container ${origin.container} in pod ${origin.pod}_runai-${shape.project}(${stableId(`${shape.name}/pod-uid/${origin.pod}`)})`,
            'kubelet',
            at + 30,
          ),
        ]
      : []),
  ]);
  origin.restarts = oomTimes.length - 1;
  endReplica(origin, oomTimes[oomTimes.length - 1]!, 'Running', tier2, { code: 137, reason: 'OOMKilled' }, [
    'resuming from checkpoint step 12000',
    'materialising packed dataset index in host memory',
  ]);
  let collateral = 0;
  replicas.forEach((replica, rank) => {
    if (replica === origin) return;
    collateral += 1;
    const ended = firstAgo - 600 - (rank % 3);
    endReplica(
      replica,
      ended,
      'Error',
      tier2,
      ERROR_1,
      shape.framework === 'pytorch'
        ? ncclWatchdog(rank, 12044, clockAt(ended), 600000)
        : barrierTimeout('tf', 'CollectiveOps_step_12044', shape.workers, shape.workers + 1),
    );
  });
  return assemble(shape, {
    name: `restarted-origin-${shape.framework}-${ordering}${historyNewestFirst ? '-history-newest-first' : ''}${tier2 ? '-tier2' : ''}`,
    family: 'restarted-origin',
    ordering,
    tier2,
    description: `${origin.pod} is OOM-killed ${oomTimes.length} times (restartPolicy ExitCode retries exit 137); its first OOM is ${firstAgo}s ago, its last ${oomTimes[oomTimes.length - 1]}s ago. The ${collateral} peers end for good 600 s after the first (exit 1). Origin: the first failure, not the last.${historyNewestFirst ? ' The history pages newest first.' : ''}`,
    replicas,
    originPod: origin.pod,
    failedAgo,
    restartPolicy: 'ExitCode',
    extra: { memoryUsage: memoryClimb(shape.memory.limit, firstAgo), ...(historyNewestFirst ? { historyNewestFirst: true } : {}) },
    expectation: {
      category: 'OOM_KILLED',
      origin: { pod: origin.pod, node: origin.node, signalIncludes: ['OOM'] },
      collateralAtLeast: collateral,
      quotedLine: 'OOMKilled',
      limitationWhenNoOrigin: false,
      citation: [
        CITE.oomKilled,
        CITE.kubeletBackOff,
        CITE.trainingOperatorExitCode,
        shape.framework === 'pytorch' ? CITE.ncclWatchdog : CITE.coordinationBarrier,
      ],
      note: 'A replica that restarts keeps `completedAt` null and shows only its latest termination in Tier 2 (`lastState`); its first failure is in the OOMKilled events and the history. An engine that orders by the latest termination names a peer.',
    },
  });
}

// ---- family: timestamp-forms (the same instants, written differently) ----------------------

/**
 * `space`: the origin's times are ISO (`…T…Z`) and the peers' later times are in the
 * space-separated form; compared as strings, every space-form time sorts before every ISO
 * time, so a string comparison names a peer. `ms`: two application errors 450 ms apart in the
 * same second — the first is the origin; truncating to seconds makes a false tie.
 */
function timestampFormsCase(shape: Shape, ordering: Ordering, tier2: boolean, form: 'space' | 'ms' | 'reversed'): CasePlan {
  const replicas = replicasOf(shape);
  const failedAgo = 1400;
  const citation: string[] = [CITE.runaiTimestamps];
  let origin: ReplicaPlan;
  let expectation: HeldOutCaseParts['expectation'];
  let collateral = 0;
  const extra: HeldOutCaseParts['extra'] = {};
  if (form === 'ms') {
    origin = replicas[0]!;
    const second = replicas[1]!;
    const at = failedAgo + 41;
    const first = "KeyError: 'merchant_category'";
    const late = "FileNotFoundError: [Errno 2] No such file or directory: '/data/fraud/2026-11/part-00001.parquet'";
    origin.stamp = 'ms';
    second.stamp = 'ms';
    endReplica(
      origin,
      at + 0.45,
      'Error',
      tier2,
      ERROR_1,
      pythonTraceback([['/app/train.py', 88, 'build_features', "df['mcc_bucket'] = df['merchant_category'].map(BUCKETS)"]], first),
    );
    endReplica(
      second,
      at,
      'Error',
      tier2,
      ERROR_1,
      pythonTraceback([['/app/train.py', 52, 'load', "df = pd.read_parquet(f'/data/fraud/2026-11/part-{rank:05d}.parquet')"]], late),
    );
    replicas.slice(2).forEach((replica) => {
      collateral += 1;
      endReplica(replica, at - 9, 'Error', tier2, SIGTERM_143);
    });
    collateral += 1;
    citation.push(CITE.pythonTraceback);
    expectation = {
      category: 'CRASH_APP_ERROR',
      origin: { pod: origin.pod, node: origin.node, signalIncludes: ['KeyError', 'exit code 1', 'exit 1'] },
      collateralAtLeast: collateral,
      quotedLine: first,
      limitationWhenNoOrigin: false,
      citation,
      note: 'Both exceptions end in the same second; with millisecond timestamps the master ended 450 ms before worker-0. The API gives the precision: an engine that truncates to seconds sees a tie and answers origin null — measured as a miss.',
    };
  } else {
    origin = replicas[form === 'space' ? 3 : 1]!;
    const originAgo = failedAgo + 500;
    origin.events = [oomEvent(origin.container, originAgo)];
    endReplica(origin, originAgo, 'OOMKilled', tier2, { code: 137, reason: 'OOMKilled' }, ['packing 2048-token sequences into host buffers']);
    replicas.forEach((replica, rank) => {
      if (replica === origin) return;
      collateral += 1;
      const ended = originAgo - 25 - rank;
      if (form === 'space') {
        replica.stamp = 'space';
        replica.events = [podEvent('Killing', `Stopping container ${replica.container}`, 'kubelet', ended + 1, 'Normal')];
        replica.events[0]!.stamp = 'space';
      }
      endReplica(replica, ended, 'Error', tier2, SIGTERM_143);
    });
    extra.memoryUsage = memoryClimb(shape.memory.limit, originAgo);
    if (form === 'reversed') {
      extra.historyNewestFirst = true;
      extra.kubernetesEventsNewestFirst = true;
      extra.podsAndEventsGone = !tier2;
    }
    citation.push(CITE.oomKilled);
    expectation = {
      category: 'OOM_KILLED',
      origin: { pod: origin.pod, node: origin.node, signalIncludes: ['OOM'] },
      collateralAtLeast: collateral,
      quotedLine: 'OOMKilled',
      limitationWhenNoOrigin: false,
      citation,
      note:
        form === 'space'
          ? 'The peers\u2019 completedAt and Killing events are written `YYYY-MM-DD hh:mm:ss.sss` (no T, no zone: UTC, as the seed\u2019s lenient parsing reads it); the origin\u2019s are ISO with Z. As strings the peers sort first; as instants the origin is 25 s earlier.'
          : tier2
            ? 'The history pages newest first and the Kubernetes events are listed newest first: the first record read is the last failure.'
            : 'The pods were cleaned up and the events expired: only the history remains, paged newest first. The origin\u2019s OOMKilled event is the oldest record, on the last page.',
    };
  }
  return assemble(shape, {
    name: `timestamp-forms-${form}-${shape.framework}-${ordering}${tier2 ? '-tier2' : ''}`,
    family: 'timestamp-forms',
    ordering,
    tier2,
    description:
      form === 'ms'
        ? 'Two replicas raise different exceptions 450 ms apart in the same second (millisecond timestamps); the others get SIGTERM 9 s later.'
        : form === 'space'
          ? `${origin.pod} is OOM-killed 25 s before its peers; the peers\u2019 timestamps are written in the space-separated form, the origin\u2019s in ISO 8601.`
          : `${origin.pod} is OOM-killed first; the history (and, with Tier 2, the Kubernetes events) are listed newest first.`,
    replicas,
    originPod: origin.pod,
    failedAgo,
    extra,
    expectation,
  });
}

// ---- family: steering-names (a name that says another category) ----------------------------

function steeringNameCase(shape: Shape, originAt: number, ordering: Ordering, tier2: boolean, cause: 'xid79' | 'oom' | 'app'): CasePlan {
  const replicas = replicasOf(shape);
  const origin = replicas[originAt]!;
  const failedAgo = 2600;
  const originAgo = failedAgo + (cause === 'app' ? 60 : 500);
  const pci = '0000:bb:00';
  const last = "AttributeError: 'NoneType' object has no attribute 'shape'";
  const extra: HeldOutCaseParts['extra'] = {};
  let collateral = 0;
  if (cause === 'xid79') {
    endReplica(origin, originAgo, 'Error', tier2, ERROR_1, ['RuntimeError: CUDA error: unspecified launch failure']);
    extra.nodeConditions = { [origin.node]: [xidCondition(xidLine[79](pci), originAgo + 2)] };
  } else if (cause === 'oom') {
    origin.events = [oomEvent(origin.container, originAgo)];
    endReplica(origin, originAgo, 'OOMKilled', tier2, { code: 137, reason: 'OOMKilled' });
    extra.memoryUsage = memoryClimb(shape.memory.limit, originAgo);
  } else endReplica(origin, originAgo, 'Error', tier2, ERROR_1, pythonTraceback([['/workspace/det/train.py', 140, 'augment', 'h, w = image.shape[:2]']], last));
  replicas.forEach((replica, rank) => {
    if (replica === origin) return;
    collateral += 1;
    const ended = originAgo - (cause === 'xid79' ? 300 : 15) - rank;
    if (cause === 'xid79') endReplica(replica, ended, 'Error', tier2, ERROR_1, ncclWatchdog(rank, 7001, clockAt(ended), 300000));
    else endReplica(replica, ended, 'Error', tier2, SIGTERM_143);
  });
  const expected = {
    xid79: {
      category: 'NODE_FAILURE',
      signal: ['Xid', '79'],
      line: `NVRM: Xid (PCI:${pci}): 79`,
      cite: [CITE.xidLine, CITE.xidCatalogue, CITE.npdGpuConditions, CITE.ncclWatchdog],
    },
    oom: { category: 'OOM_KILLED', signal: ['OOM'], line: 'OOMKilled', cite: [CITE.oomKilled, CITE.orteHelpOrterun] },
    app: { category: 'CRASH_APP_ERROR', signal: ['AttributeError', 'exit code 1', 'exit 1'], line: last, cite: [CITE.pythonTraceback] },
  }[cause];
  // A Tier 1 app error reaches Run:ai only through the phase message (as in fixtures/scenarios/crash-app-nonzero-exit).
  const failure = failedMessage(shape, members(shape).find((member) => member.pod === origin.pod)!.role);
  return assemble(shape, {
    name: `steering-names-${shape.name}-${ordering}${tier2 ? '-tier2' : ''}`,
    family: 'steering-names',
    ordering,
    tier2,
    description: `A workload named "${shape.name}" in project "${shape.project}" on nodes "${shape.nodePrefix}…": the names point at another category; the origin ${origin.pod} ${cause === 'xid79' ? 'is on a node with Xid 79' : cause === 'oom' ? 'is OOM-killed' : 'raises AttributeError'}.`,
    replicas,
    originPod: origin.pod,
    failedAgo,
    ...(cause === 'app' && !tier2 && failure
      ? {
          phaseMessage: `${failure.message} Pod ${origin.pod} failed: container ${origin.container} terminated with exit code 1 (Error): Traceback (most recent call last): ... ${last}`,
        }
      : {}),
    extra,
    expectation: {
      category: expected.category,
      origin: { pod: origin.pod, node: origin.node, signalIncludes: expected.signal },
      collateralAtLeast: collateral,
      quotedLine: expected.line,
      limitationWhenNoOrigin: false,
      citation: expected.cite,
      note: 'DESIGN §4.8 "Names never steer, in either direction": the workload, project and node names are chosen to say another category; the verdict must be what a neutral name would get.',
    },
  });
}

// ---- family: tie (two origins in the same second, two categories) -------------------------

function tieCase(shape: Shape, kind: 'oom-vs-eviction' | 'xid-vs-app'): CasePlan {
  const replicas = replicasOf(shape);
  const at = 1900;
  const a = replicas[1]!;
  const b = replicas[replicas.length - 2]!;
  const extra: HeldOutCaseParts['extra'] = {};
  const pci = '0000:3b:00';
  let categories: [string, string];
  let lines: [string, string];
  let citation: string[];
  if (kind === 'oom-vs-eviction') {
    a.events = [oomEvent(a.container, at)];
    endReplica(a, at, 'OOMKilled', true, { code: 137, reason: 'OOMKilled' });
    const message = evictionMessage('memory', '100Mi', '77016Ki', b.container, '371195904Ki', shape.memory.request);
    b.events = [podEvent('Evicted', message, 'kubelet', at)];
    b.podStatus = { reason: 'Evicted', message };
    endReplica(b, at, 'Failed', true, { code: 137, reason: 'Error' });
    extra.memoryUsage = memoryClimb(shape.memory.limit, at);
    categories = ['OOM_KILLED', 'NODE_FAILURE'];
    lines = ['OOMKilled', 'The node was low on resource: memory'];
    citation = [CITE.oomKilled, CITE.kubeletEvictionMessage];
  } else {
    endReplica(a, at, 'Error', true, ERROR_1, ['RuntimeError: CUDA error: unspecified launch failure']);
    extra.nodeConditions = { [a.node]: [xidCondition(xidLine[79](pci), at)] };
    const last = 'ZeroDivisionError: float division by zero';
    endReplica(b, at, 'Error', true, ERROR_1, pythonTraceback([['/src/schedules.py', 41, 'cosine', 'progress = (step - warmup) / (total - warmup)']], last));
    categories = ['NODE_FAILURE', 'CRASH_APP_ERROR'];
    lines = [`NVRM: Xid (PCI:${pci}): 79`, last];
    citation = [CITE.xidLine, CITE.xidCatalogue, CITE.npdGpuConditions, CITE.pythonTraceback];
  }
  replicas.forEach((replica, rank) => {
    if (replica === a || replica === b) return;
    const ended = at - 20 - rank;
    endReplica(
      replica,
      ended,
      'Error',
      true,
      ERROR_1,
      shape.framework === 'jax' ? barrierTimeout('jax', 'step_sync_30110', shape.workers - 2, shape.workers) : glooClosed(rank, '10.61.9.4'),
    );
  });
  return assemble(shape, {
    name: `tie-${kind}-${shape.framework}-tier2`,
    family: 'tie',
    ordering: 'no-origin',
    tier2: true,
    description: `${a.pod} and ${b.pod} fail in the same second with signals of different categories (${categories.join(' / ')}); the rest fail 20 s later as collateral. The order cannot be told: origin null and a limitation, never a vote.`,
    replicas,
    originPod: null,
    failedAgo: at - 30,
    extra,
    expectation: {
      category: categories[0],
      categoryAlternatives: [categories[1]],
      origin: null,
      collateralAtLeast: 0,
      quotedLine: lines[0],
      quotedLineAlternatives: [lines[1]],
      limitationWhenNoOrigin: true,
      citation: [...citation, shape.framework === 'jax' ? CITE.coordinationBarrier : CITE.glooClosed],
      note: 'Two independent candidates at the same instant: neither time nor signal orders them. Either category is accepted (the evidence leaves both open); the origin must be null with a limitation saying why.',
    },
  });
}

// ---- family: untold-order (no failure time on any replica) --------------------------------

function untoldOrderCase(shape: Shape): CasePlan {
  const replicas = replicasOf(shape);
  // Failed pods whose completedAt is absent and whose k8sPhaseUpdatedAt is the start: no time says who went first.
  replicas.forEach((replica) => {
    replica.runaiPhase = 'Error';
    replica.noEndTime = true;
  });
  const failure = failedMessage(shape, 'Worker')!;
  return assemble(shape, {
    name: `untold-order-${shape.framework}-no-origin`,
    family: 'untold-order',
    ordering: 'no-origin',
    tier2: false,
    description: `Every replica of a ${replicas.length}-pod ${shape.framework} job is in Error with no completedAt, no failure event and no failure record in the history; only the controller says the job failed. No order, no cause: UNKNOWN, origin null with a limitation.`,
    replicas,
    originPod: null,
    failedAgo: 700,
    expectation: {
      category: 'UNKNOWN',
      origin: null,
      collateralAtLeast: 0,
      quotedLine: failure.message,
      limitationWhenNoOrigin: true,
      citation: [CITE.runaiTimestamps],
      note: 'Never fabricate (house rule): with no failure time the first failure is unknown, and with no signal the cause is unknown. The listing order (rank 0 first) is not a time.',
    },
  });
}

// ---- family: collateral-only (every replica shows only collateral, in different formats) -----

function collateralOnlyCase(shape: Shape, kind: 'mixed' | 'horovod' | 'coordination' | 'deepspeed'): CasePlan {
  const replicas = replicasOf(shape);
  const base = 3100;
  const namespace = `runai-${shape.project}`;
  const citation: string[] = [];
  let lines: string[];
  replicas.forEach((replica, rank) => {
    const ended = base - (rank % 4) * 2;
    const clock = clockAt(ended);
    if (kind === 'mixed') {
      const logs =
        rank % 3 === 0
          ? ncclWatchdog(rank, 99120, clock, 1800000)
          : rank % 3 === 1
            ? glooClosed(rank, `10.61.4.${rank + 10}`)
            : tcpStoreReset(rank, clock, `${replicas[0]!.pod}.${namespace}.svc`);
      endReplica(replica, ended, 'Error', true, ERROR_1, logs);
    } else if (kind === 'horovod') {
      if (rank === 0) endReplica(replica, ended - 4, 'Error', true, ERROR_1, [mpirunSignal(2, replicas[3]!.pod, 15, 'Terminated')]);
      else endReplica(replica, ended, 'Error', true, ERROR_1, [`[1,${rank - 1}]<stderr>:${HOROVOD_SHUT_DOWN}`]);
    } else if (kind === 'coordination')
      endReplica(replica, ended, 'Error', true, ERROR_1, barrierTimeout('jax', 'PjRT_Client_Sync_step_88000', shape.workers - 1, shape.workers));
    else endReplica(replica, ended, 'Error', true, ERROR_1, [...ncclWatchdog(rank * 8 + 3, 40411, clock, 1800000), ...deepspeedSummary(clock, 5100 + rank, 3)]);
  });
  if (kind === 'mixed') {
    citation.push(CITE.ncclWatchdog, CITE.glooClosed, CITE.tcpStoreReset);
    lines = ['Watchdog caught collective operation timeout', 'Connection closed by peer', 'Connection reset by peer'];
  } else if (kind === 'horovod') {
    citation.push(CITE.horovodShutDown, CITE.horovodInternalError, CITE.orteHelpOrterun);
    lines = ['Horovod has been shut down'];
  } else if (kind === 'coordination') {
    citation.push(CITE.coordinationBarrier);
    lines = ['Barrier timed out'];
  } else {
    citation.push(CITE.ncclWatchdog, CITE.deepspeedLauncher);
    lines = ['Watchdog caught collective operation timeout'];
  }
  return assemble(shape, {
    name: `collateral-only-${kind}-${shape.framework}-tier2`,
    family: 'collateral-only',
    ordering: 'no-origin',
    tier2: true,
    description: `Every replica ends within 6 s with a consequence only (${kind}): no replica shows a cause. UNKNOWN, origin null with a limitation, a collateral line quoted.`,
    replicas,
    originPod: null,
    failedAgo: base - 10,
    expectation: {
      category: 'UNKNOWN',
      origin: null,
      collateralAtLeast: 0,
      quotedLine: lines[0]!,
      ...(lines.length > 1 ? { quotedLineAlternatives: lines.slice(1) } : {}),
      limitationWhenNoOrigin: true,
      citation,
      note:
        kind === 'deepspeed'
          ? 'The DeepSpeed launcher\u2019s "exits with return code = 1" is a carrier summary, not the decisive line: the NCCL watchdog line it follows is quoted.'
          : kind === 'horovod'
            ? 'Horovod\u2019s own message says the cause is an exception on another rank; mpirun\u2019s "exited on signal 15" is a SIGTERM. Nothing is a cause: the earliest collateral is still collateral.'
            : 'Issue #23: "NCCL timeouts everywhere with no origin", here with other collateral formats. The earliest collateral is still collateral; never a majority vote.',
    },
  });
}

// ---- the set -------------------------------------------------------------------------------------

const shape = heldOutShape<FrameworkKey>;

/** Every case of the second held-out set, in a stable order. */
export function heldOut2Cases(): CasePlan[] {
  return [
    // node-pressure-eviction: the node fault is an eviction event (and, with Tier 2, the pod status)
    evictionCase(
      shape('nemo-gpt-20b', 'pytorch', 7, 'dgx-h100-r7-', 'foundation', 'a.mensah@example.com', ['320Gi', '384Gi'], 8, 2400),
      5,
      'origin-last',
      true,
      'memory',
      'diststore',
    ),
    evictionCase(
      shape('hvd-resnet-dist', 'mpi', 4, 'a100-hvd-', 'vision-ops', 'k.lindqvist@example.com', ['96Gi', '128Gi'], 4, 9000),
      3,
      'origin-middle',
      false,
      'memory',
      'plain',
    ),
    evictionCase(
      shape('fraud-gbt-nightly', 'xgboost', 3, 'l4-batch-', 'risk-models', 'r.costa@example.com', ['64Gi', '96Gi'], 1, 6000),
      2,
      'origin-first',
      false,
      'ephemeral-storage',
      'plain',
    ),
    evictionCase(
      shape('conformer-xl-asr', 'tf', 5, 'h100-tf-', 'speech', 'm.dubois@example.com', ['160Gi', '192Gi'], 8, 12000),
      4,
      'origin-middle',
      true,
      'memory',
      'coordination',
    ),
    evictionCase(
      shape('appo-atari-57', 'ray', 4, 'ray-l40s-', 'games-rl', 's.nakamura@example.com', ['96Gi', '128Gi'], 2, 8000),
      3,
      'origin-first',
      true,
      'memory',
      'ray',
    ),
    // node-shutdown
    nodeShutdownCase(
      shape('llava-ov-72b', 'pytorch', 5, 'spot-h100-', 'multimodal', 'd.okoro@example.com', ['400Gi', '480Gi'], 8, 20000),
      3,
      'origin-middle',
      'gloo',
    ),
    nodeShutdownCase(
      shape('gemma-pt-jax-v2', 'jax', 6, 'spot-h200-', 'lm-research', 'c.ferrari@example.com', ['512Gi', '600Gi'], 8, 30000),
      4,
      'origin-first',
      'coordination',
    ),
    // mpi-launcher
    mpiLauncherCase(
      shape('lammps-ml-pot', 'mpi', 5, 'hpc-a100-', 'materials', 'p.zhou@example.com', ['180Gi', '200Gi'], 4, 15000),
      3,
      'origin-last',
      true,
      'node-lost',
    ),
    mpiLauncherCase(
      shape('wrf-ens-2027', 'mpi', 6, 'hpc-h100-', 'climate', 'g.adeyemi@example.com', ['220Gi', '256Gi'], 4, 18000),
      2,
      'origin-middle',
      true,
      'oom',
    ),
    mpiLauncherCase(shape('cfd-les-gpu', 'mpi', 3, 'hpc-v100-', 'aero', 'b.novak@example.com', ['120Gi', '128Gi'], 2, 11000), 1, 'origin-first', false, 'oom'),
    // coordination-service
    coordinationCase(
      shape('paxml-lm-8b', 'jax', 8, 'tpuish-h100-', 'lm-research', 'e.walsh@example.com', ['256Gi', '300Gi'], 8, 40000),
      5,
      'origin-middle',
      'oom',
    ),
    coordinationCase(shape('tf-bert-ner-ml', 'tf', 4, 'a10-tf-', 'nlp-apps', 'f.haddad@example.com', ['48Gi', '64Gi'], 1, 7000), 3, 'origin-last', 'app'),
    // ray-node-died
    rayNodeCase(
      shape('sac-humanoid-grid', 'ray', 4, 'ray-a100-', 'robotics', 'h.schmidt@example.com', ['128Gi', '160Gi'], 4, 16000),
      'origin-first',
      true,
      'head',
    ),
    rayNodeCase(
      shape('dqn-sweep-atari', 'ray', 5, 'ray-l4-', 'games-rl-b', 'i.moreau@example.com', ['64Gi', '80Gi'], 1, 9000),
      'origin-last',
      false,
      'worker-taint',
    ),
    // lws-gpu-fault
    lwsGpuCase(
      shape('llama4-mav-serve', 'inference', 2, 'h200-srv-', 'llm-serving', 'j.alvarez@example.com', ['300Gi', '360Gi'], 8, 70000),
      2,
      'origin-last',
      79,
    ),
    lwsGpuCase(
      shape('qwen3-coder-480b', 'inference', 3, 'b200-srv-', 'code-serving', 'l.yamada@example.com', ['600Gi', '700Gi'], 8, 90000),
      1,
      'origin-middle',
      48,
    ),
    // restarted-origin
    restartedOriginCase(
      shape('mixtral-sft-ja', 'pytorch', 6, 'h100-sft-', 'post-training-ja', 'n.sato@example.com', ['300Gi', '360Gi'], 8, 9000),
      4,
      'origin-middle',
      true,
      false,
    ),
    restartedOriginCase(
      shape('tf-wide-deep-ctr', 'tf', 4, 'a30-rec-', 'ads-ranking-b', 'o.petrov@example.com', ['96Gi', '112Gi'], 1, 8000),
      1,
      'origin-first',
      false,
      false,
    ),
    restartedOriginCase(
      shape('olmo-1b-ablate', 'pytorch', 3, 'a100-abl-', 'pretrain-abl', 't.brown@example.com', ['160Gi', '192Gi'], 8, 7000),
      2,
      'origin-last',
      false,
      true,
    ),
    // timestamp-forms
    timestampFormsCase(
      shape('dit-xl-video', 'pytorch', 5, 'h100-vid-', 'video-gen', 'u.rossi@example.com', ['400Gi', '440Gi'], 8, 6000),
      'origin-last',
      false,
      'space',
    ),
    timestampFormsCase(
      shape('fraud-xgb-hist', 'xgboost', 3, 'l40s-tab-', 'risk-models-b', 'v.kowalski@example.com', ['64Gi', '80Gi'], 1, 4000),
      'origin-first',
      true,
      'ms',
    ),
    timestampFormsCase(
      shape('speech-tf-distill', 'tf', 4, 'a100-tfd-', 'speech-b', 'w.ng@example.com', ['128Gi', '160Gi'], 4, 5000),
      'origin-middle',
      true,
      'reversed',
    ),
    timestampFormsCase(
      shape('maxdiff-jax-img', 'jax', 4, 'h100-jx-', 'image-gen', 'x.ibrahim@example.com', ['256Gi', '300Gi'], 8, 5000),
      'origin-first',
      false,
      'reversed',
    ),
    // steering-names
    steeringNameCase(
      shape('oom-sweep', 'pytorch', 5, 'oom-test-pool-', 'oom-experiments', 'y.cohen@example.com', ['256Gi', '320Gi'], 8, 8000),
      2,
      'origin-middle',
      true,
      'xid79',
    ),
    steeringNameCase(
      shape('nccl-timeout-repro', 'mpi', 4, 'nccl-debug-', 'nccl-timeouts', 'z.kaur@example.com', ['128Gi', '160Gi'], 4, 6000),
      4,
      'origin-last',
      false,
      'oom',
    ),
    steeringNameCase(
      shape('node-failure-drill', 'tf', 3, 'failing-node-', 'node-failure', 'a.berg@example.com', ['64Gi', '80Gi'], 2, 5000),
      0,
      'origin-first',
      true,
      'app',
    ),
    steeringNameCase(
      shape('preempted-retry-7', 'xgboost', 3, 'preempt-pool-', 'preemption', 'b.ito@example.com', ['48Gi', '64Gi'], 1, 3000),
      0,
      'origin-middle',
      false,
      'app',
    ),
    // tie
    tieCase(shape('t5-xxl-span', 'pytorch', 6, 'h100-t5-', 'lm-pretrain-b', 'c.moreno@example.com', ['320Gi', '384Gi'], 8, 9000), 'oom-vs-eviction'),
    tieCase(shape('vit-22b-jax', 'jax', 6, 'h200-vit-', 'vision-pt', 'd.osei@example.com', ['512Gi', '600Gi'], 8, 12000), 'xid-vs-app'),
    // untold-order
    untoldOrderCase(shape('bert-large-dapt', 'pytorch', 4, 'a100-dapt-', 'nlp-dapt', 'e.jansen@example.com', ['96Gi', '128Gi'], 4, 5000)),
    untoldOrderCase(shape('hvd-efficientnet', 'mpi', 3, 'v100-hvd-', 'vision-legacy', 'f.rahman@example.com', ['64Gi', '96Gi'], 2, 6000)),
    // collateral-only
    collateralOnlyCase(shape('megatron-moe-16x', 'pytorch', 7, 'b200-moe-', 'moe-pretrain', 'g.silva@example.com', ['640Gi', '720Gi'], 8, 20000), 'mixed'),
    collateralOnlyCase(shape('hvd-bert-squad', 'mpi', 5, 'a100-sq-', 'nlp-qa', 'h.demir@example.com', ['96Gi', '128Gi'], 4, 7000), 'horovod'),
    collateralOnlyCase(shape('paxml-moe-64e', 'jax', 8, 'h100-pax-', 'lm-research-b', 'i.kovacs@example.com', ['512Gi', '600Gi'], 8, 25000), 'coordination'),
    collateralOnlyCase(shape('ds-bloom-7b-cpt', 'pytorch', 3, 'a800-ds-', 'lm-cpt', 'j.park@example.com', ['480Gi', '512Gi'], 8, 15000), 'deepspeed'),
  ];
}
