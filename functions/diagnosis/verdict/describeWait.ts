/**
 * What the cluster says about a workload that is waiting and never ran (routed to the pending
 * diagnosis). Its cause is often in a controller no table row knows — a queueing system refusing
 * quota (Kueue's `couldn't assign flavors to pod set …`, `LocalQueue … doesn't exist`), a node
 * autoscaler declining to add a node (`pod didn't trigger scale-up: …`), a vendor's admission
 * controller — and a table row per controller would never end. The principle instead: for a
 * workload that never started, every event about it and every condition that does not hold is
 * some controller's account of why, so the newest of them are quoted, whoever wrote them:
 *
 * 1. Warning events (the controller says something is wrong), newest first;
 * 2. conditions whose status is False, with their message (Kueue's QuotaReserved=False, a
 *    controller's Ready=False), newest first;
 * 3. only when neither exists, Normal events, newest first (cluster-autoscaler reports
 *    NotTriggerScaleUp as a Normal event: kubernetes/autoscaler
 *    cluster-autoscaler/processors/status/eventing_scale_up_processor.go).
 *
 * Events a table row reads are signals and already decided the route (or would have stopped
 * it), so they are left to the caller. Events that could not be fetched are not "no events": the
 * events history relayed are read in their place (DESIGN §2, step 1), cited from history. The
 * text is quoted (neutralised, redacted, elided), never read for a category: a routed verdict has
 * none. Pure.
 */
import { parseTimestamp } from '../../core/parseTimestamp.js';
import type { Fact } from '../model/Fact.js';
import type { SourceName } from '../model/Signal.js';
import type { WorkloadEvidence } from '../model/WorkloadEvidence.js';
import type { Condition, RunaiEvent } from '../ports/RunaiSchemas.js';
import { matchEventReason } from '../signals/extractSignals.js';
import type { NameMask } from '../signals/maskIdentifiers.js';
import { quoteMessage, quoteName } from '../signals/quoteEvidence.js';

export interface WaitEvidence {
  fact: Fact;
  source: SourceName;
}

const isWarning = (event: RunaiEvent) => (event.type ?? '').trim().toLowerCase() === 'warning';

/** Newest first; an item without a readable time goes last, in its listed order (the sort is stable). */
const byNewest =
  <T>(at: (item: T) => number | null) =>
  (a: T, b: T) => {
    const [first, second] = [at(a), at(b)];
    if (first === null || second === null) return first === second ? 0 : first === null ? 1 : -1;
    return second - first;
  };

export function describeWait(evidence: Pick<WorkloadEvidence, 'status' | 'events' | 'history'>, mask: NameMask): WaitEvidence[] {
  const fromHistory = !evidence.events.ok;
  const relayed = evidence.events.ok ? evidence.events.value : historyEvents(evidence.history);
  const events = relayed.filter((event) => event.message && !matchEventReason(event.reason, mask(event.message), event.source));
  const warnings = eventFacts(events.filter(isWarning), fromHistory);
  const refused = (evidence.status.conditions ?? [])
    .filter((condition) => (condition.status ?? '').trim().toLowerCase() === 'false' && condition.message)
    .sort(byNewest((condition: Condition) => parseTimestamp(condition.lastTransitionTime)))
    .map((condition): WaitEvidence => ({ fact: conditionFact(condition), source: 'get_workload_status' }));
  if (warnings.length > 0 || refused.length > 0) return [...warnings, ...refused];
  return eventFacts(
    events.filter((event) => !isWarning(event)),
    fromHistory,
  );
}

/** The events history relayed, each dated by its record when it carries no time of its own. */
function historyEvents(history: WorkloadEvidence['history']): RunaiEvent[] {
  if (!history.ok) return [];
  return history.value.records.flatMap((record) =>
    record.spec?.event ? [{ ...record.spec.event, createdAt: record.spec.event.createdAt || record.meta.creationTimestamp }] : [],
  );
}

/** One line per distinct (reason, message, object), with how often it was relayed, newest first; cited from history when read there. */
function eventFacts(events: readonly RunaiEvent[], fromHistory: boolean): WaitEvidence[] {
  const grouped = new Map<string, { event: RunaiEvent; repeats: number; at: number | null }>();
  for (const event of events) {
    const key = `${event.reason ?? ''}\u0000${event.message ?? ''}\u0000${event.involvedObject?.name ?? ''}`;
    const at = parseTimestamp(event.createdAt);
    const seen = grouped.get(key);
    if (!seen) grouped.set(key, { event, repeats: 1, at });
    else {
      seen.repeats += 1;
      if (at !== null && (seen.at === null || at > seen.at)) seen.at = at;
    }
  }
  return [...grouped.values()].sort(byNewest((item: { at: number | null }) => item.at)).map(({ event, repeats }): WaitEvidence => {
    const reason = quoteName(event.reason ?? '');
    const message = quoteMessage(event.message);
    const objectName = event.involvedObject?.name ? quoteName(event.involvedObject.name) : null;
    return fromHistory
      ? { fact: { type: 'history-event', reason, message, repeats, objectName }, source: 'get_workload_history' }
      : { fact: { type: 'event', reason, message, objectName, repeats }, source: 'get_workload_status' };
  });
}

function conditionFact(condition: Condition): Fact {
  return {
    type: 'condition',
    conditionType: quoteName(condition.type),
    status: condition.status ? quoteName(condition.status) : null,
    reason: condition.reason ? quoteName(condition.reason) : null,
    message: quoteMessage(condition.message),
  };
}
