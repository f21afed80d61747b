/**
 * The eighth held-out distributed set (fixtures/distributed-heldout-8), generated like the first
 * seven (families × frameworks × orderings, through buildHeldOutCase). It varies what the seventh
 * did not: the origin's **category** (NODE_FAILURE and OOM_KILLED, none CRASH_APP_ERROR) and its
 * **container** (a native sidecar, a worker whose main container never ended), with frameworks
 * none of the seven has:
 *
 * - DeepSpeed's multi-node launcher over pdsh on an MPIJob (`deepspeed --hostfile … --launcher
 *   pdsh`): the worker pods only run sshd; every rank's output reaches the launcher's log through
 *   pdsh, prefixed with the worker's host name, and a host's end is pdsh's
 *   `pdsh@<launcher>: <host>: ssh exited with exit code N`. The workers' containers never end on
 *   their own (cleanPodPolicy None): the origin is a pod that is still Running.
 * - TensorFlow ParameterServerStrategy on a TFJob with four roles (chief, ps, worker, evaluator):
 *   a parameter server lost is fatal to the chief's ClusterCoordinator (`UnavailableError`), and
 *   the operator then stops the other roles in the same second.
 *
 * Origin kinds: a worker's node that stops posting status (Ready=Unknown, `NodeNotReady` on the
 * pod; no end time for the origin, event-only timing on Tier 1); a hardware Xid 48 set as a node
 * condition on a worker whose main container never ended (the rank's CUDA error only in the
 * launcher's relayed log); GKE's Cloud Storage FUSE sidecar (`gke-gcsfuse-sidecar`, a native
 * sidecar) OOM-killed while the main container keeps running; a parameter server OOM-killed; and
 * the same OOM with the chief's consequence in the same second.
 *
 * It was written without reading the engine (functions/diagnosis/): every expectation follows from
 * what the upstream message means, from DESIGN §2 and §4.8 and from the product's documented
 * decisions (docs/procedure.md: NotReady without preemption → NODE_FAILURE; a hardware Xid reported
 * by the node's side → NODE_FAILURE; OOM_KILLED is a container signal that precedes the system and
 * application causes). Every message text is an upstream format, cited at the helper that writes it
 * and in the case's `citation`.
 */
import type { CasePlan, PodEventPlan, ReplicaPlan, StampForm } from './buildHeldOutCase.js';
import { assembleHeldOutCase, type HeldOutCaseParts, type HeldOutFramework } from './assembleHeldOutCase.js';
import { clockAt } from './clockAt.js';
import { endReplica } from './endReplica.js';
import { notReadyConditions, oomEvent, podEvent, xidCondition } from './eventAndConditionPlans.js';
import { heldOutShape, rosterReplicas, v1Common, v1Compute, type HeldOutMember, type HeldOutShape } from './heldOutShape.js';
import { pythonTraceback } from './pythonTraceback.js';

/** Upstream sources of the message formats this set uses. */
const CITE = {
  // sigkill_handler: logger.info(f"Killing subprocess {process.pid}"); logger.error(f"{cmd} exits with return code = {process.returncode}"),
  // then sys.exit(returncode); the logger's format "[%(asctime)s] [%(levelname)s] [%(filename)s:%(lineno)d:%(funcName)s] %(message)s"
  deepspeedLaunch: 'https://github.com/microsoft/DeepSpeed/blob/master/deepspeed/launcher/launch.py',
  // PDSHRunner.get_cmd: ['pdsh', '-S', '-f', str(PDSH_MAX_FAN_OUT), '-w', active_workers] + the remote `deepspeed.launcher.launch` command
  deepspeedPdsh: 'https://github.com/microsoft/DeepSpeed/blob/master/deepspeed/launcher/multinode_runner.py',
  // runner.py main(): logger.info(f"cmd = {' '.join(cmd)}"); result.wait(); sys.exit(result.returncode) when it is non-zero
  deepspeedRunner: 'https://github.com/microsoft/DeepSpeed/blob/master/deepspeed/launcher/runner.py',
  // sshcmd.c: err("%p: %s: ssh exited with exit code %d\n", s->target, WEXITSTATUS(status)) — %p is "pdsh@<local host>";
  // every remote output line is prefixed "<host>: "; -S returns the largest remote exit code
  pdshSsh: 'https://github.com/chaos/pdsh/blob/master/src/modules/sshcmd.c',
  mpiOperator: 'https://github.com/kubeflow/mpi-operator/blob/master/pkg/controller/mpi_job_controller.go',
  // c10::str(logPrefix(), "Watchdog caught collective operation timeout: ", *this, " ran for ", …, " milliseconds before timing out.")
  ncclWatchdog: 'https://github.com/pytorch/pytorch/blob/main/torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp',
  // C10_CUDA_CHECK: "CUDA error: " + cudaGetErrorString(err); cudaErrorECCUncorrectable = "uncorrectable ECC error encountered"
  cudaException: 'https://github.com/pytorch/pytorch/blob/main/c10/cuda/CUDAException.cpp',
  cudaErrors: 'https://docs.nvidia.com/cuda/cuda-runtime-api/group__CUDART__TYPES.html',
  // The kernel's Xid line (kernel_rc.c) and Xid 48's text as reported in gpu-operator#1146; Xid 48 is a hardware Xid (DBE)
  xidLine: 'https://github.com/NVIDIA/open-gpu-kernel-modules/blob/main/src/nvidia/src/kernel/gpu/rc/kernel_rc.c',
  xid48: 'https://github.com/NVIDIA/gpu-operator/issues/1146',
  xidCatalogue: 'https://docs.nvidia.com/deploy/xid-errors/index.html',
  // node-problem-detector's GPUXIDErrors condition (eventAndConditionPlans.xidCondition)
  npdGpuCondition: 'https://learn.microsoft.com/en-us/azure/aks/gpu-health-monitoring',
  // MarkPodsNotReady: recorder.Event(pod, v1.EventTypeWarning, "NodeNotReady", "Node is not ready")
  nodeControllerUtils: 'https://github.com/kubernetes/kubernetes/blob/master/pkg/controller/util/node/controller_utils.go',
  // Ready=Unknown, reason NodeStatusUnknown, "Kubelet stopped posting node status." (eventAndConditionPlans.notReadyConditions)
  nodeLifecycle: 'https://github.com/kubernetes/kubernetes/blob/master/pkg/controller/nodelifecycle/node_lifecycle_controller.go',
  // The injected sidecar `gke-gcsfuse-sidecar` (a native sidecar on 1.29+), its default 100Mi memory limit
  gcsfuseSidecar: 'https://github.com/GoogleCloudPlatform/gcs-fuse-csi-driver/blob/main/docs/known-issues.md',
  // "Error `Transport endpoint is not connected`": the Cloud Storage FUSE process in the sidecar was terminated (e.g. OOM-killed)
  gcsfuseTroubleshooting: 'https://github.com/GoogleCloudPlatform/gcs-fuse-csi-driver/blob/main/docs/troubleshooting.md',
  // ENOTCONN 107 "Transport endpoint is not connected", raised by Python as OSError
  pythonExceptions: 'https://docs.python.org/3/library/exceptions.html',
  pythonTraceback: 'https://docs.python.org/3/library/traceback.html',
  // The Run:ai-relayed OOM event and the container's OOMKilled/137 (as in fixtures/scenarios)
  oomKilled: 'https://kubernetes.io/docs/tasks/configure-pod-container/assign-memory-resource/',
  // "TFJob %s is failed because %d %s replica(s) failed." (reason TFJobFailed); pods <job>-<role>-<n>, container "tensorflow"
  tfJobController: 'https://github.com/kubeflow/training-operator/blob/master/pkg/controller.v1/tensorflow/tfjob_controller.go',
  // ClusterCoordinator: a parameter server's failure is not recovered; join() re-raises the closure's UnavailableError
  tfCoordinator: 'https://github.com/tensorflow/tensorflow/blob/master/tensorflow/python/distribute/coordinator/cluster_coordinator.py',
  // "Additional GRPC error information from remote target <task> while calling <method>:" and the gRPC status JSON
  tfGrpcUtil: 'https://github.com/tensorflow/tensorflow/blob/master/tensorflow/core/distributed_runtime/rpc/grpc_util.h',
  tfErrors: 'https://github.com/tensorflow/tensorflow/blob/master/tensorflow/python/framework/errors_impl.py',
} as const;

type Ordering = CasePlan['ordering'];
type FrameworkKey = 'deepspeed-pdsh' | 'tf-ps';
type Shape = HeldOutShape<FrameworkKey>;

const IMAGES: Record<FrameworkKey, string> = {
  'deepspeed-pdsh': 'registry.example.com/llm/deepspeed-bloom:0.16.4-cu124',
  'tf-ps': 'registry.example.com/recsys/tf-ps-widedeep:2.16.1-gpu',
};
const GCSFUSE_IMAGE = 'gke.gcr.io/gcs-fuse-csi-driver-sidecar-mounter:v1.8.1-gke.0';
const GCSFUSE = 'gke-gcsfuse-sidecar';

/**
 * Pod naming per controller: mpi-operator `<job>-launcher` / `<job>-worker-<n>` (containers `launcher`,
 * `worker`); training-operator `<job>-chief-0`, `<job>-ps-<n>`, `<job>-worker-<n>`, `<job>-evaluator-0`
 * (container `tensorflow`).
 */
function members(shape: Shape): HeldOutMember[] {
  const { name, workers } = shape;
  const range = (count: number) => Array.from({ length: count }, (_, index) => index);
  if (shape.framework === 'deepspeed-pdsh')
    return [
      { pod: `${name}-launcher`, container: 'launcher', role: 'Launcher' },
      ...range(workers).map((rank) => ({ pod: `${name}-worker-${rank}`, container: 'worker', role: 'Worker' })),
    ];
  return [
    { pod: `${name}-chief-0`, container: 'tensorflow', role: 'Chief' },
    ...range(2).map((task) => ({ pod: `${name}-ps-${task}`, container: 'tensorflow', role: 'PS' })),
    ...range(workers).map((task) => ({ pod: `${name}-worker-${task}`, container: 'tensorflow', role: 'Worker' })),
    { pod: `${name}-evaluator-0`, container: 'tensorflow', role: 'Evaluator' },
  ];
}

/** The controller's job-level failure message (mpi-operator, training-operator). */
function failedMessage(shape: Shape, role: string): { reason: string; message: string } {
  if (shape.framework === 'deepspeed-pdsh') return { reason: 'MPIJobFailed', message: `MPIJob runai-${shape.project}/${shape.name} has failed` };
  return { reason: 'TFJobFailed', message: `TFJob ${shape.name} is failed because 1 ${role} replica(s) failed.` };
}

/** The roster, all running; parameter servers hold no GPU (they keep variables in host memory). */
function replicasOf(shape: Shape): ReplicaPlan[] {
  const roster = members(shape);
  return rosterReplicas(shape, roster, IMAGES[shape.framework], 81).map((replica, index) => (roster[index]!.role === 'PS' ? { ...replica, gpus: 0 } : replica));
}

function specOf(shape: Shape, restartPolicy: string): CasePlan['spec'] {
  const command =
    shape.framework === 'deepspeed-pdsh'
      ? 'deepspeed --hostfile /etc/mpi/hostfile --launcher pdsh --master_addr $(hostname -i) /app/train.py --deepspeed --deepspeed_config /app/ds_zero3.json'
      : 'python /app/train_ps.py --model wide_deep --num_ps 2 --eval_every 2000';
  const submitted = { image: IMAGES[shape.framework], command, imagePullPolicy: 'IfNotPresent', restartPolicy, compute: v1Compute(shape), backoffLimit: 0 };
  return {
    kind: 'v1',
    body: {
      ...v1Common(shape),
      spec: { ...submitted, distributedFramework: shape.framework === 'deepspeed-pdsh' ? 'MPI' : 'TF', numWorkers: shape.workers },
      masterSpec: submitted,
      masterSpecSameAsWorker: false,
    },
  };
}

function frameworkOf(shape: Shape): HeldOutFramework {
  return {
    roster: members(shape),
    failedMessage: (role) => failedMessage(shape, role),
    runaiType: 'Distributed',
    distributedFramework: shape.framework === 'deepspeed-pdsh' ? 'MPI' : 'TF',
    workloadsV2: false,
    spec: (restartPolicy) => specOf(shape, restartPolicy),
    citations: {
      'deepspeed-pdsh': [CITE.mpiOperator, CITE.deepspeedPdsh, CITE.pdshSsh],
      'tf-ps': [CITE.tfJobController, CITE.tfCoordinator],
    }[shape.framework],
  };
}

const assemble = (shape: Shape, parts: HeldOutCaseParts): CasePlan => assembleHeldOutCase(shape, frameworkOf(shape), parts);
const at = (pod: ReplicaPlan, needles: string[]) => ({ pod: pod.pod, node: pod.node, signalIncludes: needles });

/** The pod IP (the same address rule as buildHeldOutCase's pod listing). */
const podIp = (replicas: ReplicaPlan[], pod: ReplicaPlan) => {
  const index = replicas.indexOf(pod);
  return `10.244.${(index * 7 + 11) % 250}.${(index * 13 + 21) % 250}`;
};

// ---- message formats (each cited at its source in CITE) ----------------------------------

/** 128 + SIGTERM / SIGKILL; the OOM killer's SIGKILL as the kubelet reports it. */
const SIGTERM_143 = { code: 143, reason: 'Error' } as const;
const OOM_137 = { code: 137, reason: 'OOMKilled' } as const;
const ERROR_1 = { code: 1, reason: 'Error' } as const;

/** CITE.deepspeedLaunch: DeepSpeed's logger line. */
const dsLog = (level: 'INFO' | 'ERROR', ago: number, ms: number, where: string, message: string) =>
  `[2026-12-03 ${clockAt(ago)},${String(ms).padStart(3, '0')}] [${level}] [${where}] ${message}`;

/** The MPIJob worker's host name in the hostfile (mpi-operator: `<pod>.<job>.<namespace>.svc`). */
const mpiHost = (shape: Shape, pod: string) => `${pod}.${shape.name}.runai-${shape.project}.svc`;

/** CITE.deepspeedRunner + CITE.deepspeedPdsh: the launcher's first line, the pdsh command it runs. */
const pdshCommand = (shape: Shape, replicas: ReplicaPlan[], ago: number) =>
  dsLog(
    'INFO',
    ago,
    412,
    'runner.py:607:main',
    `cmd = pdsh -S -f 1024 -w ${replicas
      .slice(1)
      .map((replica) => mpiHost(shape, replica.pod))
      .join(
        ',',
      )} export NCCL_IB_HCA=mlx5; cd /app; /usr/bin/python -u -m deepspeed.launcher.launch --world_info=<world info> --node_rank=%n --master_addr=${podIp(replicas, replicas[0]!)} --master_port=29500 /app/train.py --deepspeed --deepspeed_config /app/ds_zero3.json`,
  );

const WATCHDOG = 'Watchdog caught collective operation timeout';
const TRAIN_CMD = (local: number) =>
  `['/usr/bin/python', '-u', '/app/train.py', '--local_rank=${local}', '--deepspeed', '--deepspeed_config', '/app/ds_zero3.json']`;

/**
 * CITE.ncclWatchdog + CITE.deepspeedLaunch + CITE.pdshSsh: one surviving host's ranks wait out
 * DeepSpeed's default 30-minute process-group timeout; the watchdog aborts rank 0 of that host
 * (SIGABRT, -6); launch.py kills the other local ranks and exits -6 (250), which ssh and pdsh report.
 */
const pdshWatchdogHost = (host: string, launcher: string, rank: number, ago: number, seq: number) => {
  const work = `WorkNCCL(SeqNum=${seq}, OpType=_ALLGATHER_BASE, NumelIn=2359296, NumelOut=18874368, Timeout(ms)=1800000) ran for ${1800000 + 31 + (rank % 7)} milliseconds before timing out.`;
  return [
    `${host}: [rank${rank}]:[E1203 ${clockAt(ago + 1)}.552106113 ProcessGroupNCCL.cpp:632] [Rank ${rank}] ${WATCHDOG}: ${work}`,
    `${host}: ${dsLog('INFO', ago, 140, 'launch.py:319:sigkill_handler', `Killing subprocess ${5100 + rank}`)}`,
    `${host}: ${dsLog('ERROR', ago, 141, 'launch.py:325:sigkill_handler', `${TRAIN_CMD(0)} exits with return code = -6`)}`,
    `pdsh@${launcher}: ${host}: ssh exited with exit code 250`,
  ];
};

/** CITE.deepspeedLaunch + CITE.pdshSsh: a host whose rank raised, relayed through pdsh. */
const pdshRankFailed = (host: string, launcher: string, rank: number, ago: number, traceback: string[]) => [
  ...traceback.map((line) => `${host}: [rank${rank}]: ${line}`),
  `${host}: ${dsLog('INFO', ago, 306, 'launch.py:319:sigkill_handler', `Killing subprocess ${5100 + rank}`)}`,
  `${host}: ${dsLog('ERROR', ago, 307, 'launch.py:325:sigkill_handler', `${TRAIN_CMD(0)} exits with return code = 1`)}`,
  `pdsh@${launcher}: ${host}: ssh exited with exit code 1`,
];

/** A healthy progress line of DeepSpeed's engine, as the launcher relays it. */
const dsProgress = (host: string, step: number, ago: number) =>
  `${host}: ${dsLog('INFO', ago, 77, 'logging.py:128:log_dist', `[Rank 0] step=${step}, skipped=0, lr=[2.9e-05], mom=[(0.9, 0.95)]`)}`;

/** CITE.nodeControllerUtils: what the node controller writes on each pod of a node that went NotReady. */
const nodeNotReadyEvent = (ago: number, stamp?: StampForm): PodEventPlan => ({
  ...podEvent('NodeNotReady', 'Node is not ready', 'node-controller', ago),
  ...(stamp ? { stamp } : {}),
});
const NOT_READY_NEEDLES = ['NodeNotReady', 'Node is not ready', 'NotReady', 'Kubelet stopped posting', 'NodeStatusUnknown'];

/** CITE.xidLine + CITE.xid48: the kernel's Xid 48 line (double-bit ECC error) on the GPU at `pci`. */
const xid48Line = (pci: string) =>
  `NVRM: Xid (PCI:${pci}): 48, pid='<unknown>', name=<unknown>, An uncorrectable double bit error (DBE) has been detected on GPU in the framebuffer at partition 6, subpartition 1.`;
const CUDA_ECC = 'RuntimeError: CUDA error: uncorrectable ECC error encountered';

const ENOTCONN = 'OSError: [Errno 107] Transport endpoint is not connected';

/** CITE.tfCoordinator + CITE.tfGrpcUtil: the chief's coordinator re-raising a parameter server's loss. */
const chiefLostPs = (psTask: number, psIp: string, grpcMessage: 'Socket closed' | 'failed to connect to all addresses') => [
  ...pythonTraceback(
    [
      ['/app/train_ps.py', 141, '<module>', 'coordinator.join()'],
      ['/usr/local/lib/python3.11/dist-packages/tensorflow/python/distribute/coordinator/cluster_coordinator.py', 1541, 'join', 'self._cluster.join()'],
      ['/usr/local/lib/python3.11/dist-packages/tensorflow/python/distribute/coordinator/cluster_coordinator.py', 1214, 'join', 'self.closure_queue.wait()'],
      ['/usr/local/lib/python3.11/dist-packages/tensorflow/python/distribute/coordinator/cluster_coordinator.py', 471, 'wait', 'raise error'],
    ],
    `tensorflow.python.framework.errors_impl.UnavailableError: ${grpcMessage}`,
  ),
  `Additional GRPC error information from remote target /job:ps/replica:0/task:${psTask} while calling /tensorflow.eager.EagerService/Enqueue:`,
  `:{"created":"@1764749112.304118823","description":"Error received from peer ipv4:${psIp}:2222","file":"external/com_github_grpc_grpc/src/core/lib/surface/call.cc","file_line":1056,"grpc_message":"${grpcMessage}","grpc_status":14}`,
];

/** A TF task's progress line (the chief's training loop, the evaluator's metrics). */
const tfProgress = (role: string, step: number) =>
  role === 'Evaluator' ? [`INFO:tensorflow:Evaluation [${step % 100}/100]`] : role === 'Chief' ? [`INFO:tensorflow:global_step/sec: 41.7 step ${step}`] : [];

// ---- family: pdsh-worker-node-lost (a worker's node stops posting status; pdsh relays the rest) ---------------

/**
 * DeepSpeed over pdsh: the node of one worker stops (power, kernel panic); its pod has no end time
 * (the kubelet is gone), the node controller marks the node Ready=Unknown 40 s later and writes
 * `NodeNotReady` on its pods. The launcher's ssh to that host times out (255) after ~15 min of
 * retransmissions; the surviving hosts' ranks wait out the 30-minute NCCL timeout and end 250; pdsh
 * returns the largest code and the launcher exits 255. The other workers' sshd keeps running.
 */
function pdshNodeLostCase(shape: Shape, originAt: number, ordering: Ordering, tier2: boolean): CasePlan {
  const replicas = replicasOf(shape);
  const launcher = replicas[0]!;
  const origin = replicas[originAt]!;
  const lostAgo = 4200 + originAt * 10;
  const launcherAgo = lostAgo - 1805;
  const host = (replica: ReplicaPlan) => mpiHost(shape, replica.pod);
  const logs = [
    pdshCommand(shape, replicas, shape.startedAgo),
    dsProgress(host(replicas[1]!), 61200, lostAgo + 40),
    `pdsh@${launcher.pod}: ${host(origin)}: ssh exited with exit code 255`,
    ...replicas.flatMap((replica, index) =>
      index === 0 || replica === origin ? [] : pdshWatchdogHost(host(replica), launcher.pod, (index - 1) * 8, launcherAgo + 3, 72300),
    ),
  ];
  endReplica(launcher, launcherAgo, 'Error', tier2, { code: 255, reason: 'Error' }, logs);
  origin.runaiPhase = 'Unknown';
  origin.noEndTime = true;
  origin.events = [nodeNotReadyEvent(lostAgo - 40)];
  return assemble(shape, {
    name: `pdsh-worker-node-lost-${shape.framework}-${ordering}-${tier2 ? 'tier2' : 'tier1'}`,
    family: 'pdsh-worker-node-lost',
    ordering,
    tier2,
    description: `${origin.node} (running ${origin.pod}) stops posting status: NodeNotReady on the pod 40 s later, no end time for it; the launcher's pdsh reports "ssh exited with exit code 255" for that host, the other hosts' ranks hit the 30-minute NCCL watchdog, and the launcher exits 255 about 1,800 s after the node was lost; the other workers keep running.`,
    replicas,
    originPod: origin.pod,
    failedAgo: launcherAgo - 4,
    failedRole: 'Launcher',
    extra: tier2 ? { nodeConditions: { [origin.node]: notReadyConditions(lostAgo - 40) } } : {},
    expectation: {
      category: 'NODE_FAILURE',
      origin: at(origin, NOT_READY_NEEDLES),
      collateralAtLeast: 1,
      quotedLine: 'Node is not ready',
      quotedLineAlternatives: ['Kubelet stopped posting node status'],
      limitationWhenNoOrigin: false,
      citation: [CITE.nodeControllerUtils, ...(tier2 ? [CITE.nodeLifecycle, CITE.ncclWatchdog, CITE.deepspeedLaunch, CITE.deepspeedRunner] : [])],
      note: 'The worker\u2019s node stopped posting its status (NodeNotReady on the pod; with Tier 2 the node\u2019s Ready=Unknown, "Kubelet stopped posting node status."): NotReady without preemption is NODE_FAILURE (docs/procedure.md). It is the earliest dated failure signal (about 1,760 s before the launcher ended); the pod itself has no end time \u2014 the origin is told by its event, not by a pod end. The launcher\u2019s exit (255, the largest of pdsh\u2019s remote codes: the lost host\u2019s ssh and the other hosts\u2019 NCCL watchdog aborts, 250) is the consequence: collateral. The other worker pods only run sshd and never end. The job-level message names the Launcher; the origin is a worker.',
    },
  });
}

// ---- family: pdsh-xid48-relayed (a hardware Xid on a worker's node; the rank's error only in the launcher's log) ----

/**
 * node-problem-detector sets GPUXIDErrors (Xid 48, a double-bit ECC error) on one worker's node
 * 6 s after that host's rank failed with `CUDA error: uncorrectable ECC error encountered`, which
 * only the launcher's log carries (through pdsh). The worker's container never ends (sshd); the
 * other hosts' ranks time out 30 minutes later and the launcher exits 250.
 */
function pdshXidCase(shape: Shape, originAt: number, ordering: Ordering, newestFirst: boolean): CasePlan {
  const replicas = replicasOf(shape);
  const launcher = replicas[0]!;
  const origin = replicas[originAt]!;
  const faultAgo = 3900 + originAt * 10;
  const launcherAgo = faultAgo - 1806;
  const host = (replica: ReplicaPlan) => mpiHost(shape, replica.pod);
  const pci = `0000:${(0x19 + originAt * 0x22).toString(16).padStart(2, '0')}:00`;
  const rank = (originAt - 1) * 8;
  const traceback = pythonTraceback(
    [
      ['/app/train.py', 187, '<module>', 'engine.step()'],
      ['/usr/local/lib/python3.11/dist-packages/deepspeed/runtime/engine.py', 2213, 'step', 'self._take_model_step(lr_kwargs)'],
      ['/usr/local/lib/python3.11/dist-packages/deepspeed/runtime/zero/stage3.py', 2104, 'step', 'self._post_step(timer_names)'],
    ],
    CUDA_ECC,
  );
  const logs = [
    pdshCommand(shape, replicas, shape.startedAgo),
    dsProgress(host(origin), 38800, faultAgo + 30),
    ...pdshRankFailed(host(origin), launcher.pod, rank, faultAgo - 2, traceback),
    ...replicas.flatMap((replica, index) =>
      index === 0 || replica === origin ? [] : pdshWatchdogHost(host(replica), launcher.pod, (index - 1) * 8, launcherAgo + 3, 51740),
    ),
  ];
  endReplica(launcher, launcherAgo, 'Error', true, { code: 250, reason: 'Error' }, logs);
  return assemble(shape, {
    name: `pdsh-xid48-relayed-${shape.framework}-${ordering}${newestFirst ? '-newest-first' : ''}-tier2`,
    family: 'pdsh-xid48-relayed',
    ordering,
    tier2: true,
    description: `${origin.node} (running ${origin.pod}) reports Xid 48 (a double-bit ECC error) as a node condition; the rank there failed with "${CUDA_ECC}" 6 s earlier, seen only in the launcher's pdsh output; the other hosts hit the NCCL watchdog 30 minutes later and the launcher exits 250. ${origin.pod}'s own container never ended.`,
    replicas,
    originPod: origin.pod,
    failedAgo: launcherAgo - 4,
    failedRole: 'Launcher',
    extra: {
      nodeConditions: { [origin.node]: [xidCondition(xid48Line(pci), faultAgo - 6)] },
      ...(newestFirst ? { historyNewestFirst: true, kubernetesEventsNewestFirst: true } : {}),
    },
    expectation: {
      category: 'NODE_FAILURE',
      origin: at(origin, ['Xid', 'ECC', 'double bit', 'GPUXIDErrors']),
      collateralAtLeast: 1,
      quotedLine: `NVRM: Xid (PCI:${pci}): 48`,
      quotedLineAlternatives: ['uncorrectable ECC error encountered', 'An uncorrectable double bit error (DBE)'],
      limitationWhenNoOrigin: false,
      citation: [
        CITE.xidLine,
        CITE.xid48,
        CITE.xidCatalogue,
        CITE.npdGpuCondition,
        CITE.cudaException,
        CITE.cudaErrors,
        CITE.ncclWatchdog,
        CITE.deepspeedLaunch,
      ],
      note: 'A hardware Xid (48, double-bit ECC) reported by the node\u2019s side (a node condition) decides NODE_FAILURE (DESIGN §4.8, docs/procedure.md); the rank\u2019s "CUDA error: uncorrectable ECC error encountered" on that host agrees. The origin is the worker pod on that node although its container never ended (it runs sshd; the ranks are children of it, relayed through pdsh): the failure started there, 1,800 s before the launcher ended. The launcher (exit 250: the NCCL watchdog aborts of the other hosts, reported by pdsh) is collateral; the other workers never end.',
    },
  });
}

// ---- family: gcsfuse-sidecar-oom (the FUSE sidecar of one worker is OOM-killed; its ranks lose the mount) -------

/**
 * Every worker pod reads its shards from a Cloud Storage bucket through GKE's FUSE sidecar. One
 * worker's `gke-gcsfuse-sidecar` is OOM-killed (its default 100Mi limit) and restarted (a native
 * sidecar always restarts); the mount it served is gone, so the rank on that host fails reading with
 * `OSError: [Errno 107] Transport endpoint is not connected`, relayed by pdsh; the other hosts time
 * out and the launcher exits 250. The worker's main container never ends.
 */
function sidecarOomCase(shape: Shape, originAt: number, ordering: Ordering, tier2: boolean): CasePlan {
  const replicas = replicasOf(shape);
  const launcher = replicas[0]!;
  const origin = replicas[originAt]!;
  const oomAgo = 3600 + originAt * 10;
  const launcherAgo = oomAgo - 1808;
  const host = (replica: ReplicaPlan) => mpiHost(shape, replica.pod);
  replicas.forEach((replica, index) => {
    if (index === 0) return;
    replica.sidecar =
      replica === origin
        ? { name: GCSFUSE, image: GCSFUSE_IMAGE, lastExit: { code: 137, reason: 'OOMKilled', ago: oomAgo }, exit: null }
        : { name: GCSFUSE, image: GCSFUSE_IMAGE, exit: null };
  });
  const rank = (originAt - 1) * 8;
  const shard = `/data/c4-en/train-${String(400 + originAt).padStart(5, '0')}-of-01024.json.gz`;
  const traceback = pythonTraceback(
    [
      ['/app/train.py', 164, '<module>', 'batch = next(data_iter)'],
      ['/app/data/stream.py', 58, '__iter__', 'with gzip.open(path, "rt") as handle:'],
      ['/usr/lib/python3.11/gzip.py', 58, 'open', 'binary_file = GzipFile(filename, gz_mode, compresslevel)'],
      ['/usr/lib/python3.11/gzip.py', 174, '__init__', "fileobj = self.myfileobj = builtins.open(filename, mode or 'rb')"],
    ],
    `${ENOTCONN}: '${shard}'`,
  );
  const logs = [
    pdshCommand(shape, replicas, shape.startedAgo),
    dsProgress(host(origin), 22100, oomAgo + 20),
    ...pdshRankFailed(host(origin), launcher.pod, rank, oomAgo - 3, traceback),
    ...replicas.flatMap((replica, index) =>
      index === 0 || replica === origin ? [] : pdshWatchdogHost(host(replica), launcher.pod, (index - 1) * 8, launcherAgo + 3, 30177),
    ),
  ];
  endReplica(launcher, launcherAgo, 'Error', tier2, { code: 250, reason: 'Error' }, logs);
  origin.events = [oomEvent(GCSFUSE, oomAgo)];
  return assemble(shape, {
    name: `gcsfuse-sidecar-oom-${shape.framework}-${ordering}-${tier2 ? 'tier2' : 'tier1'}`,
    family: 'gcsfuse-sidecar-oom',
    ordering,
    tier2,
    description: `${origin.pod}'s ${GCSFUSE} (a native sidecar) is OOM-killed and restarted while its main container keeps running; its rank then fails with "${ENOTCONN}" (relayed by pdsh); the other hosts time out 30 minutes later and the launcher exits 250.`,
    replicas,
    originPod: origin.pod,
    failedAgo: launcherAgo - 4,
    failedRole: 'Launcher',
    expectation: {
      category: 'OOM_KILLED',
      origin: at(origin, ['OOM', GCSFUSE]),
      collateralAtLeast: 1,
      quotedLine: 'OOM killed',
      quotedLineAlternatives: ['OOMKilled'],
      limitationWhenNoOrigin: false,
      citation: [
        CITE.oomKilled,
        CITE.gcsfuseSidecar,
        CITE.gcsfuseTroubleshooting,
        ...(tier2 ? [CITE.pythonExceptions, CITE.pythonTraceback, CITE.deepspeedLaunch, CITE.ncclWatchdog] : []),
      ],
      note: `A container of this pod was killed at its memory limit: the FUSE sidecar (${GCSFUSE}), not the main container, which kept running. OOM_KILLED is a container signal and comes first (docs/procedure.md precedence); the fix is the sidecar's memory limit (the driver's gke-gcsfuse/memory-limit annotation), the user's. The rank's "Transport endpoint is not connected" on that host is what the lost FUSE daemon leaves behind (the driver's troubleshooting guide), a consequence in the same pod; the launcher's exit (250, the other hosts' NCCL watchdog) is collateral. The origin is a pod whose main container never ended.`,
    },
  });
}

// ---- family: ps-node-lost-event-only (a parameter server's node stops posting status) ---------------------------

/**
 * TF ParameterServerStrategy: the node of one parameter server stops; NodeNotReady on its pod 40 s
 * later. The chief's coordinator cannot reach that PS and re-raises `UnavailableError: failed to
 * connect to all addresses` 70 s after the loss and exits 1; the TFJob is failed for its Chief and
 * the operator stops every other task (143) within the second. Tier 1 has no pod end time at all
 * (the sync never wrote them): the NodeNotReady event is the only dated failure.
 */
function psNodeLostCase(shape: Shape, psTask: number, ordering: Ordering, tier2: boolean): CasePlan {
  const replicas = replicasOf(shape);
  const chief = replicas[0]!;
  const origin = replicas[1 + psTask]!;
  const lostAgo = 2900 + psTask * 10;
  const chiefAgo = lostAgo - 70;
  endReplica(chief, chiefAgo, 'Error', tier2, ERROR_1, [
    ...tfProgress('Chief', 88100),
    ...chiefLostPs(psTask, podIp(replicas, origin), 'failed to connect to all addresses'),
  ]);
  let collateral = 1;
  replicas.forEach((replica, index) => {
    if (replica === chief || replica === origin) return;
    collateral += 1;
    endReplica(
      replica,
      chiefAgo - 1 - (index % 4) * 0.2,
      'Error',
      tier2,
      SIGTERM_143,
      tfProgress(index === replicas.length - 1 ? 'Evaluator' : 'Worker', 88000),
    );
  });
  if (!tier2) for (const replica of replicas) if (replica !== origin) replica.noEndTime = true;
  if (!tier2) for (const replica of replicas) if (replica !== origin) replica.endedAgo = null;
  origin.runaiPhase = 'Unknown';
  origin.noEndTime = true;
  origin.events = [nodeNotReadyEvent(lostAgo - 40)];
  return assemble(shape, {
    name: `ps-node-lost-event-only-${shape.framework}-${ordering}-${tier2 ? 'tier2' : 'tier1'}`,
    family: 'ps-node-lost-event-only',
    ordering,
    tier2,
    description: `${origin.node} (running parameter server ${origin.pod}) stops posting status: NodeNotReady on the pod 40 s later; ${
      tier2
        ? `the chief's coordinator re-raises "UnavailableError: failed to connect to all addresses" naming /job:ps/replica:0/task:${psTask} 30 s after that and exits 1, and the operator stops every other task (143)`
        : 'no pod has an end time; the only dated failure is the event'
    }.`,
    replicas,
    originPod: origin.pod,
    failedAgo: chiefAgo - 2,
    failedRole: 'Chief',
    extra: tier2 ? { nodeConditions: { [origin.node]: notReadyConditions(lostAgo - 40) } } : {},
    expectation: {
      category: 'NODE_FAILURE',
      origin: at(origin, NOT_READY_NEEDLES),
      collateralAtLeast: tier2 ? collateral : 1,
      quotedLine: 'Node is not ready',
      quotedLineAlternatives: ['Kubelet stopped posting node status'],
      limitationWhenNoOrigin: false,
      citation: [CITE.nodeControllerUtils, ...(tier2 ? [CITE.nodeLifecycle, CITE.tfGrpcUtil, CITE.tfErrors] : [])],
      note: tier2
        ? 'The parameter server\u2019s node stopped posting status (NodeNotReady, Ready=Unknown): NODE_FAILURE (NotReady without preemption, docs/procedure.md). Its pod has no end time; the NodeNotReady event is dated 30 s before the chief ended. The chief\u2019s UnavailableError names /job:ps/replica:0/task:N as the unreachable remote target \u2014 a consequence, although the TFJob message names the Chief as the failed replica; the workers and the evaluator stopped by the operator (143) are collateral.'
        : 'Event-only timing: Run:ai gives no pod an end time (the cluster sync never wrote them); the only dated failure signal is NodeNotReady on the parameter server\u2019s pod: NODE_FAILURE, origin that pod. The TFJob message names the Chief, whose failure is undated: at least one replica (the chief) failed after it.',
    },
  });
}

// ---- family: ps-oom-killed (a parameter server killed at its memory limit) -----------------------------------

/**
 * A parameter server's embedding tables outgrow its memory limit and the kernel kills it (137,
 * OOMKilled). The chief's coordinator re-raises `UnavailableError: Socket closed` naming that PS 0.9 s
 * later and exits 1; the operator stops the workers and the evaluator within the next second. Mixed
 * clock forms: the origin's Run:ai times carry milliseconds, the peers' the zone-less space form.
 */
function psOomCase(shape: Shape, psTask: number, ordering: Ordering, tier2: boolean): CasePlan {
  const replicas = replicasOf(shape);
  const chief = replicas[0]!;
  const origin = replicas[1 + psTask]!;
  const oomAgo = 2500.37 + psTask * 10;
  const chiefAgo = oomAgo - 0.9;
  endReplica(origin, oomAgo, 'OOMKilled', tier2, OOM_137, ['INFO:tensorflow:Started server with target: grpc://localhost:2222']);
  origin.events = [{ ...oomEvent(origin.container, oomAgo), stamp: 'ms' }];
  origin.stamp = 'ms';
  endReplica(chief, chiefAgo, 'Error', tier2, ERROR_1, [...tfProgress('Chief', 51200), ...chiefLostPs(psTask, podIp(replicas, origin), 'Socket closed')]);
  chief.stamp = 'space';
  let collateral = 1;
  replicas.forEach((replica, index) => {
    if (replica === chief || replica === origin) return;
    collateral += 1;
    replica.stamp = 'space';
    endReplica(
      replica,
      chiefAgo - 1.1 - (index % 4) * 0.2,
      'Error',
      tier2,
      SIGTERM_143,
      tfProgress(index === replicas.length - 1 ? 'Evaluator' : 'Worker', 51100),
    );
  });
  return assemble(shape, {
    name: `ps-oom-killed-${shape.framework}-${ordering}-${tier2 ? 'tier2' : 'tier1'}`,
    family: 'ps-oom-killed',
    ordering,
    tier2,
    description: `Parameter server ${origin.pod} is OOM-killed (137); the chief's coordinator re-raises "UnavailableError: Socket closed" naming /job:ps/replica:0/task:${psTask} 0.9 s later and exits 1; the operator stops the workers and the evaluator within the next second (143). Run:ai writes the origin's times with milliseconds, the peers' in the zone-less space form.`,
    replicas,
    originPod: origin.pod,
    failedAgo: oomAgo - 1,
    failedRole: 'PS',
    expectation: {
      category: 'OOM_KILLED',
      origin: at(origin, ['OOM']),
      collateralAtLeast: collateral,
      quotedLine: 'OOMKilled',
      quotedLineAlternatives: ['OOM killed'],
      limitationWhenNoOrigin: false,
      citation: [CITE.oomKilled, ...(tier2 ? [CITE.tfGrpcUtil, CITE.tfErrors, CITE.pythonTraceback] : [])],
      note: 'The parameter server was killed at its memory limit (OOMKilled, 137): OOM_KILLED, the earliest termination by 0.9 s (a second apart once the peers\u2019 space form drops the fraction). The chief\u2019s UnavailableError ("Socket closed" from /job:ps/replica:0/task:N) is the consequence; the workers and the evaluator stopped by the operator are collateral. The two clock forms (milliseconds with Z, the space form without a zone) are instants to compare, not strings.',
    },
  });
}

// ---- family: roles-same-second-oom (the PS OOM and the chief's consequence in the same second) ------------------

/**
 * As ps-oom-killed, but the chief's coordinator fails within the same wall-clock second as the
 * OOM kill (0.3 s later) and the workers and the evaluator are stopped in that second too: four
 * roles end in one second. Only one end carries a cause of its own (the OOM kill); the chief's
 * error names the parameter server as its remote target.
 */
function rolesSameSecondCase(shape: Shape, psTask: number, ordering: Ordering, tier2: boolean): CasePlan {
  const replicas = replicasOf(shape);
  const chief = replicas[0]!;
  const origin = replicas[1 + psTask]!;
  const second = 1900;
  const oomAgo = second + 0.91;
  for (const replica of replicas) replica.stamp = 'ms';
  endReplica(origin, oomAgo, 'OOMKilled', tier2, OOM_137, ['INFO:tensorflow:Started server with target: grpc://localhost:2222']);
  origin.events = [{ ...oomEvent(origin.container, oomAgo), stamp: 'ms' }];
  endReplica(chief, oomAgo - 0.3, 'Error', tier2, ERROR_1, [...tfProgress('Chief', 30400), ...chiefLostPs(psTask, podIp(replicas, origin), 'Socket closed')]);
  let collateral = 1;
  replicas.forEach((replica, index) => {
    if (replica === chief || replica === origin) return;
    collateral += 1;
    endReplica(
      replica,
      second + 0.45 - (index % 4) * 0.1,
      'Error',
      tier2,
      SIGTERM_143,
      tfProgress(index === replicas.length - 1 ? 'Evaluator' : 'Worker', 30300),
    );
  });
  return assemble(shape, {
    name: `roles-same-second-oom-${shape.framework}-${ordering}-${tier2 ? 'tier2' : 'tier1'}`,
    family: 'roles-same-second-oom',
    ordering,
    tier2,
    description: `Chief, parameter servers, workers and evaluator end within one wall-clock second: ${origin.pod} OOM-killed (137), the chief 0.3 s later with "UnavailableError: Socket closed" naming it, the others stopped (143).`,
    replicas,
    originPod: origin.pod,
    failedAgo: second - 1,
    failedRole: 'PS',
    expectation: {
      category: 'OOM_KILLED',
      origin: at(origin, ['OOM']),
      collateralAtLeast: collateral,
      quotedLine: 'OOMKilled',
      quotedLineAlternatives: ['OOM killed'],
      limitationWhenNoOrigin: false,
      citation: [CITE.oomKilled, ...(tier2 ? [CITE.tfGrpcUtil, CITE.tfErrors, CITE.pythonTraceback] : [])],
      note: 'Four roles end within one second, but only one end has a cause of its own: the parameter server killed at its memory limit (OOMKilled), also the earliest by 0.3 s at millisecond precision. The chief\u2019s UnavailableError names that parameter server as its remote target, and the operator\u2019s 143s say nothing of their own: consequences, collateral (as the first set\u2019s same-second-one-app-error: the one non-collateral signal is the origin).',
    },
  });
}

// ---- family: oom-vs-notready-same-second (two independent causes of two categories in one second) ---------------

function oomVsNotReadyCase(shape: Shape): CasePlan {
  const replicas = replicasOf(shape);
  const instant = 2200.42;
  for (const replica of replicas) replica.stamp = 'ms';
  let oomPod: ReplicaPlan;
  let lostPod: ReplicaPlan;
  let citation: string[];
  if (shape.framework === 'tf-ps') {
    oomPod = replicas[1]!;
    lostPod = replicas[replicas.length - 2]!;
    endReplica(oomPod, instant, 'OOMKilled', true, OOM_137, ['INFO:tensorflow:Started server with target: grpc://localhost:2222']);
    oomPod.events = [{ ...oomEvent(oomPod.container, instant), stamp: 'ms' }];
    const chief = replicas[0]!;
    endReplica(chief, instant - 2, 'Error', true, ERROR_1, chiefLostPs(0, podIp(replicas, oomPod), 'Socket closed'));
    replicas.forEach((replica, index) => {
      if (replica === chief || replica === oomPod || replica === lostPod) return;
      endReplica(replica, instant - 3 - (index % 3) * 0.1, 'Error', true, SIGTERM_143);
    });
    citation = [CITE.oomKilled, CITE.nodeControllerUtils, CITE.nodeLifecycle, CITE.tfGrpcUtil];
  } else {
    const launcher = replicas[0]!;
    oomPod = replicas[1]!;
    lostPod = replicas[replicas.length - 1]!;
    for (const replica of replicas.slice(1))
      replica.sidecar =
        replica === oomPod
          ? { name: GCSFUSE, image: GCSFUSE_IMAGE, lastExit: { code: 137, reason: 'OOMKilled', ago: Math.round(instant) }, exit: null }
          : { name: GCSFUSE, image: GCSFUSE_IMAGE, exit: null };
    oomPod.events = [{ ...oomEvent(GCSFUSE, instant), stamp: 'ms' }];
    const host = (replica: ReplicaPlan) => mpiHost(shape, replica.pod);
    endReplica(launcher, instant - 1810, 'Error', true, { code: 255, reason: 'Error' }, [
      pdshCommand(shape, replicas, shape.startedAgo),
      ...pdshRankFailed(host(oomPod), launcher.pod, 0, instant - 3, [`${ENOTCONN}: '/data/c4-en/train-00017-of-01024.json.gz'`]),
      `pdsh@${launcher.pod}: ${host(lostPod)}: ssh exited with exit code 255`,
      ...replicas.flatMap((replica, index) =>
        index === 0 || replica === lostPod || replica === oomPod ? [] : pdshWatchdogHost(host(replica), launcher.pod, (index - 1) * 8, instant - 1807, 9917),
      ),
    ]);
    citation = [CITE.oomKilled, CITE.gcsfuseSidecar, CITE.nodeControllerUtils, CITE.nodeLifecycle, CITE.pdshSsh];
  }
  lostPod.runaiPhase = 'Unknown';
  lostPod.noEndTime = true;
  lostPod.events = [nodeNotReadyEvent(instant, 'ms')];
  return assemble(shape, {
    name: `oom-vs-notready-same-second-${shape.framework}-tier2`,
    family: 'oom-vs-notready-same-second',
    ordering: 'no-origin',
    tier2: true,
    description: `In the same millisecond ${oomPod.pod} has a container OOM-killed${shape.framework === 'deepspeed-pdsh' ? ` (its ${GCSFUSE})` : ''} and ${lostPod.pod}'s node is marked NotReady (NodeNotReady); the others end later as consequences.`,
    replicas,
    originPod: null,
    failedAgo: instant - (shape.framework === 'tf-ps' ? 4 : 1812),
    failedRole: shape.framework === 'tf-ps' ? 'Chief' : 'Launcher',
    extra: { nodeConditions: { [lostPod.node]: notReadyConditions(instant) } },
    expectation: {
      category: 'OOM_KILLED',
      categoryAlternatives: ['NODE_FAILURE'],
      origin: null,
      collateralAtLeast: 0,
      quotedLine: 'OOMKilled',
      quotedLineAlternatives: ['OOM killed', 'Node is not ready', 'Kubelet stopped posting node status'],
      limitationWhenNoOrigin: true,
      citation,
      note: 'Two independent causes of two categories are dated in the same millisecond: a container killed at its memory limit on one replica and another replica\u2019s node marked NotReady. Neither is a consequence of the other and the clocks cannot order them: origin null with a limitation (§4.8), either category, either line \u2014 never a vote.',
    },
  });
}

// ---- the set -------------------------------------------------------------------------------------

const shape = heldOutShape<FrameworkKey>;

/** Every case of the eighth held-out set, in a stable order. */
export function heldOut8Cases(): CasePlan[] {
  const ds = (name: string, workers: number, nodes: string, project: string, user: string, startedAgo: number) =>
    shape(name, 'deepspeed-pdsh', workers, nodes, project, user, ['640Gi', '720Gi'], 8, startedAgo);
  const tf = (name: string, workers: number, nodes: string, project: string, user: string, startedAgo: number) =>
    shape(name, 'tf-ps', workers, nodes, project, user, ['96Gi', '128Gi'], 1, startedAgo);
  return [
    // pdsh-worker-node-lost
    pdshNodeLostCase(ds('bloom-ds-a', 4, 'h100-dp-', 'llm-bloom', 'a.nakamura@example.com', 9000), 2, 'origin-first', true),
    pdshNodeLostCase(ds('bloom-ds-b', 5, 'h100-dp2-', 'llm-bloom-b', 'b.adeyemi@example.com', 9100), 4, 'origin-middle', true),
    pdshNodeLostCase(ds('bloom-ds-c', 3, 'a100-dp-', 'llm-bloom-c', 'c.kowalski@example.com', 9200), 1, 'origin-last', true),
    pdshNodeLostCase(ds('bloom-ds-d', 4, 'a100-dp2-', 'llm-bloom-d', 'd.ferreira@example.com', 9300), 3, 'origin-first', false),
    pdshNodeLostCase(ds('bloom-ds-e', 4, 'l40s-dp-', 'llm-bloom-e', 'e.lindqvist@example.com', 9400), 1, 'origin-middle', false),
    pdshNodeLostCase(ds('bloom-ds-f', 3, 'l40s-dp2-', 'llm-bloom-f', 'f.otieno@example.com', 9500), 2, 'origin-last', false),
    // pdsh-xid48-relayed
    pdshXidCase(ds('falcon-ds-a', 4, 'h100-dx-', 'llm-falcon', 'g.brennan@example.com', 8000), 1, 'origin-first', false),
    pdshXidCase(ds('falcon-ds-b', 5, 'h100-dx2-', 'llm-falcon-b', 'h.sato@example.com', 8100), 3, 'origin-middle', false),
    pdshXidCase(ds('falcon-ds-c', 4, 'a100-dx-', 'llm-falcon-c', 'i.mbeki@example.com', 8200), 4, 'origin-last', false),
    pdshXidCase(ds('falcon-ds-d', 4, 'a100-dx2-', 'llm-falcon-d', 'j.horvat@example.com', 8300), 2, 'origin-middle', true),
    // gcsfuse-sidecar-oom
    sidecarOomCase(ds('t5-ds-a', 4, 'h100-dg-', 'llm-t5', 'k.alvarez@example.com', 7000), 2, 'origin-first', true),
    sidecarOomCase(ds('t5-ds-b', 5, 'h100-dg2-', 'llm-t5-b', 'l.nguyen@example.com', 7100), 3, 'origin-middle', true),
    sidecarOomCase(ds('t5-ds-c', 3, 'a100-dg-', 'llm-t5-c', 'm.obrien@example.com', 7200), 1, 'origin-last', true),
    sidecarOomCase(ds('t5-ds-d', 4, 'a100-dg2-', 'llm-t5-d', 'n.petrov@example.com', 7300), 4, 'origin-first', false),
    sidecarOomCase(ds('t5-ds-e', 4, 'l40s-dg-', 'llm-t5-e', 'o.hassan@example.com', 7400), 2, 'origin-last', false),
    // ps-node-lost-event-only
    psNodeLostCase(tf('widedeep-a', 3, 'n2-tp-', 'recsys-wd', 'p.larsen@example.com', 6000), 0, 'origin-first', true),
    psNodeLostCase(tf('widedeep-b', 4, 'n2-tp2-', 'recsys-wd-b', 'q.tran@example.com', 6100), 1, 'origin-middle', true),
    psNodeLostCase(tf('widedeep-c', 3, 'a2-tp-', 'recsys-wd-c', 'r.moreno@example.com', 6200), 1, 'origin-last', true),
    psNodeLostCase(tf('widedeep-d', 3, 'a2-tp2-', 'recsys-wd-d', 's.bauer@example.com', 6300), 0, 'origin-middle', false),
    psNodeLostCase(tf('widedeep-e', 4, 'g2-tp-', 'recsys-wd-e', 't.yilmaz@example.com', 6400), 1, 'origin-last', false),
    // ps-oom-killed
    psOomCase(tf('dlrm-ps-a', 3, 'n2-to-', 'recsys-dlrm', 'u.kaur@example.com', 5000), 1, 'origin-first', true),
    psOomCase(tf('dlrm-ps-b', 4, 'n2-to2-', 'recsys-dlrm-b', 'v.rossi@example.com', 5100), 0, 'origin-middle', true),
    psOomCase(tf('dlrm-ps-c', 3, 'a2-to-', 'recsys-dlrm-c', 'w.jensen@example.com', 5200), 1, 'origin-last', true),
    psOomCase(tf('dlrm-ps-d', 3, 'a2-to2-', 'recsys-dlrm-d', 'x.mendes@example.com', 5300), 0, 'origin-first', false),
    psOomCase(tf('dlrm-ps-e', 4, 'g2-to-', 'recsys-dlrm-e', 'y.park@example.com', 5400), 1, 'origin-middle', false),
    // roles-same-second-oom
    rolesSameSecondCase(tf('dcn-ps-a', 3, 'n2-ts-', 'recsys-dcn', 'z.okoye@example.com', 4000), 0, 'origin-last', true),
    rolesSameSecondCase(tf('dcn-ps-b', 4, 'n2-ts2-', 'recsys-dcn-b', 'a.sandoval@example.com', 4100), 1, 'origin-middle', true),
    rolesSameSecondCase(tf('dcn-ps-c', 3, 'a2-ts-', 'recsys-dcn-c', 'b.hughes@example.com', 4200), 1, 'origin-first', false),
    // oom-vs-notready-same-second
    oomVsNotReadyCase(tf('dcn-tie', 3, 'n2-tt-', 'recsys-tie', 'c.moyo@example.com', 4500)),
    oomVsNotReadyCase(ds('t5-ds-tie', 4, 'h100-dt-', 'llm-tie', 'd.rahimi@example.com', 7600)),
  ];
}
