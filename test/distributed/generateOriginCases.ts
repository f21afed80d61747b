/**
 * A seeded generator of distributed-failure cases for the origin rule (DESIGN §4.8, issue #23),
 * independent of the held-out sets: it draws a framework Run:ai runs (PyTorchJob, torchrun
 * elastic, MPIJob/Horovod, DeepSpeed over MPI, TFJob, XGBoostJob, JAXJob, a KubeRay cluster, a
 * LeaderWorkerSet serving group), the origin's failure (an OOM kill, an unexplained exit 137, an
 * exception on one rank, an Xid on its node, its node gone NotReady, an image pull on one
 * replica, a node-pressure eviction), how the peers die after it (NCCL watchdog, c10d TCPStore,
 * NCCL remote error, SIGTERM / exit 143, Open MPI "exited on signal 15", Ray actor deaths, a
 * later preemption), where the times are read (pod completedAt, events only, history only, pods
 * gone with only the history left, Tier 2 finishedAt only, all in one second, one peer undated,
 * nothing dated) and the listing order (origin first, middle, last, or everything newest first).
 *
 * The expectation is derived from the rule's text, never from the engine's output:
 * - the origin is the replica whose own failure (not a peer-death format) comes first by its
 *   time, wherever the listings put it; its pod, node and a word of its signal are expected;
 * - the category is the origin's (what the same failure gives on a single pod: an unexplained
 *   exit 137 is UNKNOWN, a node-pressure eviction and an Xid 79 NODE_FAILURE); a deadline or a
 *   preemption after it never changes it;
 * - every peer that failed after it counts as collateral;
 * - when no time orders the failures of their own (two at the same second, nothing dated), the
 *   origin is null and the originUnknown limitation says so — never a majority vote.
 *
 * Message formats are the upstream ones (cited per case in `citation`).
 */
import { buildHeldOutCase, type CaseExpectation, type CasePlan, type HeldOutCaseFiles, type PodEventPlan, type ReplicaPlan } from './buildHeldOutCase.js';
import { seededRandom } from '../support/seededRandom.js';

export const ORIGIN_CASES_SEED = 23;

const CITE = {
  ncclWatchdog: 'https://github.com/pytorch/pytorch/blob/main/torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp',
  ncclRemote: 'https://github.com/pytorch/pytorch/blob/main/torch/csrc/distributed/c10d/NCCLUtils.cpp',
  tcpStore: 'https://github.com/pytorch/pytorch/blob/main/torch/csrc/distributed/c10d/TCPStore.cpp',
  elasticApi: 'https://github.com/pytorch/pytorch/blob/main/torch/distributed/elastic/multiprocessing/api.py',
  mpirun: 'https://github.com/open-mpi/ompi/blob/v4.1.x/orte/tools/orterun/help-orterun.txt',
  rayExceptions: 'https://github.com/ray-project/ray/blob/master/python/ray/exceptions.py',
  kubeletKilling: 'https://github.com/kubernetes/kubernetes/blob/master/pkg/kubelet/kuberuntime/kuberuntime_container.go',
  oom: 'https://kubernetes.io/docs/tasks/configure-pod-container/assign-memory-resource/',
  xidCatalogue: 'https://docs.nvidia.com/deploy/xid-errors/index.html',
  nodeNotReady: 'https://github.com/kubernetes/kubernetes/blob/master/pkg/controller/util/node/controller_utils.go',
  taintEviction: 'https://github.com/kubernetes/kubernetes/blob/master/pkg/controller/tainteviction/taint_eviction.go',
  imagePull: 'https://github.com/kubernetes/kubernetes/blob/master/pkg/kubelet/images/image_manager.go',
  eviction: 'https://github.com/kubernetes/kubernetes/blob/master/pkg/kubelet/eviction/helpers.go',
  kaiPreempt: 'https://github.com/NVIDIA/KAI-Scheduler/blob/main/pkg/scheduler/api/unschedule_info.go',
  trainingOperator: 'https://github.com/kubeflow/training-operator/blob/master/pkg/common/util/util.go',
  mpiOperator: 'https://github.com/kubeflow/mpi-operator/blob/master/pkg/controller/mpi_job_controller.go',
  kuberay: 'https://github.com/ray-project/kuberay/blob/master/ray-operator/controllers/ray/utils/util.go',
  lws: 'https://github.com/kubernetes-sigs/lws/blob/main/pkg/controllers/pod_controller.go',
  deadline: 'https://github.com/kubeflow/training-operator/blob/master/pkg/controller.v1/common/job.go',
  pythonTraceback: 'https://docs.python.org/3/library/traceback.html',
} as const;

// ---- seeded choice ----------------------------------------------------------------------------

const prng = seededRandom;
type Pick = <T>(items: readonly T[]) => T;

// ---- the class's dimensions -------------------------------------------------------------------

export const FRAMEWORKS = ['pytorch', 'elastic', 'mpi', 'deepspeed', 'tf', 'xgboost', 'jax', 'ray', 'lws'] as const;
export const ORIGIN_KINDS = ['oom', 'exit137', 'app', 'xid', 'notready', 'imagepull', 'eviction'] as const;
export const PEER_KINDS = ['nccl', 'tcpstore', 'ncclremote', 'sigterm', 'mpi', 'ray', 'preempted'] as const;
export const TIME_SOURCES = ['completedAt', 'events', 'history', 'gone', 'tier2', 'tie', 'peer-undated', 'tie-two-own', 'undated'] as const;
export const ORDERINGS = ['origin-first', 'origin-middle', 'origin-last', 'reversed'] as const;
type FrameworkKey = (typeof FRAMEWORKS)[number];
type OriginKind = (typeof ORIGIN_KINDS)[number];
type PeerKind = (typeof PEER_KINDS)[number];
type TimeSource = (typeof TIME_SOURCES)[number];
type Ordering = (typeof ORDERINGS)[number];

interface Member {
  pod: string;
  container: string;
  /** rank 0 / launcher / head / leader: no GPU work of its own for launcher and head. */
  coordinator: boolean;
}

const ALPHABET = 'bcdfghjklmnpqrstvwxz2456789';
const randomSuffix = (random: () => number) => Array.from({ length: 5 }, () => ALPHABET[Math.floor(random() * ALPHABET.length)]).join('');

interface FrameworkShape {
  type: string;
  distributedFramework: string | null;
  image: string;
  members(name: string, workers: number, random: () => number): Member[];
  peers: readonly PeerKind[];
  /** The controller's condition when the job fails. */
  failed(name: string, namespace: string): { reason: string; message: string } | null;
  cite: string;
}

const operator = (
  kind: string,
  chief: string | null,
  container: string,
  distributedFramework: string,
  image: string,
  peers: readonly PeerKind[],
): FrameworkShape => ({
  type: 'Distributed',
  distributedFramework,
  image,
  members: (name, workers) => [
    ...(chief ? [{ pod: `${name}-${chief}-0`, container, coordinator: false }] : []),
    ...Array.from({ length: workers }, (_, rank) => ({ pod: `${name}-worker-${rank}`, container, coordinator: false })),
  ],
  peers,
  failed: (name) => ({ reason: `${kind}Failed`, message: `${kind} ${name} is failed because 1 Worker replica(s) failed.` }),
  cite: CITE.trainingOperator,
});

const SHAPES: Record<FrameworkKey, FrameworkShape> = {
  pytorch: operator('PyTorchJob', 'master', 'pytorch', 'PyTorch', 'registry.example.com/llm/train:25.01', [
    'nccl',
    'tcpstore',
    'ncclremote',
    'sigterm',
    'preempted',
  ]),
  elastic: operator('PyTorchJob', null, 'pytorch', 'PyTorch', 'registry.example.com/llm/torchrun-elastic:2.5', ['nccl', 'tcpstore', 'sigterm', 'preempted']),
  tf: operator('TFJob', 'chief', 'tensorflow', 'TF', 'registry.example.com/vision/tf-train:2.16', ['sigterm', 'preempted']),
  xgboost: operator('XGBoostJob', 'master', 'xgboost', 'XGBoost', 'registry.example.com/tabular/xgb:2.1', ['sigterm', 'preempted']),
  jax: operator('JAXJob', null, 'jax', 'JAX', 'registry.example.com/research/maxtext:2025.11', ['sigterm', 'preempted']),
  mpi: {
    type: 'Distributed',
    distributedFramework: 'MPI',
    image: 'registry.example.com/hpc/horovod:0.28.1',
    members: (name, workers, random) => [
      { pod: `${name}-launcher-${randomSuffix(random)}`, container: 'mpi-launcher', coordinator: true },
      ...Array.from({ length: workers }, (_, rank) => ({ pod: `${name}-worker-${rank}`, container: 'mpi-worker', coordinator: false })),
    ],
    peers: ['mpi', 'sigterm', 'preempted'],
    failed: (name, namespace) => ({ reason: 'MPIJobFailed', message: `MPIJob ${namespace}/${name} has failed` }),
    cite: CITE.mpiOperator,
  },
  deepspeed: {
    type: 'Distributed',
    distributedFramework: 'MPI',
    image: 'registry.example.com/llm/deepspeed:0.15.4',
    members: (name, workers, random) => [
      { pod: `${name}-launcher-${randomSuffix(random)}`, container: 'deepspeed-launcher', coordinator: true },
      ...Array.from({ length: workers }, (_, rank) => ({ pod: `${name}-worker-${rank}`, container: 'deepspeed', coordinator: false })),
    ],
    peers: ['mpi', 'nccl', 'sigterm'],
    failed: (name, namespace) => ({ reason: 'MPIJobFailed', message: `MPIJob ${namespace}/${name} has failed` }),
    cite: CITE.mpiOperator,
  },
  ray: {
    type: 'RayJob',
    distributedFramework: null,
    image: 'registry.example.com/rl/ray:2.41.0-py311-cu124',
    members: (name, workers, random) => {
      const cluster = `${name}-raycluster-${randomSuffix(random)}`;
      return [
        { pod: `${cluster}-head-${randomSuffix(random)}`, container: 'ray-head', coordinator: true },
        ...Array.from({ length: workers }, () => ({ pod: `${cluster}-gpu-group-worker-${randomSuffix(random)}`, container: 'ray-worker', coordinator: false })),
      ];
    },
    peers: ['ray', 'sigterm'],
    failed: () => null,
    cite: CITE.kuberay,
  },
  lws: {
    type: 'distributed-inference',
    distributedFramework: null,
    image: 'registry.example.com/serving/vllm-openai:v0.11.2',
    members: (name, workers) => [
      { pod: `${name}-0`, container: 'leader', coordinator: false },
      ...Array.from({ length: workers }, (_, rank) => ({ pod: `${name}-0-${rank + 1}`, container: 'worker', coordinator: false })),
    ],
    peers: ['ncclremote', 'sigterm', 'ray'],
    failed: () => null,
    cite: CITE.lws,
  },
};

// ---- message formats (upstream) ---------------------------------------------------------------

const ncclWatchdogLogs = (rank: number, seq: number) => [
  `[rank${rank}]:[E1206 16:02:11.${100000 + rank} ProcessGroupNCCL.cpp:632] [Rank ${rank}] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=${seq}, OpType=ALLREDUCE, NumelIn=4194304, NumelOut=4194304, Timeout(ms)=600000) ran for 600${String(100 + rank).padStart(3, '0')} milliseconds before timing out.`,
  `[rank${rank}]:[E1206 16:02:11.${200000 + rank} ProcessGroupNCCL.cpp:1664] [Rank ${rank}] To avoid data inconsistency, we are taking the entire process down.`,
  `terminate called after throwing an instance of 'c10::DistBackendError'`,
];
const tcpStoreLogs = (rank: number, host: string) => [
  `[rank${rank}]:[W1206 16:02:11.${300000 + rank} TCPStore.cpp:125] [c10d] recvValue failed on SocketImpl(fd=57, addr=[${host}]:50112, remote=[${host}]:29500): Connection reset by peer`,
  'torch.distributed.DistNetworkError: Connection reset by peer',
];
const ncclRemoteLogs = (rank: number) => [
  `[rank${rank}]: torch.distributed.DistBackendError: NCCL error in: /pytorch/torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:2116, remote process exited or there was a network error, NCCL version 2.21.5`,
  'ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.',
];
const sigtermLogs = (pid: number) => [
  `W1206 16:02:11.${400000 + pid} ${pid} torch/distributed/elastic/agent/server/api.py:704] Received Signals.SIGTERM death signal, shutting down workers`,
  `torch.distributed.elastic.multiprocessing.api.SignalException: Process ${pid} got signal: 15`,
];
const rayLogs = (address: string) => [
  'ray.exceptions.ActorDiedError: The actor died unexpectedly before finishing this task.',
  `\tclass_name: RayTrainWorker`,
  `The actor is dead because its worker process has died. Worker exit type: SYSTEM_ERROR Worker exit detail: The leased worker has unrecoverable failure. Worker is requested to be destroyed when it is returned. RPC Error message: Socket closed; address ${address}`,
];

const EXCEPTIONS: { cls: string; last: string; frames: string[] }[] = [
  {
    cls: 'ValueError',
    last: 'ValueError: Expected input batch_size (96) to match target batch_size (64).',
    frames: ['  File "/workspace/train.py", line 412, in train_step', '    loss = criterion(logits, labels)'],
  },
  {
    cls: 'KeyError',
    last: "KeyError: 'attention_mask'",
    frames: ['  File "/workspace/data/collate.py", line 58, in __call__', '    masks = [example["attention_mask"] for example in batch]'],
  },
  {
    cls: 'FileNotFoundError',
    last: "FileNotFoundError: [Errno 2] No such file or directory: '/data/shards/train-00417-of-01024.parquet'",
    frames: ['  File "/workspace/data/loader.py", line 133, in _open', '    return pq.ParquetFile(path)'],
  },
  {
    cls: 'ZeroDivisionError',
    last: 'ZeroDivisionError: float division by zero',
    frames: ['  File "/workspace/metrics.py", line 77, in throughput', '    return tokens / elapsed'],
  },
];

// ---- one case ---------------------------------------------------------------------------------

interface Draw {
  framework: FrameworkKey;
  origin: OriginKind;
  peers: PeerKind;
  time: TimeSource;
  ordering: Ordering;
  policyAfter: 'none' | 'deadline' | 'preemption';
  workers: number;
}

/** Which origin kinds need Tier 2 to be seen at all (the exit code, the Xid condition). */
const NEEDS_TIER2: ReadonlySet<OriginKind> = new Set(['exit137', 'xid']);
/** Peer kinds only a log shows. */
const LOG_PEERS: ReadonlySet<PeerKind> = new Set(['nccl', 'tcpstore', 'ncclremote', 'ray']);

function buildCase(index: number, draw: Draw, random: () => number): CasePlan {
  const pick: Pick = (items) => items[Math.floor(random() * items.length)]!;
  const shape = SHAPES[draw.framework];
  const name = `${pick(['llama', 'mixtral', 'vit', 'bert', 'ppo', 'dlrm', 'gemma', 'qwen'])}-${pick(['sft', 'pretrain', 'eval', 'sweep', 'serve', 'distill'])}-${index}`;
  const project = pick(['nlp', 'vision', 'rl', 'recsys', 'speech']);
  const namespace = `runai-${project}`;
  const nodePrefix = pick(['dgx-h100-', 'dgx-b200-', 'gpu-a100-r2-', 'hgx-h200-']);
  const members = shape.members(name, draw.workers, random);
  const tier2 = NEEDS_TIER2.has(draw.origin) || LOG_PEERS.has(draw.peers) || draw.time === 'tier2' || draw.origin === 'app';
  const failedAgo = 1200 + Math.floor(random() * 3000);
  const originAgo = failedAgo + 300 + Math.floor(random() * 600);
  // The origin: never the coordinator for a kind that only a GPU worker shows (Xid), else any member.
  const eligible = members.map((member, at) => ({ member, at })).filter(({ member }) => !(draw.origin === 'xid' && member.coordinator));
  const originAt = pick(eligible).at;
  const tie = draw.time === 'tie' || draw.time === 'tie-two-own';
  const gap = tie ? 0 : 20 + Math.floor(random() * 400);
  const citation: string[] = [shape.cite];

  const replicas: ReplicaPlan[] = members.map((member, rank) => ({
    pod: member.pod,
    node: `${nodePrefix}${String(rank + 2 + Math.floor(random() * 3) * 10).padStart(2, '0')}`,
    container: member.container,
    endedAgo: rank === originAt ? originAgo : originAgo - gap - (tie ? 0 : rank % 3),
    runaiPhase: 'Error',
    memory: { request: '200Gi', limit: '240Gi' },
    gpus: member.coordinator ? 0 : 8,
    image: shape.image,
  }));
  // Unique node names (a replica per node).
  replicas.forEach((replica, rank) => (replica.node = `${nodePrefix}${String(rank * 3 + 4 + (index % 3)).padStart(2, '0')}`));
  const origin = replicas[originAt]!;

  // The origin's own failure.
  let category: string;
  let signalIncludes: string[];
  let quotedLine: string;
  let quotedLineAlternatives: string[] | undefined;
  const originEvents: PodEventPlan[] = [];
  switch (draw.origin) {
    case 'oom':
      origin.runaiPhase = 'OOMKilled';
      origin.exit = { code: 137, reason: 'OOMKilled' };
      originEvents.push({
        reason: 'OOMKilled',
        message: `Container ${origin.container} was OOM killed`,
        source: 'workload-controller',
        type: 'Warning',
        ago: originAgo,
      });
      category = 'OOM_KILLED';
      signalIncludes = ['OOM'];
      quotedLine = 'OOM';
      citation.push(CITE.oom);
      break;
    case 'exit137':
      origin.exit = { code: 137, reason: 'Error' };
      category = 'UNKNOWN';
      signalIncludes = ['137'];
      quotedLine = '137';
      break;
    case 'app': {
      const exception = pick(EXCEPTIONS);
      origin.exit = { code: 1, reason: 'Error' };
      origin.logs = ['Traceback (most recent call last):', ...exception.frames, exception.last];
      category = 'CRASH_APP_ERROR';
      signalIncludes = [exception.cls];
      quotedLine = exception.last;
      citation.push(CITE.pythonTraceback);
      break;
    }
    case 'xid': {
      const pci = `0000:${pick(['1b', '3b', '5d', '9a', 'bb', 'db'])}:00`;
      origin.exit = { code: 1, reason: 'Error' };
      origin.logs = ['RuntimeError: CUDA error: unspecified launch failure'];
      category = 'NODE_FAILURE';
      signalIncludes = ['Xid'];
      quotedLine = `NVRM: Xid (PCI:${pci}): 79`;
      citation.push(CITE.xidCatalogue);
      (origin as ReplicaPlan & { xid?: string }).xid = `NVRM: Xid (PCI:${pci}): 79, pid=0, GPU has fallen off the bus.`;
      break;
    }
    case 'notready':
      origin.runaiPhase = 'Failed';
      originEvents.push(
        { reason: 'NodeNotReady', message: 'Node is not ready', source: 'node-controller', type: 'Warning', ago: originAgo + 5 },
        {
          reason: 'TaintManagerEviction',
          message: `Marking for deletion Pod ${namespace}/${origin.pod}`,
          source: 'taint-eviction-controller',
          type: 'Normal',
          ago: originAgo,
        },
      );
      if (tier2) origin.podStatus = { reason: 'NodeLost', message: `Node ${origin.node} which was running pod ${origin.pod} is unresponsive` };
      category = 'NODE_FAILURE';
      signalIncludes = ['not ready', 'NotReady', 'NodeLost', 'unresponsive', 'Marking for deletion', 'node'];
      quotedLine = 'Node is not ready';
      quotedLineAlternatives = ['NodeNotReady', 'unresponsive', 'Marking for deletion'];
      citation.push(CITE.nodeNotReady, CITE.taintEviction);
      break;
    case 'imagepull': {
      const image = `${shape.image}-cu128`;
      origin.image = image;
      origin.runaiPhase = 'ErrImagePull';
      originEvents.push(
        {
          reason: 'Failed',
          message: `Failed to pull image "${image}": rpc error: code = NotFound desc = failed to pull and unpack image "${image}": not found`,
          source: 'kubelet',
          type: 'Warning',
          ago: originAgo,
        },
        { reason: 'Failed', message: 'Error: ErrImagePull', source: 'kubelet', type: 'Warning', ago: originAgo },
      );
      category = 'IMAGE_PULL_FAILED';
      signalIncludes = ['pull', 'ErrImagePull', 'not found'];
      quotedLine = 'Failed to pull image';
      quotedLineAlternatives = ['not found', 'ErrImagePull'];
      citation.push(CITE.imagePull);
      break;
    }
    case 'eviction':
      origin.runaiPhase = 'Evicted';
      origin.exit = { code: 137, reason: 'Error' };
      originEvents.push({
        reason: 'Evicted',
        message: `The node was low on resource: memory. Threshold quantity: 500Mi, available: 301244Ki. Container ${origin.container} was using 180774912Ki, request is 200Gi, has larger consumption of memory.`,
        source: 'kubelet',
        type: 'Warning',
        ago: originAgo,
      });
      origin.podStatus = { reason: 'Evicted', message: 'The node was low on resource: memory. Threshold quantity: 500Mi, available: 301244Ki. ' };
      category = 'NODE_FAILURE';
      signalIncludes = ['Evicted', 'low on resource'];
      quotedLine = 'low on resource';
      citation.push(CITE.eviction);
      break;
  }

  // The peers, after it.
  let peersCounted = 0;
  replicas.forEach((replica, rank) => {
    if (replica === origin) return;
    peersCounted += 1;
    const killing: PodEventPlan = {
      reason: 'Killing',
      message: `Stopping container ${replica.container}`,
      source: 'kubelet',
      type: 'Normal',
      ago: replica.endedAgo!,
    };
    replica.events = [];
    switch (draw.peers) {
      case 'nccl':
        replica.exit = { code: 1, reason: 'Error' };
        replica.logs = ncclWatchdogLogs(rank, 90000 + index);
        break;
      case 'tcpstore':
        replica.exit = { code: 1, reason: 'Error' };
        replica.logs = tcpStoreLogs(rank, `${origin.pod}.${namespace}.svc`);
        break;
      case 'ncclremote':
        replica.exit = { code: 1, reason: 'Error' };
        replica.logs = ncclRemoteLogs(rank);
        break;
      case 'sigterm':
        replica.exit = { code: 143, reason: 'Error' };
        if (draw.framework === 'pytorch' || draw.framework === 'elastic') replica.logs = sigtermLogs(40 + rank);
        replica.events.push(killing);
        break;
      case 'mpi':
        replica.exit = { code: 143, reason: 'Error' };
        replica.events.push(killing);
        break;
      case 'ray':
        replica.exit = { code: 1, reason: 'Error' };
        replica.logs = rayLogs(`10.40.${rank}.17:${10000 + rank}`);
        break;
      case 'preempted':
        replica.exit = { code: 143, reason: 'Error' };
        replica.events.push({
          reason: 'Evict',
          message: `Pod ${namespace}/${replica.pod} was preempted by higher priority workload runai-prod/chat-serving`,
          source: 'kai-scheduler',
          type: 'Normal',
          ago: replica.endedAgo! + 2,
        });
        break;
    }
  });
  if (draw.peers === 'mpi') {
    // The launcher (rank order 0) reports the origin's rank; with the launcher as origin, a worker's teardown is all there is.
    const launcher = replicas[0]!;
    if (launcher !== origin) {
      launcher.exit = { code: 1, reason: 'Error' };
      launcher.logs = [
        'Primary job  terminated normally, but 1 process returned',
        'a non-zero exit code. Per user-direction, the job has been aborted.',
        `mpirun noticed that process rank ${Math.max(0, originAt - 1)} with PID 0 on node ${origin.pod} exited on signal 9 (Killed).`,
      ];
      const worker = replicas.find((replica, rank) => rank > 0 && replica !== origin);
      if (worker)
        launcher.logs.push(
          `mpirun noticed that process rank ${replicas.indexOf(worker) - 1} with PID 0 on node ${worker.pod} exited on signal 15 (Terminated).`,
        );
    }
    citation.push(CITE.mpirun);
  }
  citation.push(
    ...{
      nccl: [CITE.ncclWatchdog],
      tcpstore: [CITE.tcpStore],
      ncclremote: [CITE.ncclRemote],
      sigterm: [CITE.elasticApi, CITE.kubeletKilling],
      mpi: [CITE.kubeletKilling],
      ray: [CITE.rayExceptions],
      preempted: [CITE.kaiPreempt],
    }[draw.peers],
  );
  origin.events = [...originEvents];

  // Where the times are read.
  let expectedOrigin: CaseExpectation['origin'] = { pod: origin.pod, node: origin.node, signalIncludes };
  let collateral = peersCounted;
  let categoryAlternatives: string[] | undefined;
  const plan: Partial<CasePlan> = {};
  const undate = (replica: ReplicaPlan) => (replica.noEndTime = true);
  switch (draw.time) {
    case 'completedAt':
      break;
    case 'events':
    case 'history':
      for (const replica of replicas) {
        undate(replica);
        // A dated event for every peer: its own kind's event, or the kubelet stopping its container (the origin's
        // container had already ended on its own: no one stops it).
        if ((replica.events ?? []).length === 0 && replica !== origin)
          replica.events = [
            { reason: 'Killing', message: `Stopping container ${replica.container}`, source: 'kubelet', type: 'Normal', ago: replica.endedAgo! },
          ];
      }
      if (draw.time === 'history') {
        plan.historyOnlyEvents = replicas.flatMap((replica) => (replica.events ?? []).map((event) => ({ pod: replica.pod, event })));
        for (const replica of replicas) replica.events = [];
      }
      break;
    case 'gone':
      for (const replica of replicas)
        if ((replica.events ?? []).length === 0 && replica !== origin)
          replica.events = [
            { reason: 'Killing', message: `Stopping container ${replica.container}`, source: 'kubelet', type: 'Normal', ago: replica.endedAgo! },
          ];
      plan.podsAndEventsGone = true;
      break;
    case 'tier2':
      // Run:ai dates nothing: the pods carry no end, and only the origin's own kind keeps its events when nothing else shows it.
      for (const replica of replicas) {
        undate(replica);
        if (replica !== origin || draw.origin !== 'notready') replica.events = [];
      }
      break;
    case 'tie':
      break;
    case 'peer-undated': {
      const peer = replicas.find((replica) => replica !== origin && (replica.logs ?? []).length > 0) ?? replicas.find((replica) => replica !== origin)!;
      undate(peer);
      peer.events = [];
      // An undated peer counts only when its text shows a peer's death.
      if (!(peer.logs ?? []).length) collateral -= 1;
      break;
    }
    case 'tie-two-own': {
      // A second replica fails in the same second with an exception of its own: the order cannot be told.
      const other = replicas.find((replica) => replica !== origin && replica.gpus > 0) ?? replicas.find((replica) => replica !== origin)!;
      const exception = EXCEPTIONS.find((candidate) => !quotedLine.includes(candidate.cls)) ?? EXCEPTIONS[0]!;
      other.exit = { code: 1, reason: 'Error' };
      other.logs = ['Traceback (most recent call last):', ...exception.frames, exception.last];
      other.events = [];
      other.endedAgo = originAgo;
      expectedOrigin = null;
      categoryAlternatives = [category, 'CRASH_APP_ERROR', 'UNKNOWN'].filter((item) => item !== category);
      quotedLineAlternatives = [...(quotedLineAlternatives ?? []), exception.last];
      break;
    }
    case 'undated':
      // Nothing dated: no pod end, no failure event, no Tier 2.
      for (const replica of replicas) {
        undate(replica);
        replica.events = [];
      }
      expectedOrigin = null;
      // With no event left, the pod's status word is all that names the eviction.
      if (draw.origin === 'eviction') quotedLineAlternatives = ['Evicted'];
      categoryAlternatives = ['OOM_KILLED', 'IMAGE_PULL_FAILED', 'CRASH_APP_ERROR', 'NODE_FAILURE', 'SCHEDULING_POLICY_TERMINATED', 'UNKNOWN'].filter(
        (item) => item !== category,
      );
      break;
  }
  // A deadline or a preemption after the crash: the job's fate, never its cause.
  const failed = shape.failed(name, namespace);
  const workload: CasePlan['workload'] = {
    name,
    project,
    submittedBy: pick(['a.ito@example.com', 'l.moreau@example.com', 'r.osei@example.com']),
    type: shape.type,
    distributedFramework: shape.distributedFramework,
    ...(draw.framework === 'ray' ? { sourceApi: 'WorkloadsV2' } : {}),
    startedAgo: originAgo + 7200,
    phase: 'Failed',
    phaseMessage: failed?.message ?? null,
    failedAgo,
    conditions: failed ? [{ type: 'Failed', status: 'True', reason: failed.reason, message: failed.message, ago: failedAgo }] : [],
    restartPolicy: 'Never',
  };
  const workloadEvents: CasePlan['workloadEvents'] = [];
  if (draw.policyAfter === 'deadline') {
    const message = `Job ${name} has failed because it was active longer than specified deadline`;
    workload.phaseMessage = message;
    workload.conditions = [{ type: 'Failed', status: 'True', reason: 'DeadlineExceeded', message, ago: failedAgo }];
    citation.push(CITE.deadline);
  } else if (draw.policyAfter === 'preemption') {
    workloadEvents.push({
      kind: 'PodGroup',
      name: `pg-${name}-0`,
      reason: 'Evict',
      message: `Workload ${name} was preempted by higher priority workload runai-prod/chat-serving`,
      source: 'kai-scheduler',
      type: 'Normal',
      ago: failedAgo,
    });
    citation.push(CITE.kaiPreempt);
  }

  // DESIGN §2 step 1 routes a preemption; §4.8 keeps the verdict only for a preemption after the origin failed. A peer
  // preempted before the origin's failure (a same-second tie puts the peers' Evict 2 s before it), or a preemption
  // when nothing dates the failures, follows no failure: the verdict routes.
  const preemptedFirst = replicas.some((replica) =>
    (replica.events ?? []).some((event) => event.reason === 'Evict' && /was preempted by/.test(event.message) && event.ago > originAgo),
  );
  const routed = preemptedFirst || (draw.time === 'undated' && draw.policyAfter === 'preemption');
  // A routed verdict names no origin (it is null for any outcome but diagnosed).
  if (routed) expectedOrigin = null;

  // The listing order: the origin first, in the middle, last — or every listing newest first.
  const rest = replicas.filter((replica) => replica !== origin);
  const ordered =
    draw.ordering === 'origin-first'
      ? [origin, ...rest]
      : draw.ordering === 'origin-last'
        ? [...rest, origin]
        : draw.ordering === 'origin-middle'
          ? [...rest.slice(0, Math.floor(rest.length / 2)), origin, ...rest.slice(Math.floor(rest.length / 2))]
          : [...replicas].sort((a, b) => (a.endedAgo ?? 0) - (b.endedAgo ?? 0));

  const xid = (origin as ReplicaPlan & { xid?: string }).xid;
  delete (origin as ReplicaPlan & { xid?: string }).xid;
  const caseName = `g${String(index).padStart(3, '0')}-${draw.framework}-${draw.origin}-${draw.peers}-${draw.time}-${draw.ordering}${draw.policyAfter === 'none' ? '' : `-${draw.policyAfter}`}`;
  return {
    name: caseName,
    family: draw.origin,
    framework: draw.framework,
    ordering: expectedOrigin === null ? 'no-origin' : draw.ordering === 'reversed' ? 'origin-first' : draw.ordering,
    description: `generated (seed ${ORIGIN_CASES_SEED}, #${index}): ${draw.framework}, origin ${draw.origin} on ${origin.pod}, peers ${draw.peers}, times from ${draw.time}, listing ${draw.ordering}, after: ${draw.policyAfter}`,
    tier2: tier2 && draw.time !== 'undated',
    workload,
    replicas: ordered,
    ...(workloadEvents.length > 0 ? { workloadEvents } : {}),
    ...plan,
    ...(draw.ordering === 'reversed' ? { historyNewestFirst: true, kubernetesEventsNewestFirst: true } : {}),
    ...(xid
      ? { nodeConditions: { [origin.node]: [{ type: 'GPUXIDErrors', status: 'True', reason: 'XIDErrorsDetected', message: xid, ago: originAgo + 3 }] } }
      : {}),
    expectation: {
      category,
      ...(categoryAlternatives ? { categoryAlternatives } : {}),
      origin: expectedOrigin,
      collateralAtLeast: expectedOrigin ? collateral : 0,
      quotedLine,
      ...(quotedLineAlternatives ? { quotedLineAlternatives } : {}),
      limitationWhenNoOrigin: expectedOrigin === null,
      ...(routed ? { outcome: 'routed' as const } : {}),
      citation: [...new Set(citation)],
      note: `origin ${origin.pod} ended ${originAgo}s ago; ${peersCounted} peers ${tie ? 'in the same second' : `${gap}s or more later`}.`,
    },
  };
}

/** Which combinations make sense: a time source needs what it reads (Tier 2 for `tier2`). */
function coherent(draw: Draw): boolean {
  const shape = SHAPES[draw.framework];
  if (!shape.peers.includes(draw.peers)) return false;
  // Nothing dated and Tier 2 off: an origin kind only Tier 2 shows cannot be drawn there.
  if (draw.time === 'undated' && (NEEDS_TIER2.has(draw.origin) || LOG_PEERS.has(draw.peers) || draw.origin === 'app')) return false;
  // Pods gone: Tier 2 has nothing to read either; only what the history keeps.
  if (draw.time === 'gone' && (NEEDS_TIER2.has(draw.origin) || LOG_PEERS.has(draw.peers) || draw.origin === 'app')) return false;
  // Nothing dated: only the pods' own phases can show the failures (an OOM kill, an eviction).
  if (draw.time === 'undated' && !['oom', 'eviction'].includes(draw.origin)) return false;
  // An undated peer is collateral only when its own text shows a peer's death: that takes Tier 2.
  if (draw.time === 'peer-undated' && !(NEEDS_TIER2.has(draw.origin) || LOG_PEERS.has(draw.peers) || draw.origin === 'app')) return false;
  // An image never pulled has no container to end: its time is its pull failure, not a finishedAt.
  if (draw.origin === 'imagepull' && (draw.time === 'tier2' || draw.time === 'tie-two-own')) return false;
  // A same-second tie with a second exception needs Tier 2's logs to see the exception.
  if (draw.time === 'tie-two-own' && !(NEEDS_TIER2.has(draw.origin) || LOG_PEERS.has(draw.peers) || draw.origin === 'app')) return false;
  return true;
}

/** `count` coherent cases drawn from `seed`. */
export function generateOriginCases(seed = ORIGIN_CASES_SEED, count = 60): CasePlan[] {
  const random = prng(seed);
  const pick: Pick = (items) => items[Math.floor(random() * items.length)]!;
  const cases: CasePlan[] = [];
  let attempts = 0;
  while (cases.length < count && attempts < count * 200) {
    attempts += 1;
    const draw: Draw = {
      framework: pick(FRAMEWORKS),
      origin: pick(ORIGIN_KINDS),
      peers: pick(PEER_KINDS),
      time: pick(TIME_SOURCES),
      ordering: pick(ORDERINGS),
      policyAfter: pick(['none', 'none', 'deadline', 'preemption'] as const),
      workers: 2 + Math.floor(random() * 6),
    };
    if (!coherent(draw)) continue;
    cases.push(buildCase(cases.length, draw, random));
  }
  return cases;
}

/** The case files of a plan: the held-out builder's, with the Run:ai pod times removed where the plan says the API gives none. */
export function buildOriginCase(plan: CasePlan): HeldOutCaseFiles {
  const files = buildHeldOutCase(plan);
  const undated = new Set(plan.replicas.filter((replica) => replica.noEndTime).map((replica) => replica.pod));
  const runai = files.scenario.runai as {
    pods: Record<string, { name: string; completedAt: string | null; k8sPhaseUpdatedAt: string | null; updatedAt: string | null }[]>;
  };
  for (const pods of Object.values(runai.pods))
    for (const pod of pods)
      if (undated.has(pod.name)) {
        pod.completedAt = null;
        pod.k8sPhaseUpdatedAt = null;
        pod.updatedAt = null;
      }
  return files;
}
