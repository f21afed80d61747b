import { describe, expect, it } from 'vitest';
import { readHistory } from '../../functions/diagnosis/gather/readHistory.js';
import { countRecurrence } from '../../functions/diagnosis/classify/countRecurrence.js';
import { currentEpisodeStart } from '../../functions/diagnosis/signals/currentEpisodeStart.js';
import type { RunaiReader } from '../../functions/diagnosis/ports/RunaiReader.js';
import type { HistoryPage, HistoryRecord } from '../../functions/diagnosis/ports/RunaiSchemas.js';

const NOW = Date.UTC(2026, 10, 29, 12, 0, 0);
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const LOOKBACK_START = NOW - 7 * DAY;
/** A day, for the helpers' minutes-ago arguments. */
const DAY_MIN = 24 * 60;
const at = (minutesAgo: number) => new Date(NOW - minutesAgo * MINUTE).toISOString();

const phase = (minutesAgo: number, phaseName: string, phaseMessage = ''): HistoryRecord => ({
  meta: { creationTimestamp: at(minutesAgo), type: 'PhaseUpdate' },
  spec: { phaseUpdate: { phase: phaseName, phaseMessage } },
});
const event = (minutesAgo: number, reason: string, message: string): HistoryRecord => ({
  meta: { creationTimestamp: at(minutesAgo), type: 'Event' },
  spec: { event: { createdAt: at(minutesAgo), reason, message, type: 'Warning', source: 'kubelet' } },
});

/** A reader whose only working read is the history, served 50 records a page from `records` in the given order. */
function historyReader(records: readonly HistoryRecord[]): RunaiReader & { pagesRead: number } {
  const reader = {
    pagesRead: 0,
    async getWorkloadHistory(_id: string, offset: number, limit: number): Promise<HistoryPage> {
      reader.pagesRead += 1;
      const end = offset + limit;
      return { records: records.slice(offset, end), next: end < records.length ? end : null };
    },
  };
  return reader as unknown as RunaiReader & { pagesRead: number };
}

/** Readiness noise every 5 minutes, oldest last, each carrying `padding` characters. */
const noise = (count: number, padding: number, startMinutesAgo = 1) =>
  Array.from({ length: count }, (_, index) => event(startMinutesAgo + index * 5, 'Unhealthy', `Readiness probe failed ${'x'.repeat(padding)}`));

describe('readHistory: a memory budget', () => {
  it('keeps every record in the lookback, in the order read, when they fit', async () => {
    const records = [phase(1, 'Failed', 'OOMKilled'), event(2, 'OOMKilling', 'Killed process 1 (python)'), phase(8 * DAY_MIN, 'Failed', '')];
    const read = await readHistory(historyReader(records), 'w', LOOKBACK_START, 1024 * 1024);
    expect(read).toEqual({ records: records.slice(0, 2), pages: 1, capped: false });
  });

  it('past the budget, keeps the newest records whatever the page order, and says how many it dropped', async () => {
    // 400 records of ~10 KB (4 MB) against a 1 MiB budget, served oldest first: the newest come last.
    const records = noise(400, 10_000).reverse();
    const read = await readHistory(historyReader(records), 'w', LOOKBACK_START, 1024 * 1024);
    expect(read.pages).toBe(8);
    expect(read.trimmed).toBeDefined();
    const trimmed = read.trimmed!;
    expect(trimmed.records + read.records.length).toBe(400);
    expect(read.records.length).toBeGreaterThan(50);
    expect(read.records.length).toBeLessThan(105);
    const keptAt = read.records.map((record) => Date.parse(record.meta.creationTimestamp));
    // Exactly "every record after a moment": the newest record is kept, and nothing at or before the cut.
    expect(Math.max(...keptAt)).toBe(Date.parse(at(1)));
    expect(Math.min(...keptAt)).toBeGreaterThan(trimmed.keptAfterMs!);
    const newer = records.filter((record) => Date.parse(record.meta.creationTimestamp) > trimmed.keptAfterMs!);
    expect(newer).toHaveLength(read.records.length);
    const keptBytes = read.records.reduce((sum, record) => sum + (record.spec?.event?.message?.length ?? 0), 0);
    expect(keptBytes).toBeLessThanOrEqual(1024 * 1024);
  });

  it('an older record arriving after the cut is dropped too (the kept set stays "everything after a moment")', async () => {
    // Newest first, then one very old record inside the lookback on the last page.
    const records = [...noise(200, 10_000), event(6 * DAY_MIN, 'OOMKilling', 'Killed process 9 (python)')];
    const read = await readHistory(historyReader(records), 'w', LOOKBACK_START, 1024 * 1024);
    expect(read.trimmed?.records).toBe(201 - read.records.length);
    expect(read.records.some((record) => record.spec?.event?.reason === 'OOMKilling')).toBe(false);
  });

  it('the current episode is found in what is kept: the termination before it is the newest dropped or kept', async () => {
    // An earlier OOM kill 3 h ago, then a long current run of noisy probes, then the current failure.
    const records = [phase(0, 'Failed', 'Error'), ...noise(30, 20_000, 2), phase(180, 'Failed', 'OOMKilled'), ...noise(300, 20_000, 200)];
    const read = await readHistory(historyReader(records), 'w', LOOKBACK_START, 2 * 1024 * 1024);
    expect(read.trimmed).toBeDefined();
    // The kept records still hold the preceding termination: the current run starts just after it.
    expect(currentEpisodeStart(read.records, NOW)).toBe(Date.parse(at(180)) + 1);
  });
});

describe('countRecurrence over a cut history', () => {
  const count = (records: HistoryRecord[], incompleteBeforeMs: number | null) =>
    countRecurrence({ records, category: 'OOM_KILLED', currentFailureAt: NOW, lookbackStartMs: LOOKBACK_START, nowMs: NOW, incompleteBeforeMs });
  const kills = [1, 2, 3, 4].flatMap((day) => [
    event(day * DAY_MIN + 1, 'OOMKilling', `Killed process ${day} (python)`),
    phase(day * DAY_MIN, 'Failed', 'OOMKilled'),
  ]);

  it('never counts more than the whole history gives, and counts what lies clear of the cut', () => {
    const whole = count([...kills, phase(0, 'Failed', 'OOMKilled')], null);
    expect(whole).toBe(5);
    // Cut just before the kill of 2 days ago: its event (1 min earlier) is missing, so that episode is not counted.
    const cutAt = NOW - 2 * DAY - 30_000;
    const kept = [...kills, phase(0, 'Failed', 'OOMKilled')].filter((record) => Date.parse(record.meta.creationTimestamp) > cutAt);
    expect(count(kept, cutAt)).toBe(2);
    // Nothing cut: the same as without a bound.
    expect(count([...kills, phase(0, 'Failed', 'OOMKilled')], NOW - 30 * DAY)).toBe(whole);
  });

  it('the current failure counts once even when its episode began before the cut', () => {
    const loop = Array.from({ length: 12 }, (_, index) => event(60 - index * 5, 'OOMKilling', 'Killed process 1 (python)'));
    expect(count(loop, NOW - 61 * MINUTE)).toBeGreaterThanOrEqual(1);
  });
});
