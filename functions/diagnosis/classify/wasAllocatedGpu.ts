/**
 * Whether the workload was given a GPU, as Run:ai reports it: a GPU count, fraction or GPU memory
 * requested for its pods, a GPU allocated to one of its pods, or GPU devices or a GPU portion in
 * its submitted spec (the master's, a distributed inference's leader or worker included). Pure.
 *
 * Only positive evidence counts: a workload whose responses name no GPU at all is not taken as
 * having one, so a GPU driver statement in its text stays the program's (GPU_UNREACHABLE is read
 * as the node's only behind an allocation: signals/gpu/readGpuUnreachable.ts).
 */
import { parseQuantity } from '../../core/parseQuantity.js';
import type { Pod, WorkloadDetailed, WorkloadSpecResponse } from '../ports/RunaiSchemas.js';
import type { WorkloadEvidence } from '../model/WorkloadEvidence.js';

type Requested = WorkloadDetailed['podsRequestedResources'];
type PodSpec = NonNullable<WorkloadSpecResponse['masterSpec']>;

const positive = (value: number | null | undefined): boolean => typeof value === 'number' && value > 0;

function requestsGpu(requested: Requested): boolean {
  if (!requested) return false;
  return positive(requested.gpu?.request) || positive(requested.gpu?.limit) || positive(parseQuantity(requested.gpuMemory?.request));
}

function podHasGpu(pod: Pod): boolean {
  return requestsGpu(pod.requestedResources) || positive(pod.allocatedResources?.gpu) || positive(parseQuantity(pod.allocatedResources?.gpuMemory));
}

function specAsksGpu(spec: PodSpec | null | undefined): boolean {
  return positive(spec?.compute?.gpuDevicesRequest) || positive(spec?.compute?.gpuPortionRequest);
}

export function wasAllocatedGpu(evidence: Pick<WorkloadEvidence, 'status' | 'pods' | 'spec'>): boolean {
  const { status } = evidence;
  if (requestsGpu(status.podsRequestedResources) || requestsGpu(status.workloadRequestedResources)) return true;
  if (evidence.pods.ok && evidence.pods.value.some(podHasGpu)) return true;
  if (!evidence.spec.ok) return false;
  const { spec, masterSpec } = evidence.spec.value;
  return specAsksGpu(spec) || specAsksGpu(spec?.leader) || specAsksGpu(spec?.worker) || specAsksGpu(masterSpec);
}
