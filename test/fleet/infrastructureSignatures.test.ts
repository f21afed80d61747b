/**
 * Infrastructure signatures for the fleet's count (§4.8): read over the whole text of a record,
 * decided per NVIDIA / PyTorch documentation, never a category; a hardware Xid flags a node alone
 * only from the node's side.
 */
import { describe, expect, it } from 'vitest';
import { analyseWorkload } from '../../functions/diagnosis/classify/analyseWorkload.js';
import { countsAgainstNode } from '../../functions/diagnosis/classify/decideNodeSuspicion.js';
import type { WorkloadDetailed } from '../../functions/diagnosis/ports/RunaiSchemas.js';
import { readInfrastructureSignature } from '../../functions/diagnosis/signals/gpu/readInfrastructureSignature.js';
import type { RunaiEvent } from '../../functions/diagnosis/ports/RunaiSchemas.js';
import { describeNodeFailure } from '../../functions/diagnosis/verdict/describeNodeFailure.js';

describe('readInfrastructureSignature', () => {
  it.each([
    ['nccl', 'trainer-0:123:456 [0] NCCL WARN NET/IB : Got completion from peer 10.0.0.3 with error 12'],
    [
      'nccl',
      'torch.distributed.DistBackendError: NCCL error in: ProcessGroupNCCL.cpp:1970, unhandled system error, NCCL version 2.19.3\nncclSystemError: System call (e.g. socket, malloc) or external library call failed',
    ],
    ['nccl', 'ncclUnhandledCudaError: Call to CUDA function failed.'],
    ['nccl', 'ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.'],
    [
      'torch-distributed',
      'torch.distributed.DistBackendError: [3] is setting up NCCL communicator and retrieving ncclUniqueId from [0] via c10d key-value store',
    ],
    [
      'torch-distributed',
      '[Rank 1] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=680, OpType=ALLREDUCE) ran for 600013 milliseconds before timing out.',
    ],
    ['cuda-device', 'RuntimeError: CUDA error: unknown error'],
    ['cuda-device', 'RuntimeError: CUDA error: uncorrectable ECC error encountered'],
    ['cuda-device', 'Unable to determine the device handle for GPU 0000:3B:00.0: GPU is lost.  Reboot the system to recover this GPU'],
    ['cuda-device', 'RuntimeError: CUDA error: CUDA-capable device(s) is/are busy or unavailable'],
    ['cuda-device', 'Failed to initialize NVML: Driver/library version mismatch'],
    ['xid', 'NVRM: Xid (PCI:0000:3b:00): 79, pid=1234, GPU has fallen off the bus.'],
    ['gpu-health', 'Detected 3 volatile double-bit ECC error(s) in GPU 2.'],
  ])('%s: %s', (kind, text) => {
    expect(readInfrastructureSignature(text)?.kind).toBe(kind);
  });

  it.each([
    'RuntimeError: CUDA error: an illegal memory access was encountered',
    'RuntimeError: CUDA error: device-side assert triggered',
    'RuntimeError: CUDA error: unspecified launch failure',
    'torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB',
    'ncclInvalidUsage: This usually reflects invalid usage of NCCL library.',
    "trainer-0:88:90 [0] NCCL WARN Cuda failure 'out of memory'",
    "torch.distributed.DistBackendError: NCCL error in: ProcessGroupNCCL.cpp:1970, unhandled cuda error\nncclUnhandledCudaError: Call to CUDA function failed.\nLast error:\nCuda failure 'out of memory'",
    'RuntimeError: CUDA error: CUBLAS_STATUS_EXECUTION_FAILED when calling cublasGemmEx',
    'NVRM: Xid (PCI:0000:3b:00): 13, Graphics Exception',
    'KeyError: unknown error in config',
    'ValueError: some unknown error',
  ])('not infrastructure: %s', (text) => {
    expect(readInfrastructureSignature(text)).toBeNull();
  });
});

const FAILED_AT = '2026-12-02T10:00:00Z';

function status(phaseMessage: string): WorkloadDetailed {
  return {
    id: 'w1',
    name: 'train',
    clusterId: 'c1',
    projectName: 'vision',
    submittedBy: 'ana@example.com',
    phase: 'Failed',
    phaseUpdatedAt: FAILED_AT,
    phaseMessage,
    type: 'training',
  } as unknown as WorkloadDetailed;
}

const pods = { ok: true as const, value: [{ name: 'trainer-0', nodeName: 'dgx-07', k8sPhase: 'Failed' }] };

function remembered(s: WorkloadDetailed, events: RunaiEvent[] = []) {
  const analysis = analyseWorkload({
    status: s,
    events: { ok: true, value: events },
    pods,
    spec: { ok: false, detail: 'unknown-type' },
    history: { ok: true, value: { records: [], pages: 1, capped: false } },
    metrics: null,
    selection: null,
  } as never);
  return {
    category: analysis.classification.category,
    failure: describeNodeFailure(
      { status: s, pods },
      { ...analysis, distributed: null },
      { outcome: 'diagnosed', category: analysis.classification.category },
      Date.parse(FAILED_AT),
    ),
  };
}

/** A crash whose decisive line is the last exception, with the NCCL line far above it (past the quoted 360 characters). */
const filler = Array.from({ length: 12 }, (_, n) => `  File "/app/train.py", line ${100 + n}, in step_${n}`).join('\n');
const crash = (middle: string) =>
  `Pod trainer-0 on node dgx-07 failed with exit code 1.\nTraceback (most recent call last):\n${middle}\n${filler}\nRuntimeError: training step failed`;

describe('the fleet reads the whole message, not the decisive line', () => {
  it('a torch distributed (NCCL) line anywhere in the status message counts, and the category stays the same', () => {
    const withNccl = status(crash('torch.distributed.DistBackendError: NCCL communicator was aborted on rank 3'));
    const without = status(crash('  File "/app/model.py", line 3, in forward'));
    const a = remembered(withNccl);
    const b = remembered(without);
    expect(a.category).toBe(b.category);
    expect(a.failure).toMatchObject({ node: 'dgx-07', infrastructure: true, hardwareXid: null });
    expect(b.failure).toMatchObject({ infrastructure: false });
    if (a.category === 'CRASH_APP_ERROR') expect(countsAgainstNode(a.failure!)).toBe(true);
    if (b.category === 'CRASH_APP_ERROR') expect(countsAgainstNode(b.failure!)).toBe(false);
  });

  it("an illegal memory access is the program's: no signature", () => {
    const s = status(crash('RuntimeError: CUDA error: an illegal memory access was encountered'));
    expect(remembered(s).failure).toMatchObject({ infrastructure: false, hardwareXid: null });
  });
});

describe('a hardware Xid flags a node alone only from the node side', () => {
  it("an Xid claimed in the application's text is a signature, not a flag", () => {
    const s = status(crash('NVRM: Xid (PCI:0000:3b:00): 79, pid=1234, GPU has fallen off the bus.'));
    expect(remembered(s).failure).toMatchObject({ infrastructure: true, hardwareXid: null });
  });

  it("an Xid in the workload's status text (not the node's report) is a signature, not a flag; the category is unchanged", () => {
    const s = status('Pod trainer-0 failed: NVRM: Xid (PCI:0000:3b:00): 79, pid=1234, GPU has fallen off the bus.');
    const { category, failure } = remembered(s);
    expect(category).toBe('NODE_FAILURE');
    expect(failure).toMatchObject({ category: 'NODE_FAILURE', infrastructure: true, hardwareXid: null });
  });

  it('an Xid in a node event (node-problem-detector) flags the node', () => {
    const s = status('Pod trainer-0 on node dgx-07 failed with exit code 1.');
    const event = {
      type: 'Warning',
      reason: 'NVRMXid',
      message: 'NVRM: Xid (PCI:0000:3b:00): 79, pid=1234, GPU has fallen off the bus.',
      source: 'kernel-monitor',
      createdAt: FAILED_AT,
      involvedObject: { kind: 'Node', name: 'dgx-07' },
    } as unknown as RunaiEvent;
    const { failure } = remembered(s, [event]);
    expect(failure).toMatchObject({ node: 'dgx-07', hardwareXid: 79 });
  });
});

describe('the remembered failure time', () => {
  it("is the origin's failure time for a distributed failure, not the phase update", () => {
    const s = status('Pod trainer-0 on node dgx-07 failed with exit code 1.');
    const analysis = analyseWorkload({
      status: s,
      events: { ok: true, value: [] },
      pods,
      spec: { ok: false, detail: 'unknown-type' },
      history: { ok: true, value: { records: [], pages: 1, capped: false } },
      metrics: null,
      selection: null,
    } as never);
    const originAt = Date.parse(FAILED_AT) - 40 * 60_000;
    const distributed = {
      origin: {
        pod: 'trainer-0',
        node: 'dgx-07',
        at: originAt,
        kind: 'CONTAINER_CRASH',
        line: 'x',
        lineIsStatus: false,
        source: 'get_workload_pods',
        rawPod: 'trainer-0',
      },
    } as never;
    const failure = describeNodeFailure(
      { status: s, pods },
      { ...analysis, distributed },
      { outcome: 'diagnosed', category: analysis.classification.category },
      Date.parse(FAILED_AT) + 3_600_000,
    );
    expect(failure?.at).toBe(originAt);
    expect(
      describeNodeFailure({ status: s, pods }, { ...analysis, distributed: null }, { outcome: 'diagnosed', category: analysis.classification.category }, 0)?.at,
    ).toBe(Date.parse(FAILED_AT));
  });
});

describe('a node removed on purpose is not a bad node', () => {
  it('a spot interruption (the cloud preempting the node) is NODE_FAILURE but never counts against the node', () => {
    const s = status('Pod trainer-0 failed: container trainer terminated with exit code 143');
    const event = {
      type: 'Warning',
      reason: 'SpotInterrupted',
      message: 'Pod will be evicted from the node due to a spot interruption warning',
      source: 'karpenter',
      createdAt: FAILED_AT,
      involvedObject: { kind: 'Pod', name: 'trainer-0' },
    } as unknown as RunaiEvent;
    const { category, failure } = remembered(s, [event]);
    expect(category).toBe('NODE_FAILURE');
    expect(failure).toMatchObject({ node: 'dgx-07', nodeRemoval: 'spot-interruption' });
    expect(countsAgainstNode(failure!)).toBe(false);
  });
});

describe('Tier 2 log lines', () => {
  const log = (podName: string, line: string) => ({
    fact: { type: 'log-line' as const, podName, container: 'trainer', previous: false, line, fallback: false },
    source: `kubectl logs ${podName}` as const,
    hint: null,
    init: false,
  });
  const twoPods = {
    ok: true as const,
    value: [
      { name: 'trainer-0', nodeName: 'dgx-07', k8sPhase: 'Failed' },
      { name: 'trainer-1', nodeName: 'dgx-07', k8sPhase: 'Failed' },
    ],
  };
  const s = status('Pod trainer-0 on node dgx-07 failed with exit code 1.');
  const analysis = analyseWorkload({
    status: s,
    events: { ok: true, value: [] },
    pods: twoPods,
    spec: { ok: false, detail: 'unknown-type' },
    history: { ok: true, value: { records: [], pages: 1, capped: false } },
    metrics: null,
    selection: null,
  } as never);
  const verdict = { outcome: 'diagnosed' as const, category: 'CRASH_APP_ERROR' as const };

  it('a log line of the failing pod on the node is read for a signature', () => {
    const tier2 = {
      used: true,
      signals: [],
      limitations: [],
      commands: [],
      logs: [log('trainer-0', 'trainer-0:88:90 [0] NCCL WARN NET/IB : Got completion from peer with error 12')],
    };
    expect(describeNodeFailure({ status: s, pods: twoPods, tier2 }, { ...analysis, distributed: null }, verdict, 0)?.infrastructure).toBe(true);
  });

  it("a peer's NCCL timeout after the origin's own failure is collateral, not the node's", () => {
    const tier2 = {
      used: true,
      signals: [],
      limitations: [],
      commands: [],
      logs: [
        log('trainer-0', "KeyError: 'input_ids'"),
        log('trainer-1', '[Rank 1] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=1) ran for 600013 milliseconds before timing out.'),
      ],
    };
    const distributed = {
      origin: {
        pod: 'trainer-0',
        node: 'dgx-07',
        at: Date.parse(FAILED_AT),
        kind: 'CONTAINER_CRASH',
        line: 'x',
        lineIsStatus: false,
        source: 'get_workload_pods',
        rawPod: 'trainer-0',
      },
    } as never;
    expect(describeNodeFailure({ status: s, pods: twoPods, tier2 }, { ...analysis, distributed }, verdict, 0)?.infrastructure).toBe(false);
  });
});
