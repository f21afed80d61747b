/**
 * The French notification words (NotificationWords.ts), with the French typography of
 * messagesFr (space before `:` and `;`). Subjects reach SNS as ASCII (toSnsSubject drops
 * the accents), so the subject words are chosen to read well without them.
 */
import type { NotificationWords } from './NotificationWords.js';

/** `7j`, or `36h` when the window is not whole days. */
function window(lookbackDays: number): string {
  return Number.isInteger(lookbackDays) ? `${lookbackDays}j` : `${Math.round(lookbackDays * 24)}h`;
}

const failures = (n: number) => (n >= 2 ? 'échecs' : 'échec');

export const notificationWordsFr: NotificationWords = {
  locale: 'fr',
  unidentifiedWorkload: 'workload non identifié',
  recurrenceTag: (count, lookbackDays) => `récurrent ${count}x/${window(lookbackDays)}`,
  digest: {
    subjectHead: (total, clusterId) => `${total} ${failures(total)} sur le cluster ${clusterId}`,
    inOneWindow: (total, cluster) => `${total} ${failures(total)} sur le cluster ${cluster} dans une même fenêtre d'envoi`,
    title: (total, cluster) => `RÉSUMÉ : ${notificationWordsFr.digest.inOneWindow(total, cluster)}`,
    counts: (list) => `Décompte : ${list}`,
    recurring: (recurring, total) => `Récurrents : ${recurring} sur ${total}`,
    nodes: (list) => (list === null ? 'Nœuds concernés : aucun identifié dans les preuves' : `Nœuds concernés : ${list}`),
    moreNodes: (count) => `+${count} autres`,
    workloadsHeading: "Workloads (récurrents d'abord) :",
    idLabel: 'id',
    why: (cluster, total, threshold) =>
      `Ces verdicts ont été envoyés en un seul résumé car le cluster ${cluster} en a produit ${total} à la fois` +
      (threshold ? ` (seuil de résumé ${threshold})` : '') +
      ' ; SNS suspend les abonnements e-mail qui reçoivent plus de 10 messages par seconde.',
    fullReport: (cluster, placeholder) => `Rapport complet d'un workload : runai-diagnose --cluster-id ${cluster} --workload-id ${placeholder} --locale fr`,
    truncated: (omitted) => `[tronqué : ${omitted} workloads omis de ce résumé]`,
    summary: (total, clusterId) => `RÉSUMÉ : ${total} ${failures(total)} sur le cluster ${clusterId}`,
  },
  chat: {
    workload: ({ name, project, clusterId, phase, id }) =>
      `Workload : \`${name}\`${project ? ` (projet ${project})` : ''} · cluster ${clusterId} · phase ${phase} · id ${id}`,
    memory: ({ request, limit, peak }) => `Mémoire : demande ${request}, limite ${limit}, pic ${peak}`,
    notObserved: 'non observé',
    history: (count, lookbackDays, recurring) =>
      `Historique : ${count} ${count >= 2 ? 'défaillances' : 'défaillance'} en ${lookbackDays} ${lookbackDays === 1 ? 'jour' : 'jours'}${recurring ? ' (récurrent)' : ''}`,
    evidenceHeading: '*Preuves*',
    limitationsHeading: '*Limites*',
    moreEvidence: (count) => `_+${count} de plus dans le rapport par e-mail_`,
    moreLines: (count) => `_…${count} lignes de plus dans le rapport par e-mail_`,
    recurringKeyword: 'récurrent',
    workloadsHeading: "*Workloads* (récurrents d'abord)",
    recurringCount: (count) => `récurrent ${count}x`,
    moreWorkloads: (count) => `_+${count} workloads de plus dans le résumé par e-mail_`,
    checkNodes: 'Beaucoup de défaillances sur peu de nœuds désignent les nœuds : vérifiez leurs conditions avant de resoumettre.',
    idPlaceholder: '‹id›',
  },
  pagerDuty: {
    digestSummary: (counts, recurring, total) => `${counts} ; ${recurring} sur ${total} récurrents`,
  },
};
