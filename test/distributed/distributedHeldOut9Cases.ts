/**
 * The ninth held-out distributed set (fixtures/distributed-heldout-9), generated like the first
 * eight (families × frameworks × orderings, through buildHeldOutCase). It measures whether the
 * origin engine tuned on sets 7 and 8 generalises to two frameworks none of the eight has:
 *
 * - Kubeflow Trainer v2: a `TrainJob` on the `torch-distributed` runtime, run by JobSet (replicated
 *   job `node`, container `node`, pods `<trainjob>-node-0-<index>-<suffix>`); every node runs torchrun,
 *   rank 0's node hosts the c10d store. The job-level message is JobSet's
 *   `jobset failed due to one or more job failures (first failed job: <trainjob>-node-0)`, which
 *   names the one Job every node belongs to, never a pod.
 * - Apache Spark on Kubernetes through the Spark operator (`SparkApplication`, pods `<app>-driver`
 *   and `<app>-<16 hex>-exec-<n>`, containers `spark-kubernetes-driver` / `spark-kubernetes-executor`):
 *   the driver is the coordinator, and it is the origin here; executors end on their own when they
 *   lose it (`Driver … disassociated! Shutting down.`, exit 1; heartbeats that fail 60 times, exit 56).
 *
 * What varies is where the origin's evidence is and what it is: a container OOM kill whose Run:ai end
 * time was written after the peers' (only the container's `finishedAt` or the OOM event dates it);
 * two independent causes of two categories seconds apart (the first is the origin); every replica
 * in one second with one cause; an exit 137 that nothing explains (UNKNOWN, the origin all the same);
 * no replica with a cause of its own (origin null); a coordinator OOM-killed; a coordinator whose node
 * stopped posting status (a Kubernetes event its only evidence, no log, no end time); and a
 * coordinator OOM kill in the same millisecond as an executor's node loss (origin null).
 *
 * It was written without reading the engine (functions/diagnosis/): every expectation follows from
 * what the upstream message means, from DESIGN §2 and §4.8 and from the product's documented
 * decisions (docs/procedure.md: OOM_KILLED is a container signal that comes first; NotReady without
 * preemption is NODE_FAILURE; a main container's non-zero exit without a system signal is
 * CRASH_APP_ERROR; docs/signals.md: 137/143 are signals another process sent and never make a crash on
 * their own; UNKNOWN when the evidence is too little). Every message text is an upstream format, cited
 * at the helper that writes it and in the case's `citation`.
 */
import { createHash } from 'node:crypto';
import type { CasePlan, PodEventPlan, ReplicaPlan, StampForm } from './buildHeldOutCase.js';
import { assembleHeldOutCase, type HeldOutFramework } from './assembleHeldOutCase.js';
import { clockAt } from './clockAt.js';
import { ERROR_1, endReplica } from './endReplica.js';
import { notReadyConditions, oomEvent, podEvent } from './eventAndConditionPlans.js';
import { generateNameSuffix, heldOutShape, rosterReplicas, type HeldOutMember, type HeldOutShape } from './heldOutShape.js';
import { pythonTraceback } from './pythonTraceback.js';

/** Upstream sources of the message formats this set uses. */
const CITE = {
  // ClusterTrainingRuntime torch-distributed: replicatedJobs[0].name "node", container "node"
  trainerTorchRuntime: 'https://github.com/kubeflow/trainer/blob/master/manifests/base/runtimes/torch_distributed.yaml',
  // FailedJobsReason "FailedJobs", FailedJobsMessage "jobset failed due to one or more job failures"
  jobsetConstants: 'https://github.com/kubernetes-sigs/jobset/blob/main/pkg/constants/constants.go',
  // messageWithFirstFailedJob: fmt.Sprintf("%s (first failed job: %s)", msg, firstFailedJobName)
  jobsetFailurePolicy: 'https://github.com/kubernetes-sigs/jobset/blob/main/pkg/controllers/failure_policy.go',
  // pods <jobset>-<replicatedJob>-<jobIndex>-<podIndex>-<suffix> (the Job's pods, generateName)
  jobsetController: 'https://github.com/kubernetes-sigs/jobset/blob/main/pkg/controllers/jobset_controller.go',
  // torchrun's summary: "Root Cause (first observed failure):" with time/host/rank/exitcode/error_file/traceback
  childFailed: 'https://github.com/pytorch/pytorch/blob/main/torch/distributed/elastic/multiprocessing/errors/__init__.py',
  // logger.info("[%s] Starting worker group", role)
  elasticAgent: 'https://github.com/pytorch/pytorch/blob/main/torch/distributed/elastic/agent/server/api.py',
  // "ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely."
  ncclRemoteError: 'https://github.com/pytorch/pytorch/blob/main/torch/csrc/distributed/c10d/NCCLUtils.cpp',
  ncclResultDocs: 'https://docs.nvidia.com/deeplearning/nccl/user-guide/docs/api/types.html',
  // c10d store: "[c10d] recvValue failed on SocketImpl(…): failed to recv, got 0 bytes" and DistNetworkError
  // "Failed to recv, got 0 bytes. Connection was likely closed. Did the remote server shutdown or crash?"
  c10dRecv: 'https://github.com/pytorch/pytorch/blob/main/torch/csrc/distributed/c10d/Utils.hpp',
  c10dTcpStore: 'https://github.com/pytorch/pytorch/blob/main/torch/csrc/distributed/c10d/TCPStore.cpp',
  // infer_size_impl: "shape '" << shape << "' is invalid for input of size " << numel (a RuntimeError)
  atenInferSize: 'https://github.com/pytorch/pytorch/blob/main/aten/src/ATen/InferSize.h',
  // torch.OutOfMemoryError: "CUDA out of memory. Tried to allocate …"
  cudaOom: 'https://github.com/pytorch/pytorch/blob/main/c10/cuda/CUDACachingAllocator.cpp',
  pythonTraceback: 'https://docs.python.org/3/library/traceback.html',
  // The Run:ai-relayed OOM event and the container's OOMKilled/137 (as in fixtures/scenarios)
  oomKilled: 'https://kubernetes.io/docs/tasks/configure-pod-container/assign-memory-resource/',
  // 128 + signal: 137 is SIGKILL, sent by whoever (the kernel's OOM killer sets reason OOMKilled; anything else does not)
  exitCodes: 'https://kubernetes.io/docs/concepts/workloads/pods/pod-lifecycle/#container-state-terminated',
  // MarkPodsNotReady: recorder.Event(pod, v1.EventTypeWarning, "NodeNotReady", "Node is not ready")
  nodeControllerUtils: 'https://github.com/kubernetes/kubernetes/blob/master/pkg/controller/util/node/controller_utils.go',
  // Ready=Unknown, reason NodeStatusUnknown, "Kubelet stopped posting node status." (eventAndConditionPlans.notReadyConditions)
  nodeLifecycle: 'https://github.com/kubernetes/kubernetes/blob/master/pkg/controller/nodelifecycle/node_lifecycle_controller.go',
  // onDisconnected: exitExecutor(1, s"Driver $remoteAddress disassociated! Shutting down.", …);
  // exitExecutor: logError("Executor self-exiting due to : " + reason); System.exit(code)
  sparkExecutorBackend: 'https://github.com/apache/spark/blob/master/core/src/main/scala/org/apache/spark/executor/CoarseGrainedExecutorBackend.scala',
  // reportHeartBeat: logWarning("Issue communicating with driver in heartbeater"); after spark.executor.heartbeat.maxFailures (60):
  // logError(s"Exit as unable to send heartbeats to driver more than $HEARTBEAT_MAX_FAILURES times"); System.exit(HEARTBEAT_FAILURE)
  sparkExecutor: 'https://github.com/apache/spark/blob/master/core/src/main/scala/org/apache/spark/executor/Executor.scala',
  // HEARTBEAT_FAILURE = 56
  sparkExitCodes: 'https://github.com/apache/spark/blob/master/core/src/main/scala/org/apache/spark/executor/ExecutorExitCode.scala',
  // "Finished task %s in stage %s (TID %d) in %d ms on %s (executor %s) (%d/%d)"
  sparkTaskSetManager: 'https://github.com/apache/spark/blob/master/core/src/main/scala/org/apache/spark/scheduler/TaskSetManager.scala',
  // the default console pattern "%d{yy/MM/dd HH:mm:ss} %p %c{1}: %m%n%ex"
  sparkLog4j: 'https://github.com/apache/spark/blob/master/conf/log4j2.properties.template',
  // DEFAULT_DRIVER_CONTAINER_NAME "spark-kubernetes-driver", DEFAULT_EXECUTOR_CONTAINER_NAME "spark-kubernetes-executor";
  // executor pods "$resourceNamePrefix-exec-$executorId"
  sparkK8sConstants: 'https://github.com/apache/spark/blob/master/resource-managers/kubernetes/core/src/main/scala/org/apache/spark/deploy/k8s/Constants.scala',
  sparkK8sExecutorPods:
    'https://github.com/apache/spark/blob/master/resource-managers/kubernetes/core/src/main/scala/org/apache/spark/deploy/k8s/features/BasicExecutorFeatureStep.scala',
  // errorMessage "driver container failed with ExitCode: %d, Reason: %s"; event SparkApplicationFailed "SparkApplication %s failed: %s";
  // the driver pod "<app>-driver"
  sparkOperator: 'https://github.com/kubeflow/spark-operator/blob/master/internal/controller/sparkapplication/controller.go',
} as const;

type Ordering = CasePlan['ordering'];
type FrameworkKey = 'trainjob-torch' | 'spark-k8s';
type Shape = HeldOutShape<FrameworkKey>;

const IMAGES: Record<FrameworkKey, string> = {
  'trainjob-torch': 'registry.example.com/llm/trainer-torch:2.7.1-cu126',
  'spark-k8s': 'registry.example.com/data/spark-rapids:3.5.3-25.02',
};

/** Five lowercase alphanumerics, as a Job pod's generateName suffix (seeded unlike the earlier sets). */
const suffix = (seed: string) => generateNameSuffix(seed, 61, 43);
/** Spark's resource name prefix `<app>-<16 hex>` (KubernetesConf's unique id), deterministic here. */
const sparkPrefix = (name: string) => `${name}-${createHash('sha256').update(`spark/${name}`).digest('hex').slice(0, 16)}`;

/**
 * Pod naming per controller: JobSet `<trainjob>-node-0-<index>-<suffix>` (container `node`, one Job
 * `<trainjob>-node-0` with parallelism = numNodes); Spark `<app>-driver` and `<prefix>-exec-<n>`
 * (executor ids from 1).
 */
function members(shape: Shape): HeldOutMember[] {
  const { name, workers } = shape;
  const range = (count: number) => Array.from({ length: count }, (_, index) => index);
  if (shape.framework === 'trainjob-torch')
    return range(workers).map((index) => ({ pod: `${name}-node-0-${index}-${suffix(`${index}/${name}`)}`, container: 'node', role: 'Node' }));
  return [
    { pod: `${name}-driver`, container: 'spark-kubernetes-driver', role: 'Driver' },
    ...range(workers).map((index) => ({ pod: `${sparkPrefix(name)}-exec-${index + 1}`, container: 'spark-kubernetes-executor', role: 'Executor' })),
  ];
}

/** The roster, all running; the Spark driver holds no GPU (it schedules; the executors run RAPIDS). */
function replicasOf(shape: Shape): ReplicaPlan[] {
  const roster = members(shape);
  return rosterReplicas(shape, roster, IMAGES[shape.framework], 31).map((replica, index) =>
    roster[index]!.role === 'Driver' ? { ...replica, gpus: 0 } : replica,
  );
}

/** The Workloads V2 body: a TrainJob on the torch-distributed runtime, a SparkApplication. */
function v2Spec(shape: Shape): CasePlan['spec'] {
  const namespace = `runai-${shape.project}`;
  const manifest =
    shape.framework === 'trainjob-torch'
      ? {
          apiVersion: 'trainer.kubeflow.org/v1alpha1',
          kind: 'TrainJob',
          metadata: { name: shape.name, namespace },
          spec: {
            runtimeRef: { name: 'torch-distributed' },
            trainer: {
              image: IMAGES[shape.framework],
              command: ['torchrun', '/app/pretrain.py', '--config', '/app/configs/llama-8b.yaml'],
              numNodes: shape.workers,
              numProcPerNode: shape.gpus,
              resourcesPerNode: {
                requests: { memory: shape.memory.request, 'nvidia.com/gpu': String(shape.gpus) },
                limits: { memory: shape.memory.limit, 'nvidia.com/gpu': String(shape.gpus) },
              },
            },
          },
        }
      : {
          apiVersion: 'sparkoperator.k8s.io/v1beta2',
          kind: 'SparkApplication',
          metadata: { name: shape.name, namespace },
          spec: {
            type: 'Python',
            mode: 'cluster',
            image: IMAGES[shape.framework],
            mainApplicationFile: 'local:///app/features.py',
            sparkVersion: '3.5.3',
            restartPolicy: { type: 'Never' },
            driver: { cores: 4, memory: '24g', memoryOverhead: '4g', serviceAccount: 'spark' },
            executor: { instances: shape.workers, cores: 8, memory: '48g', gpu: { name: 'nvidia.com/gpu', quantity: shape.gpus } },
          },
        };
  return {
    kind: 'v2',
    body: {
      workload: {
        metadata: {
          name: shape.name,
          gvk: { group: manifest.apiVersion.split('/')[0], version: manifest.apiVersion.split('/')[1], kind: manifest.kind },
          projectName: shape.project,
          createdBy: shape.submittedBy,
        },
        desiredPhase: 'Running',
        workloadManifest: manifest,
      },
      syncInfo: { status: 'Synced' },
    },
  };
}

/**
 * The controller's job-level failure message: JobSet's (CITE.jobsetConstants + CITE.jobsetFailurePolicy), copied into
 * the TrainJob's Failed condition; the Spark operator's SparkApplicationFailed with the driver's errorMessage
 * (CITE.sparkOperator) — none when the driver never terminated (its node was lost: the operator has no exit to write).
 */
function frameworkOf(shape: Shape, sparkDriverExit?: { code: number; reason: string }): HeldOutFramework {
  const trainjob = shape.framework === 'trainjob-torch';
  return {
    roster: members(shape),
    failedMessage: () =>
      trainjob
        ? { reason: 'FailedJobs', message: `jobset failed due to one or more job failures (first failed job: ${shape.name}-node-0)` }
        : sparkDriverExit
          ? {
              reason: 'SparkApplicationFailed',
              message: `SparkApplication ${shape.name} failed: driver container failed with ExitCode: ${sparkDriverExit.code}, Reason: ${sparkDriverExit.reason}`,
            }
          : null,
    runaiType: trainjob ? 'TrainJob' : 'SparkApplication',
    distributedFramework: null,
    workloadsV2: true,
    spec: () => v2Spec(shape),
    citations: trainjob
      ? [CITE.trainerTorchRuntime, CITE.jobsetConstants, CITE.jobsetFailurePolicy, CITE.jobsetController]
      : [CITE.sparkOperator, CITE.sparkK8sConstants, CITE.sparkK8sExecutorPods],
  };
}

const at = (pod: ReplicaPlan, needles: string[]) => ({ pod: pod.pod, node: pod.node, signalIncludes: needles });
const tierName = (tier2: boolean) => (tier2 ? 'tier2' : 'tier1');

/**
 * The pod IPs as buildHeldOutCase lists them: by position in the listing, after assembleHeldOutCase has
 * moved the origin first, to the middle or last (its `arrange` rule), so that an IP a log names is the
 * IP of the pod it means.
 */
function ipsOf(replicas: ReplicaPlan[], origin: ReplicaPlan | null, ordering: Ordering): (replica: ReplicaPlan) => string {
  let listed = replicas;
  if (origin && ordering !== 'no-origin') {
    const rest = replicas.filter((replica) => replica !== origin);
    const middle = Math.floor(rest.length / 2);
    listed =
      ordering === 'origin-first'
        ? [origin, ...rest]
        : ordering === 'origin-last'
          ? [...rest, origin]
          : [...rest.slice(0, middle), origin, ...rest.slice(middle)];
  }
  return (replica) => {
    const index = listed.indexOf(replica);
    return `10.244.${(index * 7 + 11) % 250}.${(index * 13 + 21) % 250}`;
  };
}
type IpOf = ReturnType<typeof ipsOf>;

// ---- message formats (each cited at its source in CITE) ----------------------------------

const OOM_137 = { code: 137, reason: 'OOMKilled' } as const;
/** 137 without OOMKilled: a SIGKILL the kubelet did not attribute to the OOM killer (CITE.exitCodes). */
const SIGKILL_137 = { code: 137, reason: 'Error' } as const;
/** Spark's HEARTBEAT_FAILURE (CITE.sparkExitCodes). */
const HEARTBEAT_56 = { code: 56, reason: 'Error' } as const;

const OOM_NEEDLES = ['OOM'];
const NOT_READY_NEEDLES = ['NodeNotReady', 'Node is not ready', 'NotReady', 'Kubelet stopped posting', 'NodeStatusUnknown'];

/** CITE.elasticAgent: the torchrun agent's line when it starts the node's ranks (the only line of a rank killed silently). */
const agentStart = (ago: number, pid: number) => [
  `I1203 ${clockAt(ago)}.104000 ${pid} torch/distributed/elastic/agent/server/api.py:525] [default] Starting worker group`,
];

/** CITE.childFailed: torchrun's closing summary once a local rank failed (a carrier: it names only an exit code). */
const childFailedSummary = (host: string, rank: number, pid: number, ago: number) => [
  'torch.distributed.elastic.multiprocessing.errors.ChildFailedError: ',
  '============================================================',
  '/app/pretrain.py FAILED',
  '------------------------------------------------------------',
  'Failures:',
  '  <NO_OTHER_FAILURES>',
  '------------------------------------------------------------',
  'Root Cause (first observed failure):',
  '[0]:',
  `  time      : 2026-12-03_${clockAt(ago)}`,
  `  host      : ${host}`,
  `  rank      : ${rank} (local_rank: ${rank % 8})`,
  `  exitcode  : 1 (pid: ${pid})`,
  '  error_file: <N/A>',
  '  traceback : To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html',
  '============================================================',
];

/** CITE.ncclRemoteError: NCCLUtils' detail string for ncclRemoteError, raised as DistBackendError. */
const ncclRemote = (rank: number, peerIp: string) => [
  `[rank${rank}]: torch.distributed.DistBackendError: NCCL error in: /pytorch/torch/csrc/distributed/c10d/NCCLUtils.cpp:77, remote process exited or there was a network error, NCCL version 2.26.2`,
  `[rank${rank}]: ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.`,
  `[rank${rank}]: Last error:`,
  `[rank${rank}]: socketPollConnect: connect to ${peerIp}<36529> returned Connection refused, exceeded error retry count (35)`,
];

/** CITE.c10dRecv + CITE.c10dTcpStore: a rank whose c10d store (on rank 0's node) closed the connection. */
const c10dRecvFailed = (rank: number, ownIp: string, storeIp: string) => [
  `[W1203 08:00:00.000000000 TCPStore.cpp:125] [c10d] recvValue failed on SocketImpl(fd=77, addr=[::ffff:${ownIp}]:39732, remote=[::ffff:${storeIp}]:29500): failed to recv, got 0 bytes`,
  `[rank${rank}]: torch.distributed.DistNetworkError: Failed to recv, got 0 bytes. Connection was likely closed. Did the remote server shutdown or crash?`,
];

/** The pod's host name as torchrun reports it (the pod name). */
const trainjobHost = (replica: ReplicaPlan) => replica.pod;

/**
 * A TrainJob node that failed because another node went away: its first rank's NCCL or c10d error,
 * then torchrun's summary; exit 1. The store lives on node 0, so node 0's loss reads as the store's.
 */
function peerLostLog(replicas: ReplicaPlan[], ipOf: IpOf, peer: ReplicaPlan, gone: ReplicaPlan, ago: number): string[] {
  const rank = replicas.indexOf(peer) * 8;
  const consequence = replicas.indexOf(gone) === 0 ? c10dRecvFailed(rank, ipOf(peer), ipOf(gone)) : ncclRemote(rank, ipOf(gone));
  return [...agentStart(ago + 7200, 80 + rank), ...consequence, ...childFailedSummary(trainjobHost(peer), rank, 200 + rank, ago)];
}

/** CITE.atenInferSize: a rank's reshape of a batch whose sequence length disagrees with the config. */
const RESHAPE_ERROR = "RuntimeError: shape '[4, 8192, 32, 128]' is invalid for input of size 100663296";
const reshapeTraceback = (rank: number) =>
  pythonTraceback(
    [
      ['/app/pretrain.py', 214, '<module>', 'loss = model(batch).loss'],
      ['/app/model/attention.py', 97, 'forward', 'q = self.q_proj(x).view(bsz, seqlen, self.n_heads, self.head_dim)'],
    ],
    RESHAPE_ERROR,
    `[rank${rank}]: `,
  );

/** CITE.cudaOom: the caching allocator's message, raised as torch.OutOfMemoryError. */
const CUDA_OOM_QUOTE = 'torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 7.81 GiB';
const cudaOomTraceback = (rank: number) =>
  pythonTraceback(
    [
      ['/app/pretrain.py', 221, '<module>', 'loss.backward()'],
      ['/usr/local/lib/python3.11/site-packages/torch/_tensor.py', 626, 'backward', 'torch.autograd.backward('],
    ],
    `${CUDA_OOM_QUOTE}. GPU ${rank % 8} has a total capacity of 79.44 GiB of which 5.12 GiB is free. Process 5121 has 74.31 GiB memory in use. Of the allocated memory 69.02 GiB is allocated by PyTorch, and 3.88 GiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)`,
    `[rank${rank}]: `,
  );

/** CITE.sparkLog4j: one line in Spark's default console pattern (`yy/MM/dd HH:mm:ss LEVEL Logger: message`). */
const sparkLine = (ago: number, level: 'INFO' | 'WARN' | 'ERROR', logger: string, message: string) => `26/12/03 ${clockAt(ago)} ${level} ${logger}: ${message}`;

/** CITE.sparkTaskSetManager: the driver's progress while a stage runs (its log's last lines before it is killed). */
const driverProgress = (replicas: ReplicaPlan[], ipOf: IpOf, ago: number) =>
  replicas
    .slice(1, 3)
    .map((executor, index) =>
      sparkLine(
        ago + 2 - index,
        'INFO',
        'TaskSetManager',
        `Finished task ${187 + index}.0 in stage 14.0 (TID ${3012 + index}) in ${5120 + index * 311} ms on ${ipOf(executor)} (executor ${index + 1}) (${188 + index}/200)`,
      ),
    );

/** CITE.sparkExecutorBackend: an executor whose connection to the driver closed (the driver's process died): exit 1. */
const executorDisassociated = (ipOf: IpOf, driver: ReplicaPlan, ago: number) => [
  sparkLine(ago + 30, 'INFO', 'Executor', 'Running task 191.0 in stage 14.0 (TID 3016)'),
  sparkLine(ago, 'ERROR', 'CoarseGrainedExecutorBackend', `Executor self-exiting due to : Driver ${ipOf(driver)}:7078 disassociated! Shutting down.`),
];

/** CITE.sparkExecutor: an executor that could not reach the driver for 60 heartbeats: exit 56. */
const executorHeartbeatExit = (ago: number) => [
  sparkLine(ago + 20, 'WARN', 'Executor', 'Issue communicating with driver in heartbeater'),
  sparkLine(ago + 10, 'WARN', 'Executor', 'Issue communicating with driver in heartbeater'),
  sparkLine(ago, 'ERROR', 'Executor', 'Exit as unable to send heartbeats to driver more than 60 times'),
];

/** CITE.nodeControllerUtils: what the node controller writes on each pod of a node that went NotReady. */
const nodeNotReadyEvent = (ago: number, stamp?: StampForm): PodEventPlan => ({
  ...podEvent('NodeNotReady', 'Node is not ready', 'node-controller', ago),
  ...(stamp ? { stamp } : {}),
});

// ---- family: trainjob-oom-sync-lag (an OOM kill whose Run:ai end time comes after the peers') -------------------

/**
 * One TrainJob node's container is killed at its memory limit (137, OOMKilled). Its peers' ranks fail
 * 6–9 s later (ncclRemoteError, or the c10d store's closed connection when node 0 was killed) and exit 1.
 * Run:ai's record of the origin's end was written 95 s late: its `completedAt` comes after every
 * peer's. Tier 2: the container's `finishedAt` is the kill, and Run:ai relays no OOM event. Tier 1:
 * the Run:ai OOM event, dated at the kill, is the only time the kill has.
 */
function oomSyncLagCase(shape: Shape, originAt: number, ordering: Ordering, tier2: boolean): CasePlan {
  const replicas = replicasOf(shape);
  const origin = replicas[originAt]!;
  const ipOf = ipsOf(replicas, origin, ordering);
  const killAgo = 3100 + originAt * 10;
  endReplica(origin, killAgo, 'OOMKilled', tier2, OOM_137, agentStart(killAgo + 7200, 80 + originAt * 8));
  origin.runaiEndedAgo = killAgo - 95;
  if (!tier2) origin.events = [oomEvent(origin.container, killAgo)];
  replicas.forEach((peer, index) => {
    if (peer === origin) return;
    const ended = killAgo - 6 - (index % 4);
    endReplica(peer, ended, 'Error', tier2, ERROR_1, peerLostLog(replicas, ipOf, peer, origin, ended));
  });
  return assembleHeldOutCase(shape, frameworkOf(shape), {
    name: `trainjob-oom-sync-lag-${shape.framework}-${ordering}${originAt === 0 ? '-node0' : ''}-${tierName(tier2)}`,
    family: 'trainjob-oom-sync-lag',
    ordering,
    tier2,
    description: `${origin.pod} is OOM-killed (137); the other nodes' ranks fail 6–9 s later (${originAt === 0 ? 'the c10d store on node 0 closed' : 'ncclRemoteError'}) and exit 1; Run:ai wrote the origin's end 95 s late, after every peer's. ${tier2 ? 'The container\u2019s finishedAt is the kill; Run:ai relays no OOM event.' : 'The Run:ai OOM event, dated at the kill, is the only time the kill has.'}`,
    replicas,
    originPod: origin.pod,
    failedAgo: killAgo - 100,
    expectation: {
      category: 'OOM_KILLED',
      origin: at(origin, OOM_NEEDLES),
      collateralAtLeast: replicas.length - 1,
      quotedLine: 'OOMKilled',
      quotedLineAlternatives: ['OOM killed'],
      limitationWhenNoOrigin: false,
      citation: [
        CITE.oomKilled,
        ...(tier2
          ? [CITE.elasticAgent, CITE.childFailed, ...(originAt === 0 ? [CITE.c10dRecv, CITE.c10dTcpStore] : [CITE.ncclRemoteError, CITE.ncclResultDocs])]
          : []),
      ],
      note: `The node was killed at its memory limit (OOMKilled, 137): OOM_KILLED. Its kill is the earliest failure by 6 s, although Run:ai\u2019s pod end time for it is the latest (written 95 s late): ${tier2 ? 'the container\u2019s own finishedAt dates the kill (docs/procedure.md: Run:ai\u2019s pod end time can lag the container\u2019s own end)' : 'the OOM event is dated at the kill'}. The peers\u2019 ${originAt === 0 ? 'closed c10d store connection ("Did the remote server shutdown or crash?")' : 'ncclRemoteError ("a remote process exiting prematurely")'} and torchrun\u2019s ChildFailedError summaries name another process: collateral, every one.`,
    },
  });
}

// ---- family: trainjob-two-causes-seconds-apart (two independent causes of two categories; the first is the origin) ----

/**
 * Two nodes fail for causes of their own a few seconds apart: one rank raises a reshape RuntimeError,
 * another node is OOM-killed. Neither message names the other; the earlier one is the origin and sets
 * the category, whichever it is. The other nodes fail 6 s after the first (ncclRemoteError).
 */
function twoCausesCase(shape: Shape, appAt: number, oomAt: number, first: 'app' | 'oom', ordering: Ordering): CasePlan {
  const replicas = replicasOf(shape);
  const appNode = replicas[appAt]!;
  const oomNode = replicas[oomAt]!;
  const firstAgo = 2600 + appAt * 10;
  const appAgo = first === 'app' ? firstAgo : firstAgo - 3;
  const oomAgo = first === 'oom' ? firstAgo : firstAgo - 4;
  const appRank = appAt * 8 + 3;
  endReplica(appNode, appAgo, 'Error', true, ERROR_1, [
    ...agentStart(appAgo + 7200, 80 + appRank),
    ...reshapeTraceback(appRank),
    ...childFailedSummary(trainjobHost(appNode), appRank, 200 + appRank, appAgo),
  ]);
  endReplica(oomNode, oomAgo, 'OOMKilled', true, OOM_137, agentStart(oomAgo + 7200, 80 + oomAt * 8));
  oomNode.events = [oomEvent(oomNode.container, oomAgo)];
  const origin = first === 'app' ? appNode : oomNode;
  const ipOf = ipsOf(replicas, origin, ordering);
  replicas.forEach((peer, index) => {
    if (peer === appNode || peer === oomNode) return;
    const ended = firstAgo - 6 - (index % 3) * 0.4;
    endReplica(peer, ended, 'Error', true, ERROR_1, peerLostLog(replicas, ipOf, peer, origin, ended));
  });
  const app = first === 'app';
  return assembleHeldOutCase(shape, frameworkOf(shape), {
    name: `trainjob-two-causes-seconds-apart-${shape.framework}-${first}-first-${ordering}-tier2`,
    family: 'trainjob-two-causes-seconds-apart',
    ordering,
    tier2: true,
    description: app
      ? `${appNode.pod}'s rank ${appRank} raises "${RESHAPE_ERROR}" (exit 1); 4 s later ${oomNode.pod} is OOM-killed (137); the other nodes fail 6 s after the first with ncclRemoteError.`
      : `${oomNode.pod} is OOM-killed (137); 3 s later ${appNode.pod}'s rank ${appRank} raises "${RESHAPE_ERROR}" (exit 1); the other nodes fail 6 s after the first with ncclRemoteError.`,
    replicas,
    originPod: origin.pod,
    failedAgo: firstAgo - 10,
    expectation: app
      ? {
          category: 'CRASH_APP_ERROR',
          origin: at(appNode, ['RuntimeError', 'is invalid for input of size', 'exit code 1', 'exit 1']),
          collateralAtLeast: replicas.length - 2,
          quotedLine: RESHAPE_ERROR,
          limitationWhenNoOrigin: false,
          citation: [CITE.atenInferSize, CITE.pythonTraceback, CITE.childFailed, CITE.oomKilled, CITE.ncclRemoteError],
          note: 'Two causes of their own, seconds apart: a rank\u2019s RuntimeError (an application error) and, 4 s later, another node killed at its memory limit. An OOM kill is never a consequence of a peer\u2019s exit, but it is later: the origin is the first failure (DESIGN §4.8, earliest termination), and the category comes from the origin: CRASH_APP_ERROR, not the OOM that the precedence puts first within one pod. The OOM is a second cause ("also observed"), not collateral; the other nodes\u2019 ncclRemoteError is collateral.',
        }
      : {
          category: 'OOM_KILLED',
          origin: at(oomNode, OOM_NEEDLES),
          collateralAtLeast: replicas.length - 2,
          quotedLine: 'OOMKilled',
          quotedLineAlternatives: ['OOM killed'],
          limitationWhenNoOrigin: false,
          citation: [CITE.oomKilled, CITE.atenInferSize, CITE.pythonTraceback, CITE.childFailed, CITE.ncclRemoteError],
          note: 'Two causes of their own, seconds apart: a node killed at its memory limit and, 3 s later, another rank\u2019s RuntimeError. The reshape error names no peer and is not a consequence of the kill, but it is later: the origin is the OOM-killed node (the first failure) and the category OOM_KILLED. The other nodes\u2019 ncclRemoteError is collateral.',
        },
  });
}

// ---- family: trainjob-same-second-cause (every node ends in one second; one has a cause) ------------------------

/**
 * Every TrainJob node ends within one wall-clock second (times with milliseconds): one rank raises
 * torch.OutOfMemoryError (CUDA) at .05, every other node fails 270–540 ms later with ncclRemoteError
 * (or the c10d store's closed connection when the origin is node 0).
 */
function sameSecondCase(shape: Shape, originAt: number, ordering: Ordering): CasePlan {
  const replicas = replicasOf(shape);
  const origin = replicas[originAt]!;
  const ipOf = ipsOf(replicas, origin, ordering);
  const second = 1800;
  // With the measurement's clock pinned at .700, an `ago` in (second − 0.3, second + 0.7] falls in one wall-clock
  // second: the origin at .05, the peers at .32–.59.
  const originAgo = second + 0.65;
  for (const replica of replicas) replica.stamp = 'ms';
  const rank = originAt * 8 + 5;
  endReplica(origin, originAgo, 'Error', true, ERROR_1, [
    ...agentStart(originAgo + 7200, 80 + rank),
    ...cudaOomTraceback(rank),
    ...childFailedSummary(trainjobHost(origin), rank, 200 + rank, originAgo),
  ]);
  replicas.forEach((peer, index) => {
    if (peer === origin) return;
    const ended = second + 0.38 - (index % 4) * 0.09;
    endReplica(peer, ended, 'Error', true, ERROR_1, peerLostLog(replicas, ipOf, peer, origin, ended));
  });
  return assembleHeldOutCase(shape, frameworkOf(shape), {
    name: `trainjob-same-second-cause-${shape.framework}-${ordering}-tier2`,
    family: 'trainjob-same-second-cause',
    ordering,
    tier2: true,
    description: `Every node ends within one wall-clock second: ${origin.pod}'s rank ${rank} raises torch.OutOfMemoryError (CUDA) at .05, the others fail 270–540 ms later with ${originAt === 0 ? 'the c10d store closed' : 'ncclRemoteError'} (exit 1 each).`,
    replicas,
    originPod: origin.pod,
    failedAgo: second - 2,
    expectation: {
      category: 'CRASH_APP_ERROR',
      origin: at(origin, ['OutOfMemoryError', 'CUDA out of memory', 'exit code 1', 'exit 1']),
      collateralAtLeast: replicas.length - 1,
      quotedLine: CUDA_OOM_QUOTE,
      limitationWhenNoOrigin: false,
      citation: [CITE.cudaOom, CITE.pythonTraceback, CITE.childFailed, ...(originAt === 0 ? [CITE.c10dRecv, CITE.c10dTcpStore] : [CITE.ncclRemoteError])],
      note: 'Every node ends in the same wall-clock second, but only one end has a cause of its own: the rank\u2019s torch.OutOfMemoryError (a CUDA allocation, an application error as in the fifth set\u2019s cuda-oom-rank; not a container OOM kill), also the earliest by 270 ms at millisecond precision. The others\u2019 errors name a remote process that exited: consequences, collateral.',
    },
  });
}

// ---- family: trainjob-sigkill-unexplained (the first end is an exit 137 nothing explains) -------------------------

/**
 * One node's container exits 137 (SIGKILL) with reason Error, not OOMKilled: no OOM event, no probe,
 * no eviction, no node condition, a log that stops mid-run. Its peers fail 5 s later with
 * ncclRemoteError (or the c10d store closed). The first end is a kill whose sender cannot be told.
 */
function sigkillCase(shape: Shape, originAt: number, ordering: Ordering): CasePlan {
  const replicas = replicasOf(shape);
  const origin = replicas[originAt]!;
  const ipOf = ipsOf(replicas, origin, ordering);
  const killAgo = 2300 + originAt * 10;
  endReplica(origin, killAgo, 'Error', true, SIGKILL_137, agentStart(killAgo + 7200, 80 + originAt * 8));
  replicas.forEach((peer, index) => {
    if (peer === origin) return;
    const ended = killAgo - 5 - (index % 3) * 0.5;
    endReplica(peer, ended, 'Error', true, ERROR_1, peerLostLog(replicas, ipOf, peer, origin, ended));
  });
  return assembleHeldOutCase(shape, frameworkOf(shape), {
    name: `trainjob-sigkill-unexplained-${shape.framework}-${ordering}-tier2`,
    family: 'trainjob-sigkill-unexplained',
    ordering,
    tier2: true,
    description: `${origin.pod}'s container exits 137 with reason Error (not OOMKilled), no event, its log stops mid-run; the other nodes fail 5 s later with ${originAt === 0 ? 'the c10d store closed' : 'ncclRemoteError'} (exit 1).`,
    replicas,
    originPod: origin.pod,
    failedAgo: killAgo - 8,
    expectation: {
      category: 'UNKNOWN',
      origin: at(origin, ['137', 'SIGKILL', 'killed']),
      collateralAtLeast: replicas.length - 1,
      quotedLine: '137',
      limitationWhenNoOrigin: false,
      citation: [CITE.exitCodes, CITE.elasticAgent, CITE.childFailed, ...(originAt === 0 ? [CITE.c10dRecv] : [CITE.ncclRemoteError])],
      note: 'The first end is an exit 137 (SIGKILL) the kubelet did not attribute to the OOM killer (reason Error), with no event, probe, eviction or node condition to say who sent it: a signal another process sent never makes a crash on its own (docs/signals.md), so the origin\u2019s category is UNKNOWN \u2014 never a guess. It is still the origin (the earliest termination, 5 s before the others), and the peers\u2019 errors, which name a remote process that exited, are collateral; their application-looking tracebacks must not turn the verdict into CRASH_APP_ERROR by number.',
    },
  });
}

// ---- family: trainjob-no-dated-cause (every node shows only a consequence) ------------------------------------------

/**
 * Every node fails within 1.5 s with an error that names another process (ncclRemoteError each naming
 * the next node; in the mixed variant node 0's ranks see a peer's reset and the others the c10d
 * store closed), no event, no OOM, no condition. No replica has a cause of its own.
 */
function noDatedCauseCase(shape: Shape, mixed: boolean): CasePlan {
  const replicas = replicasOf(shape);
  const ipOf = ipsOf(replicas, null, 'no-origin');
  const base = 2000;
  replicas.forEach((node, index) => {
    const ended = base + 1.5 - index * 0.3;
    const next = replicas[(index + 1) % replicas.length]!;
    const rank = index * 8;
    const consequence = mixed && index > 0 ? c10dRecvFailed(rank, ipOf(node), ipOf(replicas[0]!)) : ncclRemote(rank, ipOf(next));
    node.stamp = 'ms';
    endReplica(node, ended, 'Error', true, ERROR_1, [
      ...agentStart(ended + 7200, 80 + rank),
      ...consequence,
      ...childFailedSummary(trainjobHost(node), rank, 200 + rank, ended),
    ]);
  });
  return assembleHeldOutCase(shape, frameworkOf(shape), {
    name: `trainjob-no-dated-cause-${shape.framework}${mixed ? '-mixed' : ''}-tier2`,
    family: 'trainjob-no-dated-cause',
    ordering: 'no-origin',
    tier2: true,
    description: `Every node fails within 1.5 s with an error naming another process (${mixed ? 'ncclRemoteError on node 0, the c10d store closed on the others' : 'ncclRemoteError, each naming the next node'}); no event, no OOM, no node condition.`,
    replicas,
    originPod: null,
    failedAgo: base - 3,
    expectation: {
      category: 'UNKNOWN',
      origin: null,
      collateralAtLeast: 0,
      quotedLine: 'ncclRemoteError',
      quotedLineAlternatives: ['remote process exited or there was a network error', ...(mixed ? ['Failed to recv, got 0 bytes'] : [])],
      limitationWhenNoOrigin: true,
      citation: [CITE.ncclRemoteError, CITE.ncclResultDocs, CITE.childFailed, ...(mixed ? [CITE.c10dRecv, CITE.c10dTcpStore] : [])],
      note: 'Every end is a consequence: each error names a remote process that exited or a store connection that closed, and no replica has a cause of its own (no OOM, no event, no node condition). The first to end is not thereby the cause. UNKNOWN, origin null with a limitation (as the second set\u2019s collateral-only) \u2014 never a vote.',
    },
  });
}

// ---- family: spark-driver-oom-killed (the coordinator is killed at its memory limit) ------------------------------

/**
 * The Spark driver (a PySpark `toPandas()` of a large result) is OOM-killed (137, OOMKilled): its
 * process is the coordinator, so every executor's connection to it closes and each exits 1 within
 * 1–2 s (`Driver … disassociated! Shutting down.`). The operator fails the SparkApplication with the
 * driver's exit. With `lag`, Run:ai wrote the driver's end 40 s late, after every executor's.
 */
function driverOomCase(shape: Shape, ordering: Ordering, tier2: boolean, lag: boolean): CasePlan {
  const replicas = replicasOf(shape);
  const driver = replicas[0]!;
  const ipOf = ipsOf(replicas, driver, ordering);
  const killAgo = 2700;
  endReplica(driver, killAgo, 'OOMKilled', tier2, OOM_137, driverProgress(replicas, ipOf, killAgo));
  if (lag) driver.runaiEndedAgo = killAgo - 40;
  driver.events = [oomEvent(driver.container, killAgo)];
  replicas.forEach((executor, index) => {
    if (executor === driver) return;
    const ended = killAgo - 1 - (index % 3) * 0.4;
    endReplica(executor, ended, 'Error', tier2, ERROR_1, executorDisassociated(ipOf, driver, ended));
  });
  return assembleHeldOutCase(shape, frameworkOf(shape, OOM_137), {
    name: `spark-driver-oom-killed-${shape.framework}-${ordering}${lag ? '-sync-lag' : ''}-${tierName(tier2)}`,
    family: 'spark-driver-oom-killed',
    ordering,
    tier2,
    description: `The driver ${driver.pod} is OOM-killed (137); every executor's connection to it closes and each exits 1 within 2 s ("Driver … disassociated! Shutting down.").${lag ? ' Run:ai wrote the driver\u2019s end 40 s late, after every executor\u2019s.' : ''}`,
    replicas,
    originPod: driver.pod,
    failedAgo: killAgo - (lag ? 45 : 5),
    expectation: {
      category: 'OOM_KILLED',
      origin: at(driver, OOM_NEEDLES),
      collateralAtLeast: replicas.length - 1,
      quotedLine: 'OOMKilled',
      quotedLineAlternatives: ['OOM killed'],
      limitationWhenNoOrigin: false,
      citation: [CITE.oomKilled, CITE.sparkOperator, ...(tier2 ? [CITE.sparkExecutorBackend, CITE.sparkTaskSetManager, CITE.sparkLog4j] : [])],
      note: `The driver \u2014 the coordinator, not a worker \u2014 was killed at its memory limit (OOMKilled, 137): OOM_KILLED, origin the driver. The executors\u2019 "Driver \u2026 disassociated! Shutting down." (exit 1) says their coordinator went away: consequences, collateral, every one.${lag ? ' Run:ai\u2019s pod end time for the driver is the latest (written 40 s late); the OOM event and the container\u2019s finishedAt date the kill before every executor\u2019s end.' : ''}`,
    },
  });
}

// ---- family: spark-driver-node-lost (the coordinator's node stops posting status; no log, no end) -------------------

/**
 * The driver's node stops posting status: the node controller writes NodeNotReady on the driver's pod
 * 40 s later; the pod never terminates (no end time, no log to read: the kubelet is gone). The
 * executors' heartbeats to the driver fail until Spark's limit (60) and each exits 56 about 620 s
 * after the loss. The operator has no driver exit to write: no job-level message.
 */
function driverNodeLostCase(shape: Shape, ordering: Ordering, tier2: boolean): CasePlan {
  const replicas = replicasOf(shape);
  const driver = replicas[0]!;
  const lostAgo = 3400;
  replicas.forEach((executor, index) => {
    if (executor === driver) return;
    const ended = lostAgo - 620 - index * 1.3;
    endReplica(executor, ended, 'Error', tier2, HEARTBEAT_56, executorHeartbeatExit(ended));
  });
  driver.runaiPhase = 'Unknown';
  driver.noEndTime = true;
  driver.events = [nodeNotReadyEvent(lostAgo - 40)];
  return assembleHeldOutCase(shape, frameworkOf(shape), {
    name: `spark-driver-node-lost-${shape.framework}-${ordering}-${tierName(tier2)}`,
    family: 'spark-driver-node-lost',
    ordering,
    tier2,
    description: `${driver.node} (running the driver ${driver.pod}) stops posting status: NodeNotReady on the driver's pod 40 s later, which never terminates; every executor exits 56 about 620 s after the loss ("Exit as unable to send heartbeats to driver more than 60 times").`,
    replicas,
    originPod: driver.pod,
    failedAgo: lostAgo - 630 - replicas.length * 1.3,
    phaseMessage: null,
    extra: tier2 ? { nodeConditions: { [driver.node]: notReadyConditions(lostAgo - 40) } } : {},
    expectation: {
      category: 'NODE_FAILURE',
      origin: at(driver, NOT_READY_NEEDLES),
      collateralAtLeast: replicas.length - 1,
      quotedLine: 'Node is not ready',
      quotedLineAlternatives: ['Kubelet stopped posting node status'],
      limitationWhenNoOrigin: false,
      citation: [CITE.nodeControllerUtils, ...(tier2 ? [CITE.nodeLifecycle, CITE.sparkExecutor, CITE.sparkExitCodes, CITE.sparkLog4j] : [])],
      note: 'The driver\u2019s node stopped posting status (NodeNotReady on its pod; with Tier 2 the node\u2019s Ready=Unknown): NotReady without preemption is NODE_FAILURE (docs/procedure.md). The driver pod never terminated and has no log to read: its only evidence is the Kubernetes event, dated about 580 s before the first executor ended. The executors\u2019 exit 56 (Spark\u2019s HEARTBEAT_FAILURE: they could not reach the driver) is the consequence: collateral, although they are the only pods with an end time.',
    },
  });
}

// ---- family: spark-oom-vs-node-same-ms (two causes of two categories in one millisecond) -----------------------------

/**
 * In the same millisecond the driver is OOM-killed and one executor's node is marked NotReady. The
 * other executors lose the driver 1–2 s later (disassociated, exit 1); the lost executor never ends.
 */
function oomVsNodeCase(shape: Shape, tier2: boolean): CasePlan {
  const replicas = replicasOf(shape);
  const driver = replicas[0]!;
  const lost = replicas[2]!;
  const ipOf = ipsOf(replicas, null, 'no-origin');
  const instant = 2450.37;
  for (const replica of replicas) replica.stamp = 'ms';
  endReplica(driver, instant, 'OOMKilled', tier2, OOM_137, driverProgress(replicas, ipOf, instant));
  driver.events = [{ ...oomEvent(driver.container, instant), stamp: 'ms' }];
  lost.runaiPhase = 'Unknown';
  lost.noEndTime = true;
  lost.events = [nodeNotReadyEvent(instant, 'ms')];
  replicas.forEach((executor, index) => {
    if (executor === driver || executor === lost) return;
    const ended = instant - 1.2 - (index % 3) * 0.3;
    endReplica(executor, ended, 'Error', tier2, ERROR_1, executorDisassociated(ipOf, driver, ended));
  });
  return assembleHeldOutCase(shape, frameworkOf(shape, OOM_137), {
    name: `spark-oom-vs-node-same-ms-${shape.framework}-${tierName(tier2)}`,
    family: 'spark-oom-vs-node-same-ms',
    ordering: 'no-origin',
    tier2,
    description: `In the same millisecond the driver ${driver.pod} is OOM-killed (137) and ${lost.pod}'s node is marked NotReady (NodeNotReady); the other executors lose the driver 1–2 s later (exit 1); ${lost.pod} never ends.`,
    replicas,
    originPod: null,
    failedAgo: instant - 4,
    failedRole: 'Driver',
    extra: tier2 ? { nodeConditions: { [lost.node]: notReadyConditions(instant) } } : {},
    expectation: {
      category: 'OOM_KILLED',
      categoryAlternatives: ['NODE_FAILURE'],
      origin: null,
      collateralAtLeast: 0,
      quotedLine: 'OOMKilled',
      quotedLineAlternatives: ['OOM killed', 'Node is not ready', 'Kubelet stopped posting node status'],
      limitationWhenNoOrigin: true,
      citation: [CITE.oomKilled, CITE.nodeControllerUtils, CITE.sparkOperator, ...(tier2 ? [CITE.nodeLifecycle, CITE.sparkExecutorBackend] : [])],
      note: 'Two independent causes of two categories are dated in the same millisecond: the driver killed at its memory limit and an executor\u2019s node marked NotReady. Neither is a consequence of the other and the clocks cannot order them: origin null with a limitation (§4.8), either category, either line \u2014 never a vote (the executors that lost the driver are consequences of one of them, which does not order the two).',
    },
  });
}

// ---- the set -------------------------------------------------------------------------------------

const shape = heldOutShape<FrameworkKey>;

/** Every case of the ninth held-out set, in a stable order. */
export function heldOut9Cases(): CasePlan[] {
  const tj = (name: string, nodes: number, pool: string, project: string, user: string, startedAgo: number) =>
    shape(name, 'trainjob-torch', nodes, pool, project, user, ['800Gi', '900Gi'], 8, startedAgo);
  const sp = (name: string, executors: number, pool: string, project: string, user: string, startedAgo: number) =>
    shape(name, 'spark-k8s', executors, pool, project, user, ['52Gi', '56Gi'], 1, startedAgo);
  return [
    // trainjob-oom-sync-lag
    oomSyncLagCase(tj('llama8b-tj-a', 4, 'h100-tj-', 'llm-llama', 'a.moreau@example.com', 9000), 2, 'origin-first', true),
    oomSyncLagCase(tj('llama8b-tj-b', 5, 'h100-tj2-', 'llm-llama-b', 'b.kimura@example.com', 9100), 3, 'origin-middle', true),
    oomSyncLagCase(tj('llama8b-tj-c', 4, 'a100-tj-', 'llm-llama-c', 'c.osei@example.com', 9200), 1, 'origin-last', true),
    oomSyncLagCase(tj('llama8b-tj-d', 4, 'a100-tj2-', 'llm-llama-d', 'd.varga@example.com', 9300), 0, 'origin-last', true),
    oomSyncLagCase(tj('llama8b-tj-e', 5, 'l40s-tj-', 'llm-llama-e', 'e.quinn@example.com', 9400), 2, 'origin-first', false),
    oomSyncLagCase(tj('llama8b-tj-f', 4, 'l40s-tj2-', 'llm-llama-f', 'f.demir@example.com', 9500), 3, 'origin-middle', false),
    // trainjob-two-causes-seconds-apart
    twoCausesCase(tj('qwen-tj-a', 5, 'h100-tc-', 'llm-qwen', 'g.silva@example.com', 8000), 1, 3, 'app', 'origin-first'),
    twoCausesCase(tj('qwen-tj-b', 4, 'h100-tc2-', 'llm-qwen-b', 'h.ito@example.com', 8100), 3, 1, 'app', 'origin-last'),
    twoCausesCase(tj('qwen-tj-c', 5, 'a100-tc-', 'llm-qwen-c', 'i.novak@example.com', 8200), 2, 4, 'oom', 'origin-middle'),
    twoCausesCase(tj('qwen-tj-d', 4, 'a100-tc2-', 'llm-qwen-d', 'j.achebe@example.com', 8300), 1, 2, 'oom', 'origin-first'),
    // trainjob-same-second-cause
    sameSecondCase(tj('mistral-tj-a', 4, 'h100-ts-', 'llm-mistral', 'k.berg@example.com', 7000), 2, 'origin-last'),
    sameSecondCase(tj('mistral-tj-b', 5, 'h100-ts2-', 'llm-mistral-b', 'l.chen@example.com', 7100), 0, 'origin-middle'),
    sameSecondCase(tj('mistral-tj-c', 4, 'a100-ts-', 'llm-mistral-c', 'm.ortiz@example.com', 7200), 3, 'origin-first'),
    // trainjob-sigkill-unexplained
    sigkillCase(tj('gemma-tj-a', 4, 'h100-tk-', 'llm-gemma', 'n.walsh@example.com', 6000), 1, 'origin-first'),
    sigkillCase(tj('gemma-tj-b', 5, 'h100-tk2-', 'llm-gemma-b', 'o.dubois@example.com', 6100), 0, 'origin-middle'),
    sigkillCase(tj('gemma-tj-c', 4, 'a100-tk-', 'llm-gemma-c', 'p.ahmed@example.com', 6200), 3, 'origin-last'),
    // trainjob-no-dated-cause
    noDatedCauseCase(tj('phi-tj-a', 4, 'h100-tn-', 'llm-phi', 'q.larsen@example.com', 5000), false),
    noDatedCauseCase(tj('phi-tj-b', 5, 'a100-tn-', 'llm-phi-b', 'r.santos@example.com', 5100), true),
    // spark-driver-oom-killed
    driverOomCase(sp('features-a', 4, 'g2-sd-', 'data-features', 's.fischer@example.com', 6000), 'origin-first', true, false),
    driverOomCase(sp('features-b', 5, 'g2-sd2-', 'data-features-b', 't.rao@example.com', 6100), 'origin-middle', true, true),
    driverOomCase(sp('features-c', 3, 'a2-sd-', 'data-features-c', 'u.kowalczyk@example.com', 6200), 'origin-last', true, true),
    driverOomCase(sp('features-d', 4, 'a2-sd2-', 'data-features-d', 'v.mensah@example.com', 6300), 'origin-middle', false, false),
    driverOomCase(sp('features-e', 5, 'n2-sd-', 'data-features-e', 'w.olsen@example.com', 6400), 'origin-last', false, true),
    // spark-driver-node-lost
    driverNodeLostCase(sp('etl-gpu-a', 4, 'g2-sn-', 'data-etl', 'x.haddad@example.com', 7000), 'origin-first', true),
    driverNodeLostCase(sp('etl-gpu-b', 5, 'g2-sn2-', 'data-etl-b', 'y.fujita@example.com', 7100), 'origin-middle', true),
    driverNodeLostCase(sp('etl-gpu-c', 3, 'a2-sn-', 'data-etl-c', 'z.ibrahim@example.com', 7200), 'origin-last', true),
    driverNodeLostCase(sp('etl-gpu-d', 4, 'a2-sn2-', 'data-etl-d', 'a.lindgren@example.com', 7300), 'origin-middle', false),
    driverNodeLostCase(sp('etl-gpu-e', 5, 'n2-sn-', 'data-etl-e', 'b.costa@example.com', 7400), 'origin-last', false),
    // spark-oom-vs-node-same-ms
    oomVsNodeCase(sp('features-tie-a', 4, 'g2-st-', 'data-tie', 'c.nguyen@example.com', 5000), true),
    oomVsNodeCase(sp('features-tie-b', 4, 'a2-st-', 'data-tie-b', 'd.keller@example.com', 5100), false),
  ];
}
