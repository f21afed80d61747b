/**
 * Short labels for a verdict, shared by individual notifications and digests so that a
 * workload reads the same in both. Tags and labels are codes; every word comes from the
 * locale's NotificationWords (functions/report).
 */
import { displayName } from '../safety/displayName.js';
import type { Route, StopReason, Verdict } from '../core/verdict.js';
import type { NotificationWords } from '../report/NotificationWords.js';
import { notificationWordsEn } from '../report/notificationWordsEn.js';

/** Identifiers from the queued request, for verdicts that resolved no workload (needs_input). */
export interface NotificationContext {
  clusterId?: string | undefined;
  project?: string | undefined;
  workloadName?: string | undefined;
  workloadId?: string | undefined;
  /** The occurrence (idempotency) key, written into the verdict JSON for consumers that correlate repeats. */
  occurrenceKey?: string | undefined;
  /** The signed feedback link (§4.10), null when feedback is off; written into the verdict JSON and text. */
  feedbackUrl?: string | null | undefined;
}

const ROUTE_LABELS: Record<Route, string> = {
  'runai-diagnose-preempted-workload': 'preempted',
  'runai-diagnose-pending-workload': 'pending',
};

function stopLabel(reason: StopReason | null): string {
  return reason === null ? 'stopped' : reason.toLowerCase().replace(/_/g, '-');
}

/** What a verdict is, in one token: its category when diagnosed, else its outcome. */
export function verdictLabel(verdict: Verdict): string {
  switch (verdict.outcome) {
    case 'diagnosed':
      return verdict.category ?? 'UNKNOWN';
    case 'routed':
      return 'ROUTED';
    case 'stopped':
      return 'STOPPED';
    case 'needs_input':
      return 'NEEDS_INPUT';
  }
}

/** The bracketed subject tag: `[OOM_KILLED]`, `[ROUTED preempted]`, `[STOPPED succeeded]`, `[NEEDS INPUT]`. */
export function verdictTag(verdict: Verdict): string {
  switch (verdict.outcome) {
    case 'diagnosed':
      return `[${verdict.category ?? 'UNKNOWN'}]`;
    case 'routed':
      return `[ROUTED ${verdict.route === null ? 'elsewhere' : ROUTE_LABELS[verdict.route]}]`;
    case 'stopped':
      return `[STOPPED ${stopLabel(verdict.stopReason)}]`;
    case 'needs_input':
      return '[NEEDS INPUT]';
  }
}

export function clusterIdOf(verdict: Verdict, context: NotificationContext): string | null {
  return verdict.workload?.clusterId || context.clusterId || null;
}

export function projectOf(verdict: Verdict, context: NotificationContext): string | null {
  return verdict.workload?.project || context.project || null;
}

/** `training-job-42 (ml-team)`; falls back to request identifiers when no workload was resolved. */
export function workloadDisplay(verdict: Verdict, context: NotificationContext, words: NotificationWords = notificationWordsEn): string {
  const name = verdict.workload?.name || context.workloadName || verdict.workload?.id || context.workloadId || words.unidentifiedWorkload;
  const project = projectOf(verdict, context);
  return project ? `${name} (${project})` : name;
}

/**
 * The same inside a line of an email body: a name that is not a plain identifier is
 * neutralised and quoted (request names reach here unquoted when no workload was resolved),
 * so it cannot add a line or a field. Subjects need not: toSnsSubject flattens them.
 */
export function workloadDisplayInText(verdict: Verdict, context: NotificationContext, words: NotificationWords = notificationWordsEn): string {
  const raw = verdict.workload?.name || context.workloadName || verdict.workload?.id || context.workloadId;
  const name = raw ? displayName(raw) : words.unidentifiedWorkload;
  const project = projectOf(verdict, context);
  return project ? `${name} (${displayName(project)})` : name;
}

/** `recurring 3x/7d` (in the locale's words), or '' when the failure is not recurring. */
export function recurrenceText(verdict: Verdict, words: NotificationWords = notificationWordsEn): string {
  const recurrence = verdict.recurrence;
  return recurrence?.recurring ? words.recurrenceTag(recurrence.count, recurrence.lookbackDays) : '';
}
