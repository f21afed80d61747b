/**
 * Follows every page of one cluster's phased listing, up to a page cap, as a stream: each
 * page is handed to `accept` workload by workload and only what it returns is kept (a queue
 * message, a few hundred bytes), never the pages. A cluster answering 50 pages of 7 MB took
 * a 256 MB poller down when every listed workload was kept (#25).
 *
 * Pages are offsets into a list that can change while we read it: a workload that leaves
 * it between two page reads (deleted, or its phase changed) shifts every later one a
 * position left, and plain `offset = next` would skip the one that slid onto the page
 * boundary. So each page after the first starts a few positions early and workloads are
 * de-duplicated by id. New failures sort last (ascending `phaseUpdatedAt`), so they never
 * shift what is left to read.
 */
import type { FailedWorkloadLister, PolledWorkload } from './FailedWorkloadLister.js';

export interface CollectOptions<T> {
  clusterId: string;
  phases: readonly string[];
  since: string;
  pageLimit: number;
  maxPages: number;
  /** What to keep of a listed workload, or null to ignore it; called once per distinct id. */
  accept: (workload: PolledWorkload) => T | null;
}

export interface CollectedWorkloads<T> {
  /** What `accept` returned, in listing order. */
  accepted: T[];
  /** Distinct workloads listed. */
  listed: number;
  /** Listed, but `accept` returned null. */
  ignored: number;
  pages: number;
  /** Paging stopped at the page cap (or the kept cap) with more announced: the rest is for the next run. */
  truncated: boolean;
}

/** Positions re-read at each page boundary (bounded by the page size so paging always advances). */
export const PAGE_REREAD = 5;
/**
 * Longest id remembered for de-duplication: Run:ai ids are UUIDs (36). A longer one is not a
 * workload id the worker accepts; it is ignored without being remembered.
 */
const MAX_ID_CHARS = 256;

export async function collectPhasedWorkloads<T>(lister: FailedWorkloadLister, options: CollectOptions<T>): Promise<CollectedWorkloads<T>> {
  const { clusterId, phases, since, pageLimit, maxPages, accept } = options;
  const reread = Math.min(PAGE_REREAD, pageLimit - 1);
  // A server that ignores `limit` must not make the kept list outgrow what the cap allows.
  const maxKept = maxPages * pageLimit * new Set(phases).size;
  const seen = new Set<string>();
  const collected: CollectedWorkloads<T> = { accepted: [], listed: 0, ignored: 0, pages: 0, truncated: false };
  let offset = 0;
  for (;;) {
    const page = await lister.listWorkloadsPhasedSince({ clusterId, phases, since, offset, limit: pageLimit });
    collected.pages += 1;
    for (const workload of page.workloads) {
      const id: unknown = workload.id;
      const rememberable = typeof id === 'string' && id.length <= MAX_ID_CHARS;
      if (rememberable && seen.has(id)) continue;
      if (seen.size >= maxKept) {
        collected.truncated = true;
        return collected;
      }
      collected.listed += 1;
      const kept = rememberable ? accept(workload) : null;
      if (rememberable) seen.add(id);
      if (kept === null) collected.ignored += 1;
      else collected.accepted.push(kept);
    }
    const { next } = page;
    // An empty page or a `next` that does not move forward would loop forever.
    if (next === null || next <= offset || page.workloads.length === 0) return collected;
    if (collected.pages >= maxPages) {
      collected.truncated = true;
      return collected;
    }
    offset = Math.max(offset + 1, next - reread);
  }
}
