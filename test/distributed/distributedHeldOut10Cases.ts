/**
 * The tenth held-out distributed set (fixtures/distributed-heldout-10), generated like the first
 * nine (families × frameworks × orderings, through buildHeldOutCase). It measures whether the
 * origin engine tuned on the ninth set and the metamorphic measure generalises to two frameworks
 * none of the nine has:
 *
 * - Hugging Face Accelerate multi-node (`accelerate launch --num_machines N --machine_rank $INDEX`)
 *   on a Kubernetes Indexed `Job` (one pod a machine, `<job>-<index>-<suffix>`, container
 *   `accelerate`): Accelerate hands the machine to torch.distributed.run, so each pod is a torchrun
 *   agent; machine 0 hosts the c10d store (`--main_process_ip`). The job-level message is the Job
 *   controller's `BackoffLimitExceeded` ("Job has reached the specified backoff limit"), which names
 *   no pod.
 * - Ray on KubeRay: a `RayJob` in `HTTPMode` (no submitter pod: the entrypoint runs under the head's
 *   job agent), pods `<cluster>-head-<suffix>` (container `ray-head`, no GPU; the GCS lives there)
 *   and `<cluster>-gpu-group-worker-<suffix>` (container `ray-worker`), every container a
 *   `ray start --block`.
 *
 * What varies is where the origin's evidence is and what it is, and — after the metamorphic measure
 * found that the listing order and the number of identical consequence peers can move the verdict —
 * many replicas (8–10, more than Tier 2 reads in its first round) with the origin listed in the
 * middle or last, peers tied at one second, and peers whose Run:ai end time and container
 * `finishedAt` disagree.
 *
 * It was written without reading the engine (functions/diagnosis/): every expectation follows from
 * what the upstream message means, from DESIGN §2 and §4.8 and from the product's documented
 * decisions (docs/procedure.md: OOM_KILLED is a container signal; NotReady without preemption is
 * NODE_FAILURE; Run:ai's pod end time can lag the container's; docs/signals.md: 137/143 are
 * signals another process sent and never make a crash on their own; UNKNOWN when the evidence is too
 * little). Every message text is an upstream format, cited at the helper that writes it and in the
 * case's `citation`.
 */
import type { CasePlan, PodEventPlan, ReplicaPlan } from './buildHeldOutCase.js';
import { assembleHeldOutCase, type HeldOutFramework } from './assembleHeldOutCase.js';
import { clockAt } from './clockAt.js';
import { ERROR_1, SIGTERM_143, endReplica } from './endReplica.js';
import { notReadyConditions, oomEvent, podEvent } from './eventAndConditionPlans.js';
import { generateNameSuffix, heldOutShape, rosterReplicas, type HeldOutMember, type HeldOutShape } from './heldOutShape.js';
import { pythonTraceback } from './pythonTraceback.js';

/** Upstream sources of the message formats this set uses. */
const CITE = {
  // multi_gpu_launcher: with num_machines > 1 sets nproc_per_node/nnodes/node_rank/master_addr(rdzv_endpoint) and calls
  // torch.distributed.run (distrib_run.run(args)); its ChildFailedError propagates out of `accelerate launch`
  accelerateLaunch: 'https://github.com/huggingface/accelerate/blob/main/src/accelerate/commands/launch.py',
  accelerateLaunchUtils: 'https://github.com/huggingface/accelerate/blob/main/src/accelerate/utils/launch.py',
  // Indexed completion mode: pods `<job>-<index>-<random>`, JOB_COMPLETION_INDEX; backoffLimit
  k8sIndexedJob: 'https://kubernetes.io/docs/concepts/workloads/controllers/job/#completion-mode',
  // JobFailed condition: reason "BackoffLimitExceeded", message "Job has reached the specified backoff limit"
  k8sJobController: 'https://github.com/kubernetes/kubernetes/blob/master/pkg/controller/job/job_controller.go',
  // torchrun's summary: "Root Cause (first observed failure):" with time/host/rank/exitcode/error_file/traceback
  childFailed: 'https://github.com/pytorch/pytorch/blob/main/torch/distributed/elastic/multiprocessing/errors/__init__.py',
  // logger.info("[%s] Starting worker group", role)
  elasticAgent: 'https://github.com/pytorch/pytorch/blob/main/torch/distributed/elastic/agent/server/api.py',
  // "ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely."
  ncclRemoteError: 'https://github.com/pytorch/pytorch/blob/main/torch/csrc/distributed/c10d/NCCLUtils.cpp',
  ncclResultDocs: 'https://docs.nvidia.com/deeplearning/nccl/user-guide/docs/api/types.html',
  // "Watchdog caught collective operation timeout: WorkNCCL(SeqNum=…, OpType=…, …, Timeout(ms)=…) ran for … milliseconds
  // before timing out." then "To avoid data inconsistency, we are taking the entire process down."
  ncclWatchdog: 'https://github.com/pytorch/pytorch/blob/main/torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp',
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
  // 128 + signal: 137 SIGKILL, 143 SIGTERM (the kernel's OOM killer sets reason OOMKilled; nothing else does)
  exitCodes: 'https://kubernetes.io/docs/concepts/workloads/pods/pod-lifecycle/#container-state-terminated',
  // MarkPodsNotReady: recorder.Event(pod, v1.EventTypeWarning, "NodeNotReady", "Node is not ready")
  nodeControllerUtils: 'https://github.com/kubernetes/kubernetes/blob/master/pkg/controller/util/node/controller_utils.go',
  // Ready=Unknown, reason NodeStatusUnknown, "Kubelet stopped posting node status." (eventAndConditionPlans.notReadyConditions)
  nodeLifecycle: 'https://github.com/kubernetes/kubernetes/blob/master/pkg/controller/nodelifecycle/node_lifecycle_controller.go',
  // RayJob submissionMode HTTPMode (no submitter pod), shutdownAfterJobFinishes (the cluster is deleted after the job ends);
  // pods "<cluster>-head-<suffix>" and "<cluster>-<group>-worker-<suffix>", containers ray-head / ray-worker
  kubeRayJob: 'https://github.com/ray-project/kuberay/blob/master/docs/reference/api.md',
  // GenerateRayClusterName: "<rayjob>-<rand 5>"; PodName(prefix, nodeType, true): "<cluster>-head-" and "<cluster>-<group>-worker-"
  // (generateName: 5 random characters follow)
  kubeRayPodNames: 'https://github.com/ray-project/kuberay/blob/master/ray-operator/controllers/ray/utils/util.go',
  // RAY_LOG_TO_STDERR=1 on every Ray node: Ray's own log records go to the container's stderr with a "(component)" prefix,
  // e.g. "[2022-01-24 19:42:06,696 I 1829415 1829415] (raylet) grpc_server.cc:103: …"
  rayLogToStderr: 'https://docs.ray.io/en/latest/ray-observability/user-guides/configure-logging.html#redirecting-ray-logs-to-stderr',
  // Run:ai's registered workload types include Job (kubernetes.io) and RayJob (ray.io), submitted through Workloads V2
  runaiWorkloadTypes: 'https://docs.nvidia.com/run-ai/self-hosted/documentation/workloads-in-nvidia-run-ai/workload-types/supported-workload-types',
  // RAY_LOG(ERROR) << "Failed to connect to GCS within " << gcs_rpc_server_reconnect_timeout_s (60) << " seconds. GCS may have
  // been killed. It's either GCS is terminated by `ray stop` or is killed unexpectedly. If it is killed unexpectedly, see the
  // log file gcs_server.out. …  The program will terminate."
  rayGcsClient: 'https://github.com/ray-project/ray/blob/master/src/ray/rpc/gcs_server/gcs_rpc_client.h',
  // `ray start --block`: cli_logger.error("Some Ray subprocesses exited unexpectedly:"), one "<process> [exit code=N]" a
  // process, "Remaining processes will be killed.", then exit 1; cli_logger.success("Ray runtime started.") at start
  rayScripts: 'https://github.com/ray-project/ray/blob/master/python/ray/scripts/scripts.py',
} as const;

type Ordering = CasePlan['ordering'];
type FrameworkKey = 'accelerate-job' | 'kuberay-rayjob';
type Shape = HeldOutShape<FrameworkKey>;

const IMAGES: Record<FrameworkKey, string> = {
  'accelerate-job': 'registry.example.com/llm/accelerate-train:1.10.1-torch2.8-cu128',
  'kuberay-rayjob': 'registry.example.com/ml/ray-train:2.49.1-py311-cu128',
};

/** Five lowercase alphanumerics, as a pod's generateName suffix (seeded unlike the earlier sets). */
const suffix = (seed: string) => generateNameSuffix(seed, 89, 59);

/**
 * Pod naming per controller: an Indexed Job's `<job>-<index>-<suffix>` (container `accelerate`, index =
 * machine rank); KubeRay's `<cluster>-head-<suffix>` and `<cluster>-gpu-group-worker-<suffix>`, the cluster a RayJob
 * creates being `<rayjob>-<suffix>` (CITE.kubeRayPodNames).
 */
function members(shape: Shape): HeldOutMember[] {
  const { name, workers } = shape;
  const range = (count: number) => Array.from({ length: count }, (_, index) => index);
  if (shape.framework === 'accelerate-job')
    return range(workers).map((index) => ({ pod: `${name}-${index}-${suffix(`${index}/${name}`)}`, container: 'accelerate', role: 'Worker' }));
  const cluster = `${name}-${suffix(`cluster/${name}`)}`;
  return [
    { pod: `${cluster}-head-${suffix(`head/${name}`)}`, container: 'ray-head', role: 'Head' },
    ...range(workers).map((index) => ({
      pod: `${cluster}-gpu-group-worker-${suffix(`worker/${index}/${name}`)}`,
      container: 'ray-worker',
      role: 'Worker',
    })),
  ];
}

const replicasOf = (shape: Shape): ReplicaPlan[] => rosterReplicas(shape, members(shape), IMAGES[shape.framework], 17);

/** Ray's own logs on the container's stderr (CITE.rayLogToStderr), so that `kubectl logs` shows the raylet's last words. */
const rayEnv = [{ name: 'RAY_LOG_TO_STDERR', value: '1' }];

/** The Workloads V2 body: an Indexed Job running `accelerate launch`, a RayJob in HTTPMode. */
function v2Spec(shape: Shape): CasePlan['spec'] {
  const namespace = `runai-${shape.project}`;
  const resources = {
    requests: { memory: shape.memory.request, 'nvidia.com/gpu': String(shape.gpus) },
    limits: { memory: shape.memory.limit, 'nvidia.com/gpu': String(shape.gpus) },
  };
  const manifest =
    shape.framework === 'accelerate-job'
      ? {
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
                    name: 'accelerate',
                    image: IMAGES[shape.framework],
                    command: [
                      'sh',
                      '-c',
                      `accelerate launch --multi_gpu --num_machines ${shape.workers} --num_processes ${shape.workers * shape.gpus} --machine_rank $JOB_COMPLETION_INDEX --main_process_ip ${shape.name}-0.${shape.name} --main_process_port 29500 /app/finetune.py --config /app/configs/sft.yaml`,
                    ],
                    resources,
                  },
                ],
              },
            },
          },
        }
      : {
          apiVersion: 'ray.io/v1',
          kind: 'RayJob',
          metadata: { name: shape.name, namespace },
          spec: {
            entrypoint: 'python /app/train_ray.py --num-workers 8',
            submissionMode: 'HTTPMode',
            shutdownAfterJobFinishes: true,
            rayClusterSpec: {
              headGroupSpec: {
                rayStartParams: { 'num-gpus': '0' },
                template: { spec: { containers: [{ name: 'ray-head', image: IMAGES[shape.framework], env: rayEnv }] } },
              },
              workerGroupSpecs: [
                {
                  groupName: 'gpu-group',
                  replicas: shape.workers,
                  template: { spec: { containers: [{ name: 'ray-worker', image: IMAGES[shape.framework], env: rayEnv, resources }] } },
                },
              ],
            },
          },
        };
  return {
    kind: 'v2',
    body: {
      workload: {
        metadata: {
          name: shape.name,
          gvk: {
            group: manifest.apiVersion.includes('/') ? manifest.apiVersion.split('/')[0] : '',
            version: manifest.apiVersion.split('/').pop(),
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

/**
 * The controller's job-level failure message: the Job controller's BackoffLimitExceeded (CITE.k8sJobController), which names
 * no pod; KubeRay writes none this set relies on (the RayJob's own status is not what Run:ai relays as the phase message).
 */
function frameworkOf(shape: Shape): HeldOutFramework {
  const job = shape.framework === 'accelerate-job';
  return {
    roster: members(shape),
    failedMessage: () => (job ? { reason: 'BackoffLimitExceeded', message: 'Job has reached the specified backoff limit' } : null),
    runaiType: job ? 'Job' : 'RayJob',
    distributedFramework: null,
    workloadsV2: true,
    spec: () => v2Spec(shape),
    citations: job
      ? [CITE.runaiWorkloadTypes, CITE.accelerateLaunch, CITE.accelerateLaunchUtils, CITE.k8sIndexedJob, CITE.k8sJobController]
      : [CITE.runaiWorkloadTypes, CITE.kubeRayJob, CITE.kubeRayPodNames],
  };
}

const at = (pod: ReplicaPlan, needles: string[]) => ({ pod: pod.pod, node: pod.node, signalIncludes: needles });
const tierName = (tier2: boolean) => (tier2 ? 'tier2' : 'tier1');

/**
 * The pod IPs as buildHeldOutCase lists them: by position in the listing, after assembleHeldOutCase has
 * moved the origin first, to the middle or last, so that an IP a log names is the IP of the pod it means.
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

const OOM_NEEDLES = ['OOM'];
const NOT_READY_NEEDLES = ['NodeNotReady', 'Node is not ready', 'NotReady', 'Kubelet stopped posting', 'NodeStatusUnknown'];
const GPUS = 8;

/** CITE.elasticAgent: the torchrun agent's line when it starts the machine's ranks (the only line of a machine killed silently). */
const agentStart = (ago: number, pid: number) => [
  `I1203 ${clockAt(ago)}.104000 ${pid} torch/distributed/elastic/agent/server/api.py:525] [default] Starting worker group`,
];

/**
 * CITE.childFailed + CITE.accelerateLaunch: torchrun's closing summary once a local rank failed, raised out of
 * `accelerate launch` (a carrier: it names only an exit code). A rank the NCCL watchdog aborted ends with SIGABRT (-6).
 */
const childFailedSummary = (host: string, rank: number, pid: number, ago: number, signal6 = false) => [
  'Traceback (most recent call last):',
  '  File "/usr/local/bin/accelerate", line 8, in <module>',
  '    sys.exit(main())',
  '  File "/usr/local/lib/python3.11/site-packages/accelerate/commands/accelerate_cli.py", line 50, in main',
  '    args.func(args)',
  '  File "/usr/local/lib/python3.11/site-packages/accelerate/commands/launch.py", line 1222, in launch_command',
  '    multi_gpu_launcher(args)',
  '  File "/usr/local/lib/python3.11/site-packages/accelerate/commands/launch.py", line 1198, in multi_gpu_launcher',
  '    distrib_run.run(args)',
  '  File "/usr/local/lib/python3.11/site-packages/torch/distributed/run.py", line 909, in run',
  '    elastic_launch(',
  '  File "/usr/local/lib/python3.11/site-packages/torch/distributed/launcher/api.py", line 138, in __call__',
  '    return launch_agent(self._config, self._entrypoint, list(args))',
  '  File "/usr/local/lib/python3.11/site-packages/torch/distributed/launcher/api.py", line 270, in launch_agent',
  '    raise ChildFailedError(',
  'torch.distributed.elastic.multiprocessing.errors.ChildFailedError: ',
  '============================================================',
  '/app/finetune.py FAILED',
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
  `[rank${rank}]: torch.distributed.DistBackendError: NCCL error in: /pytorch/torch/csrc/distributed/c10d/NCCLUtils.cpp:77, remote process exited or there was a network error, NCCL version 2.27.3`,
  `[rank${rank}]: ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.`,
  `[rank${rank}]: Last error:`,
  `[rank${rank}]: socketPollConnect: connect to ${peerIp}<40417> returned Connection refused, exceeded error retry count (35)`,
];

/** CITE.c10dRecv + CITE.c10dTcpStore: a rank whose c10d store (on machine 0) closed the connection. */
const c10dRecvFailed = (rank: number, ownIp: string, storeIp: string) => [
  `[W1203 08:00:00.000000000 TCPStore.cpp:125] [c10d] recvValue failed on SocketImpl(fd=81, addr=[::ffff:${ownIp}]:41288, remote=[::ffff:${storeIp}]:29500): failed to recv, got 0 bytes`,
  `[rank${rank}]: torch.distributed.DistNetworkError: Failed to recv, got 0 bytes. Connection was likely closed. Did the remote server shutdown or crash?`,
];

/** CITE.ncclWatchdog: a rank whose collective never completed (a peer that vanished without closing its sockets). */
const WATCHDOG = 'Watchdog caught collective operation timeout';
const ncclWatchdog = (rank: number, ago: number, timeoutMs: number) => [
  `[rank${rank}]:[E1203 ${clockAt(ago)}.551020 ProcessGroupNCCL.cpp:632] [Rank ${rank}] ${WATCHDOG}: WorkNCCL(SeqNum=91544, OpType=ALLREDUCE, NumelIn=16777216, NumelOut=16777216, Timeout(ms)=${timeoutMs}) ran for ${timeoutMs + 63 + rank} milliseconds before timing out.`,
  `[rank${rank}]:[E1203 ${clockAt(ago)}.551388 ProcessGroupNCCL.cpp:644] [Rank ${rank}] To avoid data inconsistency, we are taking the entire process down.`,
  "terminate called after throwing an instance of 'c10::DistBackendError'",
];

/** A machine that failed because another machine went away: its first rank's NCCL or c10d error, then the summary; exit 1. */
function peerLostLog(replicas: ReplicaPlan[], ipOf: IpOf, peer: ReplicaPlan, gone: ReplicaPlan, ago: number): string[] {
  const rank = replicas.indexOf(peer) * GPUS;
  const consequence = replicas.indexOf(gone) === 0 ? c10dRecvFailed(rank, ipOf(peer), ipOf(gone)) : ncclRemote(rank, ipOf(gone));
  return [...agentStart(ago + 7200, 80 + rank), ...consequence, ...childFailedSummary(peer.pod, rank, 300 + rank, ago)];
}

/** CITE.atenInferSize: a rank's reshape of a packed batch whose length disagrees with the config. */
const RESHAPE_ERROR = "RuntimeError: shape '[8, 4096, 32, 128]' is invalid for input of size 67108864";
const reshapeTraceback = (rank: number) =>
  pythonTraceback(
    [
      ['/app/finetune.py', 188, 'training_step', 'outputs = model(**batch)'],
      ['/app/modeling/attention.py', 121, 'forward', 'k = self.k_proj(hidden).view(bsz, seqlen, self.num_heads, self.head_dim)'],
    ],
    RESHAPE_ERROR,
    `[rank${rank}]: `,
  );

/** CITE.cudaOom: the caching allocator's message, raised as torch.OutOfMemoryError (an application error, docs/signals.md). */
const CUDA_OOM_QUOTE = 'torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 12.50 GiB';
const cudaOomTraceback = (rank: number) =>
  pythonTraceback(
    [
      ['/app/finetune.py', 203, 'training_step', 'accelerator.backward(loss)'],
      ['/usr/local/lib/python3.11/site-packages/accelerate/accelerator.py', 2740, 'backward', 'loss.backward(**kwargs)'],
    ],
    `${CUDA_OOM_QUOTE}. GPU ${rank % GPUS} has a total capacity of 79.19 GiB of which 3.02 GiB is free. Process 7713 has 76.16 GiB memory in use. Of the allocated memory 71.40 GiB is allocated by PyTorch, and 3.95 GiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)`,
    `[rank${rank}]: `,
  );

/** CITE.nodeControllerUtils: what the node controller writes on each pod of a node that went NotReady. */
const nodeNotReadyEvent = (ago: number): PodEventPlan => podEvent('NodeNotReady', 'Node is not ready', 'node-controller', ago);

/** CITE.rayScripts: the first line `ray start --block` prints once the node's processes run. */
const rayStarted = ['Ray runtime started.'];
/**
 * CITE.rayGcsClient + CITE.rayLogToStderr + CITE.rayScripts: a worker whose raylet lost the GCS (the head) for 60 s; the
 * raylet's record reaches the container's stderr with the `(raylet)` prefix, and `ray start --block` reports it and exits 1.
 */
const rayGcsLost = (ago: number) => [
  ...rayStarted,
  `[2026-12-03 ${clockAt(ago + 1)},412 E 211 248] (raylet) gcs_rpc_client.h:212: Failed to connect to GCS within 60 seconds. GCS may have been killed. It's either GCS is terminated by \`ray stop\` or is killed unexpectedly. If it is killed unexpectedly, see the log file gcs_server.out. https://docs.ray.io/en/master/ray-observability/user-guides/configure-logging.html#logging-directory-structure. The program will terminate.`,
  '',
  'Some Ray subprocesses exited unexpectedly:',
  '  raylet [exit code=1]',
  '',
  'Remaining processes will be killed.',
];
const GCS_LOST = 'Failed to connect to GCS within 60 seconds';

// ---- family: accelerate-app-error-runai-lag (an app error whose Run:ai end was written after every peer's) ------

/**
 * Eight machines; one machine's rank raises a reshape RuntimeError (exit 1). The other machines' ranks fail 7–10 s
 * later (ncclRemoteError; the c10d store closed when machine 0 is the origin) and exit 1. Run:ai wrote the origin's
 * end 60 s late, after every peer's: the peers' errors are dated before its Run:ai `completedAt` but after its
 * container's `finishedAt`. Two peers' Run:ai ends are also late (25 s), without moving them before the origin.
 */
function appLagCase(shape: Shape, originAt: number, ordering: Ordering): CasePlan {
  const replicas = replicasOf(shape);
  const origin = replicas[originAt]!;
  const ipOf = ipsOf(replicas, origin, ordering);
  const failAgo = 3600 + originAt * 10;
  const rank = originAt * GPUS + 2;
  endReplica(origin, failAgo, 'Error', true, ERROR_1, [
    ...agentStart(failAgo + 7200, 80 + rank),
    ...reshapeTraceback(rank),
    ...childFailedSummary(origin.pod, rank, 300 + rank, failAgo),
  ]);
  origin.runaiEndedAgo = failAgo - 60;
  replicas.forEach((peer, index) => {
    if (peer === origin) return;
    const ended = failAgo - 7 - (index % 4);
    endReplica(peer, ended, 'Error', true, ERROR_1, peerLostLog(replicas, ipOf, peer, origin, ended));
    if (index % 3 === 1) peer.runaiEndedAgo = ended - 25;
  });
  return assembleHeldOutCase(shape, frameworkOf(shape), {
    name: `accelerate-app-error-runai-lag-${shape.framework}-${ordering}${originAt === 0 ? '-machine0' : ''}-tier2`,
    family: 'accelerate-app-error-runai-lag',
    ordering,
    tier2: true,
    description: `${origin.pod}'s rank ${rank} raises "${RESHAPE_ERROR}" (exit 1); the other ${replicas.length - 1} machines fail 7–10 s later (${originAt === 0 ? 'the c10d store on machine 0 closed' : 'ncclRemoteError'}), exit 1. Run:ai wrote the origin's end 60 s late, after every peer's; two peers' Run:ai ends are 25 s late too.`,
    replicas,
    originPod: origin.pod,
    failedAgo: failAgo - 65,
    expectation: {
      category: 'CRASH_APP_ERROR',
      origin: at(origin, ['RuntimeError', 'is invalid for input of size', 'exit code 1', 'exit 1']),
      collateralAtLeast: replicas.length - 1,
      quotedLine: RESHAPE_ERROR,
      limitationWhenNoOrigin: false,
      citation: [
        CITE.atenInferSize,
        CITE.pythonTraceback,
        CITE.childFailed,
        CITE.elasticAgent,
        ...(originAt === 0 ? [CITE.c10dRecv, CITE.c10dTcpStore] : [CITE.ncclRemoteError, CITE.ncclResultDocs]),
      ],
      note: `The rank\u2019s RuntimeError is an application error of its own (it names no peer): CRASH_APP_ERROR. Its container ended 7 s before any other (finishedAt), although Run:ai\u2019s pod end time for it is the latest, written 60 s late (docs/procedure.md: Run:ai\u2019s pod end time can lag the container\u2019s). The peers\u2019 ${originAt === 0 ? 'closed c10d store connection ("Did the remote server shutdown or crash?")' : 'ncclRemoteError ("a remote process exiting prematurely")'} are dated before the origin\u2019s Run:ai end but after its container\u2019s: consequences, collateral, every one \u2014 ${replicas.length - 1} of them, whichever the listing shows first.`,
    },
  });
}

// ---- family: accelerate-identical-peers-listed-first (one cause, many identical consequences listed before it) -----

/**
 * Ten machines; one rank raises torch.OutOfMemoryError (CUDA) and its machine exits 1. The nine others' ranks fail 4 s
 * later, all in the same second, each with the same ncclRemoteError naming the origin; the listing puts them before
 * the origin (or around it). Some of the peers' Run:ai ends were written 30–50 s late (their finishedAt is the failure).
 */
function identicalPeersCase(shape: Shape, originAt: number, ordering: Ordering): CasePlan {
  const replicas = replicasOf(shape);
  const origin = replicas[originAt]!;
  const ipOf = ipsOf(replicas, origin, ordering);
  const failAgo = 2900;
  const rank = originAt * GPUS + 6;
  endReplica(origin, failAgo, 'Error', true, ERROR_1, [
    ...agentStart(failAgo + 7200, 80 + rank),
    ...cudaOomTraceback(rank),
    ...childFailedSummary(origin.pod, rank, 300 + rank, failAgo),
  ]);
  replicas.forEach((peer, index) => {
    if (peer === origin) return;
    const ended = failAgo - 4;
    const peerRank = index * GPUS;
    endReplica(peer, ended, 'Error', true, ERROR_1, [
      ...agentStart(ended + 7200, 80 + peerRank),
      ...ncclRemote(peerRank, ipOf(origin)),
      ...childFailedSummary(peer.pod, peerRank, 300 + peerRank, ended),
    ]);
    if (index % 2 === 0) peer.runaiEndedAgo = ended - 30 - (index % 3) * 10;
  });
  return assembleHeldOutCase(shape, frameworkOf(shape), {
    name: `accelerate-identical-peers-listed-first-${shape.framework}-${ordering}-${replicas.length}-tier2`,
    family: 'accelerate-identical-peers-listed-first',
    ordering,
    tier2: true,
    description: `${origin.pod}'s rank ${rank} raises torch.OutOfMemoryError (CUDA), exit 1; 4 s later the ${replicas.length - 1} other machines fail in the same second with the same ncclRemoteError naming it (exit 1); some peers' Run:ai ends were written 30–50 s late.`,
    replicas,
    originPod: origin.pod,
    failedAgo: failAgo - 60,
    expectation: {
      category: 'CRASH_APP_ERROR',
      origin: at(origin, ['OutOfMemoryError', 'CUDA out of memory', 'exit code 1', 'exit 1']),
      collateralAtLeast: replicas.length - 1,
      quotedLine: CUDA_OOM_QUOTE,
      limitationWhenNoOrigin: false,
      citation: [CITE.cudaOom, CITE.pythonTraceback, CITE.childFailed, CITE.ncclRemoteError, CITE.ncclResultDocs],
      note: `One end has a cause of its own, 4 s before every other: the rank\u2019s torch.OutOfMemoryError (a CUDA allocation: an application error, as the fifth set\u2019s cuda-oom-rank; not a container OOM kill). The ${replicas.length - 1} peers are tied with each other at one second, each with ncclRemoteError naming the origin\u2019s address: consequences, collateral. Their number and their place in the listing (before the origin) say nothing about the order; neither do their late Run:ai ends, which are later still. Never a vote.`,
    },
  });
}

// ---- family: accelerate-sigkill-and-oom-seconds-apart (an unexplained kill and an OOM kill, in either order) ------

/**
 * Two machines end on a kill a few seconds apart: one container exits 137 with reason Error (no event, no probe, no
 * eviction, no condition: a SIGKILL whose sender cannot be told), another is OOM-killed (137, OOMKilled, with the Run:ai
 * OOM event). The other machines fail 6 s after the first (ncclRemoteError naming it). The first is the origin.
 */
function sigkillOomCase(shape: Shape, killAt: number, oomAt: number, first: 'sigkill' | 'oom', ordering: Ordering): CasePlan {
  const replicas = replicasOf(shape);
  const killed = replicas[killAt]!;
  const oomed = replicas[oomAt]!;
  const firstAgo = 2500 + killAt * 10;
  const killAgo = first === 'sigkill' ? firstAgo : firstAgo - 3;
  const oomAgo = first === 'oom' ? firstAgo : firstAgo - 3;
  endReplica(killed, killAgo, 'Error', true, SIGKILL_137, agentStart(killAgo + 7200, 80 + killAt * GPUS));
  endReplica(oomed, oomAgo, 'OOMKilled', true, OOM_137, agentStart(oomAgo + 7200, 80 + oomAt * GPUS));
  oomed.events = [oomEvent(oomed.container, oomAgo)];
  const origin = first === 'sigkill' ? killed : oomed;
  const ipOf = ipsOf(replicas, origin, ordering);
  replicas.forEach((peer, index) => {
    if (peer === killed || peer === oomed) return;
    const ended = firstAgo - 6 - (index % 3) * 0.4;
    endReplica(peer, ended, 'Error', true, ERROR_1, peerLostLog(replicas, ipOf, peer, origin, ended));
  });
  const sig = first === 'sigkill';
  return assembleHeldOutCase(shape, frameworkOf(shape), {
    name: `accelerate-sigkill-and-oom-seconds-apart-${shape.framework}-${first}-first-${ordering}-tier2`,
    family: 'accelerate-sigkill-and-oom-seconds-apart',
    ordering,
    tier2: true,
    description: sig
      ? `${killed.pod}'s container exits 137 with reason Error (not OOMKilled), no event; 3 s later ${oomed.pod} is OOM-killed (137, OOMKilled); the other machines fail 6 s after the first with ${killAt === 0 ? 'the c10d store closed' : 'ncclRemoteError'}.`
      : `${oomed.pod} is OOM-killed (137, OOMKilled); 3 s later ${killed.pod}'s container exits 137 with reason Error (not OOMKilled), no event; the other machines fail 6 s after the first with ${oomAt === 0 ? 'the c10d store closed' : 'ncclRemoteError'}.`,
    replicas,
    originPod: origin.pod,
    failedAgo: firstAgo - 10,
    expectation: sig
      ? {
          category: 'UNKNOWN',
          origin: at(killed, ['137', 'SIGKILL', 'killed']),
          collateralAtLeast: replicas.length - 2,
          quotedLine: '137',
          limitationWhenNoOrigin: false,
          citation: [CITE.exitCodes, CITE.oomKilled, CITE.elasticAgent, CITE.childFailed, ...(killAt === 0 ? [CITE.c10dRecv] : [CITE.ncclRemoteError])],
          note: 'The first end is an exit 137 (SIGKILL) the kubelet did not attribute to the OOM killer (reason Error), with no event, probe, eviction or node condition to say who sent it: a signal another process sent never makes a crash on its own (docs/signals.md), so the origin\u2019s category is UNKNOWN. 3 s later another machine is OOM-killed: a cause of its own, but later \u2014 "also observed", neither origin nor collateral. DESIGN \u00a74.8: the category comes from the origin, not from the better-explained later kill. The others\u2019 errors name a remote process that exited: collateral.',
        }
      : {
          category: 'OOM_KILLED',
          origin: at(oomed, OOM_NEEDLES),
          collateralAtLeast: replicas.length - 2,
          quotedLine: 'OOMKilled',
          quotedLineAlternatives: ['OOM killed'],
          limitationWhenNoOrigin: false,
          citation: [CITE.oomKilled, CITE.exitCodes, CITE.elasticAgent, CITE.childFailed, ...(oomAt === 0 ? [CITE.c10dRecv] : [CITE.ncclRemoteError])],
          note: 'The first end is an OOM kill (OOMKilled, 137, with the Run:ai OOM event): OOM_KILLED, origin that machine. 3 s later another container exits 137 with reason Error and nothing to say who killed it: later, so neither origin nor collateral (not a consequence the engine can prove), and it does not turn the verdict UNKNOWN. The others\u2019 errors name a remote process that exited: collateral.',
        },
  });
}

// ---- family: accelerate-main-node-lost-watchdog (machine 0's node vanishes; peers hang until the watchdog) --------

/**
 * Machine 0 (the `--main_process_ip`, the c10d store's host) loses its node: the node controller writes NodeNotReady on
 * its pod 40 s later; the pod never terminates and has no log to read. Nothing closed the other machines' sockets, so
 * their ranks hang in an all-reduce until the NCCL watchdog's 600 s timeout aborts them (SIGABRT), and each machine's
 * torchrun exits 1 about 610 s after the loss.
 */
function mainNodeLostCase(shape: Shape, ordering: Ordering, tier2: boolean): CasePlan {
  const replicas = replicasOf(shape);
  const origin = replicas[0]!;
  const lostAgo = 4200;
  replicas.forEach((peer, index) => {
    if (peer === origin) return;
    const ended = lostAgo - 610 - (index % 4) * 0.7;
    const rank = index * GPUS;
    endReplica(peer, ended, 'Error', tier2, ERROR_1, [
      ...agentStart(ended + 7200, 80 + rank),
      ...ncclWatchdog(rank, ended + 1, 600000),
      ...childFailedSummary(peer.pod, rank, 300 + rank, ended, true),
    ]);
  });
  origin.runaiPhase = 'Unknown';
  origin.noEndTime = true;
  origin.events = [nodeNotReadyEvent(lostAgo - 40)];
  return assembleHeldOutCase(shape, frameworkOf(shape), {
    name: `accelerate-main-node-lost-watchdog-${shape.framework}-${ordering}-${tierName(tier2)}`,
    family: 'accelerate-main-node-lost-watchdog',
    ordering,
    tier2,
    description: `${origin.node} (running machine 0, ${origin.pod}, the c10d store's host) stops posting status: NodeNotReady on the pod 40 s later; the pod never terminates and has no log. The other ${replicas.length - 1} machines' ranks hit the NCCL watchdog's 600 s timeout and exit 1 about 610 s after the loss.`,
    replicas,
    originPod: origin.pod,
    failedAgo: lostAgo - 620,
    extra: tier2 ? { nodeConditions: { [origin.node]: notReadyConditions(lostAgo - 40) } } : {},
    expectation: {
      category: 'NODE_FAILURE',
      origin: at(origin, NOT_READY_NEEDLES),
      collateralAtLeast: replicas.length - 1,
      quotedLine: 'Node is not ready',
      quotedLineAlternatives: ['Kubelet stopped posting node status'],
      limitationWhenNoOrigin: false,
      citation: [CITE.nodeControllerUtils, ...(tier2 ? [CITE.nodeLifecycle, CITE.ncclWatchdog, CITE.childFailed, CITE.elasticAgent] : [])],
      note: 'Machine 0\u2019s node stopped posting status (NodeNotReady on its pod; with Tier 2 the node\u2019s Ready=Unknown): NotReady without preemption is NODE_FAILURE (docs/procedure.md). The pod never terminated and has no log: its only evidence is the Kubernetes event, dated about 570 s before the first other machine ended. The others\u2019 NCCL watchdog timeouts (a collective that a vanished peer never joined) are consequences: collateral, although they are the only pods with an end time and outnumber the origin.',
    },
  });
}

// ---- family: accelerate-watchdog-only-same-second (every machine shows only a consequence, in one second) --------

/**
 * Every machine ends within one wall-clock second (millisecond stamps), each with the NCCL watchdog timeout or a
 * ncclRemoteError naming the next machine; no event, no OOM, no node condition. No replica has a cause of its own.
 */
function watchdogOnlyCase(shape: Shape, mixed: boolean): CasePlan {
  const replicas = replicasOf(shape);
  const ipOf = ipsOf(replicas, null, 'no-origin');
  const second = 2200;
  replicas.forEach((node, index) => {
    // With the clock pinned at .700, an `ago` in (second − 0.3, second + 0.7] falls in one wall-clock second.
    const ended = second + 0.6 - index * 0.07;
    const rank = index * GPUS;
    const next = replicas[(index + 1) % replicas.length]!;
    node.stamp = 'ms';
    const consequence = mixed && index % 2 === 1 ? ncclRemote(rank, ipOf(next)) : ncclWatchdog(rank, ended + 1, 1800000);
    endReplica(node, ended, 'Error', true, ERROR_1, [
      ...agentStart(ended + 7200, 80 + rank),
      ...consequence,
      ...childFailedSummary(node.pod, rank, 300 + rank, ended, !(mixed && index % 2 === 1)),
    ]);
  });
  return assembleHeldOutCase(shape, frameworkOf(shape), {
    name: `accelerate-watchdog-only-same-second-${shape.framework}${mixed ? '-mixed' : ''}-tier2`,
    family: 'accelerate-watchdog-only-same-second',
    ordering: 'no-origin',
    tier2: true,
    description: `All ${replicas.length} machines end within one wall-clock second, each with ${mixed ? 'the NCCL watchdog timeout or a ncclRemoteError naming the next machine' : 'the NCCL watchdog timeout (30 min)'}; no event, no OOM, no node condition.`,
    replicas,
    originPod: null,
    failedAgo: second - 3,
    expectation: {
      category: 'UNKNOWN',
      origin: null,
      collateralAtLeast: 0,
      quotedLine: WATCHDOG,
      quotedLineAlternatives: ['To avoid data inconsistency', ...(mixed ? ['ncclRemoteError', 'remote process exited or there was a network error'] : [])],
      limitationWhenNoOrigin: true,
      citation: [CITE.ncclWatchdog, CITE.childFailed, ...(mixed ? [CITE.ncclRemoteError, CITE.ncclResultDocs] : [])],
      note: 'Every end is a consequence: a collective that timed out (a peer that never joined) or a remote process that exited, all within one second; no replica has a cause of its own (no OOM, no event, no node condition). The first by milliseconds is not thereby the cause: UNKNOWN, origin null with a limitation \u2014 never a vote.',
    },
  });
}

// ---- family: rayjob-head-node-lost-gcs (the coordinator's node vanishes; the workers lose the GCS) ----------------

/**
 * The head's node stops posting status: NodeNotReady on the head pod 40 s later; the head pod never terminates and has
 * no log. Every worker's raylet fails to reach the GCS for 60 s, logs it and exits; `ray start --block` reports the
 * raylet and exits 1, 61–64 s after the loss.
 */
function headNodeLostCase(shape: Shape, ordering: Ordering, tier2: boolean): CasePlan {
  const replicas = replicasOf(shape);
  const head = replicas[0]!;
  const lostAgo = 3300;
  replicas.forEach((worker, index) => {
    if (worker === head) return;
    const ended = lostAgo - 61 - (index % 4);
    endReplica(worker, ended, 'Error', tier2, ERROR_1, rayGcsLost(ended));
  });
  head.runaiPhase = 'Unknown';
  head.noEndTime = true;
  // The event lands 40 s after the loss: before the workers' ends (21–24 s before).
  head.events = [nodeNotReadyEvent(lostAgo - 40)];
  return assembleHeldOutCase(shape, frameworkOf(shape), {
    name: `rayjob-head-node-lost-gcs-${shape.framework}-${ordering}-${tierName(tier2)}`,
    family: 'rayjob-head-node-lost-gcs',
    ordering,
    tier2,
    description: `${head.node} (running the Ray head ${head.pod}, the GCS) stops posting status: NodeNotReady on the head pod 40 s later, which never terminates; every worker's raylet logs "${GCS_LOST}" and ray start --block exits 1, 61–64 s after the loss.`,
    replicas,
    originPod: head.pod,
    failedAgo: lostAgo - 70,
    phaseMessage: null,
    extra: tier2 ? { nodeConditions: { [head.node]: notReadyConditions(lostAgo - 40) } } : {},
    expectation: {
      category: 'NODE_FAILURE',
      origin: at(head, NOT_READY_NEEDLES),
      collateralAtLeast: replicas.length - 1,
      quotedLine: 'Node is not ready',
      quotedLineAlternatives: ['Kubelet stopped posting node status'],
      limitationWhenNoOrigin: false,
      citation: [CITE.nodeControllerUtils, ...(tier2 ? [CITE.nodeLifecycle, CITE.rayGcsClient, CITE.rayLogToStderr, CITE.rayScripts] : [])],
      note: 'The head\u2019s node stopped posting status (NodeNotReady on the head pod; with Tier 2 the node\u2019s Ready=Unknown): NotReady without preemption is NODE_FAILURE (docs/procedure.md). The head \u2014 the coordinator, which holds no GPU \u2014 never terminated and has no log: its event, dated 21\u201324 s before the first worker ended, is its only evidence. The workers\u2019 "Failed to connect to GCS within 60 seconds" (the GCS runs on the head) and their exit 1 are consequences: collateral, every one.',
    },
  });
}

// ---- family: rayjob-worker-oom-teardown (one of many workers is OOM-killed; the operator tears the rest down) -----

/**
 * One GPU worker's container is OOM-killed (137, OOMKilled; the Run:ai OOM event at the kill). The job's driver on the
 * head fails (its actor died), the RayJob fails, and KubeRay deletes the cluster (shutdownAfterJobFinishes): the head
 * and every other worker end 15–17 s later on SIGTERM (143). With `lag`, Run:ai wrote the origin's end 30 s late.
 */
function workerOomCase(shape: Shape, originAt: number, ordering: Ordering, tier2: boolean, lag: boolean): CasePlan {
  const replicas = replicasOf(shape);
  const origin = replicas[originAt]!;
  const killAgo = 2750 + originAt * 5;
  endReplica(origin, killAgo, 'OOMKilled', tier2, OOM_137, [...rayStarted]);
  origin.events = [oomEvent(origin.container, killAgo)];
  if (lag) origin.runaiEndedAgo = killAgo - 30;
  replicas.forEach((peer, index) => {
    if (peer === origin) return;
    const ended = killAgo - 15 - (index % 3);
    endReplica(peer, ended, 'Error', tier2, SIGTERM_143, [...rayStarted]);
  });
  return assembleHeldOutCase(shape, frameworkOf(shape), {
    name: `rayjob-worker-oom-teardown-${shape.framework}-${ordering}${lag ? '-runai-lag' : ''}-${tierName(tier2)}`,
    family: 'rayjob-worker-oom-teardown',
    ordering,
    tier2,
    description: `The Ray worker ${origin.pod} is OOM-killed (137); the RayJob fails and KubeRay deletes the cluster: the head and the other ${replicas.length - 2} workers end 15–17 s later on SIGTERM (143).${lag ? ' Run:ai wrote the origin\u2019s end 30 s late, after every peer\u2019s.' : ''}`,
    replicas,
    originPod: origin.pod,
    failedAgo: killAgo - 35,
    phaseMessage: null,
    expectation: {
      category: 'OOM_KILLED',
      origin: at(origin, OOM_NEEDLES),
      collateralAtLeast: replicas.length - 1,
      quotedLine: 'OOMKilled',
      quotedLineAlternatives: ['OOM killed'],
      limitationWhenNoOrigin: false,
      citation: [CITE.oomKilled, CITE.exitCodes, ...(tier2 ? [CITE.rayScripts] : [])],
      note: `The worker was killed at its memory limit (OOMKilled, 137, and the Run:ai OOM event at the kill): OOM_KILLED, origin that worker. The head and the other workers ended 15 s later on SIGTERM (143: the operator deleting the cluster after the job failed): a signal another process sent, consequences, collateral \u2014 ${replicas.length - 1} of them, listed around the origin.${lag ? ' Run:ai\u2019s pod end time for the origin is the latest (written 30 s late); the OOM event dates the kill before every other end.' : ''}`,
    },
  });
}

// ---- family: rayjob-two-workers-oom-same-ms (two OOM kills in one millisecond) -----------------------------------

/**
 * Two GPU workers are OOM-killed in the same millisecond (a shuffle that overran two workers' memory at once); the
 * cluster is torn down 15 s later (143). One category, but no first: origin null.
 */
function twoOomCase(shape: Shape, tier2: boolean): CasePlan {
  const replicas = replicasOf(shape);
  const first = replicas[2]!;
  const second = replicas[5]!;
  const instant = 1950.42;
  for (const replica of replicas) replica.stamp = 'ms';
  for (const killed of [first, second]) {
    endReplica(killed, instant, 'OOMKilled', tier2, OOM_137, [...rayStarted]);
    killed.events = [{ ...oomEvent(killed.container, instant), stamp: 'ms' }];
  }
  replicas.forEach((peer, index) => {
    if (peer === first || peer === second) return;
    endReplica(peer, instant - 15 - (index % 3) * 0.5, 'Error', tier2, SIGTERM_143, [...rayStarted]);
  });
  return assembleHeldOutCase(shape, frameworkOf(shape), {
    name: `rayjob-two-workers-oom-same-ms-${shape.framework}-${tierName(tier2)}`,
    family: 'rayjob-two-workers-oom-same-ms',
    ordering: 'no-origin',
    tier2,
    description: `The Ray workers ${first.pod} and ${second.pod} are OOM-killed (137) in the same millisecond; the head and the other workers end 15 s later on SIGTERM (143).`,
    replicas,
    originPod: null,
    failedAgo: instant - 20,
    phaseMessage: null,
    expectation: {
      category: 'OOM_KILLED',
      origin: null,
      collateralAtLeast: 0,
      quotedLine: 'OOMKilled',
      quotedLineAlternatives: ['OOM killed'],
      limitationWhenNoOrigin: true,
      citation: [CITE.oomKilled, CITE.exitCodes],
      note: 'Two workers were killed at their memory limit in the same millisecond: the category is OOM_KILLED either way, but which came first cannot be told \u2014 origin null with a limitation (\u00a74.8). The teardown\u2019s SIGTERM exits come later and do not order the two.',
    },
  });
}

// ---- the set -------------------------------------------------------------------------------------

const shape = heldOutShape<FrameworkKey>;

/** Every case of the tenth held-out set, in a stable order. */
export function heldOut10Cases(): CasePlan[] {
  const ac = (name: string, machines: number, pool: string, project: string, user: string, startedAgo: number) =>
    shape(name, 'accelerate-job', machines, pool, project, user, ['640Gi', '720Gi'], GPUS, startedAgo);
  const ry = (name: string, workers: number, pool: string, project: string, user: string, startedAgo: number) =>
    shape(name, 'kuberay-rayjob', workers, pool, project, user, ['96Gi', '112Gi'], 1, startedAgo);
  return [
    // accelerate-app-error-runai-lag
    appLagCase(ac('sft-acc-a', 8, 'h100-aa-', 'llm-sft', 'a.petrov@example.com', 9000), 6, 'origin-last'),
    appLagCase(ac('sft-acc-b', 8, 'h100-ab-', 'llm-sft-b', 'b.mwangi@example.com', 9100), 5, 'origin-middle'),
    appLagCase(ac('sft-acc-c', 9, 'a100-aa-', 'llm-sft-c', 'c.jensen@example.com', 9200), 0, 'origin-last'),
    appLagCase(ac('sft-acc-d', 8, 'a100-ab-', 'llm-sft-d', 'd.romero@example.com', 9300), 3, 'origin-first'),
    // accelerate-identical-peers-listed-first
    identicalPeersCase(ac('dpo-acc-a', 10, 'h100-ai-', 'llm-dpo', 'e.tanaka@example.com', 8000), 7, 'origin-last'),
    identicalPeersCase(ac('dpo-acc-b', 10, 'h100-ai2-', 'llm-dpo-b', 'f.adeyemi@example.com', 8100), 4, 'origin-middle'),
    identicalPeersCase(ac('dpo-acc-c', 9, 'a100-ai-', 'llm-dpo-c', 'g.horvath@example.com', 8200), 8, 'origin-last'),
    identicalPeersCase(ac('dpo-acc-d', 10, 'a100-ai2-', 'llm-dpo-d', 'h.lund@example.com', 8300), 2, 'origin-first'),
    // accelerate-sigkill-and-oom-seconds-apart
    sigkillOomCase(ac('rm-acc-a', 8, 'h100-as-', 'llm-rm', 'i.moreno@example.com', 7000), 5, 2, 'sigkill', 'origin-last'),
    sigkillOomCase(ac('rm-acc-b', 8, 'h100-as2-', 'llm-rm-b', 'j.okafor@example.com', 7100), 1, 6, 'sigkill', 'origin-middle'),
    sigkillOomCase(ac('rm-acc-c', 8, 'a100-as-', 'llm-rm-c', 'k.nilsson@example.com', 7200), 3, 7, 'oom', 'origin-last'),
    sigkillOomCase(ac('rm-acc-d', 9, 'a100-as2-', 'llm-rm-d', 'l.cohen@example.com', 7300), 4, 0, 'oom', 'origin-middle'),
    // accelerate-main-node-lost-watchdog
    mainNodeLostCase(ac('pt-acc-a', 8, 'h100-an-', 'llm-pt', 'm.duarte@example.com', 9900), 'origin-last', true),
    mainNodeLostCase(ac('pt-acc-b', 9, 'h100-an2-', 'llm-pt-b', 'n.weber@example.com', 9950), 'origin-middle', true),
    mainNodeLostCase(ac('pt-acc-c', 8, 'a100-an-', 'llm-pt-c', 'o.sato@example.com', 9960), 'origin-last', false),
    mainNodeLostCase(ac('pt-acc-d', 8, 'a100-an2-', 'llm-pt-d', 'p.green@example.com', 9970), 'origin-first', false),
    // accelerate-watchdog-only-same-second
    watchdogOnlyCase(ac('eval-acc-a', 8, 'h100-aw-', 'llm-eval', 'q.iyer@example.com', 6000), false),
    watchdogOnlyCase(ac('eval-acc-b', 9, 'a100-aw-', 'llm-eval-b', 'r.bauer@example.com', 6100), true),
    // rayjob-head-node-lost-gcs
    headNodeLostCase(ry('tune-ray-a', 8, 'g2-rh-', 'ml-tune', 's.alvarez@example.com', 7000), 'origin-last', true),
    headNodeLostCase(ry('tune-ray-b', 8, 'g2-rh2-', 'ml-tune-b', 't.kaur@example.com', 7100), 'origin-middle', true),
    headNodeLostCase(ry('tune-ray-c', 6, 'a2-rh-', 'ml-tune-c', 'u.popescu@example.com', 7200), 'origin-first', true),
    headNodeLostCase(ry('tune-ray-d', 8, 'a2-rh2-', 'ml-tune-d', 'v.lindqvist@example.com', 7300), 'origin-last', false),
    headNodeLostCase(ry('tune-ray-e', 7, 'n2-rh-', 'ml-tune-e', 'w.yamada@example.com', 7400), 'origin-middle', false),
    // rayjob-worker-oom-teardown
    workerOomCase(ry('emb-ray-a', 8, 'g2-ro-', 'ml-emb', 'x.dimitrov@example.com', 6000), 7, 'origin-last', true, false),
    workerOomCase(ry('emb-ray-b', 8, 'g2-ro2-', 'ml-emb-b', 'y.oliveira@example.com', 6100), 4, 'origin-middle', true, true),
    workerOomCase(ry('emb-ray-c', 6, 'a2-ro-', 'ml-emb-c', 'z.hassan@example.com', 6200), 2, 'origin-first', true, true),
    workerOomCase(ry('emb-ray-d', 8, 'a2-ro2-', 'ml-emb-d', 'a.novotny@example.com', 6300), 6, 'origin-last', false, true),
    workerOomCase(ry('emb-ray-e', 7, 'n2-ro-', 'ml-emb-e', 'b.ferreira@example.com', 6400), 3, 'origin-middle', false, false),
    // rayjob-two-workers-oom-same-ms
    twoOomCase(ry('emb-tie-a', 7, 'g2-rt-', 'ml-emb-tie', 'c.murphy@example.com', 5000), true),
    twoOomCase(ry('emb-tie-b', 7, 'a2-rt-', 'ml-emb-tie-b', 'd.svensson@example.com', 5100), false),
  ];
}
