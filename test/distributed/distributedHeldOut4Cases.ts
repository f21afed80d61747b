/**
 * The fourth held-out distributed set (fixtures/distributed-heldout-4), generated like the first
 * three (families × frameworks × orderings, through buildHeldOutCase) with launchers, origin kinds
 * and collateral formats none of them has: PyTorch Lightning's subprocess launcher ("Child process
 * … terminated … Forcefully terminating all other processes"), DataLoader workers killed under the
 * trainer (bus error on /dev/shm, a segfault, the cgroup OOM killer), a rank's own NaN check
 * (Megatron-Core's grad-norm assertion, JAX's debug_nans), a checkpoint write that fails on a
 * shared volume, Xid 64 / 120 (the node's) against Xid 43 (the application's), JAX's coordination
 * service declaring a task dead by heartbeat, Intel MPI / MPICH Hydra's "BAD TERMINATION" summary
 * relayed through a Horovod launcher, ncclSystemError as peer collateral, names that say another
 * category, and orders that are only told by milliseconds inside one second.
 *
 * It was written without reading the engine (functions/diagnosis/): every expectation follows
 * from what the upstream message means and from DESIGN §2 and §4.8. Every message text is an
 * upstream format, cited next to the helper that writes it and in the case's `citation`.
 */
import { parseGi, type CaseExpectation, type CasePlan, type ReplicaPlan } from './buildHeldOutCase.js';
import { assembleHeldOutCase, type HeldOutCaseParts, type HeldOutFramework } from './assembleHeldOutCase.js';
import { clockAt } from './clockAt.js';
import { ERROR_1, SIGTERM_143, endReplica } from './endReplica.js';
import { notReadyConditions, oomEvent, podEvent, xidCondition } from './eventAndConditionPlans.js';
import { generateNameSuffix, heldOutShape, rosterReplicas, v1Compute, v1Common, type HeldOutMember, type HeldOutShape } from './heldOutShape.js';
import { pythonTraceback } from './pythonTraceback.js';

/** Upstream sources of the message formats this set uses. */
const CITE = {
  // _ChildProcessObserver: "Child process with PID {pid} terminated with code {code}. Forcefully terminating all other processes to avoid zombies 🧟" (rank-prefixed "[rank: N] ")
  lightningLauncher: 'https://github.com/Lightning-AI/pytorch-lightning/blob/master/src/lightning/fabric/strategies/launchers/subprocess_script.py',
  lightningRankPrefix: 'https://github.com/Lightning-AI/pytorch-lightning/blob/master/src/lightning/fabric/utilities/rank_zero.py',
  // DataLoader worker signal handlers: "ERROR: Unexpected bus error encountered in worker. This might be caused by insufficient shared memory (shm).",
  // "ERROR: Unexpected segmentation fault encountered in worker.", and "DataLoader worker (pid %d) is killed by signal: %s. " (+ the shm hint for SIGBUS)
  dataLoaderSignals: 'https://github.com/pytorch/pytorch/blob/main/torch/csrc/DataLoader.cpp',
  // "DataLoader worker (pid(s) {pids_str}) exited unexpectedly"
  dataLoaderPy: 'https://github.com/pytorch/pytorch/blob/main/torch/utils/data/dataloader.py',
  dataLoaderSignalHandling: 'https://github.com/pytorch/pytorch/blob/main/torch/utils/data/_utils/signal_handling.py',
  // containerd marks a container "OOMKilled" on the cgroup's TaskOOM event, even when the main process survives the kill
  containerdOom: 'https://github.com/containerd/containerd/blob/main/internal/cri/server/events.go',
  // Megatron-Core: "Rank {global_rank}: found NaN in local grad norm in backward pass before data-parallel communication collective. Device: {device}, node: {node}"
  megatronNan: 'https://github.com/NVIDIA/Megatron-LM/blob/main/megatron/core/distributed/param_and_grad_buffer.py',
  // jax_debug_nans: FloatingPointError(f"invalid value (nan) encountered in {name}")
  jaxDebugNans: 'https://github.com/jax-ml/jax/blob/main/jax/_src/dispatch.py',
  // torch.save's zip writer: "[enforce fail at inline_container.cc:N] . PytorchStreamWriter failed writing file data/N: file write failed"
  inlineContainer: 'https://github.com/pytorch/pytorch/blob/main/caffe2/serialize/inline_container.cc',
  // OSError "[Errno N] <strerror>: '<path>'" (EDQUOT 122 "Disk quota exceeded", ESTALE 116 "Stale file handle")
  pythonOsError: 'https://docs.python.org/3/library/exceptions.html#OSError',
  // Xid lines "NVRM: Xid (PCI:%s): %d, …" and the catalogue (64 row-remapper failure, 120 GSP error: hardware; 43 GPU stopped processing: application)
  xidLine: 'https://github.com/NVIDIA/open-gpu-kernel-modules/blob/main/src/nvidia/src/kernel/gpu/rc/kernel_rc.c',
  xidCatalogue: 'https://docs.nvidia.com/deploy/xid-errors/index.html',
  npdGpuConditions: 'https://learn.microsoft.com/en-us/azure/aks/gpu-health-monitoring',
  // "CUDA error: %s" + "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect."
  cudaError: 'https://github.com/pytorch/pytorch/blob/main/c10/cuda/CUDAException.cpp',
  // getNcclErrorDetailStr: "ncclSystemError: System call (e.g. socket, malloc) or external library call failed or device error. It can be also caused by unexpected exit of a remote peer…"
  ncclSystemError: 'https://github.com/pytorch/pytorch/blob/main/torch/csrc/distributed/c10d/NCCLUtils.cpp',
  // "Task %s heartbeat timeout. This indicates that the remote task has failed, got preempted, or crashed unexpectedly."
  coordinationService: 'https://github.com/openxla/xla/blob/main/xla/tsl/distributed_runtime/coordination/coordination_service.cc',
  // "Polled an error from coordination service (this can be an error from this or another task)."
  coordinationAgent: 'https://github.com/openxla/xla/blob/main/xla/tsl/distributed_runtime/coordination/coordination_service_agent.cc',
  // "Terminating process because the JAX distributed service detected fatal errors. This most likely indicates that another task died; …"
  jaxClient: 'https://github.com/openxla/xla/blob/main/xla/pjrt/distributed/client.h',
  jaxMultiProcess: 'https://github.com/jax-ml/jax/blob/main/docs/multi_process.md',
  // Hydra's summary block (control_cb): "=   BAD TERMINATION OF ONE OF YOUR APPLICATION PROCESSES", "=   PID %d RUNNING AT %s",
  // "=   EXIT CODE: %d", "=   CLEANING UP REMAINING PROCESSES", "=   YOU CAN IGNORE THE BELOW CLEANUP MESSAGES". Intel MPI's Hydra
  // writes the process line as "=   RANK %d PID %d RUNNING AT %s" and a signalled rank as "=   KILLED BY SIGNAL: 9 (Killed)"
  // (published Intel MPI logs); current MPICH prints the block only for a signalled process, older Hydra (and the
  // EXIT CODE form) for any bad exit. The set's block combines the RANK form with EXIT CODE (see the README's limits).
  hydraMpiexec: 'https://github.com/pmodels/mpich/blob/main/src/pm/hydra/mpiexec/pmiserv_cb.c',
  intelMpiPrependRank: 'https://www.intel.com/content/www/us/en/docs/mpi-library/developer-reference-linux/2021-13/global-hydra-options.html',
  horovodRun: 'https://github.com/horovod/horovod/blob/master/horovod/runner/mpi_run.py',
  mpiOperator: 'https://github.com/kubeflow/mpi-operator/blob/master/pkg/controller/mpi_job_controller.go',
  trainingOperatorFailed: 'https://github.com/kubeflow/training-operator/blob/master/pkg/controller.v1/pytorch/pytorchjob_controller.go',
  // Kubeflow Trainer v2: a TrainJob runs as a JobSet whose replicated job is "node" (pods <trainjob>-node-0-<index>-<hash>, container "node")
  trainerConstants: 'https://github.com/kubeflow/trainer/blob/master/pkg/constants/constants.go',
  jobsetConstants: 'https://github.com/kubernetes-sigs/jobset/blob/main/pkg/constants/constants.go',
  jobsetNames: 'https://github.com/kubernetes-sigs/jobset/blob/main/pkg/controllers/jobset_controller.go',
  nemoRun: 'https://github.com/NVIDIA/NeMo-Run/blob/main/src/nemo_run/run/torchx_backend/schedulers/dgxcloud.py',
  nodeNotReady: 'https://github.com/kubernetes/kubernetes/blob/master/pkg/controller/util/node/controller_utils.go',
  nodeStatusUnknown: 'https://github.com/kubernetes/kubernetes/blob/master/pkg/controller/nodelifecycle/node_lifecycle_controller.go',
  oomKilled: 'https://kubernetes.io/docs/tasks/configure-pod-container/assign-memory-resource/',
  runaiTimestamps: 'https://api-docs.run.ai/latest/tag/Workloads',
  pythonTraceback: 'https://docs.python.org/3/library/traceback.html',
} as const;

type Ordering = CasePlan['ordering'];
type FrameworkKey = 'lightning' | 'nemo2' | 'trainjob' | 'jax' | 'horovod';
type Shape = HeldOutShape<FrameworkKey>;

const IMAGES: Record<FrameworkKey, string> = {
  lightning: 'registry.example.com/vision/lightning-train:2.5.1-cu124',
  nemo2: 'nvcr.io/nvidia/nemo:25.07',
  trainjob: 'registry.example.com/llm/torch-trainjob:2.8.0-cu128',
  jax: 'registry.example.com/research/jax-gpu:0.7.2-cuda12',
  horovod: 'registry.example.com/hpc/horovod-impi:0.28.1-oneapi2025',
};

/** Five lowercase alphanumerics, as a generateName suffix (seeded unlike the earlier sets). */
const suffix = (seed: string) => generateNameSuffix(seed, 23, 37);

/**
 * Pod naming per controller: training-operator `<job>-master-0` / `<job>-worker-<n>` (Lightning
 * and NeMo 2 on PyTorchJob), Kubeflow Trainer v2 `<trainjob>-node-0-<index>-<hash>` (a JobSet with
 * the replicated job `node`), a JAX JobSet `<jobset>-workers-0-<index>-<hash>`, mpi-operator
 * `<job>-launcher-<hash>` / `<job>-worker-<n>` (Horovod over Intel MPI).
 */
function members(shape: Shape): HeldOutMember[] {
  const { name, workers } = shape;
  const range = (count: number) => Array.from({ length: count }, (_, index) => index);
  switch (shape.framework) {
    case 'lightning':
    case 'nemo2':
      return [
        { pod: `${name}-master-0`, container: 'pytorch', role: 'Master' },
        ...range(workers).map((rank) => ({ pod: `${name}-worker-${rank}`, container: 'pytorch', role: 'Worker' })),
      ];
    case 'trainjob':
      return range(workers).map((index) => ({ pod: `${name}-node-0-${index}-${suffix(`${name}/${index}`)}`, container: 'node', role: 'Node' }));
    case 'jax':
      return range(workers).map((index) => ({ pod: `${name}-workers-0-${index}-${suffix(`${name}/${index}`)}`, container: 'jax', role: 'Worker' }));
    case 'horovod':
      return [
        { pod: `${name}-launcher-${suffix(name)}`, container: 'launcher', role: 'Launcher' },
        ...range(workers).map((rank) => ({ pod: `${name}-worker-${rank}`, container: 'worker', role: 'Worker' })),
      ];
  }
}

const RUNAI_TYPE: Record<FrameworkKey, string> = {
  lightning: 'Distributed',
  nemo2: 'Distributed',
  trainjob: 'TrainJob',
  jax: 'JobSet',
  horovod: 'Distributed',
};
const DISTRIBUTED_FRAMEWORK: Partial<Record<FrameworkKey, string>> = { lightning: 'PyTorch', nemo2: 'PyTorch', horovod: 'MPI' };

/** The controller's job-level failure message (training-operator, mpi-operator, JobSet under a TrainJob or alone). */
function failedMessage(shape: Shape, role: string): { reason: string; message: string } {
  if (shape.framework === 'lightning' || shape.framework === 'nemo2')
    return { reason: 'PyTorchJobFailed', message: `PyTorchJob ${shape.name} is failed because 1 ${role} replica(s) failed.` };
  if (shape.framework === 'horovod') return { reason: 'MPIJobFailed', message: `MPIJob runai-${shape.project}/${shape.name} has failed` };
  return { reason: 'FailedJobs', message: 'jobset failed due to one or more job failures' };
}

const replicasOf = (shape: Shape): ReplicaPlan[] => rosterReplicas(shape, members(shape), IMAGES[shape.framework], 31);

function v1Spec(shape: Shape, restartPolicy: string): CasePlan['spec'] {
  const compute = v1Compute(shape);
  const image = IMAGES[shape.framework];
  const command =
    shape.framework === 'lightning'
      ? 'python train.py trainer.strategy=ddp trainer.devices=8 trainer.num_nodes=$(WORLD_SIZE)'
      : shape.framework === 'nemo2'
        ? 'python /opt/NeMo/scripts/llm/pretraining.py --recipe llama31_8b --nodes $(WORLD_SIZE) --devices 8'
        : 'horovodrun -np 32 --mpi-args="-prepend-rank" python train_hvd.py';
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

/** Workloads V2 bodies: a Kubeflow Trainer v2 TrainJob, a JAX JobSet. */
function v2Spec(shape: Shape): CasePlan['spec'] {
  const namespace = `runai-${shape.project}`;
  const resources = {
    requests: { memory: shape.memory.request, cpu: '16', 'nvidia.com/gpu': String(shape.gpus) },
    limits: { memory: shape.memory.limit, 'nvidia.com/gpu': String(shape.gpus) },
  };
  const manifest =
    shape.framework === 'trainjob'
      ? {
          apiVersion: 'trainer.kubeflow.org/v1alpha1',
          kind: 'TrainJob',
          metadata: { name: shape.name, namespace },
          spec: {
            runtimeRef: { name: 'torch-distributed' },
            trainer: {
              image: IMAGES.trainjob,
              command: ['torchrun', '/workspace/train.py'],
              numNodes: shape.workers,
              resourcesPerNode: resources,
            },
          },
        }
      : {
          apiVersion: 'jobset.x-k8s.io/v1alpha2',
          kind: 'JobSet',
          metadata: { name: shape.name, namespace },
          spec: {
            failurePolicy: { maxRestarts: 0 },
            replicatedJobs: [
              {
                name: 'workers',
                replicas: 1,
                template: {
                  spec: {
                    parallelism: shape.workers,
                    completions: shape.workers,
                    backoffLimit: 0,
                    template: {
                      spec: {
                        restartPolicy: 'Never',
                        containers: [{ name: 'jax', image: IMAGES.jax, command: ['python', '-u', '/app/train.py'], resources }],
                      },
                    },
                  },
                },
              },
            ],
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

// ---- message formats (each cited at its source in CITE) ----------------------------------

/** CITE.lightningLauncher + CITE.lightningRankPrefix: the local launcher kills the node's ranks once a child dies. */
const lightningCarrier = (childRank: number, pid: number, code: number) =>
  `[rank: ${childRank}] Child process with PID ${pid} terminated with code ${code}. Forcefully terminating all other processes to avoid zombies 🧟`;

/** CITE.ncclSystemError: a peer's collective fails once a remote rank's process is gone (NCCL before ncclRemoteError existed). */
const ncclSystemPeer = (rank: number) => [
  `[rank${rank}]: RuntimeError: NCCL error in: ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:1191, unhandled system error, NCCL version 2.10.3`,
  `[rank${rank}]: ncclSystemError: System call (e.g. socket, malloc) or external library call failed or device error. It can be also caused by unexpected exit of a remote peer, you can check NCCL warnings for failure reason and see if there is connection closure by a peer.`,
];

/** CITE.coordinationAgent + CITE.jaxClient: a JAX task told by the coordination service that another task died; it aborts (exit 134). */
const jaxTerminating = (clock: string, deadTask: number) => [
  `E1203 ${clock}.075402  157988 coordination_service_agent.cc:332] Polled an error from coordination service (this can be an error from this or another task).`,
  `F1203 ${clock}.075587  157988 client.h:77] Terminating process because the JAX distributed service detected fatal errors. This most likely indicates that another task died; see the other task logs for more details. Disable Python buffering, i.e. \`python -u\`, to be sure to see all the previous output. absl::Status: UNAVAILABLE: The following tasks are unhealthy (stopped sending heartbeats):`,
  `/job:jax_worker/replica:0/task:${deadTask}`,
  'The tasks have crashed. Check the task logs for an earlier error, or scheduler events (e.g. preemption, eviction) to debug further.',
];

/** CITE.coordinationService: task 0 hosts the service and declares the silent task dead. */
const heartbeatTimeout = (clock: string, deadTask: number) =>
  `E1203 ${clock}.061220  157901 coordination_service.cc:596] /job:jax_worker/replica:0/task:${deadTask} has been set to ERROR in coordination service: UNAVAILABLE: Task /job:jax_worker/replica:0/task:${deadTask} heartbeat timeout. This indicates that the remote task has failed, got preempted, or crashed unexpectedly.`;

/** CITE.hydraMpiexec: Hydra's summary when one rank ends badly (a rank that exited 1, or was signalled). */
const hydraBadTermination = (rank: number, pid: number, host: string, ending: string) => [
  '===================================================================================',
  '=   BAD TERMINATION OF ONE OF YOUR APPLICATION PROCESSES',
  `=   RANK ${rank} PID ${pid} RUNNING AT ${host}`,
  `=   ${ending}`,
  '=   CLEANING UP REMAINING PROCESSES',
  '=   YOU CAN IGNORE THE BELOW CLEANUP MESSAGES',
  '===================================================================================',
];

/** CITE.dataLoaderSignals: the worker's SIGBUS handler line, then the trainer's RuntimeError naming the worker and signal. */
const dataLoaderBusError = (pid: number) => [
  'ERROR: Unexpected bus error encountered in worker. This might be caused by insufficient shared memory (shm).',
  ...pythonTraceback(
    [
      ['/usr/local/lib/python3.11/site-packages/torch/utils/data/dataloader.py', 1251, '_try_get_data', 'data = self._data_queue.get(timeout=timeout)'],
      ['/usr/local/lib/python3.11/site-packages/torch/utils/data/_utils/signal_handling.py', 73, 'handler', '_error_if_any_worker_fails()'],
    ],
    `RuntimeError: DataLoader worker (pid ${pid}) is killed by signal: Bus error. It is possible that dataloader's workers are out of shared memory. Please try to raise your shared memory limit.`,
  ),
];

/** CITE.dataLoaderSignals + CITE.dataLoaderPy: a worker segfaults; the trainer reports it as exited unexpectedly. */
const dataLoaderSegfault = (pid: number) => [
  'ERROR: Unexpected segmentation fault encountered in worker.',
  ...pythonTraceback(
    [
      [
        '/usr/local/lib/python3.11/site-packages/torch/utils/data/dataloader.py',
        1284,
        '_try_get_data',
        "raise RuntimeError(f'DataLoader worker (pid(s) {pids_str}) exited unexpectedly') from e",
      ],
    ],
    `RuntimeError: DataLoader worker (pid(s) ${pid}) exited unexpectedly`,
  ),
];

/** CITE.dataLoaderSignals: the cgroup OOM killer took a worker (SIGKILL); the trainer raises and exits 1. */
const dataLoaderKilled = (pid: number) =>
  pythonTraceback(
    [['/usr/local/lib/python3.11/site-packages/torch/utils/data/_utils/signal_handling.py', 73, 'handler', '_error_if_any_worker_fails()']],
    `RuntimeError: DataLoader worker (pid ${pid}) is killed by signal: Killed. `,
  );

/** CITE.megatronNan: a rank's own grad-norm check fails before the all-reduce. */
const megatronNan = (rank: number, device: number, node: string) =>
  `AssertionError: Rank ${rank}: found NaN in local grad norm in backward pass before data-parallel communication collective. Device: ${device}, node: ${node}`;

/** CITE.inlineContainer: torch.save's writer on a volume that stops accepting data. */
const streamWriterFailed = (entry: number) =>
  `RuntimeError: [enforce fail at inline_container.cc:603] . PytorchStreamWriter failed writing file data/${entry}: file write failed`;

/** CITE.xidLine / CITE.xidCatalogue: kernel Xid lines (node-problem-detector condition message). */
const xidLine = {
  64: (pci: string) =>
    `NVRM: Xid (PCI:${pci}): 64, pid='<unknown>', name=<unknown>, Row Remapper Error: (0x00000002eebc4100) - All reserved rows for bank are remapped`,
  120: (pci: string) => `NVRM: Xid (PCI:${pci}): 120, pid=9111, name=pt_main_thread, GSP task exception: load access fault`,
  43: (pci: string) => `NVRM: Xid (PCI:${pci}): 43, pid=916085, name=python3, Ch 00000008`,
} as const;

/** CITE.cudaError: the CUDA error a process sees when its kernel or its GPU fails. */
const cudaErrorLines = (rank: number, what: string) => [
  `[rank${rank}]: RuntimeError: CUDA error: ${what}`,
  `[rank${rank}]: CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.`,
  `[rank${rank}]: For debugging consider passing CUDA_LAUNCH_BLOCKING=1`,
];

function memoryClimb(limit: string, endAgo: number): { ago: number; bytes: number }[] {
  const limitBytes = parseGi(limit);
  return Array.from({ length: 8 }, (_, index) => ({ ago: endAgo + (8 - index) * 120, bytes: Math.round(limitBytes * (0.62 + index * 0.054)) }));
}

// ---- assembling a case -----------------------------------------------------------------------

function frameworkOf(shape: Shape): HeldOutFramework {
  const workloadsV2 = shape.framework === 'trainjob' || shape.framework === 'jax';
  return {
    roster: members(shape),
    failedMessage: (role) => failedMessage(shape, role),
    runaiType: RUNAI_TYPE[shape.framework],
    distributedFramework: DISTRIBUTED_FRAMEWORK[shape.framework] ?? null,
    workloadsV2,
    spec: (restartPolicy) => (workloadsV2 ? v2Spec(shape) : v1Spec(shape, restartPolicy)),
    citations: {
      lightning: [CITE.trainingOperatorFailed, CITE.lightningLauncher],
      nemo2: [CITE.trainingOperatorFailed, CITE.nemoRun],
      trainjob: [CITE.trainerConstants, CITE.jobsetConstants, CITE.jobsetNames],
      jax: [CITE.jobsetConstants, CITE.jobsetNames, CITE.jaxMultiProcess],
      horovod: [CITE.mpiOperator, CITE.horovodRun],
    }[shape.framework],
  };
}

const assemble = (shape: Shape, parts: HeldOutCaseParts): CasePlan => assembleHeldOutCase(shape, frameworkOf(shape), parts);

/** std::abort after a fatal log (glog `F` line): a self-inflicted signal, still collateral. */
const SIGABRT_134 = { code: 134, reason: 'Error' } as const;
const OOM_137 = { code: 137, reason: 'OOMKilled' } as const;
/** containerd reports OOMKilled when the cgroup's OOM killer fired, even though the main process then exited 1 on its own. */
const OOM_REASON_EXIT_1 = { code: 1, reason: 'OOMKilled' } as const;

/** How the peers of an origin end (each a cited collateral format). */
type PeerKind = 'nccl-system' | 'jax-heartbeat' | 'sigterm';

const PEER_CITE: Record<PeerKind, string[]> = {
  'nccl-system': [CITE.ncclSystemError],
  'jax-heartbeat': [CITE.coordinationService, CITE.coordinationAgent, CITE.jaxClient],
  sigterm: [],
};

/** The peers fail `delay` seconds (plus up to 4 s by rank) after the origin, in one format; returns how many. */
function endPeers(replicas: ReplicaPlan[], origin: ReplicaPlan, originAgo: number, delay: number, tier2: boolean, kind: PeerKind, deadTask = 0): number {
  let collateral = 0;
  replicas.forEach((replica, index) => {
    if (replica === origin) return;
    collateral += 1;
    const ago = originAgo - delay - (index % 5);
    if (kind === 'nccl-system') endReplica(replica, ago, 'Error', tier2, ERROR_1, ncclSystemPeer(index * 8));
    else if (kind === 'jax-heartbeat')
      endReplica(replica, ago, 'Error', tier2, SIGABRT_134, [
        ...(index === 0 ? [heartbeatTimeout(clockAt(ago + 1), deadTask)] : []),
        ...jaxTerminating(clockAt(ago), deadTask),
      ]);
    else endReplica(replica, ago, 'Error', tier2, SIGTERM_143);
  });
  return collateral;
}

const crash = (pod: ReplicaPlan, needles: string[]) => ({ pod: pod.pod, node: pod.node, signalIncludes: needles });

// ---- family: launcher-carrier (Lightning's launcher ends the node after a child's exception) ----

function launcherCarrierCase(shape: Shape, originAt: number, ordering: Ordering, cause: 'value' | 'device-assert' | 'key'): CasePlan {
  const replicas = replicasOf(shape);
  const origin = replicas[originAt]!;
  const failedAgo = 1800;
  const originAgo = failedAgo + 200;
  const childRank = 3;
  const lines = {
    value: 'ValueError: Expected input batch_size (96) to match target batch_size (64).',
    'device-assert': 'RuntimeError: CUDA error: device-side assert triggered',
    key: "KeyError: 'pixel_values'",
  };
  const last = lines[cause];
  const frames: [string, number, string, string][] =
    cause === 'value'
      ? [['/app/models/segformer.py', 214, 'training_step', 'loss = F.cross_entropy(logits, batch["mask"])']]
      : cause === 'device-assert'
        ? [['/opt/NeMo/nemo/collections/llm/gpt/model/base.py', 389, 'forward_step', 'output = self.module(**batch)']]
        : [['/workspace/train.py', 88, 'collate', 'images = torch.stack([s["pixel_values"] for s in samples])']];
  endReplica(origin, originAgo, 'Error', true, ERROR_1, [
    ...pythonTraceback(frames, last),
    ...(cause === 'device-assert'
      ? ['CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.']
      : []),
    lightningCarrier(childRank, 4100 + originAt * 17, 1),
  ]);
  const peers: PeerKind = shape.framework === 'trainjob' ? 'sigterm' : 'nccl-system';
  const collateral = endPeers(replicas, origin, originAgo, 6, true, peers);
  return assemble(shape, {
    name: `launcher-carrier-${cause}-${shape.framework}-${ordering}-tier2`,
    family: 'launcher-carrier',
    ordering,
    tier2: true,
    description: `Lightning's subprocess launcher on ${origin.pod}: local rank ${childRank} raises ${last.split(':')[0]}; the launcher logs "Child process … terminated with code 1. Forcefully terminating all other processes" and the pod exits 1. The ${collateral} other pods fail 6 s later.`,
    replicas,
    originPod: origin.pod,
    failedAgo,
    expectation: {
      category: 'CRASH_APP_ERROR',
      origin: crash(origin, [last.split(':')[0]!, 'exit code 1', 'exit 1', 'Child process']),
      collateralAtLeast: collateral,
      quotedLine: last,
      limitationWhenNoOrigin: false,
      citation: [
        CITE.lightningLauncher,
        CITE.lightningRankPrefix,
        CITE.pythonTraceback,
        ...(cause === 'device-assert' ? [CITE.cudaError] : []),
        ...PEER_CITE[peers],
      ],
      note: 'The launcher\u2019s "Child process … terminated with code 1" line is a carrier written after the cause: it names only an exit code. The decisive line is the child\u2019s exception, the last exception line of its traceback (DESIGN §4.8). Peers on other nodes fail afterwards (ncclSystemError "unexpected exit of a remote peer", or SIGTERM): collateral.',
    },
  });
}

// ---- family: dataloader-worker (a DataLoader worker dies under the trainer) --------------------

function dataLoaderCase(shape: Shape, originAt: number, ordering: Ordering, cause: 'bus-error' | 'segfault' | 'oom-killed'): CasePlan {
  const replicas = replicasOf(shape);
  const origin = replicas[originAt]!;
  const failedAgo = 2400;
  const originAgo = failedAgo + 420;
  const pid = 2817 + originAt;
  const extra: HeldOutCaseParts['extra'] = {};
  let expectation: CaseExpectation;
  if (cause === 'bus-error') {
    endReplica(origin, originAgo, 'Error', true, ERROR_1, dataLoaderBusError(pid));
    expectation = {
      category: 'CRASH_APP_ERROR',
      origin: crash(origin, ['DataLoader', 'Bus error', 'exit code 1', 'exit 1']),
      collateralAtLeast: 0,
      quotedLine: `DataLoader worker (pid ${pid}) is killed by signal: Bus error`,
      quotedLineAlternatives: ['ERROR: Unexpected bus error encountered in worker. This might be caused by insufficient shared memory (shm).'],
      limitationWhenNoOrigin: false,
      citation: [CITE.dataLoaderSignals, CITE.dataLoaderSignalHandling, CITE.pythonTraceback],
      note: 'A DataLoader worker dies of SIGBUS on /dev/shm; the trainer raises RuntimeError and exits 1. No OOMKilled and no node signal: an application-side failure (CRASH_APP_ERROR), either the RuntimeError or the worker\u2019s shm line quoted.',
    };
  } else if (cause === 'segfault') {
    endReplica(origin, originAgo, 'Error', true, ERROR_1, dataLoaderSegfault(pid));
    expectation = {
      category: 'CRASH_APP_ERROR',
      origin: crash(origin, ['DataLoader', 'exited unexpectedly', 'segmentation fault', 'exit code 1', 'exit 1']),
      collateralAtLeast: 0,
      quotedLine: `DataLoader worker (pid(s) ${pid}) exited unexpectedly`,
      quotedLineAlternatives: ['ERROR: Unexpected segmentation fault encountered in worker.'],
      limitationWhenNoOrigin: false,
      citation: [CITE.dataLoaderSignals, CITE.dataLoaderPy, CITE.pythonTraceback],
      note: 'A DataLoader worker segfaults (a native decoder); the trainer raises "exited unexpectedly" and exits 1: CRASH_APP_ERROR.',
    };
  } else {
    // The cgroup OOM killer picks the largest process, a worker; the trainer raises and exits 1,
    // and containerd still marks the container OOMKilled (TaskOOM event).
    origin.events = [oomEvent(origin.container, originAgo)];
    endReplica(origin, originAgo, 'OOMKilled', true, OOM_REASON_EXIT_1, dataLoaderKilled(pid));
    extra.memoryUsage = memoryClimb(shape.memory.limit, originAgo);
    expectation = {
      category: 'OOM_KILLED',
      origin: crash(origin, ['OOM', 'Killed']),
      collateralAtLeast: 0,
      quotedLine: `DataLoader worker (pid ${pid}) is killed by signal: Killed`,
      quotedLineAlternatives: ['OOMKilled', 'was OOM killed'],
      limitationWhenNoOrigin: false,
      citation: [CITE.dataLoaderSignals, CITE.containerdOom, CITE.oomKilled, CITE.pythonTraceback],
      note: 'The container\u2019s reason is OOMKilled although its exit code is 1: the kernel killed a DataLoader worker inside the container\u2019s cgroup and the trainer then raised. The OOMKilled signal decides the category (DESIGN step 4), the exit code does not; the memory series reaches the limit.',
    };
  }
  const collateral = endPeers(replicas, origin, originAgo, 9, true, shape.framework === 'jax' ? 'jax-heartbeat' : 'nccl-system', originAt);
  expectation.collateralAtLeast = collateral;
  expectation.citation.push(...PEER_CITE[shape.framework === 'jax' ? 'jax-heartbeat' : 'nccl-system']);
  return assemble(shape, {
    name: `dataloader-worker-${cause}-${shape.framework}-${ordering}-tier2`,
    family: 'dataloader-worker',
    ordering,
    tier2: true,
    description: `A DataLoader worker under ${origin.pod}'s trainer dies (${cause}); the trainer raises and exits. The ${collateral} other replicas fail 9 s later.`,
    replicas,
    originPod: origin.pod,
    failedAgo,
    extra,
    expectation,
  });
}

// ---- family: nan-detected (a rank's own numerical check stops the run) --------------------------

function nanCase(shape: Shape, originAt: number, ordering: Ordering, check: 'megatron' | 'jax-debug-nans'): CasePlan {
  const replicas = replicasOf(shape);
  const origin = replicas[originAt]!;
  const failedAgo = 5200;
  const originAgo = failedAgo + 380;
  const rank = originAt * 8 + 5;
  let last: string;
  let logs: string[];
  if (check === 'megatron') {
    // The message names the origin's own node: a node name in the decisive line is not a node fault.
    last = megatronNan(rank, 5, origin.node);
    logs = pythonTraceback(
      [
        ['/opt/megatron-lm/megatron/core/distributed/param_and_grad_buffer.py', 151, 'finish_grad_sync', 'self.start_grad_sync()'],
        ['/opt/megatron-lm/megatron/core/distributed/param_and_grad_buffer.py', 114, 'start_grad_sync', 'assert not norm.isnan(), ('],
      ],
      last,
      `[rank${rank}]: `,
    );
  } else {
    last = 'FloatingPointError: invalid value (nan) encountered in jit(train_step)';
    logs = pythonTraceback([['/app/train.py', 311, 'main', 'state, metrics = p_train_step(state, batch)']], last);
  }
  endReplica(origin, originAgo, 'Error', true, ERROR_1, logs);
  const peers: PeerKind = shape.framework === 'jax' ? 'jax-heartbeat' : 'nccl-system';
  const collateral = endPeers(replicas, origin, originAgo, shape.framework === 'jax' ? 110 : 5, true, peers, originAt);
  return assemble(shape, {
    name: `nan-detected-${check}-${shape.framework}-${ordering}-tier2`,
    family: 'nan-detected',
    ordering,
    tier2: true,
    description: `${origin.pod} stops on its own NaN check (${check === 'megatron' ? 'Megatron-Core\u2019s grad-norm assertion' : 'jax_debug_nans'}) and exits 1; the ${collateral} other replicas fail afterwards (${peers}).`,
    replicas,
    originPod: origin.pod,
    failedAgo,
    expectation: {
      category: 'CRASH_APP_ERROR',
      origin: crash(origin, [last.split(':')[0]!, 'NaN', 'nan', 'exit code 1', 'exit 1']),
      collateralAtLeast: collateral,
      quotedLine: check === 'megatron' ? `Rank ${rank}: found NaN in local grad norm in backward pass before data-parallel communication collective` : last,
      limitationWhenNoOrigin: false,
      citation: [check === 'megatron' ? CITE.megatronNan : CITE.jaxDebugNans, CITE.pythonTraceback, ...PEER_CITE[peers]],
      note:
        check === 'megatron'
          ? 'Megatron-Core asserts on its rank\u2019s local grad norm before the all-reduce, so only the rank that produced the NaN fails; the message names its device and node (the origin\u2019s own), which is not a node fault. The peers\u2019 ncclSystemError follows: collateral.'
          : 'jax_debug_nans re-runs the primitive and raises FloatingPointError on the task that produced the NaN; the other tasks are told by the coordination service ~110 s later that a task stopped sending heartbeats (exit 134, collateral).',
    },
  });
}

// ---- family: checkpoint-write (a write to the shared checkpoint volume fails) -----------------

function checkpointCase(shape: Shape, originAt: number, ordering: Ordering, cause: 'stream-writer' | 'quota' | 'stale'): CasePlan {
  const replicas = replicasOf(shape);
  const origin = replicas[originAt]!;
  const failedAgo = 3900;
  const originAgo = failedAgo + 260;
  const paths = { quota: '/ckpt/run-0412/epoch=7-step=42000.ckpt', stale: '/mnt/ckpt/step_48000/_METADATA' };
  const last =
    cause === 'stream-writer'
      ? streamWriterFailed(37)
      : cause === 'quota'
        ? `OSError: [Errno 122] Disk quota exceeded: '${paths.quota}'`
        : `OSError: [Errno 116] Stale file handle: '${paths.stale}'`;
  const frames: [string, number, string, string][] =
    cause === 'stale'
      ? [['/app/checkpointing.py', 57, 'save', 'with open(path, "wb") as f:']]
      : [
          ['/usr/local/lib/python3.11/site-packages/torch/serialization.py', 967, 'save', '_save('],
          ['/usr/local/lib/python3.11/site-packages/torch/serialization.py', 1268, '_save', 'zip_file.write_record(name, storage, num_bytes)'],
        ];
  endReplica(origin, originAgo, 'Error', true, ERROR_1, pythonTraceback(frames, last));
  const peers: PeerKind = shape.framework === 'jax' ? 'jax-heartbeat' : 'nccl-system';
  const collateral = endPeers(replicas, origin, originAgo, shape.framework === 'jax' ? 105 : 12, true, peers, originAt);
  return assemble(shape, {
    name: `checkpoint-write-${cause}-${shape.framework}-${ordering}-tier2`,
    family: 'checkpoint-write',
    ordering,
    tier2: true,
    description: `${origin.pod} fails while writing a checkpoint to the shared volume (${cause}) and exits 1; the ${collateral} other replicas, waiting in the next collective, fail afterwards (${peers}).`,
    replicas,
    originPod: origin.pod,
    failedAgo,
    expectation: {
      category: 'CRASH_APP_ERROR',
      origin: crash(origin, [last.split(':')[0]!, 'exit code 1', 'exit 1']),
      collateralAtLeast: collateral,
      quotedLine: cause === 'stream-writer' ? 'PytorchStreamWriter failed writing file data/37: file write failed' : last,
      limitationWhenNoOrigin: false,
      citation: [cause === 'stream-writer' ? CITE.inlineContainer : CITE.pythonOsError, CITE.pythonTraceback, ...PEER_CITE[peers]],
      note: 'The volume was mounted (the job ran for an hour), so this is not DATASOURCE_MOUNT_FAILED; the writing rank raised and exited 1 (CRASH_APP_ERROR), the storage error quoted. The others fail afterwards only because a rank left.',
    },
  });
}

// ---- family: gpu-lost-midrun (an Xid on the origin's node, hardware or application) ------------

function gpuLostCase(shape: Shape, originAt: number, ordering: Ordering, xid: 64 | 120 | 43): CasePlan {
  const replicas = replicasOf(shape);
  const origin = replicas[originAt]!;
  const failedAgo = 6100;
  const originAgo = failedAgo + 330;
  const pci = { 64: '0000:0f:00', 120: '0000:9b:00', 43: '0000:5d:00' }[xid];
  const rank = originAt * 8 + 2;
  const what = { 64: 'uncorrectable ECC error encountered', 120: 'unspecified launch failure', 43: 'an illegal memory access was encountered' }[xid];
  endReplica(origin, originAgo, 'Error', true, ERROR_1, cudaErrorLines(rank, what));
  const extra: HeldOutCaseParts['extra'] = { nodeConditions: { [origin.node]: [xidCondition(xidLine[xid](pci), originAgo + 1)] } };
  const collateral = endPeers(replicas, origin, originAgo, 7, true, 'nccl-system');
  const hardware = xid !== 43;
  return assemble(shape, {
    name: `gpu-lost-midrun-xid${xid}-${shape.framework}-${ordering}-tier2`,
    family: 'gpu-lost-midrun',
    ordering,
    tier2: true,
    description: `${origin.node} reports Xid ${xid} (node-problem-detector condition) and ${origin.pod} fails 1 s later with "CUDA error: ${what}"; the ${collateral} other replicas fail 7 s later with ncclSystemError.`,
    replicas,
    originPod: origin.pod,
    failedAgo,
    extra,
    expectation: {
      category: hardware ? 'NODE_FAILURE' : 'CRASH_APP_ERROR',
      origin: crash(origin, hardware ? ['Xid'] : ['Xid', 'CUDA error', 'exit code 1', 'exit 1']),
      collateralAtLeast: collateral,
      quotedLine: `NVRM: Xid (PCI:${pci}): ${xid}`,
      ...(hardware ? {} : { quotedLineAlternatives: [`RuntimeError: CUDA error: ${what}`] }),
      limitationWhenNoOrigin: false,
      citation: [CITE.xidLine, CITE.xidCatalogue, CITE.npdGpuConditions, CITE.cudaError, ...PEER_CITE['nccl-system']],
      note: hardware
        ? `Xid ${xid} (${xid === 64 ? 'row remapper failure' : 'GSP error'}) is a hardware / driver Xid in NVIDIA\u2019s catalogue (DESIGN §4.8): NODE_FAILURE on the origin\u2019s node, whatever the CUDA error the process printed.`
        : 'Xid 43 ("GPU stopped processing") follows a user application fault (NVIDIA\u2019s catalogue; DESIGN §4.8 names it application-attributable): CRASH_APP_ERROR, the Xid or the CUDA error quoted.',
    },
  });
}

// ---- family: coordination-heartbeat (JAX: a task goes silent, the service declares it dead) ----

function coordinationCase(shape: Shape, originAt: number, ordering: Ordering, cause: 'oom' | 'node-lost', tier2: boolean): CasePlan {
  const replicas = replicasOf(shape);
  const origin = replicas[originAt]!;
  const failedAgo = 4300;
  const originAgo = failedAgo + 300;
  const extra: HeldOutCaseParts['extra'] = {};
  let expectation: CaseExpectation;
  if (cause === 'oom') {
    origin.events = [oomEvent(origin.container, originAgo)];
    endReplica(origin, originAgo, 'OOMKilled', tier2, OOM_137);
    extra.memoryUsage = memoryClimb(shape.memory.limit, originAgo);
    expectation = {
      category: 'OOM_KILLED',
      origin: crash(origin, ['OOM']),
      collateralAtLeast: 0,
      quotedLine: 'OOMKilled',
      quotedLineAlternatives: ['was OOM killed'],
      limitationWhenNoOrigin: false,
      citation: [CITE.oomKilled],
      note: 'The coordination service\u2019s "task … heartbeat timeout" and every task\u2019s "Terminating process because the JAX distributed service detected fatal errors" name the dead task but are consequences: the origin is the task whose container was OOM-killed ~100 s earlier.',
    };
  } else {
    origin.events = [podEvent('NodeNotReady', 'Node is not ready', 'node-controller', originAgo)];
    endReplica(origin, originAgo - 240, 'Failed', tier2, SIGTERM_143);
    extra.nodeConditions = { [origin.node]: notReadyConditions(originAgo + 30) };
    expectation = {
      category: 'NODE_FAILURE',
      origin: crash(origin, ['NotReady', 'not ready', 'NodeLost', 'Unknown']),
      collateralAtLeast: 0,
      quotedLine: 'Node is not ready',
      limitationWhenNoOrigin: false,
      citation: [CITE.nodeNotReady, CITE.nodeStatusUnknown],
      note: 'The task\u2019s node stops posting status; the service declares the task dead by heartbeat ~100 s later and the others abort (exit 134). The origin\u2019s own pod ends last (deleted 240 s after the NotReady event): its earliest failure is the event.',
    };
  }
  const collateral = endPeers(replicas, origin, originAgo, 100, tier2, 'jax-heartbeat', originAt);
  expectation.collateralAtLeast = collateral;
  expectation.citation.push(...PEER_CITE['jax-heartbeat']);
  return assemble(shape, {
    name: `coordination-heartbeat-${cause}-${shape.framework}-${ordering}${tier2 ? '-tier2' : ''}`,
    family: 'coordination-heartbeat',
    ordering,
    tier2,
    description: `JAX multi-controller on a JobSet: ${origin.pod} ${cause === 'oom' ? 'is OOM-killed' : 'loses its node'}; ~100 s later the coordination service declares task ${originAt} dead (heartbeat timeout) and the ${collateral} other tasks abort.`,
    replicas,
    originPod: origin.pod,
    failedAgo,
    extra,
    expectation,
  });
}

// ---- family: hydra-abort (Horovod over Intel MPI: the launcher relays a rank's end) -------------

function hydraCase(shape: Shape, ordering: Ordering, cause: 'exception' | 'cuda-assert'): CasePlan {
  const replicas = replicasOf(shape);
  const launcher = replicas[0]!;
  const worker = replicas[2]!;
  const failedAgo = 2900;
  const launcherAgo = failedAgo + 45;
  const rank = 9;
  const last =
    cause === 'exception' ? "TypeError: unsupported operand type(s) for +: 'NoneType' and 'int'" : 'RuntimeError: CUDA error: device-side assert triggered';
  const relayed =
    cause === 'exception'
      ? pythonTraceback([['/app/train_hvd.py', 142, 'train_epoch', 'step = state.step + 1']], last, `[${rank}] `)
      : [
          `[${rank}] /pytorch/aten/src/ATen/native/cuda/Loss.cu:250: nll_loss_forward_reduce_cuda_kernel_2d: block: [0,0,0], thread: [5,0,0] Assertion \`t >= 0 && t < n_classes\` failed.`,
          ...pythonTraceback([['/app/train_hvd.py', 151, 'train_epoch', 'loss.backward()']], last, `[${rank}] `),
        ];
  endReplica(launcher, launcherAgo, 'Error', true, { code: 1, reason: 'Error' }, [...relayed, ...hydraBadTermination(rank, 4242, worker.pod, 'EXIT CODE: 1')]);
  let collateral = 0;
  replicas.forEach((replica, index) => {
    if (index === 0) return;
    collateral += 1;
    endReplica(replica, launcherAgo - 20 - index, 'Error', true, SIGTERM_143);
  });
  return assemble(shape, {
    name: `hydra-abort-${cause}-${shape.framework}-${ordering}-tier2`,
    family: 'hydra-abort',
    ordering,
    tier2: true,
    description: `Horovod over Intel MPI (MPIJob): rank ${rank} on ${worker.pod} raises ${last.split(':')[0]}; Hydra (in the launcher ${launcher.pod}) prints its output rank-prefixed, then "BAD TERMINATION … RANK ${rank} … EXIT CODE: 1", and exits 1. The workers (sshd only) are deleted 20 s later.`,
    replicas,
    originPod: launcher.pod,
    failedAgo,
    expectation: {
      category: 'CRASH_APP_ERROR',
      origin: crash(launcher, [last.split(':')[0]!, 'exit code 1', 'exit 1', 'BAD TERMINATION']),
      collateralAtLeast: collateral,
      quotedLine: last,
      limitationWhenNoOrigin: false,
      citation: [CITE.hydraMpiexec, CITE.intelMpiPrependRank, CITE.pythonTraceback, ...(cause === 'cuda-assert' ? [CITE.cudaError] : [])],
      note: 'The worker pods run only sshd and the Hydra proxy; the one container that failed on its own is the launcher (§4.8: earliest termination). Hydra\u2019s BAD TERMINATION block is a carrier naming rank, host and exit code; the decisive line is the rank\u2019s relayed exception (the last exception line of its traceback). The block names a worker pod as the host: a name in text does not move the origin.',
    },
  });
}

// ---- family: consequence-only (every replica shows a consequence, none a cause) ----------------

function consequenceOnlyCase(shape: Shape, kind: 'nccl-system' | 'jax-heartbeat' | 'hydra-sigterm'): CasePlan {
  const replicas = replicasOf(shape);
  const base = 3300;
  let lines: string[];
  let citation: string[];
  replicas.forEach((replica, index) => {
    const ended = base - (index % 3);
    if (kind === 'nccl-system') endReplica(replica, ended, 'Error', true, ERROR_1, ncclSystemPeer(index * 8));
    else if (kind === 'jax-heartbeat') endReplica(replica, ended, 'Error', true, SIGABRT_134, jaxTerminating(clockAt(ended), (index + 1) % replicas.length));
    else if (index === 0)
      endReplica(replica, ended, 'Error', true, ERROR_1, hydraBadTermination(6, 5120, replicas[1]!.pod, 'KILLED BY SIGNAL: 15 (Terminated)'));
    else endReplica(replica, ended, 'Error', true, SIGTERM_143);
  });
  if (kind === 'nccl-system') {
    lines = ['ncclSystemError', 'unexpected exit of a remote peer'];
    citation = [CITE.ncclSystemError];
  } else if (kind === 'jax-heartbeat') {
    lines = ['JAX distributed service detected fatal errors', 'stopped sending heartbeats'];
    citation = [CITE.jaxClient, CITE.coordinationAgent];
  } else {
    lines = ['KILLED BY SIGNAL: 15', 'BAD TERMINATION OF ONE OF YOUR APPLICATION PROCESSES'];
    citation = [CITE.hydraMpiexec];
  }
  return assemble(shape, {
    name: `consequence-only-${kind}-${shape.framework}-tier2`,
    family: 'consequence-only',
    ordering: 'no-origin',
    tier2: true,
    description: `Every replica ends within 3 s with a consequence only (${kind}); none shows a cause. UNKNOWN, origin null with a limitation, a collateral line quoted.`,
    replicas,
    originPod: null,
    failedAgo: base - 10,
    expectation: {
      category: 'UNKNOWN',
      origin: null,
      collateralAtLeast: 0,
      quotedLine: lines[0]!,
      quotedLineAlternatives: lines.slice(1),
      limitationWhenNoOrigin: true,
      citation,
      note:
        kind === 'jax-heartbeat'
          ? 'Each task says another task stopped sending heartbeats, and each names a different one: accusations, not causes. No replica shows why; UNKNOWN, never a vote.'
          : kind === 'hydra-sigterm'
            ? 'Hydra reports that rank 6 was killed by SIGTERM (signal 15): something outside stopped it, and nothing says what. The launcher is earliest, but its only line is a consequence. UNKNOWN, origin null.'
            : 'ncclSystemError says a system call failed or a remote peer exited unexpectedly: it names no cause. Every replica shows only it. UNKNOWN, origin null with a limitation (issue #23).',
    },
  });
}

// ---- family: steer-by-name (names that say another category) ------------------------------------

function steerCase(shape: Shape, originAt: number, ordering: Ordering, cause: 'oom' | 'app'): CasePlan {
  const replicas = replicasOf(shape);
  const origin = replicas[originAt]!;
  const failedAgo = 3000;
  const originAgo = failedAgo + 180;
  const extra: HeldOutCaseParts['extra'] = {};
  let expectation: CaseExpectation;
  const tier2 = cause === 'app';
  if (cause === 'oom') {
    origin.events = [oomEvent(origin.container, originAgo)];
    endReplica(origin, originAgo, 'OOMKilled', false);
    extra.memoryUsage = memoryClimb(shape.memory.limit, originAgo);
    expectation = {
      category: 'OOM_KILLED',
      origin: crash(origin, ['OOM']),
      collateralAtLeast: 0,
      quotedLine: 'OOMKilled',
      quotedLineAlternatives: ['was OOM killed'],
      limitationWhenNoOrigin: false,
      citation: [CITE.oomKilled],
      note: 'DESIGN §4.8: names never steer. The workload says "nan", the project "checkpoint", the nodes "xid-64": the only signal is an OOM kill.',
    };
  } else {
    const last = "KeyError: 'attention_mask'";
    endReplica(
      origin,
      originAgo,
      'Error',
      true,
      ERROR_1,
      pythonTraceback(
        [['/opt/NeMo/nemo/collections/llm/gpt/data/core.py', 402, 'collate_fn', 'mask = batch["attention_mask"]']],
        last,
        `[rank${originAt * 8}]: `,
      ),
    );
    expectation = {
      category: 'CRASH_APP_ERROR',
      origin: crash(origin, ['KeyError', 'exit code 1', 'exit 1']),
      collateralAtLeast: 0,
      quotedLine: last,
      limitationWhenNoOrigin: false,
      citation: [CITE.pythonTraceback],
      note: 'DESIGN §4.8: names never steer. The workload says "gpu-lost", the project "nccl-errors", the nodes "oom-pool": the origin raised a KeyError and exited 1.',
    };
  }
  const collateral = endPeers(replicas, origin, originAgo, 8, tier2, tier2 ? 'nccl-system' : 'sigterm');
  expectation.collateralAtLeast = collateral;
  if (tier2) expectation.citation.push(...PEER_CITE['nccl-system']);
  return assemble(shape, {
    name: `steer-by-name-${cause}-${shape.framework}-${ordering}${tier2 ? '-tier2' : ''}`,
    family: 'steer-by-name',
    ordering,
    tier2,
    description: `Workload ${shape.name} in project ${shape.project} on nodes ${shape.nodePrefix}…: ${origin.pod} ${cause === 'oom' ? 'is OOM-killed' : 'raises a KeyError'}; the ${collateral} others fail 8 s later.`,
    replicas,
    originPod: origin.pod,
    failedAgo,
    extra,
    expectation,
  });
}

// ---- family: sub-second-order (the order is only in milliseconds inside one second) -----------

function subSecondCase(shape: Shape, originAt: number, ordering: Ordering, kind: 'ordered' | 'tie'): CasePlan {
  const replicas = replicasOf(shape);
  const at = 2200;
  for (const replica of replicas) replica.stamp = 'ms';
  if (kind === 'ordered') {
    const origin = replicas[originAt]!;
    const last = 'ValueError: cannot reshape array of size 3145728 into shape (8,4096,128)';
    // Served from a clock pinned at .700 of a second: the origin at .050, every peer later in the
    // same second (.290–.650), so only the milliseconds order them.
    endReplica(
      origin,
      at + 0.65,
      'Error',
      true,
      ERROR_1,
      pythonTraceback([['/app/train.py', 260, 'shard_batch', 'x = x.reshape(local_devices, seq, dim)']], last),
    );
    let collateral = 0;
    replicas.forEach((replica, index) => {
      if (replica === origin) return;
      collateral += 1;
      const ago = at + 0.41 - (index % 4) * 0.12;
      if (shape.framework === 'jax') endReplica(replica, ago, 'Error', true, SIGABRT_134, jaxTerminating(clockAt(ago), originAt));
      else endReplica(replica, ago, 'Error', true, ERROR_1, ncclSystemPeer(index * 8));
    });
    const peers: PeerKind = shape.framework === 'jax' ? 'jax-heartbeat' : 'nccl-system';
    return assemble(shape, {
      name: `sub-second-order-${kind}-${shape.framework}-${ordering}-tier2`,
      family: 'sub-second-order',
      ordering,
      tier2: true,
      description: `Every replica ends in the same wall-clock second; ${origin.pod} raises ValueError 240–600 ms before the ${collateral} others, which show only consequences. Run:ai and Kubernetes times carry milliseconds.`,
      replicas,
      originPod: origin.pod,
      failedAgo: at - 20,
      expectation: {
        category: 'CRASH_APP_ERROR',
        origin: crash(origin, ['ValueError', 'exit code 1', 'exit 1']),
        collateralAtLeast: collateral,
        quotedLine: last,
        limitationWhenNoOrigin: false,
        citation: [CITE.pythonTraceback, CITE.runaiTimestamps, ...PEER_CITE[peers]],
        note: 'The order is told by the milliseconds the API gives (DESIGN §2: parse timestamps leniently, keep their precision): the ValueError is 240 ms or more before every peer, and it is the only cause. An engine that truncates to seconds sees a tie.',
      },
    });
  }
  // Two independent causes in the same millisecond: a GSP Xid on one node, a DataLoader bus error on another.
  const a = replicas[1]!;
  const b = replicas[replicas.length - 1]!;
  const pci = '0000:2a:00';
  endReplica(a, at + 0.47, 'Error', true, ERROR_1, cudaErrorLines(8, 'unspecified launch failure'));
  endReplica(b, at + 0.47, 'Error', true, ERROR_1, dataLoaderBusError(3301));
  replicas.forEach((replica, index) => {
    if (replica === a || replica === b) return;
    endReplica(replica, at - 6 - (index % 3), 'Error', true, ERROR_1, ncclSystemPeer(index * 8));
  });
  return assemble(shape, {
    name: `sub-second-order-${kind}-${shape.framework}-tier2`,
    family: 'sub-second-order',
    ordering: 'no-origin',
    tier2: true,
    description: `${a.pod} (its node reports Xid 120) and ${b.pod} (a DataLoader bus error) fail in the same millisecond; the rest fail 6–8 s later. Origin null, a limitation; either category.`,
    replicas,
    originPod: null,
    failedAgo: at - 20,
    extra: { nodeConditions: { [a.node]: [xidCondition(xidLine[120](pci), at + 1)] } },
    expectation: {
      category: 'NODE_FAILURE',
      categoryAlternatives: ['CRASH_APP_ERROR'],
      origin: null,
      collateralAtLeast: 0,
      quotedLine: `NVRM: Xid (PCI:${pci}): 120`,
      quotedLineAlternatives: [`DataLoader worker (pid 3301) is killed by signal: Bus error`, 'RuntimeError: CUDA error: unspecified launch failure'],
      limitationWhenNoOrigin: true,
      citation: [CITE.xidLine, CITE.xidCatalogue, CITE.dataLoaderSignals, CITE.runaiTimestamps, ...PEER_CITE['nccl-system']],
      note: 'Two independent causes at the same instant, to the millisecond the API gives: no order, so origin null with a limitation (§4.8); either category, either line.',
    },
  });
}

// ---- the set -------------------------------------------------------------------------------------

const shape = heldOutShape<FrameworkKey>;

/** Every case of the fourth held-out set, in a stable order. */
export function heldOut4Cases(): CasePlan[] {
  return [
    // launcher-carrier
    launcherCarrierCase(
      shape('segformer-ade-ddp', 'lightning', 4, 'l40s-ltn-', 'vision-seg', 'a.morales@example.com', ['128Gi', '160Gi'], 8, 7000),
      2,
      'origin-middle',
      'value',
    ),
    launcherCarrierCase(
      shape('nemo2-llama31-8b', 'nemo2', 5, 'h100-nm2-', 'llm-pt-n2', 'b.kowalski@example.com', ['400Gi', '480Gi'], 8, 9000),
      4,
      'origin-last',
      'device-assert',
    ),
    launcherCarrierCase(
      shape('vit-huge-trainjob', 'trainjob', 4, 'a100-tj-', 'vision-tj', 'c.nakamura@example.com', ['200Gi', '240Gi'], 8, 6500),
      1,
      'origin-first',
      'key',
    ),
    // dataloader-worker
    dataLoaderCase(
      shape('detr-coco-ltn', 'lightning', 3, 'a10g-dl-', 'det-train', 'd.okonkwo@example.com', ['64Gi', '96Gi'], 4, 8000),
      3,
      'origin-last',
      'bus-error',
    ),
    dataLoaderCase(
      shape('whisper-ft-tj', 'trainjob', 5, 'h100-dl-', 'speech-ft', 'e.lindqvist@example.com', ['256Gi', '300Gi'], 8, 9000),
      0,
      'origin-first',
      'segfault',
    ),
    dataLoaderCase(
      shape('clip-jax-pretrain', 'jax', 4, 'h200-dlj-', 'mm-pretrain', 'f.romano@example.com', ['320Gi', '384Gi'], 8, 10000),
      2,
      'origin-middle',
      'oom-killed',
    ),
    // nan-detected
    nanCase(
      shape('nemo2-mixtral-8x7b', 'nemo2', 6, 'h100-nan-', 'moe-pt-n2', 'g.haddad@example.com', ['600Gi', '700Gi'], 8, 20000),
      3,
      'origin-middle',
      'megatron',
    ),
    nanCase(
      shape('gpt-moe-trainjob', 'trainjob', 4, 'b200-nan-', 'moe-tj', 'h.jensen@example.com', ['500Gi', '560Gi'], 8, 15000),
      0,
      'origin-first',
      'megatron',
    ),
    nanCase(
      shape('gemma-jax-sft', 'jax', 4, 'h100-jnan-', 'lm-sft-jax', 'i.sato@example.com', ['300Gi', '360Gi'], 8, 12000),
      3,
      'origin-last',
      'jax-debug-nans',
    ),
    // checkpoint-write
    checkpointCase(
      shape('llama-tj-cpt', 'trainjob', 5, 'h100-ckw-', 'lm-cpt-tj', 'j.abara@example.com', ['400Gi', '480Gi'], 8, 9000),
      0,
      'origin-last',
      'stream-writer',
    ),
    checkpointCase(
      shape('convnext-ltn-ckpt', 'lightning', 3, 'l40-ckq-', 'vision-ckpt', 'k.varga@example.com', ['96Gi', '128Gi'], 4, 8000),
      0,
      'origin-first',
      'quota',
    ),
    checkpointCase(shape('t5x-jax-ckpt', 'jax', 5, 'a100-cks-', 'lm-t5x', 'l.moreau@example.com', ['200Gi', '240Gi'], 8, 11000), 2, 'origin-middle', 'stale'),
    checkpointCase(
      shape('nemo2-nemotron-ckpt', 'nemo2', 4, 'h200-ckw-', 'lm-nemotron', 'm.farouk@example.com', ['500Gi', '560Gi'], 8, 12000),
      0,
      'origin-middle',
      'stream-writer',
    ),
    // gpu-lost-midrun
    gpuLostCase(shape('nemo2-gpt-40b', 'nemo2', 5, 'h100-rr-', 'foundation-n2', 'n.petrov@example.com', ['600Gi', '700Gi'], 8, 14000), 3, 'origin-first', 64),
    gpuLostCase(
      shape('dit-xl-trainjob', 'trainjob', 4, 'gb200-gsp-', 'diffusion-tj', 'o.mensah@example.com', ['400Gi', '480Gi'], 4, 13000),
      2,
      'origin-last',
      120,
    ),
    gpuLostCase(shape('sam2-ltn-ft', 'lightning', 4, 'a100-x43-', 'vision-sam', 'p.ortiz@example.com', ['160Gi', '192Gi'], 8, 11000), 1, 'origin-middle', 43),
    // coordination-heartbeat
    coordinationCase(
      shape('paxml-jax-lm', 'jax', 5, 'h100-coo-', 'lm-pax', 'q.yamamoto@example.com', ['400Gi', '480Gi'], 8, 9000),
      3,
      'origin-middle',
      'oom',
      true,
    ),
    coordinationCase(
      shape('maxdiff-jax-sd', 'jax', 4, 'a100-coo-', 'diffusion-jax', 'r.oyelaran@example.com', ['256Gi', '300Gi'], 8, 9500),
      1,
      'origin-last',
      'node-lost',
      true,
    ),
    coordinationCase(
      shape('levanter-jax-7b', 'jax', 4, 'l40s-coo-', 'lm-levanter', 's.dubois@example.com', ['192Gi', '224Gi'], 8, 8500),
      2,
      'origin-first',
      'oom',
      false,
    ),
    // hydra-abort
    hydraCase(
      shape('hvd-resnet-impi', 'horovod', 4, 'xe8640-hvd-', 'vision-hvd', 't.nguyen@example.com', ['128Gi', '160Gi'], 4, 6000),
      'origin-first',
      'exception',
    ),
    hydraCase(shape('hvd-bert-impi', 'horovod', 3, 'a100-hvd-', 'nlp-hvd', 'u.schmidt@example.com', ['160Gi', '192Gi'], 8, 7000), 'origin-last', 'cuda-assert'),
    hydraCase(shape('hvd-unet-impi', 'horovod', 4, 'h100-hvd-', 'med-hvd', 'v.alvarez@example.com', ['128Gi', '160Gi'], 8, 6500), 'origin-middle', 'exception'),
    // consequence-only
    consequenceOnlyCase(
      shape('effnet-ltn-silent', 'lightning', 4, 'a10-sil4-', 'vision-silent', 'w.brandt@example.com', ['64Gi', '96Gi'], 4, 6000),
      'nccl-system',
    ),
    consequenceOnlyCase(
      shape('mistral-jax-silent', 'jax', 4, 'h100-sil4-', 'lm-silent-jax', 'x.ibrahim@example.com', ['300Gi', '360Gi'], 8, 8000),
      'jax-heartbeat',
    ),
    consequenceOnlyCase(
      shape('hvd-wavenet-silent', 'horovod', 3, 'v100-sil4-', 'audio-hvd', 'y.tanaka@example.com', ['96Gi', '128Gi'], 4, 7000),
      'hydra-sigterm',
    ),
    // steer-by-name
    steerCase(
      shape('nan-loss-debug', 'trainjob', 4, 'xid-64-quarantine-', 'checkpoint-io', 'z.hoffmann@example.com', ['200Gi', '240Gi'], 8, 5000),
      2,
      'origin-middle',
      'oom',
    ),
    steerCase(shape('gpu-lost-retry', 'nemo2', 4, 'oom-pool-', 'nccl-errors', 'a.kaur@example.com', ['320Gi', '384Gi'], 8, 6000), 1, 'origin-last', 'app'),
    // sub-second-order
    subSecondCase(
      shape('ltn-vit-ms', 'lightning', 4, 'h100-ms4-', 'vision-ms-ltn', 'b.larsen@example.com', ['200Gi', '240Gi'], 8, 5000),
      1,
      'origin-first',
      'ordered',
    ),
    subSecondCase(
      shape('nemo2-ms-order', 'nemo2', 5, 'a100-ms4-', 'lm-ms-n2', 'c.dimitrov@example.com', ['300Gi', '360Gi'], 8, 6000),
      2,
      'origin-middle',
      'ordered',
    ),
    subSecondCase(shape('tj-ms-last', 'trainjob', 4, 'l40s-ms4-', 'vision-ms', 'd.osei@example.com', ['128Gi', '160Gi'], 8, 5000), 0, 'origin-last', 'ordered'),
    subSecondCase(shape('ltn-ms-tie', 'lightning', 4, 'h200-tie4-', 'vision-tie4', 'e.rossi@example.com', ['160Gi', '192Gi'], 8, 5000), 0, 'no-origin', 'tie'),
  ];
}
