/**
 * Step 3's history paging: limit 50, `next` as the next offset, until `next` is absent,
 * a whole page is older than the lookback threshold, or the page cap is reached. The API
 * does not specify an order, so nothing here assumes one.
 */
import { parseTimestamp } from '../../core/parseTimestamp.js';
import type { RunaiReader } from '../ports/RunaiReader.js';
import type { HistoryRecord } from '../ports/runaiSchemas.js';
import type { HistoryRead } from '../model/WorkloadEvidence.js';

export const HISTORY_PAGE_SIZE = 50;
export const MAX_HISTORY_PAGES = 200;

export async function readHistory(reader: RunaiReader, workloadId: string, lookbackStartMs: number): Promise<HistoryRead> {
  const records: HistoryRecord[] = [];
  let offset = 0;
  let pages = 0;
  for (;;) {
    const page = await reader.getWorkloadHistory(workloadId, offset, HISTORY_PAGE_SIZE);
    pages += 1;
    const recent = page.records.filter((record) => {
      const at = parseTimestamp(record.meta.creationTimestamp);
      return at === null || at >= lookbackStartMs;
    });
    records.push(...recent);
    const wholePageOld = page.records.length > 0 && recent.length === 0;
    // A `next` that does not move forward would loop forever: treat it as the end.
    if (page.next === null || page.next <= offset || wholePageOld || page.records.length === 0) return { records, pages, capped: false };
    if (pages >= MAX_HISTORY_PAGES) return { records, pages, capped: true };
    offset = page.next;
  }
}
