/**
 * The fifth held-out distributed set (fixtures/distributed-heldout-5), generated like the first
 * four (families × frameworks × orderings, through buildHeldOutCase) with frameworks, origin kinds,
 * collateral formats and orderings none of them has: torchtitan under torchrun on a PyTorchJob
 * (the elastic agent's `SignalException: Process … got signal: 15` and `ChildFailedError` summary),
 * TensorFlow MultiWorkerMirroredStrategy on a TFJob (`ResourceExhaustedError: Graph execution
 * error:` with the OOM clause lines below, `UnavailableError: Collective ops is aborted by: Socket
 * closed`), a DaskJob whose runner re-raises a task's exception, and Horovod over Gloo
 * (`horovodrun --gloo` in an MPIJob launcher: `[N]<stderr>:` relays, gloo `Read error … Connection
 * reset by peer`, "Horovod detected that one or more processes exited with non-zero status").
 * Origins: a rank's CUDA OOM (an exception, not a kill), an illegal memory access without any Xid,
 * a DataLoader timeout, an expired storage credential, an eviction for the pod's own ephemeral
 * storage limit. Orders: Run:ai's pod record later than Kubernetes' `finishedAt` for the origin
 * only, three replicas inside 50 ms, ties across categories in one millisecond, and jobs where every
 * replica shows only a peer's fate.
 *
 * It was written without reading the engine (functions/diagnosis/): every expectation follows
 * from what the upstream message means and from DESIGN §2 and §4.8. Every message text is an
 * upstream format, cited next to the helper that writes it and in the case's `citation`.
 */
import type { CaseExpectation, CasePlan, ReplicaPlan } from './buildHeldOutCase.js';
import { assembleHeldOutCase, type HeldOutCaseParts, type HeldOutFramework } from './assembleHeldOutCase.js';
import { clockAt } from './clockAt.js';
import { ERROR_1, SIGTERM_143, endReplica } from './endReplica.js';
import { podEvent } from './eventAndConditionPlans.js';
import { generateNameSuffix, heldOutShape, rosterReplicas, v1Compute, v1Common, type HeldOutMember, type HeldOutShape } from './heldOutShape.js';
import { pythonTraceback } from './pythonTraceback.js';

/** Upstream sources of the message formats this set uses. */
const CITE = {
  // SignalException(f"Process {os.getpid()} got signal: {sigval}", sigval=sigval) raised by _terminate_process_handler;
  // "Sending process %s closing signal %s"
  elasticSignal: 'https://github.com/pytorch/pytorch/blob/main/torch/distributed/elastic/multiprocessing/api.py',
  // "Received %s death signal, shutting down workers"
  elasticAgent: 'https://github.com/pytorch/pytorch/blob/main/torch/distributed/elastic/agent/server/api.py',
  // ChildFailedError's summary: "<entrypoint> FAILED", "Failures:", "Root Cause (first observed failure):", time/host/rank/exitcode/error_file/traceback
  childFailed: 'https://github.com/pytorch/pytorch/blob/main/torch/distributed/elastic/multiprocessing/errors/__init__.py',
  torchtitanTrain: 'https://github.com/pytorch/torchtitan/blob/main/torchtitan/train.py',
  // "CUDA out of memory. Tried to allocate … GPU N has a total capacity of … of which … is free. …"
  cudaOom: 'https://github.com/pytorch/pytorch/blob/main/c10/cuda/CUDACachingAllocator.cpp',
  // "CUDA error: %s" + "CUDA kernel errors might be asynchronously reported at some other API call, …"
  cudaError: 'https://github.com/pytorch/pytorch/blob/main/c10/cuda/CUDAException.cpp',
  // raise RuntimeError(f"DataLoader timed out after {self._timeout} seconds")
  dataLoaderTimeout: 'https://github.com/pytorch/pytorch/blob/main/torch/utils/data/dataloader.py',
  // c10d store: "[c10d] recvValue failed on SocketImpl(…): failed to recv, got 0 bytes" and DistNetworkError
  // "Failed to recv, got 0 bytes. Connection was likely closed. Did the remote server shutdown or crash?"
  c10dRecv: 'https://github.com/pytorch/pytorch/blob/main/torch/csrc/distributed/c10d/Utils.hpp',
  c10dTcpStore: 'https://github.com/pytorch/pytorch/blob/main/torch/csrc/distributed/c10d/TCPStore.cpp',
  // errors::ResourceExhausted("OOM when allocating tensor with shape", shape, " and type ", …, " on ", device, " by allocator ", name)
  tfOom: 'https://github.com/tensorflow/tensorflow/blob/master/tensorflow/core/framework/op_kernel.cc',
  // "Graph execution error:" + "Detected at node … defined at (most recent call last):"
  tfExecute: 'https://github.com/tensorflow/tensorflow/blob/master/tensorflow/python/eager/execute.py',
  // "Collective ops is aborted by: " + "\nThe error could be from a previous operation. Restart your program to reset."
  tfCollectiveAbort: 'https://github.com/tensorflow/tensorflow/blob/master/tensorflow/core/common_runtime/base_collective_executor.cc',
  // "Additional GRPC error information from remote target …" (gRPC status 14 UNAVAILABLE, "Socket closed")
  tfGrpcUtil: 'https://github.com/tensorflow/tensorflow/blob/master/tensorflow/core/distributed_runtime/rpc/grpc_util.h',
  tfMwms: 'https://www.tensorflow.org/api_docs/python/tf/distribute/MultiWorkerMirroredStrategy',
  tfJobController: 'https://github.com/kubeflow/training-operator/blob/master/pkg/controller.v1/tensorflow/tfjob_controller.go',
  // botocore ClientError: "An error occurred ({error_code}) when calling the {operation_name} operation: {error_message}"
  botocoreClientError: 'https://github.com/boto/botocore/blob/develop/botocore/exceptions.py',
  s3ErrorCodes: 'https://docs.aws.amazon.com/AmazonS3/latest/API/ErrorResponses.html',
  // The client re-raises a task's exception with the task's traceback (raise exception.with_traceback(traceback))
  daskClient: 'https://github.com/dask/distributed/blob/main/distributed/client.py',
  // convert_stream_closed_error: CommClosedError(f"in {obj}: {exc}") — "… : Stream is closed"
  daskCommTcp: 'https://github.com/dask/distributed/blob/main/distributed/comm/tcp.py',
  // DaskJob: runner pod "<job>-runner", scheduler "<cluster>-scheduler", workers "<cluster>-default-worker-<hash>"
  daskOperator: 'https://github.com/dask/dask-kubernetes/blob/main/dask_kubernetes/operator/controller/controller.py',
  // horovodrun --gloo: "Terminating remaining workers after failure of Process {idx}." and RuntimeError "Horovod detected
  // that one or more processes exited with non-zero status, thus causing the job to be terminated. The first process to do
  // so was:\nProcess name: {name}\nExit code: {code}\n"
  horovodGlooRun: 'https://github.com/horovod/horovod/blob/master/horovod/runner/gloo_run.py',
  // each rank's output relayed with an "[index]<stdout>:" / "[index]<stderr>:" prefix
  horovodSafeShellExec: 'https://github.com/horovod/horovod/blob/master/horovod/runner/common/util/safe_shell_exec.py',
  // gloo's tcp pair: "Read error [<peer>]: Connection reset by peer" (strerror of ECONNRESET), raised through GLOO_ENFORCE / IoException
  glooPair: 'https://github.com/facebookincubator/gloo/blob/main/gloo/transport/tcp/pair.cc',
  mpiOperator: 'https://github.com/kubeflow/mpi-operator/blob/master/pkg/controller/mpi_job_controller.go',
  trainingOperatorFailed: 'https://github.com/kubeflow/training-operator/blob/master/pkg/controller.v1/pytorch/pytorchjob_controller.go',
  // podEphemeralStorageMessageFmt = "Pod ephemeral local storage usage exceeds the total limit of containers %s. "
  kubeletEvictionHelpers: 'https://github.com/kubernetes/kubernetes/blob/master/pkg/kubelet/eviction/helpers.go',
  kubeletEvictionManager: 'https://github.com/kubernetes/kubernetes/blob/master/pkg/kubelet/eviction/eviction_manager.go',
  runaiTimestamps: 'https://api-docs.run.ai/latest/tag/Workloads',
  pythonTraceback: 'https://docs.python.org/3/library/traceback.html',
} as const;

type Ordering = CasePlan['ordering'];
type FrameworkKey = 'torchtitan' | 'tf-mwms' | 'dask' | 'horovod-gloo';
type Shape = HeldOutShape<FrameworkKey>;

const IMAGES: Record<FrameworkKey, string> = {
  torchtitan: 'registry.example.com/llm/torchtitan:0.2.0-cu128',
  'tf-mwms': 'registry.example.com/vision/tf-mwms:2.17.0-gpu',
  dask: 'registry.example.com/data/dask-gpu:2025.9.1-cuda12',
  'horovod-gloo': 'registry.example.com/hpc/horovod-gloo:0.28.1-torch2.4',
};

/** Five lowercase alphanumerics, as a generateName suffix (seeded unlike the earlier sets). */
const suffix = (seed: string) => generateNameSuffix(seed, 29, 41);

/**
 * Pod naming per controller: training-operator `<job>-master-0` / `<job>-worker-<n>` (torchtitan on
 * a PyTorchJob) and `<job>-chief-0` / `<job>-worker-<n>` (TFJob), dask-kubernetes' DaskJob
 * `<job>-runner`, `<job>-scheduler`, `<job>-default-worker-<hash>`, mpi-operator
 * `<job>-launcher-<hash>` / `<job>-worker-<n>` (horovodrun --gloo in the launcher).
 */
function members(shape: Shape): HeldOutMember[] {
  const { name, workers } = shape;
  const range = (count: number) => Array.from({ length: count }, (_, index) => index);
  switch (shape.framework) {
    case 'torchtitan':
      return [
        { pod: `${name}-master-0`, container: 'pytorch', role: 'Master' },
        ...range(workers).map((rank) => ({ pod: `${name}-worker-${rank}`, container: 'pytorch', role: 'Worker' })),
      ];
    case 'tf-mwms':
      return [
        { pod: `${name}-chief-0`, container: 'tensorflow', role: 'Chief' },
        ...range(workers).map((rank) => ({ pod: `${name}-worker-${rank}`, container: 'tensorflow', role: 'Worker' })),
      ];
    case 'dask':
      return [
        { pod: `${name}-runner`, container: 'job', role: 'Launcher' },
        { pod: `${name}-scheduler`, container: 'scheduler', role: 'Head' },
        ...range(workers).map((index) => ({ pod: `${name}-default-worker-${suffix(`${name}/${index}`)}`, container: 'worker', role: 'Worker' })),
      ];
    case 'horovod-gloo':
      return [
        { pod: `${name}-launcher-${suffix(name)}`, container: 'launcher', role: 'Launcher' },
        ...range(workers).map((rank) => ({ pod: `${name}-worker-${rank}`, container: 'worker', role: 'Worker' })),
      ];
  }
}

const RUNAI_TYPE: Record<FrameworkKey, string> = { torchtitan: 'Distributed', 'tf-mwms': 'Distributed', dask: 'DaskJob', 'horovod-gloo': 'Distributed' };
const DISTRIBUTED_FRAMEWORK: Partial<Record<FrameworkKey, string>> = { torchtitan: 'PyTorch', 'tf-mwms': 'TF', 'horovod-gloo': 'MPI' };

/** The controller's job-level failure message (training-operator, mpi-operator); the Dask operator writes none. */
function failedMessage(shape: Shape, role: string): { reason: string; message: string } | null {
  if (shape.framework === 'torchtitan')
    return { reason: 'PyTorchJobFailed', message: `PyTorchJob ${shape.name} is failed because 1 ${role} replica(s) failed.` };
  if (shape.framework === 'tf-mwms') return { reason: 'TFJobFailed', message: `TFJob ${shape.name} is failed because 1 ${role} replica(s) failed.` };
  if (shape.framework === 'horovod-gloo') return { reason: 'MPIJobFailed', message: `MPIJob runai-${shape.project}/${shape.name} has failed` };
  return null;
}

const replicasOf = (shape: Shape): ReplicaPlan[] => rosterReplicas(shape, members(shape), IMAGES[shape.framework], 43);

function v1Spec(shape: Shape, restartPolicy: string): CasePlan['spec'] {
  const compute = v1Compute(shape);
  const image = IMAGES[shape.framework];
  const command =
    shape.framework === 'torchtitan'
      ? 'torchrun --nnodes=$(WORLD_SIZE) --nproc_per_node=8 -m torchtitan.train --job.config_file /configs/llama3_8b.toml'
      : shape.framework === 'tf-mwms'
        ? 'python /app/train_mwms.py --strategy=multi_worker_mirrored'
        : `horovodrun --gloo -np ${shape.workers * shape.gpus} python /app/train_hvd.py`;
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

/** Workloads V2 body of a DaskJob (dask-kubernetes operator). */
function daskSpec(shape: Shape): CasePlan['spec'] {
  const resources = {
    requests: { memory: shape.memory.request, cpu: '16', 'nvidia.com/gpu': String(shape.gpus) },
    limits: { memory: shape.memory.limit, 'nvidia.com/gpu': String(shape.gpus) },
  };
  const manifest = {
    apiVersion: 'kubernetes.dask.org/v1',
    kind: 'DaskJob',
    metadata: { name: shape.name, namespace: `runai-${shape.project}` },
    spec: {
      job: { spec: { containers: [{ name: 'job', image: IMAGES.dask, args: ['python', '/app/run_training.py'] }] } },
      cluster: {
        spec: {
          worker: { replicas: shape.workers, spec: { containers: [{ name: 'worker', image: IMAGES.dask, args: ['dask-cuda-worker'], resources }] } },
          scheduler: { spec: { containers: [{ name: 'scheduler', image: IMAGES.dask, args: ['dask-scheduler'] }] } },
        },
      },
    },
  };
  return {
    kind: 'v2',
    body: {
      workload: {
        metadata: {
          name: shape.name,
          gvk: { group: 'kubernetes.dask.org', version: 'v1', kind: 'DaskJob' },
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

/** CITE.elasticAgent + CITE.elasticSignal: a torchrun agent told to stop (SIGTERM) shuts its workers down and raises; exit 1. */
const elasticSigterm = (clock: string, agentPid: number) => [
  `W1203 ${clock}.318000 ${agentPid} torch/distributed/elastic/agent/server/api.py:719] Received 15 death signal, shutting down workers`,
  `W1203 ${clock}.319000 ${agentPid} torch/distributed/elastic/multiprocessing/api.py:900] Sending process ${agentPid + 91} closing signal SIGTERM`,
  ...pythonTraceback(
    [
      ['/usr/local/bin/torchrun', 8, '<module>', 'sys.exit(main())'],
      [
        '/usr/local/lib/python3.11/site-packages/torch/distributed/elastic/multiprocessing/api.py',
        84,
        '_terminate_process_handler',
        'raise SignalException(f"Process {os.getpid()} got signal: {sigval}", sigval=sigval)',
      ],
    ],
    `torch.distributed.elastic.multiprocessing.api.SignalException: Process ${agentPid} got signal: 15`,
  ),
];

/** CITE.childFailed: torchrun's summary after a local rank failed (a carrier: it names only an exit code). */
const childFailedSummary = (host: string, rank: number, localRank: number, pid: number, clock: string) => [
  'torch.distributed.elastic.multiprocessing.errors.ChildFailedError: ',
  '============================================================',
  'torchtitan.train FAILED',
  '------------------------------------------------------------',
  'Failures:',
  '  <NO_OTHER_FAILURES>',
  '------------------------------------------------------------',
  'Root Cause (first observed failure):',
  '[0]:',
  `  time      : 2026-12-03_${clock}`,
  `  host      : ${host}`,
  `  rank      : ${rank} (local_rank: ${localRank})`,
  `  exitcode  : 1 (pid: ${pid})`,
  '  error_file: <N/A>',
  '  traceback : To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html',
  '============================================================',
];

/** CITE.cudaOom: the caching allocator's message, raised as torch.OutOfMemoryError. */
const cudaOomLine = (device: number) =>
  `torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 3.91 GiB. GPU ${device} has a total capacity of 79.44 GiB of which 2.06 GiB is free. Process 4121 has 77.37 GiB memory in use. Of the allocated memory 71.18 GiB is allocated by PyTorch, and 4.77 GiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)`;
const CUDA_OOM_QUOTE = 'torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 3.91 GiB';

/** CITE.cudaError: an illegal access reported by the CUDA runtime (no Xid on the node). */
const illegalAccessLines = (prefix: string) => [
  `${prefix}RuntimeError: CUDA error: an illegal memory access was encountered`,
  `${prefix}CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.`,
  `${prefix}For debugging consider passing CUDA_LAUNCH_BLOCKING=1`,
  `${prefix}Compile with \`TORCH_USE_CUDA_DSA\` to enable device-side assertions.`,
];
const ILLEGAL_ACCESS = 'CUDA error: an illegal memory access was encountered';

/** CITE.dataLoaderTimeout: a DataLoader with `timeout=60` whose worker produced no batch in time. */
const DATALOADER_TIMEOUT = 'RuntimeError: DataLoader timed out after 60 seconds';

/** CITE.botocoreClientError + CITE.s3ErrorCodes: a session token that expired mid-run (an assumed role's 1 h credentials). */
const EXPIRED_TOKEN = 'botocore.exceptions.ClientError: An error occurred (ExpiredToken) when calling the GetObject operation: The provided token has expired.';

/** CITE.kubeletEvictionHelpers: the kubelet's message when a pod exceeds its own ephemeral-storage limit. */
const ephemeralMessage = (limit: string) => `Pod ephemeral local storage usage exceeds the total limit of containers ${limit}. `;

/** CITE.tfExecute + CITE.tfOom: TF 2's graph execution error with the OOM clause on its own line. */
const tfOomLines = (task: number) => [
  ...pythonTraceback(
    [
      ['/app/train_mwms.py', 142, '<module>', 'model.fit(dataset, epochs=30, steps_per_epoch=1200)'],
      [
        '/usr/local/lib/python3.11/site-packages/tensorflow/python/eager/execute.py',
        53,
        'quick_execute',
        'tensors = pywrap_tfe.TFE_Py_Execute(ctx._handle, device_name, op_name,',
      ],
    ],
    'tensorflow.python.framework.errors_impl.ResourceExhaustedError: Graph execution error:',
  ),
  '',
  "Detected at node 'vit/encoder/layer_11/mlp/dense_1/MatMul' defined at (most recent call last):",
  '    File "/app/train_mwms.py", line 142, in <module>',
  '      model.fit(dataset, epochs=30, steps_per_epoch=1200)',
  "Node: 'vit/encoder/layer_11/mlp/dense_1/MatMul'",
  `OOM when allocating tensor with shape[64,197,3072] and type float on /job:worker/replica:0/task:${task}/device:GPU:0 by allocator GPU_0_bfc`,
  '\t [[{{node vit/encoder/layer_11/mlp/dense_1/MatMul}}]]',
  "Hint: If you want to see a list of allocated tensors when OOM happens, add report_tensor_allocations_upon_oom to RunOptions for current allocation info. This isn't available when running in Eager mode.",
  ' [Op:__inference_train_function_48211]',
];
const TF_OOM_QUOTE = 'OOM when allocating tensor with shape[64,197,3072] and type float';

/** CITE.tfCollectiveAbort + CITE.tfGrpcUtil: a MultiWorkerMirroredStrategy peer whose collective lost a task. */
const tfUnavailable = (deadTask: string, ip: string) => [
  ...pythonTraceback(
    [['/app/train_mwms.py', 142, '<module>', 'model.fit(dataset, epochs=30, steps_per_epoch=1200)']],
    'tensorflow.python.framework.errors_impl.UnavailableError: Collective ops is aborted by: Socket closed',
  ),
  `Additional GRPC error information from remote target ${deadTask}:`,
  `:{"created":"@1764749112.304118823","description":"Error received from peer ipv4:${ip}:2222","file":"external/com_github_grpc_grpc/src/core/lib/surface/call.cc","file_line":1056,"grpc_message":"Socket closed","grpc_status":14}`,
  'The error could be from a previous operation. Restart your program to reset. [Op:CollectiveReduceV2]',
];

/** CITE.glooPair: a gloo pair whose peer went away, as a rank raises it. */
const glooReset = (ip: string, port: number) =>
  `RuntimeError: [/tmp/pip-req-build/third_party/gloo/gloo/transport/tcp/pair.cc:598] Read error [${ip}]:${port}: Connection reset by peer`;

/** CITE.horovodSafeShellExec: horovodrun --gloo relays each rank's output with an index prefix. */
const relay = (rank: number, lines: string[], stream: 'stdout' | 'stderr' = 'stderr') => lines.map((line) => `[${rank}]<${stream}>:${line}`);

/** CITE.horovodGlooRun: what the launcher prints once a rank's process exits non-zero, then its own exception. */
const horovodGlooEnd = (rank: number, code: number) => [
  `Terminating remaining workers after failure of Process ${rank}.`,
  ...pythonTraceback(
    [
      ['/usr/local/bin/horovodrun', 8, '<module>', 'sys.exit(run_commandline())'],
      [
        '/usr/local/lib/python3.11/site-packages/horovod/runner/gloo_run.py',
        285,
        'launch_gloo',
        "raise RuntimeError('Horovod detected that one or more processes exited with non-zero '",
      ],
    ],
    'RuntimeError: Horovod detected that one or more processes exited with non-zero status, thus causing the job to be terminated. The first process to do so was:',
  ),
  `Process name: ${rank}`,
  `Exit code: ${code}`,
];

/** CITE.c10dRecv + CITE.c10dTcpStore: a rank whose c10d store peer closed the connection. */
const c10dRecvFailed = (rank: number, ip: string) => [
  `[W1203 08:00:00.000000000 TCPStore.cpp:125] [c10d] recvValue failed on SocketImpl(fd=77, addr=[::ffff:${ip}]:39732, remote=[::ffff:10.244.0.5]:29500): failed to recv, got 0 bytes`,
  `[rank${rank}]: torch.distributed.DistNetworkError: Failed to recv, got 0 bytes. Connection was likely closed. Did the remote server shutdown or crash?`,
];

/** CITE.daskClient: the runner's traceback when a task raised on a worker (the task's frames follow the client's). */
const daskReraise = (taskFrames: [string, number, string, string][], last: string) =>
  pythonTraceback(
    [
      ['/app/run_training.py', 61, '<module>', 'results = client.gather(futures)'],
      ['/opt/conda/lib/python3.11/site-packages/distributed/client.py', 2388, '_gather', 'raise exception.with_traceback(traceback)'],
      ...taskFrames,
    ],
    last,
  );

/** CITE.daskCommTcp: a client or worker whose connection to the scheduler closed. */
const daskCommClosed = (what: string, local: string, remote: string) =>
  `distributed.comm.core.CommClosedError: in <TCP (closed) ${what} local=tcp://${local} remote=tcp://${remote}>: Stream is closed`;

// ---- assembling a case -----------------------------------------------------------------------

function frameworkOf(shape: Shape): HeldOutFramework {
  const workloadsV2 = shape.framework === 'dask';
  return {
    roster: members(shape),
    failedMessage: (role) => failedMessage(shape, role),
    runaiType: RUNAI_TYPE[shape.framework],
    distributedFramework: DISTRIBUTED_FRAMEWORK[shape.framework] ?? null,
    workloadsV2,
    spec: (restartPolicy) => (workloadsV2 ? daskSpec(shape) : v1Spec(shape, restartPolicy)),
    citations: {
      torchtitan: [CITE.trainingOperatorFailed, CITE.torchtitanTrain],
      'tf-mwms': [CITE.tfJobController, CITE.tfMwms],
      dask: [CITE.daskOperator, CITE.daskClient],
      'horovod-gloo': [CITE.mpiOperator, CITE.horovodGlooRun],
    }[shape.framework],
  };
}

const assemble = (shape: Shape, parts: HeldOutCaseParts): CasePlan => assembleHeldOutCase(shape, frameworkOf(shape), parts);

const EVICTED_137 = { code: 137, reason: 'Error' } as const;
const ip = (index: number) => `10.244.${(index * 7 + 11) % 250}.${(index * 13 + 21) % 250}`;

/** How the peers of an origin end (each a cited collateral format). */
type PeerKind = 'elastic-sigterm' | 'tf-unavailable' | 'sigterm';

const PEER_CITE: Record<PeerKind, string[]> = {
  'elastic-sigterm': [CITE.elasticSignal, CITE.elasticAgent],
  'tf-unavailable': [CITE.tfCollectiveAbort, CITE.tfGrpcUtil],
  sigterm: [],
};

/** The framework's usual collateral: torchrun agents stopped by the operator, MWMS peers losing a task, or plain SIGTERM. */
const peerKindOf = (shape: Shape): PeerKind =>
  shape.framework === 'torchtitan' ? 'elastic-sigterm' : shape.framework === 'tf-mwms' ? 'tf-unavailable' : 'sigterm';

/** The peers fail `delay` seconds (plus up to 4 s by index) after the origin, in one format; returns how many. */
function endPeers(
  replicas: ReplicaPlan[],
  origin: ReplicaPlan,
  originAgo: number,
  delay: number,
  tier2: boolean,
  kind: PeerKind,
  originTask = 'worker/replica:0/task:1',
): number {
  let collateral = 0;
  replicas.forEach((replica, index) => {
    if (replica === origin) return;
    collateral += 1;
    const ago = originAgo - delay - (index % 5);
    if (kind === 'elastic-sigterm') endReplica(replica, ago, 'Error', tier2, ERROR_1, elasticSigterm(clockAt(ago), 17 + index));
    else if (kind === 'tf-unavailable') endReplica(replica, ago, 'Error', tier2, ERROR_1, tfUnavailable(`/job:${originTask}`, ip(replicas.indexOf(origin))));
    else endReplica(replica, ago, 'Error', tier2, SIGTERM_143);
  });
  return collateral;
}

const crash = (pod: ReplicaPlan, needles: string[]) => ({ pod: pod.pod, node: pod.node, signalIncludes: needles });

/** The TF task name of a TFJob replica (chief-0 → chief task 0, worker-N → worker task N). */
const tfTask = (replica: ReplicaPlan) => {
  const match = /-(chief|worker)-(\d+)$/.exec(replica.pod);
  return match ? `${match[1]}/replica:0/task:${match[2]}` : 'worker/replica:0/task:0';
};

/** A rank raising under torchrun: its traceback rank-prefixed, then the agent's ChildFailedError summary. */
const torchrunFailure = (replica: ReplicaPlan, ago: number, rank: number, frames: [string, number, string, string][], last: string, extra: string[] = []) => [
  ...pythonTraceback(frames, last, `[rank${rank}]: `),
  ...extra.map((line) => `[rank${rank}]: ${line}`),
  ...childFailedSummary(replica.pod, rank, rank % 8, 4100 + rank, clockAt(ago)),
];

// ---- the origin kinds every family draws on -------------------------------------------------------

type Cause = 'cuda-oom' | 'illegal-access' | 'dataloader-timeout' | 'expired-token';

interface CauseText {
  /** The decisive line as a person would quote it. */
  quote: string;
  /** The origin signal needles (any one). */
  needles: string[];
  citation: string[];
  /** What a rank prints (torchrun / horovod), the last exception line included. */
  frames: [string, number, string, string][];
  last: string;
  extra: string[];
}

const CAUSES: Record<Cause, CauseText> = {
  'cuda-oom': {
    quote: CUDA_OOM_QUOTE,
    needles: ['OutOfMemoryError', 'CUDA out of memory', 'exit code 1', 'exit 1'],
    citation: [CITE.cudaOom, CITE.pythonTraceback],
    frames: [
      ['/opt/torchtitan/torchtitan/train.py', 412, 'train_step', 'loss.backward()'],
      ['/usr/local/lib/python3.11/site-packages/torch/autograd/graph.py', 825, '_engine_run_backward', 'return Variable._execution_engine.run_backward('],
    ],
    last: cudaOomLine(3),
    extra: [],
  },
  'illegal-access': {
    quote: ILLEGAL_ACCESS,
    needles: ['illegal memory access', 'CUDA error', 'exit code 1', 'exit 1'],
    citation: [CITE.cudaError, CITE.pythonTraceback],
    frames: [
      ['/opt/torchtitan/torchtitan/train.py', 398, 'forward_backward_step', 'pred = model_parts[0](inputs)'],
      ['/opt/torchtitan/torchtitan/models/moe.py', 233, 'forward', 'routed_output = self.experts(routed_input, num_tokens_per_expert)'],
    ],
    last: `RuntimeError: ${ILLEGAL_ACCESS}`,
    extra: illegalAccessLines('').slice(1),
  },
  'dataloader-timeout': {
    quote: DATALOADER_TIMEOUT,
    needles: ['DataLoader timed out', 'exit code 1', 'exit 1'],
    citation: [CITE.dataLoaderTimeout, CITE.pythonTraceback],
    frames: [
      ['/opt/torchtitan/torchtitan/train.py', 371, 'next_batch', 'batch = next(data_iterator)'],
      [
        '/usr/local/lib/python3.11/site-packages/torch/utils/data/dataloader.py',
        1270,
        '_get_data',
        "raise RuntimeError(f'DataLoader timed out after {self._timeout} seconds')",
      ],
    ],
    last: DATALOADER_TIMEOUT,
    extra: [],
  },
  'expired-token': {
    quote: EXPIRED_TOKEN.replace('botocore.exceptions.ClientError: ', ''),
    needles: ['ExpiredToken', 'ClientError', 'token has expired', 'exit code 1', 'exit 1'],
    citation: [CITE.botocoreClientError, CITE.s3ErrorCodes, CITE.pythonTraceback],
    frames: [
      ['/app/data/s3_shards.py', 88, '__iter__', 'body = self.s3.get_object(Bucket=self.bucket, Key=key)["Body"]'],
      ['/usr/local/lib/python3.11/site-packages/botocore/client.py', 1023, '_make_api_call', 'raise error_class(parsed_response, operation_name)'],
    ],
    last: EXPIRED_TOKEN,
    extra: [],
  },
};

const CAUSE_NOTE: Record<Cause, string> = {
  'cuda-oom':
    'torch.OutOfMemoryError is an exception the rank raised when its GPU allocation failed; the container was not killed (no OOMKilled, exit 1): CRASH_APP_ERROR with the allocator\u2019s line quoted, never OOM_KILLED.',
  'illegal-access':
    'An illegal memory access reported by the CUDA runtime with no Xid on the node (no node condition, no event): a kernel bug in the application (CRASH_APP_ERROR); the line is an infrastructure signature for the suspect-node count, not a node fault on its own.',
  'dataloader-timeout':
    'The rank\u2019s DataLoader produced no batch within its 60 s timeout and raised; it is the only replica that failed on its own (CRASH_APP_ERROR).',
  'expired-token':
    'The rank\u2019s temporary S3 credentials expired an hour into the run and GetObject failed with ExpiredToken: the application\u2019s storage read failed (CRASH_APP_ERROR), not a volume mount (DATASOURCE_MOUNT_FAILED) nor an image pull.',
};

/** Writes a cause on `origin` the way its framework shows it; returns the origin's log. */
function causeLogs(shape: Shape, replicas: ReplicaPlan[], origin: ReplicaPlan, ago: number, cause: Cause, rank: number): string[] {
  const text = CAUSES[cause];
  if (shape.framework === 'horovod-gloo') {
    // The rank runs on a worker over ssh; only the launcher prints (and fails).
    const others = replicas.filter((replica) => replica !== origin && replica !== replicas[0]).slice(0, 2);
    const frames = text.frames.map(([file, line, fn, code]): [string, number, string, string] =>
      file.startsWith('/opt/torchtitan/') ? ['/app/train_hvd.py', line - 260, fn, code] : [file, line, fn, code],
    );
    return [
      ...relay(rank, [...pythonTraceback(frames, text.last), ...text.extra]),
      ...others.map((_, index) => relay(rank + 8 * (index + 1), [glooReset(ip(rank), 40211 + index)])[0]!),
      ...horovodGlooEnd(rank, 1),
    ];
  }
  if (shape.framework === 'dask') return daskReraise([['/app/tasks.py', 33, 'train_shard', text.frames[0]![3]]], text.last);
  return torchrunFailure(origin, ago, rank, text.frames, text.last, text.extra);
}

// ---- family: cuda-oom-rank / illegal-access-rank / dataloader-timeout / expired-credential -------------

/**
 * One rank fails on its own with `cause`; its peers end afterwards in their framework's collateral.
 * On Horovod over Gloo and on Dask the failing process is relayed by the launcher / runner, which is
 * the only container that fails on its own: it is the origin.
 */
function rankCauseCase(family: string, shape: Shape, originAt: number, ordering: Ordering, cause: Cause): CasePlan {
  const replicas = replicasOf(shape);
  const relayed = shape.framework === 'horovod-gloo' || shape.framework === 'dask';
  const origin = relayed ? replicas[0]! : replicas[originAt]!;
  const failedAgo = 3400 + originAt * 60;
  const originAgo = failedAgo + 240;
  const rank = originAt * 8 + 3;
  const text = CAUSES[cause];
  endReplica(origin, originAgo, 'Error', true, ERROR_1, causeLogs(shape, replicas, origin, originAgo, cause, rank));
  const peers = peerKindOf(shape);
  const collateral = endPeers(replicas, origin, originAgo, relayed ? 20 : 6, true, peers, shape.framework === 'tf-mwms' ? tfTask(origin) : undefined);
  const where = relayed
    ? `${shape.framework === 'dask' ? 'a Dask task on a worker' : `rank ${rank} (on a worker, over ssh)`}; ${origin.pod} ${shape.framework === 'dask' ? 're-raises it' : 'relays it and fails'}`
    : `rank ${rank} on ${origin.pod}`;
  return assemble(shape, {
    name: `${family}-${shape.framework}-${ordering}-tier2`,
    family,
    ordering,
    tier2: true,
    description: `${where} (${text.quote.slice(0, 60)}…); the ${collateral} other replicas end ${relayed ? 20 : 6} s later (${peers}).`,
    replicas,
    originPod: origin.pod,
    failedAgo,
    expectation: {
      category: 'CRASH_APP_ERROR',
      origin: crash(origin, relayed ? [...text.needles, 'Horovod detected', 'exit code 1'] : text.needles),
      collateralAtLeast: collateral,
      quotedLine: text.quote,
      limitationWhenNoOrigin: false,
      citation: [
        ...text.citation,
        ...(shape.framework === 'torchtitan' ? [CITE.childFailed] : []),
        ...(shape.framework === 'horovod-gloo' ? [CITE.horovodGlooRun, CITE.horovodSafeShellExec, CITE.glooPair] : []),
        ...(shape.framework === 'dask' ? [CITE.daskClient] : []),
        ...PEER_CITE[peers],
      ],
      note: `${CAUSE_NOTE[cause]} ${
        relayed
          ? shape.framework === 'dask'
            ? 'On Dask the task\u2019s exception travels to the client: the runner pod is the only container that fails on its own (exit 1); the operator then deletes the scheduler and workers (SIGTERM, collateral). The decisive line is the task\u2019s exception, the last line of the re-raised traceback.'
            : 'Under horovodrun --gloo the worker pods run sshd; the launcher relays the rank\u2019s output ("[N]<stderr>:"), other ranks\u2019 gloo "Connection reset by peer" (consequences), and fails with "Horovod detected that one or more processes exited with non-zero status" (a carrier naming only an exit code). The launcher is the only container that failed on its own; the worker pods are deleted afterwards.'
          : shape.framework === 'torchtitan'
            ? 'torchrun\u2019s ChildFailedError summary after the traceback is a carrier naming only an exit code; the peers\u2019 agents are stopped by the operator and raise SignalException (got signal: 15), exit 1 like the origin: collateral by what it says, not by its exit code.'
            : 'The other tasks\u2019 collectives abort ("Collective ops is aborted by: Socket closed", naming the failed task): collateral.'
      }`,
    },
  });
}

// ---- family: ephemeral-eviction (the kubelet evicts the origin for its own ephemeral-storage limit) -----

function ephemeralEvictionCase(shape: Shape, originAt: number, ordering: Ordering, tier2: boolean): CasePlan {
  const replicas = replicasOf(shape);
  const origin = replicas[originAt]!;
  const failedAgo = 2700;
  const originAgo = failedAgo + 300;
  const message = ephemeralMessage('200Gi');
  origin.events = [
    podEvent('Evicted', message, 'kubelet', originAgo),
    podEvent('Killing', `Stopping container ${origin.container}`, 'kubelet', originAgo - 1, 'Normal'),
  ];
  origin.podStatus = { reason: 'Evicted', message };
  endReplica(origin, originAgo - 2, 'Failed', tier2, EVICTED_137, [
    'step 18400 loss=2.1163 tokens/s=88412',
    'writing activation dump to /tmp/act-dump/step18400.pt',
  ]);
  let collateral: number;
  let peersCite: string[];
  if (shape.framework === 'horovod-gloo') {
    // The evicted pod is a worker; the launcher relays the other ranks' gloo resets and fails afterwards.
    const launcher = replicas[0]!;
    const deadRank = originAt * 8;
    endReplica(launcher, originAgo - 9, 'Error', tier2, ERROR_1, [
      ...relay(deadRank + 1, [glooReset(ip(originAt), 40311)]),
      ...relay(deadRank + 9, [glooReset(ip(originAt), 40312)]),
      ...horovodGlooEnd(deadRank, 255),
    ]);
    collateral = 1;
    replicas.forEach((replica, index) => {
      if (replica === origin || replica === launcher) return;
      collateral += 1;
      endReplica(replica, originAgo - 20 - index, 'Error', tier2, SIGTERM_143);
    });
    peersCite = [CITE.horovodGlooRun, CITE.horovodSafeShellExec, CITE.glooPair];
  } else {
    const peers = peerKindOf(shape);
    collateral = endPeers(replicas, origin, originAgo - 2, 8, tier2, peers, shape.framework === 'tf-mwms' ? tfTask(origin) : undefined);
    peersCite = PEER_CITE[peers];
  }
  return assemble(shape, {
    name: `ephemeral-eviction-${shape.framework}-${ordering}${tier2 ? '-tier2' : ''}`,
    family: 'ephemeral-eviction',
    ordering,
    tier2,
    description: `The kubelet evicts ${origin.pod} for exceeding its own ephemeral-storage limit (200Gi; exit 137 without OOMKilled); the ${collateral} other replicas end afterwards.`,
    replicas,
    originPod: origin.pod,
    failedAgo,
    expectation: {
      // The product's documented decision (docs/procedure.md, "A pod over its own ephemeral-storage
      // or emptyDir limit"): the workload's own limit, not the node's — CRASH_APP_ERROR, audience user.
      // The collector first wrote NODE_FAILURE from DESIGN §2 step 3 alone (BASELINE.md gives both figures).
      category: 'CRASH_APP_ERROR',
      origin: crash(origin, ['Evicted', 'ephemeral']),
      collateralAtLeast: collateral,
      quotedLine: 'Pod ephemeral local storage usage exceeds the total limit of containers 200Gi.',
      limitationWhenNoOrigin: false,
      citation: [CITE.kubeletEvictionHelpers, CITE.kubeletEvictionManager, ...peersCite],
      note:
        'An eviction for the pod\u2019s own ephemeral-storage limit is the workload\u2019s limit, not the node\u2019s (docs/procedure.md): CRASH_APP_ERROR, not the node pressure DESIGN §2 step 3 calls node eviction. The kubelet stopped the container (exit 137, no OOMKilled); the message says why, and the person to act is the submitter (the pod wrote past its own 200Gi limit): the quote must be the kubelet\u2019s line. ' +
        (shape.framework === 'horovod-gloo'
          ? 'The launcher fails 9 s later relaying the other ranks\u2019 gloo "Connection reset by peer" and Horovod\u2019s exit-255 summary (the ssh session of the evicted worker died): collateral, although it is the launcher.'
          : 'The other replicas fail afterwards with their framework\u2019s collateral.'),
    },
  });
}

// ---- family: finish-order-disagrees (Run:ai's pod record lags the container's end for the origin) -----

function finishOrderCase(shape: Shape, originAt: number, ordering: Ordering): CasePlan {
  const replicas = replicasOf(shape);
  const relayed = shape.framework === 'horovod-gloo';
  const origin = relayed ? replicas[0]! : replicas[originAt]!;
  const failedAgo = 4100;
  const originAgo = failedAgo + 200;
  const rank = originAt * 8 + 6;
  const last =
    shape.framework === 'tf-mwms'
      ? 'ValueError: Input 0 of layer "vit" is incompatible with the layer: expected shape=(None, 224, 224, 3), found shape=(None, 256, 256, 3)'
      : 'IndexError: index 131072 is out of bounds for dimension 0 with size 131072';
  const frames: [string, number, string, string][] =
    shape.framework === 'tf-mwms'
      ? [['/app/train_mwms.py', 142, '<module>', 'model.fit(dataset, epochs=30, steps_per_epoch=1200)']]
      : [['/opt/torchtitan/torchtitan/datasets/hf_datasets.py', 154, '__iter__', 'sample_tokens = self._tokenizer.encode(sample_text, bos=True, eos=True)']];
  const logs =
    shape.framework === 'torchtitan'
      ? torchrunFailure(origin, originAgo, rank, frames, last)
      : shape.framework === 'tf-mwms'
        ? pythonTraceback(frames, last)
        : [...relay(rank, pythonTraceback(frames, last)), ...relay(rank + 8, [glooReset(ip(rank), 40411)]), ...horovodGlooEnd(rank, 1)];
  endReplica(origin, originAgo, 'Error', true, ERROR_1, logs);
  // Run:ai's record of the origin's end lags 45 s (its pod record was synced late); Kubernetes' finishedAt is exact.
  origin.runaiEndedAgo = originAgo - 45;
  const peers = peerKindOf(shape);
  const collateral = endPeers(replicas, origin, originAgo, relayed ? 15 : 7, true, peers, shape.framework === 'tf-mwms' ? tfTask(origin) : undefined);
  return assemble(shape, {
    name: `finish-order-disagrees-${shape.framework}-${ordering}-tier2`,
    family: 'finish-order-disagrees',
    ordering,
    tier2: true,
    description: `${origin.pod} raises ${last.split(':')[0]} and exits 1; Kubernetes' finishedAt puts it ${relayed ? 15 : 7}–${(relayed ? 15 : 7) + 4} s before the ${collateral} others, but Run:ai's completedAt for it is 45 s later (after every peer's).`,
    replicas,
    originPod: origin.pod,
    failedAgo,
    expectation: {
      category: 'CRASH_APP_ERROR',
      origin: crash(origin, [last.split(':')[0]!, 'exit code 1', 'exit 1', ...(relayed ? ['Horovod detected'] : [])]),
      collateralAtLeast: collateral,
      quotedLine: last,
      limitationWhenNoOrigin: false,
      citation: [
        CITE.pythonTraceback,
        CITE.runaiTimestamps,
        ...(shape.framework === 'torchtitan' ? [CITE.childFailed] : []),
        ...(relayed ? [CITE.horovodGlooRun, CITE.horovodSafeShellExec, CITE.glooPair] : []),
        ...PEER_CITE[peers],
      ],
      note: 'Two clocks disagree for the origin only: the container\u2019s own end (Tier 2 state.terminated.finishedAt) is before every peer\u2019s, Run:ai\u2019s pod completedAt is after. The container\u2019s finishedAt is the termination itself, and what the logs say agrees with it: the origin raised an application error, every peer only shows the consequence of a lost peer. Origin = the container that terminated first (§4.8), its exception quoted.',
    },
  });
}

// ---- family: fifty-ms-window (three replicas end within 50 ms; the cause is the first) -----------------

function fiftyMsCase(shape: Shape, originAt: number, ordering: Ordering): CasePlan {
  const replicas = replicasOf(shape);
  const at = 2600;
  for (const replica of replicas) replica.stamp = 'ms';
  const origin = replicas[originAt]!;
  const rank = originAt * 8 + 1;
  const last =
    shape.framework === 'tf-mwms'
      ? "TypeError: Expected int32, but got 0.5 of type 'float'."
      : 'AssertionError: tokens_per_expert must sum to the routed token count';
  const logs =
    shape.framework === 'tf-mwms'
      ? pythonTraceback([['/app/train_mwms.py', 118, 'augment', 'crop = tf.image.random_crop(image, [size, size, 3])']], last)
      : torchrunFailure(origin, at, rank, [['/opt/torchtitan/torchtitan/models/moe.py', 188, 'forward', 'assert counts.sum() == routed.shape[0], (']], last);
  // Pinned clock at .700: the origin at .050, two peers at .080 and .100 (the 50 ms window), the rest 1–3 s later.
  endReplica(origin, at + 0.65, 'Error', true, ERROR_1, logs);
  let collateral = 0;
  let near = 0;
  replicas.forEach((replica, index) => {
    if (replica === origin) return;
    collateral += 1;
    const ago = near < 2 ? at + 0.62 - near * 0.02 : at - 1 - (index % 3);
    near += 1;
    if (shape.framework === 'tf-mwms') endReplica(replica, ago, 'Error', true, ERROR_1, tfUnavailable(`/job:${tfTask(origin)}`, ip(originAt)));
    else if (ago > at) endReplica(replica, ago, 'Error', true, ERROR_1, c10dRecvFailed(index * 8, ip(index)));
    else endReplica(replica, ago, 'Error', true, ERROR_1, elasticSigterm(clockAt(ago), 17 + index));
  });
  return assemble(shape, {
    name: `fifty-ms-window-${shape.framework}-${ordering}-tier2`,
    family: 'fifty-ms-window',
    ordering,
    tier2: true,
    description: `${origin.pod} raises ${last.split(':')[0]}; two peers fail 30 and 50 ms later inside the same second with consequences only, the remaining ${collateral - 2} 1–3 s later. Run:ai and Kubernetes times carry milliseconds.`,
    replicas,
    originPod: origin.pod,
    failedAgo: at - 20,
    expectation: {
      category: 'CRASH_APP_ERROR',
      origin: crash(origin, [last.split(':')[0]!, 'exit code 1', 'exit 1']),
      collateralAtLeast: collateral,
      quotedLine: last,
      limitationWhenNoOrigin: false,
      citation: [
        CITE.pythonTraceback,
        CITE.runaiTimestamps,
        ...(shape.framework === 'tf-mwms'
          ? PEER_CITE['tf-unavailable']
          : [CITE.childFailed, CITE.c10dRecv, CITE.c10dTcpStore, ...PEER_CITE['elastic-sigterm']]),
      ],
      note: 'Three replicas end within 50 ms of one wall-clock second; the milliseconds the API gives order them (DESIGN §2: keep their precision) and the messages agree: the first raised an application error, the two next report a closed connection to a peer (c10d "Failed to recv, got 0 bytes … Did the remote server shutdown or crash?", or a collective aborted by a closed socket). Origin = the first.',
    },
  });
}

// ---- family: peer-signals-only (every replica shows only a peer's fate or an outside stop) --------------

function peerSignalsOnlyCase(shape: Shape): CasePlan {
  const replicas = replicasOf(shape);
  const base = 3100;
  let lines: string[];
  let citation: string[];
  let note: string;
  if (shape.framework === 'torchtitan') {
    replicas.forEach((replica, index) =>
      endReplica(replica, base - (index % 3), 'Error', true, ERROR_1, elasticSigterm(clockAt(base - (index % 3)), 17 + index)),
    );
    lines = ['got signal: 15', 'Received 15 death signal, shutting down workers'];
    citation = [CITE.elasticSignal, CITE.elasticAgent];
    note =
      'Every torchrun agent was sent SIGTERM from outside and raised SignalException (exit 1): each says only that it was told to stop, none says why. UNKNOWN, origin null with a limitation; exit 1 everywhere is not an application error.';
  } else if (shape.framework === 'tf-mwms') {
    replicas.forEach((replica, index) =>
      endReplica(replica, base - (index % 3), 'Error', true, ERROR_1, tfUnavailable(`/job:${tfTask(replicas[(index + 1) % replicas.length]!)}`, ip(index + 1))),
    );
    lines = ['Collective ops is aborted by: Socket closed', 'UnavailableError'];
    citation = [CITE.tfCollectiveAbort, CITE.tfGrpcUtil];
    note =
      'Every task\u2019s collective was aborted by a closed socket, each naming another task as the remote target: accusations, not causes. UNKNOWN, origin null, never a vote.';
  } else if (shape.framework === 'dask') {
    const runner = replicas[0]!;
    const scheduler = replicas[1]!;
    endReplica(runner, base, 'Error', true, ERROR_1, [
      ...pythonTraceback(
        [
          ['/app/run_training.py', 61, '<module>', 'results = client.gather(futures)'],
          ['/opt/conda/lib/python3.11/site-packages/distributed/comm/tcp.py', 237, 'read', 'convert_stream_closed_error(self, e)'],
        ],
        daskCommClosed('Client->Scheduler', '10.244.9.14:51822', `${ip(1)}:8786`),
      ),
    ]);
    endReplica(scheduler, base - 2, 'Error', true, SIGTERM_143);
    replicas.slice(2).forEach((replica, index) => endReplica(replica, base - 2 - (index % 2), 'Error', true, SIGTERM_143));
    lines = ['CommClosedError', 'Stream is closed'];
    citation = [CITE.daskCommTcp];
    note =
      'The runner reports only that its connection to the scheduler closed; the scheduler and the workers were stopped (SIGTERM, 143). Nothing says why the connection closed: UNKNOWN, origin null with a limitation. The runner fails first but its only line is a consequence.';
  } else {
    const launcher = replicas[0]!;
    endReplica(launcher, base, 'Error', true, ERROR_1, [
      ...relay(0, [glooReset(ip(2), 40511)]),
      ...relay(9, [glooReset(ip(1), 40512)]),
      ...relay(17, [glooReset(ip(1), 40513)]),
      ...horovodGlooEnd(0, 1),
    ]);
    replicas.slice(1).forEach((replica, index) => endReplica(replica, base - 15 - index, 'Error', true, SIGTERM_143));
    lines = ['Connection reset by peer', 'Horovod detected that one or more processes exited with non-zero status'];
    citation = [CITE.glooPair, CITE.horovodGlooRun, CITE.horovodSafeShellExec];
    note =
      'Every relayed rank says only that its gloo peer reset the connection; the launcher\u2019s summary names the first process to exit, whose only line is such a reset. No rank shows a cause: UNKNOWN, origin null with a limitation.';
  }
  return assemble(shape, {
    name: `peer-signals-only-${shape.framework}-tier2`,
    family: 'peer-signals-only',
    ordering: 'no-origin',
    tier2: true,
    description: `Every replica ends within a few seconds with a consequence only (${lines[0]}); none shows a cause. UNKNOWN, origin null with a limitation.`,
    replicas,
    originPod: null,
    failedAgo: base - 20,
    expectation: {
      category: 'UNKNOWN',
      origin: null,
      collateralAtLeast: 0,
      quotedLine: lines[0]!,
      quotedLineAlternatives: lines.slice(1),
      limitationWhenNoOrigin: true,
      citation,
      note,
    },
  });
}

// ---- family: cross-kind-tie (two causes of different kinds in the same millisecond) -------------------

function crossKindTieCase(shape: Shape, kind: 'oom-vs-eviction' | 'access-vs-timeout'): CasePlan {
  const replicas = replicasOf(shape);
  const at = 2300;
  for (const replica of replicas) replica.stamp = 'ms';
  const a = replicas[1]!;
  const b = replicas[replicas.length - 1]!;
  const instant = at + 0.47;
  let expectation: CaseExpectation;
  if (kind === 'oom-vs-eviction') {
    const aLogs =
      shape.framework === 'tf-mwms'
        ? tfOomLines(Number(tfTask(a).split(':').pop()))
        : torchrunFailure(a, instant, 9, CAUSES['cuda-oom'].frames, CAUSES['cuda-oom'].last);
    endReplica(a, instant, 'Error', true, ERROR_1, aLogs);
    const message = ephemeralMessage('100Gi');
    b.events = [podEvent('Evicted', message, 'kubelet', instant, 'Warning')];
    b.events[0]!.stamp = 'ms';
    b.podStatus = { reason: 'Evicted', message };
    endReplica(b, instant, 'Failed', true, EVICTED_137, ['epoch 3 step 900 loss=0.8812']);
    expectation = {
      category: 'CRASH_APP_ERROR',
      categoryAlternatives: ['NODE_FAILURE'],
      origin: null,
      collateralAtLeast: 0,
      quotedLine: shape.framework === 'tf-mwms' ? TF_OOM_QUOTE : CUDA_OOM_QUOTE,
      quotedLineAlternatives: ['Pod ephemeral local storage usage exceeds the total limit of containers 100Gi.'],
      limitationWhenNoOrigin: true,
      citation: [shape.framework === 'tf-mwms' ? CITE.tfOom : CITE.cudaOom, CITE.kubeletEvictionHelpers, CITE.runaiTimestamps],
      note: 'A GPU out-of-memory exception on one replica and an ephemeral-storage eviction on another at the same millisecond: two independent causes, no order. Origin null with a limitation (§4.8); either category, either line.',
    };
  } else {
    endReplica(
      a,
      instant,
      'Error',
      true,
      ERROR_1,
      torchrunFailure(a, instant, 9, CAUSES['illegal-access'].frames, CAUSES['illegal-access'].last, CAUSES['illegal-access'].extra),
    );
    endReplica(b, instant, 'Error', true, ERROR_1, torchrunFailure(b, instant, 25, CAUSES['dataloader-timeout'].frames, CAUSES['dataloader-timeout'].last));
    expectation = {
      category: 'CRASH_APP_ERROR',
      origin: null,
      collateralAtLeast: 0,
      quotedLine: ILLEGAL_ACCESS,
      quotedLineAlternatives: [DATALOADER_TIMEOUT],
      limitationWhenNoOrigin: true,
      citation: [CITE.cudaError, CITE.dataLoaderTimeout, CITE.childFailed, CITE.runaiTimestamps],
      note: 'Two application errors of different kinds (an illegal memory access, a DataLoader timeout) on two replicas at the same millisecond: the category is CRASH_APP_ERROR either way, but which replica started it cannot be told. Origin null with a limitation; either line.',
    };
  }
  const peers = peerKindOf(shape);
  replicas.forEach((replica, index) => {
    if (replica === a || replica === b) return;
    const ago = at - 5 - (index % 3);
    if (peers === 'tf-unavailable') endReplica(replica, ago, 'Error', true, ERROR_1, tfUnavailable(`/job:${tfTask(a)}`, ip(1)));
    else endReplica(replica, ago, 'Error', true, ERROR_1, elasticSigterm(clockAt(ago), 17 + index));
  });
  expectation.citation.push(...PEER_CITE[peers]);
  return assemble(shape, {
    name: `cross-kind-tie-${kind}-${shape.framework}-tier2`,
    family: 'cross-kind-tie',
    ordering: 'no-origin',
    tier2: true,
    description: `${a.pod} and ${b.pod} fail in the same millisecond for different reasons (${kind}); the rest end 5–7 s later with consequences. Origin null, a limitation.`,
    replicas,
    originPod: null,
    failedAgo: at - 20,
    expectation,
  });
}

// ---- TF's CUDA OOM (part of cuda-oom-rank: the OOM clause is a line below "Graph execution error:") -----

function tfOomCase(shape: Shape, originAt: number, ordering: Ordering): CasePlan {
  const replicas = replicasOf(shape);
  const origin = replicas[originAt]!;
  const failedAgo = 3600;
  const originAgo = failedAgo + 210;
  const task = tfTask(origin);
  endReplica(origin, originAgo, 'Error', true, ERROR_1, tfOomLines(Number(task.split(':').pop())));
  const collateral = endPeers(replicas, origin, originAgo, 5, true, 'tf-unavailable', task);
  return assemble(shape, {
    name: `cuda-oom-rank-${shape.framework}-${ordering}-tier2`,
    family: 'cuda-oom-rank',
    ordering,
    tier2: true,
    description: `${origin.pod} (TF task ${task}) raises ResourceExhaustedError: "Graph execution error:" with the OOM clause lines below; the ${collateral} other tasks' collectives abort 5 s later ("Socket closed").`,
    replicas,
    originPod: origin.pod,
    failedAgo,
    expectation: {
      category: 'CRASH_APP_ERROR',
      origin: crash(origin, ['ResourceExhaustedError', 'OOM when allocating', 'exit code 1', 'exit 1']),
      collateralAtLeast: collateral,
      quotedLine: TF_OOM_QUOTE,
      limitationWhenNoOrigin: false,
      citation: [CITE.tfOom, CITE.tfExecute, CITE.pythonTraceback, ...PEER_CITE['tf-unavailable']],
      note: 'TF 2 raises ResourceExhaustedError with the headline "Graph execution error:", which says nothing; the decisive line is the clause below it that names the failing allocation ("OOM when allocating tensor with shape[…] … by allocator GPU_0_bfc"), the line that names the failing resource (§4.8). An exception, not a container kill: CRASH_APP_ERROR. The other tasks\u2019 "Collective ops is aborted by: Socket closed" names the failed task as remote target: collateral.',
    },
  });
}

// ---- the set -------------------------------------------------------------------------------------

const shape = heldOutShape<FrameworkKey>;

/** Every case of the fifth held-out set, in a stable order. */
export function heldOut5Cases(): CasePlan[] {
  return [
    // cuda-oom-rank
    rankCauseCase(
      'cuda-oom-rank',
      shape('titan-llama3-8b', 'torchtitan', 4, 'h100-tt-', 'llm-titan', 'a.quispe@example.com', ['400Gi', '480Gi'], 8, 9000),
      2,
      'origin-middle',
      'cuda-oom',
    ),
    rankCauseCase(
      'cuda-oom-rank',
      shape('hvdg-unet3d', 'horovod-gloo', 3, 'a100-hg-', 'med-hvd-gloo', 'b.achterberg@example.com', ['128Gi', '160Gi'], 4, 7000),
      2,
      'origin-last',
      'cuda-oom',
    ),
    rankCauseCase(
      'cuda-oom-rank',
      shape('dask-embed-oom', 'dask', 3, 'l40s-dk-', 'search-embed', 'c.mwangi@example.com', ['96Gi', '128Gi'], 1, 6000),
      0,
      'origin-first',
      'cuda-oom',
    ),
    // illegal-access-rank
    rankCauseCase(
      'illegal-access-rank',
      shape('titan-moe-16b', 'torchtitan', 5, 'h200-tt-', 'moe-titan', 'd.fairweather@example.com', ['500Gi', '560Gi'], 8, 11000),
      4,
      'origin-first',
      'illegal-access',
    ),
    rankCauseCase(
      'illegal-access-rank',
      shape('hvdg-resnext', 'horovod-gloo', 4, 'v100-hg-', 'vision-hvd-gloo', 'e.castellanos@example.com', ['96Gi', '128Gi'], 4, 8000),
      1,
      'origin-middle',
      'illegal-access',
    ),
    rankCauseCase(
      'illegal-access-rank',
      shape('titan-dsv3-lite', 'torchtitan', 4, 'b200-tt-', 'moe-titan-b', 'f.oyelowo@example.com', ['600Gi', '700Gi'], 8, 12000),
      1,
      'origin-last',
      'illegal-access',
    ),
    // dataloader-timeout
    rankCauseCase(
      'dataloader-timeout',
      shape('titan-llama3-70b', 'torchtitan', 6, 'h100-tdl-', 'llm-titan-70', 'g.brennan@example.com', ['700Gi', '800Gi'], 8, 14000),
      3,
      'origin-middle',
      'dataloader-timeout',
    ),
    rankCauseCase(
      'dataloader-timeout',
      shape('hvdg-wav2vec', 'horovod-gloo', 3, 'a10g-hg-', 'speech-hvd-gloo', 'h.sorensen@example.com', ['64Gi', '96Gi'], 4, 6500),
      1,
      'origin-first',
      'dataloader-timeout',
    ),
    rankCauseCase(
      'dataloader-timeout',
      shape('titan-code-3b', 'torchtitan', 3, 'l40s-tdl-', 'code-titan', 'i.vukovic@example.com', ['200Gi', '240Gi'], 8, 8000),
      0,
      'origin-last',
      'dataloader-timeout',
    ),
    // expired-credential
    rankCauseCase(
      'expired-credential',
      shape('titan-s3-pretrain', 'torchtitan', 4, 'h100-cred-', 'llm-s3', 'j.olawale@example.com', ['400Gi', '480Gi'], 8, 10000),
      3,
      'origin-first',
      'expired-token',
    ),
    rankCauseCase(
      'expired-credential',
      shape('dask-s3-features', 'dask', 4, 'a10-dkc-', 'data-features', 'k.lindgren@example.com', ['64Gi', '96Gi'], 1, 9000),
      0,
      'origin-middle',
      'expired-token',
    ),
    rankCauseCase(
      'expired-credential',
      shape('hvdg-s3-bert', 'horovod-gloo', 3, 'a100-hgc-', 'nlp-hvd-gloo', 'l.ferreira@example.com', ['160Gi', '192Gi'], 8, 9500),
      2,
      'origin-last',
      'expired-token',
    ),
    // ephemeral-eviction
    ephemeralEvictionCase(
      shape('titan-act-dump', 'torchtitan', 4, 'h100-eph-', 'llm-debug', 'm.hakimi@example.com', ['400Gi', '480Gi'], 8, 8000),
      2,
      'origin-middle',
      true,
    ),
    ephemeralEvictionCase(
      shape('tf-vit-scratch', 'tf-mwms', 4, 'a100-eph-', 'vision-tf', 'n.delacroix@example.com', ['128Gi', '160Gi'], 4, 7500),
      3,
      'origin-first',
      true,
    ),
    ephemeralEvictionCase(
      shape('titan-tier1-evict', 'torchtitan', 3, 'l40s-eph-', 'llm-scratch', 'o.adeyemi@example.com', ['200Gi', '240Gi'], 8, 7000),
      1,
      'origin-last',
      false,
    ),
    ephemeralEvictionCase(
      shape('hvdg-cache-evict', 'horovod-gloo', 4, 'v100-eph-', 'vision-cache', 'p.kristiansen@example.com', ['96Gi', '128Gi'], 4, 6800),
      2,
      'origin-middle',
      true,
    ),
    // cuda OOM on TF (the clause below "Graph execution error:")
    tfOomCase(shape('tf-vit-huge-mwms', 'tf-mwms', 4, 'h100-tfo-', 'vision-tf-oom', 'q.mbeki@example.com', ['256Gi', '300Gi'], 8, 9000), 2, 'origin-last'),
    tfOomCase(shape('tf-effnet-mwms', 'tf-mwms', 3, 'a100-tfo-', 'vision-tf-eff', 'r.tanaka@example.com', ['128Gi', '160Gi'], 4, 8000), 0, 'origin-first'),
    // finish-order-disagrees
    finishOrderCase(
      shape('titan-lag-order', 'torchtitan', 4, 'h100-lag-', 'llm-lag', 's.baptiste@example.com', ['400Gi', '480Gi'], 8, 9000),
      1,
      'origin-middle',
    ),
    finishOrderCase(shape('tf-lag-order', 'tf-mwms', 4, 'a100-lag-', 'vision-lag', 't.ivanova@example.com', ['128Gi', '160Gi'], 4, 8000), 2, 'origin-first'),
    finishOrderCase(
      shape('hvdg-lag-order', 'horovod-gloo', 3, 'v100-lag-', 'vision-lag-hvd', 'u.nakashima@example.com', ['96Gi', '128Gi'], 4, 7000),
      2,
      'origin-last',
    ),
    // fifty-ms-window
    fiftyMsCase(shape('titan-ms-moe', 'torchtitan', 5, 'h200-ms5-', 'moe-ms', 'v.okafor@example.com', ['500Gi', '560Gi'], 8, 6000), 3, 'origin-middle'),
    fiftyMsCase(shape('tf-ms-aug', 'tf-mwms', 4, 'a100-ms5-', 'vision-ms-tf', 'w.lehmann@example.com', ['128Gi', '160Gi'], 4, 5500), 1, 'origin-first'),
    fiftyMsCase(shape('titan-ms-last', 'torchtitan', 4, 'h100-ms5-', 'moe-ms-b', 'x.rahman@example.com', ['400Gi', '480Gi'], 8, 5800), 0, 'origin-last'),
    // peer-signals-only
    peerSignalsOnlyCase(shape('titan-silent-stop', 'torchtitan', 4, 'h100-sil5-', 'llm-silent', 'y.moreno@example.com', ['400Gi', '480Gi'], 8, 6000)),
    peerSignalsOnlyCase(shape('tf-silent-socket', 'tf-mwms', 4, 'a100-sil5-', 'vision-silent-tf', 'z.kovacs@example.com', ['128Gi', '160Gi'], 4, 6000)),
    peerSignalsOnlyCase(shape('dask-silent-comm', 'dask', 3, 'a10-sil5-', 'data-silent', 'a.ndlovu@example.com', ['64Gi', '96Gi'], 1, 5000)),
    peerSignalsOnlyCase(shape('hvdg-silent-reset', 'horovod-gloo', 3, 'v100-sil5-', 'vision-silent-hvd', 'b.eriksen@example.com', ['96Gi', '128Gi'], 4, 5500)),
    // cross-kind-tie
    crossKindTieCase(
      shape('titan-tie-oom-evict', 'torchtitan', 4, 'h100-tie5-', 'llm-tie', 'c.oduya@example.com', ['400Gi', '480Gi'], 8, 5000),
      'oom-vs-eviction',
    ),
    crossKindTieCase(
      shape('tf-tie-oom-evict', 'tf-mwms', 4, 'a100-tie5-', 'vision-tie-tf', 'd.halvorsen@example.com', ['128Gi', '160Gi'], 4, 5000),
      'oom-vs-eviction',
    ),
    crossKindTieCase(
      shape('titan-tie-two-app', 'torchtitan', 4, 'b200-tie5-', 'moe-tie', 'e.saarinen@example.com', ['600Gi', '700Gi'], 8, 5200),
      'access-vs-timeout',
    ),
  ];
}
