/**
 * A generator of distributed failures that tests, one dimension at a time and in combination, the
 * assumptions the origin stage makes (DESIGN §4.8) — not a list of seen messages:
 *
 * - **what a survivor says** when a peer died: each framework's own statement, verbatim from its
 *   upstream source (PEER_STATEMENTS, cited at each row), as the whole log tail the process leaves;
 * - **how the origin failed**: an OOM kill the kubelet reports (Tier 1 event), or an exception of
 *   its own in its log (Tier 2);
 * - **where its time comes from and how precise it is**: the listing's `completedAt` with
 *   milliseconds, whole seconds, or only an event while the listing's time was left at the
 *   container's start;
 * - **the listing order** (the origin first, in the middle, last): never a vote;
 * - **clock skew**: one survivor's statement dated before the origin's failure (its node's clock
 *   runs behind) — a statement of a peer's death cannot start the failure, whatever its time;
 * - **restarts**: the origin's container was OOM-killed, restarted in place (restartPolicy
 *   OnFailure) and killed again after its peers ended: the listing shows it Running, its newest
 *   kill comes last, the events are listed newest first — it failed first at its earliest kill;
 * - **a pod recreated under a new name**: the origin's first pod is gone from the listing (the
 *   history keeps its events), a new pod of the same role runs;
 * - **only consequences**: every replica shows a statement, none a cause: no origin, UNKNOWN, and
 *   the quote is a framework's statement of what it lost, not a teardown's exit.
 *
 * Expectations come from what the statements mean (a peer's death is a consequence; the replica
 * that failed on its own first is the origin; an OOM kill is OOM_KILLED, an exception
 * CRASH_APP_ERROR), never from running the engine. Pure; deterministic for a seed.
 */
import type { Signal } from '../../functions/diagnosis/model/Signal.js';
import type { Tier2LogFinding } from '../../functions/diagnosis/model/Tier2Evidence.js';
import type { K8sNode, K8sPod } from '../../functions/diagnosis/ports/KubernetesSchemas.js';
import { signalsFromKubernetesNode, signalsFromKubernetesPod } from '../../functions/diagnosis/tier2/signalsFromKubernetes.js';
import type { WorkloadEvidence } from '../../functions/diagnosis/model/WorkloadEvidence.js';
import type { HistoryRecord, Pod, RunaiEvent } from '../../functions/diagnosis/ports/RunaiSchemas.js';
import { peerLineOf } from '../../functions/diagnosis/distributed/peerLineOf.js';
import { relayedRanksOf } from '../../functions/diagnosis/distributed/relayedRanksOf.js';
import { wrappedErrorOf } from '../../functions/diagnosis/distributed/wrappedErrorOf.js';
import { quoteEvidence, quoteName } from '../../functions/diagnosis/signals/quoteEvidence.js';
import { selectLogLine } from '../../functions/diagnosis/tier2/selectLogLine.js';
import { ago, evidenceOf, workloadStatus } from './workloadEvidenceKit.js';

/** A survivor's statement of a peer's death: its whole log tail, and the words any quote of it must keep. */
export interface PeerStatement {
  name: string;
  tail: (rank: number) => string[];
  /** Words of the statement that name what the framework lost (a quote of it contains them). */
  says: string;
  /** Only a teardown (SIGTERM): says nothing of what was lost. */
  teardown?: true;
  /** The container's exit: 134 when libstdc++'s terminate aborts (SIGABRT), 143 for a SIGTERM, else 1. */
  exitCode: 1 | 134 | 143;
  upstream: string;
}

/**
 * Hydra's report of a rank's end, framed by a divider line of `=` (pmodels/mpich src/pm/hydra/mpiexec/pmiserv_cb.c;
 * Intel MPI's Hydra prints the same block): `fate` is "EXIT CODE: 1" or "KILLED BY SIGNAL: 15 (Terminated)".
 */
function hydraBlock(rank: number, fate: string, host = `${JOB}-worker-${rank}`): string[] {
  const frame = '='.repeat(83);
  return [
    frame,
    '=   BAD TERMINATION OF ONE OF YOUR APPLICATION PROCESSES',
    `=   RANK ${rank} PID ${4000 + rank} RUNNING AT ${host}`,
    `=   ${fate}`,
    '=   CLEANING UP REMAINING PROCESSES',
    '=   YOU CAN IGNORE THE BELOW CLEANUP MESSAGES',
    frame,
  ];
}

export const PEER_STATEMENTS: readonly PeerStatement[] = [
  {
    // TF MultiWorkerMirroredStrategy: every worker's pending collective aborted with the gRPC status of the lost channel.
    name: 'tf-collective-aborted',
    exitCode: 1,
    tail: (rank) => [
      'Traceback (most recent call last):',
      '  File "/app/train_mwms.py", line 142, in <module>',
      '    model.fit(dataset, epochs=30, steps_per_epoch=1200)',
      'tensorflow.python.framework.errors_impl.UnavailableError: Collective ops is aborted by: Socket closed',
      `Additional GRPC error information from remote target /job:worker/replica:0/task:${rank}:`,
      'The error could be from a previous operation. Restart your program to reset. [Op:CollectiveReduceV2]',
    ],
    says: 'Collective ops is aborted by: Socket closed',
    upstream: 'tensorflow/tensorflow tensorflow/core/common_runtime/base_collective_executor.cc (StartAbort)',
  },
  {
    name: 'nccl-watchdog',
    exitCode: 134,
    tail: (rank) => [
      `[rank${rank}]:[E1206 10:02:11.100001 ProcessGroupNCCL.cpp:632] [Rank ${rank}] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=812, OpType=ALLREDUCE, NumelIn=1048576, NumelOut=1048576, Timeout(ms)=600000) ran for 600071 milliseconds before timing out.`,
      `[rank${rank}]:[E1206 10:02:11.100311 ProcessGroupNCCL.cpp:1664] [PG 0 Rank ${rank}] Exception (either an error or timeout) detected by watchdog at work: 812, last enqueued NCCL work: 812, last completed NCCL work: 811.`,
      "terminate called after throwing an instance of 'c10::DistBackendError'",
    ],
    says: 'Watchdog caught collective operation timeout',
    upstream: 'pytorch/pytorch torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp',
  },
  {
    name: 'nccl-remote-error',
    exitCode: 1,
    tail: (rank) => [
      `[rank${rank}]: torch.distributed.DistBackendError: NCCL error in: /opt/pytorch/torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:3356, remote process exited or there was a network error, NCCL version 2.21.5`,
      `[rank${rank}]: ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.`,
    ],
    says: 'remote process',
    upstream: 'pytorch/pytorch torch/csrc/distributed/c10d/NCCLUtils.cpp (getNcclErrorDetailStr); NVIDIA/nccl src/init.cc',
  },
  {
    name: 'gloo-pair-closed',
    exitCode: 1,
    tail: () => [
      'Traceback (most recent call last):',
      '  File "/workspace/train.py", line 212, in <module>',
      '    dist.all_reduce(loss)',
      'RuntimeError: [/opt/pytorch/third_party/gloo/gloo/transport/tcp/pair.cc:534] Connection closed by peer [10.40.3.17]:36447',
    ],
    says: 'Connection closed by peer',
    upstream: 'pytorch/gloo gloo/transport/tcp/pair.cc',
  },
  {
    name: 'tcpstore-reset',
    exitCode: 1,
    tail: () => [
      'Traceback (most recent call last):',
      '  File "/usr/lib/python3/dist-packages/torch/distributed/elastic/agent/server/api.py", line 870, in _exit_barrier',
      'torch.distributed.DistNetworkError: Connection reset by peer',
    ],
    says: 'Connection reset by peer',
    upstream: 'pytorch/pytorch torch/csrc/distributed/c10d/TCPStore.cpp',
  },
  {
    name: 'rendezvous-closed',
    exitCode: 1,
    tail: () => ['torch.distributed.elastic.rendezvous.api.RendezvousClosedError'],
    says: 'RendezvousClosedError',
    upstream: 'pytorch/pytorch torch/distributed/elastic/rendezvous/api.py',
  },
  {
    name: 'horovod-shut-down',
    exitCode: 1,
    tail: () => [
      'Horovod has been shut down. This was caused by an exception on one of the ranks or an attempt to allreduce, allgather or broadcast a tensor after one of the ranks finished execution. If the shutdown was caused by an exception, you should see the exception in the log before the first shutdown message.',
    ],
    says: 'Horovod has been shut down',
    upstream: 'horovod/horovod horovod/common/operations.cc (SHUT_DOWN_ERROR)',
  },
  {
    name: 'xla-coordination',
    exitCode: 134,
    tail: () => [
      'E1206 10:02:11.100001   88 coordination_service_agent.cc:332] Polled an error from coordination service (this can be an error from this or another task).',
      'F1206 10:02:11.100402   88 client.h:77] Terminating process because the coordinator detected missing heartbeats. This most likely indicates that another task died; see the other task logs for more details. Disable Python buffering, i.e. `python -u`, to be sure to see all the previous output. absl::Status: UNAVAILABLE: The following tasks are unhealthy (stopped sending heartbeats):',
    ],
    says: 'another task died',
    upstream: 'openxla/xla xla/pjrt/distributed/client.h; xla/tsl/distributed_runtime/coordination/coordination_service.cc',
  },
  {
    name: 'ray-actor-died',
    exitCode: 1,
    tail: (rank) => [
      'ray.exceptions.ActorDiedError: The actor died unexpectedly before finishing this task.',
      '\tclass_name: RayTrainWorker',
      `\tactor_id: 6a1f0c5d9be2447e81c3d2f50${rank}000000`,
      '\tpid: 2817',
      `\tip: 10.80.6.${10 + rank}`,
      'The actor is dead because its worker process has died. Worker exit type: SYSTEM_ERROR Worker exit detail: Worker unexpectedly exits with a connection error code 2. End of file. There are some potential root causes. (1) The process is killed by SIGKILL by OOM killer due to high memory usage. (2) ray stop --force is called. (3) The worker is crashed unexpectedly due to SIGSEGV or other unexpected errors.',
    ],
    says: 'The actor died unexpectedly before finishing this task',
    upstream: 'ray-project/ray python/ray/exceptions.py (ActorDiedError); src/ray/gcs/gcs_server/gcs_actor_manager.cc (GenWorkerDiedCause)',
  },
  {
    // An NCCL without ncclRemoteError (before 2.12) reports a peer's exit as a system error; PyTorch adds the sentence.
    name: 'nccl-system-remote-peer',
    exitCode: 1,
    tail: (rank) => [
      `[rank${rank}]: RuntimeError: NCCL error in: ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:1191, unhandled system error, NCCL version 2.10.3`,
      `[rank${rank}]: ncclSystemError: System call (e.g. socket, malloc) or external library call failed or device error. It can be also caused by unexpected exit of a remote peer, you can check NCCL warnings for failure reason and see if there is connection closure by a peer.`,
    ],
    says: 'unexpected exit of a remote peer',
    upstream: 'pytorch/pytorch torch/csrc/distributed/c10d/NCCLUtils.cpp (getNcclErrorDetailStr, #ifndef NCCL_REMOTE_ERROR)',
  },
  {
    // Hydra relaying a rank stopped by SIGTERM: the block inside its ===== frame is all the process leaves.
    name: 'hydra-sigterm-relay',
    exitCode: 1,
    tail: (rank) => hydraBlock(rank, 'KILLED BY SIGNAL: 15 (Terminated)'),
    says: 'KILLED BY SIGNAL: 15',
    upstream: 'pmodels/mpich src/pm/hydra/mpiexec/pmiserv_cb.c',
  },
  // The catalogue read from upstream sources (collateralFormatTable.ts rows of the same citation): each statement
  // whose subject is a remote peer, rank, worker or connection, as the tail a survivor leaves.
  {
    name: 'pytorch-flight-recorder-dump',
    exitCode: 134,
    tail: (rank) => [
      `[rank${rank}]:[E1206 10:02:11.100001 ProcessGroupNCCL.cpp:1987] [PG ID 0 PG GUID 0(default_pg) Rank ${rank}] Received a dump signal due to a collective timeout from rank 0 and we will try our best to dump the debug info. Last enqueued NCCL work: 56116, last completed NCCL work: 56115.`,
    ],
    says: 'Received a dump signal due to a collective timeout',
    upstream: 'pytorch/pytorch torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp (getNCCLWatchdogTimeoutErrorMsg)',
  },
  {
    name: 'c10d-recv-closed',
    exitCode: 1,
    tail: () => [
      'Traceback (most recent call last):',
      '  File "/workspace/train.py", line 90, in <module>',
      '    dist.barrier()',
      'RuntimeError: Failed to recv, got 0 bytes. Connection was likely closed. Did the remote server shutdown or crash?',
    ],
    says: 'Connection was likely closed',
    upstream: 'pytorch/pytorch torch/csrc/distributed/c10d/Utils.hpp (recvBytes)',
  },
  {
    name: 'gloo-recv-timeout',
    exitCode: 1,
    tail: () => [
      'Traceback (most recent call last):',
      '  File "/workspace/train.py", line 212, in <module>',
      '    dist.all_reduce(loss)',
      'RuntimeError: [/pytorch/third_party/gloo/gloo/transport/tcp/unbound_buffer.cc:78] Timed out waiting 1800000ms for recv operation to complete',
    ],
    says: 'for recv operation to complete',
    upstream: 'pytorch/gloo gloo/transport/tcp/unbound_buffer.cc',
  },
  {
    name: 'nccl-socket-closed',
    exitCode: 1,
    tail: (rank) => [
      `${JOB}-worker-${rank}:88:120 [${rank}] misc/socket.cc:50 NCCL WARN socketProgress: Connection closed by remote peer 10.40.3.17<36447>`,
      `${JOB}-worker-${rank}:88:120 [${rank}] NCCL INFO misc/socket.cc:752 -> 6`,
    ],
    says: 'Connection closed by remote peer',
    upstream: 'NVIDIA/nccl src/misc/socket.cc',
  },
  {
    name: 'ompi-peer-hung-up',
    exitCode: 1,
    tail: () => [
      '--------------------------------------------------------------------------',
      'An MPI communication peer process has unexpectedly disconnected.  This',
      'usually indicates a failure in the peer process (e.g., a crash or',
      'otherwise exiting without calling MPI_FINALIZE first).',
      '--------------------------------------------------------------------------',
    ],
    says: 'An MPI communication peer process has unexpectedly disconnected',
    upstream: 'open-mpi/ompi opal/mca/btl/tcp/help-mpi-btl-tcp.txt [peer hung up]',
  },
  {
    name: 'prte-lost-daemon',
    exitCode: 1,
    tail: (rank) => [
      '--------------------------------------------------------------------------',
      'PRTE has lost communication with a remote daemon.',
      '',
      `  HNP daemon   : [prterun-${JOB}-launcher-34@0,0] on node ${JOB}-launcher`,
      `  Remote daemon: [prterun-${JOB}-launcher-34@0,${rank}] on node ${JOB}-worker-0`,
      '',
      'This is usually due to either a failure of the TCP network',
      'connection to the node, or possibly an internal failure of',
      'the daemon itself. We cannot recover from this failure, and',
      'therefore will terminate the job.',
      '--------------------------------------------------------------------------',
    ],
    says: 'has lost communication with a remote daemon',
    upstream: 'open-mpi/ompi orte/mca/errmgr/base/help-errmgr-base.txt [node-died] (PRRTE prints PRTE)',
  },
  {
    // MPICH's error stack on a rank whose peer went away: the stack's last frame states it.
    name: 'mpich-comm-fail',
    exitCode: 1,
    tail: (rank) => [
      `Abort(806995855) on node ${rank} (rank ${rank} in comm 0): Fatal error in PMPI_Allreduce: Unknown error class, error stack:`,
      'PMPI_Allreduce(472)...................: MPI_Allreduce(sbuf=0x7ffd10, rbuf=0x7ffd20, count=1, datatype=MPI_FLOAT, op=MPI_SUM, comm=MPI_COMM_WORLD) failed',
      'MPIR_Allreduce_impl(293)..............: ',
      'MPIDI_CH3U_Recvq_FDU_or_AEP(629)......: Communication error with rank 0',
    ],
    says: 'Communication error with rank',
    upstream: 'pmodels/mpich src/mpi/errhan/errnames.txt (**comm_fail)',
  },
  {
    // Hydra's launcher once a proxy ended badly, then its chain of callers (Intel MPI's mpiexec.hydra prints the same).
    name: 'hydra-terminated-badly',
    exitCode: 1,
    tail: () => [
      `[mpiexec@${JOB}-launcher] HYDT_bscu_wait_for_completion (tools/bootstrap/utils/bscu_wait.c:76): one of the processes terminated badly; aborting`,
      `[mpiexec@${JOB}-launcher] HYDT_bsci_wait_for_completion (tools/bootstrap/src/bsci_wait.c:23): launcher returned error waiting for completion`,
      `[mpiexec@${JOB}-launcher] HYD_pmci_wait_for_completion (pm/pmiserv/pmiserv_pmci.c:218): launcher returned error waiting for completion`,
      `[mpiexec@${JOB}-launcher] main (ui/mpich/mpiexec.c:340): process manager error waiting for completion`,
    ],
    says: 'one of the processes terminated badly',
    upstream: 'pmodels/mpich src/pm/hydra/tools/bootstrap/utils/bscu_wait.c',
  },
  {
    name: 'ray-worker-crashed',
    exitCode: 1,
    tail: () => [
      'ray.exceptions.WorkerCrashedError: The worker died unexpectedly while executing this task. Check python-core-worker-*.log files for more information.',
    ],
    says: 'WorkerCrashedError',
    upstream: 'ray-project/ray python/ray/exceptions.py (WorkerCrashedError)',
  },
  {
    name: 'dask-killed-worker',
    exitCode: 1,
    tail: () => [
      "distributed.scheduler.KilledWorker: Attempted to run task ('train-shard', 41) on 4 different workers, but all those workers died while running it. The last worker that attempt to run the task was tcp://10.80.6.12:40123. Inspecting worker logs is often a good next step to diagnose what went wrong. For more information see https://distributed.dask.org/en/stable/killed.html.",
    ],
    says: 'KilledWorker',
    upstream: 'dask/distributed distributed/scheduler.py (KilledWorker)',
  },
  {
    name: 'mpirun-sigterm',
    exitCode: 143,
    tail: (rank) => [`mpirun noticed that process rank ${rank} with PID 0 on node worker-${rank} exited on signal 15 (Terminated).`],
    says: 'exited on signal 15',
    teardown: true,
    upstream: 'open-mpi/ompi (help-prun.txt proc-aborted-strsignal; orte errmgr)',
  },
];

/**
 * `hydra-relay` / `mpirun-relay`: the origin is the launcher-side process that relays its rank's exception — each line
 * of the rank prefixed by the launcher (Hydra's `-prepend-rank` `[9] `, Open MPI's `--tag-output` `[1,9]<stderr>:`) —
 * then the launcher's own report of the rank's exit. The relayed exception is the line; the report is a relay.
 */
export type OriginCause =
  'oom-event' | 'own-exception' | 'hydra-relay' | 'mpirun-relay' | 'torchrun-summary' | RelayedKill | StorageEviction | DaemonLost | ProbeKill;

/**
 * `liveness-killed-*`: the kubelet's liveness probe fails three times (`Unhealthy` "Liveness probe failed: …",
 * kubernetes pkg/kubelet/prober/prober.go) and it kills the container (`Killing` "Container trainer failed liveness
 * probe": pkg/kubelet/kuberuntime/kuberuntime_manager.go computePodActions, ", will be restarted" only when the
 * restart policy restarts it). The process then exits as its SIGTERM handler chooses (143, or 15 from Paddle's
 * launcher) or by the SIGKILL after the grace period (137). The kill is the origin's cause and line.
 */
export type ProbeKill = 'liveness-killed-143' | 'liveness-killed-137' | 'liveness-killed-15';
const PROBE_KILLS: ReadonlySet<OriginCause> = new Set<OriginCause>(['liveness-killed-143', 'liveness-killed-137', 'liveness-killed-15']);

/**
 * `orte-node-lost`: Open MPI's launcher loses the daemon on the origin's host ("ORTE has lost communication with its
 * daemon located on node: hostname: h", open-mpi/ompi v4.1.x orte/mca/errmgr/base/help-errmgr-base.txt [node-died])
 * because that node went away: the pod shows no end of its own (its kubelet is gone) and the taint manager marks it
 * for deletion only 300 s later (kubernetes/kubernetes pkg/controller/tainteviction/taint_eviction.go, "Marking for
 * deletion Pod ns/name"; default-unreachable-toleration-seconds=300). NODE_FAILURE, origin the pod on the lost node.
 * `orte-daemon-lost-healthy`: the same report while the named pod's node stays healthy (the pod ends with the
 * teardown): the report says what the launcher lost, not why — UNKNOWN, no origin.
 */
export type DaemonLost = 'orte-node-lost' | 'orte-daemon-lost-healthy' | 'orte-node-lost-unevented' | 'hydra-exit-node-fault';
const DAEMONS_LOST: ReadonlySet<OriginCause> = new Set<OriginCause>([
  'orte-node-lost',
  'orte-daemon-lost-healthy',
  'orte-node-lost-unevented',
  'hydra-exit-node-fault',
]);
/**
 * `orte-node-lost-unevented`: the same lost node with no eviction event at all (the pod's toleration has not run out
 * when the diagnosis runs): only the node's own `Ready` Unknown, as Tier 2 reads it under the host the launcher named
 * (relayHostNodes.ts) and dated 15 s after the launcher noticed — within the node-lifecycle controller's
 * --node-monitor-grace-period (40 s; 50 s since v1.32). NODE_FAILURE, origin the pod on that node.
 * `hydra-exit-node-fault`: Intel MPI's Hydra relays the rank's "[r] RuntimeError: CUDA error: unspecified launch
 * failure" and its frame "RANK r PID p RUNNING AT <host>" / "EXIT CODE: 1" (pmodels/mpich src/pm/hydra/mpiexec/
 * pmiserv_cb.c control_cb); the host's node carries node-problem-detector's condition with a hardware Xid 79 ("GPU
 * has fallen off the bus", NVIDIA Xid catalogue). What the rank saw was the node's fault: NODE_FAILURE, origin the
 * worker on that node, the launcher a relay. (With a healthy node the same frame moves nothing: `hydra-relay`.)
 */
const UNEVENTED: ReadonlySet<OriginCause> = new Set<OriginCause>(['orte-node-lost-unevented', 'hydra-exit-node-fault']);

/** A node as Tier 2 reads it (`kubectl describe node`): Ready Unknown, or a node-problem-detector Xid 79 condition, since `sinceMsAgo`. */
function failedNode(name: string, fault: 'ready-unknown' | 'xid-79', sinceMsAgo: number): Signal[] {
  const since = ago(sinceMsAgo);
  const conditions =
    fault === 'ready-unknown'
      ? [{ type: 'Ready', status: 'Unknown', lastTransitionTime: since, reason: 'NodeStatusUnknown', message: 'Kubelet stopped posting node status.' }]
      : [
          { type: 'Ready', status: 'True', lastTransitionTime: ago(containerStart * 3), reason: 'KubeletReady', message: 'kubelet is posting ready status' },
          {
            type: 'GPUXIDErrors',
            status: 'True',
            lastTransitionTime: since,
            reason: 'XidCriticalError',
            message: "NVRM: Xid (PCI:0000:3b:00): 79, pid='<unknown>', name=<unknown>, GPU has fallen off the bus.",
          },
        ];
  return signalsFromKubernetesNode({ metadata: { name }, status: { conditions } } as K8sNode, name, `kubectl describe node ${name}`, null);
}

/** A rank's relayed traceback, then Hydra's EXIT CODE frame naming its host (the launcher's tail). */
export const hydraExitTail = (rank: number, host: string) => [
  `[${rank}] Traceback (most recent call last):`,
  `[${rank}]   File "/app/pipeline_mpi.py", line 77, in step`,
  `[${rank}] RuntimeError: CUDA error: unspecified launch failure`,
  '',
  ...hydraBlock(rank, 'EXIT CODE: 1', host),
];
/** Open MPI v4's [node-died] help block naming the lost daemon's host (orte/mca/errmgr/base/help-errmgr-base.txt). */
export const nodeDiedTail = (host: string) => [
  '--------------------------------------------------------------------------',
  'ORTE has lost communication with its daemon located on node:',
  '',
  `  hostname:  ${host}`,
  '',
  'This is usually due to either a failure of the TCP network',
  'connection to the node, or possibly an internal failure of',
  'the daemon itself. We cannot recover from this failure, and',
  'therefore will terminate the job.',
  '--------------------------------------------------------------------------',
];

/**
 * `storage-evicted-*`: the kubelet evicts the origin for its own ephemeral-storage limit. It writes the `Evicted`
 * event with the reason (kubernetes/kubernetes pkg/kubelet/eviction/eviction_manager.go evictPod,
 * podEphemeralStorageLimitEviction: "Pod ephemeral local storage usage exceeds the total limit of containers 200Gi.")
 * and the `Killing` "Stopping container <name>" of the kill (pkg/kubelet/kuberuntime/kuberuntime_container.go
 * killContainer); the container ends with exit 137, no OOMKilled. `-reason-first` / `-action-first`: the order the
 * two events are listed and dated within their second (either way, or the same instant). The reason is the
 * origin's line; the action is what was done, never why.
 */
export type StorageEviction = 'storage-evicted-reason-first' | 'storage-evicted-action-first' | 'storage-evicted-same-instant';
const STORAGE_EVICTIONS: ReadonlySet<OriginCause> = new Set<OriginCause>([
  'storage-evicted-reason-first',
  'storage-evicted-action-first',
  'storage-evicted-same-instant',
]);
const OWN_STORAGE_MESSAGE = 'Pod ephemeral local storage usage exceeds the total limit of containers 200Gi. ';

/**
 * `*-killed`: the origin's rank was killed by SIGKILL on its host and its own pod shows nothing of it (the rank ran
 * under the worker pod's sshd/orted; the pod ends later with the teardown's SIGTERM). Only the MPI launcher's
 * report names it, by the host the rank ran on — the pod's name, or its DNS name from an MPIJob hostfile
 * (`<pod>.<job>-worker.<namespace>.svc`). The launcher is a relay: collateral; the origin is the named pod.
 */
export type RelayedKill = 'mpirun-killed' | 'prterun-killed' | 'hydra-killed';
const RELAYED_KILLS: ReadonlySet<OriginCause> = new Set<OriginCause>(['mpirun-killed', 'prterun-killed', 'hydra-killed']);

/** The launcher's whole tail for a rank killed on `host`, verbatim from each launcher's upstream text. */
function launcherTail(cause: RelayedKill, rank: number, host: string): string[] {
  const rule = '-'.repeat(74);
  switch (cause) {
    case 'mpirun-killed':
      // open-mpi/ompi v4.1.x orte/tools/orterun/help-orterun.txt [orterun:proc-aborted-strsignal], after the errmgr's
      // "Primary job  terminated normally, but 1 process returned a non-zero exit code." block.
      return [
        rule,
        'Primary job  terminated normally, but 1 process returned',
        'a non-zero exit code. Per user-direction, the job has been aborted.',
        rule,
        rule,
        `mpirun noticed that process rank ${rank} with PID 4117 on node ${host} exited on signal 9 (Killed).`,
        rule,
      ];
    case 'prterun-killed':
      // openpmix/prrte src/tools/prun/help-prun.txt [prun:proc-aborted-strsignal] (Open MPI 5 runs on PRRTE).
      return [rule, `prterun noticed that process rank ${rank} with PID 4117 on node ${host} exited on signal 9 (Killed).`, rule];
    case 'hydra-killed':
      // pmodels/mpich src/pm/hydra/mpiexec/pmiserv_cb.c (Intel MPI's mpiexec.hydra prints the same frame).
      return hydraBlock(rank, 'KILLED BY SIGNAL: 9 (Killed)', host);
  }
}
export type TimeSource = 'completedAt-ms' | 'whole-seconds' | 'event-only';
export type Ordering = 'origin-first' | 'origin-middle' | 'origin-last';
/**
 * `unread-at-first-peer`: the origin's log is not read (Tier 2's budget went to its peers) and its bare exit 1 is dated at
 * the very instant of the first peer's statement of a loss. When the peers that state the loss exited 1 as well, nothing
 * tells it from them — no origin; when they exited otherwise (134, 143), its own exit 1 sets it apart: the origin.
 */
export type Twist = 'none' | 'skewed-peer' | 'restarted-origin' | 'recreated-pod' | 'only-consequences' | 'unread-at-first-peer';

export interface OriginAssumptionCase {
  name: string;
  evidence: WorkloadEvidence;
  logs: Tier2LogFinding[];
  /** Tier 2's reading of the pods whose logs it read (their container's termination). */
  tier2Signals: Signal[];
  expected: {
    /** The origin's pod, or null when the order cannot be told. */
    origin: string | null;
    category: 'OOM_KILLED' | 'CRASH_APP_ERROR' | 'NODE_FAILURE' | 'UNKNOWN';
    /** The peers counted as collateral (at least). */
    collateral: number;
    /** Words the quote of a no-origin verdict must contain (a statement of what was lost), when one was said. */
    quoteSays: string | null;
    /** Words the origin's line must contain (its own exception, however relayed), when its log was read. */
    originSays: string | null;
    /** Words the origin finding's own line must contain (a launcher's report of the kill on its host). */
    originLineSays?: string;
  };
}

/** An exception of the origin's own (Python's traceback: the last line names it). */
const OWN_EXCEPTION = [
  'Traceback (most recent call last):',
  '  File "/workspace/train.py", line 188, in <module>',
  '    batch = collate(samples)',
  '  File "/workspace/data.py", line 41, in collate',
  "    ids = torch.stack([s['input_ids'] for s in samples])",
  "KeyError: 'input_ids'",
];

const JOB = 'llm-pretrain';

/**
 * The rank's exception under torchrun's summary, by rank: whether the decisive-line rules read the exception or the
 * summary depends on the exception (a KeyError is read, an AssertionError or botocore's ClientError is not); the
 * origin's line is the exception either way.
 */
const SUMMARISED_EXCEPTIONS = [
  "KeyError: 'input_ids'",
  'AssertionError: tokens_per_expert must sum to the routed token count',
  // boto/botocore botocore/exceptions.py ClientError MSG_TEMPLATE.
  'botocore.exceptions.ClientError: An error occurred (ExpiredToken) when calling the GetObject operation: The provided token has expired.',
  'ValueError: Expected input batch_size (32) to match target batch_size (16).',
];
const summarisedException = (rank: number) => SUMMARISED_EXCEPTIONS[rank % SUMMARISED_EXCEPTIONS.length] as string;

/** The origin's log tail for a cause read from its log (Tier 2). */
function ownTail(cause: OriginCause, rank: number): string[] {
  switch (cause) {
    case 'hydra-relay':
      return [...OWN_EXCEPTION.map((line) => `[${rank}] ${line}`), ...hydraBlock(rank, 'EXIT CODE: 1')];
    case 'mpirun-relay':
      // open-mpi/ompi orte/tools/orterun/help-orterun.txt: "Primary job terminated normally, but 1 process returned"
      // and "mpirun detected that one or more processes exited with non-zero status" (orterun:proc-failed-exit).
      return [
        ...OWN_EXCEPTION.map((line) => `[1,${rank}]<stderr>:${line}`),
        '-------------------------------------------------------',
        'Primary job  terminated normally, but 1 process returned',
        'a non-zero exit code. Per user-direction, the job has been aborted.',
        '-------------------------------------------------------',
        '--------------------------------------------------------------------------',
        'mpirun detected that one or more processes exited with non-zero status, thus causing',
        'the job to be terminated. The first process to do so was:',
        '',
        `  Process name: [[41907,1],${rank}]`,
        '  Exit code:    1',
        '--------------------------------------------------------------------------',
      ];
    case 'torchrun-summary':
      // The rank's traceback relayed by torchrun's agent with its rank tag, then the agent's own summary
      // (pytorch/pytorch torch/distributed/elastic/multiprocessing/errors/__init__.py ChildFailedError.format_msg).
      return [
        ...[...OWN_EXCEPTION.slice(0, -1), summarisedException(rank)].map((line) => `[rank${rank}]: ${line}`),
        'torch.distributed.elastic.multiprocessing.errors.ChildFailedError: ',
        '============================================================',
        'train.py FAILED',
        '------------------------------------------------------------',
        'Failures:',
        '  <NO_OTHER_FAILURES>',
        '------------------------------------------------------------',
        'Root Cause (first observed failure):',
        '[0]:',
        '  time      : 2026-12-03_08:16:40',
        `  host      : ${podName(rank - 1)}`,
        `  rank      : ${rank} (local_rank: 0)`,
        '  exitcode  : 1 (pid: 4125)',
        '  error_file: <N/A>',
        '  traceback : To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html',
        '============================================================',
      ];
    default:
      return OWN_EXCEPTION;
  }
}
const podName = (index: number, generation = '') => `${JOB}-worker-${index}${generation}`;
const node = (index: number) => `h100-r${index}-0${index}`;
const containerStart = 7_000_000;

/** Tier 2's finding for a log tail, composed as collectTier2Evidence composes it (decisive line, peer line). */
function logFinding(pod: string, tail: readonly string[]): Tier2LogFinding | null {
  const text = tail.join('\n');
  const selected = selectLogLine(text);
  if (!selected) return null;
  const peer = peerLineOf(text, (line) => line, selected.line);
  const relayed = relayedRanksOf(text);
  const wrapped = wrappedErrorOf(text, (line) => line, selected.line);
  return {
    fact: {
      type: 'log-line',
      podName: quoteName(pod),
      container: 'trainer',
      previous: false,
      line: quoteEvidence(selected.line, 360),
      fallback: selected.hint === null,
    },
    source: `kubectl logs ${pod} -n runai-llm`,
    hint: selected.hint,
    init: false,
    ...(peer ? { peerLine: quoteEvidence(peer.line, 360, peer.match), ...(peer.decisiveInIt ? { inPeerError: true as const } : {}) } : {}),
    ...(relayed.length > 0 ? { relayed: relayed.map((rank) => ({ ...rank, line: quoteEvidence(rank.line, 360) })) } : {}),
    ...(wrapped !== null ? { wrapped: quoteEvidence(wrapped, 360) } : {}),
  };
}

/** Tier 2's signals for a pod it described: its one container terminated with `exitCode` at `finishedAt`. */
function terminated(pod: string, nodeName: string, exitCode: number, finishedAt: string): Signal[] {
  const described: K8sPod = {
    metadata: { name: pod, namespace: 'runai-llm' },
    spec: { nodeName, restartPolicy: 'Never', containers: [{ name: 'trainer' }] },
    status: {
      phase: 'Failed',
      containerStatuses: [
        { name: 'trainer', restartCount: 0, state: { terminated: { exitCode, reason: 'Error', startedAt: ago(containerStart), finishedAt } } },
      ],
    },
  } as K8sPod;
  return signalsFromKubernetesPod(described, pod, `kubectl describe pod ${pod} -n runai-llm`);
}

const event = (pod: string, reason: string, message: string, at: string, source = 'kubelet'): RunaiEvent => ({
  createdAt: at,
  type: 'Warning',
  reason,
  message,
  source,
  involvedObject: { kind: 'Pod', name: pod },
});

/** A deterministic pseudo-random sequence (mulberry32): the same seed draws the same cases. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** One case of the given draw. `replicas` ≥ 3; the origin's failure is `originMsAgo` before NOW. */
export function buildCase(draw: {
  statement: PeerStatement;
  cause: OriginCause;
  time: TimeSource;
  ordering: Ordering;
  twist: Twist;
  replicas: number;
}): OriginAssumptionCase {
  const { statement, cause, time, ordering, twist, replicas } = draw;
  const originIndex = ordering === 'origin-first' ? 0 : ordering === 'origin-middle' ? Math.floor(replicas / 2) : replicas - 1;
  // Whole seconds: the origin at a second's start, peers ≥ 2 s later; milliseconds: peers within the same second, 450 ms later.
  const originMsAgo = time === 'whole-seconds' ? 1_800_000 : 1_800_300;
  const peerMsAgo = (rank: number) => (time === 'whole-seconds' ? originMsAgo - 2_000 * rank : originMsAgo - 450 - rank);
  const recreated = twist === 'recreated-pod';
  const originPod = podName(originIndex, recreated ? '-a1' : '');

  const relayedKill = RELAYED_KILLS.has(cause) && twist !== 'only-consequences';
  const storageEviction = STORAGE_EVICTIONS.has(cause) && twist !== 'only-consequences';
  const probeKill = PROBE_KILLS.has(cause) && twist !== 'only-consequences';
  const nodeLost = (cause === 'orte-node-lost' || UNEVENTED.has(cause)) && twist !== 'only-consequences';
  const daemonLostHealthy = cause === 'orte-daemon-lost-healthy' && twist !== 'only-consequences';
  const pods: Pod[] = [];
  const events: RunaiEvent[] = [];
  const history: HistoryRecord[] = [];
  const logs: Tier2LogFinding[] = [];
  const tier2Signals: Signal[] = [];
  const started = ago(containerStart);

  for (let index = 0; index < replicas; index += 1) {
    const isOrigin = index === originIndex;
    const consequence = !isOrigin || twist === 'only-consequences';
    const rank = index + 1;
    // Clock skew: the first peer's node runs 3 s behind: its statement is dated before the origin's failure.
    const skewed = twist === 'skewed-peer' && !isOrigin && index === (originIndex + 1) % replicas;
    const atOrigin = twist === 'unread-at-first-peer' && !isOrigin && index === (originIndex + 1) % replicas;
    const msAgo = isOrigin || atOrigin ? originMsAgo : skewed ? originMsAgo + 3_000 : peerMsAgo(rank);
    const pod = isOrigin ? originPod : podName(index);
    if (consequence) {
      pods.push({ name: pod, nodeName: node(index), k8sPhase: 'Error', completedAt: ago(msAgo), k8sPhaseUpdatedAt: ago(msAgo) });
      const finding = logFinding(pod, statement.tail(rank));
      if (finding) logs.push(finding);
      tier2Signals.push(...terminated(pod, node(index), statement.exitCode, ago(msAgo)));
      if (statement.teardown) events.push(event(pod, 'Killing', 'Stopping container trainer', ago(msAgo)));
      continue;
    }
    const at = ago(msAgo);
    const listingTime = time === 'event-only' ? started : at;
    const k8sPhase = cause === 'oom-event' ? 'OOMKilled' : 'Error';
    const origin: Pod = {
      name: pod,
      nodeName: node(index),
      k8sPhase,
      completedAt: time === 'event-only' ? null : listingTime,
      k8sPhaseUpdatedAt: listingTime,
      containers: [{ name: 'trainer', startedAt: started }],
    };
    if (DAEMONS_LOST.has(cause)) {
      const launcher = `${JOB}-launcher`;
      const host = rank % 2 === 0 ? pod : `${pod}.${JOB}-worker.runai-llm.svc`;
      pods.unshift({ name: launcher, nodeName: 'cpu-r1-01', k8sPhase: 'Error', completedAt: at, k8sPhaseUpdatedAt: at });
      const finding = logFinding(launcher, cause === 'hydra-exit-node-fault' ? hydraExitTail(rank, host) : nodeDiedTail(host));
      if (finding) logs.push(finding);
      tier2Signals.push(...terminated(launcher, 'cpu-r1-01', 1, at));
      if (cause === 'orte-node-lost-unevented') {
        // No end of its own and no event: its node's Ready went Unknown 15 s after the launcher noticed.
        pods.push({ ...origin, k8sPhase: 'Unknown', completedAt: null, k8sPhaseUpdatedAt: started });
        tier2Signals.push(...failedNode(node(index), 'ready-unknown', msAgo - 15_000));
      } else if (cause === 'hydra-exit-node-fault') {
        // The worker pod ends with the teardown 2 s later; node-problem-detector reports the Xid 9 s after the rank failed.
        const torn = ago(msAgo - 2_000);
        pods.push({ ...origin, completedAt: torn, k8sPhaseUpdatedAt: torn });
        tier2Signals.push(...terminated(pod, node(index), 143, torn), ...failedNode(node(index), 'xid-79', msAgo - 9_000));
      } else if (cause === 'orte-node-lost') {
        // No end of its own: its kubelet is gone. The taint manager marks it for deletion 300 s after the launcher failed.
        pods.push({ ...origin, k8sPhase: 'Unknown', completedAt: null, k8sPhaseUpdatedAt: started });
        events.push({
          ...event(pod, 'TaintManagerEviction', `Marking for deletion Pod runai-llm/${pod}`, ago(msAgo - 300_000), 'taint-eviction-controller'),
          type: 'Normal',
        });
      } else {
        // A healthy node: the pod ends with the teardown, 2 s after the launcher.
        const torn = ago(msAgo - 2_000);
        pods.push({ ...origin, completedAt: torn, k8sPhaseUpdatedAt: torn });
        tier2Signals.push(...terminated(pod, node(index), 143, torn));
      }
      continue;
    }
    if (RELAYED_KILLS.has(cause)) {
      // Its own pod ends only with the teardown, 2 s after the launcher noticed the kill: exit 143, no log of its own.
      const torn = ago(msAgo - 2_000);
      pods.push({ ...origin, completedAt: torn, k8sPhaseUpdatedAt: torn });
      tier2Signals.push(...terminated(pod, node(index), 143, torn));
      // The launcher noticed at the kill; its report names the host: the pod's name, or its hostfile DNS name.
      const launcher = `${JOB}-launcher`;
      const host = rank % 2 === 0 ? pod : `${pod}.${JOB}-worker.runai-llm.svc`;
      pods.unshift({ name: launcher, nodeName: 'cpu-r1-01', k8sPhase: 'Error', completedAt: at, k8sPhaseUpdatedAt: at });
      const finding = logFinding(launcher, launcherTail(cause as RelayedKill, rank, host));
      if (finding) logs.push(finding);
      tier2Signals.push(...terminated(launcher, 'cpu-r1-01', 1, at));
      continue;
    }
    if (PROBE_KILLS.has(cause)) {
      pods.push({ ...origin, k8sPhase: 'Error' });
      for (const before of [20_000, 10_000, 0])
        events.push(event(pod, 'Unhealthy', 'Liveness probe failed: HTTP probe failed with statuscode: 503', ago(msAgo + before)));
      events.push({ ...event(pod, 'Killing', 'Container trainer failed liveness probe', at), type: 'Normal' });
      tier2Signals.push(...terminated(pod, node(index), Number(cause.slice('liveness-killed-'.length)), at));
      continue;
    }
    if (STORAGE_EVICTIONS.has(cause)) {
      // Within one second: the reason and the action a few hundred ms apart, in either order, or at one instant.
      const reasonAt = cause === 'storage-evicted-action-first' ? ago(msAgo - 400) : at;
      const actionAt = cause === 'storage-evicted-reason-first' ? ago(msAgo - 400) : at;
      pods.push({ ...origin, k8sPhase: 'Failed' });
      const evicted = event(pod, 'Evicted', OWN_STORAGE_MESSAGE, reasonAt);
      const killing = { ...event(pod, 'Killing', 'Stopping container trainer', actionAt), type: 'Normal' };
      events.push(...(cause === 'storage-evicted-action-first' ? [killing, evicted] : [evicted, killing]));
      tier2Signals.push(...terminated(pod, node(index), 137, time === 'event-only' ? reasonAt : at));
      continue;
    }
    const own =
      cause === 'oom-event'
        ? event(pod, 'OOMKilled', 'Container trainer was OOM killed', at, 'workload-controller')
        : event(pod, 'BackOff', `Back-off restarting failed container trainer in pod ${pod}_runai-llm(6f1c)`, at);
    if (recreated) {
      // The first pod is gone from the listing and the events endpoint; the history keeps its failure and its scheduling.
      history.push(
        {
          meta: { creationTimestamp: ago(containerStart + 60_000), type: 'Event' },
          spec: {
            event: {
              ...event(pod, 'Scheduled', `Successfully assigned runai-llm/${pod} to ${node(index)}`, ago(containerStart + 60_000), 'default-scheduler'),
              type: 'Normal',
            },
          },
        },
        { meta: { creationTimestamp: own.createdAt, type: 'Event' }, spec: { event: own } },
      );
      pods.push({ name: podName(index, '-b2'), nodeName: node(index + replicas), k8sPhase: 'Running', createdAt: ago(originMsAgo - 5_000) });
    } else if (twist === 'restarted-origin') {
      // The kubelet restarted it in place; Run:ai lists it Running since its last restart, after the peers ended.
      const again = ago(peerMsAgo(replicas + 1) - 60_000);
      pods.push({ ...origin, k8sPhase: 'Running', completedAt: null, k8sPhaseUpdatedAt: again, containers: [{ name: 'trainer', startedAt: again }] });
      events.unshift(own);
      events.unshift({ ...own, createdAt: again });
    } else {
      pods.push(origin);
      if (cause === 'oom-event' || time === 'event-only') events.push(own);
    }
    if (cause !== 'oom-event' && !recreated) {
      const finding = twist === 'unread-at-first-peer' ? null : logFinding(pod, ownTail(cause, rank));
      if (finding) logs.push(finding);
      tier2Signals.push(...terminated(pod, node(index), 1, at));
    }
  }

  const evidence = evidenceOf({
    status: workloadStatus({ name: JOB, type: 'distributed', phaseUpdatedAt: ago(1_700_000) }),
    pods: { ok: true, value: pods },
    events: { ok: true, value: events },
    history: { ok: true, value: { records: history, pages: 1, capped: false } },
  });
  // The launcher that relayed the kill is collateral too.
  const peers = replicas - 1 + (relayedKill || nodeLost ? 1 : 0);
  const expected: OriginAssumptionCase['expected'] =
    twist === 'only-consequences' || (twist === 'unread-at-first-peer' && statement.exitCode === 1)
      ? { origin: null, category: 'UNKNOWN', collateral: 0, quoteSays: statement.teardown ? null : statement.says, originSays: null }
      : daemonLostHealthy
        ? { origin: null, category: 'UNKNOWN', collateral: 0, quoteSays: null, originSays: null }
        : nodeLost
          ? {
              origin: originPod,
              category: 'NODE_FAILURE',
              collateral: peers,
              quoteSays: null,
              originSays: null,
              ...(UNEVENTED.has(cause) ? {} : { originLineSays: 'Marking for deletion Pod' }),
            }
          : {
              origin: originPod,
              // A SIGKILL nothing explains (no OOM kill reported, no node loss) names no category.
              // An eviction for the pod's own storage limit is the workload's limit (docs/procedure.md): CRASH_APP_ERROR.
              category: cause === 'oom-event' ? 'OOM_KILLED' : relayedKill ? 'UNKNOWN' : 'CRASH_APP_ERROR',
              collateral: peers,
              quoteSays: null,
              originSays:
                cause === 'oom-event' || relayedKill || storageEviction || probeKill || cause === 'torchrun-summary' || twist === 'unread-at-first-peer'
                  ? null
                  : "KeyError: 'input_ids'",
              ...(relayedKill ? { originLineSays: cause === 'hydra-killed' ? 'KILLED BY SIGNAL: 9' : 'exited on signal 9' } : {}),
              ...(storageEviction ? { originLineSays: 'ephemeral local storage usage exceeds' } : {}),
              ...(probeKill ? { originLineSays: 'failed liveness probe' } : {}),
              // The summary says a child failed; the origin's line is the exception it wraps.
              ...(cause === 'torchrun-summary' ? { originLineSays: summarisedException(originIndex + 1) } : {}),
            };
  return { name: `${statement.name}/${cause}/${time}/${ordering}/${twist}/${replicas}`, evidence, logs, tier2Signals, expected };
}

/** Which draws are meaningful: a recreated pod keeps only its history, a restarted one only its events: their failure needs one (the OOM kill). */
function meaningful(draw: Parameters<typeof buildCase>[0]): boolean {
  if (draw.twist === 'recreated-pod' || draw.twist === 'restarted-origin') return draw.cause === 'oom-event' && draw.time !== 'event-only';
  if (draw.twist === 'unread-at-first-peer') return draw.cause === 'own-exception' && draw.time !== 'event-only';
  if (draw.cause !== 'oom-event' && !STORAGE_EVICTIONS.has(draw.cause) && draw.time === 'event-only') return false;
  return true;
}

/** `count` cases drawn from every dimension with a seed, each statement at least once in every twist. */
export function originAssumptionCases(seed = 5, count = 370): OriginAssumptionCase[] {
  const next = random(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const causes: OriginCause[] = [
    'oom-event',
    'own-exception',
    'hydra-relay',
    'mpirun-relay',
    'torchrun-summary',
    'mpirun-killed',
    'prterun-killed',
    'hydra-killed',
    'storage-evicted-reason-first',
    'storage-evicted-action-first',
    'storage-evicted-same-instant',
    'orte-node-lost',
    'orte-daemon-lost-healthy',
    'orte-node-lost-unevented',
    'hydra-exit-node-fault',
  ];
  const times: TimeSource[] = ['completedAt-ms', 'whole-seconds', 'event-only'];
  const orderings: Ordering[] = ['origin-first', 'origin-middle', 'origin-last'];
  const twists: Twist[] = ['none', 'skewed-peer', 'restarted-origin', 'recreated-pod', 'only-consequences', 'unread-at-first-peer'];
  const cases: OriginAssumptionCase[] = [];
  const names = new Set<string>();
  // Every statement in every twist once, then random draws.
  for (const twist of twists)
    for (const statement of PEER_STATEMENTS) {
      const draw = {
        statement,
        cause: twist === 'unread-at-first-peer' ? ('own-exception' as const) : ('oom-event' as const),
        time: 'completedAt-ms' as const,
        ordering: pick(orderings),
        twist,
        replicas: 3 + Math.floor(next() * 4),
      };
      const built = buildCase(draw);
      names.add(built.name);
      cases.push(built);
    }
  for (let attempt = 0; cases.length < count && attempt < count * 20; attempt += 1) {
    const draw = {
      statement: pick(PEER_STATEMENTS),
      cause: pick(causes),
      time: pick(times),
      ordering: pick(orderings),
      twist: pick(twists),
      replicas: 3 + Math.floor(next() * 4),
    };
    if (!meaningful(draw)) continue;
    const built = buildCase(draw);
    if (names.has(built.name)) continue;
    names.add(built.name);
    cases.push(built);
  }
  // The probe kill in every time source and ordering, after the draws (which stay as they were).
  for (const cause of PROBE_KILLS)
    for (const time of times)
      for (const ordering of orderings)
        for (const twist of ['none', 'skewed-peer'] as const)
          cases.push(buildCase({ statement: PEER_STATEMENTS[(cases.length * 7) % PEER_STATEMENTS.length]!, cause, time, ordering, twist, replicas: 4 }));
  return cases;
}
