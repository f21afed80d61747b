/**
 * Run:ai responses for verdict-builder tests, in the API's own shapes (the fields the
 * diagnosis reads), with timestamps relative to a fixed NOW. Each test states the parts
 * that matter to it; the rest is a read that succeeded with nothing notable in it.
 */
import type { HistoryRecord, Pod, RunaiEvent, WorkloadDetailed, WorkloadSpecResponse } from '../../functions/diagnosis/ports/RunaiSchemas.js';
import type { WorkloadEvidence } from '../../functions/diagnosis/model/WorkloadEvidence.js';

export const NOW_MS = Date.parse('2026-03-02T12:00:00Z');
export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;
export const GiB = 2 ** 30;

export const ago = (ms: number) => new Date(NOW_MS - ms).toISOString();

export function workloadStatus(overrides: Partial<WorkloadDetailed> = {}): WorkloadDetailed {
  return {
    id: 'b4c275cd-c910-4dde-8880-f38b3ee17326',
    name: 'llama3-8b-sft',
    type: 'Training',
    clusterId: 'cluster-a',
    projectName: 'nlp-research',
    namespace: 'runai-nlp-research',
    phase: 'Failed',
    createdAt: ago(6 * HOUR),
    phaseUpdatedAt: ago(HOUR),
    ...overrides,
  };
}

export function podEvent(reason: string, message: string, msAgo: number, pod = 'llama3-8b-sft-0-0'): RunaiEvent {
  return { createdAt: ago(msAgo), type: 'Warning', reason, message, involvedObject: { kind: 'Pod', name: pod } };
}

export function pod(overrides: Partial<Pod> = {}): Pod {
  return {
    name: 'llama3-8b-sft-0-0',
    nodeName: 'dgx-07',
    k8sPhase: 'Failed',
    requestedResources: { cpuMemory: { request: '24Gi', limit: '32Gi' } },
    ...overrides,
  };
}

export function historyEvent(reason: string, message: string, msAgo: number): HistoryRecord {
  return { meta: { creationTimestamp: ago(msAgo), type: 'Event' }, spec: { event: podEvent(reason, message, msAgo) } };
}

export function spec(body: NonNullable<WorkloadSpecResponse['spec']>): WorkloadSpecResponse {
  return { spec: body };
}

export function usageSeries(peakBytes: number, samples: number): NonNullable<WorkloadEvidence['metrics']> {
  const values = Array.from({ length: samples }, (_, i) => ({ value: i === samples - 1 ? peakBytes : peakBytes / 2, timestamp: ago((samples - i) * 60_000) }));
  return { ok: true, value: { partial: false, response: { measurements: [{ type: 'CPU_MEMORY_USAGE_BYTES', values }] } } };
}

export function evidenceOf(parts: Partial<WorkloadEvidence> = {}): WorkloadEvidence {
  return {
    status: workloadStatus(),
    events: { ok: true, value: [] },
    pods: { ok: true, value: [pod()] },
    spec: {
      ok: true,
      value: spec({ image: 'registry.example.com/nlp/sft:1.4', restartPolicy: 'Never', compute: { cpuMemoryRequest: '24Gi', cpuMemoryLimit: '32Gi' } }),
    },
    history: { ok: true, value: { records: [], pages: 1, capped: false } },
    metrics: null,
    selection: null,
    ...parts,
  };
}
