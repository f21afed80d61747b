/**
 * Step 3's recurrence count: distinct failure episodes of the verdict's category within
 * the lookback, the current failure included. Pure.
 *
 * Episode rules (docs/procedure.md, step 3):
 * - A phase update into a failure phase is one termination; the events recorded just
 *   before or after it (TERMINATION_WINDOW), and the kills chained to those (a node's
 *   NotReady, its taint eviction minutes later, then the Failed phase), describe the same
 *   termination and give it its category — they count once with it.
 * - Events outside any such window: a back-off loop (image pull, crash loop, mount, init)
 *   relays the same complaint many times, so its events merge while the gaps stay under
 *   BACKOFF_GAP; a kill (OOM, eviction, node failure) is a distinct termination each time,
 *   except kills of one category within TERMINATION_WINDOW of one another (a node's NotReady
 *   and the eviction it causes are one).
 */
import type { Category } from '../../core/verdict.js';
import { parseTimestamp } from '../../core/parseTimestamp.js';
import type { HistoryRecord } from '../ports/RunaiSchemas.js';
import { matchEventReason, matchPhaseMessage } from '../signals/extractSignals.js';
import type { SignalKind } from '../model/Signal.js';
import { classifySignals } from './rules/ruleRegistry.js';
import { maskIdentifiers, type NameMask } from '../signals/maskIdentifiers.js';
import { eventNames } from '../signals/workloadNames.js';

export const TERMINATION_WINDOW_MS = 10 * 60_000;
export const BACKOFF_GAP_MS = 15 * 60_000;
export const RECURRING_THRESHOLD = 2;
/** How far after a cut an episode may still differ from the one the whole history gives (see `incompleteBeforeMs`). */
const CUT_MARGIN_MS = 2 * TERMINATION_WINDOW_MS + BACKOFF_GAP_MS;

const BACKOFF_KINDS: ReadonlySet<SignalKind> = new Set(['IMAGE_PULL', 'CRASH_LOOP', 'MOUNT_FAILED', 'INIT_FAILED', 'UNSCHEDULABLE']);
const FAILURE_PHASES = new Set(['failed', 'crashed']);

interface Mark {
  at: number;
  kinds: SignalKind[];
}

export interface RecurrenceInput {
  records: readonly HistoryRecord[];
  category: Category;
  /** Epoch ms of the current failure (phaseUpdatedAt, else now). */
  currentFailureAt: number;
  lookbackStartMs: number;
  nowMs: number;
  /** Hides the names users chose from the patterns (default: the names the records' events are about). */
  mask?: NameMask;
  /**
   * Records at or before this moment may be missing (readHistory's budget dropped them).
   * An episode that starts within 2 × TERMINATION_WINDOW + BACKOFF_GAP after it could be a
   * fragment of one that began earlier, or have lost the termination that claimed its events:
   * it is not counted, and the count is a lower bound.
   */
  incompleteBeforeMs?: number | null;
}

export function countRecurrence(input: RecurrenceInput): number {
  const anchors: Mark[] = [];
  const loose: Mark[] = [];
  const mask = input.mask ?? maskIdentifiers({ names: eventNames(input.records.flatMap((record) => (record.spec?.event ? [record.spec.event] : []))) });
  for (const record of input.records) {
    const at = parseTimestamp(record.meta.creationTimestamp ?? record.spec?.event?.createdAt);
    if (at === null || at < input.lookbackStartMs || at > input.nowMs + TERMINATION_WINDOW_MS) continue;
    const event = record.spec?.event;
    if (event) {
      const kind = matchEventReason(event.reason, mask(event.message), event.source);
      if (kind && kind !== 'PREEMPTED') loose.push({ at, kinds: [kind] });
      continue;
    }
    const update = record.spec?.phaseUpdate;
    if (update && FAILURE_PHASES.has(update.phase.trim().toLowerCase())) anchors.push({ at, kinds: matchPhaseMessage(mask(update.phaseMessage)) });
  }

  const episodes: { start: number; end: number; category: Category }[] = [];
  // A termination claims the events recorded around it, and the events chained to those: a node
  // going NotReady, its taint eviction five minutes later and the Failed phase after that are one
  // termination even when the first and the last are further apart than the window.
  const spans = anchors.map((anchor) => ({ anchor, start: anchor.at, end: anchor.at }));
  let unclaimed = [...loose].sort((a, b) => a.at - b.at);
  for (let claimed = true; claimed;) {
    claimed = false;
    unclaimed = unclaimed.filter((mark) => {
      // The nearest termination whose span is within the window; a back-off relay is claimed but never stretches a span.
      const distance = (span: (typeof spans)[number]) => Math.max(0, span.start - mark.at, mark.at - span.end);
      const span = spans
        .filter((candidate) => distance(candidate) <= TERMINATION_WINDOW_MS)
        .sort((a, b) => distance(a) - distance(b) || Math.abs(a.anchor.at - mark.at) - Math.abs(b.anchor.at - mark.at))[0];
      if (!span) return true;
      span.anchor.kinds.push(...mark.kinds);
      if (!BACKOFF_KINDS.has(mark.kinds[0] as SignalKind)) {
        span.start = Math.min(span.start, mark.at);
        span.end = Math.max(span.end, mark.at);
      }
      claimed = true;
      return false;
    });
  }
  for (const span of spans) episodes.push({ start: span.start, end: span.end, category: categoryOf(span.anchor.kinds) });

  // The open episode of each back-off kind, and of each category of kill: a mark within the gap of
  // its end extends it (a node's NotReady and its taint eviction are two kinds of one termination).
  const open = new Map<string, { start: number; end: number; category: Category }>();
  for (const mark of unclaimed) {
    const kind = mark.kinds[0] as SignalKind;
    const category = categoryOf(mark.kinds);
    const backoff = BACKOFF_KINDS.has(kind);
    const key = backoff ? `kind:${kind}` : `category:${category}`;
    const episode = open.get(key);
    if (episode && mark.at - episode.end <= (backoff ? BACKOFF_GAP_MS : TERMINATION_WINDOW_MS)) {
      episode.end = mark.at;
      continue;
    }
    const started = { start: mark.at, end: mark.at, category };
    open.set(key, started);
    episodes.push(started);
  }

  const countFrom = input.incompleteBeforeMs == null ? Number.NEGATIVE_INFINITY : input.incompleteBeforeMs + CUT_MARGIN_MS;
  const matching = episodes.filter((episode) => episode.category === input.category && episode.start >= countFrom);
  const currentIsRecorded = matching.some(
    (episode) => input.currentFailureAt >= episode.start - BACKOFF_GAP_MS && input.currentFailureAt <= episode.end + BACKOFF_GAP_MS,
  );
  return matching.length + (currentIsRecorded ? 0 : 1);
}

function categoryOf(kinds: readonly SignalKind[]): Category {
  return classifySignals(kinds.map((kind) => ({ kind }))).category;
}
