/** The English notification words (NotificationWords.ts). */
import type { NotificationWords } from './NotificationWords.js';

/** `7d`, or `36h` when the window is not whole days. */
function window(lookbackDays: number, day: string): string {
  return Number.isInteger(lookbackDays) ? `${lookbackDays}${day}` : `${Math.round(lookbackDays * 24)}h`;
}

export const notificationWordsEn: NotificationWords = {
  locale: 'en',
  unidentifiedWorkload: 'unidentified workload',
  recurrenceTag: (count, lookbackDays) => `recurring ${count}x/${window(lookbackDays, 'd')}`,
  digest: {
    subjectHead: (total, clusterId) => `${total} failures on cluster ${clusterId}`,
    inOneWindow: (total, cluster) => `${total} failures on cluster ${cluster} in one delivery window`,
    title: (total, cluster) => `DIGEST: ${notificationWordsEn.digest.inOneWindow(total, cluster)}`,
    counts: (list) => `Counts: ${list}`,
    recurring: (recurring, total) => `Recurring: ${recurring} of ${total}`,
    nodes: (list) => (list === null ? 'Nodes involved: none identified in the evidence' : `Nodes involved: ${list}`),
    moreNodes: (count) => `+${count} more`,
    workloadsHeading: 'Workloads (recurring first):',
    idLabel: 'id',
    why: (cluster, total, threshold) =>
      `These verdicts were sent as one digest because cluster ${cluster} produced ${total} at once` +
      (threshold ? ` (digest threshold ${threshold})` : '') +
      '; SNS suspends email subscriptions that receive more than 10 messages per second.',
    fullReport: (cluster, placeholder) => `Full report for one workload: runai-diagnose --cluster-id ${cluster} --workload-id ${placeholder}`,
    truncated: (omitted) => `[truncated: ${omitted} workloads omitted from this digest]`,
    summary: (total, clusterId) => `DIGEST: ${total} failures on cluster ${clusterId}`,
  },
  chat: {
    workload: ({ name, project, clusterId, phase, id }) =>
      `Workload: \`${name}\`${project ? ` (project ${project})` : ''} · cluster ${clusterId} · phase ${phase} · id ${id}`,
    memory: ({ request, limit, peak }) => `Memory: request ${request}, limit ${limit}, peak ${peak}`,
    notObserved: 'not observed',
    history: (count, lookbackDays, recurring) => `History: ${count} failure${count === 1 ? '' : 's'} in ${lookbackDays} days${recurring ? ' (recurring)' : ''}`,
    evidenceHeading: '*Evidence*',
    limitationsHeading: '*Limitations*',
    moreEvidence: (count) => `_+${count} more in the email report_`,
    moreLines: (count) => `_…${count} more lines in the email report_`,
    recurringKeyword: 'recurring',
    workloadsHeading: '*Workloads* (recurring first)',
    recurringCount: (count) => `recurring ${count}x`,
    moreWorkloads: (count) => `_+${count} more workloads in the email digest_`,
    checkNodes: 'Many failures on few nodes point at the nodes: check their conditions before resubmitting.',
    idPlaceholder: '‹id›',
  },
  pagerDuty: {
    digestSummary: (counts, recurring, total) => `${counts}; ${recurring} of ${total} recurring`,
  },
};
