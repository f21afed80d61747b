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

  it("Horovod's shut-down error on a surviving rank", () => {
    const line =
      '[1,2]<stderr>:horovod.common.exceptions.HorovodInternalError: Horovod has been shut down. This was caused by an exception on one of the ranks or an attempt to allreduce, allgather or broadcast a tensor after one of the ranks finished execution.';
    expect(matchCollateralFormat(line)).toMatchObject({ format: 'mpi-peer-exit', strength: 'peer' });
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
