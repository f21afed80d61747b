/**
 * Where the current run begins, so that signals of an earlier termination recorded in the
 * same workload's history are not mistaken for the current one (they count as recurrence
 * instead). Pure.
 */
import { parseTimestamp } from '../../core/parseTimestamp.js';
import type { HistoryRecord } from '../ports/RunaiSchemas.js';

const TERMINATION_PHASES = new Set(['failed', 'crashed', 'stopped', 'completed', 'succeeded']);
const CLOCK_SLACK_MS = 60_000;

/**
 * Epoch ms just after the termination that preceded the current one, or null when the
 * history read holds no earlier termination (then everything read belongs to this run).
 */
export function currentEpisodeStart(records: readonly HistoryRecord[], currentPhaseUpdatedAt: number | null): number | null {
  const ceiling = (currentPhaseUpdatedAt ?? Number.POSITIVE_INFINITY) + CLOCK_SLACK_MS;
  const updates = records
    .flatMap((record) => {
      const update = record.spec?.phaseUpdate;
      const at = parseTimestamp(record.meta.creationTimestamp);
      return update && at !== null && at <= ceiling ? [{ at, phase: update.phase.trim().toLowerCase() }] : [];
    })
    .sort((a, b) => a.at - b.at);
  for (let index = updates.length - 2; index >= 0; index -= 1) {
    const update = updates[index];
    if (update && TERMINATION_PHASES.has(update.phase)) return update.at + 1;
  }
  return null;
}
