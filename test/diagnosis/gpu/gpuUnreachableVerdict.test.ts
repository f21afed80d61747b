import { describe, expect, it } from 'vitest';
import { analyseWorkload } from '../../../functions/diagnosis/classify/analyseWorkload.js';
import { buildVerdict } from '../../../functions/diagnosis/verdict/buildVerdict.js';
import type { WorkloadEvidence } from '../../../functions/diagnosis/model/WorkloadEvidence.js';
import type { WorkloadDetailed } from '../../../functions/diagnosis/ports/RunaiSchemas.js';
import { messagesEn } from '../../../functions/report/messagesEn.js';
import { DAY, evidenceOf, NOW_MS, pod, workloadStatus } from '../workloadEvidenceKit.js';

const verdictOf = (evidence: WorkloadEvidence) =>
  buildVerdict(evidence, analyseWorkload(evidence), { requestedClusterId: 'cluster-a', lookbackMs: 7 * DAY, nowMs: NOW_MS, messages: messagesEn });

const ONE_GPU: WorkloadDetailed['podsRequestedResources'] = { gpuRequestType: 'portion', gpu: { request: 1, limit: null } };
const crashed = (termination: string) => `Pod llama3-8b-sft-0-0 failed: container trainer terminated with exit code 1 (Error): ${termination}`;

function evidence(termination: string, requested: WorkloadDetailed['podsRequestedResources'] | null): WorkloadEvidence {
  return evidenceOf({
    status: workloadStatus({ phase: 'Failed', phaseMessage: crashed(termination), ...(requested ? { podsRequestedResources: requested } : {}) }),
    pods: { ok: true, value: [pod({ k8sPhase: 'Failed', nodeName: 'dgx-b200-13' })] },
  });
}

describe('the GPU stack calling the GPU unreachable', () => {
  const traceback =
    'Traceback (most recent call last):\n  File "/app/train.py", line 9, in <module>\n    pynvml.nvmlInit()\npynvml.NVMLError_DriverNotLoaded: Driver Not Loaded';

  it('is the node (NODE_FAILURE, platform) in a container that was given a GPU, the driver line quoted', () => {
    const verdict = verdictOf(evidence(traceback, ONE_GPU));
    expect([verdict.category, verdict.audience]).toEqual(['NODE_FAILURE', 'platform']);
    expect(verdict.failingLine).toBe('pynvml.NVMLError_DriverNotLoaded: Driver Not Loaded');
  });

  it('is the program (CRASH_APP_ERROR, user) in a container that asked for no GPU', () => {
    const verdict = verdictOf(evidence(traceback, null));
    expect([verdict.category, verdict.audience]).toEqual(['CRASH_APP_ERROR', 'user']);
  });

  it('reads the allocation from the pod or the submitted spec as well', () => {
    const fromPod = evidence(traceback, null);
    fromPod.pods = { ok: true, value: [pod({ k8sPhase: 'Failed', nodeName: 'dgx-b200-13', allocatedResources: { gpu: 0.5 } })] };
    expect(verdictOf(fromPod).category).toBe('NODE_FAILURE');
    const fromSpec = evidence(traceback, null);
    if (fromSpec.spec.ok) fromSpec.spec.value = { ...fromSpec.spec.value, spec: { ...fromSpec.spec.value.spec, compute: { gpuDevicesRequest: 2 } } };
    expect(verdictOf(fromSpec).category).toBe('NODE_FAILURE');
  });

  it('leaves an OOM kill first: the container ran out of memory whatever the driver said after', () => {
    const oom = evidence('CUDA error: unknown error', ONE_GPU);
    oom.pods = { ok: true, value: [pod({ k8sPhase: 'OOMKilled', nodeName: 'dgx-b200-13' })] };
    expect(verdictOf(oom).category).toBe('OOM_KILLED');
  });

  it('does not flag the node alone: the line came from the container', () => {
    const analysis = analyseWorkload(evidence(traceback, ONE_GPU));
    const signal = analysis.signals.find((one) => one.kind === 'GPU_UNREACHABLE');
    expect(signal?.line?.fromPayload).toBe(true);
    expect(signal?.xid).toBeUndefined();
  });
});
