/**
 * A Workloads V2 workload's submitted spec, read from its Kubernetes manifest: the first
 * container of the manifest's pod templates that names an image gives the image, the
 * command with its arguments and the memory request/limit; the pod template's restart
 * policy comes with it. Third-party types (PyTorchJob, RayJob, LeaderWorkerSet, …) nest pod
 * templates differently, so templates are found by shape (`containers` beside them), not by
 * a path per CRD. Pure.
 */
import type { WorkloadSpecResponse, WorkloadV2Response } from '../ports/RunaiSchemas.js';

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | null => (typeof value === 'string' && value.length > 0 ? value : null);
const words = (value: unknown): string | null =>
  Array.isArray(value) ? value.filter((word): word is string => typeof word === 'string').join(' ') || null : text(value);

/** Pod specs (objects with a `containers` array), depth-first in document order, bounded against hostile nesting. */
function podSpecs(node: unknown, depth = 0, found: Json[] = []): Json[] {
  if (depth > 12 || found.length >= 16) return found;
  if (Array.isArray(node)) {
    for (const item of node) podSpecs(item, depth + 1, found);
  } else if (isObject(node)) {
    if (Array.isArray(node.containers)) found.push(node);
    for (const [key, value] of Object.entries(node)) if (key !== 'containers' && key !== 'status') podSpecs(value, depth + 1, found);
  }
  return found;
}

export function specFromManifest(response: WorkloadV2Response): WorkloadSpecResponse {
  const manifest = response.workload.workloadManifest ?? response.workload.rawManifest ?? {};
  for (const podSpec of podSpecs(manifest.spec ?? manifest)) {
    const container = (podSpec.containers as unknown[]).find((item): item is Json => isObject(item) && text(item.image) !== null);
    if (!container) continue;
    const resources = isObject(container.resources) ? container.resources : {};
    const limits = isObject(resources.limits) ? resources.limits : {};
    const requests = isObject(resources.requests) ? resources.requests : {};
    const quantity = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? value : null);
    return {
      desiredPhase: response.workload.desiredPhase ?? null,
      spec: {
        image: text(container.image),
        command: words(container.command),
        args: words(container.args),
        restartPolicy: text(podSpec.restartPolicy),
        compute: { cpuMemoryLimit: quantity(limits.memory), cpuMemoryRequest: quantity(requests.memory) },
      },
    };
  }
  return { desiredPhase: response.workload.desiredPhase ?? null, spec: null };
}
