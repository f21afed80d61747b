/**
 * How a surviving replica reports that a peer died: one row per upstream message format, with
 * the upstream source that writes it. A replica whose failure carries one of these (and no
 * cause of its own, such as an OOM kill) failed *because* another replica did: it is
 * collateral, never the origin, and never votes for the category.
 *
 * `strength`:
 * - `peer`: the text only exists because a peer went away (a collective timed out, the
 *   store's socket was reset): the replica cannot be the origin;
 * - `wrapper`: the text wraps whatever failed in this process group (torchelastic's
 *   ChildFailedError also wraps the origin's own exception): collateral on a replica that is
 *   not the origin, never a reason to pass it over.
 *
 * Patterns read text with user-chosen names masked (maskIdentifiers): a name never matches a row.
 */
import type { CollateralFormat } from '../model/DistributedFinding.js';

export interface CollateralFormatRow {
  format: CollateralFormat;
  pattern: RegExp;
  strength: 'peer' | 'wrapper';
  /** The upstream source file that writes the text. */
  upstream: string;
}

export const COLLATERAL_FORMAT_TABLE: readonly CollateralFormatRow[] = [
  {
    // "[Rank 3] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=…, OpType=ALLREDUCE, …) ran for 600000 milliseconds before timing out."
    format: 'nccl-timeout',
    pattern: /Watchdog caught collective operation timeout|\bWorkNCCL\([^)]*\) ran for \d+ milliseconds before timing out/,
    strength: 'peer',
    upstream: 'https://github.com/pytorch/pytorch/blob/main/torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp',
  },
  {
    // "Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, …" (watchdog teardown after a timeout).
    format: 'nccl-timeout',
    pattern: /Some NCCL operations have failed or timed out/,
    strength: 'peer',
    upstream: 'https://github.com/pytorch/pytorch/blob/main/torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp',
  },
  {
    // The watchdog thread rethrows what it caught (a collective timeout, an async NCCL error) outside Python, so the C++
    // runtime aborts the process: "terminate called after throwing an instance of 'c10::DistBackendError'" then
    // "what():  [PG 0 Rank 1] Process group watchdog thread terminated with exception: …" (ProcessGroupNCCL::ncclCommWatchdog).
    // That what() line ("Process group" / older "NCCL watchdog thread terminated with exception: …") is a carrier: it is
    // a peer's death when what it carries is one (a timeout, a remote error: the rows above and below match the same
    // line), never by itself — it also carries this rank's own "CUDA error: uncorrectable ECC error encountered".
    format: 'nccl-timeout',
    pattern: /terminate called after throwing an instance of 'c10::DistBackendError'/,
    strength: 'peer',
    upstream: 'https://github.com/pytorch/pytorch/blob/main/torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp',
  },
  {
    // getNcclErrorDetailStr: "ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely."
    // NCCL's own ncclGetErrorString(ncclRemoteError), which PyTorch prints as "NCCL error: …" (NVIDIA/nccl src/init.cc):
    // "remote process exited or there was a network error".
    format: 'nccl-remote-error',
    pattern: /\bncclRemoteError\b|remote process exiting prematurely|remote process exited or there was a network error/,
    strength: 'peer',
    upstream: 'https://github.com/pytorch/pytorch/blob/main/torch/csrc/distributed/c10d/NCCLUtils.cpp',
  },
  {
    // getNcclErrorDetailStr for ncclSystemError, built against an NCCL without ncclRemoteError (before 2.12):
    // "ncclSystemError: System call (e.g. socket, malloc) or external library call failed or device error. It can be
    // also caused by unexpected exit of a remote peer, you can check NCCL warnings …" — that NCCL reported a peer's
    // exit as a system error. Only that sentence is read: the bare ncclSystemError of a newer NCCL (its peers' exits
    // are ncclRemoteError) is this rank's own failed system call, a cause of its own.
    format: 'nccl-remote-error',
    pattern: /\bunexpected exit of a remote peer\b/,
    strength: 'peer',
    upstream: 'https://github.com/pytorch/pytorch/blob/main/torch/csrc/distributed/c10d/NCCLUtils.cpp',
  },
  {
    // c10d's TCPStore client over its socket: "Connection reset by peer", "Broken pipe", DistNetworkError / DistStoreError.
    format: 'c10d-store',
    pattern: /\bTCPStore\b[^\n]*(?:Connection reset by peer|Broken pipe|failed|timed? ?out)|\bDist(?:Network|Store)Error\b|Connection reset by peer/,
    strength: 'peer',
    upstream: 'https://github.com/pytorch/pytorch/blob/main/torch/csrc/distributed/c10d/TCPStore.cpp',
  },
  {
    // Gloo's TCP pair when the other end of a collective closed: "Connection closed by peer [10.0.3.7]:29500".
    format: 'c10d-store',
    pattern: /Connection closed by peer/,
    strength: 'peer',
    upstream: 'https://github.com/pytorch/gloo/blob/main/gloo/transport/tcp/pair.cc',
  },
  {
    // torch.distributed.elastic rendezvous: RendezvousConnectionError / RendezvousClosedError when the rendezvous backend (a peer) went away.
    format: 'c10d-store',
    pattern: /\bRendezvous(?:Connection|Closed)Error\b/,
    strength: 'peer',
    upstream: 'https://github.com/pytorch/pytorch/blob/main/torch/distributed/elastic/rendezvous/api.py',
  },
  {
    // The elastic agent on a SIGTERM: "Received Signals.SIGTERM death signal, shutting down workers" and
    // "SignalException: Process 17 got signal: 15".
    format: 'sigterm',
    pattern: /\bSignals\.SIGTERM\b|\bSignalException: Process \d+ got signal: 15\b/,
    strength: 'peer',
    upstream: 'https://github.com/pytorch/pytorch/blob/main/torch/distributed/elastic/multiprocessing/api.py',
  },
  {
    // PaddlePaddle's launcher on a SIGTERM sent to it (the teardown, a probe's kill): its signal handler logs
    // "Terminating with signal 15", stops its workers, logs "Exit with signal 15" and exits 15
    // (PaddlePaddle/Paddle python/paddle/distributed/launch/controllers/controller.py ControllerBase.signal_handler).
    // Only SIGTERM: the handler also takes SIGABRT and SIGINT, which say no more about who sent them.
    format: 'sigterm',
    pattern: /\b(?:Terminating|Exit) with signal 15\b/,
    strength: 'peer',
    upstream: 'https://github.com/PaddlePaddle/Paddle/blob/develop/python/paddle/distributed/launch/controllers/controller.py',
  },
  {
    // The kubelet stopping a running container because its pod is deleted (the job's controller tearing the survivors
    // down): event reason Killing, message "Stopping container <name>" — SIGTERM, then SIGKILL after the grace period.
    // A probe's kill writes another message ("Container x failed liveness probe, will be restarted") and never matches.
    format: 'sigterm',
    pattern: /^Stopping container \S+$/,
    strength: 'peer',
    upstream: 'https://github.com/kubernetes/kubernetes/blob/master/pkg/kubelet/kuberuntime/kuberuntime_container.go',
  },
  {
    // Open MPI's launcher reporting a rank killed by the teardown: "mpirun noticed that process rank 3 with PID 0 on node
    // worker-3 exited on signal 15 (Terminated)." — and the launcher itself failing because a rank exited.
    format: 'mpi-peer-exit',
    pattern: /\b(?:mpirun|prterun) noticed that process rank \d+[^\n]*exited\b|\bexited on signal 15\b/,
    strength: 'peer',
    upstream: 'https://github.com/open-mpi/ompi/blob/v4.1.x/orte/tools/orterun/help-orterun.txt',
  },
  {
    // MPICH / Intel MPI's Hydra in the launcher relaying a rank's fate inside its "=====" frame: "BAD TERMINATION OF
    // ONE OF YOUR APPLICATION PROCESSES / RANK 6 PID 5120 RUNNING AT <host> / KILLED BY SIGNAL: 15 (Terminated)"
    // (pmodels/mpich src/pm/hydra/mpiexec/pmiserv_cb.c). A rank stopped by SIGTERM was torn down by something else:
    // the launcher that relays it has no cause of its own. ("EXIT CODE: 1" relays the rank's own exit: not a row —
    // the rank's exception the launcher printed above it is the line to read.)
    format: 'mpi-peer-exit',
    pattern: /\bKILLED BY SIGNAL: 15\b/,
    strength: 'peer',
    upstream: 'https://github.com/pmodels/mpich/blob/main/src/pm/hydra/mpiexec/pmiserv_cb.c',
  },
  {
    // Ray's ActorDiedError / RaySystemError / node death seen by a surviving worker.
    format: 'ray-peer-death',
    pattern:
      /The actor died unexpectedly before finishing this task|\bRaySystemError\b|\bActorDiedError\b|\bNodeDiedError\b|has been marked dead because the detector has missed too many heartbeats/,
    strength: 'peer',
    upstream: 'https://github.com/ray-project/ray/blob/master/python/ray/exceptions.py',
  },
  {
    // The JAX / TensorFlow coordination service: a task's heartbeat timed out, or the agent stops because another task failed.
    format: 'coordination-heartbeat',
    pattern: /\bheartbeat timeout\b[^\n]*(?:task|coordination)|coordination service[^\n]*(?:heartbeat|has stopped|detected fatal errors)|another task died/i,
    strength: 'peer',
    upstream: 'https://github.com/openxla/xla/blob/main/xla/tsl/distributed_runtime/coordination/coordination_service.cc',
  },
  {
    // The XLA/TSL coordination service's barrier, as JAX (XlaRuntimeError) or TensorFlow raise it on every task that
    // reached it: "DEADLINE_EXCEEDED: Barrier timed out. Id: …. This usually happens because a task triggered the
    // barrier too early or too slowly." — the task that never arrived is elsewhere.
    format: 'coordination-heartbeat',
    pattern: /\bBarrier timed out\. Id: |This usually happens because a task triggered the barrier too early or too slowly/,
    strength: 'peer',
    upstream: 'https://github.com/openxla/xla/blob/main/xla/tsl/distributed_runtime/coordination/coordination_service.cc',
  },
  {
    // Horovod's SHUT_DOWN_ERROR, raised on every surviving rank's next collective: "Horovod has been shut down. This was
    // caused by an exception on one of the ranks or an attempt to allreduce, allgather or broadcast a tensor after one
    // of the ranks finished execution."
    format: 'mpi-peer-exit',
    pattern: /Horovod has been shut down\. This was caused by an exception on one of the ranks/,
    strength: 'peer',
    upstream: 'https://github.com/horovod/horovod/blob/master/horovod/common/operations.cc',
  },
  // The catalogue read from upstream sources (each row cites the file that writes the text): every message whose
  // subject is a remote peer, rank, worker or connection that went away.
  {
    // PyTorch's flight recorder, on every rank once one rank's collective timed out: "[PG ID 0 PG GUID 0(default_pg)
    // Rank 6] Received a dump signal due to a collective timeout from rank 7 and we will try our best to dump the debug
    // info." (ProcessGroupNCCL::getNCCLWatchdogTimeoutErrorMsg).
    format: 'nccl-timeout',
    pattern: /\bReceived a dump signal due to a collective timeout from\b/,
    strength: 'peer',
    upstream: 'https://github.com/pytorch/pytorch/blob/main/torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp',
  },
  {
    // c10d's recvBytes when the store's other end closed: "Failed to recv, got 0 bytes. Connection was likely closed. Did
    // the remote server shutdown or crash?" (raised as DistNetworkError; the TCPStore client logs it as "recvValue failed").
    format: 'c10d-store',
    pattern: /\bConnection was likely closed\. Did the remote server shutdown or crash\?/,
    strength: 'peer',
    upstream: 'https://github.com/pytorch/pytorch/blob/main/torch/csrc/distributed/c10d/Utils.hpp',
  },
  {
    // Gloo's unbound buffer when the peer it waits on never sends: "[gloo/transport/tcp/unbound_buffer.cc:78] Timed out
    // waiting 1800000ms for recv operation to complete" — the collective timeout of the Gloo backend.
    format: 'c10d-store',
    pattern: /\bTimed out waiting \d+ms for recv operation to complete\b/,
    strength: 'peer',
    upstream: 'https://github.com/pytorch/gloo/blob/main/gloo/transport/tcp/unbound_buffer.cc',
  },
  {
    // A connection the remote end closed or reset, whoever prints it: NCCL's socket layer "socketProgress: Connection
    // closed by remote peer" (NVIDIA/nccl src/misc/socket.cc), UCX's UCS_ERR_CONNECTION_RESET "Connection reset by remote
    // peer" (openucx/ucx src/ucs/type/status.c), Rabit / XGBoost's "Socket RecvAll Error:Connection reset by peer".
    // The subject is the peer: the rows above keep the exact c10d/Gloo wording; this is the general statement.
    format: 'peer-connection-lost',
    pattern: /\bConnection (?:reset|closed) by (?:remote )?peer\b/i,
    strength: 'peer',
    upstream: 'https://github.com/NVIDIA/nccl/blob/master/src/misc/socket.cc',
  },
  {
    // TensorFlow's collective executor aborting every pending collective with the status that stopped one
    // (BaseCollectiveExecutor::StartAbort: "Collective ops is aborted by: <status message>\nThe error could be from a
    // previous operation."). Only an abort whose carried status is the channel to a peer going away is a consequence —
    // gRPC's "Socket closed" / "failed to connect to all addresses" (UNAVAILABLE), ECONNRESET's "Connection reset by
    // peer"; an abort carrying this worker's own error ("Error invoking NCCL: unhandled cuda error") is its own.
    format: 'peer-connection-lost',
    pattern: /\bCollective ops is aborted by: (?:Socket closed|failed to connect to all addresses|Connection reset by peer)\b/,
    strength: 'peer',
    upstream: 'https://github.com/tensorflow/tensorflow/blob/master/tensorflow/core/common_runtime/base_collective_executor.cc',
  },
  {
    // Open MPI's TCP transport when a peer process went away: "An MPI communication peer process has unexpectedly
    // disconnected. This usually indicates a failure in the peer process (e.g., a crash or otherwise exiting without
    // calling MPI_FINALIZE first)." (help-mpi-btl-tcp.txt [peer hung up]).
    format: 'mpi-peer-exit',
    pattern: /\bAn MPI communication peer process has unexpectedly disconnected\b/,
    strength: 'peer',
    upstream: 'https://github.com/open-mpi/ompi/blob/main/opal/mca/btl/tcp/help-mpi-btl-tcp.txt',
  },
  {
    // Open MPI's runtime (ORTE; PRRTE in Open MPI 5) when a remote node's daemon went away: "ORTE has lost communication
    // with a remote daemon." / "PRTE has lost communication with a remote daemon.", and Open MPI v4's [node-died]
    // "ORTE has lost communication with its daemon located on node:" over "  hostname:  <host>" (the daemon, or the
    // connection to its node, is gone: what the launcher lost, never why).
    format: 'mpi-peer-exit',
    pattern: /\b(?:ORTE|PRTE) has lost communication with (?:a remote daemon|its daemon located on node)\b/,
    strength: 'peer',
    upstream: 'https://github.com/open-mpi/ompi/blob/v4.1.x/orte/mca/errmgr/base/help-errmgr-base.txt',
  },
  {
    // Open MPI's launcher when a rank ended without MPI_Finalize: "mpirun has exited due to process rank 3 with PID 0 on
    // node worker-3 exiting improperly." ([orterun:proc-exit-no-sync]) — the launcher relays the rank's end.
    format: 'mpi-peer-exit',
    pattern: /\bhas exited due to process rank \d+ with PID \d+ on\b/,
    strength: 'peer',
    upstream: 'https://github.com/open-mpi/ompi/blob/v4.1.x/orte/tools/orterun/help-orterun.txt',
  },
  {
    // MPICH's error stack when a rank's peer is gone: "**comm_fail: Communication error with rank %d" (errnames.txt), and
    // Hydra's launcher once a proxy ended badly: "HYDT_bscu_wait_for_completion (tools/bootstrap/utils/bscu_wait.c:76): one
    // of the processes terminated badly; aborting" (Intel MPI's mpiexec.hydra prints the same).
    format: 'mpi-peer-exit',
    pattern: /\bCommunication error with rank \d+|\bone of the processes terminated badly; aborting\b/,
    strength: 'peer',
    upstream: 'https://github.com/pmodels/mpich/blob/main/src/pm/hydra/tools/bootstrap/utils/bscu_wait.c',
  },
  {
    // Ray's other errors whose subject is a remote worker or actor: RayActorError (ActorDiedError's base, older Ray),
    // WorkerCrashedError ("The worker died unexpectedly while executing this task."), OwnerDiedError (the object's owner
    // exited), ActorUnavailableError (the actor's process is unreachable).
    format: 'ray-peer-death',
    pattern: /\b(?:RayActorError|WorkerCrashedError|OwnerDiedError|ActorUnavailableError)\b|The worker died unexpectedly while executing this task/,
    strength: 'peer',
    upstream: 'https://github.com/ray-project/ray/blob/master/python/ray/exceptions.py',
  },
  {
    // Dask: the scheduler gives up on a task whose workers all died ("KilledWorker: Attempted to run task … on 3
    // different workers, but all those workers died while running it.", distributed/scheduler.py), and a comm whose
    // other end closed (CommClosedError, distributed/comm/core.py).
    format: 'peer-connection-lost',
    pattern: /\b(?:KilledWorker|CommClosedError)\b/,
    strength: 'peer',
    upstream: 'https://github.com/dask/distributed/blob/main/distributed/scheduler.py',
  },
  {
    // torchelastic's summary of a failed process group ("torch.distributed.elastic.multiprocessing.errors.ChildFailedError:"):
    // written on every rank whose agent saw a child fail, the origin's included.
    format: 'elastic-child-failed',
    pattern: /\bChildFailedError\b/,
    strength: 'wrapper',
    upstream: 'https://github.com/pytorch/pytorch/blob/main/torch/distributed/elastic/multiprocessing/errors/__init__.py',
  },
  {
    // Composer's launcher once a local rank exited non-zero: "Rank 0 crashed with exit code -6." then, after
    // SIGTERMing the others, "Global rank 0 (PID 6100) exited with code -6" (mosaicml/composer
    // composer/cli/launcher.py _monitor_processes / _print_process_exit_status): a summary that a child failed on
    // every replica whose rank died, the origin's included; the rank's own line above it says why.
    format: 'launcher-child-failed',
    pattern: /\bRank \d+ crashed with exit code -?\d+\.|\bGlobal rank \d+ \(PID \d+\) exited with code -?\d+\b/,
    strength: 'wrapper',
    upstream: 'https://github.com/mosaicml/composer/blob/dev/composer/cli/launcher.py',
  },
  {
    // horovodrun's Gloo launcher once any rank exited non-zero ("RuntimeError: Horovod detected that one or more
    // processes exited with non-zero status, thus causing the job to be terminated. The first process to do so was:"
    // over "Process name: … Exit code: …"): a summary on the launcher, the rank's own line (relayed above it) says why.
    format: 'mpi-peer-exit',
    pattern: /\bHorovod detected that one or more processes exited with non-zero status\b/,
    strength: 'wrapper',
    upstream: 'https://github.com/horovod/horovod/blob/master/horovod/runner/gloo_run.py',
  },
];

/** The first row a text matches (rows are ordered: the most specific format first); null when none does. */
export function matchCollateralFormat(text: string | null | undefined): CollateralFormatRow | null {
  if (!text) return null;
  return COLLATERAL_FORMAT_TABLE.find((row) => row.pattern.test(text)) ?? null;
}
