/**
 * Everything the Tier 1 reads returned for one workload, including what failed to load:
 * a failed read is kept as a `Missing` with its reason, so that the verdict can say
 * "events could not be retrieved" instead of pretending there were none.
 */
import type { MetricsResult, SpecSource } from '../ports/RunaiReader.js';
import type { HistoryRecord, Pod, Revision, RunaiEvent, WorkloadDetailed, WorkloadSpecResponse } from '../ports/RunaiSchemas.js';
import type { Tier2Evidence } from './Tier2Evidence.js';

export type Missing = { ok: false; detail: string };
export type Read<T> = { ok: true; value: T } | Missing;

export interface HistoryRead {
  records: HistoryRecord[];
  pages: number;
  /** True when paging stopped at the page cap with more pages announced. */
  capped: boolean;
  /**
   * Absent: every record of the lookback that was read is kept. Present: the memory budget
   * (readHistory) dropped `records` of the oldest; every kept record is after `keptAfterMs`
   * (null: only undated records were dropped).
   */
  trimmed?: { records: number; keptAfterMs: number | null; budgetBytes: number };
}

export interface WorkloadEvidence {
  status: WorkloadDetailed;
  events: Read<RunaiEvent[]>;
  pods: Read<Pod[]>;
  /** Pages read when the pods listing stopped at its page cap with more pages announced (absent: every pod was read). */
  podsCappedAt?: number | null;
  /** `unknown-type`: no spec endpoint matches the workload type (not called). */
  spec: Read<WorkloadSpecResponse> | { ok: false; detail: 'unknown-type' };
  /** The endpoint the spec was read from (absent: the one the workload's `type` names). */
  specKind?: SpecSource | null;
  history: Read<HistoryRead>;
  /**
   * An inference's revision (readRevisionEvidence), read only when the workload-level evidence
   * did not explain the inference's failure. Absent or null: not read.
   */
  revisions?: Read<RevisionEvidence> | null;
  /** Null when metrics were not needed (no OOM and no unexplained SIGKILL). */
  metrics: Read<MetricsResult> | null;
  /** Evidence about how Option B chose this workload, already rendered. */
  selection: string | null;
  /**
   * Tier 2 (Kubernetes) evidence. Absent or null: Tier 2 is not configured for this cluster
   * (the verdict says so where Tier 2 would have been used). Present: Tier 2 is configured,
   * and holds what it read (possibly nothing, when the Tier 1 category did not call for it).
   */
  tier2?: Tier2Evidence | null;
}

export interface RevisionEvidence {
  /** The revision read; null when the inference has none. */
  revision: Revision | null;
  /** How many revisions the inference has. */
  count: number;
  pods: Read<Pod[]> | null;
  events: Read<RunaiEvent[]> | null;
  history: Read<HistoryRecord[]> | null;
}
