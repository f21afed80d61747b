/**
 * The plain-text report (email body, CLI default): the category (or the outcome) on the
 * first line, then the workload, the evidence with its sources, the history, the
 * recommendation and the limitations. Pure.
 */
import type { Verdict } from '../core/verdict.js';
import type { Messages } from './Messages.js';
import { displayName } from '../safety/displayName.js';
import { feedbackLine } from './feedbackWords.js';
import { nodeSuspectWordsFor } from './nodeSuspectWords.js';

export function renderTextReport(verdict: Verdict, messages: Messages): string {
  const { report } = messages;
  const lines: string[] = [firstLine(verdict, messages)];
  const colon = report.labelColon;
  if (verdict.workload) {
    // Names are quoted when they are not plain identifiers: a name must not read as a field or a line.
    const { name, phase, project, id, clusterId } = verdict.workload;
    lines.push(
      `${report.workload}${colon} ${displayName(name)} | ${report.phase}${colon} ${displayName(phase)} | ${report.project}${colon} ${project ? displayName(project) : report.none}`,
    );
    lines.push(`ID${colon} ${displayName(id)} | Cluster${colon} ${displayName(clusterId)}`);
  }
  lines.push('', verdict.message);

  const failingLine = verdict.outcome === 'diagnosed' ? (verdict.failingLine ?? null) : null;
  if (verdict.evidence.length > 0 || failingLine !== null) {
    lines.push('', `${report.evidence}${colon}`);
    // The line a person acts on comes first; its sources are the evidence lines below that quote it.
    if (failingLine !== null) lines.push(`- ${report.failingLine(failingLine)}`);
    for (const item of verdict.evidence) lines.push(`- ${item.text} (${report.source}${colon} ${item.source})`);
  }
  if (verdict.outcome === 'diagnosed' && verdict.category) {
    const history = verdict.recurrence ? report.recurrenceLine({ ...verdict.recurrence, category: verdict.category }) : report.historyUnknown;
    lines.push('', `${report.history}${colon} ${history}`);
  }
  if (verdict.node?.suspect)
    lines.push('', nodeSuspectWordsFor(messages.locale).reportLine(displayName(verdict.node.name), verdict.node.suspect, verdict.category));
  if (verdict.recommendations.length > 0) {
    lines.push('', `${report.recommendation}${colon}`);
    for (const recommendation of verdict.recommendations) lines.push(`- ${recommendation}`);
  }
  if (verdict.limitations.length > 0) {
    lines.push('', `${report.limitations}${colon}`);
    for (const limitation of verdict.limitations) lines.push(`- ${limitation}`);
  }
  if (verdict.feedbackUrl) lines.push('', feedbackLine(messages.locale, verdict.feedbackUrl));
  return `${lines.join('\n')}\n`;
}

function firstLine(verdict: Verdict, messages: Messages): string {
  const colon = messages.report.labelColon;
  if (verdict.outcome === 'diagnosed') return `${messages.report.category}${colon} ${verdict.category ?? 'UNKNOWN'}`;
  const detail = verdict.route ?? verdict.stopReason;
  return `${messages.report.outcome}${colon} ${verdict.outcome.toUpperCase()}${detail ? ` (${detail})` : ''}`;
}
