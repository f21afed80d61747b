/**
 * Reads the submitted spec where the official schema puts each field, per workload kind: a
 * training, workspace, inference or NIM service keeps its pod fields in `spec`; a distributed
 * training in `spec` (the workers) and `masterSpec`; a distributed inference in `spec.leader`
 * and `spec.worker`, with the restart policy beside them in `spec`; a Workloads V2 type in
 * its Kubernetes manifest (specFromManifest). Each field read says which
 * part it came from, and each field the kind's schema has but the response lacks is listed,
 * so that a verdict never lets an absent field pass for an unread one. Pure.
 */
import type { SpecField } from '../model/SpecField.js';
import { parseQuantity } from '../../core/parseQuantity.js';
import type { SpecSource } from '../ports/RunaiReader.js';
import type { SubmittedPodSpec, WorkloadSpecResponse } from '../ports/RunaiSchemas.js';
import { WORKLOAD_KINDS, type SpecKind, type SpecLayout, type SpecPartName } from '../ports/workloadKinds.js';
import { specSourceFor } from './specKindForType.js';

import type { WorkloadEvidence } from '../model/WorkloadEvidence.js';

/** Where a field was read: null for the kind's one pod spec, else the part's name (`leader`, `worker`, `master`). */
export interface Located<T> {
  value: T;
  part: SpecPartName | null;
}

type MemoryPair = { requestBytes: number | null; limitBytes: number | null };

export interface SubmittedSpec {
  image: Located<string> | null;
  /** The command with its arguments, from one part. */
  command: Located<string> | null;
  /** The memory of the part with the largest limit: the ceiling a workload-level peak is compared with. */
  memory: Located<MemoryPair> | null;
  /** Every part's memory request/limit, in layout order (leader and worker can differ). */
  memoryParts: Located<MemoryPair>[];
  restartPolicy: Located<{ restartPolicy: string; backoffLimit: number | null }> | null;
  /** Fields the kind's schema has that the response did not carry, with the paths looked at. */
  absent: { field: SpecField; paths: string[] }[];
}

/** One layout per spec source: the workload-kind table's rows, and the Workloads V2 manifest of a third-party type. */
export const SPEC_LAYOUT: Record<SpecSource, SpecLayout> = {
  ...(Object.fromEntries(WORKLOAD_KINDS.map((row) => [row.kind, row.layout])) as Record<SpecKind, SpecLayout>),
  // The manifest's first container with an image (specFromManifest), and its pod template's restart policy.
  'workloads-v2': {
    podParts: (r) => [{ name: null, path: 'workloadManifest', body: r.spec }],
    restartPart: (r) => ({ name: null, path: 'workloadManifest', body: r.spec }),
    hasCommand: true,
  },
};

export function readSubmittedSpec(kind: SpecSource, response: WorkloadSpecResponse): SubmittedSpec {
  const layout = SPEC_LAYOUT[kind];
  const parts = layout.podParts(response);
  const paths = parts.map((part) => part.path);
  const absent: SubmittedSpec['absent'] = [];
  const first = <T>(field: SpecField, read: (body: SubmittedPodSpec) => T | null): Located<T> | null => {
    for (const part of parts) {
      const value = part.body ? read(part.body) : null;
      if (value !== null) return { value, part: part.name };
    }
    absent.push({ field, paths });
    return null;
  };

  const image = first('image', (body) => body.image || null);
  const command = layout.hasCommand ? first('command', (body) => (body.command ? [body.command, body.args].filter(Boolean).join(' ') : null)) : null;
  const memoryParts = parts.flatMap((part): Located<MemoryPair>[] => {
    const pair = { requestBytes: parseQuantity(part.body?.compute?.cpuMemoryRequest), limitBytes: parseQuantity(part.body?.compute?.cpuMemoryLimit) };
    return pair.requestBytes === null && pair.limitBytes === null ? [] : [{ value: pair, part: part.name }];
  });
  if (memoryParts.length === 0) absent.push({ field: 'memory', paths });
  const memory = memoryParts.reduce<Located<MemoryPair> | null>(
    (largest, part) => (largest === null || (part.value.limitBytes ?? -1) > (largest.value.limitBytes ?? -1) ? part : largest),
    null,
  );
  let restartPolicy: SubmittedSpec['restartPolicy'] = null;
  if (layout.restartPart) {
    const part = layout.restartPart(response);
    if (part.body?.restartPolicy) {
      restartPolicy = { value: { restartPolicy: part.body.restartPolicy, backoffLimit: part.body.backoffLimit ?? null }, part: part.name };
    } else {
      absent.push({ field: 'restartPolicy', paths: [part.path] });
    }
  }
  return { image, command, memory, memoryParts, restartPolicy, absent };
}

/** The submitted spec of a workload's evidence, read for the kind whose endpoint answered; null when none was read. */
export function submittedSpecOf(evidence: Pick<WorkloadEvidence, 'spec' | 'specKind' | 'status'>): SubmittedSpec | null {
  if (!evidence.spec.ok) return null;
  const kind = evidence.specKind ?? specSourceFor(evidence.status);
  return kind ? readSubmittedSpec(kind, evidence.spec.value) : null;
}
