/**
 * A delivered notification (verdict, storm digest or node notice) → one PagerDuty `trigger` event.
 *
 * - `dedup_key`: the occurrence key (digests: a key derived from the occurrence keys they
 *   list), so a redelivered message or a retried send adds to the open alert instead of
 *   opening a second incident (PagerDuty "Alert De-Duplication").
 * - `severity`: pagerDutySeverity.ts; a digest takes the highest of its verdicts.
 * - `summary`: the notification subject and the verdict's one-sentence message, cut to
 *   1,024 characters.
 * - `source` (the affected system): the Run:ai workload as `runai/<cluster>/<project>/<name>`,
 *   or the cluster for a digest; `component`: the workload; `group`: the project (a digest:
 *   the cluster); `class`: the category, or the outcome when nothing was diagnosed.
 * - `custom_details`: the verdict (or digest) JSON exactly as SNS delivered it.
 */
import type { Verdict } from '../core/verdict.js';
import type { DigestPayload } from '../delivery/DigestPayload.js';
import type { NodeSuspectPayload } from '../delivery/NodeSuspectPayload.js';
import { nodeSuspectWordsFor } from '../report/nodeSuspectWords.js';
import { boundedKey, digestCorrelationKey, verdictCorrelationKey } from '../delivery/occurrenceKeys.js';
import type { DeliveredNotification } from '../delivery/readDeliveredNotification.js';
import { verdictSubject } from '../delivery/buildSnsMessage.js';
import { verdictLabel } from '../delivery/verdictSummary.js';
import type { NotificationWords } from '../report/NotificationWords.js';
import { notificationWordsEn } from '../report/notificationWordsEn.js';
import { DEDUP_KEY_MAX_CHARS, SUMMARY_MAX_CHARS, type PagerDutyEvent } from './PagerDutyEvent.js';
import { highestSeverity, pagerDutySeverity } from './pagerDutySeverity.js';

export const PAGERDUTY_CLIENT = 'runai-diagnose';

/** At most `max` UTF-16 units (what JavaScript and PagerDuty's JSON count), never splitting a surrogate pair. */
export function capSummary(text: string, max: number = SUMMARY_MAX_CHARS): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  let cut = '';
  for (const char of flat) {
    if (cut.length + char.length > max - 3) break;
    cut += char;
  }
  return `${cut}...`;
}

const orUnknown = (value: string | null | undefined) => (value ? value : 'unknown');

function verdictEvent(verdict: Verdict, subject: string | null, routingKey: string, words: NotificationWords): PagerDutyEvent {
  const workload = verdict.workload;
  const name = workload?.name || workload?.id || null;
  const title = subject ?? verdictSubject(verdict, {}, words);
  return {
    routing_key: routingKey,
    event_action: 'trigger',
    dedup_key: boundedKey(verdictCorrelationKey(verdict), DEDUP_KEY_MAX_CHARS),
    client: PAGERDUTY_CLIENT,
    payload: {
      summary: capSummary(`${title}: ${verdict.message}`),
      source: `runai/${orUnknown(workload?.clusterId)}/${orUnknown(workload?.project)}/${orUnknown(name)}`,
      severity: pagerDutySeverity({ outcome: verdict.outcome, category: verdict.category, recurring: verdict.recurrence?.recurring === true }),
      ...(name ? { component: name } : {}),
      ...(workload?.project ? { group: workload.project } : {}),
      class: verdictLabel(verdict),
      custom_details: verdict as unknown as Record<string, unknown>,
    },
  };
}

function digestEvent(digest: DigestPayload, subject: string | null, routingKey: string, words: NotificationWords): PagerDutyEvent {
  const counts = Object.entries(digest.counts)
    .map(([label, count]) => `${count} ${label}`)
    .join(', ');
  const title = subject ?? `[DIGEST] ${words.digest.subjectHead(digest.total, digest.clusterId)}`;
  const topNode = digest.nodes[0]?.name;
  return {
    routing_key: routingKey,
    event_action: 'trigger',
    dedup_key: boundedKey(digestCorrelationKey(digest), DEDUP_KEY_MAX_CHARS),
    client: PAGERDUTY_CLIENT,
    payload: {
      summary: capSummary(`${title}: ${words.pagerDuty.digestSummary(counts, digest.recurring, digest.total)}`),
      source: `runai/${orUnknown(digest.clusterId)}`,
      // The counts cover every verdict, the list only those that fit: a node failure cut from the list still pages critical.
      severity: highestSeverity([
        ...digest.verdicts.map((entry) => pagerDutySeverity({ outcome: entry.outcome, category: entry.category, recurring: entry.recurring })),
        ...((digest.counts.NODE_FAILURE ?? 0) > 0 ? (['critical'] as const) : []),
      ]),
      ...(topNode ? { component: topNode } : {}),
      group: orUnknown(digest.clusterId),
      class: 'DIGEST',
      custom_details: digest as unknown as Record<string, unknown>,
    },
  };
}

/**
 * A suspect node (§4.8): one incident per node, whatever the workloads — `dedup_key`
 * `node:<clusterId>/<node>`, so a second notice (the next day) adds to the open incident.
 * Severity `error`: a node that keeps failing other people's work, not yet an outage.
 */
function nodeSuspectEvent(notice: NodeSuspectPayload, subject: string | null, routingKey: string, words: NotificationWords): PagerDutyEvent {
  const summary = nodeSuspectWordsFor(words.locale).summary(notice.node, notice.clusterId, notice);
  return {
    routing_key: routingKey,
    event_action: 'trigger',
    dedup_key: boundedKey(`node:${notice.clusterId}/${notice.node}`, DEDUP_KEY_MAX_CHARS),
    client: PAGERDUTY_CLIENT,
    payload: {
      summary: capSummary(subject ? `${subject}: ${summary}` : summary),
      source: `runai/${orUnknown(notice.clusterId)}/node/${orUnknown(notice.node)}`,
      severity: 'error',
      component: notice.node,
      group: orUnknown(notice.clusterId),
      class: 'NODE_SUSPECT',
      custom_details: notice as unknown as Record<string, unknown>,
    },
  };
}

/** `words`: the locale the forwarder was configured with (REPORT_LOCALE), the worker's. */
export function buildPagerDutyEvent(notification: DeliveredNotification, routingKey: string, words: NotificationWords = notificationWordsEn): PagerDutyEvent {
  if (notification.kind === 'verdict') return verdictEvent(notification.verdict, notification.subject, routingKey, words);
  if (notification.kind === 'node_suspect') return nodeSuspectEvent(notification.notice, notification.subject, routingKey, words);
  return digestEvent(notification.digest, notification.subject, routingKey, words);
}
