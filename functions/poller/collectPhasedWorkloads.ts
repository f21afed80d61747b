/**
 * Follows every page of one cluster's phased listing, up to a page cap.
 *
 * Pages are offsets into a list that can change while we read it: a workload that leaves
 * it between two page reads (deleted, or its phase changed) shifts every later one a
 * position left, and plain `offset = next` would skip the one that slid onto the page
 * boundary. So each page after the first starts a few positions early and workloads are
 * de-duplicated by id. New failures sort last (ascending `phaseUpdatedAt`), so they never
 * shift what is left to read.
 */
import type { FailedWorkloadLister, PolledWorkload } from './FailedWorkloadLister.js';

export interface CollectOptions {
  clusterId: string;
  phases: readonly string[];
  since: string;
  pageLimit: number;
  maxPages: number;
}

export interface CollectedWorkloads {
  workloads: PolledWorkload[];
  pages: number;
  truncated: boolean;
}

/** Positions re-read at each page boundary (bounded by the page size so paging always advances). */
export const PAGE_REREAD = 5;

export async function collectPhasedWorkloads(lister: FailedWorkloadLister, options: CollectOptions): Promise<CollectedWorkloads> {
  const { clusterId, phases, since, pageLimit, maxPages } = options;
  const reread = Math.min(PAGE_REREAD, pageLimit - 1);
  const byId = new Map<string, PolledWorkload>();
  let offset = 0;
  let pages = 0;
  for (;;) {
    const page = await lister.listWorkloadsPhasedSince({ clusterId, phases, since, offset, limit: pageLimit });
    pages += 1;
    for (const workload of page.workloads) if (!byId.has(workload.id)) byId.set(workload.id, workload);
    const { next } = page;
    // An empty page or a `next` that does not move forward would loop forever.
    if (next === null || next <= offset || page.workloads.length === 0) return { workloads: [...byId.values()], pages, truncated: false };
    if (pages >= maxPages) return { workloads: [...byId.values()], pages, truncated: true };
    offset = Math.max(offset + 1, next - reread);
  }
}
