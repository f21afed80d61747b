/**
 * What an UNKNOWN verdict could not read: the Warning events whose reason (with its message
 * and source) no signal table row recognises, by reason, most frequent first. Each one is a
 * candidate for a new table row citing its upstream source. Pure.
 */
import { matchReasonRow } from './extractSignals.js';
import type { RunaiEvent } from '../ports/RunaiSchemas.js';
import { quoteName } from './quoteEvidence.js';
import { maskIdentifiers, type NameMask } from './maskIdentifiers.js';
import { eventNames } from './workloadNames.js';

/** How many reasons a limitation lists. */
export const MAX_UNRECOGNISED_REASONS = 5;

export interface UnrecognisedReason {
  /** Quoted (neutralised, redacted) as every cluster string in a verdict. */
  reason: string;
  count: number;
}

/** `mask` hides the names users chose from the rows that read messages (maskIdentifiers). */
export function countUnrecognisedWarnings(
  events: readonly RunaiEvent[],
  limit = MAX_UNRECOGNISED_REASONS,
  mask: NameMask = maskIdentifiers({ names: eventNames(events) }),
): UnrecognisedReason[] {
  const counts = new Map<string, number>();
  for (const event of events) {
    if ((event.type ?? '').trim().toLowerCase() !== 'warning' || !event.reason) continue;
    if (matchReasonRow(event.reason, mask(event.message), event.source)) continue;
    const reason = quoteName(event.reason);
    counts.set(reason, (counts.get(reason) ?? 0) + 1);
  }
  return [...counts.entries()]
    .map(([reason, count]) => ({ reason, count }))
    .sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason))
    .slice(0, limit);
}
