/**
 * The third held-out distributed set (fixtures/distributed-heldout-3), generated like the first
 * two (families × frameworks × orderings, through buildHeldOutCase) with launchers, collateral
 * formats and origin signals neither has: torchrun's elastic agent (restarts, the ChildFailedError
 * summary, RendezvousClosedError on the survivors), Ray Train's wrapped exceptions, NCCL's
 * ncclRemoteError and ProcessGroupNCCL's heartbeat monitor (exit 134, not 143), Xids of both
 * attributions (74 and 119 are the node's, 13 and 31 the application's), one replica that never
 * starts (a mount or an image pull) while its peers time out, failure times held only by an event
 * or only by the paged history, a launcher that relays a remote rank's error through pdsh, names
 * that say another category, ties at millisecond precision, and jobs whose every replica shows
 * only collateral.
 *
 * It was written without reading the engine (functions/diagnosis/): every expectation follows
 * from what the upstream message means and from DESIGN §2 and §4.8. Every message text is an
 * upstream format, cited next to the helper that writes it and in the case's `citation`.
 */
import { parseGi, stableId, type CaseExpectation, type CasePlan, type PodEventPlan, type ReplicaPlan } from './buildHeldOutCase.js';
import { assembleHeldOutCase, type HeldOutCaseParts, type HeldOutFramework } from './assembleHeldOutCase.js';
import { clockAt } from './clockAt.js';
import { ERROR_1, SIGTERM_143, endReplica } from './endReplica.js';
import { notReadyConditions, oomEvent, podEvent, xidCondition } from './eventAndConditionPlans.js';
import { generateNameSuffix, heldOutShape, rosterReplicas, v1Compute, v1Common, type HeldOutMember, type HeldOutShape } from './heldOutShape.js';
import { pythonTraceback } from './pythonTraceback.js';

/** Upstream sources of the message formats this set uses. */
const CITE = {
  // torchrun's summary: "Root Cause (first observed failure):" with time/host/rank/exitcode/error_file/traceback
  childFailed: 'https://github.com/pytorch/pytorch/blob/main/torch/distributed/elastic/multiprocessing/errors/__init__.py',
  // "[%s] Worker group %s. %s/%s attempts left; will restart worker group"
  elasticAgent: 'https://github.com/pytorch/pytorch/blob/main/torch/distributed/elastic/agent/server/api.py',
  // RendezvousClosedError raised by the survivors' agents once the failed node closed the rendezvous
  rendezvousClosed: 'https://github.com/pytorch/pytorch/blob/main/torch/distributed/elastic/rendezvous/dynamic_rendezvous.py',
  rendezvousApi: 'https://github.com/pytorch/pytorch/blob/main/torch/distributed/elastic/rendezvous/api.py',
  // "ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely."
  ncclRemoteError: 'https://github.com/pytorch/pytorch/blob/main/torch/csrc/distributed/c10d/NCCLUtils.cpp',
  ncclResultDocs: 'https://docs.nvidia.com/deeplearning/nccl/user-guide/docs/api/types.html',
  // "Heartbeat monitor timed out! Process will be terminated after dumping debug info." / "ProcessGroupNCCL's watchdog got stuck for %d seconds …"
  // and "Watchdog caught collective operation timeout: WorkNCCL(SeqNum=…"
  processGroupNccl: 'https://github.com/pytorch/pytorch/blob/main/torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp',
  // gloo: GLOO_ERROR_MSG("Read error ", peer_.str(), ": ", strerror(errno))
  glooPair: 'https://github.com/pytorch/gloo/blob/main/gloo/transport/tcp/pair.cc',
  // c10d TCPStore::waitForWorkers: "Timed out after %d seconds waiting for clients. %d/%d clients joined."
  tcpStoreWaitForWorkers: 'https://github.com/pytorch/pytorch/blob/main/torch/csrc/distributed/c10d/TCPStore.cpp',
  // torch.OutOfMemoryError: "CUDA out of memory. Tried to allocate …"
  cudaOom: 'https://github.com/pytorch/pytorch/blob/main/c10/cuda/CUDACachingAllocator.cpp',
  cudaError: 'https://github.com/pytorch/pytorch/blob/main/c10/cuda/CUDAException.cpp',
  // RayTaskError(<cause>) naming and ActorDiedError "The actor died unexpectedly before finishing this task."
  rayExceptions: 'https://github.com/ray-project/ray/blob/master/python/ray/exceptions.py',
  // "Worker unexpectedly exits with a connection error code 2. End of file. There are some potential root causes. …"
  rayWorkerExit: 'https://github.com/ray-project/ray/blob/master/src/ray/core_worker/core_worker.cc',
  rayOomDocs: 'https://docs.ray.io/en/latest/ray-core/scheduling/ray-oom-prevention.html',
  // TrainingFailedError._RESTORE_MSG "The Ray Train run failed. Please inspect the previous error messages for a cause. …"
  rayTrainFailed: 'https://github.com/ray-project/ray/blob/master/python/ray/train/base_trainer.py',
  kuberayPodNames: 'https://github.com/ray-project/kuberay/blob/master/ray-operator/controllers/ray/utils/util.go',
  lwsPodNames: 'https://github.com/kubernetes-sigs/lws/blob/main/pkg/controllers/pod_controller.go',
  sglangMultiNode: 'https://github.com/sgl-project/sglang/blob/main/docs/references/multi_node_deployment/multi_node.md',
  // JobSet: "jobset failed due to one or more job failures" (FailedJobs); pods <jobset>-<replicatedJob>-<jobIndex>-<podIndex>-<suffix>
  jobsetConstants: 'https://github.com/kubernetes-sigs/jobset/blob/main/pkg/constants/constants.go',
  jobsetNames: 'https://github.com/kubernetes-sigs/jobset/blob/main/pkg/controllers/jobset_controller.go',
  // Volcano job pods <job>-<task>-<index>
  volcanoPodNames: 'https://github.com/volcano-sh/volcano/blob/master/pkg/controllers/job/helpers/helpers.go',
  // DeepSpeed multi-node through pdsh: "pdsh@%s: %s: ssh exited with exit code %d" (pdsh's ssh module) prefixed per host
  deepspeedRunner: 'https://github.com/deepspeedai/DeepSpeed/blob/master/deepspeed/launcher/multinode_runner.py',
  pdshSsh: 'https://github.com/chaos/pdsh/blob/master/src/modules/sshcmd.c',
  mpiOperator: 'https://github.com/kubeflow/mpi-operator/blob/master/pkg/controller/mpi_job_controller.go',
  trainingOperatorFailed: 'https://github.com/kubeflow/training-operator/blob/master/pkg/controller.v1/pytorch/pytorchjob_controller.go',
  trainingOperatorElastic: 'https://www.kubeflow.org/docs/components/trainer/legacy-v1/user-guides/pytorch/',
  // Xid lines "NVRM: Xid (PCI:%s): %d, …" and the catalogue (74 NVLink, 119 GSP: hardware; 13, 31: application)
  xidLine: 'https://github.com/NVIDIA/open-gpu-kernel-modules/blob/main/src/nvidia/src/kernel/gpu/rc/kernel_rc.c',
  xidCatalogue: 'https://docs.nvidia.com/deploy/xid-errors/index.html',
  npdGpuConditions: 'https://learn.microsoft.com/en-us/azure/aks/gpu-health-monitoring',
  // kubelet: "MountVolume.SetUp failed for volume %q : %v" / "MountVolume.MountDevice failed for volume %q : %v"
  kubeletMount: 'https://github.com/kubernetes/kubernetes/blob/master/pkg/volume/util/operationexecutor/operation_generator.go',
  // mount-utils: "mount failed: %v\nMounting command: %s\nMounting arguments: %s\nOutput: %s"
  mountUtils: 'https://github.com/kubernetes/mount-utils/blob/master/mount_linux.go',
  // kubelet: "Failed to pull image %q: %v", "Error: ErrImagePull", "Back-off pulling image %q"
  kubeletImagePull: 'https://github.com/kubernetes/kubernetes/blob/master/pkg/kubelet/images/image_manager.go',
  containerdResolver: 'https://github.com/containerd/containerd/blob/main/core/remotes/docker/resolver.go',
  nodeNotReady: 'https://github.com/kubernetes/kubernetes/blob/master/pkg/controller/util/node/controller_utils.go',
  nodeStatusUnknown: 'https://github.com/kubernetes/kubernetes/blob/master/pkg/controller/nodelifecycle/node_lifecycle_controller.go',
  kubeletBackOff: 'https://github.com/kubernetes/kubernetes/blob/master/pkg/kubelet/kuberuntime/kuberuntime_manager.go',
  oomKilled: 'https://kubernetes.io/docs/tasks/configure-pod-container/assign-memory-resource/',
  runaiTimestamps: 'https://api-docs.run.ai/latest/tag/Workloads',
  runaiHistory: 'https://api-docs.run.ai/latest/tag/Workloads#operation/get_workload_history',
  pythonTraceback: 'https://docs.python.org/3/library/traceback.html',
} as const;

type Ordering = CasePlan['ordering'];
type FrameworkKey = 'elastic' | 'megatron' | 'deepspeed' | 'ray-train' | 'sglang' | 'jobset' | 'volcano';

type Shape = HeldOutShape<FrameworkKey>;

const IMAGES: Record<FrameworkKey, string> = {
  elastic: 'registry.example.com/llm/torchtitan:2025.10-cu126',
  megatron: 'nvcr.io/nvidia/nemo:25.09',
  deepspeed: 'registry.example.com/llm/deepspeed-train:0.17.5-pdsh',
  'ray-train': 'registry.example.com/recsys/ray-train:2.49.0-py311-cu124',
  sglang: 'registry.example.com/serving/sglang:v0.5.4-cu126',
  jobset: 'registry.example.com/research/maxtext-gpu:2025.11',
  volcano: 'registry.example.com/hpc/volcano-pytorch:2.8.0',
};

/** Five lowercase alphanumerics, as a generateName suffix (deterministic here). */
const suffix = (seed: string) => generateNameSuffix(seed, 11, 31);

/**
 * Pod naming per controller: training-operator `<job>-<replica>-<index>` (an elastic PyTorchJob
 * has Worker replicas only), mpi-operator `<job>-launcher-<hash>` / `<job>-worker-<n>`, KubeRay
 * `<cluster>-head-<hash>` / `<cluster>-<group>-worker-<hash>`, LeaderWorkerSet `<name>-0` /
 * `<name>-0-<n>`, JobSet `<jobset>-<replicatedJob>-<jobIndex>-<podIndex>-<hash>`, Volcano
 * `<job>-<task>-<index>`.
 */
function members(shape: Shape): HeldOutMember[] {
  const { name, workers } = shape;
  const range = (count: number) => Array.from({ length: count }, (_, index) => index);
  switch (shape.framework) {
    case 'elastic':
      return range(workers).map((rank) => ({ pod: `${name}-worker-${rank}`, container: 'pytorch', role: 'Worker' }));
    case 'megatron':
      return [
        { pod: `${name}-master-0`, container: 'pytorch', role: 'Master' },
        ...range(workers).map((rank) => ({ pod: `${name}-worker-${rank}`, container: 'pytorch', role: 'Worker' })),
      ];
    case 'deepspeed':
      return [
        { pod: `${name}-launcher-${suffix(name)}`, container: 'launcher', role: 'Launcher' },
        ...range(workers).map((rank) => ({ pod: `${name}-worker-${rank}`, container: 'worker', role: 'Worker' })),
      ];
    case 'ray-train': {
      const cluster = `${name}-${suffix(`${name}/cluster`)}`;
      return [
        { pod: `${cluster}-head-${suffix(`${name}/head`)}`, container: 'ray-head', role: 'Head' },
        ...range(workers).map((rank) => ({
          pod: `${cluster}-gpu-group-worker-${suffix(`${name}/worker/${rank}`)}`,
          container: 'ray-worker',
          role: 'Worker',
        })),
      ];
    }
    case 'sglang':
      return [
        { pod: `${name}-0`, container: 'sglang-leader', role: 'Leader' },
        ...range(workers).map((rank) => ({ pod: `${name}-0-${rank + 1}`, container: 'sglang-worker', role: 'Worker' })),
      ];
    case 'jobset':
      return range(workers).map((rank) => ({ pod: `${name}-trainers-0-${rank}-${suffix(`${name}/${rank}`)}`, container: 'maxtext', role: 'Worker' }));
    case 'volcano':
      return [
        { pod: `${name}-master-0`, container: 'master', role: 'Master' },
        ...range(workers).map((rank) => ({ pod: `${name}-worker-${rank}`, container: 'worker', role: 'Worker' })),
      ];
  }
}

const RUNAI_TYPE: Record<FrameworkKey, string> = {
  elastic: 'Distributed',
  megatron: 'Distributed',
  deepspeed: 'Distributed',
  'ray-train': 'RayJob',
  sglang: 'distributed-inference',
  jobset: 'JobSet',
  volcano: 'VolcanoJob',
};
const DISTRIBUTED_FRAMEWORK: Partial<Record<FrameworkKey, string>> = { elastic: 'PyTorch', megatron: 'PyTorch', deepspeed: 'MPI' };

/** The controller's job-level failure message (training-operator, mpi-operator, JobSet); none for Ray, LWS and Volcano. */
function failedMessage(shape: Shape, role: string): { reason: string; message: string } | null {
  if (shape.framework === 'elastic' || shape.framework === 'megatron')
    return { reason: 'PyTorchJobFailed', message: `PyTorchJob ${shape.name} is failed because 1 ${role} replica(s) failed.` };
  if (shape.framework === 'deepspeed') return { reason: 'MPIJobFailed', message: `MPIJob runai-${shape.project}/${shape.name} has failed` };
  if (shape.framework === 'jobset') return { reason: 'FailedJobs', message: 'jobset failed due to one or more job failures' };
  return null;
}

const replicasOf = (shape: Shape): ReplicaPlan[] => rosterReplicas(shape, members(shape), IMAGES[shape.framework], 21);

function v1Spec(shape: Shape, restartPolicy: string): CasePlan['spec'] {
  const compute = v1Compute(shape);
  const image = IMAGES[shape.framework];
  const common = v1Common(shape);
  if (shape.framework === 'sglang')
    return {
      kind: 'v1',
      body: {
        ...common,
        spec: {
          category: 'Deploy',
          restartPolicy,
          workers: shape.workers,
          replicas: 1,
          servingPort: { port: 30000, protocol: 'http' },
          leader: {
            image,
            command: 'python3',
            args: `-m sglang.launch_server --model-path /models/deepseek-v3 --tp ${8 * (shape.workers + 1)} --nnodes ${shape.workers + 1} --node-rank 0 --dist-init-addr $(LWS_LEADER_ADDRESS):20000`,
            compute,
          },
          worker: {
            image,
            command: 'python3',
            args: `-m sglang.launch_server --model-path /models/deepseek-v3 --tp ${8 * (shape.workers + 1)} --nnodes ${shape.workers + 1} --node-rank $(LWS_WORKER_INDEX) --dist-init-addr $(LWS_LEADER_ADDRESS):20000`,
            compute,
          },
        },
      },
    };
  const command =
    shape.framework === 'elastic'
      ? 'torchrun --nnodes=2:8 --nproc-per-node=8 --max-restarts=2 --rdzv-backend=c10d -m torchtitan.train'
      : shape.framework === 'deepspeed'
        ? 'deepspeed --hostfile /etc/mpi/hostfile --launcher pdsh pretrain_gpt.py --deepspeed_config ds_zero3.json'
        : 'torchrun --nproc-per-node=8 /opt/NeMo/examples/nlp/language_modeling/megatron_gpt_pretraining.py';
  const submitted = { image, command, imagePullPolicy: 'IfNotPresent', restartPolicy, compute, backoffLimit: 0 };
  return {
    kind: 'v1',
    body: {
      ...common,
      spec: { ...submitted, distributedFramework: DISTRIBUTED_FRAMEWORK[shape.framework], numWorkers: shape.workers },
      ...(shape.framework === 'elastic' ? { masterSpecSameAsWorker: true } : { masterSpec: submitted, masterSpecSameAsWorker: false }),
    },
  };
}

/** Workloads V2 bodies: a RayJob (head without GPUs), a JobSet, a Volcano Job. */
function v2Spec(shape: Shape): CasePlan['spec'] {
  const resources = (gpus: number) => ({
    requests: { memory: shape.memory.request, cpu: '16', ...(gpus ? { 'nvidia.com/gpu': String(gpus) } : {}) },
    limits: { memory: shape.memory.limit, ...(gpus ? { 'nvidia.com/gpu': String(gpus) } : {}) },
  });
  const container = (name: string, gpus: number) => ({ name, image: IMAGES[shape.framework], resources: resources(gpus) });
  const namespace = `runai-${shape.project}`;
  const manifest =
    shape.framework === 'ray-train'
      ? {
          apiVersion: 'ray.io/v1',
          kind: 'RayJob',
          metadata: { name: shape.name, namespace },
          spec: {
            entrypoint: 'python /app/train_torch.py',
            rayClusterSpec: {
              headGroupSpec: { template: { spec: { containers: [container('ray-head', 0)] } } },
              workerGroupSpecs: [
                { groupName: 'gpu-group', replicas: shape.workers, template: { spec: { containers: [container('ray-worker', shape.gpus)] } } },
              ],
            },
          },
        }
      : shape.framework === 'jobset'
        ? {
            apiVersion: 'jobset.x-k8s.io/v1alpha2',
            kind: 'JobSet',
            metadata: { name: shape.name, namespace },
            spec: {
              failurePolicy: { maxRestarts: 0 },
              replicatedJobs: [
                {
                  name: 'trainers',
                  replicas: 1,
                  template: {
                    spec: {
                      parallelism: shape.workers,
                      completions: shape.workers,
                      backoffLimit: 0,
                      template: { spec: { restartPolicy: 'Never', containers: [container('maxtext', shape.gpus)] } },
                    },
                  },
                },
              ],
            },
          }
        : {
            apiVersion: 'batch.volcano.sh/v1alpha1',
            kind: 'Job',
            metadata: { name: shape.name, namespace },
            spec: {
              minAvailable: shape.workers + 1,
              schedulerName: 'volcano',
              plugins: { pytorch: ['--master=master', '--worker=worker', '--port=23456'] },
              policies: [{ event: 'PodFailed', action: 'AbortJob' }],
              tasks: [
                { name: 'master', replicas: 1, template: { spec: { restartPolicy: 'Never', containers: [container('master', shape.gpus)] } } },
                { name: 'worker', replicas: shape.workers, template: { spec: { restartPolicy: 'Never', containers: [container('worker', shape.gpus)] } } },
              ],
            },
          };
  return {
    kind: 'v2',
    body: {
      workload: {
        metadata: {
          name: shape.name,
          gvk: {
            group: manifest.apiVersion.split('/')[0],
            version: manifest.apiVersion.split('/')[1],
            kind: manifest.kind,
          },
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

/** CITE.elasticAgent: the agent restarting its local worker group after a failure. */
const elasticRestart = (clock: string, left: number, max: number) =>
  `[2026-12-03 ${clock},118] torch.distributed.elastic.agent.server.api: [INFO] [default] Worker group FAILED. ${left}/${max} attempts left; will restart worker group`;

/** CITE.childFailed: torchrun's closing summary once no restart is left. */
const childFailedSummary = (script: string, clock: string, host: string, rank: number, pid: number) => [
  'torch.distributed.elastic.multiprocessing.errors.ChildFailedError: ',
  '============================================================',
  `${script} FAILED`,
  '------------------------------------------------------------',
  'Failures:',
  '  <NO_OTHER_FAILURES>',
  '------------------------------------------------------------',
  'Root Cause (first observed failure):',
  '[0]:',
  `  time      : 2026-12-03_${clock}`,
  `  host      : ${host}`,
  `  rank      : ${rank} (local_rank: ${rank % 8})`,
  `  exitcode  : 1 (pid: ${pid})`,
  '  error_file: <N/A>',
  '  traceback : To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html',
  '============================================================',
];

/** CITE.rendezvousClosed / CITE.rendezvousApi: a survivor's agent finds the rendezvous closed. */
const rendezvousClosed = () =>
  pythonTraceback(
    [
      ['/usr/local/bin/torchrun', 8, '<module>', 'sys.exit(main())'],
      [
        '/usr/local/lib/python3.11/site-packages/torch/distributed/elastic/rendezvous/dynamic_rendezvous.py',
        1172,
        'next_rendezvous',
        'self._op_executor.run(join_op, deadline, self._get_deadline)',
      ],
      ['/usr/local/lib/python3.11/site-packages/torch/distributed/elastic/rendezvous/dynamic_rendezvous.py', 665, 'run', 'raise RendezvousClosedError'],
    ],
    'torch.distributed.elastic.rendezvous.api.RendezvousClosedError',
  );

/** CITE.ncclRemoteError: NCCLUtils' detail string for ncclRemoteError, raised as DistBackendError. */
const ncclRemote = (rank: number, peerIp: string) => [
  `[rank${rank}]: torch.distributed.DistBackendError: NCCL error in: /pytorch/torch/csrc/distributed/c10d/NCCLUtils.cpp:77, remote process exited or there was a network error, NCCL version 2.26.2`,
  `[rank${rank}]: ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.`,
  `[rank${rank}]: Last error:`,
  `[rank${rank}]: socketPollConnect: connect to ${peerIp}<36529> returned Connection refused, exceeded error retry count (35)`,
];

/** CITE.processGroupNccl: the heartbeat monitor's abort when the watchdog is stuck (exit 134). */
const heartbeatMonitor = (rank: number, clock: string, seconds: number) => [
  `[rank${rank}]:[E1203 ${clock}.901220 1147 ProcessGroupNCCL.cpp:1463] [PG ID 0 PG GUID 0(default_pg) Rank ${rank}] Heartbeat monitor timed out! Process will be terminated after dumping debug info. workMetaList_.size()=1`,
  `[rank${rank}]:[F1203 ${clock}.901400 1147 ProcessGroupNCCL.cpp:1481] [PG ID 0 PG GUID 0(default_pg) Rank ${rank}] ProcessGroupNCCL's watchdog got stuck for ${seconds} seconds without making progress in monitoring enqueued collectives. This typically indicates a NCCL/CUDA API (e.g., CudaEventDestroy) hang blocking the watchdog, and could be triggered by another thread holding the GIL inside a CUDA api (for example, CudaEventDestroy), or other deadlock-prone behaviors.`,
];

/** CITE.processGroupNccl: the watchdog's collective timeout, then the abort. */
const watchdogTimeout = (rank: number, seq: number, clock: string, timeoutMs: number) => [
  `[rank${rank}]:[E1203 ${clock}.220413 ProcessGroupNCCL.cpp:632] [Rank ${rank}] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=${seq}, OpType=_ALLGATHER_BASE, NumelIn=67108864, NumelOut=536870912, Timeout(ms)=${timeoutMs}) ran for ${timeoutMs + 57 + rank} milliseconds before timing out.`,
  `[rank${rank}]:[E1203 ${clock}.220901 ProcessGroupNCCL.cpp:2168] [PG ID 0 PG GUID 0(default_pg) Rank ${rank}] Process group watchdog thread terminated with exception: [Rank ${rank}] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=${seq}, OpType=_ALLGATHER_BASE) ran for ${timeoutMs + 57 + rank} milliseconds before timing out.`,
  "terminate called after throwing an instance of 'c10::DistBackendError'",
];

/** CITE.glooPair: a gloo read that hits a reset connection, surfaced as RuntimeError. */
const glooReset = (rank: number, peer: string) => [
  `[rank${rank}]: RuntimeError: [../third_party/gloo/gloo/transport/tcp/pair.cc:534] Read error [${peer}]:${19000 + rank * 13}: Connection reset by peer`,
];

/** CITE.tcpStoreWaitForWorkers: rank 0's store gives up on the clients that never joined. */
const distStoreTimeout = (seconds: number, joined: number, total: number) => [
  '[rank0]: Traceback (most recent call last):',
  '[rank0]:   File "/opt/NeMo/examples/nlp/language_modeling/megatron_gpt_pretraining.py", line 40, in main',
  '[rank0]:     trainer.fit(model)',
  `[rank0]: torch.distributed.DistStoreError: Timed out after ${seconds} seconds waiting for clients. ${joined}/${total} clients joined.`,
];

/** CITE.cudaOom: the caching allocator's message, raised as torch.OutOfMemoryError. */
const cudaOom = (gpu: number, prefix = '') =>
  `${prefix}torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 7.50 GiB. GPU ${gpu} has a total capacity of 79.10 GiB of which 3.21 GiB is free. Including non-PyTorch memory, this process has 75.87 GiB memory in use. Of the allocated memory 71.02 GiB is allocated by PyTorch, and 3.31 GiB is reserved by PyTorch but unallocated.`;

/** CITE.rayExceptions + CITE.rayWorkerExit: the driver's view of an actor whose worker process was SIGKILLed. */
const rayActorDiedSystem = (className: string, ip: string) => [
  'ray.exceptions.ActorDiedError: The actor died unexpectedly before finishing this task.',
  `\tclass_name: ${className}`,
  '\tactor_id: 6a1f0c5d9be2447e81c3d2f501000000',
  '\tpid: 2817',
  `\tip: ${ip}`,
  'The actor is dead because its worker process has died. Worker exit type: SYSTEM_ERROR Worker exit detail: Worker unexpectedly exits with a connection error code 2. End of file. There are some potential root causes. (1) The process is killed by SIGKILL by OOM killer due to high memory usage. (2) ray stop --force is called. (3) The worker is crashed unexpectedly due to SIGSEGV or other unexpected errors.',
];

/** CITE.rayExceptions (RayTaskError(<cause>)) + CITE.rayTrainFailed: Ray Train re-raising a worker's exception in the driver. */
const rayTrainWrapped = (cause: string, ip: string) => [
  'Traceback (most recent call last):',
  '  File "/usr/local/lib/python3.11/site-packages/ray/train/_internal/backend_executor.py", line 661, in get_next_results',
  '    results = self.get_with_failure_handling(futures)',
  '  File "/usr/local/lib/python3.11/site-packages/ray/train/_internal/utils.py", line 54, in check_for_failure',
  '    ray.get(object_ref)',
  `ray.exceptions.RayTaskError(${cause.split(':')[0]}): ray::_RayTrainWorker__execute.get_next() (pid=4411, ip=${ip}, actor_id=b07e2c1f85d34c0aa2f6e91c01000000, repr=<ray.train._internal.worker_group.RayTrainWorker object at 0x7f31c8d2e910>)`,
  '  File "/app/train_torch.py", line 141, in train_loop_per_worker',
  '    batch = collate(next(it))',
  '  File "/app/data.py", line 58, in collate',
  '    raise ValueError(f"feature {name!r} has {len(v)} values, expected {width}")',
  cause,
  '',
  'The above exception was the direct cause of the following exception:',
  '',
  'Traceback (most recent call last):',
  '  File "/app/train_torch.py", line 212, in <module>',
  '    result = trainer.fit()',
  '  File "/usr/local/lib/python3.11/site-packages/ray/train/base_trainer.py", line 638, in fit',
  '    raise TrainingFailedError(',
  'ray.train.base_trainer.TrainingFailedError: The Ray Train run failed. Please inspect the previous error messages for a cause. After fixing the issue (assuming that the error is not caused by your own application logic, but rather an error such as OOM), you can restart the run from scratch or continue this run.',
];

/** CITE.pdshSsh + CITE.deepspeedRunner: pdsh relays a remote rank's output prefixed by its host, then its exit. */
const pdshRelay = (host: string, launcherHost: string, lines: string[], code: number) => [
  ...lines.map((line) => `${host}: ${line}`),
  `pdsh@${launcherHost}: ${host}: ssh exited with exit code ${code}`,
];

/** CITE.xidLine / CITE.xidCatalogue: kernel Xid lines (node-problem-detector condition message). */
const xidLine = {
  74: (pci: string) =>
    `NVRM: Xid (PCI:${pci}): 74, pid=<unknown>, name=<unknown>, NVLink: fatal error detected on link 6(0x10000, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0)`,
  119: (pci: string) =>
    `NVRM: Xid (PCI:${pci}): 119, pid=30917, name=python3, Timeout after 6s of waiting for RPC response from GPU3 GSP! Expected function 76 (GSP_RM_CONTROL) (0x20802a02 0x8).`,
  31: (pci: string) =>
    `NVRM: Xid (PCI:${pci}): 31, pid=41822, name=python3, Ch 00000010, intr 00000000. MMU Fault: ENGINE GRAPHICS GPC2 GPCCLIENT_T1_7 faulted @ 0x7f2b_b3000000. Fault is of type FAULT_PDE ACCESS_TYPE_VIRT_WRITE`,
  13: (pci: string) => `NVRM: Xid (PCI:${pci}): 13, pid=5120, name=python3, Graphics SM Warp Exception on (GPC 1, TPC 2, SM 0): Out Of Range Address`,
} as const;

/** CITE.kubeletMount + CITE.mountUtils: an NFS mount that times out on one node. */
const nfsMountFailed = (volume: string, server: string, podUid: string) =>
  `MountVolume.SetUp failed for volume "${volume}" : mount failed: exit status 32\nMounting command: mount\nMounting arguments: -t nfs ${server}:/export/corpora /var/lib/kubelet/pods/${podUid}/volumes/kubernetes.io~nfs/${volume}\nOutput: mount.nfs: Connection timed out`;

/** CITE.kubeletMount: a CSI driver that fails to stage the volume on one node. */
const csiMountDeviceFailed = (pv: string) =>
  `MountVolume.MountDevice failed for volume "${pv}" : rpc error: code = Internal desc = mount failed: exit status 5 mount.lustre: mount 10.12.0.4@tcp:/scratch at /var/lib/kubelet/plugins/kubernetes.io/csi/lustre.csi.example.com/globalmount failed: Input/output error`;

/** CITE.kubeletImagePull + CITE.containerdResolver: a pull refused by the registry's rate limit. */
const pullFailed429 = (image: string) =>
  `Failed to pull image "${image}": failed to pull and unpack image "${image}": failed to copy: httpReadSeeker: failed open: unexpected status code https://${image.split('/')[0]}/v2/${image.split('/').slice(1).join('/').split(':')[0]}/blobs/sha256:4f9a0c2d8e7b61a3c5d0e9f8b7a6c5d4e3f2a1b0c9d8e7f6a5b4c3d2e1f0a9b8: 429 Too Many Requests`;

/** CITE.kubeletImagePull + CITE.containerdResolver: a tag the registry does not have. */
const pullNotFound = (image: string) =>
  `Failed to pull image "${image}": rpc error: code = NotFound desc = failed to pull and unpack image "${image}": failed to resolve reference "${image}": ${image}: not found`;

function memoryClimb(limit: string, endAgo: number): { ago: number; bytes: number }[] {
  const limitBytes = parseGi(limit);
  return Array.from({ length: 8 }, (_, index) => ({ ago: endAgo + (8 - index) * 150, bytes: Math.round(limitBytes * (0.6 + index * 0.056)) }));
}

// ---- assembling a case -----------------------------------------------------------------------

/** What this set says about a shape's framework (the rest of a case is assembled the same in every set). */
function frameworkOf(shape: Shape): HeldOutFramework {
  const workloadsV2 = shape.framework === 'ray-train' || shape.framework === 'jobset' || shape.framework === 'volcano';
  return {
    roster: members(shape),
    failedMessage: (role) => failedMessage(shape, role),
    runaiType: RUNAI_TYPE[shape.framework],
    distributedFramework: DISTRIBUTED_FRAMEWORK[shape.framework] ?? null,
    workloadsV2,
    spec: (restartPolicy) => (workloadsV2 ? v2Spec(shape) : v1Spec(shape, restartPolicy)),
    citations: {
      elastic: [CITE.trainingOperatorFailed, CITE.trainingOperatorElastic],
      megatron: [CITE.trainingOperatorFailed],
      deepspeed: [CITE.mpiOperator, CITE.deepspeedRunner],
      'ray-train': [CITE.kuberayPodNames],
      sglang: [CITE.lwsPodNames, CITE.sglangMultiNode],
      jobset: [CITE.jobsetConstants, CITE.jobsetNames],
      volcano: [CITE.volcanoPodNames],
    }[shape.framework],
  };
}

const assemble = (shape: Shape, parts: HeldOutCaseParts): CasePlan => assembleHeldOutCase(shape, frameworkOf(shape), parts);

/** std::abort after the watchdog / heartbeat monitor: a self-inflicted signal, still collateral. */
const SIGABRT_134 = { code: 134, reason: 'Error' } as const;
const OOM_137 = { code: 137, reason: 'OOMKilled' } as const;

/** How the peers of an origin end (each a cited collateral format). */
type PeerKind = 'rdzv-closed' | 'nccl-remote' | 'heartbeat' | 'watchdog' | 'gloo-reset' | 'sigterm';

function endPeer(replica: ReplicaPlan, rank: number, ago: number, tier2: boolean, kind: PeerKind, peerIp: string): void {
  const clock = clockAt(ago);
  if (kind === 'rdzv-closed') endReplica(replica, ago, 'Error', tier2, ERROR_1, rendezvousClosed());
  else if (kind === 'nccl-remote') endReplica(replica, ago, 'Error', tier2, ERROR_1, ncclRemote(rank, peerIp));
  else if (kind === 'heartbeat') endReplica(replica, ago, 'Error', tier2, SIGABRT_134, heartbeatMonitor(rank, clock, 480));
  else if (kind === 'watchdog') endReplica(replica, ago, 'Error', tier2, SIGABRT_134, watchdogTimeout(rank, 30417, clock, 600000));
  else if (kind === 'gloo-reset') endReplica(replica, ago, 'Error', tier2, ERROR_1, glooReset(rank, peerIp));
  else endReplica(replica, ago, 'Error', tier2, SIGTERM_143);
}

const PEER_CITE: Record<PeerKind, string[]> = {
  'rdzv-closed': [CITE.rendezvousClosed, CITE.rendezvousApi],
  'nccl-remote': [CITE.ncclRemoteError, CITE.ncclResultDocs],
  heartbeat: [CITE.processGroupNccl],
  watchdog: [CITE.processGroupNccl],
  'gloo-reset': [CITE.glooPair],
  sigterm: [],
};

/** The peers all fail `delay` seconds (plus a second per rank) after the origin, in one format. */
function endPeers(replicas: ReplicaPlan[], origin: ReplicaPlan, originAgo: number, delay: number, tier2: boolean, kind: PeerKind, peerIp: string): number {
  let collateral = 0;
  replicas.forEach((replica, rank) => {
    if (replica === origin) return;
    collateral += 1;
    endPeer(replica, rank, originAgo - delay - (rank % 5), tier2, kind, peerIp);
  });
  return collateral;
}

// ---- family: elastic-restart (torchrun restarts its group, then gives up) ----------------------

function elasticRestartCase(shape: Shape, originAt: number, ordering: Ordering, tier2: boolean, cause: 'app' | 'oom-no-metrics'): CasePlan {
  const replicas = replicasOf(shape);
  const origin = replicas[originAt]!;
  const failedAgo = 1500;
  const originAgo = failedAgo + 240;
  const last = 'RuntimeError: Expected all tensors to be on the same device, but found at least two devices, cuda:3 and cpu!';
  let expectation: CaseExpectation;
  if (cause === 'app') {
    const rank = originAt * 8 + 3;
    const failure = pythonTraceback(
      [
        ['/opt/torchtitan/torchtitan/train.py', 412, 'train_step', 'pred = model(inputs, positions=self.rope_cache)'],
        ['/opt/torchtitan/torchtitan/models/llama3/model.py', 288, 'forward', 'h = h + self.freqs_cis[positions]'],
      ],
      last,
      `[rank${rank}]: `,
    );
    // Two restarts of the local group (each rerun hits the same bug), then the summary.
    endReplica(origin, originAgo, 'Error', tier2, ERROR_1, [
      ...failure,
      elasticRestart(clockAt(originAgo + 180), 2, 2),
      ...failure,
      elasticRestart(clockAt(originAgo + 90), 1, 2),
      ...failure,
      ...childFailedSummary('torchtitan.train', clockAt(originAgo), origin.pod, rank, 3311),
    ]);
    expectation = {
      category: 'CRASH_APP_ERROR',
      origin: { pod: origin.pod, node: origin.node, signalIncludes: ['RuntimeError', 'exit code 1', 'exit 1', 'ChildFailedError'] },
      collateralAtLeast: replicas.length - 1,
      quotedLine: last.replace(/^\[rank\d+\]: /, ''),
      limitationWhenNoOrigin: false,
      citation: [CITE.elasticAgent, CITE.childFailed, CITE.pythonTraceback, ...PEER_CITE['rdzv-closed']],
      note: 'The origin\u2019s agent restarted its group twice before giving up: the same exception three times in one container, then torchrun\u2019s ChildFailedError summary (a carrier naming only "exitcode: 1"). The decisive line is the exception, not the summary. The survivors\u2019 agents then find the rendezvous closed (RendezvousClosedError, a consequence).',
    };
  } else {
    origin.events = [oomEvent(origin.container, originAgo)];
    endReplica(origin, originAgo, 'OOMKilled', tier2, OOM_137);
    expectation = {
      category: 'OOM_KILLED',
      origin: { pod: origin.pod, node: origin.node, signalIncludes: ['OOM'] },
      collateralAtLeast: replicas.length - 1,
      quotedLine: 'OOMKilled',
      limitationWhenNoOrigin: false,
      citation: [CITE.oomKilled, ...PEER_CITE['rdzv-closed']],
      note: 'DESIGN step 4: an empty metrics series is "no peak observed"; the category comes from the direct OOMKilled signal. No memory samples exist for this workload.',
    };
  }
  endPeers(replicas, origin, originAgo, 35, tier2, 'rdzv-closed', '');
  return assemble(shape, {
    name: `elastic-restart-${cause}-${shape.framework}-${ordering}${tier2 ? '-tier2' : ''}`,
    family: 'elastic-restart',
    ordering,
    tier2,
    description:
      cause === 'app'
        ? `An elastic PyTorchJob (torchrun --max-restarts=2): ${origin.pod}'s agent restarts its workers twice on the same RuntimeError, then exits 1 with the ChildFailedError summary; the ${replicas.length - 1} other agents exit 35 s later with RendezvousClosedError.`
        : `An elastic PyTorchJob: ${origin.pod} is OOM-killed (no memory metrics recorded); the other agents exit 35 s later when the rendezvous closes.`,
    replicas,
    originPod: origin.pod,
    failedAgo,
    ...(cause === 'app' && !tier2
      ? { phaseMessage: `${failedMessage(shape, 'Worker')!.message} Pod ${origin.pod} failed: container pytorch terminated with exit code 1 (Error): ${last}` }
      : {}),
    expectation,
  });
}

// ---- family: ray-train-failure (the driver re-raises; or an actor's worker is OOM-killed) ------

function rayTrainCase(shape: Shape, originAt: number, ordering: Ordering, tier2: boolean, cause: 'wrapped' | 'worker-oom' | 'worker-oom-no-metrics'): CasePlan {
  const replicas = replicasOf(shape);
  const origin = replicas[originAt]!;
  const head = replicas[0]!;
  const failedAgo = 2000;
  const originAgo = failedAgo + 300;
  const inner = "ValueError: feature 'user_tenure_days' has 511 values, expected 512";
  let collateral = 0;
  let expectation: CaseExpectation;
  if (cause === 'wrapped') {
    // The driver runs in the head's container: it re-raises the worker's exception and exits 1; the
    // workers are torn down with the cluster afterwards.
    endReplica(head, originAgo, 'Error', tier2, ERROR_1, rayTrainWrapped(inner, '10.80.4.17'));
    collateral = endPeers(replicas, head, originAgo, 20, tier2, 'sigterm', '');
    expectation = {
      category: 'CRASH_APP_ERROR',
      origin: { pod: head.pod, node: head.node, signalIncludes: ['ValueError', 'RayTaskError', 'TrainingFailedError', 'exit code 1', 'exit 1'] },
      collateralAtLeast: collateral,
      quotedLine: inner,
      limitationWhenNoOrigin: false,
      citation: [CITE.rayExceptions, CITE.rayTrainFailed, CITE.pythonTraceback],
      note: 'Ray wraps the worker\u2019s exception twice: RayTaskError(ValueError) carries it, TrainingFailedError ends the driver with a generic "inspect the previous error messages". The decisive line is the wrapped ValueError (DESIGN §4.8: the last exception of the traceback that names the cause, not the wrapper\u2019s carrier).',
    };
  } else {
    origin.events = [oomEvent(origin.container, originAgo)];
    endReplica(origin, originAgo, 'OOMKilled', tier2, OOM_137, ['(RayTrainWorker pid=2817) materialising shuffle buffer: 48000000 rows']);
    endReplica(head, originAgo - 12, 'Error', tier2, ERROR_1, rayActorDiedSystem('RayTrainWorker', `10.80.5.${30 + originAt}`));
    collateral = 1;
    replicas.forEach((replica, index) => {
      if (index === 0 || replica === origin) return;
      collateral += 1;
      endReplica(replica, originAgo - 30 - index, 'Error', tier2, SIGTERM_143);
    });
    expectation = {
      category: 'OOM_KILLED',
      origin: { pod: origin.pod, node: origin.node, signalIncludes: ['OOM'] },
      collateralAtLeast: collateral,
      quotedLine: 'OOMKilled',
      limitationWhenNoOrigin: false,
      citation: [CITE.oomKilled, CITE.rayExceptions, CITE.rayWorkerExit, CITE.rayOomDocs],
      note:
        cause === 'worker-oom'
          ? 'The head fails 12 s after the worker with ActorDiedError (SYSTEM_ERROR, "connection error code 2"), which lists possible causes including the OOM killer: a consequence. The worker\u2019s container was OOM-killed first.'
          : 'Tier 1 only and no memory samples: the worker pod\u2019s OOMKilled phase and event are the direct signal (DESIGN step 4, "no peak observed").',
    };
  }
  return assemble(shape, {
    name: `ray-train-failure-${cause}-${shape.framework}-${ordering}${tier2 ? '-tier2' : ''}`,
    family: 'ray-train-failure',
    ordering,
    tier2,
    description:
      cause === 'wrapped'
        ? `Ray Train on KubeRay: the driver in the head ${head.pod} re-raises a worker's ValueError (RayTaskError, TrainingFailedError) and exits 1; the ${collateral} workers are torn down 20 s later.`
        : `Ray Train on KubeRay: the worker ${origin.pod} is OOM-killed; the head's driver then fails with ActorDiedError and the cluster is torn down.`,
    replicas,
    originPod: cause === 'wrapped' ? head.pod : origin.pod,
    failedAgo,
    extra: cause === 'worker-oom' ? { memoryUsage: memoryClimb(shape.memory.limit, originAgo) } : {},
    expectation,
  });
}

// ---- family: nccl-remote-error (peers see ncclRemoteError within seconds) ----------------------

function ncclRemoteCase(shape: Shape, originAt: number, ordering: Ordering, cause: 'oom' | 'node-lost' | 'cuda-oom'): CasePlan {
  const replicas = replicasOf(shape);
  const origin = replicas[originAt]!;
  const failedAgo = 3300;
  const originAgo = failedAgo + 150;
  const extra: HeldOutCaseParts['extra'] = {};
  let expectation: CaseExpectation;
  const peerIp = `10.42.${originAt + 3}.17`;
  const collateral = replicas.length - 1;
  if (cause === 'oom') {
    origin.events = [oomEvent(origin.container, originAgo)];
    endReplica(origin, originAgo, 'OOMKilled', true, OOM_137, ['[2026-12-03 07:41:02 TP8] Load weight begin. avail mem=61.20 GB']);
    extra.memoryUsage = memoryClimb(shape.memory.limit, originAgo);
    expectation = {
      category: 'OOM_KILLED',
      origin: { pod: origin.pod, node: origin.node, signalIncludes: ['OOM'] },
      collateralAtLeast: collateral,
      quotedLine: 'OOMKilled',
      limitationWhenNoOrigin: false,
      citation: [CITE.oomKilled, ...PEER_CITE['nccl-remote']],
      note: 'ncclRemoteError says a remote process exited: the leader and the other workers fail 4 s after the OOM-killed worker, each loudly. The worker is the origin.',
    };
  } else if (cause === 'node-lost') {
    origin.events = [podEvent('NodeNotReady', 'Node is not ready', 'node-controller', originAgo)];
    endReplica(origin, originAgo - 300, 'Failed', true, SIGTERM_143);
    extra.nodeConditions = { [origin.node]: notReadyConditions(originAgo + 40) };
    expectation = {
      category: 'NODE_FAILURE',
      origin: { pod: origin.pod, node: origin.node, signalIncludes: ['NotReady', 'not ready', 'NodeLost', 'Unknown'] },
      collateralAtLeast: collateral,
      quotedLine: 'Node is not ready',
      limitationWhenNoOrigin: false,
      citation: [CITE.nodeNotReady, CITE.nodeStatusUnknown, ...PEER_CITE['nccl-remote']],
      note: 'The origin\u2019s node stops posting status; its peers\u2019 NCCL connections to it fail within seconds (ncclRemoteError), long before the pod is finally deleted 300 s later. The earliest failure is the NodeNotReady event; its pod\u2019s own termination time is the latest.',
    };
  } else {
    const line = cudaOom(originAt % 8, `[rank${originAt}]: `);
    endReplica(
      origin,
      originAgo,
      'Error',
      true,
      ERROR_1,
      pythonTraceback(
        [['/opt/maxtext/MaxText/train.py', 377, 'train_step', 'loss = model(batch).loss']],
        line.replace(`[rank${originAt}]: `, ''),
        `[rank${originAt}]: `,
      ),
    );
    expectation = {
      category: 'CRASH_APP_ERROR',
      origin: { pod: origin.pod, node: origin.node, signalIncludes: ['OutOfMemoryError', 'CUDA out of memory', 'exit code 1', 'exit 1'] },
      collateralAtLeast: collateral,
      quotedLine: 'torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 7.50 GiB',
      limitationWhenNoOrigin: false,
      citation: [CITE.cudaOom, CITE.pythonTraceback, ...PEER_CITE['nccl-remote']],
      note: 'A CUDA out-of-memory is the application\u2019s exception (DESIGN §4.8 lists `torch.OutOfMemoryError: CUDA out of memory…` as a decisive application line), not a container OOM kill: exit 1, no OOMKilled. CRASH_APP_ERROR, not OOM_KILLED.',
    };
  }
  endPeers(replicas, origin, originAgo, 4, true, 'nccl-remote', peerIp);
  return assemble(shape, {
    name: `nccl-remote-error-${cause}-${shape.framework}-${ordering}-tier2`,
    family: 'nccl-remote-error',
    ordering,
    tier2: true,
    description: `${origin.pod} ${cause === 'oom' ? 'is OOM-killed' : cause === 'node-lost' ? 'loses its node' : 'raises torch.OutOfMemoryError (CUDA)'}; the ${collateral} other replicas fail 4 s later with ncclRemoteError (a remote process exited).`,
    replicas,
    originPod: origin.pod,
    failedAgo,
    extra,
    expectation,
  });
}

// ---- family: heartbeat-monitor (peers abort from ProcessGroupNCCL's monitor, exit 134) ---------

function heartbeatCase(shape: Shape, originAt: number, ordering: Ordering, cause: 'xid74' | 'app'): CasePlan {
  const replicas = replicasOf(shape);
  const origin = replicas[originAt]!;
  const failedAgo = 2700;
  const originAgo = failedAgo + 560;
  const extra: HeldOutCaseParts['extra'] = {};
  const pci = '0000:b9:00';
  let expectation: CaseExpectation;
  const last = 'json.decoder.JSONDecodeError: Expecting value: line 1 column 1 (char 0)';
  if (cause === 'xid74') {
    endReplica(origin, originAgo, 'Error', true, ERROR_1, [
      `[rank${originAt * 8 + 6}]: RuntimeError: CUDA error: an uncorrectable NVLink error was detected during the execution`,
      'CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.',
    ]);
    extra.nodeConditions = { [origin.node]: [xidCondition(xidLine[74](pci), originAgo + 2)] };
    expectation = {
      category: 'NODE_FAILURE',
      origin: { pod: origin.pod, node: origin.node, signalIncludes: ['Xid', 'NVLink'] },
      collateralAtLeast: replicas.length - 1,
      quotedLine: `NVRM: Xid (PCI:${pci}): 74`,
      limitationWhenNoOrigin: false,
      citation: [CITE.xidLine, CITE.xidCatalogue, CITE.npdGpuConditions, CITE.cudaError, CITE.processGroupNccl],
      note: 'Xid 74 (NVLink error) is a hardware Xid (DESIGN §4.8): NODE_FAILURE on the origin\u2019s node. The peers abort 8 minutes later from the heartbeat monitor (exit 134, a self-inflicted SIGABRT, not a cause).',
    };
  } else {
    endReplica(
      origin,
      originAgo,
      'Error',
      true,
      ERROR_1,
      pythonTraceback(
        [
          ['/workspace/train.py', 96, 'load_manifest', 'manifest = json.load(f)'],
          ['/usr/lib/python3.11/json/__init__.py', 293, 'load', 'return loads(fp.read(),'],
        ],
        last,
      ),
    );
    expectation = {
      category: 'CRASH_APP_ERROR',
      origin: { pod: origin.pod, node: origin.node, signalIncludes: ['JSONDecodeError', 'exit code 1', 'exit 1'] },
      collateralAtLeast: replicas.length - 1,
      quotedLine: last,
      limitationWhenNoOrigin: false,
      citation: [CITE.pythonTraceback, CITE.processGroupNccl],
      note: 'Rank 0 (the Volcano master) fails on a bad manifest; the workers hang in their next collective and abort 8 minutes later from ProcessGroupNCCL\u2019s heartbeat monitor (exit 134). The abort is loud and late; the master\u2019s exception is the cause.',
    };
  }
  endPeers(replicas, origin, originAgo, 480, true, 'heartbeat', '');
  return assemble(shape, {
    name: `heartbeat-monitor-${cause}-${shape.framework}-${ordering}-tier2`,
    family: 'heartbeat-monitor',
    ordering,
    tier2: true,
    description: `${origin.pod} ${cause === 'xid74' ? 'fails with an NVLink CUDA error (Xid 74 on its node)' : 'raises JSONDecodeError'}; the ${replicas.length - 1} others abort 8 minutes later from the NCCL heartbeat monitor (exit 134).`,
    replicas,
    originPod: origin.pod,
    failedAgo,
    extra,
    expectation,
  });
}

// ---- family: xid-attribution (the Xid's meaning decides the category) --------------------------

function xidAttributionCase(shape: Shape, originAt: number, ordering: Ordering, xid: 119 | 31 | 13, peers: PeerKind): CasePlan {
  const replicas = replicasOf(shape);
  const origin = replicas[originAt]!;
  const failedAgo = 4100;
  const originAgo = failedAgo + 320;
  const pci = ['0000:1b:00', '0000:43:00', '0000:c1:00'][originAt % 3]!;
  const xidText = xidLine[xid](pci);
  const cudaLine = {
    119: 'RuntimeError: CUDA error: unknown error',
    31: 'RuntimeError: CUDA error: an illegal memory access was encountered',
    13: 'RuntimeError: CUDA error: an illegal instruction was encountered',
  }[xid];
  endReplica(origin, originAgo, 'Error', true, ERROR_1, [
    ...pythonTraceback([['/opt/kernels/fused_moe.py', 233, 'forward', 'out = _fused_moe_kernel[grid](x, w1, w2, topk_ids)']], cudaLine),
    'CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.',
  ]);
  const collateral = endPeers(replicas, origin, originAgo, peers === 'watchdog' ? 600 : 5, true, peers, `10.50.${originAt}.9`);
  const hardware = xid === 119;
  return assemble(shape, {
    name: `xid-attribution-xid${xid}-${shape.framework}-${ordering}-tier2`,
    family: 'xid-attribution',
    ordering,
    tier2: true,
    description: `${origin.pod} fails with "${cudaLine}" while its node reports Xid ${xid}; the ${collateral} others fail after it (${peers}). Xid ${xid} is ${hardware ? 'a hardware/driver Xid: NODE_FAILURE' : 'application-attributable: CRASH_APP_ERROR, not a node fault'}.`,
    replicas,
    originPod: origin.pod,
    failedAgo,
    extra: { nodeConditions: { [origin.node]: [xidCondition(xidText, originAgo + 1)] } },
    expectation: {
      category: hardware ? 'NODE_FAILURE' : 'CRASH_APP_ERROR',
      origin: {
        pod: origin.pod,
        node: origin.node,
        signalIncludes: hardware ? ['Xid', 'GSP'] : ['Xid', 'CUDA error', 'exit code 1', 'exit 1'],
      },
      collateralAtLeast: collateral,
      quotedLine: `NVRM: Xid (PCI:${pci}): ${xid}`,
      ...(hardware ? {} : { quotedLineAlternatives: [cudaLine] }),
      limitationWhenNoOrigin: false,
      citation: [CITE.xidLine, CITE.xidCatalogue, CITE.npdGpuConditions, CITE.cudaError, ...PEER_CITE[peers]],
      note: hardware
        ? 'Xid 119 (GSP RPC timeout) is in DESIGN §4.8\u2019s hardware/driver list: NODE_FAILURE on the origin\u2019s node.'
        : `Xid ${xid} is application-attributable in NVIDIA\u2019s catalogue and in DESIGN §4.8 (13, 31, 43): the node condition is the kernel\u2019s report of the program\u2019s own fault. CRASH_APP_ERROR; either the Xid line or the CUDA error may be quoted.`,
    },
  });
}

// ---- family: replica-mount-failure (one replica never starts; its peers time out) --------------

function mountFailureCase(shape: Shape, originAt: number, ordering: Ordering, tier2: boolean, kind: 'nfs' | 'csi'): CasePlan {
  const replicas = replicasOf(shape);
  const origin = replicas[originAt]!;
  const namespace = `runai-${shape.project}`;
  const uid = stableId(`${shape.name}/pod-uid/${origin.pod}`);
  const firstAgo = shape.startedAgo - 5;
  const message = kind === 'nfs' ? nfsMountFailed('corpora', '10.12.0.8', uid) : csiMountDeviceFailed('pvc-5d1c9a07-4e2b-4f6a-9c3e-0b7d2a8f1e64');
  // The kubelet retries the mount every ~2 minutes; the pod stays Pending (no end time at all).
  origin.events = [0, 130, 260, 390].map((offset) => podEvent('FailedMount', message, 'kubelet', firstAgo - offset));
  origin.runaiPhase = 'Pending';
  origin.noEndTime = true;
  if (tier2) origin.waiting = { reason: 'ContainerCreating', message: '' };
  let collateral = 0;
  const citation: string[] = [CITE.kubeletMount, ...(kind === 'nfs' ? [CITE.mountUtils] : [])];
  replicas.forEach((replica, rank) => {
    if (replica === origin) return;
    collateral += 1;
    const ended = firstAgo - 900 - (rank % 3);
    if (rank === 0 && shape.framework === 'megatron')
      endReplica(replica, ended, 'Error', tier2, ERROR_1, distStoreTimeout(900, shape.workers, shape.workers + 1));
    else endPeer(replica, rank, ended, tier2, shape.framework === 'jobset' ? 'gloo-reset' : 'sigterm', '10.61.2.4');
  });
  if (shape.framework === 'megatron') citation.push(CITE.tcpStoreWaitForWorkers);
  if (shape.framework === 'jobset') citation.push(CITE.glooPair);
  return assemble(shape, {
    name: `replica-mount-failure-${kind}-${shape.framework}-${ordering}${tier2 ? '-tier2' : ''}`,
    family: 'replica-mount-failure',
    ordering,
    tier2,
    description: `${origin.pod} never starts: its ${kind === 'nfs' ? 'NFS' : 'Lustre CSI'} volume fails to mount on ${origin.node} (FailedMount, repeated); its peers start, wait for it and fail 15 minutes later. The origin has no end time: only its events say when it failed.`,
    replicas,
    originPod: origin.pod,
    failedAgo: firstAgo - 910,
    // The operator names the replica whose container failed (rank 0's DistStoreError), not the one that never started.
    ...(shape.framework === 'megatron' ? { failedRole: 'Master' } : {}),
    extra: {},
    expectation: {
      category: 'DATASOURCE_MOUNT_FAILED',
      origin: { pod: origin.pod, node: origin.node, signalIncludes: ['FailedMount', 'mount'] },
      collateralAtLeast: collateral,
      quotedLine: kind === 'nfs' ? 'mount.nfs: Connection timed out' : 'MountVolume.MountDevice failed',
      quotedLineAlternatives: kind === 'nfs' ? ['MountVolume.SetUp failed for volume "corpora"'] : ['Input/output error'],
      limitationWhenNoOrigin: false,
      citation,
      note: `DESIGN step 4: FailedMount → DATASOURCE_MOUNT_FAILED. The replica that never started failed first (its first FailedMount event, ${namespace}); the peers' timeouts are consequences. A replica with no termination time is not "still running".`,
    },
  });
}

// ---- family: replica-image-pull (one replica cannot pull; its peers time out) -------------------

function imagePullCase(shape: Shape, originAt: number, ordering: Ordering, tier2: boolean, kind: '429' | 'not-found'): CasePlan {
  const replicas = replicasOf(shape);
  const origin = replicas[originAt]!;
  const image = kind === 'not-found' ? `${IMAGES[shape.framework]}-worker` : IMAGES[shape.framework];
  origin.image = image;
  const firstAgo = shape.startedAgo - 3;
  const pullMessage = kind === '429' ? pullFailed429(image) : pullNotFound(image);
  origin.events = [
    podEvent('Failed', pullMessage, 'kubelet', firstAgo),
    podEvent('Failed', 'Error: ErrImagePull', 'kubelet', firstAgo - 1),
    podEvent('BackOff', `Back-off pulling image "${image}"`, 'kubelet', firstAgo - 20, 'Normal'),
    podEvent('Failed', 'Error: ImagePullBackOff', 'kubelet', firstAgo - 20),
  ];
  origin.runaiPhase = 'Pending';
  origin.noEndTime = true;
  if (tier2) origin.waiting = { reason: 'ImagePullBackOff', message: `Back-off pulling image "${image}"` };
  let collateral = 0;
  replicas.forEach((replica, rank) => {
    if (replica === origin) return;
    collateral += 1;
    const ended = firstAgo - 600 - (rank % 4);
    if (shape.framework === 'deepspeed' && rank === 0)
      endReplica(
        replica,
        ended,
        'Error',
        tier2,
        ERROR_1,
        pdshRelay(
          origin.pod,
          replica.pod,
          [`ssh: Could not resolve hostname ${origin.pod}.${shape.name}.runai-${shape.project}.svc: Name or service not known`],
          255,
        ),
      );
    else endPeer(replica, rank, ended, tier2, shape.framework === 'volcano' ? 'gloo-reset' : 'sigterm', '10.61.7.2');
  });
  return assemble(shape, {
    name: `replica-image-pull-${kind}-${shape.framework}-${ordering}${tier2 ? '-tier2' : ''}`,
    family: 'replica-image-pull',
    ordering,
    tier2,
    description: `${origin.pod} cannot pull ${kind === '429' ? 'its image on the node it was placed on (the registry answers 429 Too Many Requests)' : 'its worker image (the tag does not exist)'}; the others start, wait and fail 10 minutes later.`,
    replicas,
    originPod: origin.pod,
    failedAgo: firstAgo - 615,
    expectation: {
      category: 'IMAGE_PULL_FAILED',
      origin: { pod: origin.pod, node: origin.node, signalIncludes: ['pull', 'ErrImagePull', 'ImagePullBackOff'] },
      collateralAtLeast: collateral,
      quotedLine: kind === '429' ? '429 Too Many Requests' : `${image}: not found`,
      quotedLineAlternatives: [`Failed to pull image "${image}"`],
      limitationWhenNoOrigin: false,
      citation: [CITE.kubeletImagePull, CITE.containerdResolver, ...(shape.framework === 'deepspeed' ? [CITE.pdshSsh] : [CITE.glooPair])],
      note: 'DESIGN step 4: ErrImagePull / ImagePullBackOff → IMAGE_PULL_FAILED, quoting the registry\u2019s error. The replica that never started failed first; the peers fail for want of it.',
    },
  });
}

// ---- family: event-only-origin (the origin's time is in an event or the history only) ------------

function eventOnlyCase(shape: Shape, originAt: number, ordering: Ordering, where: 'event-oom' | 'history-notready' | 'ms-events'): CasePlan {
  const replicas = replicasOf(shape);
  const origin = replicas[originAt]!;
  const failedAgo = 1800;
  const originAgo = failedAgo + 420;
  const extra: HeldOutCaseParts['extra'] = {};
  let expectation: CaseExpectation;
  let collateral = 0;
  if (where === 'event-oom') {
    origin.events = [oomEvent(origin.container, originAgo)];
    origin.runaiPhase = 'OOMKilled';
    origin.noEndTime = true;
    collateral = endPeers(replicas, origin, originAgo, 40, false, 'sigterm', '');
    expectation = {
      category: 'OOM_KILLED',
      origin: { pod: origin.pod, node: origin.node, signalIncludes: ['OOM'] },
      collateralAtLeast: collateral,
      quotedLine: 'OOMKilled',
      limitationWhenNoOrigin: false,
      citation: [CITE.oomKilled, CITE.runaiTimestamps],
      note: 'The origin pod has no completedAt (the API omitted it); its OOMKilled event carries the time, 40 s before every peer\u2019s completedAt.',
    };
  } else if (where === 'history-notready') {
    extra.historyOnlyEvents = [{ pod: origin.pod, event: podEvent('NodeNotReady', 'Node is not ready', 'node-controller', originAgo) }];
    origin.runaiPhase = 'Failed';
    origin.noEndTime = true;
    collateral = endPeers(replicas, origin, originAgo, 60, false, 'sigterm', '');
    expectation = {
      category: 'NODE_FAILURE',
      origin: { pod: origin.pod, node: origin.node, signalIncludes: ['NotReady', 'not ready', 'NodeLost'] },
      collateralAtLeast: collateral,
      quotedLine: 'Node is not ready',
      limitationWhenNoOrigin: false,
      citation: [CITE.nodeNotReady, CITE.runaiHistory],
      note: 'The events endpoint no longer returns the NodeNotReady event (expired); the history keeps it. The origin pod has no end time. DESIGN step 2/3: events that are gone are not "no events" — use the history.',
    };
  } else {
    // Two OOM kills 300 ms apart, times only in the events (millisecond precision), pods without times.
    const second = replicas[(originAt + 2) % replicas.length]!;
    origin.events = [{ ...oomEvent(origin.container, originAgo + 0.3), stamp: 'ms' }];
    second.events = [{ ...oomEvent(second.container, originAgo), stamp: 'ms' }];
    for (const replica of [origin, second]) {
      replica.runaiPhase = 'OOMKilled';
      replica.noEndTime = true;
    }
    replicas.forEach((replica, rank) => {
      if (replica === origin) return;
      collateral += 1;
      if (replica !== second) endPeer(replica, rank, originAgo - 25, false, 'sigterm', '');
    });
    extra.memoryUsage = memoryClimb(shape.memory.limit, originAgo);
    expectation = {
      category: 'OOM_KILLED',
      origin: { pod: origin.pod, node: origin.node, signalIncludes: ['OOM'] },
      collateralAtLeast: collateral - 1,
      quotedLine: 'OOMKilled',
      limitationWhenNoOrigin: false,
      citation: [CITE.oomKilled, CITE.runaiTimestamps],
      note: 'Two replicas are OOM-killed 300 ms apart in the same second; the only times are the events\u2019 millisecond timestamps. The earlier is the origin (§4.8: the earliest failure). The second OOM may be counted as collateral or as an independent failure, hence collateral ≥ peers − 1.',
    };
  }
  return assemble(shape, {
    name: `event-only-origin-${where}-${shape.framework}-${ordering}`,
    family: 'event-only-origin',
    ordering,
    tier2: false,
    description:
      where === 'event-oom'
        ? `${origin.pod} has no completedAt; only its OOMKilled event says when it failed, 40 s before its peers ended.`
        : where === 'history-notready'
          ? `${origin.pod}'s node went NotReady; the event has expired from the events endpoint and survives only in the history. The pod has no end time.`
          : `${origin.pod} and another replica are OOM-killed 300 ms apart; the pods have no times, the events have milliseconds.`,
    replicas,
    originPod: origin.pod,
    failedAgo,
    extra,
    expectation,
  });
}

// ---- family: history-paged (only the history, many pages, newest first) -------------------------

function historyPagedCase(shape: Shape, originAt: number, ordering: Ordering, podsGone: boolean): CasePlan {
  const replicas = replicasOf(shape);
  const origin = replicas[originAt]!;
  const failedAgo = 1200;
  const originAgo = failedAgo + 3000;
  // With the pods listed, the OOMKilled record has expired from the events endpoint too: only the history holds its time.
  const originOom = oomEvent(origin.container, originAgo);
  if (podsGone) origin.events = [originOom];
  origin.runaiPhase = 'OOMKilled';
  origin.noEndTime = true;
  let collateral = 0;
  const namespace = `runai-${shape.project}`;
  const backOffs: { pod: string; event: PodEventPlan }[] = [];
  replicas.forEach((replica, rank) => {
    if (replica === origin) return;
    collateral += 1;
    replica.noEndTime = true;
    replica.runaiPhase = 'Error';
    // The peers crash-loop (restartPolicy OnFailure) after the origin is gone: a BackOff record every 90 s.
    for (let index = 0; index < 28; index += 1) {
      const at = originAgo - 60 - index * 90 - rank;
      backOffs.push({
        pod: replica.pod,
        event: podEvent(
          'BackOff',
          `Back-off restarting failed container ${replica.container} in pod ${replica.pod}_${namespace}(${stableId(`${shape.name}/pod-uid/${replica.pod}`)})`,
          'kubelet',
          at,
        ),
      });
    }
  });
  return assemble(shape, {
    name: `history-paged-${shape.framework}-${ordering}${podsGone ? '-pods-gone' : ''}`,
    family: 'history-paged',
    ordering,
    tier2: false,
    description: `${origin.pod} is OOM-killed first; its ${collateral} peers then crash-loop for 40 minutes (${backOffs.length} BackOff records). No pod has an end time${podsGone ? ', the pods and events are gone,' : ''} and the history pages newest first: the origin's OOMKilled record is on the last page.`,
    replicas,
    originPod: origin.pod,
    failedAgo,
    restartPolicy: 'OnFailure',
    extra: {
      historyOnlyEvents: podsGone ? backOffs : [{ pod: origin.pod, event: originOom }, ...backOffs],
      historyNewestFirst: true,
      ...(podsGone ? { podsAndEventsGone: true } : {}),
    },
    expectation: {
      category: 'OOM_KILLED',
      origin: { pod: origin.pod, node: origin.node, signalIncludes: ['OOM'] },
      collateralAtLeast: collateral,
      quotedLine: 'OOMKilled',
      limitationWhenNoOrigin: false,
      citation: [CITE.oomKilled, CITE.kubeletBackOff, CITE.runaiHistory],
      note: 'DESIGN step 3: page through the history until `next` is absent and sort by timestamp (the API does not promise an order). The first page holds only the peers\u2019 later back-offs.',
    },
  });
}

// ---- family: name-bait (names that say another category) ------------------------------------------

function nameBaitCase(shape: Shape, originAt: number, ordering: Ordering, tier2: boolean, cause: 'app' | 'node-lost' | 'oom'): CasePlan {
  const replicas = replicasOf(shape);
  const origin = replicas[originAt]!;
  const failedAgo = 2200;
  const originAgo = failedAgo + 200;
  const extra: HeldOutCaseParts['extra'] = {};
  const last = "KeyError: 'attention_mask'";
  let expected: { category: string; signal: string[]; line: string; cite: string[] };
  if (cause === 'app') {
    endReplica(
      origin,
      originAgo,
      'Error',
      tier2,
      ERROR_1,
      pythonTraceback([['/workspace/sft/collate.py', 77, '__call__', 'mask = features["attention_mask"]']], last),
    );
    expected = { category: 'CRASH_APP_ERROR', signal: ['KeyError', 'exit code 1', 'exit 1'], line: last, cite: [CITE.pythonTraceback] };
  } else if (cause === 'node-lost') {
    origin.events = [podEvent('NodeNotReady', 'Node is not ready', 'node-controller', originAgo)];
    endReplica(origin, originAgo - 300, 'Failed', tier2, SIGTERM_143);
    extra.nodeConditions = { [origin.node]: notReadyConditions(originAgo + 40) };
    expected = {
      category: 'NODE_FAILURE',
      signal: ['NotReady', 'not ready', 'NodeLost', 'Unknown'],
      line: 'Node is not ready',
      cite: [CITE.nodeNotReady, CITE.nodeStatusUnknown],
    };
  } else {
    origin.events = [oomEvent(origin.container, originAgo)];
    endReplica(origin, originAgo, 'OOMKilled', tier2, OOM_137);
    extra.memoryUsage = memoryClimb(shape.memory.limit, originAgo);
    expected = { category: 'OOM_KILLED', signal: ['OOM'], line: 'OOMKilled', cite: [CITE.oomKilled] };
  }
  const kind: PeerKind = cause === 'app' ? 'rdzv-closed' : cause === 'node-lost' ? 'watchdog' : 'sigterm';
  const collateral = endPeers(replicas, origin, originAgo, kind === 'watchdog' ? 600 : 30, tier2, kind, '');
  const failure = failedMessage(shape, members(shape).find((member) => member.pod === origin.pod)!.role);
  return assemble(shape, {
    name: `name-bait-${shape.name}-${ordering}${tier2 ? '-tier2' : ''}`,
    family: 'name-bait',
    ordering,
    tier2,
    description: `Workload "${shape.name}", project "${shape.project}", nodes "${shape.nodePrefix}…": every name says another category (or a preemption); the origin ${origin.pod} ${cause === 'app' ? 'raises KeyError' : cause === 'node-lost' ? 'loses its node' : 'is OOM-killed'}.`,
    replicas,
    originPod: origin.pod,
    failedAgo,
    ...(cause === 'app' && !tier2 && failure
      ? { phaseMessage: `${failure.message} Pod ${origin.pod} failed: container ${origin.container} terminated with exit code 1 (Error): ${last}` }
      : {}),
    extra,
    expectation: {
      category: expected.category,
      origin: { pod: origin.pod, node: origin.node, signalIncludes: expected.signal },
      collateralAtLeast: collateral,
      quotedLine: expected.line,
      limitationWhenNoOrigin: false,
      citation: [...expected.cite, ...PEER_CITE[kind]],
      note: 'DESIGN §4.8 "Names never steer, in either direction" and §2 (a Preempted event routes; a name saying "preempted" does not): the verdict must be what neutral names would get.',
    },
  });
}

// ---- family: launcher-relay (DeepSpeed over pdsh: the launcher carries a remote rank's error) ----

function launcherRelayCase(shape: Shape, ordering: Ordering): CasePlan {
  const replicas = replicasOf(shape);
  const launcher = replicas[0]!;
  const remote = replicas[3]!;
  const failedAgo = 2900;
  const originAgo = failedAgo + 60;
  const host = remote.pod;
  const line = cudaOom(5);
  endReplica(launcher, originAgo, 'Error', true, ERROR_1, [
    `${replicas[1]!.pod}: [2026-12-03 ${clockAt(originAgo + 30)},104] [INFO] [engine.py:2134:_take_model_step] step=8800, skipped=3, lr=[0.00011], mom=[(0.9, 0.95)]`,
    ...pdshRelay(
      host,
      launcher.pod,
      [
        `[rank21]: Traceback (most recent call last):`,
        `[rank21]:   File "pretrain_gpt.py", line 512, in train_step`,
        `[rank21]:     loss.backward()`,
        `[rank21]: ${line}`,
      ],
      1,
    ),
  ]);
  let collateral = 0;
  replicas.forEach((replica, index) => {
    if (index === 0) return;
    collateral += 1;
    endReplica(replica, originAgo - 15 - index, 'Error', true, SIGTERM_143);
  });
  return assemble(shape, {
    name: `launcher-relay-pdsh-${shape.framework}-${ordering}-tier2`,
    family: 'launcher-relay',
    ordering,
    tier2: true,
    description: `DeepSpeed multi-node through pdsh (MPIJob): rank 21 on ${host} raises torch.OutOfMemoryError (CUDA); pdsh relays its output into the launcher ${launcher.pod}, which exits 1. The worker pods only ran sshd: they are deleted 15 s later (exit 143).`,
    replicas,
    originPod: launcher.pod,
    failedAgo,
    expectation: {
      category: 'CRASH_APP_ERROR',
      origin: { pod: launcher.pod, node: launcher.node, signalIncludes: ['OutOfMemoryError', 'CUDA out of memory', 'exit code 1', 'exit 1'] },
      collateralAtLeast: collateral,
      quotedLine: 'torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 7.50 GiB',
      limitationWhenNoOrigin: false,
      citation: [CITE.pdshSsh, CITE.deepspeedRunner, CITE.cudaOom, CITE.pythonTraceback],
      note: 'The only container that failed on its own is the launcher: the worker pods run sshd and are deleted afterwards, so by §4.8 (the earliest termination) the launcher is the origin. The decisive line is the relayed CUDA OOM (host-prefixed by pdsh), not pdsh\u2019s "ssh exited with exit code 1". The failing rank\u2019s host is named in the line itself.',
    },
  });
}

// ---- family: ms-tie (two causes in the same millisecond / second) -------------------------------

function msTieCase(shape: Shape, kind: 'app-app' | 'oom-notready'): CasePlan {
  const replicas = replicasOf(shape);
  const at = 2500;
  const a = replicas[1]!;
  const b = replicas[replicas.length - 1]!;
  const extra: HeldOutCaseParts['extra'] = {};
  let categories: [string, string];
  let lines: [string, string];
  let citation: string[];
  let tier2: boolean;
  if (kind === 'app-app') {
    tier2 = true;
    a.stamp = 'ms';
    b.stamp = 'ms';
    const first = 'IndexError: index 50304 is out of bounds for dimension 0 with size 50304';
    const second = 'AssertionError: expected 4096 tokens per sequence, got 4095';
    endReplica(
      a,
      at + 0.123,
      'Error',
      true,
      ERROR_1,
      pythonTraceback([['/opt/maxtext/MaxText/input_pipeline.py', 140, 'tokenize', 'emb = table[ids]']], first),
    );
    endReplica(
      b,
      at + 0.123,
      'Error',
      true,
      ERROR_1,
      pythonTraceback(
        [['/opt/maxtext/MaxText/input_pipeline.py', 171, 'pack', 'assert len(seq) == L, f"expected {L} tokens per sequence, got {len(seq)}"']],
        second,
      ),
    );
    categories = ['CRASH_APP_ERROR', 'CRASH_APP_ERROR'];
    lines = [first, second];
    citation = [CITE.pythonTraceback, CITE.runaiTimestamps];
  } else {
    tier2 = false;
    a.events = [oomEvent(a.container, at)];
    endReplica(a, at, 'OOMKilled', false);
    b.events = [podEvent('NodeNotReady', 'Node is not ready', 'node-controller', at)];
    endReplica(b, at, 'Failed', false);
    extra.memoryUsage = memoryClimb(shape.memory.limit, at);
    categories = ['OOM_KILLED', 'NODE_FAILURE'];
    lines = ['OOMKilled', 'Node is not ready'];
    citation = [CITE.oomKilled, CITE.nodeNotReady];
  }
  replicas.forEach((replica, rank) => {
    if (replica === a || replica === b) return;
    endPeer(replica, rank, at - 30 - rank, tier2, tier2 ? 'gloo-reset' : 'sigterm', '10.61.8.8');
  });
  return assemble(shape, {
    name: `ms-tie-${kind}-${shape.framework}${tier2 ? '-tier2' : ''}`,
    family: 'ms-tie',
    ordering: 'no-origin',
    tier2,
    description:
      kind === 'app-app'
        ? `${a.pod} and ${b.pod} raise different exceptions in the same millisecond (finishedAt and completedAt equal to the ms); the rest fail 30 s later. Origin null, a limitation.`
        : `${a.pod} is OOM-killed and ${b.pod}'s node goes NotReady in the same second; the rest fail 30 s later. Origin null, a limitation; either category.`,
    replicas,
    originPod: null,
    failedAgo: at - 40,
    extra,
    expectation: {
      category: categories[0],
      ...(categories[1] !== categories[0] ? { categoryAlternatives: [categories[1]] } : {}),
      origin: null,
      collateralAtLeast: 0,
      quotedLine: lines[0],
      quotedLineAlternatives: [lines[1]],
      limitationWhenNoOrigin: true,
      citation: [...citation, ...(tier2 ? [CITE.glooPair] : [])],
      note: 'Two independent causes at the same instant (to the precision the API gives): no order, so origin null with a limitation (§4.8); either line may be quoted.',
    },
  });
}

// ---- family: silent-peers (every replica shows only a consequence) ------------------------------

function silentPeersCase(shape: Shape, kind: 'heartbeat-remote' | 'ray-actor' | 'reset'): CasePlan {
  const replicas = replicasOf(shape);
  const base = 3600;
  let lines: string[];
  const citation: string[] = [];
  replicas.forEach((replica, rank) => {
    const ended = base - (rank % 3);
    if (kind === 'heartbeat-remote') {
      if (rank % 2 === 0) endReplica(replica, ended, 'Error', true, SIGABRT_134, heartbeatMonitor(rank, clockAt(ended), 480));
      else endReplica(replica, ended, 'Error', true, ERROR_1, ncclRemote(rank, `10.42.9.${rank + 10}`));
    } else if (kind === 'ray-actor') {
      if (rank === 0) endReplica(replica, ended - 2, 'Error', true, ERROR_1, rayActorDiedSystem('RayTrainWorker', '10.80.6.12'));
      else endReplica(replica, ended, 'Error', true, SIGTERM_143);
    } else {
      endReplica(
        replica,
        ended,
        'Error',
        true,
        ERROR_1,
        rank % 2 === 0 ? glooReset(rank, `10.61.5.${rank + 3}`) : ['torch.distributed.DistNetworkError: Connection reset by peer'],
      );
    }
  });
  if (kind === 'heartbeat-remote') {
    citation.push(CITE.processGroupNccl, CITE.ncclRemoteError);
    lines = ['Heartbeat monitor timed out', 'ncclRemoteError', 'remote process exited or there was a network error'];
  } else if (kind === 'ray-actor') {
    citation.push(CITE.rayExceptions, CITE.rayWorkerExit);
    lines = ['The actor died unexpectedly before finishing this task', 'Worker unexpectedly exits with a connection error code 2'];
  } else {
    citation.push(CITE.glooPair, CITE.tcpStoreWaitForWorkers);
    lines = ['Connection reset by peer'];
  }
  return assemble(shape, {
    name: `silent-peers-${kind}-${shape.framework}-tier2`,
    family: 'silent-peers',
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
      ...(lines.length > 1 ? { quotedLineAlternatives: lines.slice(1) } : {}),
      limitationWhenNoOrigin: true,
      citation,
      note:
        kind === 'ray-actor'
          ? 'The head fails first, 2 s before the workers, but with ActorDiedError: a peer\u2019s worker process died and the message itself lists three possible causes. An earliest consequence is still a consequence: no origin, UNKNOWN.'
          : 'Issue #23: collateral everywhere and no cause. The heartbeat monitor\u2019s abort (exit 134) and ncclRemoteError both name another process; connection resets name a peer. UNKNOWN, never a vote.',
    },
  });
}

// ---- the set -------------------------------------------------------------------------------------

const shape = heldOutShape<FrameworkKey>;

/** Every case of the third held-out set, in a stable order. */
export function heldOut3Cases(): CasePlan[] {
  return [
    // elastic-restart
    elasticRestartCase(
      shape('titan-llama3-70b', 'elastic', 6, 'h100-ela-', 'pretrain-el', 'k.adebayo@example.com', ['400Gi', '480Gi'], 8, 9000),
      3,
      'origin-middle',
      true,
      'app',
    ),
    elasticRestartCase(
      shape('titan-8b-ablate', 'elastic', 4, 'a100-ela-', 'pretrain-abl2', 'l.meyer@example.com', ['200Gi', '240Gi'], 8, 6000),
      2,
      'origin-last',
      false,
      'oom-no-metrics',
    ),
    elasticRestartCase(
      shape('titan-moe-tune', 'elastic', 5, 'h200-ela-', 'moe-tune', 'm.garcia@example.com', ['300Gi', '360Gi'], 8, 7000),
      4,
      'origin-first',
      false,
      'app',
    ),
    // ray-train-failure
    rayTrainCase(
      shape('dlrm-ray-train', 'ray-train', 4, 'ray-a10-', 'recsys-train', 'n.kim@example.com', ['96Gi', '128Gi'], 1, 8000),
      0,
      'origin-last',
      true,
      'wrapped',
    ),
    rayTrainCase(
      shape('two-tower-ray', 'ray-train', 5, 'ray-l40-', 'recsys-b', 'o.nwosu@example.com', ['128Gi', '160Gi'], 2, 9000),
      3,
      'origin-middle',
      true,
      'worker-oom',
    ),
    rayTrainCase(
      shape('gbdt-ray-sweep', 'ray-train', 3, 'ray-cpu-', 'tabular-ml', 'p.novak@example.com', ['64Gi', '96Gi'], 1, 5000),
      2,
      'origin-first',
      false,
      'worker-oom-no-metrics',
    ),
    // nccl-remote-error
    ncclRemoteCase(
      shape('dsv3-sglang-tp32', 'sglang', 3, 'h200-sgl-', 'llm-serving-b', 'q.li@example.com', ['800Gi', '900Gi'], 8, 40000),
      2,
      'origin-last',
      'oom',
    ),
    ncclRemoteCase(
      shape('nemo-gpt-175b', 'megatron', 7, 'h100-meg-', 'foundation-b', 'r.hansen@example.com', ['600Gi', '700Gi'], 8, 30000),
      4,
      'origin-middle',
      'node-lost',
    ),
    ncclRemoteCase(
      shape('maxtext-llama-405b', 'jobset', 6, 'h100-js-', 'lm-scale', 's.okafor@example.com', ['700Gi', '800Gi'], 8, 20000),
      1,
      'origin-first',
      'cuda-oom',
    ),
    // heartbeat-monitor
    heartbeatCase(
      shape('nemo-mixtral-pt', 'megatron', 5, 'dgx-b200-', 'moe-pretrain-b', 't.yilmaz@example.com', ['900Gi', '1000Gi'], 8, 25000),
      2,
      'origin-first',
      'xid74',
    ),
    heartbeatCase(
      shape('vc-bert-distill', 'volcano', 4, 'a100-vc-', 'nlp-distill', 'u.andersen@example.com', ['96Gi', '128Gi'], 4, 6000),
      0,
      'origin-middle',
      'app',
    ),
    // xid-attribution
    xidAttributionCase(
      shape('maxtext-gemma-27b', 'jobset', 5, 'h100-gsp-', 'lm-gsp', 'v.rao@example.com', ['500Gi', '560Gi'], 8, 15000),
      3,
      'origin-last',
      119,
      'nccl-remote',
    ),
    xidAttributionCase(
      shape('nemo-moe-kernels', 'megatron', 5, 'h100-mmu-', 'kernels-lab', 'w.schulz@example.com', ['400Gi', '480Gi'], 8, 14000),
      2,
      'origin-middle',
      31,
      'watchdog',
    ),
    xidAttributionCase(
      shape('titan-fp8-trial', 'elastic', 4, 'h200-fp8-', 'fp8-trials', 'x.chen@example.com', ['300Gi', '360Gi'], 8, 12000),
      1,
      'origin-first',
      13,
      'rdzv-closed',
    ),
    // replica-mount-failure
    mountFailureCase(
      shape('nemo-ssm-pt', 'megatron', 5, 'h100-nfs-', 'ssm-pretrain', 'y.haddad@example.com', ['300Gi', '360Gi'], 8, 2000),
      3,
      'origin-middle',
      false,
      'nfs',
    ),
    mountFailureCase(
      shape('maxtext-scratch-ckpt', 'jobset', 4, 'h100-lus-', 'lm-lustre', 'z.tanaka@example.com', ['400Gi', '480Gi'], 8, 2400),
      2,
      'origin-last',
      true,
      'csi',
    ),
    // replica-image-pull
    imagePullCase(
      shape('vc-resnet-pt', 'volcano', 4, 'l40s-vc-', 'vision-pt-b', 'a.fischer@example.com', ['128Gi', '160Gi'], 4, 1800),
      3,
      'origin-last',
      true,
      '429',
    ),
    imagePullCase(
      shape('ds-llama-cpt', 'deepspeed', 3, 'a800-dsp-', 'lm-cpt-b', 'b.said@example.com', ['480Gi', '512Gi'], 8, 1500),
      2,
      'origin-first',
      false,
      'not-found',
    ),
    imagePullCase(
      shape('ds-phi-sft', 'deepspeed', 4, 'h100-dsp-', 'sft-small', 'c.ueda@example.com', ['256Gi', '300Gi'], 8, 1700),
      2,
      'origin-middle',
      true,
      '429',
    ),
    // event-only-origin
    eventOnlyCase(
      shape('nemo-t5-dapt', 'megatron', 4, 'a100-evt-', 'nlp-dapt-b', 'd.ivanova@example.com', ['160Gi', '192Gi'], 4, 6000),
      2,
      'origin-middle',
      'event-oom',
    ),
    eventOnlyCase(
      shape('ppo-ray-rlhf', 'ray-train', 4, 'ray-h100-', 'rlhf', 'e.mendes@example.com', ['256Gi', '300Gi'], 8, 9000),
      3,
      'origin-last',
      'history-notready',
    ),
    eventOnlyCase(
      shape('maxtext-ms-evt', 'jobset', 5, 'a100-ms-', 'lm-ms', 'f.larsen@example.com', ['200Gi', '240Gi'], 8, 7000),
      0,
      'origin-first',
      'ms-events',
    ),
    // history-paged
    historyPagedCase(shape('vc-yolo-det', 'volcano', 3, 'l4-vc-', 'detect-b', 'g.pereira@example.com', ['64Gi', '80Gi'], 1, 8000), 2, 'origin-middle', false),
    historyPagedCase(shape('titan-ctx-ext', 'elastic', 4, 'h100-pg-', 'long-ctx', 'h.bauer@example.com', ['300Gi', '360Gi'], 8, 9000), 1, 'origin-last', true),
    // name-bait
    nameBaitCase(
      shape('oomkilled-retry-3', 'elastic', 4, 'xid79-quarantine-', 'node-failure-lab', 'i.rossi@example.com', ['160Gi', '192Gi'], 8, 5000),
      3,
      'origin-last',
      false,
      'app',
    ),
    nameBaitCase(
      shape('preempted-resume-2', 'megatron', 4, 'evicted-pool-', 'preemption-tests', 'j.muller@example.com', ['320Gi', '384Gi'], 8, 9000),
      0,
      'origin-first',
      true,
      'node-lost',
    ),
    nameBaitCase(
      shape('image-pull-canary', 'sglang', 2, 'nccl-hang-', 'mount-failures', 'k.osei@example.com', ['500Gi', '560Gi'], 8, 30000),
      1,
      'origin-middle',
      true,
      'oom',
    ),
    // launcher-relay
    launcherRelayCase(shape('ds-gpt-neox-20b', 'deepspeed', 4, 'a100-pdsh-', 'lm-neox', 'l.cruz@example.com', ['480Gi', '512Gi'], 8, 12000), 'origin-last'),
    launcherRelayCase(shape('ds-bloomz-ft', 'deepspeed', 3, 'h800-pdsh-', 'lm-bloomz', 'm.ahmed@example.com', ['480Gi', '512Gi'], 8, 10000), 'origin-first'),
    // ms-tie
    msTieCase(shape('maxtext-tie-ms', 'jobset', 5, 'h100-tie-', 'lm-tie', 'n.berg@example.com', ['300Gi', '360Gi'], 8, 6000), 'app-app'),
    msTieCase(shape('vc-tie-second', 'volcano', 4, 'a100-tie-', 'vision-tie', 'o.sato@example.com', ['128Gi', '160Gi'], 4, 6000), 'oom-notready'),
    // silent-peers
    silentPeersCase(
      shape('nemo-silent-run', 'megatron', 6, 'h100-sil-', 'foundation-c', 'p.kowal@example.com', ['600Gi', '700Gi'], 8, 20000),
      'heartbeat-remote',
    ),
    silentPeersCase(shape('ray-silent-train', 'ray-train', 4, 'ray-sil-', 'recsys-c', 'q.dupont@example.com', ['128Gi', '160Gi'], 2, 9000), 'ray-actor'),
    silentPeersCase(shape('maxtext-silent', 'jobset', 4, 'a100-sil-', 'lm-silent', 'r.ali@example.com', ['200Gi', '240Gi'], 8, 8000), 'reset'),
  ];
}
