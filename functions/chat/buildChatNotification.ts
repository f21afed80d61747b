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
 * Everything that came from the cluster goes through chatSafeText.
 */
import type { Verdict } from '../core/verdict.js';
import type { DigestPayload } from '../delivery/DigestPayload.js';
import { digestCorrelationKey, verdictCorrelationKey } from '../delivery/occurrenceKeys.js';
import type { DeliveredNotification } from '../delivery/readDeliveredNotification.js';
import { verdictSubject } from '../delivery/buildSnsMessage.js';
import { recurrenceText, verdictLabel } from '../delivery/verdictSummary.js';
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

function gib(bytes: number | null): string {
  if (bytes === null) return 'not observed';
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
function fitLines(lines: readonly string[], max: number): string {
  const kept: string[] = [];
  let length = 0;
  for (const [index, line] of lines.entries()) {
    const marker = `\n_…${lines.length - index} more lines in the email report_`;
    if (length + line.length + 1 + (index < lines.length - 1 ? marker.length : 0) > max) {
      kept.push(marker.trimStart());
      break;
    }
    kept.push(line);
    length += line.length + 1;
  }
  return capChatText(kept.join('\n'), max);
}

function verdictDescription(verdict: Verdict): string {
  const safe = chatSafeText;
  const lines = [`*${safe(verdict.message)}*`, ...feedbackLines('en', verdict.feedbackUrl)];
  const workload = verdict.workload;
  if (workload) {
    lines.push(
      `Workload: \`${safe(workload.name)}\`${workload.project ? ` (project ${safe(workload.project)})` : ''} · cluster ${safe(workload.clusterId)} · phase ${safe(workload.phase)} · id ${safe(workload.id)}`,
    );
  }
  if (verdict.memory) {
    lines.push(`Memory: request ${gib(verdict.memory.requestBytes)}, limit ${gib(verdict.memory.limitBytes)}, peak ${gib(verdict.memory.peakBytes)}`);
  }
  if (verdict.recurrence) {
    const { count, lookbackDays, recurring } = verdict.recurrence;
    lines.push(`History: ${count} failure${count === 1 ? '' : 's'} in ${lookbackDays} days${recurring ? ' (recurring)' : ''}`);
  }
  if (verdict.evidence.length > 0) {
    lines.push('*Evidence*');
    for (const item of verdict.evidence.slice(0, EVIDENCE_SHOWN)) lines.push(`• ${safe(item.text)} _(${safe(item.source)})_`);
    if (verdict.evidence.length > EVIDENCE_SHOWN) lines.push(`_+${verdict.evidence.length - EVIDENCE_SHOWN} more in the email report_`);
  }
  if (verdict.limitations.length > 0) {
    lines.push('*Limitations*');
    for (const limitation of verdict.limitations) lines.push(`• ${safe(limitation)}`);
  }
  return fitLines(lines, CHAT_DESCRIPTION_MAX_CHARS);
}

function verdictNotification(verdict: Verdict, subject: string | null): ChatNotification {
  const title = subject ?? verdictSubject(verdict);
  const workload = verdict.workload;
  const recurrence = recurrenceText(verdict);
  return {
    version: '1.0',
    source: 'custom',
    content: {
      textType: 'client-markdown',
      title: capChatText(chatSafeText(title), CHAT_TITLE_MAX_CHARS),
      description: verdictDescription(verdict),
      nextSteps: steps(verdict.recommendations),
      keywords: keywords([verdictLabel(verdict), workload?.project, workload?.clusterId, recurrence ? 'recurring' : null]),
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

function digestNotification(digest: DigestPayload, subject: string | null): ChatNotification {
  const safe = chatSafeText;
  const counts = Object.entries(digest.counts).map(([label, count]) => `${count} ${label}`);
  const lines = [
    `*${digest.total} failures on cluster ${safe(digest.clusterId)} in one delivery window*`,
    `Counts: ${safe(counts.join(', '))}`,
    `Recurring: ${digest.recurring} of ${digest.total}`,
    digest.nodes.length > 0
      ? `Nodes involved: ${safe(digest.nodes.map((node) => `${node.name} (${node.count})`).join(', '))}`
      : 'Nodes involved: none identified in the evidence',
    '*Workloads* (recurring first)',
    ...digest.verdicts.slice(0, DIGEST_WORKLOADS_SHOWN).map((entry) => {
      const label = entry.outcome === 'diagnosed' ? (entry.category ?? 'UNKNOWN') : entry.outcome.toUpperCase();
      const name = entry.workloadName ?? entry.workloadId ?? 'unidentified workload';
      const recurring = entry.recurring && entry.recurrenceCount ? ` recurring ${entry.recurrenceCount}x` : '';
      return `• [${label}] \`${safe(name)}\`${entry.project ? ` (${safe(entry.project)})` : ''}${recurring}${entry.workloadId ? ` · id ${safe(entry.workloadId)}` : ''}`;
    }),
  ];
  const unlisted = digest.total - Math.min(digest.verdicts.length, DIGEST_WORKLOADS_SHOWN);
  if (unlisted > 0) lines.push(`_+${unlisted} more workloads in the email digest_`);
  return {
    version: '1.0',
    source: 'custom',
    content: {
      textType: 'client-markdown',
      title: capChatText(safe(subject ?? `[DIGEST] ${digest.total} failures on cluster ${digest.clusterId}`), CHAT_TITLE_MAX_CHARS),
      description: fitLines(lines, CHAT_DESCRIPTION_MAX_CHARS),
      nextSteps: steps([
        `Full report for one workload: runai-diagnose --cluster-id ${digest.clusterId} --workload-id ‹id›`,
        ...(digest.nodes.length > 0 ? ['Many failures on few nodes point at the nodes: check their conditions before resubmitting.'] : []),
      ]),
      keywords: keywords(['DIGEST', ...Object.keys(digest.counts), digest.clusterId]),
    },
    metadata: {
      threadId: digestCorrelationKey(digest),
      summary: capChatText(safe(`DIGEST: ${digest.total} failures on cluster ${digest.clusterId}`), CHAT_SUMMARY_MAX_CHARS),
      eventType: 'RunaiDiagnoseDigest',
    },
  };
}

export function buildChatNotification(notification: DeliveredNotification): ChatNotification {
  return notification.kind === 'verdict'
    ? verdictNotification(notification.verdict, notification.subject)
    : digestNotification(notification.digest, notification.subject);
}
