/**
 * The seventh held-out distributed set (fixtures/distributed-heldout-7), generated like the first
 * six (families × frameworks × orderings, through buildHeldOutCase) with frameworks, origin kinds,
 * collateral formats and orderings none of them has:
 *
 * - frameworks: MosaicML Composer's launcher (`composer -n 8 …`) on a PyTorchJob (a crashed rank is
 *   reported as `Rank N crashed with exit code C.` / `Global rank N (PID P) exited with code C`, and
 *   the launcher exits with the rank's code, so a rank aborted by SIGABRT ends the container with
 *   `sys.exit(-6)`, exit status 250); vLLM multi-node serving over Ray on a LeaderWorkerSet (the
 *   workers only run `ray start --block`, which ends with `Some Ray subprocesses exited
 *   unexpectedly:` / `Remaining processes will be killed.` once the leader's GCS is gone); PaddlePaddle's
 *   `paddle.distributed.launch` on a PaddleJob (`LAUNCH ERROR … Container failed !!!`, and a launcher
 *   told to stop writes `Terminating with signal 15` and exits 15 — neither 143 nor 1);
 * - origin kinds: a replica killed by the kubelet after its liveness probe failed (events `Unhealthy`
 *   `Liveness probe failed: …` and `Killing` `Container … failed liveness probe` (restartPolicy Never: no ", will be restarted");
 *   on Paddle the killed launcher's own log is exactly its peers' `Terminating with signal 15`), a rank
 *   whose checkpoint write hits `OSError: [Errno 28] No space left on device`, a vLLM leader that
 *   refuses its KV-cache budget;
 * - orderings: Run:ai's `completedAt` of the origin 20 s LATER than its peers' while its container's
 *   `finishedAt` is 400–600 ms EARLIER; six to nine replicas tied in one second with identical text
 *   (more than Tier 2's three log reads); two causes of one category in the same millisecond.
 *
 * It was written without reading the engine (functions/diagnosis/): every expectation follows from
 * what the upstream message means, from DESIGN §2 and §4.8, and from the product's documented
 * decisions (docs/procedure.md, docs/tier2.md: a liveness-probe kill explains the 137 and is
 * CRASH_APP_ERROR, as in fixtures/scenarios/tier2-137-liveness-probe-kills). Every message text is an
 * upstream format, cited next to the helper that writes it and in the case's `citation`.
 */
import type { CasePlan, PodEventPlan, ReplicaPlan, StampForm } from './buildHeldOutCase.js';
import { assembleHeldOutCase, type HeldOutCaseParts, type HeldOutFramework } from './assembleHeldOutCase.js';
import { clockAt } from './clockAt.js';
import { ERROR_1, endReplica } from './endReplica.js';
import { podEvent } from './eventAndConditionPlans.js';
import { heldOutShape, rosterReplicas, v1Common, v1Compute, type HeldOutMember, type HeldOutShape } from './heldOutShape.js';
import { pythonTraceback } from './pythonTraceback.js';

/** Upstream sources of the message formats this set uses. */
const CITE = {
  // _monitor_processes: log.error(f'Rank {global_rank} crashed with exit code {process.returncode}.');
  // _print_process_exit_status: f'Global rank {global_rank} (PID {process.pid}) exited with code {process.returncode}';
  // _cleanup_processes: 'Killing global rank %s (PID %s) with SIGTERM', 'Waiting up to 30 seconds for all training processes to terminate. …';
  // _aggregate_process_returncode: 'Global rank %s (PID %s) exited with code %s', and main() returns that code to sys.exit
  composerLauncher: 'https://github.com/mosaicml/composer/blob/dev/composer/cli/launcher.py',
  // Composer's default ConsoleLogger line "[batch=N/M]:" and its indented metrics
  composerConsole: 'https://github.com/mosaicml/composer/blob/dev/composer/loggers/console_logger.py',
  // save_checkpoint writes the state dict (torch.save) then the tarball of the checkpoint folder
  composerCheckpoint: 'https://github.com/mosaicml/composer/blob/dev/composer/utils/checkpoint.py',
  // c10::str(logPrefix(), "Watchdog caught collective operation timeout: ", *this, " ran for ", …, " milliseconds before timing out.")
  ncclWatchdog: 'https://github.com/pytorch/pytorch/blob/main/torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp',
  trainingOperatorFailed: 'https://github.com/kubeflow/training-operator/blob/master/pkg/controller.v1/pytorch/pytorchjob_controller.go',
  // "PaddleJob %s is failed because %d %s replica(s) failed." (reason PaddleJobFailed), pods <job>-worker-<n>, container "paddle"
  paddleJobController: 'https://github.com/kubeflow/training-operator/blob/master/pkg/controller.v1/paddlepaddle/paddlepaddle_controller.go',
  // watch(): logger.info("Pod {}".format(status)); logger.error("Container failed !!!\n{}".format(fc[0])); "------------------------- ERROR LOG DETAIL -------------------------";
  // finalize(): "Exit code {}"; signal_handler(): "Terminating with signal {}", "Exit with signal {}", sys.exit(sigint)
  paddleController: 'https://github.com/PaddlePaddle/Paddle/blob/develop/python/paddle/distributed/launch/controllers/controller.py',
  // Container.__str__: f'Container rank {self._rank} status {self.status} cmd {self._entrypoint} code {self.exit_code} log {self.errfile}'
  paddleContainer: 'https://github.com/PaddlePaddle/Paddle/blob/develop/python/paddle/distributed/launch/job/container.py',
  // the launcher's logger: "%(name)s %(levelname)s %(asctime)s %(message)s" under the name LAUNCH
  paddleContext: 'https://github.com/PaddlePaddle/Paddle/blob/develop/python/paddle/distributed/launch/context/__init__.py',
  // paddle.save pickles the state dict into the opened file
  paddleSave: 'https://github.com/PaddlePaddle/Paddle/blob/develop/python/paddle/framework/io.py',
  // Paddle's enforce text "(InvalidArgument) … (at /paddle/paddle/fluid/pybind/eager_utils.cc:N)"
  paddleEagerUtils: 'https://github.com/PaddlePaddle/Paddle/blob/develop/paddle/fluid/pybind/eager_utils.cc',
  // LeaderWorkerSet pods: leader <name>-<group>, workers <name>-<group>-<index>
  lwsPodNames: 'https://github.com/kubernetes-sigs/lws/blob/main/pkg/controllers/pod_controller.go',
  // vLLM's multi-node LWS example: the leader starts the Ray head then the API server; workers run `ray start --address=… --block`
  vllmLws: 'https://github.com/vllm-project/vllm/blob/main/examples/online_serving/multi-node-serving.sh',
  // "Some Ray subprocesses exited unexpectedly:" / "{process_type} [exit code=N]" / "Remaining processes will be killed." then exit 1
  rayStartBlock: 'https://github.com/ray-project/ray/blob/master/python/ray/scripts/scripts.py',
  // "No available shared memory broadcast block found in 60 seconds. This typically happens when some processes are hanging or doing some time-consuming work (e.g. compilation…)"
  vllmShmBroadcast: 'https://github.com/vllm-project/vllm/blob/main/vllm/distributed/device_communicators/shm_broadcast.py',
  // "The model's max seq len (%d) is larger than the maximum number of tokens that can be stored in KV cache (%d). Try increasing `gpu_memory_utilization` or decreasing `max_model_len` when initializing the engine."
  vllmKvCache: 'https://github.com/vllm-project/vllm/blob/main/vllm/v1/core/kv_cache_utils.py',
  // kubelet prober: recordContainerEvent(…, Warning, "Unhealthy", "%s probe failed: %s", probeType, output)
  kubeletProber: 'https://github.com/kubernetes/kubernetes/blob/master/pkg/kubelet/prober/prober.go',
  // computePodActions: message = "Container %s failed liveness probe"; only `if restart` (the restart policy allows one) is
  // ", will be restarted" appended — under restartPolicy Never the Killing event says only "Container … failed liveness probe"
  kubeletKill: 'https://github.com/kubernetes/kubernetes/blob/master/pkg/kubelet/kuberuntime/kuberuntime_manager.go',
  // Go net/http client timeout text: "context deadline exceeded (Client.Timeout exceeded while awaiting headers)"
  goHttpClient: 'https://github.com/golang/go/blob/master/src/net/http/client.go',
  // errno 28 ENOSPC, strerror "No space left on device", raised by Python as OSError
  pythonExceptions: 'https://docs.python.org/3/library/exceptions.html',
  pythonTraceback: 'https://docs.python.org/3/library/traceback.html',
  // What a liveness probe is for: the kubelet restarts (or, under restartPolicy Never, only kills) a container it judges wedged.
  // The product's documented reading (docs/tier2.md, fixtures/scenarios/tier2-137-liveness-probe-kills): a liveness kill is CRASH_APP_ERROR.
  livenessDecision: 'https://kubernetes.io/docs/tasks/configure-pod-container/configure-liveness-readiness-startup-probes/',
} as const;

type Ordering = CasePlan['ordering'];
type FrameworkKey = 'composer' | 'vllm-lws' | 'paddle';
type Shape = HeldOutShape<FrameworkKey>;

const IMAGES: Record<FrameworkKey, string> = {
  composer: 'registry.example.com/llm/composer-mpt:0.29.0-cu124',
  'vllm-lws': 'registry.example.com/serving/vllm-openai:0.9.2',
  paddle: 'registry.example.com/nlp/paddle-ernie:3.1.0-gpu-cuda12.6',
};

/**
 * Pod naming per controller: training-operator `<job>-master-0` / `<job>-worker-<n>` (Composer on a
 * PyTorchJob, container `pytorch`), `<job>-worker-<n>` only (a collective PaddleJob, container
 * `paddle`), LeaderWorkerSet `<name>-0` / `<name>-0-<n>` (vLLM, containers `vllm-leader` / `vllm-worker`).
 */
function members(shape: Shape): HeldOutMember[] {
  const { name, workers } = shape;
  const range = (count: number) => Array.from({ length: count }, (_, index) => index);
  switch (shape.framework) {
    case 'composer':
      return [
        { pod: `${name}-master-0`, container: 'pytorch', role: 'Master' },
        ...range(workers).map((rank) => ({ pod: `${name}-worker-${rank}`, container: 'pytorch', role: 'Worker' })),
      ];
    case 'paddle':
      return range(workers).map((rank) => ({ pod: `${name}-worker-${rank}`, container: 'paddle', role: 'Worker' }));
    case 'vllm-lws':
      return [
        { pod: `${name}-0`, container: 'vllm-leader', role: 'Leader' },
        ...range(workers).map((rank) => ({ pod: `${name}-0-${rank + 1}`, container: 'vllm-worker', role: 'Worker' })),
      ];
  }
}

const RUNAI_TYPE: Record<FrameworkKey, string> = { composer: 'Distributed', paddle: 'PaddleJob', 'vllm-lws': 'distributed-inference' };

/** The controller's job-level failure message (training-operator); LWS writes none. */
function failedMessage(shape: Shape, role: string): { reason: string; message: string } | null {
  if (shape.framework === 'composer') return { reason: 'PyTorchJobFailed', message: `PyTorchJob ${shape.name} is failed because 1 ${role} replica(s) failed.` };
  if (shape.framework === 'paddle') return { reason: 'PaddleJobFailed', message: `PaddleJob ${shape.name} is failed because 1 ${role} replica(s) failed.` };
  return null;
}

const replicasOf = (shape: Shape): ReplicaPlan[] => rosterReplicas(shape, members(shape), IMAGES[shape.framework], 71);

function specOf(shape: Shape, restartPolicy: string): CasePlan['spec'] {
  const compute = v1Compute(shape);
  const image = IMAGES[shape.framework];
  const common = v1Common(shape);
  if (shape.framework === 'vllm-lws') {
    const size = shape.workers + 1;
    return {
      kind: 'v1',
      body: {
        ...common,
        spec: {
          category: 'Deploy',
          restartPolicy,
          workers: shape.workers,
          replicas: 1,
          servingPort: { port: 8080, protocol: 'http' },
          leader: {
            image,
            command: 'bash',
            args: `-c "bash /vllm-workspace/examples/online_serving/multi-node-serving.sh leader --ray_cluster_size=${size}; python3 -m vllm.entrypoints.openai.api_server --port 8080 --model /models/llama-3.1-405b-instruct --tensor-parallel-size 8 --pipeline-parallel-size ${size}"`,
            compute,
          },
          worker: {
            image,
            command: 'bash',
            args: '-c "bash /vllm-workspace/examples/online_serving/multi-node-serving.sh worker --ray_address=$(LWS_LEADER_ADDRESS)"',
            compute,
          },
        },
      },
    };
  }
  if (shape.framework === 'paddle') {
    const manifest = {
      apiVersion: 'kubeflow.org/v1',
      kind: 'PaddleJob',
      metadata: { name: shape.name, namespace: `runai-${shape.project}` },
      spec: {
        runPolicy: { cleanPodPolicy: 'Running', backoffLimit: 0 },
        paddleReplicaSpecs: {
          Worker: {
            replicas: shape.workers,
            restartPolicy: 'Never',
            template: {
              spec: {
                containers: [
                  {
                    name: 'paddle',
                    image,
                    command: ['python', '-m', 'paddle.distributed.launch', '--nproc_per_node=8', 'train.py', '--config', 'configs/ernie_sft.yaml'],
                    resources: {
                      requests: { memory: shape.memory.request, 'nvidia.com/gpu': String(shape.gpus) },
                      limits: { memory: shape.memory.limit, 'nvidia.com/gpu': String(shape.gpus) },
                    },
                  },
                ],
              },
            },
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
            gvk: { group: 'kubeflow.org', version: 'v1', kind: 'PaddleJob' },
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
  const submitted = {
    image,
    command:
      'composer -n 8 --world_size $(WORLD_SIZE_GPUS) --node_rank $(RANK) --master_addr $(MASTER_ADDR) --master_port $(MASTER_PORT) /app/train.py /app/yamls/mpt-30b.yaml',
    imagePullPolicy: 'IfNotPresent',
    restartPolicy,
    compute,
    backoffLimit: 0,
  };
  return {
    kind: 'v1',
    body: {
      ...common,
      spec: { ...submitted, distributedFramework: 'PyTorch', numWorkers: shape.workers },
      masterSpec: submitted,
      masterSpecSameAsWorker: false,
    },
  };
}

function frameworkOf(shape: Shape): HeldOutFramework {
  return {
    roster: members(shape),
    failedMessage: (role) => failedMessage(shape, role),
    runaiType: RUNAI_TYPE[shape.framework],
    distributedFramework: shape.framework === 'composer' ? 'PyTorch' : null,
    workloadsV2: shape.framework === 'paddle',
    spec: (restartPolicy) => specOf(shape, restartPolicy),
    citations: {
      composer: [CITE.trainingOperatorFailed, CITE.composerLauncher],
      paddle: [CITE.paddleJobController, CITE.paddleController],
      'vllm-lws': [CITE.lwsPodNames, CITE.vllmLws],
    }[shape.framework],
  };
}

const assemble = (shape: Shape, parts: HeldOutCaseParts): CasePlan => assembleHeldOutCase(shape, frameworkOf(shape), parts);
const at = (pod: ReplicaPlan, needles: string[]) => ({ pod: pod.pod, node: pod.node, signalIncludes: needles });

/** The pod IP the kubelet probes (the same address rule as buildHeldOutCase's pod listing). */
const podIp = (replicas: ReplicaPlan[], pod: ReplicaPlan) => {
  const index = replicas.indexOf(pod);
  return `10.244.${(index * 7 + 11) % 250}.${(index * 13 + 21) % 250}`;
};

// ---- message formats (each cited at its source in CITE) ----------------------------------

/** 128 + SIGTERM / SIGKILL, and the exits this set's launchers produce on their own. */
const SIGTERM_143 = { code: 143, reason: 'Error' } as const;
const SIGKILL_137 = { code: 137, reason: 'Error' } as const;
/** CITE.paddleController: signal_handler → sys.exit(15). */
const PADDLE_EXIT_15 = { code: 15, reason: 'Error' } as const;
/** CITE.composerLauncher: sys.exit(-6) for a rank that died of SIGABRT → 250. */
const COMPOSER_EXIT_250 = { code: 250, reason: 'Error' } as const;

/** CITE.composerConsole: the progress lines a healthy rank 0 of a node prints. */
const composerProgress = (batch: number) => [
  `[batch=${batch}/60000]:`,
  `\t Train time/batch: ${batch}`,
  `\t Train loss/train/total: 1.${(batch % 9000) + 1000}`,
];

/** CITE.composerLauncher: what the launcher of one node prints once its local rank 0 (global `rank`) exited with `code`. */
const composerCrashed = (rank: number, pid: number, code: number) => [
  `ERROR:composer.cli.launcher:Rank ${rank} crashed with exit code ${code}.`,
  ...[1, 2, 3].map((local) => `INFO:composer.cli.launcher:Killing global rank ${rank + local} (PID ${pid + local}) with SIGTERM`),
  'Waiting up to 30 seconds for all training processes to terminate. Press Ctrl-C to exit immediately.',
  `Global rank ${rank} (PID ${pid}) exited with code ${code}`,
  `ERROR:composer.cli.launcher:Global rank ${rank} (PID ${pid}) exited with code ${code}`,
];

const WATCHDOG = 'Watchdog caught collective operation timeout';
/**
 * CITE.ncclWatchdog + CITE.composerLauncher: a peer's local rank 0 waited out the job's process-group
 * timeout (600 s, Composer's `dist_timeout`) and the watchdog aborted it (SIGABRT, -6); the launcher
 * reports it and exits with -6, which the shell sees as 250.
 */
const composerWatchdogPeer = (rank: number, ago: number, seq: number) => {
  const stamp = `E1203 ${clockAt(ago)}.218406117`;
  const work = `WorkNCCL(SeqNum=${seq}, OpType=ALLREDUCE, NumelIn=16777216, NumelOut=16777216, Timeout(ms)=600000) ran for ${600000 + 23 + (rank % 7)} milliseconds before timing out.`;
  return [
    ...composerProgress(41200),
    `[${stamp} ProcessGroupNCCL.cpp:632] [Rank ${rank}] ${WATCHDOG}: ${work}`,
    `[${stamp} ProcessGroupNCCL.cpp:1709] [PG ID 0 PG GUID 0(default_pg) Rank ${rank}] Process group watchdog thread terminated with exception: [Rank ${rank}] ${WATCHDOG}: ${work}`,
    "terminate called after throwing an instance of 'c10::DistBackendError'",
    ...composerCrashed(rank, 6100 + rank, -6),
  ];
};

/**
 * CITE.kubeletProber + CITE.kubeletKill: three failed liveness probes (period 60 s) and the kill. The
 * pods run under restartPolicy Never, so the Killing event has no ", will be restarted".
 */
const livenessEvents = (container: string, output: (before: number) => string, killAgo: number, stamp: StampForm = 'iso'): PodEventPlan[] =>
  [
    ...[120, 60, 0].map((before) => podEvent('Unhealthy', `Liveness probe failed: ${output(before)}`, 'kubelet', killAgo + before)),
    podEvent('Killing', `Container ${container} failed liveness probe`, 'kubelet', killAgo, 'Normal'),
  ].map((event) => ({ ...event, stamp }));
const LIVENESS_LINE = 'Liveness probe failed';
const LIVENESS_KILL = 'failed liveness probe';
const LIVENESS_NEEDLES = ['liveness', 'Unhealthy', 'Killing'];

/** The probe outputs: a user's exec probe on a heartbeat file, and the Go HTTP client's timeout (CITE.goHttpClient). */
const staleHeartbeat = (step: number, seconds: number) => `stale heartbeat: last step ${step} finished ${seconds} s ago`;
const httpTimeout = (ip: string, port: number, path: string) =>
  `Get "http://${ip}:${port}${path}": context deadline exceeded (Client.Timeout exceeded while awaiting headers)`;

/** CITE.paddleContext: the launcher's log prefix. */
const launchLog = (level: 'INFO' | 'ERROR', ago: number, ms: number, message: string) =>
  `LAUNCH ${level} 2026-12-03 ${clockAt(ago)},${String(ms).padStart(3, '0')} ${message}`;
const PADDLE_TERMINATED = 'Terminating with signal 15';
/** CITE.paddleController: a launcher told to stop (SIGTERM) by the operator or the kubelet. */
const paddleTerminated = (ago: number) => [launchLog('INFO', ago, 14, PADDLE_TERMINATED), launchLog('INFO', ago, 902, 'Exit with signal 15')];
/** CITE.paddleController + CITE.paddleContainer: a local rank failed; the launcher prints its log tail and exits with its code. */
const paddleContainerFailed = (rank: number, ago: number, tail: string[]) => [
  launchLog('INFO', ago, 118, 'Pod failed'),
  launchLog('ERROR', ago, 118, 'Container failed !!!'),
  `Container rank ${rank} status failed cmd ['/usr/bin/python', '-u', 'train.py', '--config', 'configs/ernie_sft.yaml'] code 1 log log/workerlog.${rank % 8}`,
  launchLog('INFO', ago, 119, '------------------------- ERROR LOG DETAIL -------------------------'),
  ...tail,
  launchLog('INFO', ago - 3, 402, 'Exit code 1'),
];

/** CITE.rayStartBlock: a worker's `ray start --block` once its raylet lost the GCS on the leader. */
const RAY_EXITED = 'Some Ray subprocesses exited unexpectedly:';
const rayWorkerExit = (ip: string) => [
  `Local node IP: ${ip}`,
  '--------------------',
  'Ray runtime started.',
  '--------------------',
  '',
  RAY_EXITED,
  '  raylet [exit code=1]',
  '',
  'Remaining processes will be killed.',
];

const ENOSPC = 'OSError: [Errno 28] No space left on device';

// ---- family: liveness-probe-kill (the kubelet kills one replica after its liveness probe failed) --------------

/**
 * One replica hangs (a wedged data loader, a stuck engine step) and its liveness probe fails three
 * times; the kubelet kills the container. Composer: the launcher (PID 1, no SIGTERM handler) dies of
 * SIGTERM (143), the peers' ranks time out in NCCL 600 s after the hang began (the launcher exits 250).
 * Paddle: the launcher handles SIGTERM and exits 15 with `Terminating with signal 15` — the same
 * text and code as every peer the operator stops 0.6–0.9 s later (cleanPodPolicy Running). vLLM: the
 * leader's shell ignores SIGTERM, the kubelet kills it 30 s later (137), the workers' raylets lose the
 * GCS and `ray start --block` exits 1 about 60 s after that.
 */
function livenessCase(shape: Shape, originAt: number, ordering: Ordering, tier2: boolean): CasePlan {
  const replicas = replicasOf(shape);
  const origin = replicas[originAt]!;
  const failedAgo = 3000 + originAt * 20;
  const killAgo = failedAgo + (shape.framework === 'paddle' ? 5 : shape.framework === 'vllm-lws' ? 140 : 420);
  let collateral = 0;
  let output: (before: number) => string;
  let originExit: ReplicaPlan['exit'];
  let originLogs: string[];
  let originAgo = killAgo;
  if (shape.framework === 'composer') {
    output = (before) => staleHeartbeat(41200, 300 + originAt - before);
    originExit = SIGTERM_143;
    originLogs = composerProgress(41200);
    replicas.forEach((replica, index) => {
      if (replica === origin) return;
      collateral += 1;
      // The hang began ~300 s before the kill; the peers' 600 s timeout fires ~300 s after it.
      const ago = killAgo - 300 - (index % 3);
      endReplica(replica, ago, 'Error', tier2, COMPOSER_EXIT_250, composerWatchdogPeer(index * 8, ago, 48210 + index));
    });
  } else if (shape.framework === 'paddle') {
    output = (before) => staleHeartbeat(9100, 600 + originAt - before);
    originExit = PADDLE_EXIT_15;
    originAgo = killAgo - 0.5;
    originLogs = paddleTerminated(originAgo);
    for (const replica of replicas) replica.stamp = 'ms';
    replicas.forEach((replica, index) => {
      if (replica === origin) return;
      collateral += 1;
      const ago = originAgo - 0.6 - (index % 4) * 0.1;
      endReplica(replica, ago, 'Error', tier2, PADDLE_EXIT_15, paddleTerminated(ago));
    });
  } else {
    output = () => httpTimeout(podIp(replicas, origin), 8080, '/health');
    originExit = SIGKILL_137;
    originAgo = killAgo - 30;
    originLogs = [
      `INFO 12-03 ${clockAt(killAgo + 200)} [loggers.py:118] Engine 000: Avg prompt throughput: 8123.4 tokens/s, Avg generation throughput: 911.2 tokens/s, Running: 61 reqs, Waiting: 4 reqs, GPU KV cache usage: 71.2%, Prefix cache hit rate: 38.0%`,
      ...[180, 120, 60].map(
        (before) =>
          `INFO 12-03 ${clockAt(killAgo + before - 50)} [shm_broadcast.py:466] No available shared memory broadcast block found in 60 seconds. This typically happens when some processes are hanging or doing some time-consuming work (e.g. compilation).`,
      ),
    ];
    replicas.forEach((replica, index) => {
      if (replica === origin) return;
      collateral += 1;
      const ago = originAgo - 60 - (index % 3);
      endReplica(replica, ago, 'Error', tier2, ERROR_1, rayWorkerExit(podIp(replicas, replica)));
    });
  }
  endReplica(origin, originAgo, 'Error', tier2, originExit, originLogs);
  origin.events = livenessEvents(origin.container, output, killAgo);
  const how = {
    composer: 'the launcher dies of SIGTERM (143); the other pods\u2019 ranks hit the NCCL watchdog 300 s later (Composer launcher exit 250)',
    paddle: 'its launcher logs "Terminating with signal 15" and exits 15, like every peer the operator stops 0.6–0.9 s later',
    'vllm-lws': 'the leader is killed 30 s later (137); the workers\u2019 `ray start --block` exits 1 about 60 s after that',
  }[shape.framework];
  return assemble(shape, {
    name: `liveness-probe-kill-${shape.framework}-${ordering}-${tier2 ? 'tier2' : 'tier1'}`,
    family: 'liveness-probe-kill',
    ordering,
    tier2,
    description: `The liveness probe of ${origin.pod} fails three times ("${output(0)}") and the kubelet kills ${origin.container}: ${how}.`,
    replicas,
    originPod: origin.pod,
    failedAgo,
    expectation: {
      category: 'CRASH_APP_ERROR',
      origin: at(origin, LIVENESS_NEEDLES),
      collateralAtLeast: collateral,
      quotedLine: LIVENESS_LINE,
      quotedLineAlternatives: [LIVENESS_KILL],
      limitationWhenNoOrigin: false,
      citation: [
        CITE.kubeletProber,
        CITE.kubeletKill,
        CITE.livenessDecision,
        ...(shape.framework === 'composer'
          ? [CITE.composerConsole, CITE.ncclWatchdog]
          : shape.framework === 'paddle'
            ? [CITE.paddleContext]
            : [CITE.goHttpClient, CITE.vllmShmBroadcast, CITE.rayStartBlock]),
      ],
      note:
        'The kubelet killed this replica because the workload\u2019s own liveness probe failed (Unhealthy ×3, then Killing "Container … failed liveness probe"): the product\u2019s documented reading of a liveness kill is CRASH_APP_ERROR (docs/tier2.md; fixtures/scenarios/tier2-137-liveness-probe-kills) \u2014 the process hung or the probe is wrong, both the workload\u2019s to fix. ' +
        {
          composer:
            'The other pods only report the NCCL watchdog 300 s later (their 600 s process-group timeout, SIGABRT, launcher exit 250): consequences, collateral.',
          paddle:
            'The killed launcher\u2019s own log ("Terminating with signal 15", exit 15) is word for word what every peer writes when the operator stops it 0.6\u20130.9 s later: only the probe events and the sub-second end tell the origin; the peers are collateral.',
          'vllm-lws':
            'The leader ran the Ray head and the engine; its shell ignored SIGTERM, so it ended at the grace period (137). The workers\u2019 raylets lost the GCS and `ray start --block` ended with "Some Ray subprocesses exited unexpectedly": consequences, collateral.',
        }[shape.framework],
    },
  });
}

// ---- family: checkpoint-enospc (one rank's checkpoint write finds the volume full) -------------------------

function enospcCase(shape: Shape, originAt: number, ordering: Ordering): CasePlan {
  const replicas = replicasOf(shape);
  const origin = replicas[originAt]!;
  const failedAgo = 2600 + originAt * 15;
  let collateral = 0;
  let originAgo: number;
  if (shape.framework === 'composer') {
    originAgo = failedAgo + 620;
    const rank = originAt * 8;
    const frames: [string, number, string, string][] = [
      ['/app/train.py', 248, 'main', 'trainer.fit()'],
      ['/usr/local/lib/python3.11/site-packages/composer/callbacks/checkpoint_saver.py', 385, '_save_checkpoint', 'saved_path = checkpoint.save_checkpoint('],
      ['/usr/local/lib/python3.11/site-packages/composer/utils/checkpoint.py', 1144, '_write_checkpoint_file', 'torch.save(state_dict, f)'],
      ['/usr/local/lib/python3.11/site-packages/torch/serialization.py', 965, 'save', '_save('],
    ];
    endReplica(origin, originAgo, 'Error', true, ERROR_1, [
      ...composerProgress(38000),
      ...pythonTraceback(frames, ENOSPC),
      ...composerCrashed(rank, 6100 + rank, 1),
    ]);
    replicas.forEach((replica, index) => {
      if (replica === origin) return;
      collateral += 1;
      const ago = originAgo - 600 - (index % 3);
      endReplica(replica, ago, 'Error', true, COMPOSER_EXIT_250, composerWatchdogPeer(index * 8, ago, 45000 + index));
    });
  } else {
    originAgo = failedAgo + 4;
    const rank = originAt * 8 + 3;
    const frames: [string, number, string, string][] = [
      ['train.py', 212, '<module>', 'paddle.save(model.state_dict(), f"/ckpt/step_{step}/model_state.pdparams")'],
      ['/usr/local/lib/python3.10/dist-packages/paddle/framework/io.py', 897, 'save', '_legacy_save(obj, path, protocol)'],
      ['/usr/local/lib/python3.10/dist-packages/paddle/framework/io.py', 985, '_legacy_save', 'f.write(pickle_bytes)'],
    ];
    for (const replica of replicas) replica.stamp = 'ms';
    endReplica(origin, originAgo, 'Error', true, ERROR_1, paddleContainerFailed(rank, originAgo, pythonTraceback(frames, ENOSPC)));
    replicas.forEach((replica, index) => {
      if (replica === origin) return;
      collateral += 1;
      const ago = originAgo - 0.7 - (index % 3) * 0.1;
      endReplica(replica, ago, 'Error', true, PADDLE_EXIT_15, paddleTerminated(ago));
    });
  }
  return assemble(shape, {
    name: `checkpoint-enospc-${shape.framework}-${ordering}-tier2`,
    family: 'checkpoint-enospc',
    ordering,
    tier2: true,
    description: `${origin.pod}'s checkpoint write fails with "${ENOSPC}"; ${
      shape.framework === 'composer'
        ? 'the other pods hit the NCCL watchdog 600 s later (launcher exit 250)'
        : 'the operator stops the other pods 0.7–0.9 s later (exit 15)'
    }.`,
    replicas,
    originPod: origin.pod,
    failedAgo,
    expectation: {
      category: 'CRASH_APP_ERROR',
      origin: at(origin, ['No space left on device', 'Errno 28', 'OSError', 'exit code 1', 'exit 1']),
      collateralAtLeast: collateral,
      quotedLine: ENOSPC,
      limitationWhenNoOrigin: false,
      citation: [
        CITE.pythonExceptions,
        CITE.pythonTraceback,
        ...(shape.framework === 'composer'
          ? [CITE.composerCheckpoint, CITE.composerLauncher, CITE.ncclWatchdog]
          : [CITE.paddleSave, CITE.paddleContainer, CITE.paddleContext]),
      ],
      note: `The rank's own write to its mounted checkpoint volume failed (ENOSPC, "No space left on device"): the volume was mounted and writable, the workload filled it \u2014 CRASH_APP_ERROR as the fourth set decided for a checkpoint write that fails (Disk quota exceeded), not a mount failure and not the node's disk (no DiskPressure, no eviction). ${
        shape.framework === 'composer'
          ? 'The other pods only report the NCCL watchdog 600 s later (SIGABRT, launcher exit 250): collateral.'
          : 'The other pods were stopped by the operator (cleanPodPolicy Running) and wrote "Terminating with signal 15", exit 15: collateral, told by the text, not by the exit code alone.'
      }`,
    },
  });
}

// ---- family: sync-late-subsecond (Run:ai records the origin's end 20 s late; its container ended 0.4 s first) ---

function syncLateCase(shape: Shape, originAt: number, ordering: Ordering): CasePlan {
  const replicas = replicasOf(shape);
  const origin = replicas[originAt]!;
  const failedAgo = 2200 + originAt * 10;
  const originAgo = failedAgo + 3.31;
  const rank = originAt * 8 + 6;
  const last =
    "ValueError: (InvalidArgument) concat(): argument 'x' (position 0) must be list of Tensors, but got empty list (at /paddle/paddle/fluid/pybind/eager_utils.cc:1393)";
  for (const replica of replicas) replica.stamp = 'ms';
  const frames: [string, number, string, string][] = [
    ['train.py', 167, '<module>', 'logits = model(**batch)'],
    ['/app/ernie/modeling.py', 152, 'wrapper', 'return paddle.concat(outs, out_idx)'],
    ['/usr/local/lib/python3.10/dist-packages/paddle/tensor/manipulation.py', 1408, 'concat', 'return _C_ops.concat(input, axis)'],
  ];
  endReplica(origin, originAgo, 'Error', true, ERROR_1, paddleContainerFailed(rank, originAgo, pythonTraceback(frames, last)));
  // Run:ai's record of the origin's end arrives 20 s after the container ended (a late cluster sync).
  origin.runaiEndedAgo = originAgo - 20;
  let collateral = 0;
  replicas.forEach((replica, index) => {
    if (replica === origin) return;
    collateral += 1;
    const ago = originAgo - 0.4 - (index % 3) * 0.1;
    endReplica(replica, ago, 'Error', true, PADDLE_EXIT_15, paddleTerminated(ago));
  });
  return assemble(shape, {
    name: `sync-late-subsecond-${shape.framework}-${ordering}-tier2`,
    family: 'sync-late-subsecond',
    ordering,
    tier2: true,
    description: `${origin.pod}'s rank ${rank} raises Paddle's InvalidArgument ValueError; its container ends 0.4–0.6 s before the peers the operator stops (exit 15), but Run:ai's completedAt for it is 20 s LATER than theirs.`,
    replicas,
    originPod: origin.pod,
    failedAgo,
    expectation: {
      category: 'CRASH_APP_ERROR',
      origin: at(origin, ['InvalidArgument', 'ValueError', 'Container failed', 'exit code 1', 'exit 1']),
      collateralAtLeast: collateral,
      quotedLine: "ValueError: (InvalidArgument) concat(): argument 'x' (position 0) must be list of Tensors, but got empty list",
      limitationWhenNoOrigin: false,
      citation: [CITE.paddleEagerUtils, CITE.paddleContainer, CITE.paddleContext, CITE.pythonTraceback],
      note: 'Two clocks disagree about one replica: Run:ai\u2019s pod completedAt for the origin is 20 s after its peers\u2019 (the cluster synced it late), while Kubernetes\u2019 finishedAt of its container is 0.4\u20130.6 s before every peer\u2019s. The container that ended first with an exception of its own is where the failure started (DESIGN §4.8: the earliest termination); its peers say only "Terminating with signal 15" (stopped by the operator, exit 15): collateral. A reader that trusts Run:ai\u2019s completedAt alone names a peer.',
    },
  });
}

// ---- family: lws-raylet-collateral (the vLLM leader fails on its own; the workers' raylets follow) -----------

function lwsLeaderCase(shape: Shape, ordering: Ordering): CasePlan {
  const replicas = replicasOf(shape);
  const leader = replicas[0]!;
  const failedAgo = 1900;
  const leaderAgo = failedAgo + 75;
  const kv =
    "ValueError: The model's max seq len (131072) is larger than the maximum number of tokens that can be stored in KV cache (61440). Try increasing `gpu_memory_utilization` or decreasing `max_model_len` when initializing the engine.";
  endReplica(leader, leaderAgo, 'Error', true, ERROR_1, [
    `INFO 12-03 ${clockAt(leaderAgo + 40)} [ray_distributed_executor.py:180] use_ray_spmd_worker: True`,
    `INFO 12-03 ${clockAt(leaderAgo + 6)} [kv_cache_utils.py:716] GPU KV cache size: 61,440 tokens`,
    ...pythonTraceback(
      [
        ['/usr/local/lib/python3.12/dist-packages/vllm/v1/engine/core.py', 82, '__init__', 'self._initialize_kv_caches(vllm_config)'],
        ['/usr/local/lib/python3.12/dist-packages/vllm/v1/core/kv_cache_utils.py', 566, 'check_enough_kv_cache_memory', 'raise ValueError('],
      ],
      kv,
    ),
  ]);
  let collateral = 0;
  replicas.forEach((replica, index) => {
    if (replica === leader) return;
    collateral += 1;
    const ago = leaderAgo - 62 - (index % 3);
    endReplica(replica, ago, 'Error', true, ERROR_1, rayWorkerExit(podIp(replicas, replica)));
  });
  return assemble(shape, {
    name: `lws-raylet-collateral-${shape.framework}-${ordering}-tier2`,
    family: 'lws-raylet-collateral',
    ordering,
    tier2: true,
    description: `vLLM's engine on the LWS leader ${leader.pod} refuses to start ("The model's max seq len (131072) is larger than the maximum number of tokens that can be stored in KV cache (61440)") and exits 1; the ${collateral} workers' \`ray start --block\` exits 1 about 62 s later ("Some Ray subprocesses exited unexpectedly").`,
    replicas,
    originPod: leader.pod,
    failedAgo,
    expectation: {
      category: 'CRASH_APP_ERROR',
      origin: at(leader, ['max seq len', 'KV cache', 'ValueError', 'exit code 1', 'exit 1']),
      collateralAtLeast: collateral,
      quotedLine: "The model's max seq len (131072) is larger than the maximum number of tokens that can be stored in KV cache (61440)",
      limitationWhenNoOrigin: false,
      citation: [CITE.vllmKvCache, CITE.rayStartBlock, CITE.pythonTraceback],
      note: 'The leader\u2019s engine raised a configuration error of the workload (max_model_len larger than the KV cache the GPUs hold): CRASH_APP_ERROR. Every worker pod only ran a Ray raylet; once the leader (the Ray head, its GCS) was gone, `ray start --block` reported "Some Ray subprocesses exited unexpectedly: raylet [exit code=1]" and exited 1 (Ray\u2019s own exit, exit 1 like the leader): consequences, collateral. Same exit code everywhere; only the text and the order tell.',
    },
  });
}

// ---- family: tied-identical-many (six to nine replicas, one second, one text) -------------------------------

function tiedCase(shape: Shape): CasePlan {
  const replicas = replicasOf(shape);
  const base = 1500;
  let line: string;
  let note: string;
  let citation: string[];
  for (const replica of replicas) replica.stamp = 'ms';
  if (shape.framework === 'composer') {
    replicas.forEach((replica, index) => {
      const ago = base + 0.05 + (index % 5) * 0.1;
      endReplica(replica, ago, 'Error', true, COMPOSER_EXIT_250, composerWatchdogPeer(index * 8, ago, 51000));
    });
    line = WATCHDOG;
    citation = [CITE.ncclWatchdog, CITE.composerLauncher];
    note = `All ${replicas.length} pods end within one second, each with the same NCCL watchdog timeout on the same collective (SeqNum 51000) and the launcher's exit 250: a collective that hung everywhere, whose cause no replica shows. More replicas are tied than Tier 2 reads logs for; none is earlier by more than the others' spread. UNKNOWN, origin null with a limitation, never the first of equals nor a vote.`;
  } else {
    replicas.forEach((replica, index) => {
      const ago = base + 0.05 + (index % 5) * 0.1;
      endReplica(replica, ago, 'Error', true, PADDLE_EXIT_15, paddleTerminated(ago));
    });
    line = PADDLE_TERMINATED;
    citation = [CITE.paddleController, CITE.paddleContext];
    note = `All ${replicas.length} launchers were told to stop (SIGTERM) within one second and wrote "Terminating with signal 15", exit 15; no probe event, no exception, no node condition says who or why. UNKNOWN, origin null with a limitation.`;
  }
  return assemble(shape, {
    name: `tied-identical-many-${shape.framework}-${replicas.length}-tier2`,
    family: 'tied-identical-many',
    ordering: 'no-origin',
    tier2: true,
    description: `${replicas.length} replicas end within one second with the same text (${line}); none shows a cause.`,
    replicas,
    originPod: null,
    failedAgo: base - 10,
    expectation: {
      category: 'UNKNOWN',
      origin: null,
      collateralAtLeast: 0,
      quotedLine: line,
      quotedLineAlternatives: [shape.framework === 'composer' ? 'exited with code -6' : 'Exit with signal 15'],
      limitationWhenNoOrigin: true,
      citation,
      note,
    },
  });
}

// ---- family: probe-vs-enospc-same-ms (two causes of one category in the same millisecond) ------------------

function sameMsCase(shape: Shape): CasePlan {
  const replicas = replicasOf(shape);
  const instant = 2400.31;
  for (const replica of replicas) replica.stamp = 'ms';
  const a = replicas[1]!;
  const b = replicas[replicas.length - 1]!;
  const output = (before: number) => staleHeartbeat(7700, 361 - before);
  a.events = livenessEvents(a.container, output, instant, 'ms');
  const composer = shape.framework === 'composer';
  const frames: [string, number, string, string][] = composer
    ? [
        ['/app/train.py', 248, 'main', 'trainer.fit()'],
        ['/usr/local/lib/python3.11/site-packages/composer/utils/checkpoint.py', 1144, '_write_checkpoint_file', 'torch.save(state_dict, f)'],
      ]
    : [['/usr/local/lib/python3.10/dist-packages/paddle/framework/io.py', 985, '_legacy_save', 'f.write(pickle_bytes)']];
  const bRank = (replicas.length - 1) * 8;
  if (composer) {
    endReplica(a, instant, 'Error', true, SIGTERM_143, composerProgress(7700));
    endReplica(b, instant, 'Error', true, ERROR_1, [...pythonTraceback(frames, ENOSPC), ...composerCrashed(bRank, 6100 + bRank, 1)]);
  } else {
    endReplica(a, instant, 'Error', true, PADDLE_EXIT_15, paddleTerminated(instant));
    endReplica(b, instant, 'Error', true, ERROR_1, paddleContainerFailed(bRank + 2, instant, pythonTraceback(frames, ENOSPC)));
  }
  replicas.forEach((replica, index) => {
    if (replica === a || replica === b) return;
    if (composer) {
      const ago = instant - 600 - (index % 3);
      endReplica(replica, ago, 'Error', true, COMPOSER_EXIT_250, composerWatchdogPeer(index * 8, ago, 30100));
    } else {
      const ago = instant - 0.8 - (index % 3) * 0.1;
      endReplica(replica, ago, 'Error', true, PADDLE_EXIT_15, paddleTerminated(ago));
    }
  });
  return assemble(shape, {
    name: `probe-vs-enospc-same-ms-${shape.framework}-tier2`,
    family: 'probe-vs-enospc-same-ms',
    ordering: 'no-origin',
    tier2: true,
    description: `In the same millisecond the kubelet kills ${a.pod} after its liveness probe failed and ${b.pod}'s checkpoint write fails with "${ENOSPC}"; the others end later as consequences.`,
    replicas,
    originPod: null,
    failedAgo: instant - (composer ? 610 : 5),
    expectation: {
      category: 'CRASH_APP_ERROR',
      origin: null,
      collateralAtLeast: 0,
      quotedLine: ENOSPC,
      quotedLineAlternatives: [LIVENESS_LINE, LIVENESS_KILL],
      limitationWhenNoOrigin: true,
      citation: [CITE.kubeletProber, CITE.kubeletKill, CITE.livenessDecision, CITE.pythonExceptions, composer ? CITE.composerLauncher : CITE.paddleContainer],
      note: 'Two independent causes end two replicas in the same millisecond: a liveness-probe kill (CRASH_APP_ERROR by the documented decision) and a checkpoint write that found the volume full (CRASH_APP_ERROR). The category is certain, the origin is not: origin null with a limitation (§4.8), either line.',
    },
  });
}

// ---- the set -------------------------------------------------------------------------------------

const shape = heldOutShape<FrameworkKey>;

/** Every case of the seventh held-out set, in a stable order. */
export function heldOut7Cases(): CasePlan[] {
  return [
    // liveness-probe-kill
    livenessCase(shape('mpt-30b-hb', 'composer', 4, 'h100-cp-', 'llm-mpt', 'a.okafor@example.com', ['400Gi', '480Gi'], 8, 9000), 2, 'origin-first', true),
    livenessCase(
      shape('mpt-30b-hb-b', 'composer', 5, 'h100-cp2-', 'llm-mpt-b', 'b.lindgren@example.com', ['400Gi', '480Gi'], 8, 9100),
      4,
      'origin-middle',
      true,
    ),
    livenessCase(shape('mpt-7b-hb', 'composer', 3, 'a100-cp-', 'llm-mpt-c', 'c.haddad@example.com', ['256Gi', '300Gi'], 8, 8900), 0, 'origin-last', true),
    livenessCase(
      shape('mpt-7b-hb-t1', 'composer', 3, 'a100-cp2-', 'llm-mpt-d', 'd.sorensen@example.com', ['256Gi', '300Gi'], 8, 8800),
      1,
      'origin-first',
      false,
    ),
    livenessCase(shape('mpt-13b-hb-t1', 'composer', 4, 'l40s-cp-', 'llm-mpt-e', 'e.vasquez@example.com', ['192Gi', '240Gi'], 8, 8700), 3, 'origin-last', false),
    livenessCase(
      shape('llama405-serve', 'vllm-lws', 1, 'h200-vl-', 'serve-405b', 'f.tanaka@example.com', ['900Gi', '1000Gi'], 8, 7000),
      0,
      'origin-first',
      true,
    ),
    livenessCase(
      shape('llama405-serve-b', 'vllm-lws', 3, 'h100-vl-', 'serve-405b-b', 'g.moreau@example.com', ['900Gi', '1000Gi'], 8, 7100),
      0,
      'origin-middle',
      true,
    ),
    livenessCase(shape('qwen-serve', 'vllm-lws', 2, 'h100-vl2-', 'serve-qwen', 'h.abebe@example.com', ['700Gi', '800Gi'], 8, 7200), 0, 'origin-last', true),
    livenessCase(
      shape('qwen-serve-t1', 'vllm-lws', 2, 'h100-vl3-', 'serve-qwen-b', 'i.novak@example.com', ['700Gi', '800Gi'], 8, 7300),
      0,
      'origin-last',
      false,
    ),
    livenessCase(shape('ernie-sft-hb', 'paddle', 4, 'a800-pd-', 'nlp-ernie', 'j.wei@example.com', ['480Gi', '560Gi'], 8, 8000), 1, 'origin-first', true),
    livenessCase(shape('ernie-sft-hb-b', 'paddle', 5, 'a800-pd2-', 'nlp-ernie-b', 'k.zhou@example.com', ['480Gi', '560Gi'], 8, 8100), 3, 'origin-middle', true),
    livenessCase(shape('ernie-sft-hb-c', 'paddle', 3, 'h800-pd-', 'nlp-ernie-c', 'l.park@example.com', ['480Gi', '560Gi'], 8, 8200), 0, 'origin-last', true),
    livenessCase(
      shape('ernie-sft-hb-t1', 'paddle', 4, 'h800-pd2-', 'nlp-ernie-d', 'm.chen@example.com', ['480Gi', '560Gi'], 8, 8300),
      2,
      'origin-middle',
      false,
    ),
    // checkpoint-enospc
    enospcCase(shape('mpt-ckpt-a', 'composer', 4, 'h100-ce-', 'llm-ckpt', 'n.ivanova@example.com', ['400Gi', '480Gi'], 8, 9500), 1, 'origin-first'),
    enospcCase(shape('mpt-ckpt-b', 'composer', 4, 'h100-ce2-', 'llm-ckpt-b', 'o.mensah@example.com', ['400Gi', '480Gi'], 8, 9600), 3, 'origin-middle'),
    enospcCase(shape('mpt-ckpt-c', 'composer', 3, 'a100-ce-', 'llm-ckpt-c', 'p.romero@example.com', ['256Gi', '300Gi'], 8, 9700), 0, 'origin-last'),
    enospcCase(shape('ernie-ckpt-a', 'paddle', 4, 'a800-pe-', 'nlp-ckpt', 'q.liu@example.com', ['480Gi', '560Gi'], 8, 8400), 2, 'origin-first'),
    enospcCase(shape('ernie-ckpt-b', 'paddle', 5, 'a800-pe2-', 'nlp-ckpt-b', 'r.sun@example.com', ['480Gi', '560Gi'], 8, 8500), 1, 'origin-middle'),
    enospcCase(shape('ernie-ckpt-c', 'paddle', 3, 'h800-pe-', 'nlp-ckpt-c', 's.yamada@example.com', ['480Gi', '560Gi'], 8, 8600), 2, 'origin-last'),
    // sync-late-subsecond
    syncLateCase(shape('ernie-concat-a', 'paddle', 4, 'a800-ps-', 'nlp-concat', 't.gupta@example.com', ['480Gi', '560Gi'], 8, 6000), 0, 'origin-first'),
    syncLateCase(shape('ernie-concat-b', 'paddle', 5, 'a800-ps2-', 'nlp-concat-b', 'u.schmidt@example.com', ['480Gi', '560Gi'], 8, 6100), 2, 'origin-middle'),
    syncLateCase(shape('ernie-concat-c', 'paddle', 4, 'h800-ps-', 'nlp-concat-c', 'v.dubois@example.com', ['480Gi', '560Gi'], 8, 6200), 3, 'origin-last'),
    // lws-raylet-collateral
    lwsLeaderCase(shape('llama405-kv', 'vllm-lws', 3, 'h200-vk-', 'serve-kv', 'w.olsen@example.com', ['900Gi', '1000Gi'], 8, 5000), 'origin-first'),
    lwsLeaderCase(shape('llama405-kv-b', 'vllm-lws', 2, 'h200-vk2-', 'serve-kv-b', 'x.fischer@example.com', ['900Gi', '1000Gi'], 8, 5100), 'origin-middle'),
    lwsLeaderCase(shape('llama405-kv-c', 'vllm-lws', 3, 'h100-vk-', 'serve-kv-c', 'y.costa@example.com', ['900Gi', '1000Gi'], 8, 5200), 'origin-last'),
    // tied-identical-many
    tiedCase(shape('mpt-hang-all', 'composer', 5, 'h100-ct-', 'llm-hang', 'z.kim@example.com', ['400Gi', '480Gi'], 8, 4000)),
    tiedCase(shape('mpt-hang-all-b', 'composer', 8, 'h100-ct2-', 'llm-hang-b', 'a.rahman@example.com', ['400Gi', '480Gi'], 8, 4100)),
    tiedCase(shape('ernie-stop-all', 'paddle', 6, 'a800-pt-', 'nlp-stop', 'b.wang@example.com', ['480Gi', '560Gi'], 8, 4200)),
    // probe-vs-enospc-same-ms
    sameMsCase(shape('mpt-tie-probe', 'composer', 4, 'h100-cs-', 'llm-tie', 'c.nilsson@example.com', ['400Gi', '480Gi'], 8, 5000)),
    sameMsCase(shape('ernie-tie-probe', 'paddle', 4, 'a800-pq-', 'nlp-tie', 'd.zhang@example.com', ['480Gi', '560Gi'], 8, 5100)),
  ];
}
