/**
 * The one Run:ai read the poller needs (docs/intake.md, the poller). The Run:ai client satisfies it
 * structurally (`createRunaiClient(...).listWorkloadsPhasedSince`); a test fake needs only
 * the fields below, which are all the poller reads from a workload.
 */
import type { PhasedWorkloadQuery } from '../runai/listWorkloadsPhasedSince.js';

export type { PhasedWorkloadQuery };

export interface PolledWorkload {
  id: string;
  clusterId: string;
  phase: string;
  phaseUpdatedAt?: string | null | undefined;
}

export interface FailedWorkloadLister {
  /** One page of `query.clusterId`'s workloads in `query.phases` changed at or after `query.since`, oldest first; `next` is the next offset, null on the last page. */
  listWorkloadsPhasedSince(query: PhasedWorkloadQuery): Promise<{ workloads: readonly PolledWorkload[]; next: number | null }>;
  /**
   * The same lister with every read bounded by `deadlineAt` (epoch ms on its clock): a read
   * still running then fails as RUNAI_TIMEOUT. Optional: a fake without it is not bounded.
   */
  withDeadline?(deadlineAt: number): Pick<FailedWorkloadLister, 'listWorkloadsPhasedSince'>;
}
