/**
 * The sixth held-out distributed set (fixtures/distributed-heldout-6), generated like the first
 * five (families × frameworks × orderings, through buildHeldOutCase) with frameworks, origin kinds,
 * collateral formats and orderings none of them has: Colossal-AI under torchrun on a PyTorchJob
 * (peers aborted by the NCCL watchdog's `Watchdog caught collective operation timeout`, torchrun's
 * summary with `exitcode : -6` / `Signal 6 (SIGABRT)`), LightGBM's socket-based distributed training
 * on an XGBoostJob (`[LightGBM] [Fatal] Socket recv error, Connection reset by peer (code: 104)`),
 * Open MPI 4 on an MPIJob whose launcher loses a worker's node (`ORTE has lost communication with its
 * daemon located on node:`), and Intel MPI's Hydra on an MPIJob (`BAD TERMINATION OF ONE OF YOUR
 * APPLICATION PROCESSES` after a rank's relayed traceback). Origins: an Xid 79 read from the
 * origin's node condition, a LightGBM `Check failed:` on one worker, a worker whose node stopped
 * reporting (dated AFTER the launcher already failed because of it), a relayed mpi4py rank's
 * exception (the launcher is the origin). And jobs where every replica shows only a consequence.
 *
 * It was written without reading the engine (functions/diagnosis/): every expectation follows
 * from what the upstream message means and from DESIGN §2 and §4.8, and from the documented
 * category decisions of docs/signals.md. Every message text is an upstream format, cited next to
 * the helper that writes it and in the case's `citation`.
 */
import type { CasePlan, ReplicaPlan } from './buildHeldOutCase.js';
import { assembleHeldOutCase, type HeldOutCaseParts, type HeldOutFramework } from './assembleHeldOutCase.js';
import { clockAt } from './clockAt.js';
import { ERROR_1, SIGTERM_143, endReplica } from './endReplica.js';
import { notReadyConditions, podEvent, xidCondition } from './eventAndConditionPlans.js';
import { generateNameSuffix, heldOutShape, rosterReplicas, v1Compute, v1Common, type HeldOutMember, type HeldOutShape } from './heldOutShape.js';
import { pythonTraceback } from './pythonTraceback.js';

/** Upstream sources of the message formats this set uses. */
const CITE = {
  // c10::str(logPrefix(), "Watchdog caught collective operation timeout: ", *this, " ran for ", …, " milliseconds before timing out.")
  // and "Process group watchdog thread terminated with exception: …"
  ncclWatchdog: 'https://github.com/pytorch/pytorch/blob/main/torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp',
  // ChildFailedError's summary: "<entrypoint> FAILED", "Failures:", "Root Cause (first observed failure):", time/host/rank/exitcode/error_file/traceback,
  // and "Signal {sig} ({name}) received by PID {pid}" for a child killed by a signal
  childFailed: 'https://github.com/pytorch/pytorch/blob/main/torch/distributed/elastic/multiprocessing/errors/__init__.py',
  // `colossalai run` builds and runs a torchrun command per host
  colossalaiRun: 'https://github.com/hpcaitech/ColossalAI/blob/main/colossalai/cli/launcher/run.py',
  // cudaGetErrorString: cudaErrorLaunchFailure "unspecified launch failure"; torch raises "CUDA error: %s"
  cudaRuntimeErrors: 'https://docs.nvidia.com/cuda/cuda-runtime-api/group__CUDART__TYPES.html',
  cudaError: 'https://github.com/pytorch/pytorch/blob/main/c10/cuda/CUDAException.cpp',
  // The kernel's Xid line, "NVRM: Xid (PCI:0000:3b:00): 79, pid=…, GPU has fallen off the bus." (docs/signals.md cites the same source)
  nvrmXid: 'https://github.com/NVIDIA/open-gpu-kernel-modules/blob/main/src/nvidia/src/kernel/gpu/rc/kernel_rc.c',
  // node-problem-detector's GPU Xid condition (eventAndConditionPlans.xidCondition)
  npdXidCondition: 'https://learn.microsoft.com/en-us/azure/aks/gpu-health-monitoring',
  xidCatalog: 'https://docs.nvidia.com/deploy/xid-errors/analyzing-xid-catalog.html',
  // Log::Fatal("Socket recv error, %s (code: %d)", std::strerror(err_code), err_code)
  lightgbmSocket: 'https://github.com/microsoft/LightGBM/blob/master/src/network/socket_wrapper.hpp',
  // CHECK(condition): Log::Fatal("Check failed: " #condition " at %s, line %d .\n", __FILE__, __LINE__); Log::Fatal prints "[LightGBM] [Fatal] %s"
  lightgbmLog: 'https://github.com/microsoft/LightGBM/blob/master/include/LightGBM/utils/log.h',
  // _safe_call: raise LightGBMError(_LIB.LGBM_GetLastError().decode('utf-8'))
  lightgbmBasic: 'https://github.com/microsoft/LightGBM/blob/master/python-package/lightgbm/basic.py',
  // XGBoostJob (training-operator) runs LightGBM's distributed example: master-0 / worker-N, container "xgboost"
  xgboostJobController: 'https://github.com/kubeflow/training-operator/blob/master/pkg/controller.v1/xgboost/xgboostjob_controller.go',
  // [node-died] "ORTE has lost communication with its daemon located on node:\n\n  hostname:  %s\n\nThis is usually due to either a failure of the TCP network …"
  orteNodeDied: 'https://github.com/open-mpi/ompi/blob/v4.1.x/orte/mca/errmgr/base/help-errmgr-base.txt',
  // "=   BAD TERMINATION OF ONE OF YOUR APPLICATION PROCESSES" / "=   PID %d RUNNING AT %s" / "=   EXIT CODE: %d" / "=   CLEANING UP REMAINING PROCESSES" / "=   YOU CAN IGNORE THE BELOW CLEANUP MESSAGES"
  hydraBadTermination: 'https://github.com/pmodels/mpich/blob/main/src/pm/hydra/mpiexec/pmiserv_cb.c',
  mpiOperator: 'https://github.com/kubeflow/mpi-operator/blob/master/pkg/controller/mpi_job_controller.go',
  trainingOperatorFailed: 'https://github.com/kubeflow/training-operator/blob/master/pkg/controller.v1/pytorch/pytorchjob_controller.go',
  // The node lifecycle controller: Ready=Unknown "Kubelet stopped posting node status." (eventAndConditionPlans.notReadyConditions)
  nodeLifecycle: 'https://github.com/kubernetes/kubernetes/blob/master/pkg/controller/nodelifecycle/node_lifecycle_controller.go',
  // recorder.Eventf(…, v1.EventTypeNormal, "TaintManagerEviction", "Marking for deletion Pod %s", …)
  taintEviction: 'https://github.com/kubernetes/kubernetes/blob/master/pkg/controller/tainteviction/taint_eviction.go',
  pythonTraceback: 'https://docs.python.org/3/library/traceback.html',
  pythonExceptions: 'https://docs.python.org/3/library/exceptions.html',
} as const;

type Ordering = CasePlan['ordering'];
type FrameworkKey = 'colossalai' | 'lightgbm' | 'openmpi-orte' | 'intel-mpi';
type Shape = HeldOutShape<FrameworkKey>;

const IMAGES: Record<FrameworkKey, string> = {
  colossalai: 'registry.example.com/llm/colossalai:0.4.9-cu124',
  lightgbm: 'registry.example.com/tabular/lightgbm-dist:4.6.0',
  'openmpi-orte': 'registry.example.com/hpc/openmpi-cfd:4.1.7-cuda12',
  'intel-mpi': 'registry.example.com/hpc/intel-mpi-mpi4py:2021.14',
};

/** Five lowercase alphanumerics, as a generateName suffix (seeded unlike the earlier sets). */
const suffix = (seed: string) => generateNameSuffix(seed, 53, 37);

/**
 * Pod naming per controller: training-operator `<job>-master-0` / `<job>-worker-<n>` (Colossal-AI on
 * a PyTorchJob, container `pytorch`; LightGBM on an XGBoostJob, container `xgboost`), mpi-operator
 * `<job>-launcher-<hash>` / `<job>-worker-<n>` (Open MPI and Intel MPI; the workers run sshd).
 */
function members(shape: Shape): HeldOutMember[] {
  const { name, workers } = shape;
  const range = (count: number) => Array.from({ length: count }, (_, index) => index);
  switch (shape.framework) {
    case 'colossalai':
      return [
        { pod: `${name}-master-0`, container: 'pytorch', role: 'Master' },
        ...range(workers).map((rank) => ({ pod: `${name}-worker-${rank}`, container: 'pytorch', role: 'Worker' })),
      ];
    case 'lightgbm':
      return [
        { pod: `${name}-master-0`, container: 'xgboost', role: 'Master' },
        ...range(workers).map((rank) => ({ pod: `${name}-worker-${rank}`, container: 'xgboost', role: 'Worker' })),
      ];
    case 'openmpi-orte':
    case 'intel-mpi':
      return [
        { pod: `${name}-launcher-${suffix(name)}`, container: 'launcher', role: 'Launcher' },
        ...range(workers).map((rank) => ({ pod: `${name}-worker-${rank}`, container: 'worker', role: 'Worker' })),
      ];
  }
}

const DISTRIBUTED_FRAMEWORK: Record<FrameworkKey, string> = { colossalai: 'PyTorch', lightgbm: 'XGBoost', 'openmpi-orte': 'MPI', 'intel-mpi': 'MPI' };

/** The controller's job-level failure message (training-operator, mpi-operator). */
function failedMessage(shape: Shape, role: string): { reason: string; message: string } {
  if (shape.framework === 'colossalai')
    return { reason: 'PyTorchJobFailed', message: `PyTorchJob ${shape.name} is failed because 1 ${role} replica(s) failed.` };
  if (shape.framework === 'lightgbm') return { reason: 'XGBoostJobFailed', message: `XGBoostJob ${shape.name} is failed because 1 ${role} replica(s) failed.` };
  return { reason: 'MPIJobFailed', message: `MPIJob runai-${shape.project}/${shape.name} has failed` };
}

const replicasOf = (shape: Shape): ReplicaPlan[] => rosterReplicas(shape, members(shape), IMAGES[shape.framework], 61);

function v1Spec(shape: Shape, restartPolicy: string): CasePlan['spec'] {
  const compute = v1Compute(shape);
  const image = IMAGES[shape.framework];
  const command = {
    colossalai: 'colossalai run --nproc_per_node 8 --hostfile /etc/hosts.txt train.py --plugin hybrid_parallel --tp 4 --pp 2',
    lightgbm: 'python /app/train_lgbm.py --tree_learner=data --num_machines=$(NUM_MACHINES)',
    'openmpi-orte': `mpirun --allow-run-as-root -np ${shape.workers * shape.gpus} -bind-to none -x NCCL_DEBUG=WARN /opt/cfd/bin/solver /data/case.yaml`,
    'intel-mpi': `mpiexec.hydra -prepend-rank -n ${shape.workers * shape.gpus} python /app/pipeline_mpi.py`,
  }[shape.framework];
  const submitted = { image, command, imagePullPolicy: 'IfNotPresent', restartPolicy, compute, backoffLimit: 0 };
  return {
    kind: 'v1',
    body: {
      ...v1Common(shape),
      spec: { ...submitted, distributedFramework: DISTRIBUTED_FRAMEWORK[shape.framework], numWorkers: shape.workers },
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
    distributedFramework: DISTRIBUTED_FRAMEWORK[shape.framework],
    workloadsV2: false,
    spec: (restartPolicy) => v1Spec(shape, restartPolicy),
    citations: {
      colossalai: [CITE.trainingOperatorFailed, CITE.colossalaiRun],
      lightgbm: [CITE.xgboostJobController, CITE.lightgbmBasic],
      'openmpi-orte': [CITE.mpiOperator, CITE.orteNodeDied],
      'intel-mpi': [CITE.mpiOperator, CITE.hydraBadTermination],
    }[shape.framework],
  };
}

const assemble = (shape: Shape, parts: HeldOutCaseParts): CasePlan => assembleHeldOutCase(shape, frameworkOf(shape), parts);
const crash = (pod: ReplicaPlan, needles: string[]) => ({ pod: pod.pod, node: pod.node, signalIncludes: needles });

// ---- message formats (each cited at its source in CITE) ----------------------------------

/** CITE.childFailed: torchrun's summary after a local rank failed; a signal death names the signal. */
const childFailedSummary = (host: string, rank: number, pid: number, clock: string, signal: boolean) => [
  'torch.distributed.elastic.multiprocessing.errors.ChildFailedError: ',
  '============================================================',
  'train.py FAILED',
  '------------------------------------------------------------',
  'Failures:',
  '  <NO_OTHER_FAILURES>',
  '------------------------------------------------------------',
  'Root Cause (first observed failure):',
  '[0]:',
  `  time      : 2026-12-03_${clock}`,
  `  host      : ${host}`,
  `  rank      : ${rank} (local_rank: ${rank % 8})`,
  `  exitcode  : ${signal ? -6 : 1} (pid: ${pid})`,
  '  error_file: <N/A>',
  signal
    ? `  traceback : Signal 6 (SIGABRT) received by PID ${pid}`
    : '  traceback : To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html',
  '============================================================',
];

/**
 * CITE.ncclWatchdog: a rank whose collective waited for a dead peer until the process group's
 * timeout (120 s, as the job configured it); the watchdog takes the process down (SIGABRT) and
 * torchrun reports the signal.
 */
const watchdogAbort = (replica: ReplicaPlan, rank: number, ago: number) => {
  const stamp = `E1203 ${clockAt(ago)}.412733021`;
  const work = `WorkNCCL(SeqNum=48211, OpType=ALLREDUCE, NumelIn=8388608, NumelOut=8388608, Timeout(ms)=120000) ran for ${120000 + 17 + rank} milliseconds before timing out.`;
  return [
    `[rank${rank}]:[${stamp} ProcessGroupNCCL.cpp:632] [Rank ${rank}] Watchdog caught collective operation timeout: ${work}`,
    `[rank${rank}]:[${stamp} ProcessGroupNCCL.cpp:1664] [PG ID 0 PG GUID 0(default_pg) Rank ${rank}] Exception (either an error or timeout) detected by watchdog at work: 48211, last enqueued NCCL work: 48211, last completed NCCL work: 48210.`,
    `[rank${rank}]:[${stamp} ProcessGroupNCCL.cpp:1709] [PG ID 0 PG GUID 0(default_pg) Rank ${rank}] Process group watchdog thread terminated with exception: [Rank ${rank}] Watchdog caught collective operation timeout: ${work}`,
    "terminate called after throwing an instance of 'c10::DistBackendError'",
    ...childFailedSummary(replica.pod, rank, 5200 + rank, clockAt(ago), true),
  ];
};
const WATCHDOG = 'Watchdog caught collective operation timeout';

/** CITE.nvrmXid: the kernel's Xid 79 line as node-problem-detector copies it into the node condition. */
const XID79 = "NVRM: Xid (PCI:0000:3b:00): 79, pid='<unknown>', name=<unknown>, GPU has fallen off the bus.";
/** CITE.cudaRuntimeErrors + CITE.cudaError: what the rank sees once its GPU is gone. */
const LAUNCH_FAILURE = 'RuntimeError: CUDA error: unspecified launch failure';

/** CITE.lightgbmLog + CITE.lightgbmBasic: a CHECK that failed in LightGBM's C++ core, re-raised by the Python package. */
const LGBM_CHECK = 'Check failed: (best_split_info.left_count) > (0) at /__w/1/s/lightgbm-python/src/treelearner/serial_tree_learner.cpp, line 852 .';
/** CITE.lightgbmSocket: strerror(ECONNRESET) and its code, as a worker's peer socket dies. */
const LGBM_RESET = 'Socket recv error, Connection reset by peer (code: 104)';

/** A LightGBM worker whose `lgb.train` failed in the C++ core: the log line, then Python's traceback. */
const lightgbmFatal = (message: string) => [
  `[LightGBM] [Fatal] ${message}`,
  ...pythonTraceback(
    [
      ['/app/train_lgbm.py', 118, '<module>', 'booster = lgb.train(params, train_set, num_boost_round=2000)'],
      ['/usr/local/lib/python3.11/site-packages/lightgbm/engine.py', 322, 'train', 'booster.update(fobj=fobj)'],
      ['/usr/local/lib/python3.11/site-packages/lightgbm/basic.py', 4118, 'update', '_safe_call('],
      ['/usr/local/lib/python3.11/site-packages/lightgbm/basic.py', 296, '_safe_call', 'raise LightGBMError(_LIB.LGBM_GetLastError().decode("utf-8"))'],
    ],
    `lightgbm.basic.LightGBMError: ${message}`,
  ),
];

/** CITE.orteNodeDied: mpirun's help text once a daemon's node stops answering. */
const orteNodeDied = (hostname: string) => [
  '--------------------------------------------------------------------------',
  'ORTE has lost communication with its daemon located on node:',
  '',
  `  hostname:  ${hostname}`,
  '',
  'This is usually due to either a failure of the TCP network',
  'connection to the node, or possibly an internal failure of',
  'the daemon itself. We cannot recover from this failure, and',
  'therefore will terminate the job.',
  '--------------------------------------------------------------------------',
];
const ORTE_LOST = 'ORTE has lost communication with its daemon located on node:';

/** CITE.hydraBadTermination: Hydra's block once a rank's process exits non-zero. */
const hydraBlock = (pid: number, host: string, code: number) => [
  '',
  '===================================================================================',
  '=   BAD TERMINATION OF ONE OF YOUR APPLICATION PROCESSES',
  `=   PID ${pid} RUNNING AT ${host}`,
  `=   EXIT CODE: ${code}`,
  '=   CLEANING UP REMAINING PROCESSES',
  '=   YOU CAN IGNORE THE BELOW CLEANUP MESSAGES',
  '===================================================================================',
];

/** The MPIJob worker's host name in the launcher's hostfile (mpi-operator: `<pod>.<job>.<namespace>.svc`). */
const mpiHost = (shape: Shape, pod: string) => `${pod}.${shape.name}.runai-${shape.project}.svc`;

// ---- family: xid79-node-condition (the origin's GPU fell off the bus: node condition + the rank's CUDA error) ----

/**
 * node-problem-detector sets the GPUXIDErrors condition on the origin's node 12 s after the rank's
 * CUDA call failed. On Colossal-AI the rank's pod fails (ChildFailedError), its peers hang in their
 * collectives until the NCCL watchdog aborts them 120 s later. On Intel MPI the rank runs under a
 * worker pod's sshd: the launcher relays its error and fails; the worker pod on the faulty node is
 * where the failure started (its node holds the fault), the launcher is a relay.
 */
function xidCase(shape: Shape, originAt: number, ordering: Ordering): CasePlan {
  const replicas = replicasOf(shape);
  const origin = replicas[originAt]!;
  const failedAgo = 3300;
  const originAgo = failedAgo + 200;
  const rank = originAt * 8 + 2;
  const rankFrames: [string, number, string, string][] = [
    ['/app/train.py', 211, 'main', 'booster.backward(loss, optimizer)'],
    ['/usr/local/lib/python3.11/site-packages/colossalai/booster/booster.py', 169, 'backward', 'optimizer.backward(loss)'],
  ];
  const nodeConditions = { [origin.node]: [xidCondition(XID79, originAgo - 12)] };
  let collateral = 0;
  if (shape.framework === 'intel-mpi') {
    const launcher = replicas[0]!;
    endReplica(launcher, originAgo - 3, 'Error', true, ERROR_1, [
      ...pythonTraceback([['/app/pipeline_mpi.py', 77, 'step', 'out = model(batch.cuda(non_blocking=True))']], LAUNCH_FAILURE, `[${rank}] `),
      ...hydraBlock(3100 + rank, mpiHost(shape, origin.pod), 1),
    ]);
    // The faulty node's worker pod (sshd) and the others are deleted once the launcher failed.
    replicas.forEach((replica, index) => {
      if (replica === launcher) return;
      endReplica(replica, originAgo - 20 - (index % 3), 'Error', true, SIGTERM_143);
      if (replica !== origin) collateral += 1;
    });
    collateral += 1; // the launcher, which only relays
  } else {
    endReplica(origin, originAgo, 'Error', true, ERROR_1, [
      ...pythonTraceback(rankFrames, LAUNCH_FAILURE, `[rank${rank}]: `),
      `[rank${rank}]: CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.`,
      ...childFailedSummary(origin.pod, rank, 5200 + rank, clockAt(originAgo), false),
    ]);
    replicas.forEach((replica, index) => {
      if (replica === origin) return;
      collateral += 1;
      const ago = originAgo - 120 - (index % 4);
      endReplica(replica, ago, 'Error', true, ERROR_1, watchdogAbort(replica, index * 8 + 1, ago));
    });
  }
  return assemble(shape, {
    name: `xid79-node-condition-${shape.framework}-${ordering}-tier2`,
    family: 'xid79-node-condition',
    ordering,
    tier2: true,
    description: `${origin.node} reports Xid 79 (GPU fallen off the bus) in its node condition 12 s after rank ${rank} on ${origin.pod} failed with "CUDA error: unspecified launch failure"; the ${collateral} other replicas end afterwards.`,
    replicas,
    originPod: origin.pod,
    failedAgo,
    extra: { nodeConditions },
    expectation: {
      category: 'NODE_FAILURE',
      origin: crash(origin, ['Xid', 'fallen off the bus', 'unspecified launch failure', 'CUDA error']),
      collateralAtLeast: collateral,
      quotedLine: XID79,
      quotedLineAlternatives: ['CUDA error: unspecified launch failure'],
      limitationWhenNoOrigin: false,
      citation: [
        CITE.nvrmXid,
        CITE.npdXidCondition,
        CITE.xidCatalog,
        CITE.cudaRuntimeErrors,
        CITE.cudaError,
        ...(shape.framework === 'intel-mpi' ? [CITE.hydraBadTermination] : [CITE.ncclWatchdog, CITE.childFailed]),
      ],
      note:
        'A hardware Xid (79, GPU has fallen off the bus) reported by the node\u2019s side (node-problem-detector\u2019s condition) on the origin\u2019s node decides NODE_FAILURE (docs/signals.md, NVIDIA Xid errors; DESIGN §2); the rank\u2019s "CUDA error: unspecified launch failure" is what the process saw of it. The condition is dated 12 s after the rank failed (the detector reports after the kernel logs): the origin is still the replica on that node. ' +
        (shape.framework === 'intel-mpi'
          ? 'Under Hydra the rank ran over ssh in the worker pod on the faulty node; the launcher relays its traceback and fails with "BAD TERMINATION …" (a relay, collateral); the worker pods are deleted afterwards (143). The origin is the worker pod whose node holds the fault.'
          : 'The peers\u2019 collectives hang until the NCCL watchdog aborts them 120 s later ("Watchdog caught collective operation timeout", SIGABRT): consequences, collateral.'),
    },
  });
}

// ---- family: watchdog-collateral (one rank's application error; the peers only time out in NCCL) ----------

type AppCause = 'key-error' | 'value-error';
const APP_CAUSES: Record<AppCause, { frames: [string, number, string, string][]; last: string; quote: string; needles: string[] }> = {
  'key-error': {
    frames: [
      ['/app/train.py', 188, 'main', 'batch = next(train_iter)'],
      ['/app/data/collate.py', 41, 'pack_sequences', 'masks = [sample["attention_mask"] for sample in samples]'],
    ],
    last: "KeyError: 'attention_mask'",
    quote: "KeyError: 'attention_mask'",
    needles: ['KeyError', 'attention_mask', 'exit code 1', 'exit 1'],
  },
  'value-error': {
    frames: [
      ['/app/train.py', 203, 'main', 'outputs = model(**batch)'],
      ['/app/model/rope.py', 64, 'forward', 'cos, sin = self._cache(positions)'],
    ],
    last: 'ValueError: sequence length 8192 exceeds the rotary cache of 4096 positions',
    quote: 'ValueError: sequence length 8192 exceeds the rotary cache of 4096 positions',
    needles: ['ValueError', 'rotary cache', 'exit code 1', 'exit 1'],
  },
};

function watchdogCase(shape: Shape, originAt: number, ordering: Ordering, cause: AppCause): CasePlan {
  const replicas = replicasOf(shape);
  const origin = replicas[originAt]!;
  const failedAgo = 2900 + originAt * 30;
  const originAgo = failedAgo + 260;
  const rank = originAt * 8 + 5;
  const text = APP_CAUSES[cause];
  endReplica(origin, originAgo, 'Error', true, ERROR_1, [
    ...pythonTraceback(text.frames, text.last, `[rank${rank}]: `),
    ...childFailedSummary(origin.pod, rank, 5200 + rank, clockAt(originAgo), false),
  ]);
  let collateral = 0;
  replicas.forEach((replica, index) => {
    if (replica === origin) return;
    collateral += 1;
    const ago = originAgo - 120 - (index % 3);
    endReplica(replica, ago, 'Error', true, ERROR_1, watchdogAbort(replica, index * 8, ago));
  });
  return assemble(shape, {
    name: `watchdog-collateral-${cause}-${shape.framework}-${ordering}-tier2`,
    family: 'watchdog-collateral',
    ordering,
    tier2: true,
    description: `rank ${rank} on ${origin.pod} raises ${text.last.split(':')[0]}; the ${collateral} other replicas hang in an all-reduce until the NCCL watchdog aborts them 120 s later (SIGABRT, exit 1).`,
    replicas,
    originPod: origin.pod,
    failedAgo,
    expectation: {
      category: 'CRASH_APP_ERROR',
      origin: crash(origin, text.needles),
      collateralAtLeast: collateral,
      quotedLine: text.quote,
      limitationWhenNoOrigin: false,
      citation: [CITE.pythonTraceback, CITE.pythonExceptions, CITE.childFailed, CITE.ncclWatchdog],
      note: 'One rank raised an ordinary Python exception from the application\u2019s own code (CRASH_APP_ERROR) and its torchrun reported it (ChildFailedError, a carrier). Every other rank only reports that its collective waited 120 s for a peer ("Watchdog caught collective operation timeout") and was taken down (SIGABRT, exitcode -6): a consequence (docs/signals.md: a peer\u2019s NCCL watchdog is a consequence), collateral. The watchdog lines name a timeout, not a cause; the origin is the replica that ended 120 s earlier.',
    },
  });
}

// ---- family: lightgbm-socket-reset (one LightGBM worker's CHECK fails; the others lose their socket) -------

function lightgbmCase(shape: Shape, originAt: number, ordering: Ordering, peerDelay: number): CasePlan {
  const replicas = replicasOf(shape);
  const origin = replicas[originAt]!;
  const failedAgo = 2500;
  const originAgo = failedAgo + 150;
  endReplica(origin, originAgo, 'Error', true, ERROR_1, [
    `[LightGBM] [Info] Iteration:${310 + originAt}, valid_0 auc : 0.81${originAt}2`,
    ...lightgbmFatal(LGBM_CHECK),
  ]);
  let collateral = 0;
  replicas.forEach((replica, index) => {
    if (replica === origin) return;
    collateral += 1;
    endReplica(replica, originAgo - peerDelay - (index % 2), 'Error', true, ERROR_1, lightgbmFatal(LGBM_RESET));
  });
  return assemble(shape, {
    name: `lightgbm-socket-reset-${shape.framework}-${ordering}-${peerDelay}s-tier2`,
    family: 'lightgbm-socket-reset',
    ordering,
    tier2: true,
    description: `${origin.pod}'s LightGBM core fails a CHECK ("Check failed: (best_split_info.left_count) > (0)") and exits; the ${collateral} other machines fail ${peerDelay} s later with "Socket recv error, Connection reset by peer (code: 104)".`,
    replicas,
    originPod: origin.pod,
    failedAgo,
    expectation: {
      category: 'CRASH_APP_ERROR',
      origin: crash(origin, ['Check failed', 'LightGBMError', 'exit code 1', 'exit 1']),
      collateralAtLeast: collateral,
      quotedLine: 'Check failed: (best_split_info.left_count) > (0)',
      limitationWhenNoOrigin: false,
      citation: [CITE.lightgbmLog, CITE.lightgbmBasic, CITE.lightgbmSocket, CITE.pythonTraceback],
      note: 'LightGBM\u2019s data-parallel learner keeps a socket to every machine; one machine\u2019s core failed a CHECK (an invariant of the training, raised as LightGBMError: CRASH_APP_ERROR) and its process exited. The others fail on their next collective with the same Python error type but the text "Socket recv error, Connection reset by peer (code: 104)": a lost peer, a consequence (collateral). Same exception class, same exit code: only the message tells cause from consequence.',
    },
  });
}

// ---- family: orte-lost-node (a worker's node stops reporting; the launcher fails before the node is marked) -----

function orteLostNodeCase(shape: Shape, originAt: number, ordering: Ordering, taintEvent: boolean): CasePlan {
  const replicas = replicasOf(shape);
  const launcher = replicas[0]!;
  const origin = replicas[originAt]!;
  // The node died at lostAgo; mpirun notices 25 s later (its daemon's TCP connection), the node
  // lifecycle controller marks the node Unknown 40 s after the last status, the taint manager
  // evicts the pod 300 s after that (default tolerationSeconds).
  const lostAgo = 2300;
  const launcherAgo = lostAgo - 25;
  // mpi-operator marks the MPIJob failed as soon as its launcher failed.
  const failedAgo = launcherAgo - 5;
  endReplica(launcher, launcherAgo, 'Error', true, ERROR_1, [`step 41200  residual=3.118e-06  dt=1.0e-04`, ...orteNodeDied(mpiHost(shape, origin.pod))]);
  let collateral = 1; // the launcher
  replicas.forEach((replica, index) => {
    if (replica === launcher || replica === origin) return;
    collateral += 1;
    endReplica(replica, launcherAgo - 6 - (index % 3), 'Error', true, SIGTERM_143);
  });
  // The pod on the lost node: its status is stale (the kubelet is gone), Run:ai has no end time.
  origin.runaiPhase = 'Unknown';
  origin.noEndTime = true;
  if (taintEvent)
    origin.events = [
      podEvent('TaintManagerEviction', `Marking for deletion Pod runai-${shape.project}/${origin.pod}`, 'taint-eviction-controller', lostAgo - 340, 'Normal'),
    ];
  const nodeConditions = { [origin.node]: notReadyConditions(lostAgo - 40) };
  return assemble(shape, {
    name: `orte-lost-node-${shape.framework}-${ordering}${taintEvent ? '' : '-no-eviction-event'}-tier2`,
    family: 'orte-lost-node',
    ordering,
    tier2: true,
    description: `${origin.node} (running ${origin.pod}) stops reporting; mpirun on ${launcher.pod} fails 25 s later with "ORTE has lost communication with its daemon located on node" naming ${origin.pod}'s host, 15 s BEFORE the node is marked Ready=Unknown${taintEvent ? ' and 340 s before the taint manager marks the pod for deletion' : ''}; the other workers are deleted.`,
    replicas,
    originPod: origin.pod,
    failedAgo,
    failedRole: 'Launcher',
    extra: { nodeConditions },
    expectation: {
      category: 'NODE_FAILURE',
      origin: crash(origin, ['Kubelet stopped posting node status', 'NodeStatusUnknown', 'NotReady', 'TaintManagerEviction', 'Marking for deletion']),
      collateralAtLeast: collateral,
      quotedLine: 'Kubelet stopped posting node status.',
      quotedLineAlternatives: [ORTE_LOST, 'Marking for deletion Pod'],
      limitationWhenNoOrigin: false,
      citation: [CITE.orteNodeDied, CITE.nodeLifecycle, ...(taintEvent ? [CITE.taintEviction] : []), CITE.mpiOperator],
      note: `The worker\u2019s node stopped posting its status (Ready=Unknown, NodeStatusUnknown): a node failure (DESIGN §2 step 3, NotReady without preemption \u2192 NODE_FAILURE). mpirun\u2019s "ORTE has lost communication with its daemon located on node" names that worker\u2019s host: a consequence on the launcher, dated 15 s before the node condition because the controller marks a node only after its 40 s grace period${taintEvent ? ' (and evicts its pods 300 s later)' : ''}. The node condition is dated 10 s after the MPIJob was already marked failed. The origin is the pod on the lost node, though no signal of its own is dated before the launcher failed; the pod itself has no end time (its kubelet is gone). The launcher and the deleted workers (143) are collateral.`,
    },
  });
}

// ---- family: hydra-bad-termination (an mpi4py rank raises; Hydra's launcher relays it and fails) ------------

type RankCause = 'file-not-found' | 'zero-division';
const RANK_CAUSES: Record<RankCause, { frames: [string, number, string, string][]; last: string; needles: string[] }> = {
  'file-not-found': {
    frames: [
      ['/app/pipeline_mpi.py', 52, 'load_shard', 'with np.load(path) as shard:'],
      ['/usr/local/lib/python3.11/site-packages/numpy/lib/_npyio_impl.py', 455, 'load', 'fid = stack.enter_context(open(os.fspath(file), "rb"))'],
    ],
    last: "FileNotFoundError: [Errno 2] No such file or directory: '/data/shards/part-00017.npz'",
    needles: ['FileNotFoundError', 'No such file or directory', 'part-00017'],
  },
  'zero-division': {
    frames: [['/app/pipeline_mpi.py', 96, 'reduce_metrics', 'mean_loss = total_loss / local_count']],
    last: 'ZeroDivisionError: float division by zero',
    needles: ['ZeroDivisionError', 'division by zero'],
  },
};

function hydraCase(shape: Shape, rankWorker: number, ordering: Ordering, cause: RankCause): CasePlan {
  const replicas = replicasOf(shape);
  const launcher = replicas[0]!;
  const rankPod = replicas[rankWorker]!;
  const failedAgo = 2200 + rankWorker * 40;
  const launcherAgo = failedAgo + 180;
  const rank = (rankWorker - 1) * shape.gpus + 3;
  const text = RANK_CAUSES[cause];
  endReplica(launcher, launcherAgo, 'Error', true, ERROR_1, [
    `[0] epoch 14 shard 930/1024 throughput=412.7 samples/s`,
    ...pythonTraceback(text.frames, text.last, `[${rank}] `),
    ...hydraBlock(4400 + rank, mpiHost(shape, rankPod.pod), 1),
  ]);
  let collateral = 0;
  replicas.forEach((replica, index) => {
    if (replica === launcher) return;
    collateral += 1;
    endReplica(replica, launcherAgo - 8 - (index % 3), 'Error', true, SIGTERM_143);
  });
  return assemble(shape, {
    name: `hydra-bad-termination-${cause}-${shape.framework}-${ordering}-tier2`,
    family: 'hydra-bad-termination',
    ordering,
    tier2: true,
    description: `mpi4py rank ${rank} (over ssh in ${rankPod.pod}) raises ${text.last.split(':')[0]}; ${launcher.pod} relays it with "[${rank}] " and Hydra's "BAD TERMINATION OF ONE OF YOUR APPLICATION PROCESSES" block naming ${rankPod.pod}'s host, and fails; the ${collateral} worker pods are deleted 8–10 s later.`,
    replicas,
    originPod: launcher.pod,
    failedAgo,
    expectation: {
      category: 'CRASH_APP_ERROR',
      origin: crash(launcher, [...text.needles, 'BAD TERMINATION', 'exit code 1', 'exit 1']),
      collateralAtLeast: collateral,
      quotedLine: text.last,
      limitationWhenNoOrigin: false,
      citation: [CITE.hydraBadTermination, CITE.pythonTraceback, CITE.pythonExceptions],
      note: 'The worker pods only run sshd; Hydra starts the ranks over ssh and relays their output (-prepend-rank: "[N] "). The rank\u2019s Python exception is the cause (CRASH_APP_ERROR); Hydra\u2019s "BAD TERMINATION OF ONE OF YOUR APPLICATION PROCESSES … EXIT CODE: 1" block is a carrier that names only an exit code and a host. The launcher is the only container that failed on its own (exit 1): it is the origin, whatever host the block names; the worker pods are deleted afterwards (SIGTERM, 143).',
    },
  });
}

// ---- family: node-vs-app-same-ms (a GPU lost on one node and an application error elsewhere, one millisecond) ----

function nodeVsAppCase(shape: Shape, cause: AppCause): CasePlan {
  const replicas = replicasOf(shape);
  const at = 2100;
  for (const replica of replicas) replica.stamp = 'ms';
  const a = replicas[1]!;
  const b = replicas[replicas.length - 1]!;
  const instant = at + 0.31;
  const text = APP_CAUSES[cause];
  endReplica(a, instant, 'Error', true, ERROR_1, [
    ...pythonTraceback(APP_CAUSES['value-error'].frames.slice(0, 1), LAUNCH_FAILURE, '[rank9]: '),
    ...childFailedSummary(a.pod, 9, 5209, clockAt(instant), false),
  ]);
  endReplica(b, instant, 'Error', true, ERROR_1, [
    ...pythonTraceback(text.frames, text.last, '[rank25]: '),
    ...childFailedSummary(b.pod, 25, 5225, clockAt(instant), false),
  ]);
  replicas.forEach((replica, index) => {
    if (replica === a || replica === b) return;
    const ago = at - 120 - (index % 3);
    endReplica(replica, ago, 'Error', true, ERROR_1, watchdogAbort(replica, index * 8, ago));
  });
  return assemble(shape, {
    name: `node-vs-app-same-ms-${cause}-${shape.framework}-tier2`,
    family: 'node-vs-app-same-ms',
    ordering: 'no-origin',
    tier2: true,
    description: `${a.pod} (its node reports Xid 79) and ${b.pod} (${text.last.split(':')[0]}) fail in the same millisecond; the rest are aborted by the NCCL watchdog 120 s later. Origin null, a limitation.`,
    replicas,
    originPod: null,
    failedAgo: at - 130,
    extra: { nodeConditions: { [a.node]: [xidCondition(XID79, at - 8)] } },
    expectation: {
      category: 'NODE_FAILURE',
      categoryAlternatives: ['CRASH_APP_ERROR'],
      origin: null,
      collateralAtLeast: 0,
      quotedLine: XID79,
      quotedLineAlternatives: ['CUDA error: unspecified launch failure', text.quote],
      limitationWhenNoOrigin: true,
      citation: [CITE.nvrmXid, CITE.npdXidCondition, CITE.cudaRuntimeErrors, CITE.pythonExceptions, CITE.childFailed, CITE.ncclWatchdog],
      note: 'Two independent causes in the same millisecond: a GPU that fell off the bus (Xid 79 in the node\u2019s condition; NODE_FAILURE) under one rank, an application exception in another (CRASH_APP_ERROR). Nothing orders them: origin null with a limitation (§4.8); either category, either line. The watchdog aborts 120 s later are consequences of both.',
    },
  });
}

// ---- family: new-collateral-only (every replica shows only a consequence, in this set's formats) ------------

function collateralOnlyCase(shape: Shape): CasePlan {
  const replicas = replicasOf(shape);
  const base = 1600;
  let lines: string[];
  let citation: string[];
  let note: string;
  if (shape.framework === 'colossalai') {
    replicas.forEach((replica, index) =>
      endReplica(replica, base - (index % 3), 'Error', true, ERROR_1, watchdogAbort(replica, index * 8 + 4, base - (index % 3))),
    );
    lines = [WATCHDOG];
    citation = [CITE.ncclWatchdog, CITE.childFailed];
    note =
      'Every rank reports only that its all-reduce waited 120 s and the NCCL watchdog took it down (SIGABRT): a hang whose cause no replica shows. Within 2 s of each other, all consequences: UNKNOWN, origin null with a limitation, never the earliest of equals nor a vote.';
  } else if (shape.framework === 'lightgbm') {
    replicas.forEach((replica, index) => endReplica(replica, base - (index % 2), 'Error', true, ERROR_1, lightgbmFatal(LGBM_RESET)));
    lines = [LGBM_RESET];
    citation = [CITE.lightgbmSocket, CITE.lightgbmBasic];
    note =
      'Every machine fails with "Socket recv error, Connection reset by peer (code: 104)" within 1 s: each lost a peer, none says why. UNKNOWN, origin null with a limitation.';
  } else {
    const launcher = replicas[0]!;
    const named = replicas[2]!;
    endReplica(launcher, base, 'Error', true, ERROR_1, [`step 9100  residual=8.402e-05  dt=1.0e-04`, ...orteNodeDied(mpiHost(shape, named.pod))]);
    replicas.slice(1).forEach((replica, index) => endReplica(replica, base - 7 - (index % 2), 'Error', true, SIGTERM_143));
    lines = [ORTE_LOST];
    citation = [CITE.orteNodeDied, CITE.mpiOperator];
    note = `mpirun lost its daemon on ${named.pod}'s host, but that node is healthy (Ready, no condition, no event) and the worker pod was only deleted afterwards (SIGTERM, 143, like every other worker). ORTE's own text allows "a failure of the TCP network connection to the node, or possibly an internal failure of the daemon itself": an accusation without a cause. UNKNOWN, origin null with a limitation; the named host is not an origin.`;
  }
  return assemble(shape, {
    name: `new-collateral-only-${shape.framework}-tier2`,
    family: 'new-collateral-only',
    ordering: 'no-origin',
    tier2: true,
    description: `Every replica ends with a consequence only (${lines[0]}); none shows a cause. UNKNOWN, origin null with a limitation.`,
    replicas,
    originPod: null,
    failedAgo: base - 20,
    expectation: {
      category: 'UNKNOWN',
      origin: null,
      collateralAtLeast: 0,
      quotedLine: lines[0]!,
      limitationWhenNoOrigin: true,
      citation,
      note,
    },
  });
}

// ---- the set -------------------------------------------------------------------------------------

const shape = heldOutShape<FrameworkKey>;

/** Every case of the sixth held-out set, in a stable order. */
export function heldOut6Cases(): CasePlan[] {
  return [
    // xid79-node-condition
    xidCase(shape('cai-llama-xid-a', 'colossalai', 4, 'h100-cx-', 'llm-cai', 'a.moreau@example.com', ['400Gi', '480Gi'], 8, 9000), 2, 'origin-middle'),
    xidCase(shape('cai-llama-xid-b', 'colossalai', 3, 'h200-cx-', 'llm-cai-b', 'b.osei@example.com', ['500Gi', '560Gi'], 8, 9500), 0, 'origin-first'),
    xidCase(shape('cai-vit-xid', 'colossalai', 4, 'a100-cx-', 'vision-cai', 'c.lindqvist@example.com', ['256Gi', '300Gi'], 8, 8800), 3, 'origin-last'),
    xidCase(shape('impi-emb-xid', 'intel-mpi', 4, 'l40s-ix-', 'search-impi', 'd.gallo@example.com', ['128Gi', '160Gi'], 4, 7600), 2, 'origin-middle'),
    // watchdog-collateral
    watchdogCase(
      shape('cai-sft-keys', 'colossalai', 4, 'h100-cw-', 'llm-sft', 'e.varga@example.com', ['400Gi', '480Gi'], 8, 8000),
      1,
      'origin-first',
      'key-error',
    ),
    watchdogCase(
      shape('cai-sft-keys-b', 'colossalai', 5, 'h100-cw2-', 'llm-sft-b', 'f.nakamura@example.com', ['400Gi', '480Gi'], 8, 8200),
      3,
      'origin-middle',
      'key-error',
    ),
    watchdogCase(
      shape('cai-sft-keys-c', 'colossalai', 3, 'a100-cw-', 'llm-sft-c', 'g.adebayo@example.com', ['256Gi', '300Gi'], 8, 7900),
      0,
      'origin-last',
      'key-error',
    ),
    watchdogCase(
      shape('cai-rope-long', 'colossalai', 4, 'h200-cw-', 'llm-long', 'h.petrov@example.com', ['500Gi', '560Gi'], 8, 8600),
      2,
      'origin-first',
      'value-error',
    ),
    watchdogCase(
      shape('cai-rope-long-b', 'colossalai', 4, 'b200-cw-', 'llm-long-b', 'i.celik@example.com', ['600Gi', '700Gi'], 8, 8700),
      4,
      'origin-middle',
      'value-error',
    ),
    watchdogCase(
      shape('cai-rope-long-c', 'colossalai', 3, 'h100-cw3-', 'llm-long-c', 'j.haddad@example.com', ['400Gi', '480Gi'], 8, 8100),
      1,
      'origin-last',
      'value-error',
    ),
    // lightgbm-socket-reset
    lightgbmCase(shape('lgbm-ctr-a', 'lightgbm', 4, 'c6i-lg-', 'ads-ctr', 'k.bergstrom@example.com', ['64Gi', '96Gi'], 0, 5000), 0, 'origin-first', 2),
    lightgbmCase(shape('lgbm-ctr-b', 'lightgbm', 4, 'c6i-lg2-', 'ads-ctr-b', 'l.mensah@example.com', ['64Gi', '96Gi'], 0, 5200), 2, 'origin-middle', 2),
    lightgbmCase(shape('lgbm-ctr-c', 'lightgbm', 5, 'c6i-lg3-', 'ads-ctr-c', 'm.rossi@example.com', ['64Gi', '96Gi'], 0, 5100), 5, 'origin-last', 2),
    lightgbmCase(shape('lgbm-risk-a', 'lightgbm', 3, 'r6i-lg-', 'risk-gbm', 'n.kowalczyk@example.com', ['128Gi', '160Gi'], 0, 6000), 1, 'origin-first', 1),
    lightgbmCase(shape('lgbm-risk-b', 'lightgbm', 3, 'r6i-lg2-', 'risk-gbm-b', 'o.farah@example.com', ['128Gi', '160Gi'], 0, 6100), 3, 'origin-middle', 1),
    lightgbmCase(shape('lgbm-risk-c', 'lightgbm', 4, 'r6i-lg3-', 'risk-gbm-c', 'p.sato@example.com', ['128Gi', '160Gi'], 0, 6200), 2, 'origin-last', 1),
    // orte-lost-node
    orteLostNodeCase(
      shape('ompi-cfd-a', 'openmpi-orte', 4, 'a100-om-', 'cfd-ompi', 'q.nguyen@example.com', ['96Gi', '128Gi'], 4, 7000),
      1,
      'origin-first',
      true,
    ),
    orteLostNodeCase(
      shape('ompi-cfd-b', 'openmpi-orte', 4, 'a100-om2-', 'cfd-ompi-b', 'r.jensen@example.com', ['96Gi', '128Gi'], 4, 7100),
      3,
      'origin-middle',
      true,
    ),
    orteLostNodeCase(
      shape('ompi-cfd-c', 'openmpi-orte', 3, 'v100-om-', 'cfd-ompi-c', 's.abara@example.com', ['96Gi', '128Gi'], 4, 7200),
      2,
      'origin-last',
      true,
    ),
    orteLostNodeCase(
      shape('ompi-md-a', 'openmpi-orte', 5, 'h100-om-', 'md-ompi', 't.ekstrom@example.com', ['128Gi', '160Gi'], 8, 7300),
      4,
      'origin-middle',
      false,
    ),
    orteLostNodeCase(
      shape('ompi-md-b', 'openmpi-orte', 3, 'h100-om2-', 'md-ompi-b', 'u.brandt@example.com', ['128Gi', '160Gi'], 8, 7400),
      1,
      'origin-last',
      false,
    ),
    // hydra-bad-termination
    hydraCase(
      shape('impi-etl-a', 'intel-mpi', 4, 'c6i-hy-', 'etl-impi', 'v.ortega@example.com', ['64Gi', '96Gi'], 4, 6000),
      2,
      'origin-first',
      'file-not-found',
    ),
    hydraCase(
      shape('impi-etl-b', 'intel-mpi', 4, 'c6i-hy2-', 'etl-impi-b', 'w.achebe@example.com', ['64Gi', '96Gi'], 4, 6100),
      3,
      'origin-middle',
      'file-not-found',
    ),
    hydraCase(
      shape('impi-etl-c', 'intel-mpi', 3, 'c6i-hy3-', 'etl-impi-c', 'x.lund@example.com', ['64Gi', '96Gi'], 4, 6200),
      1,
      'origin-last',
      'file-not-found',
    ),
    hydraCase(
      shape('impi-metrics-a', 'intel-mpi', 4, 'l40s-hy-', 'eval-impi', 'y.dimitrov@example.com', ['96Gi', '128Gi'], 2, 6300),
      4,
      'origin-first',
      'zero-division',
    ),
    hydraCase(
      shape('impi-metrics-b', 'intel-mpi', 5, 'l40s-hy2-', 'eval-impi-b', 'z.oyama@example.com', ['96Gi', '128Gi'], 2, 6400),
      2,
      'origin-middle',
      'zero-division',
    ),
    hydraCase(
      shape('impi-metrics-c', 'intel-mpi', 3, 'l40s-hy3-', 'eval-impi-c', 'a.kruger@example.com', ['96Gi', '128Gi'], 2, 6500),
      3,
      'origin-last',
      'zero-division',
    ),
    // node-vs-app-same-ms
    nodeVsAppCase(shape('cai-tie-xid-keys', 'colossalai', 4, 'h100-ct-', 'llm-tie', 'e.morin@example.com', ['400Gi', '480Gi'], 8, 4800), 'key-error'),
    nodeVsAppCase(shape('cai-tie-xid-rope', 'colossalai', 3, 'h200-ct-', 'llm-tie-b', 'f.quist@example.com', ['500Gi', '560Gi'], 8, 4900), 'value-error'),
    // new-collateral-only
    collateralOnlyCase(shape('cai-hang-all', 'colossalai', 4, 'h100-co-', 'llm-hang', 'b.ivers@example.com', ['400Gi', '480Gi'], 8, 5000)),
    collateralOnlyCase(shape('lgbm-reset-all', 'lightgbm', 4, 'c6i-co-', 'ads-reset', 'c.duarte@example.com', ['64Gi', '96Gi'], 0, 5000)),
    collateralOnlyCase(shape('ompi-lost-healthy', 'openmpi-orte', 4, 'a100-co-', 'cfd-lost', 'd.hoang@example.com', ['96Gi', '128Gi'], 4, 5000)),
  ];
}
