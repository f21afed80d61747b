/**
 * The eleventh held-out distributed set (fixtures/distributed-heldout-11), generated like the first
 * ten (families × frameworks × orderings × job sizes, through buildHeldOutCase). It is weighted to
 * JOB SIZE and CLOCKS, where the product documents its limit (docs/tier2.md "Multi-pod failures":
 * Tier 2 reads at most 3 + 3 pods; docs/procedure.md "Two clocks": Run:ai's pod end can lag the
 * container's own `finishedAt`, never precede it): jobs of 8, 16, 32 and 64 replicas, the origin
 * listed first, in the middle or last, ranked anywhere by Run:ai's `completedAt` (written 10–120 s
 * late for the origin, or for some peers), origins whose only evidence is their log, an event, their
 * status or an Xid on their node, and the negative cases (no replica with a dated cause; every
 * replica in one second with one cause).
 *
 * Two frameworks none of the ten earlier sets has:
 *
 * - Megatron-LM (`pretrain_gpt.py` under torchrun) in Run:ai's own distributed workload (type
 *   `Distributed`, framework PyTorch: the training-operator's PyTorchJob, pods `<name>-master-0` and
 *   `<name>-worker-<i>`, container `pytorch`); the job-level message is the training-operator's
 *   `PyTorchJob <name> is failed because 1 <Role> replica(s) failed.`
 * - JAX multi-controller (`jax.distributed.initialize`, the coordination service on process 0) on a
 *   Kubernetes Indexed `Job` submitted through Workloads V2 (pods `<job>-<index>-<suffix>`, container
 *   `jax`); the job-level message is the Job controller's `BackoffLimitExceeded`, which names no pod.
 *
 * When a case exceeds what the documented Tier 2 budget can read (a 64-replica job whose origin's
 * Run:ai end lands in the middle of the order), the expectation says what the facts mean: a diagnosis
 * that could read every replica's `finishedAt` would find the origin. No expectation is lowered to fit
 * the budget.
 *
 * It was written without reading the engine (functions/diagnosis/): every expectation follows from
 * what the upstream message means, from DESIGN §2 and §4.8 and from the product's documented
 * decisions (docs/procedure.md, docs/signals.md: 137/143/134 are signals and never make a crash on
 * their own; a hardware Xid is NODE_FAILURE; NotReady without preemption is NODE_FAILURE). Every
 * message text is an upstream format, cited at the helper that writes it and in the case's `citation`.
 */
import type { CasePlan, PodEventPlan, ReplicaPlan } from './buildHeldOutCase.js';
import { assembleHeldOutCase, type HeldOutFramework } from './assembleHeldOutCase.js';
import { clockAt } from './clockAt.js';
import { ERROR_1, endReplica } from './endReplica.js';
import { notReadyConditions, podEvent, xidCondition } from './eventAndConditionPlans.js';
import { generateNameSuffix, heldOutShape, rosterReplicas, v1Common, v1Compute, type HeldOutMember, type HeldOutShape } from './heldOutShape.js';
import { pythonTraceback } from './pythonTraceback.js';

/** Upstream sources of the message formats this set uses. */
const CITE = {
  // Run:ai's distributed workload (PyTorch) is a training-operator PyTorchJob: pods "<job>-master-0", "<job>-worker-<i>",
  // container "pytorch"; the JobFailed condition "PyTorchJob %s is failed because %d %s replica(s) failed." (PyTorchJobFailed)
  trainingOperatorFailed: 'https://github.com/kubeflow/training-operator/blob/master/pkg/controller.v1/pytorch/pytorchjob_controller.go',
  runaiDistributed:
    'https://docs.nvidia.com/run-ai/self-hosted/documentation/workloads-in-nvidia-run-ai/using-training/quick-starts/distributed-training-quickstart',
  // Run:ai's registered workload types include Job (kubernetes.io), submitted through Workloads V2
  runaiWorkloadTypes: 'https://docs.nvidia.com/run-ai/self-hosted/documentation/workloads-in-nvidia-run-ai/workload-types/supported-workload-types',
  // Megatron-LM's bucket check before the data-parallel all-reduce:
  // assert not norm.isnan(), (f'Rank {global_rank}: found NaN in local grad norm in backward pass before data-parallel
  // communication collective. Device: {torch.cuda.current_device()}, node: {os.uname()[1]}')
  megatronGradBuffer: 'https://github.com/NVIDIA/Megatron-LM/blob/main/megatron/core/distributed/param_and_grad_buffer.py',
  megatronPretrain: 'https://github.com/NVIDIA/Megatron-LM/blob/main/pretrain_gpt.py',
  // torchrun's summary: "Root Cause (first observed failure):" with time/host/rank/exitcode/error_file/traceback
  childFailed: 'https://github.com/pytorch/pytorch/blob/main/torch/distributed/elastic/multiprocessing/errors/__init__.py',
  // logger.info("[%s] Starting worker group", role)
  elasticAgent: 'https://github.com/pytorch/pytorch/blob/main/torch/distributed/elastic/agent/server/api.py',
  // "ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely."
  ncclRemoteError: 'https://github.com/pytorch/pytorch/blob/main/torch/csrc/distributed/c10d/NCCLUtils.cpp',
  ncclResultDocs: 'https://docs.nvidia.com/deeplearning/nccl/user-guide/docs/api/types.html',
  // "Watchdog caught collective operation timeout: WorkNCCL(…) ran for … milliseconds before timing out." and
  // "To avoid data inconsistency, we are taking the entire process down."
  ncclWatchdog: 'https://github.com/pytorch/pytorch/blob/main/torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp',
  pythonTraceback: 'https://docs.python.org/3/library/traceback.html',
  // Indexed completion mode: pods `<job>-<index>-<random>`, JOB_COMPLETION_INDEX; backoffLimit
  k8sIndexedJob: 'https://kubernetes.io/docs/concepts/workloads/controllers/job/#completion-mode',
  // JobFailed condition: reason "BackoffLimitExceeded", message "Job has reached the specified backoff limit"
  k8sJobController: 'https://github.com/kubernetes/kubernetes/blob/master/pkg/controller/job/job_controller.go',
  // logger.info('Starting JAX distributed service on %s', …) (process 0) and
  // logger.info('Connecting to JAX distributed service on %s', coordinator_address) (every process)
  jaxDistributed: 'https://github.com/jax-ml/jax/blob/main/jax/_src/distributed.py',
  // The coordination service's fate-sharing, as JAX documents it: "E… coordination_service_agent.cc:332] Polled an error
  // from coordination service (this can be an error from this or another task)." then "F… client.h:77] Terminating process
  // because the JAX distributed service detected fatal errors. This most likely indicates that another task died; …
  // absl::Status: UNAVAILABLE: The following tasks are unhealthy (stopped sending heartbeats):\n/job:jax_worker/replica:0/task:3
  // …" — and, when process 0 (the leader) dies, "… UNAVAILABLE: Failed to send RPC to coordination service. Either the leader
  // task was preempted/died/restarted unexpectedly or this task is experiencing network issues. …"
  jaxFaultTolerance: 'https://github.com/jax-ml/jax/blob/main/docs/fault_tolerance.rst',
  // LOG(FATAL) in client.h aborts the process: SIGABRT, exit 134 (128 + 6)
  xlaDistributedClient: 'https://github.com/openxla/xla/blob/main/xla/pjrt/distributed/client.h',
  // The container's OOMKilled/137 (the kernel's OOM killer at the cgroup limit)
  oomKilled: 'https://kubernetes.io/docs/tasks/configure-pod-container/assign-memory-resource/',
  // 128 + signal: 134 SIGABRT, 137 SIGKILL (reason OOMKilled only when the OOM killer sent it)
  exitCodes: 'https://kubernetes.io/docs/concepts/workloads/pods/pod-lifecycle/#container-state-terminated',
  // MarkPodsNotReady: recorder.Event(pod, v1.EventTypeWarning, "NodeNotReady", "Node is not ready")
  nodeControllerUtils: 'https://github.com/kubernetes/kubernetes/blob/master/pkg/controller/util/node/controller_utils.go',
  // Ready=Unknown, reason NodeStatusUnknown, "Kubelet stopped posting node status." (eventAndConditionPlans.notReadyConditions)
  nodeLifecycle: 'https://github.com/kubernetes/kubernetes/blob/master/pkg/controller/nodelifecycle/node_lifecycle_controller.go',
  // The kernel's Xid line: "NVRM: Xid (PCI:…): 79, pid=…, GPU has fallen off the bus."
  xidLine: 'https://github.com/NVIDIA/open-gpu-kernel-modules/blob/main/src/nvidia/src/kernel/gpu/rc/kernel_rc.c',
  xidCatalogue: 'https://docs.nvidia.com/deploy/xid-errors/index.html',
  // node-problem-detector's GPU Xid condition (eventAndConditionPlans.xidCondition)
  npdGpuConditions: 'https://learn.microsoft.com/en-us/azure/aks/gpu-health-monitoring',
} as const;

type Ordering = CasePlan['ordering'];
type FrameworkKey = 'megatron-runai-distributed' | 'jax-indexed-job';
type Shape = HeldOutShape<FrameworkKey>;

const IMAGES: Record<FrameworkKey, string> = {
  'megatron-runai-distributed': 'nvcr.io/nvidia/pytorch:25.10-py3-megatron-core0.14',
  'jax-indexed-job': 'registry.example.com/jax/maxtext-train:jax0.7.2-cuda12',
};

const GPUS = 8;

/** Five lowercase alphanumerics, as a pod's generateName suffix (seeded unlike the earlier sets). */
const suffix = (seed: string) => generateNameSuffix(seed, 97, 61);

/**
 * Pod naming per controller. `shape.workers` is the job size (every pod): a PyTorchJob's `<job>-master-0` and
 * `<job>-worker-<i>` for i < size − 1 (CITE.trainingOperatorFailed); an Indexed Job's `<job>-<index>-<suffix>`
 * (CITE.k8sIndexedJob), index = JAX process id.
 */
function members(shape: Shape): HeldOutMember[] {
  const { name, workers: size } = shape;
  const range = (count: number) => Array.from({ length: count }, (_, index) => index);
  if (shape.framework === 'jax-indexed-job')
    return range(size).map((index) => ({ pod: `${name}-${index}-${suffix(`${index}/${name}`)}`, container: 'jax', role: 'Worker' }));
  return [
    { pod: `${name}-master-0`, container: 'pytorch', role: 'Master' },
    ...range(size - 1).map((index) => ({ pod: `${name}-worker-${index}`, container: 'pytorch', role: 'Worker' })),
  ];
}

const replicasOf = (shape: Shape): ReplicaPlan[] => rosterReplicas(shape, members(shape), IMAGES[shape.framework], 11);

/** The submission: a Run:ai v1 distributed (PyTorch) workload, or a Workloads V2 Indexed Job. */
function specOf(shape: Shape, restartPolicy: string): CasePlan['spec'] {
  if (shape.framework === 'megatron-runai-distributed') {
    const command = `torchrun --nnodes ${shape.workers} --nproc_per_node ${GPUS} --rdzv_backend c10d --rdzv_endpoint $MASTER_ADDR:29400 /workspace/Megatron-LM/pretrain_gpt.py --tensor-model-parallel-size 8 --pipeline-model-parallel-size 4 --check-for-nan-in-loss-and-grad --data-path /data/tokens/text_document`;
    const submitted = { image: IMAGES[shape.framework], command, imagePullPolicy: 'IfNotPresent', restartPolicy, compute: v1Compute(shape), backoffLimit: 0 };
    return {
      kind: 'v1',
      body: {
        ...v1Common(shape),
        spec: { ...submitted, distributedFramework: 'PyTorch', numWorkers: shape.workers - 1 },
        masterSpec: submitted,
        masterSpecSameAsWorker: true,
      },
    };
  }
  const namespace = `runai-${shape.project}`;
  const resources = {
    requests: { memory: shape.memory.request, 'nvidia.com/gpu': String(shape.gpus) },
    limits: { memory: shape.memory.limit, 'nvidia.com/gpu': String(shape.gpus) },
  };
  const manifest = {
    apiVersion: 'batch/v1',
    kind: 'Job',
    metadata: { name: shape.name, namespace },
    spec: {
      completionMode: 'Indexed',
      completions: shape.workers,
      parallelism: shape.workers,
      backoffLimit: 0,
      template: {
        spec: {
          subdomain: shape.name,
          restartPolicy: 'Never',
          containers: [
            {
              name: 'jax',
              image: IMAGES[shape.framework],
              command: [
                'python',
                '-u',
                '/app/train.py',
                `--coordinator_address=${shape.name}-0.${shape.name}:1234`,
                `--num_processes=${shape.workers}`,
                '--process_id=$(JOB_COMPLETION_INDEX)',
                '--heartbeat_timeout_seconds=100',
              ],
              resources,
            },
          ],
        },
      },
    },
  };
  return {
    kind: 'v2',
    body: {
      workload: {
        metadata: { name: shape.name, gvk: { group: 'batch', version: 'v1', kind: 'Job' }, projectName: shape.project, createdBy: shape.submittedBy },
        desiredPhase: 'Running',
        workloadManifest: manifest,
      },
      syncInfo: { status: 'Synced' },
    },
  };
}

function frameworkOf(shape: Shape): HeldOutFramework {
  const megatron = shape.framework === 'megatron-runai-distributed';
  return {
    roster: members(shape),
    failedMessage: (role) =>
      megatron
        ? { reason: 'PyTorchJobFailed', message: `PyTorchJob ${shape.name} is failed because 1 ${role} replica(s) failed.` }
        : { reason: 'BackoffLimitExceeded', message: 'Job has reached the specified backoff limit' },
    runaiType: megatron ? 'Distributed' : 'Job',
    distributedFramework: megatron ? 'PyTorch' : null,
    workloadsV2: !megatron,
    spec: (restartPolicy) => specOf(shape, restartPolicy),
    citations: megatron
      ? [CITE.runaiDistributed, CITE.trainingOperatorFailed, CITE.megatronPretrain]
      : [CITE.runaiWorkloadTypes, CITE.k8sIndexedJob, CITE.k8sJobController, CITE.jaxDistributed],
  };
}

const at = (pod: ReplicaPlan, needles: string[]) => ({ pod: pod.pod, node: pod.node, signalIncludes: needles });
const tierName = (tier2: boolean) => (tier2 ? 'tier2' : 'tier1');

/**
 * The pod IPs as buildHeldOutCase lists them: by position in the listing, after assembleHeldOutCase has moved the
 * origin first, to the middle or last, so that an IP a log names is the IP of the pod it means.
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

// ---- message formats (each cited at its source in CITE) ----------------------------------

const OOM_137 = { code: 137, reason: 'OOMKilled' } as const;
/** 137 without OOMKilled: a SIGKILL the kubelet did not attribute to the OOM killer (CITE.exitCodes). */
const SIGKILL_137 = { code: 137, reason: 'Error' } as const;
/** 134: SIGABRT, the abort LOG(FATAL) raises (CITE.xlaDistributedClient, CITE.exitCodes). */
const SIGABRT_134 = { code: 134, reason: 'Error' } as const;

const OOM_NEEDLES = ['OOM'];
const NOT_READY_NEEDLES = ['NodeNotReady', 'Node is not ready', 'NotReady', 'Kubelet stopped posting', 'NodeStatusUnknown'];
const XID_NEEDLES = ['Xid', 'fallen off the bus'];

/** CITE.elasticAgent: the torchrun agent's line when it starts the node's ranks. */
const agentStart = (ago: number, pid: number) => [
  `I1203 ${clockAt(ago)}.104000 ${pid} torch/distributed/elastic/agent/server/api.py:525] [default] Starting worker group`,
];

/** CITE.childFailed: torchrun's closing summary once a local rank failed (a carrier: it names only an exit code). */
const childFailedSummary = (host: string, rank: number, pid: number, ago: number, signal6 = false) => [
  'Traceback (most recent call last):',
  '  File "/usr/local/bin/torchrun", line 8, in <module>',
  '    sys.exit(main())',
  '  File "/usr/local/lib/python3.12/dist-packages/torch/distributed/elastic/multiprocessing/errors/__init__.py", line 355, in wrapper',
  '    return f(*args, **kwargs)',
  '  File "/usr/local/lib/python3.12/dist-packages/torch/distributed/run.py", line 918, in main',
  '    run(args)',
  '  File "/usr/local/lib/python3.12/dist-packages/torch/distributed/run.py", line 909, in run',
  '    elastic_launch(',
  '  File "/usr/local/lib/python3.12/dist-packages/torch/distributed/launcher/api.py", line 138, in __call__',
  '    return launch_agent(self._config, self._entrypoint, list(args))',
  '  File "/usr/local/lib/python3.12/dist-packages/torch/distributed/launcher/api.py", line 270, in launch_agent',
  '    raise ChildFailedError(',
  'torch.distributed.elastic.multiprocessing.errors.ChildFailedError: ',
  '============================================================',
  '/workspace/Megatron-LM/pretrain_gpt.py FAILED',
  '------------------------------------------------------------',
  'Failures:',
  '  <NO_OTHER_FAILURES>',
  '------------------------------------------------------------',
  'Root Cause (first observed failure):',
  '[0]:',
  `  time      : 2026-12-03_${clockAt(ago)}`,
  `  host      : ${host}`,
  `  rank      : ${rank} (local_rank: ${rank % GPUS})`,
  `  exitcode  : ${signal6 ? -6 : 1} (pid: ${pid})`,
  '  error_file: <N/A>',
  signal6
    ? `  traceback : Signal 6 (SIGABRT) received by PID ${pid}`
    : '  traceback : To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html',
  '============================================================',
];

/** CITE.ncclRemoteError: NCCLUtils' detail string for ncclRemoteError, raised as DistBackendError. */
const ncclRemote = (rank: number, peerIp: string) => [
  `[rank${rank}]: torch.distributed.DistBackendError: NCCL error in: /opt/pytorch/pytorch/torch/csrc/distributed/c10d/NCCLUtils.cpp:77, remote process exited or there was a network error, NCCL version 2.27.7`,
  `[rank${rank}]: ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.`,
  `[rank${rank}]: Last error:`,
  `[rank${rank}]: socketPollConnect: connect to ${peerIp}<46219> returned Connection refused, exceeded error retry count (35)`,
];

/** CITE.ncclWatchdog: a rank whose collective never completed (a peer that vanished without closing its sockets). */
const WATCHDOG = 'Watchdog caught collective operation timeout';
const ncclWatchdog = (rank: number, ago: number, timeoutMs: number) => [
  `[rank${rank}]:[E1203 ${clockAt(ago)}.338120 ProcessGroupNCCL.cpp:632] [Rank ${rank}] ${WATCHDOG}: WorkNCCL(SeqNum=204817, OpType=_REDUCE_SCATTER_BASE, NumelIn=25165824, NumelOut=3145728, Timeout(ms)=${timeoutMs}) ran for ${timeoutMs + 41 + rank} milliseconds before timing out.`,
  `[rank${rank}]:[E1203 ${clockAt(ago)}.338502 ProcessGroupNCCL.cpp:644] [Rank ${rank}] To avoid data inconsistency, we are taking the entire process down.`,
  "terminate called after throwing an instance of 'c10::DistBackendError'",
];

/** CITE.megatronGradBuffer: the assertion's message, as `[rankN]: ` prefixes a rank's output under torchrun. */
const nanQuote = (rank: number) => `AssertionError: Rank ${rank}: found NaN in local grad norm in backward pass before data-parallel communication collective`;
const NAN_NEEDLE = 'found NaN in local grad norm in backward pass before data-parallel communication collective';
const nanTraceback = (rank: number, host: string) =>
  pythonTraceback(
    [
      ['/workspace/Megatron-LM/megatron/training/training.py', 1367, 'train_step', 'losses_reduced = forward_backward_func('],
      ['/workspace/Megatron-LM/megatron/core/distributed/param_and_grad_buffer.py', 513, 'finish_grad_sync', 'bucket.finish_grad_sync()'],
      ['/workspace/Megatron-LM/megatron/core/distributed/param_and_grad_buffer.py', 151, 'finish_grad_sync', 'self.start_grad_sync()'],
      ['/workspace/Megatron-LM/megatron/core/distributed/param_and_grad_buffer.py', 114, 'start_grad_sync', 'assert not norm.isnan(), ('],
    ],
    `${nanQuote(rank)}. Device: ${rank % GPUS}, node: ${host}`,
    `[rank${rank}]: `,
  );

/** A Megatron node whose rank failed on its own: the agent's start, the rank's NaN assertion, torchrun's summary; exit 1. */
const nanLog = (pod: string, rank: number, ago: number) => [
  ...agentStart(ago + 7200, 80 + rank),
  ...nanTraceback(rank, pod),
  ...childFailedSummary(pod, rank, 300 + rank, ago),
];

/** CITE.jaxDistributed: the first lines of every JAX process (process 0 also starts the coordination service). */
const jaxStart = (shape: Shape, processId: number, ago: number) => [
  ...(processId === 0 ? [`I1203 ${clockAt(ago)}.512330 139871 distributed.py:149] Starting JAX distributed service on [::]:1234`] : []),
  `I1203 ${clockAt(ago)}.514902 139871 distributed.py:172] Connecting to JAX distributed service on ${shape.name}-0.${shape.name}:1234`,
];

/** CITE.jaxFaultTolerance + CITE.xlaDistributedClient: a process that polled the coordination service's error and aborts. */
const JAX_FATAL = 'Terminating process because the JAX distributed service detected fatal errors';
const jaxHeartbeatLost = (deadTask: number, ago: number) => [
  `E1203 ${clockAt(ago)}.075402  157988 coordination_service_agent.cc:332] Polled an error from coordination service (this can be an error from this or another task).`,
  `F1203 ${clockAt(ago)}.075587  157988 client.h:77] ${JAX_FATAL}. This most likely indicates that another task died; see the other task logs for more details. Disable Python buffering, i.e. \`python -u\`, to be sure to see all the previous output. absl::Status: UNAVAILABLE: The following tasks are unhealthy (stopped sending heartbeats):`,
  `/job:jax_worker/replica:0/task:${deadTask}`,
  'The tasks have crashed. Check the task logs for an earlier error, or scheduler events (e.g. preemption, eviction) to debug further.',
  '',
  "RPC: /tensorflow.CoordinationService/PollForError [type.googleapis.com/tensorflow.CoordinationServiceError='']",
];
const jaxLeaderLost = (ago: number) => [
  `E1203 ${clockAt(ago)}.594192 1044529 coordination_service_agent.cc:332] Polled an error from coordination service (this can be an error from this or another task).`,
  `F1203 ${clockAt(ago)}.594200 1044529 client.h:77] ${JAX_FATAL}. This most likely indicates that another task died; see the other task logs for more details. Disable Python buffering, i.e. \`python -u\`, to be sure to see all the previous output. absl::Status: UNAVAILABLE: Failed to send RPC to coordination service. Either the leader task was preempted/died/restarted unexpectedly or this task is experiencing network issues. Check earlier logs from 1) this task, 2) the leader (usually slice 0 task 0), and 3) cluster scheduler to debug further.`,
  'Additional GRPC error information from remote target coordination_service while calling /tensorflow.CoordinationService/PollForError:',
  ':UNKNOWN:Error received from peer  {grpc_message:"Socket closed", grpc_status:14}',
];

/** CITE.nodeControllerUtils: what the node controller writes on each pod of a node that went NotReady. */
const nodeNotReadyEvent = (ago: number): PodEventPlan => podEvent('NodeNotReady', 'Node is not ready', 'node-controller', ago);

/** CITE.xidLine: the kernel's Xid 79 line, as node-problem-detector's condition message carries it. */
const xid79 = (pci: string) => `NVRM: Xid (PCI:${pci}): 79, pid=0, GPU has fallen off the bus.`;

// ---- family: megatron-nan-grad-runai-lag-sized (a rank's own error; Run:ai dates its end anywhere in the order) ----

/**
 * One Megatron node's rank fails its NaN check (AssertionError, exit 1). The other nodes' ranks fail 6–42 s later
 * (ncclRemoteError naming the origin's address), exit 1, spread over that span. Run:ai wrote the origin's end `lag`
 * seconds late: 10–25 s lands it among its peers' ends, 60–120 s after every one. A fifth of the peers' Run:ai ends are
 * 15 s late too. The container's `finishedAt` (Tier 2) is the truth.
 */
function nanLagCase(shape: Shape, originAt: number, ordering: Ordering, lag: number): CasePlan {
  const replicas = replicasOf(shape);
  const origin = replicas[originAt]!;
  const ipOf = ipsOf(replicas, origin, ordering);
  const failAgo = 5200 + originAt;
  const rank = originAt * GPUS + 3;
  endReplica(origin, failAgo, 'Error', true, ERROR_1, nanLog(origin.pod, rank, failAgo));
  origin.runaiEndedAgo = failAgo - lag;
  replicas.forEach((peer, index) => {
    if (peer === origin) return;
    const ended = failAgo - 6 - (index % 10) * 4;
    const peerRank = index * GPUS;
    endReplica(peer, ended, 'Error', true, ERROR_1, [
      ...agentStart(ended + 7200, 80 + peerRank),
      ...ncclRemote(peerRank, ipOf(origin)),
      ...childFailedSummary(peer.pod, peerRank, 300 + peerRank, ended),
    ]);
    if (index % 5 === 2) peer.runaiEndedAgo = ended - 15;
  });
  const size = replicas.length;
  return assembleHeldOutCase(shape, frameworkOf(shape), {
    name: `megatron-nan-grad-runai-lag-sized-${size}-${ordering}-lag${lag}-tier2`,
    family: 'megatron-nan-grad-runai-lag-sized',
    ordering,
    tier2: true,
    description: `${size} Megatron nodes. ${origin.pod}'s rank ${rank} fails "${nanQuote(rank)}" (exit 1); the other ${size - 1} nodes fail 6–42 s later with ncclRemoteError naming its address (exit 1). Run:ai wrote the origin's end ${lag} s late${lag <= 25 ? ', among its peers\u2019 ends' : ', after every peer\u2019s'}; a fifth of the peers' Run:ai ends are 15 s late.`,
    replicas,
    originPod: origin.pod,
    failedAgo: failAgo - 130,
    expectation: {
      category: 'CRASH_APP_ERROR',
      origin: at(origin, ['AssertionError', 'found NaN in local grad norm', 'exit code 1', 'exit 1']),
      collateralAtLeast: size - 1,
      quotedLine: nanQuote(rank),
      limitationWhenNoOrigin: false,
      citation: [CITE.megatronGradBuffer, CITE.pythonTraceback, CITE.childFailed, CITE.elasticAgent, CITE.ncclRemoteError, CITE.ncclResultDocs],
      note: `The rank\u2019s own assertion (a NaN in its local gradients, before any collective) is an application error that names no peer: CRASH_APP_ERROR. Its container ended 6 s before any other (finishedAt); Run:ai\u2019s pod end for it was written ${lag} s late (docs/procedure.md "Two clocks": Run:ai\u2019s end bounds a failure from above only), which ranks it ${lag <= 25 ? 'in the middle of its peers\u2019 ends' : 'after every peer'} among ${size} replicas. The ${size - 1} peers\u2019 ncclRemoteError names the origin\u2019s address ("a remote process exiting prematurely"): consequences, collateral. A diagnosis that reads every replica\u2019s finishedAt finds the origin whatever Tier 2\u2019s budget; the expectation is not lowered to it.`,
    },
  });
}

// ---- family: jax-host-oom-status-only-sized (an OOM kill known only from the status; peers lose its heartbeat) -----

/**
 * One JAX process's container is OOM-killed (137, OOMKilled; Run:ai phase OOMKilled) with no event and no log line of
 * its own. The coordination service misses its heartbeats for 100 s (`heartbeat_timeout_seconds=100`) and every other
 * process aborts (134) naming its task. Run:ai wrote the origin's end `lag` s late: 0–30 s keeps it first, 110–120 s
 * puts it after every peer's.
 */
function hostOomCase(shape: Shape, originAt: number, ordering: Ordering, tier2: boolean, lag: number): CasePlan {
  const replicas = replicasOf(shape);
  const origin = replicas[originAt]!;
  const killAgo = 4100 + originAt;
  endReplica(origin, killAgo, 'OOMKilled', tier2, OOM_137, jaxStart(shape, originAt, killAgo + 5400));
  if (lag > 0) origin.runaiEndedAgo = killAgo - lag;
  replicas.forEach((peer, index) => {
    if (peer === origin) return;
    const ended = killAgo - 100 - (index % 5) * 0.5;
    endReplica(peer, ended, 'Error', tier2, SIGABRT_134, [...jaxStart(shape, index, killAgo + 5400), ...jaxHeartbeatLost(originAt, ended)]);
  });
  const size = replicas.length;
  return assembleHeldOutCase(shape, frameworkOf(shape), {
    name: `jax-host-oom-status-only-sized-${size}-${ordering}-lag${lag}-${tierName(tier2)}`,
    family: 'jax-host-oom-status-only-sized',
    ordering,
    tier2,
    description: `${size} JAX processes. ${origin.pod} (process ${originAt}) is OOM-killed (137, OOMKilled) with no event and no log line of its own; 100 s later every other process aborts (134) with "${JAX_FATAL}" naming task ${originAt} as unhealthy. Run:ai wrote the origin's end ${lag} s late.`,
    replicas,
    originPod: origin.pod,
    failedAgo: killAgo - 125,
    expectation: {
      category: 'OOM_KILLED',
      origin: at(origin, OOM_NEEDLES),
      collateralAtLeast: size - 1,
      quotedLine: 'OOMKilled',
      quotedLineAlternatives: ['OOM killed'],
      limitationWhenNoOrigin: false,
      citation: [CITE.oomKilled, CITE.exitCodes, ...(tier2 ? [CITE.jaxFaultTolerance, CITE.xlaDistributedClient] : [])],
      note: `The process was killed at its memory limit (OOMKilled, 137; Run:ai phase OOMKilled): a cause of its own, known from its status alone (no event, no log line). ${lag > 100 ? `Run:ai wrote its end ${lag} s late, after every peer\u2019s; its container\u2019s finishedAt is 100 s before any peer\u2019s (docs/procedure.md "Two clocks": the earlier of the two wins). ` : lag > 0 ? `Run:ai wrote its end ${lag} s late, still before every peer\u2019s. ` : ''}The ${size - 1} others aborted 100 s later on the coordination service\u2019s missing heartbeats naming its task (fate-sharing, SIGABRT 134): consequences, collateral. The upstream text they print mentions "preemption, eviction" as things to check; it reports neither.`,
    },
  });
}

// ---- family: jax-xid79-node-bare-exit-sized (the origin's only evidence is an Xid on its node) -------------------

/**
 * One JAX process's GPU falls off the bus (node-problem-detector's GPUXIDErrors condition with the kernel's Xid 79 line,
 * 2 s before the exit); its container exits 1 with only its start-up lines. 100 s later every other process aborts (134)
 * naming its task. Run:ai's end for the origin is `lag` s late.
 */
function xidCase(shape: Shape, originAt: number, ordering: Ordering, lag: number): CasePlan {
  const replicas = replicasOf(shape);
  const origin = replicas[originAt]!;
  const failAgo = 3700 + originAt;
  endReplica(origin, failAgo, 'Error', true, ERROR_1, jaxStart(shape, originAt, failAgo + 6000));
  if (lag > 0) origin.runaiEndedAgo = failAgo - lag;
  replicas.forEach((peer, index) => {
    if (peer === origin) return;
    const ended = failAgo - 100 - (index % 4) * 0.7;
    endReplica(peer, ended, 'Error', true, SIGABRT_134, [...jaxStart(shape, index, failAgo + 6000), ...jaxHeartbeatLost(originAt, ended)]);
  });
  const pci = `0000:${(0x18 + (originAt % 8) * 0x10).toString(16)}:00`;
  const size = replicas.length;
  return assembleHeldOutCase(shape, frameworkOf(shape), {
    name: `jax-xid79-node-bare-exit-sized-${size}-${ordering}-lag${lag}-tier2`,
    family: 'jax-xid79-node-bare-exit-sized',
    ordering,
    tier2: true,
    description: `${size} JAX processes. ${origin.node} reports Xid 79 ("GPU has fallen off the bus", node-problem-detector condition) 2 s before ${origin.pod} (process ${originAt}) exits 1 with only its start-up lines; 100 s later every other process aborts (134) naming task ${originAt}. Run:ai wrote the origin's end ${lag} s late.`,
    replicas,
    originPod: origin.pod,
    failedAgo: failAgo - 125,
    extra: { nodeConditions: { [origin.node]: [xidCondition(xid79(pci), failAgo + 2)] } },
    expectation: {
      category: 'NODE_FAILURE',
      origin: at(origin, XID_NEEDLES),
      collateralAtLeast: size - 1,
      quotedLine: 'GPU has fallen off the bus',
      quotedLineAlternatives: ['Xid (PCI:'],
      limitationWhenNoOrigin: false,
      citation: [CITE.xidLine, CITE.xidCatalogue, CITE.npdGpuConditions, CITE.jaxFaultTolerance, CITE.xlaDistributedClient, CITE.exitCodes],
      note: `Xid 79 is a hardware Xid (DESIGN \u00a74.8, docs/signals.md): NODE_FAILURE. The origin\u2019s container left only its start-up lines and a bare exit 1; its node\u2019s condition, dated 2 s before that exit, is its only cause. The ${size - 1} others aborted 100 s later on its missing heartbeats (134): consequences, collateral.${lag > 0 ? ` Run:ai wrote the origin\u2019s end ${lag} s late${lag > 100 ? ', after every peer\u2019s' : ''}; its container\u2019s finishedAt is the truth.` : ''}`,
    },
  });
}

// ---- family: megatron-worker-node-lost-event-only-sized (a worker's node vanishes; peers hang until the watchdog) --

/**
 * A worker's node stops posting status: NodeNotReady on its pod 40 s later; the pod never terminates and has no log.
 * The other nodes' ranks hang in a collective until the NCCL watchdog's 600 s timeout aborts them (SIGABRT) and each
 * torchrun exits 1 about 610 s after the loss. A quarter of the peers' Run:ai ends are written 10–100 s late.
 */
function nodeLostCase(shape: Shape, originAt: number, ordering: Ordering, tier2: boolean): CasePlan {
  const replicas = replicasOf(shape);
  const origin = replicas[originAt]!;
  const lostAgo = 4800;
  replicas.forEach((peer, index) => {
    if (peer === origin) return;
    const ended = lostAgo - 610 - (index % 6) * 0.6;
    const rank = index * GPUS;
    endReplica(peer, ended, 'Error', tier2, ERROR_1, [
      ...agentStart(ended + 7200, 80 + rank),
      ...ncclWatchdog(rank, ended + 1, 600000),
      ...childFailedSummary(peer.pod, rank, 300 + rank, ended, true),
    ]);
    if (index % 4 === 1) peer.runaiEndedAgo = ended - 10 - (index % 7) * 15;
  });
  origin.runaiPhase = 'Unknown';
  origin.noEndTime = true;
  origin.events = [nodeNotReadyEvent(lostAgo - 40)];
  const size = replicas.length;
  return assembleHeldOutCase(shape, frameworkOf(shape), {
    name: `megatron-worker-node-lost-event-only-sized-${size}-${ordering}-${tierName(tier2)}`,
    family: 'megatron-worker-node-lost-event-only-sized',
    ordering,
    tier2,
    description: `${size} Megatron nodes. ${origin.node} (running ${origin.pod}) stops posting status: NodeNotReady on the pod 40 s later; the pod never terminates and has no log. The other ${size - 1} nodes' ranks hit the NCCL watchdog's 600 s timeout and exit 1 about 610 s after the loss; a quarter of their Run:ai ends are 10–100 s late.`,
    replicas,
    originPod: origin.pod,
    failedAgo: lostAgo - 620,
    extra: tier2 ? { nodeConditions: { [origin.node]: notReadyConditions(lostAgo - 40) } } : {},
    expectation: {
      category: 'NODE_FAILURE',
      origin: at(origin, NOT_READY_NEEDLES),
      collateralAtLeast: size - 1,
      quotedLine: 'Node is not ready',
      quotedLineAlternatives: ['Kubelet stopped posting node status'],
      limitationWhenNoOrigin: false,
      citation: [CITE.nodeControllerUtils, ...(tier2 ? [CITE.nodeLifecycle, CITE.ncclWatchdog, CITE.childFailed, CITE.elasticAgent] : [])],
      note: `The worker\u2019s node stopped posting status (NodeNotReady on its pod${tier2 ? '; the node\u2019s Ready=Unknown' : ''}): NotReady without preemption is NODE_FAILURE (docs/procedure.md). The pod never terminated and has no log: the event, dated about 570 s before any other replica ended, is its only evidence. The ${size - 1} others\u2019 NCCL watchdog timeouts (a collective a vanished peer never joined) are consequences: collateral, although they are the only replicas with an end time and outnumber the origin ${size - 1} to 1.`,
    },
  });
}

// ---- family: jax-coordinator-sigkill-leader-rpc (process 0 is SIGKILLed; the others lose the leader) --------------

/**
 * Process 0 (the coordination service's host) exits 137 with reason Error: no event, no probe, no eviction, no
 * condition. Every other process fails to reach the leader 1–5 s later and aborts (134). Run:ai wrote process 0's end
 * 12 s late, after every other's.
 */
function leaderKillCase(shape: Shape, ordering: Ordering): CasePlan {
  const replicas = replicasOf(shape);
  const origin = replicas[0]!;
  const killAgo = 2600;
  endReplica(origin, killAgo, 'Error', true, SIGKILL_137, jaxStart(shape, 0, killAgo + 4000));
  origin.runaiEndedAgo = killAgo - 12;
  replicas.forEach((peer, index) => {
    if (peer === origin) return;
    const ended = killAgo - 1 - (index % 5);
    endReplica(peer, ended, 'Error', true, SIGABRT_134, [...jaxStart(shape, index, killAgo + 4000), ...jaxLeaderLost(ended)]);
  });
  const size = replicas.length;
  return assembleHeldOutCase(shape, frameworkOf(shape), {
    name: `jax-coordinator-sigkill-leader-rpc-${size}-${ordering}-tier2`,
    family: 'jax-coordinator-sigkill-leader-rpc',
    ordering,
    tier2: true,
    description: `${size} JAX processes. ${origin.pod} (process 0, the coordination service) exits 137 with reason Error (not OOMKilled), no event; 1–5 s later every other process aborts (134) with "Failed to send RPC to coordination service. Either the leader task was preempted/died/restarted unexpectedly …". Run:ai wrote process 0's end 12 s late, after every other's.`,
    replicas,
    originPod: origin.pod,
    failedAgo: killAgo - 20,
    expectation: {
      category: 'UNKNOWN',
      origin: at(origin, ['137', 'SIGKILL', 'killed']),
      collateralAtLeast: size - 1,
      quotedLine: '137',
      limitationWhenNoOrigin: false,
      citation: [CITE.exitCodes, CITE.oomKilled, CITE.jaxDistributed, CITE.jaxFaultTolerance, CITE.xlaDistributedClient],
      note: 'The first end is process 0\u2019s exit 137 (SIGKILL) that the kubelet did not attribute to the OOM killer (reason Error), with no event, probe, eviction or node condition to say who sent it: a signal another process sent never makes a crash on its own (docs/signals.md), so the category is UNKNOWN \u2014 as the ninth and tenth sets read an unexplained SIGKILL. The others\u2019 "Failed to send RPC to coordination service. Either the leader task was preempted/died/restarted unexpectedly" says the leader went away (its words name possible causes; they report none): consequences, collateral, dated 1\u20135 s after the kill by their containers and before process 0\u2019s Run:ai end, written 12 s late.',
    },
  });
}

// ---- family: megatron-nan-every-rank-one-second (one cause on every replica, in one second) ----------------------

/** Every Megatron node's rank fails the NaN check within one wall-clock second (millisecond stamps): one cause, no first. */
function nanEveryRankCase(shape: Shape): CasePlan {
  const replicas = replicasOf(shape);
  const second = 1800;
  replicas.forEach((node, index) => {
    // With the clock pinned at .700, an `ago` in (second − 0.3, second + 0.7] falls in one wall-clock second.
    const ended = second + 0.6 - (index % 30) * 0.03;
    node.stamp = 'ms';
    endReplica(node, ended, 'Error', true, ERROR_1, nanLog(node.pod, index * GPUS + 1, ended));
  });
  const size = replicas.length;
  return assembleHeldOutCase(shape, frameworkOf(shape), {
    name: `megatron-nan-every-rank-one-second-${size}-tier2`,
    family: 'megatron-nan-every-rank-one-second',
    ordering: 'no-origin',
    tier2: true,
    description: `${size} Megatron nodes; every node's rank fails "AssertionError: Rank N: ${NAN_NEEDLE}" within one wall-clock second (millisecond stamps), exit 1; no other signal.`,
    replicas,
    originPod: null,
    failedAgo: second - 20,
    expectation: {
      category: 'CRASH_APP_ERROR',
      origin: null,
      collateralAtLeast: 0,
      quotedLine: NAN_NEEDLE,
      quotedLineAlternatives: ['found NaN in local grad norm'],
      limitationWhenNoOrigin: true,
      citation: [CITE.megatronGradBuffer, CITE.pythonTraceback, CITE.childFailed, CITE.elasticAgent],
      note: 'Every replica failed on the same cause of its own (a NaN in its local gradients, the same bad batch on every data-parallel rank) within one second: the category is CRASH_APP_ERROR either way, but no replica started it \u2014 the milliseconds between identical causes do not make the earliest one the others\u2019 cause. Origin null with a limitation (\u00a74.8); never a vote.',
    },
  });
}

// ---- family: jax-all-processes-oom-one-second (every process OOM-killed in one second) ---------------------------

/** Every JAX process is OOM-killed within one whole second (each host loads the full checkpoint into memory at once). */
function allOomCase(shape: Shape, tier2: boolean): CasePlan {
  const replicas = replicasOf(shape);
  const second = 2100;
  replicas.forEach((process, index) => endReplica(process, second, 'OOMKilled', tier2, OOM_137, jaxStart(shape, index, second + 300)));
  const size = replicas.length;
  return assembleHeldOutCase(shape, frameworkOf(shape), {
    name: `jax-all-processes-oom-one-second-${size}-${tierName(tier2)}`,
    family: 'jax-all-processes-oom-one-second',
    ordering: 'no-origin',
    tier2,
    description: `${size} JAX processes, every one OOM-killed (137, OOMKilled) in the same whole second, 300 s after start (restoring a checkpoint into host memory); no event.`,
    replicas,
    originPod: null,
    failedAgo: second - 10,
    expectation: {
      category: 'OOM_KILLED',
      origin: null,
      collateralAtLeast: 0,
      quotedLine: 'OOMKilled',
      quotedLineAlternatives: ['OOM killed'],
      limitationWhenNoOrigin: true,
      citation: [CITE.oomKilled, CITE.exitCodes],
      note: 'Every replica was killed at its own memory limit in one whole second: OOM_KILLED, but a whole-second time stands for its whole second (docs/procedure.md) and every replica has the same cause of its own \u2014 none is the others\u2019 cause. Origin null with a limitation; never a vote.',
    },
  });
}

// ---- family: megatron-watchdog-spread-no-cause (only consequences, spread over seconds) --------------------------

/**
 * Every Megatron node's rank hits the NCCL watchdog timeout, the ends spread over 25 s (millisecond stamps); no event, no
 * OOM, no node condition, no rank's own error. A fifth of the Run:ai ends are 20–60 s late.
 */
function watchdogSpreadCase(shape: Shape): CasePlan {
  const replicas = replicasOf(shape);
  const first = 2900;
  replicas.forEach((node, index) => {
    const ended = first - ((index * 7) % 26) - (index % 3) * 0.25;
    const rank = index * GPUS;
    node.stamp = 'ms';
    endReplica(node, ended, 'Error', true, ERROR_1, [
      ...agentStart(ended + 7200, 80 + rank),
      ...ncclWatchdog(rank, ended + 1, 1800000),
      ...childFailedSummary(node.pod, rank, 300 + rank, ended, true),
    ]);
    if (index % 5 === 3) node.runaiEndedAgo = ended - 20 - (index % 3) * 20;
  });
  const size = replicas.length;
  return assembleHeldOutCase(shape, frameworkOf(shape), {
    name: `megatron-watchdog-spread-no-cause-${size}-tier2`,
    family: 'megatron-watchdog-spread-no-cause',
    ordering: 'no-origin',
    tier2: true,
    description: `${size} Megatron nodes; every rank hits the NCCL watchdog (30 min) and its node exits 1, the ends spread over 25 s; no event, no OOM, no node condition, no error of a rank's own. A fifth of the Run:ai ends are 20–60 s late.`,
    replicas,
    originPod: null,
    failedAgo: first - 90,
    expectation: {
      category: 'UNKNOWN',
      origin: null,
      collateralAtLeast: 0,
      quotedLine: WATCHDOG,
      quotedLineAlternatives: ['To avoid data inconsistency'],
      limitationWhenNoOrigin: true,
      citation: [CITE.ncclWatchdog, CITE.childFailed, CITE.elasticAgent],
      note: 'Every end is a consequence (a collective some peer never joined), and no replica shows a cause of its own: no OOM, no event, no node condition, no error of its own. The ends can be ordered, but the earliest watchdog is not a cause \u2014 the replica that started it left no dated cause in what the API keeps. UNKNOWN, origin null with a limitation; never a vote.',
    },
  });
}

// ---- the set -------------------------------------------------------------------------------------

const shape = heldOutShape<FrameworkKey>;

/** Every case of the eleventh held-out set, in a stable order. `size` is the number of pods. */
export function heldOut11Cases(): CasePlan[] {
  const mg = (name: string, size: number, pool: string, project: string, user: string, startedAgo: number) =>
    shape(name, 'megatron-runai-distributed', size, pool, project, user, ['1536Gi', '1792Gi'], GPUS, startedAgo);
  const jx = (name: string, size: number, pool: string, project: string, user: string, startedAgo: number) =>
    shape(name, 'jax-indexed-job', size, pool, project, user, ['384Gi', '448Gi'], GPUS, startedAgo);
  return [
    // megatron-nan-grad-runai-lag-sized
    nanLagCase(mg('gpt-pt-a', 8, 'h200-na-', 'llm-pretrain', 'a.kowalski@example.com', 20000), 5, 'origin-last', 10),
    nanLagCase(mg('gpt-pt-b', 16, 'h200-nb-', 'llm-pretrain-b', 'b.nakamura@example.com', 20100), 9, 'origin-middle', 25),
    nanLagCase(mg('gpt-pt-c', 32, 'h100-nc-', 'llm-pretrain-c', 'c.achebe@example.com', 20200), 20, 'origin-first', 60),
    nanLagCase(mg('gpt-pt-d', 64, 'h100-nd-', 'llm-pretrain-d', 'd.lindgren@example.com', 20300), 41, 'origin-middle', 120),
    nanLagCase(mg('gpt-pt-e', 64, 'b200-ne-', 'llm-pretrain-e', 'e.rossi@example.com', 20400), 3, 'origin-last', 24),
    nanLagCase(mg('gpt-pt-f', 32, 'b200-nf-', 'llm-pretrain-f', 'f.ortega@example.com', 20500), 30, 'origin-last', 90),
    // jax-host-oom-status-only-sized
    hostOomCase(jx('mt-lm-a', 16, 'h100-jo-', 'jax-lm', 'g.schmidt@example.com', 15000), 6, 'origin-first', false, 0),
    hostOomCase(jx('mt-lm-b', 64, 'h100-jo2-', 'jax-lm-b', 'h.mensah@example.com', 15100), 47, 'origin-middle', false, 20),
    hostOomCase(jx('mt-lm-c', 32, 'a100-jo-', 'jax-lm-c', 'i.virtanen@example.com', 15200), 11, 'origin-last', false, 30),
    hostOomCase(jx('mt-lm-d', 8, 'a100-jo2-', 'jax-lm-d', 'j.banerjee@example.com', 15300), 2, 'origin-last', true, 110),
    hostOomCase(jx('mt-lm-e', 32, 'h200-jo-', 'jax-lm-e', 'k.okonkwo@example.com', 15400), 17, 'origin-middle', true, 120),
    hostOomCase(jx('mt-lm-f', 64, 'h200-jo2-', 'jax-lm-f', 'l.fournier@example.com', 15500), 58, 'origin-first', true, 115),
    // jax-xid79-node-bare-exit-sized
    xidCase(jx('mt-rl-a', 8, 'h100-jx-', 'jax-rl', 'm.haddad@example.com', 14000), 4, 'origin-middle', 0),
    xidCase(jx('mt-rl-b', 16, 'h100-jx2-', 'jax-rl-b', 'n.kim@example.com', 14100), 13, 'origin-first', 40),
    xidCase(jx('mt-rl-c', 32, 'a100-jx-', 'jax-rl-c', 'o.petrenko@example.com', 14200), 7, 'origin-last', 120),
    xidCase(jx('mt-rl-d', 64, 'a100-jx2-', 'jax-rl-d', 'p.silva@example.com', 14300), 33, 'origin-last', 110),
    xidCase(jx('mt-rl-e', 64, 'h200-jx-', 'jax-rl-e', 'q.andersen@example.com', 14400), 62, 'origin-middle', 20),
    // megatron-worker-node-lost-event-only-sized
    nodeLostCase(mg('gpt-cpt-a', 16, 'h100-nl-', 'llm-cpt', 'r.dubois@example.com', 16000), 7, 'origin-middle', false),
    nodeLostCase(mg('gpt-cpt-b', 64, 'h100-nl2-', 'llm-cpt-b', 's.yilmaz@example.com', 16100), 50, 'origin-last', false),
    nodeLostCase(mg('gpt-cpt-c', 32, 'h200-nl-', 'llm-cpt-c', 't.morgan@example.com', 16200), 14, 'origin-first', true),
    nodeLostCase(mg('gpt-cpt-d', 64, 'h200-nl2-', 'llm-cpt-d', 'u.chen@example.com', 16300), 29, 'origin-middle', true),
    // jax-coordinator-sigkill-leader-rpc
    leaderKillCase(jx('mt-mm-a', 16, 'h100-jl-', 'jax-mm', 'v.ivanova@example.com', 9000), 'origin-last'),
    leaderKillCase(jx('mt-mm-b', 64, 'a100-jl-', 'jax-mm-b', 'w.tremblay@example.com', 9100), 'origin-middle'),
    leaderKillCase(jx('mt-mm-c', 32, 'h200-jl-', 'jax-mm-c', 'x.abara@example.com', 9200), 'origin-first'),
    // megatron-nan-every-rank-one-second
    nanEveryRankCase(mg('gpt-sw-a', 8, 'h100-an-', 'llm-sweep', 'y.costa@example.com', 7000)),
    nanEveryRankCase(mg('gpt-sw-b', 32, 'h200-an-', 'llm-sweep-b', 'z.novak@example.com', 7100)),
    // jax-all-processes-oom-one-second
    allOomCase(jx('mt-rst-a', 16, 'h100-ao-', 'jax-ckpt', 'a.wojcik@example.com', 2400), false),
    allOomCase(jx('mt-rst-b', 32, 'a100-ao-', 'jax-ckpt-b', 'b.eriksen@example.com', 2500), true),
    // megatron-watchdog-spread-no-cause
    watchdogSpreadCase(mg('gpt-ev-a', 16, 'h100-wd-', 'llm-eval', 'c.lopez@example.com', 8000)),
    watchdogSpreadCase(mg('gpt-ev-b', 64, 'h200-wd-', 'llm-eval-b', 'd.park@example.com', 8100)),
  ];
}
