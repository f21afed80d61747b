/**
 * Step 3's history paging: limit 50, `next` as the next offset, until `next` is absent,
 * a whole page is older than the lookback threshold, or the page cap is reached. The API
 * does not specify an order, so nothing here assumes one.
 *
 * Pages are read one at a time and only the records inside the lookback are kept, within a
 * memory budget: a control plane answering 200 pages of 7 MB records took one diagnosis to
 * 1.6 GB when every record was kept (#25). Past the budget the oldest records are dropped
 * (by their own timestamp, never by page order), and every record at or before the newest
 * dropped one is refused from then on, so what is kept is always exactly "every record
 * after a moment" — the newest, which hold the current run. The cut is stated: the verdict
 * names the budget and how many records it dropped, and recurrence becomes a lower bound
 * (countRecurrence's `incompleteBeforeMs`).
 */
import { parseTimestamp } from '../../core/parseTimestamp.js';
import type { RunaiReader } from '../ports/RunaiReader.js';
import type { HistoryRecord } from '../ports/RunaiSchemas.js';
import type { HistoryRead } from '../model/WorkloadEvidence.js';

export const HISTORY_PAGE_SIZE = 50;
export const MAX_HISTORY_PAGES = 200;

/**
 * History kept for one diagnosis, estimated as the characters of the kept records' strings
 * plus RECORD_OVERHEAD_BYTES each. An ordinary record costs under 1 KB here (about 0.7 KB in
 * the oom-recurring-paged-history fixture), so the page cap's 10,000 records fit; only
 * records carrying very long messages reach it. Reading what is kept (masking names, matching
 * patterns) costs CPU in proportion too: 16 MiB of messages take seconds, not minutes.
 */
export const HISTORY_BUDGET_BYTES = 16 * 1024 * 1024;
/** The objects of one parsed record (meta, spec, event, involved object), beyond its strings. */
const RECORD_OVERHEAD_BYTES = 256;
/** When the budget is passed, the oldest records go until this share of it is left (so a cut is not re-sorted per record). */
const TRIM_TO = 0.75;

interface Kept {
  record: HistoryRecord;
  /** Epoch ms of the record; null when it has no readable timestamp (dropped first: it cannot be placed in time). */
  at: number | null;
  cost: number;
  order: number;
}

export async function readHistory(
  reader: RunaiReader,
  workloadId: string,
  lookbackStartMs: number,
  budgetBytes: number = HISTORY_BUDGET_BYTES,
): Promise<HistoryRead> {
  let kept: Kept[] = [];
  let keptBytes = 0;
  let order = 0;
  let dropped = 0;
  /** Every record at or before this moment is dropped (null: none with a timestamp was). */
  let droppedThrough: number | null = null;

  const trim = () => {
    // Newest first; undated records last, so they go first.
    kept.sort((a, b) => (b.at ?? Number.NEGATIVE_INFINITY) - (a.at ?? Number.NEGATIVE_INFINITY) || a.order - b.order);
    let end = kept.length;
    while (end > 0 && keptBytes > budgetBytes * TRIM_TO) {
      const last = kept[end - 1] as Kept;
      keptBytes -= last.cost;
      end -= 1;
      if (last.at !== null) droppedThrough = Math.max(droppedThrough ?? Number.NEGATIVE_INFINITY, last.at);
    }
    // Records at the same moment as the newest dropped one go too: the cut falls between two moments.
    while (end > 0 && droppedThrough !== null && (kept[end - 1] as Kept).at === droppedThrough) {
      keptBytes -= (kept[end - 1] as Kept).cost;
      end -= 1;
    }
    dropped += kept.length - end;
    kept = kept.slice(0, end);
  };

  const keep = (record: HistoryRecord, at: number | null) => {
    // Once records were dropped, an older (or undated) one arriving later is dropped too.
    if (dropped > 0 && (at === null || (droppedThrough !== null && at <= droppedThrough))) {
      dropped += 1;
      return;
    }
    const cost = RECORD_OVERHEAD_BYTES + stringChars(record);
    kept.push({ record, at, cost, order: order++ });
    keptBytes += cost;
    if (keptBytes > budgetBytes) trim();
  };

  const result = (pages: number, capped: boolean): HistoryRead => ({
    records: kept.sort((a, b) => a.order - b.order).map((entry) => entry.record),
    pages,
    capped,
    ...(dropped > 0 ? { trimmed: { records: dropped, keptAfterMs: droppedThrough, budgetBytes } } : {}),
  });

  let offset = 0;
  let pages = 0;
  for (;;) {
    const page = await reader.getWorkloadHistory(workloadId, offset, HISTORY_PAGE_SIZE);
    pages += 1;
    let recent = 0;
    for (const record of page.records) {
      const at = parseTimestamp(record.meta.creationTimestamp);
      if (at !== null && at < lookbackStartMs) continue;
      recent += 1;
      keep(record, at);
    }
    const wholePageOld = page.records.length > 0 && recent === 0;
    // A `next` that does not move forward would loop forever: treat it as the end.
    if (page.next === null || page.next <= offset || wholePageOld || page.records.length === 0) return result(pages, false);
    if (pages >= MAX_HISTORY_PAGES) return result(pages, true);
    offset = page.next;
  }
}

/** Characters of every string in a parsed record (its size in memory, near enough: one byte each for ASCII). */
function stringChars(value: unknown): number {
  if (typeof value === 'string') return value.length;
  if (Array.isArray(value)) return value.reduce<number>((sum, item) => sum + stringChars(item), 0);
  if (value && typeof value === 'object') {
    let sum = 0;
    for (const [key, item] of Object.entries(value)) sum += key.length + stringChars(item);
    return sum;
  }
  return 8;
}
