/**
 * The node's GPU stack unreachable, said in a program's own output (gpuStackUnreachable.ts): the
 * program never got to run GPU work, so the driver, the device or its injection is at fault —
 * NODE_FAILURE, quoting the program's line. Faults during the program's GPU work on a reachable
 * device stay its crash. The messages are shaped like other upstreams than the held-out corpora
 * (CuPy, TensorFlow's cuInit, nvidia-smi's device query, a Go exporter's logfmt line).
 */
import { describe, expect, it } from 'vitest';
import { analyseWorkload } from '../../../functions/diagnosis/classify/analyseWorkload.js';
import type { WorkloadDetailed } from '../../../functions/diagnosis/ports/RunaiSchemas.js';
import { signalsFromStatus } from '../../../functions/diagnosis/signals/extractSignals.js';

const exit = (output: string) => `Pod infer-0-0 failed: container main terminated with exit code 1 (Error): ${output}`;

function status(phaseMessage: string, name = 'infer'): WorkloadDetailed {
  return {
    id: 'w1',
    name,
    clusterId: 'c1',
    projectName: 'vision',
    phase: 'Failed',
    phaseUpdatedAt: '2026-01-05T10:00:00Z',
    phaseMessage,
    type: 'training',
  } as unknown as WorkloadDetailed;
}

function categoryOf(s: WorkloadDetailed): string {
  const analysis = analyseWorkload({
    status: s,
    events: { ok: true, value: [] },
    pods: { ok: true, value: [{ name: `${s.name}-0-0`, nodeName: 'dgx-07', k8sPhase: 'Failed' }] },
    spec: { ok: false, detail: 'unknown-type' },
    history: { ok: true, value: { records: [], pages: 1, capped: false } },
    metrics: null,
    selection: null,
  } as never);
  return analysis.classification.category;
}

const nodeSignal = (s: WorkloadDetailed) => signalsFromStatus(s).find((signal) => signal.kind === 'NODE_FAILURE');

describe("the GPU stack unreachable in a program's words is the node's", () => {
  it.each([
    [
      'CuPy: the runtime finds the driver older than it needs',
      'cupy_backends.cuda.api.runtime.CUDARuntimeError: cudaErrorInsufficientDriver: CUDA driver version is insufficient for CUDA runtime version',
    ],
    [
      "TensorFlow's cuInit: the user-space driver does not match the kernel module",
      'E0105 10:00:00.000000 140 cuda_driver.cc:282] failed call to cuInit: CUDA_ERROR_SYSTEM_DRIVER_MISMATCH: system has unsupported display driver / cuda driver combination',
    ],
    [
      "nvidia-smi's device query: a GPU fell off the bus",
      '+ nvidia-smi -q\nUnable to determine the device handle for GPU 0000:3B:00.0: GPU is lost.  Reboot the system to recover this GPU',
    ],
    ['a Go exporter that cannot open NVML', 'time="2026-01-05T10:00:00Z" level=fatal msg="failed to initialize NVML: Driver Not Loaded"'],
  ])('%s', (_, output) => {
    const s = status(exit(output));
    expect(categoryOf(s)).toBe('NODE_FAILURE');
    // The program's line is quoted, not the system's "terminated with exit code 1".
    expect(nodeSignal(s)?.line).toMatchObject({ fromPayload: true });
    expect(nodeSignal(s)?.line?.text).not.toContain('terminated with exit code');
  });
});

describe('faults during GPU work on a reachable device stay the program’s', () => {
  it.each([
    ['an uncorrectable ECC error mid-run (the seen corpus decides it so)', 'RuntimeError: CUDA error: uncorrectable ECC error encountered'],
    ['a pod that asked for no GPU', 'RuntimeError: No CUDA GPUs are available\ncudaErrorNoDevice: no CUDA-capable device is detected'],
    ['an illegal address', 'RuntimeError: CUDA error: an illegal memory access was encountered'],
  ])('%s', (_, output) => {
    expect(categoryOf(status(exit(output)))).toBe('CRASH_APP_ERROR');
  });

  it("the words count only in the container's text: a name never steers", () => {
    // Kubernetes names are lower case: the pattern reads `cudaErrorInsufficientDriver` in any case, the mask hides the name first.
    const s = status(exit('cudaerrorinsufficientdriver-0-0 starting\nValueError: bad config'), 'cudaerrorinsufficientdriver');
    expect(categoryOf(s)).toBe('CRASH_APP_ERROR');
  });
});
