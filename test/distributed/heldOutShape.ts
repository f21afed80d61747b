/**
 * The shape of a generated held-out distributed workload (name, framework, replica count, node
 * pool, requests) and the pieces of its Run:ai submission every set derives from it the same way.
 * The second and third held-out sets (distributedHeldOut2Cases.ts, distributedHeldOut3Cases.ts)
 * build their cases on it; each keeps its own frameworks, images and pod naming.
 */
import type { ReplicaPlan } from './buildHeldOutCase.js';

/** One replica of the roster a controller creates: its pod, container and replica role. */
export interface HeldOutMember {
  pod: string;
  container: string;
  role: string;
}

export interface HeldOutShape<Framework extends string> {
  name: string;
  project: string;
  submittedBy: string;
  framework: Framework;
  workers: number;
  nodePrefix: string;
  memory: { request: string; limit: string };
  gpus: number;
  startedAgo: number;
}

/** A shape from positional values (the case lists stay one line a case). */
export const heldOutShape = <Framework extends string>(
  name: string,
  framework: Framework,
  workers: number,
  nodePrefix: string,
  project: string,
  submittedBy: string,
  memory: [string, string],
  gpus: number,
  startedAgo: number,
): HeldOutShape<Framework> => ({
  name,
  framework,
  workers,
  nodePrefix,
  project,
  submittedBy,
  memory: { request: memory[0], limit: memory[1] },
  gpus,
  startedAgo,
});

/**
 * Five lowercase alphanumerics, as a Kubernetes generateName suffix, made deterministic by a
 * string hash. Each set seeds the hash differently (`start`, `multiplier`) so that its pod names
 * are its own; changing either renames every generated pod of that set.
 */
export function generateNameSuffix(seed: string, start: number, multiplier: number): string {
  let hash = start;
  for (const char of seed) hash = (hash * multiplier + char.charCodeAt(0)) >>> 0;
  const alphabet = 'bcdfghjklmnpqrstvwxz2456789';
  return Array.from({ length: 5 }, (_, index) => alphabet[(hash >>> (index * 5)) % alphabet.length]).join('');
}

/** The Run:ai v1 `compute` block of a shape's submission (CPU scaled with the GPUs, large /dev/shm). */
export const v1Compute = (shape: HeldOutShape<string>) => ({
  gpuDevicesRequest: shape.gpus,
  gpuRequestType: 'portion',
  cpuCoreRequest: 16 * Math.max(1, shape.gpus),
  cpuMemoryRequest: shape.memory.request,
  cpuMemoryLimit: shape.memory.limit,
  largeShmRequest: true,
});

/** The fields of a failed Run:ai v1 workload body that come from the shape alone. */
export const v1Common = (shape: HeldOutShape<string>) => ({
  name: shape.name,
  requestedName: shape.name,
  createdBy: shape.submittedBy,
  desiredPhase: 'Running',
  actualPhase: 'Failed',
});

/**
 * The replicas of a roster, all still running: one node a replica (`<nodePrefix><NN>`, numbered
 * from `firstNode`), no GPUs for a launcher or a Ray head (they only coordinate).
 */
export function rosterReplicas(shape: HeldOutShape<string>, roster: HeldOutMember[], image: string, firstNode: number): ReplicaPlan[] {
  return roster.map((member, index) => ({
    pod: member.pod,
    node: `${shape.nodePrefix}${String(index + firstNode).padStart(2, '0')}`,
    container: member.container,
    endedAgo: null,
    runaiPhase: 'Running',
    memory: shape.memory,
    gpus: member.role === 'Launcher' || member.role === 'Head' ? 0 : shape.gpus,
    image,
  }));
}
