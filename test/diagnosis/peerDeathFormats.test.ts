/**
 * Peer-death formats of frameworks whose survivors say so in their own words (cited rows of
 * signals/collateralFormatTable.ts), and a launcher's report of its child's exit read as a
 * consequence (lineRules.ts CHILD_ENDED). Texts shaped like the cited upstream formats.
 */
import { describe, expect, it } from 'vitest';
import { matchCollateralFormat } from '../../functions/diagnosis/signals/collateralFormatTable.js';
import { matchLineRule } from '../../functions/diagnosis/signals/decisiveLine/lineRules.js';

describe('peer-death formats', () => {
  it("XLA's coordination barrier timing out on a task that reached it (JAX / TensorFlow)", () => {
    const line =
      'jaxlib.xla_extension.XlaRuntimeError: DEADLINE_EXCEEDED: Barrier timed out. Id: ckpt_save.3. This usually happens because a task triggered the barrier too early or too slowly.';
    expect(matchCollateralFormat(line)).toMatchObject({ format: 'coordination-heartbeat', strength: 'peer' });
  });

  it("TensorFlow's collective abort is a consequence only when the status it carries is a lost channel", () => {
    // tensorflow/core/common_runtime/base_collective_executor.cc StartAbort: "Collective ops is aborted by: " + status.
    const abort = (status: string) => `tensorflow.python.framework.errors_impl.UnavailableError: Collective ops is aborted by: ${status}`;
    for (const status of ['Socket closed', 'failed to connect to all addresses', 'Connection reset by peer'])
      // An earlier row may read the reset's words first (Gloo's): a peer statement either way.
      expect(matchCollateralFormat(abort(status))).toMatchObject({ strength: 'peer' });
    // The worker's own error carried by the abort stays its own.
    for (const status of ['Error invoking NCCL: unhandled cuda error', 'OOM when allocating tensor with shape[8192,8192]'])
      expect(matchCollateralFormat(abort(status))).toBeNull();
  });

  it("Horovod's shut-down error on a surviving rank", () => {
    const line =
      '[1,2]<stderr>:horovod.common.exceptions.HorovodInternalError: Horovod has been shut down. This was caused by an exception on one of the ranks or an attempt to allreduce, allgather or broadcast a tensor after one of the ranks finished execution.';
    expect(matchCollateralFormat(line)).toMatchObject({ format: 'mpi-peer-exit', strength: 'peer' });
  });

  // The catalogue's lines that the whole-tail generator (originAssumptionCases.ts) does not carry, each shaped like its
  // cited upstream text.
  it.each([
    [
      'UCX status UCS_ERR_CONNECTION_RESET',
      '[1765015331.512871] [llm-worker-3:88 :1] ucp_worker.c:1783 UCX  ERROR  error Connection reset by remote peer',
      'peer-connection-lost',
    ],
    ['MPICH error stack (**comm_fail)', 'MPIDI_CH3I_Progress(224)..........: Communication error with rank 3', 'mpi-peer-exit'],
    [
      "Hydra's launcher once a proxy ended badly",
      '[mpiexec@llm-launcher] HYDT_bscu_wait_for_completion (tools/bootstrap/utils/bscu_wait.c:76): one of the processes terminated badly; aborting',
      'mpi-peer-exit',
    ],
    ['ORTE losing a remote daemon', 'ORTE has lost communication with a remote daemon.', 'mpi-peer-exit'],
    ['mpirun relaying a rank that exited improperly', 'mpirun has exited due to process rank 3 with PID 0 on', 'mpi-peer-exit'],
    ["Ray's older RayActorError", 'ray.exceptions.RayActorError: The actor died because of an error raised in its creation task', 'ray-peer-death'],
    ["Ray's OwnerDiedError", "ray.exceptions.OwnerDiedError: Failed to retrieve object 00ff. The object's owner has exited.", 'ray-peer-death'],
    [
      "Dask's CommClosedError",
      'distributed.comm.core.CommClosedError: in <TCP (closed) ConnectionPool.gather local=tcp://10.0.0.4:51234 remote=tcp://10.0.0.7:40123>: Stream is closed',
      'peer-connection-lost',
    ],
  ] as const)('%s', (_what, line, format) => {
    expect(matchCollateralFormat(line)).toMatchObject({ format, strength: 'peer' });
  });

  it('the general connection rule reads only a connection the remote end closed', () => {
    expect(matchCollateralFormat('Connection closed by remote peer')?.format).toBe('peer-connection-lost');
    expect(matchCollateralFormat('connection closed by user after 3 retries')).toBeNull();
    expect(matchCollateralFormat('Communication error with ranking service: 503')).toBeNull();
    expect(matchCollateralFormat('OwnerDied: the dataset owner field is empty')).toBeNull();
  });

  it('an ordinary barrier or shutdown sentence of an application is not a peer death', () => {
    expect(matchCollateralFormat('Barrier timed out waiting for the data loader')).toBeNull();
    expect(matchCollateralFormat('Horovod has been shut down cleanly after 10 epochs')).toBeNull();
  });
});

describe("a launcher's report of its child's exit is a consequence", () => {
  it("DeepSpeed's sigkill_handler line ranks as a consequence, below the child's own error", () => {
    const line =
      "[2026-12-03 08:08:20,977] [ERROR] [launch.py:341:sigkill_handler] ['/usr/bin/python3', '-u', 'train.py', '--local_rank=3'] exits with return code = 1";
    expect(matchLineRule(line)?.name).toBe('consequence');
  });
});
