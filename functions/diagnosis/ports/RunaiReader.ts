/**
 * The port through which the diagnosis reads Run:ai. Every method is a read; there is
 * deliberately no way to express a write. Implementations: the undici client
 * (`runai/createRunaiClient`) and, in tests, fakes. Failures are thrown as `RunaiError`.
 */
import type {
  HistoryPage,
  MetricsResponse,
  Pod,
  RunaiEvent,
  Workload,
  WorkloadDetailed,
  Revision,
  WorkloadSpecResponse,
  WorkloadV2Response,
} from './RunaiSchemas.js';

export interface WorkloadListQuery {
  clusterId: string;
  name: string;
  projectName: string;
  /** `true` lists only deleted workloads (Run:ai deletes finished workloads after a retention period). */
  deleted: boolean;
  offset: number;
  limit: number;
}

export interface MetricsQuery {
  types: readonly string[];
  /** ISO 8601 */
  start: string;
  /** ISO 8601 */
  end: string;
  numberOfSamples: number;
}

/** The type-specific spec endpoints: one per row of the workload-kind table (workloadKinds.ts). */
import type { SpecKind } from './workloadKinds.js';
export type { SpecKind };

/** Where a submitted spec is read: a type-specific endpoint, or the Workloads V2 manifest of a third-party type. */
export type SpecSource = SpecKind | 'workloads-v2';

export interface MetricsResult {
  response: MetricsResponse;
  /** HTTP 207: the server returned only part of the requested series. */
  partial: boolean;
}

/** A workload's pods, every page read up to a cap; `capped` when pages were left unread. */
export interface PodPages {
  pods: Pod[];
  pages: number;
  capped: boolean;
}

export interface RunaiReader {
  listWorkloads(query: WorkloadListQuery): Promise<{ workloads: Workload[]; next: number | null }>;
  getWorkload(workloadId: string): Promise<WorkloadDetailed>;
  getWorkloadEvents(workloadId: string, limit: number): Promise<RunaiEvent[]>;
  getWorkloadSpec(workloadId: string, kind: SpecKind): Promise<WorkloadSpecResponse>;
  getWorkloadPods(workloadId: string): Promise<PodPages>;
  getWorkloadHistory(workloadId: string, offset: number, limit: number): Promise<{ records: HistoryPage['records']; next: number | null }>;
  getWorkloadMetrics(workloadId: string, query: MetricsQuery): Promise<MetricsResult>;
  /** Workloads V2: the submitted manifest of a registered third-party type (404 on control planes without it). */
  getWorkloadV2(workloadId: string): Promise<WorkloadV2Response>;
  /** An inference's revisions (clusters v2.21+; 404 on older control planes). */
  getInferenceRevisions(workloadId: string): Promise<Revision[]>;
  getRevisionPods(revisionId: string): Promise<Pod[]>;
  getRevisionEvents(revisionId: string, limit: number): Promise<RunaiEvent[]>;
  getRevisionHistory(revisionId: string, offset: number, limit: number): Promise<{ records: HistoryPage['records']; next: number | null }>;
}
