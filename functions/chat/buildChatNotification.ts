/**
 * A delivered notification (verdict or storm digest) → one custom notification for
 * Amazon Q Developer in chat applications (ChatNotification.ts):
 * - title = the notification subject (what the email's subject says);
 * - description = the short report: the verdict sentence, the workload, memory and
 *   recurrence when known, the strongest evidence with its source, the limitations;
 *   a digest: counts, nodes, and the workloads it lists;
 * - nextSteps = the recommendations (a digest: how to get one workload's full report);
 * - keywords = category (or outcome), project, cluster;
 * - metadata.threadId = the occurrence key (a digest: the key derived from its
 *   occurrences), the same key PagerDuty deduplicates on, so repeats thread together.
 * Everything that came from the cluster goes through chatSafeText; every word comes from
 * the locale's NotificationWords (functions/report).
 */
import type { Verdict } from '../core/verdict.js';
import type { DigestPayload } from '../delivery/DigestPayload.js';
import type { NodeSuspectPayload } from '../delivery/NodeSuspectPayload.js';
import { nodeSuspectWordsFor } from '../report/nodeSuspectWords.js';
import { boundedKey, CORRELATION_KEY_MAX_CHARS, digestCorrelationKey, verdictCorrelationKey } from '../delivery/occurrenceKeys.js';
import type { DeliveredNotification } from '../delivery/readDeliveredNotification.js';
import { verdictSubject } from '../delivery/buildSnsMessage.js';
import { recurrenceText, verdictLabel } from '../delivery/verdictSummary.js';
import type { NotificationWords } from '../report/NotificationWords.js';
import { notificationWordsEn } from '../report/notificationWordsEn.js';
import {
  CHAT_DESCRIPTION_MAX_CHARS,
  CHAT_KEYWORD_MAX_CHARS,
  CHAT_KEYWORDS_MAX,
  CHAT_NEXT_STEP_MAX_CHARS,
  CHAT_NEXT_STEPS_MAX,
  CHAT_SUMMARY_MAX_CHARS,
  CHAT_TITLE_MAX_CHARS,
  type ChatNotification,
} from './ChatNotification.js';
import { capChatText, chatSafeText } from './chatSafeText.js';
import { feedbackLines } from '../report/feedbackWords.js';

const EVIDENCE_SHOWN = 5;
const DIGEST_WORKLOADS_SHOWN = 15;

function gib(bytes: number | null, words: NotificationWords): string {
  if (bytes === null) return words.chat.notObserved;
  return `${(bytes / 2 ** 30).toFixed(bytes % 2 ** 30 === 0 ? 0 : 1)} GiB`;
}

function keywords(values: readonly (string | null | undefined)[]): string[] {
  const distinct = [...new Set(values.filter((value): value is string => !!value).map((value) => capChatText(chatSafeText(value), CHAT_KEYWORD_MAX_CHARS)))];
  return distinct.slice(0, CHAT_KEYWORDS_MAX);
}

function steps(values: readonly string[]): string[] {
  const shown = values.slice(0, CHAT_NEXT_STEPS_MAX).map((step) => capChatText(chatSafeText(step), CHAT_NEXT_STEP_MAX_CHARS));
  return shown.filter((step) => step.length > 0);
}

/** Whole lines while they fit, then a marker: a cut never lands inside a line. */
function fitLines(lines: readonly string[], max: number, words: NotificationWords): string {
  const kept: string[] = [];
  let length = 0;
  for (const [index, line] of lines.entries()) {
    const marker = `\n${words.chat.moreLines(lines.length - index)}`;
    if (length + line.length + 1 + (index < lines.length - 1 ? marker.length : 0) > max) {
      kept.push(marker.trimStart());
      break;
    }
    kept.push(line);
    length += line.length + 1;
  }
  return capChatText(kept.join('\n'), max);
}

function verdictDescription(verdict: Verdict, words: NotificationWords): string {
  const safe = chatSafeText;
  const lines = [`*${safe(verdict.message)}*`, ...feedbackLines('en', verdict.feedbackUrl)];
  const workload = verdict.workload;
  if (workload) {
    const { name, project, clusterId, phase, id } = workload;
    lines.push(
      words.chat.workload({ name: safe(name), project: project ? safe(project) : null, clusterId: safe(clusterId), phase: safe(phase), id: safe(id) }),
    );
  }
  if (verdict.memory) {
    const { requestBytes, limitBytes, peakBytes } = verdict.memory;
    lines.push(words.chat.memory({ request: gib(requestBytes, words), limit: gib(limitBytes, words), peak: gib(peakBytes, words) }));
  }
  if (verdict.recurrence) {
    const { count, lookbackDays, recurring } = verdict.recurrence;
    lines.push(words.chat.history(count, lookbackDays, recurring));
  }
  if (verdict.node?.suspect) lines.push(nodeSuspectWordsFor(words.locale).reportLine(safe(verdict.node.name), verdict.node.suspect, verdict.category));
  if (verdict.evidence.length > 0) {
    lines.push(words.chat.evidenceHeading);
    for (const item of verdict.evidence.slice(0, EVIDENCE_SHOWN)) lines.push(`• ${safe(item.text)} _(${safe(item.source)})_`);
    if (verdict.evidence.length > EVIDENCE_SHOWN) lines.push(words.chat.moreEvidence(verdict.evidence.length - EVIDENCE_SHOWN));
  }
  if (verdict.limitations.length > 0) {
    lines.push(words.chat.limitationsHeading);
    for (const limitation of verdict.limitations) lines.push(`• ${safe(limitation)}`);
  }
  return fitLines(lines, CHAT_DESCRIPTION_MAX_CHARS, words);
}

function verdictNotification(verdict: Verdict, subject: string | null, words: NotificationWords): ChatNotification {
  const title = subject ?? verdictSubject(verdict, {}, words);
  const workload = verdict.workload;
  const recurrence = recurrenceText(verdict, words);
  return {
    version: '1.0',
    source: 'custom',
    content: {
      textType: 'client-markdown',
      title: capChatText(chatSafeText(title), CHAT_TITLE_MAX_CHARS),
      description: verdictDescription(verdict, words),
      nextSteps: steps(verdict.recommendations),
      keywords: keywords([verdictLabel(verdict), workload?.project, workload?.clusterId, recurrence ? words.chat.recurringKeyword : null]),
    },
    metadata: {
      threadId: verdictCorrelationKey(verdict),
      summary: capChatText(
        chatSafeText(`${verdictLabel(verdict)}: ${workload?.name ?? 'workload'}${workload?.project ? ` (${workload.project})` : ''}`),
        CHAT_SUMMARY_MAX_CHARS,
      ),
      eventType: 'RunaiDiagnoseVerdict',
    },
  };
}

function digestNotification(digest: DigestPayload, subject: string | null, words: NotificationWords): ChatNotification {
  const safe = chatSafeText;
  const counts = Object.entries(digest.counts).map(([label, count]) => `${count} ${label}`);
  const lines = [
    `*${words.digest.inOneWindow(digest.total, safe(digest.clusterId))}*`,
    words.digest.counts(safe(counts.join(', '))),
    words.digest.recurring(digest.recurring, digest.total),
    words.digest.nodes(digest.nodes.length > 0 ? safe(digest.nodes.map((node) => `${node.name} (${node.count})`).join(', ')) : null),
    words.chat.workloadsHeading,
    ...digest.verdicts.slice(0, DIGEST_WORKLOADS_SHOWN).map((entry) => {
      const label = entry.outcome === 'diagnosed' ? (entry.category ?? 'UNKNOWN') : entry.outcome.toUpperCase();
      const name = entry.workloadName ?? entry.workloadId ?? words.unidentifiedWorkload;
      const recurring = entry.recurring && entry.recurrenceCount ? ` ${words.chat.recurringCount(entry.recurrenceCount)}` : '';
      return `• [${label}] \`${safe(name)}\`${entry.project ? ` (${safe(entry.project)})` : ''}${recurring}${entry.workloadId ? ` · ${words.digest.idLabel} ${safe(entry.workloadId)}` : ''}`;
    }),
  ];
  const unlisted = digest.total - Math.min(digest.verdicts.length, DIGEST_WORKLOADS_SHOWN);
  if (unlisted > 0) lines.push(words.chat.moreWorkloads(unlisted));
  return {
    version: '1.0',
    source: 'custom',
    content: {
      textType: 'client-markdown',
      title: capChatText(safe(subject ?? `[DIGEST] ${words.digest.subjectHead(digest.total, digest.clusterId)}`), CHAT_TITLE_MAX_CHARS),
      description: fitLines(lines, CHAT_DESCRIPTION_MAX_CHARS, words),
      nextSteps: steps([words.digest.fullReport(digest.clusterId, words.chat.idPlaceholder), ...(digest.nodes.length > 0 ? [words.chat.checkNodes] : [])]),
      keywords: keywords(['DIGEST', ...Object.keys(digest.counts), digest.clusterId]),
    },
    metadata: {
      threadId: digestCorrelationKey(digest),
      summary: capChatText(safe(words.digest.summary(digest.total, digest.clusterId)), CHAT_SUMMARY_MAX_CHARS),
      eventType: 'RunaiDiagnoseDigest',
    },
  };
}

/** A suspect node (§4.8): why, the workloads it took down, and the commands as next steps (never run by the product). */
function nodeSuspectNotification(notice: NodeSuspectPayload, subject: string | null, words: NotificationWords): ChatNotification {
  const safe = chatSafeText;
  const nodeWords = nodeSuspectWordsFor(words.locale);
  const lines = [
    `*${safe(nodeWords.why(notice))}*`,
    nodeWords.workloadsHeading,
    ...notice.workloads
      .slice(-DIGEST_WORKLOADS_SHOWN)
      .map(
        (workload) =>
          `• [${workload.category}] \`${safe(workload.workloadName)}\`${workload.project ? ` (${safe(workload.project)})` : ''} · ${safe(workload.at)}`,
      ),
    nodeWords.neverRuns,
  ];
  return {
    version: '1.0',
    source: 'custom',
    content: {
      textType: 'client-markdown',
      title: capChatText(safe(subject ?? `[NODE_SUSPECT] ${nodeWords.subjectTail(notice.node, notice.clusterId, notice)}`), CHAT_TITLE_MAX_CHARS),
      description: fitLines(lines, CHAT_DESCRIPTION_MAX_CHARS, words),
      nextSteps: steps(notice.commands),
      keywords: keywords(['NODE_SUSPECT', notice.node, notice.clusterId]),
    },
    metadata: {
      threadId: boundedKey(`node:${notice.clusterId}/${notice.node}`, CORRELATION_KEY_MAX_CHARS),
      summary: capChatText(safe(nodeWords.summary(notice.node, notice.clusterId, notice)), CHAT_SUMMARY_MAX_CHARS),
      eventType: 'RunaiDiagnoseNodeSuspect',
    },
  };
}

/** `words`: the locale the forwarder was configured with (REPORT_LOCALE), the worker's. */
export function buildChatNotification(notification: DeliveredNotification, words: NotificationWords = notificationWordsEn): ChatNotification {
  if (notification.kind === 'verdict') return verdictNotification(notification.verdict, notification.subject, words);
  if (notification.kind === 'node_suspect') return nodeSuspectNotification(notification.notice, notification.subject, words);
  return digestNotification(notification.digest, notification.subject, words);
}
