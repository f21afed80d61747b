/**
 * Which recording (RECORD_DIR, docs/recording.md) is the diagnosis a feedback answer is
 * about. The answer names its occurrence, `clusterId#workloadId#phaseUpdatedAt` (the worker's
 * idempotency key, functions/delivery/IdempotencyStore.ts); a recording holds the request, the
 * live verdict (cluster and workload id) and the workload's status answer, whose
 * `phaseUpdatedAt` is stored relative to the moment of the diagnosis (`now-4h`) — the moment
 * the folder is named after (`2026-12-02T17-40-16-123Z-1a2b3c`, createRecordingRouter).
 *
 * A recording matches when cluster, workload and the failure's phase time all agree: the same
 * workload failing again is another occurrence, and exporting its recording would make a test
 * of the wrong failure. Anonymized recordings are not matched (their names, and a cluster id that
 * is not Run:ai's UUID, are pseudonyms): record raw, the export anonymizes. Pure: the caller reads the folders.
 */
import { parseTimestamp } from '../core/parseTimestamp.js';
import type { ScenarioFile } from '../recording/format/ScenarioSchema.js';
import { resolveRelativeTimestamp } from '../recording/format/resolveRelativeTimestamps.js';

export interface RecordingCandidate {
  /** The folder name, `<ISO time with - for : and .>-<hex>` when RECORD_DIR wrote it. */
  name: string;
  scenario: Pick<ScenarioFile, 'request' | 'runai' | 'recording'>;
}

export interface OccurrenceIdentity {
  clusterId: string;
  workloadId: string;
  /** Epoch ms of the failure's phase change. */
  phaseUpdatedAtMs: number;
}

/** `clusterId#workloadId#phaseUpdatedAt`; null for the other key shapes (`dedupe#…`, a hashed long key), which name no occurrence. */
export function parseOccurrenceKey(key: string): OccurrenceIdentity | null {
  const [clusterId, workloadId, ...rest] = key.split('#');
  const phase = rest.join('#');
  if (!clusterId || !workloadId || !phase || clusterId === 'dedupe') return null;
  // The key holds Run:ai's text as it came (ISO, or the space-separated UTC form): parsed as the diagnosis parses it.
  const phaseUpdatedAtMs = parseTimestamp(phase);
  return phaseUpdatedAtMs === null ? null : { clusterId, workloadId, phaseUpdatedAtMs };
}

const FOLDER_TIME = /^(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z-[0-9a-f]+$/;

/** The moment of the diagnosis, from a RECORD_DIR folder name; null for any other name. */
export function recordedAt(name: string): Date | null {
  const match = FOLDER_TIME.exec(name);
  if (!match) return null;
  const at = new Date(`${match[1]}T${match[2]}:${match[3]}:${match[4]}.${match[5]}Z`);
  return Number.isNaN(at.getTime()) ? null : at;
}

/** The workload's phaseUpdatedAt as recorded (relative), from its status answer or a list answer that holds it. */
function recordedPhaseTimes(scenario: RecordingCandidate['scenario'], workloadId: string): string[] {
  const found: string[] = [];
  const visit = (value: unknown) => {
    if (typeof value !== 'object' || value === null) return;
    const record = value as Record<string, unknown>;
    if (record.id === workloadId && typeof record.phaseUpdatedAt === 'string') found.push(record.phaseUpdatedAt);
    if (Array.isArray(record.workloads)) for (const item of record.workloads) visit(item);
  };
  for (const exchange of scenario.runai.recorded) visit(exchange.body);
  return found;
}

/** The newest recording of exactly this occurrence, or null. */
export function findRecordingOf(occurrenceKey: string, candidates: readonly RecordingCandidate[]): RecordingCandidate | null {
  const identity = parseOccurrenceKey(occurrenceKey);
  if (!identity) return null;
  let best: { candidate: RecordingCandidate; at: number } | null = null;
  for (const candidate of candidates) {
    const { scenario } = candidate;
    const workload = scenario.recording?.verdict?.workload;
    if (!scenario.recording || scenario.recording.anonymized || !workload) continue;
    if (workload.clusterId !== identity.clusterId || workload.id !== identity.workloadId) continue;
    const at = recordedAt(candidate.name);
    if (!at) continue;
    const sameOccurrence = recordedPhaseTimes(scenario, identity.workloadId).some(
      (relative) => parseTimestamp(resolveRelativeTimestamp(relative, at.getTime())) === identity.phaseUpdatedAtMs,
    );
    if (sameOccurrence && (!best || at.getTime() > best.at)) best = { candidate, at: at.getTime() };
  }
  return best?.candidate ?? null;
}
