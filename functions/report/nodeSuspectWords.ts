/**
 * The words of a suspect node (DESIGN §4.8), per locale: the line a verdict on a suspect node
 * carries in its text report, and the `node_suspect` notice the platform gets once per node per
 * window (email, chat card, PagerDuty summary). Node, cluster and workload names arrive already
 * quoted for display (displayName); commands are code, never translated.
 */
import type { Category, VerdictNode } from '../core/verdict.js';
import type { Locale } from './Messages.js';

export type NodeSuspicionFacts = NonNullable<VerdictNode['suspect']>;

export interface NodeSuspectWords {
  /** The text report's line under History, on a verdict whose node is suspect. */
  reportLine(node: string, suspect: NodeSuspicionFacts, category: Category | null): string;
  /** After `[NODE_SUSPECT]` in the subject. */
  subjectTail(node: string, clusterId: string, suspect: NodeSuspicionFacts): string;
  title(node: string, cluster: string): string;
  /** Why the node is suspect: the rule that held. */
  why(suspect: NodeSuspicionFacts): string;
  workloadsHeading: string;
  /** One listed workload: its category, name, project and the failure's time (ISO). */
  workloadLine(p: { category: Category; name: string; project: string | null; at: string }): string;
  commandsHeading: string;
  /** The product never runs them: said once under the commands. */
  neverRuns: string;
  /** The chat card's and the PagerDuty event's one-line summary. */
  summary(node: string, clusterId: string, suspect: NodeSuspicionFacts): string;
}

/** Categories whose failure is the node's, not the workload's, when the node is suspect. */
const NOT_YOUR_CODE: ReadonlySet<Category> = new Set(['NODE_FAILURE', 'UNKNOWN']);

const en: NodeSuspectWords = {
  reportLine: (node, suspect, category) =>
    `Node: ${node} is suspect: ${
      suspect.hardwareXid !== null
        ? `a hardware Xid ${suspect.hardwareXid} was seen on it`
        : `${suspect.failures} workloads from ${suspect.submitters} submitters failed on it with node-side signatures`
    } in the last ${suspect.windowHours} h${category !== null && NOT_YOUR_CODE.has(category) ? ' — likely not your code' : ''}.`,
  subjectTail: (node, clusterId, suspect) =>
    `${node} (${clusterId}) ${suspect.hardwareXid !== null ? `Xid ${suspect.hardwareXid}, ` : ''}${suspect.failures} failed/${suspect.windowHours}h`,
  title: (node, cluster) => `SUSPECT NODE: ${node} on cluster ${cluster}`,
  why: (suspect) =>
    suspect.hardwareXid !== null
      ? `A hardware Xid ${suspect.hardwareXid} was seen on this node in the last ${suspect.windowHours} h (NVIDIA's catalogue sends it to a GPU reset, a node reboot or support); ${suspect.failures} workload(s) failed on it.`
      : `${suspect.failures} workloads from ${suspect.submitters} different submitters failed on this node in the last ${suspect.windowHours} h, each with a node-side signature (node failure, unexplained, or NCCL / CUDA / Xid).`,
  workloadsHeading: 'Workloads that failed on it (oldest first):',
  workloadLine: ({ category, name, project, at }) => `- [${category}] ${name}${project ? ` (${project})` : ''} at ${at}`,
  commandsHeading: 'To check and take it out of scheduling:',
  neverRuns: 'runai-diagnose never runs these: it only reads.',
  summary: (node, clusterId, suspect) =>
    `Suspect node ${node} on cluster ${clusterId}: ${
      suspect.hardwareXid !== null ? `hardware Xid ${suspect.hardwareXid}` : `${suspect.failures} workloads of ${suspect.submitters} submitters failed`
    } in ${suspect.windowHours} h`,
};

const fr: NodeSuspectWords = {
  reportLine: (node, suspect, category) =>
    `Nœud : ${node} est suspect : ${
      suspect.hardwareXid !== null
        ? `un Xid matériel ${suspect.hardwareXid} y a été vu`
        : `${suspect.failures} workloads de ${suspect.submitters} soumetteurs y ont échoué avec des signatures côté nœud`
    } dans les dernières ${suspect.windowHours} h${category !== null && NOT_YOUR_CODE.has(category) ? ' — probablement pas votre code' : ''}.`,
  subjectTail: (node, clusterId, suspect) =>
    `${node} (${clusterId}) ${suspect.hardwareXid !== null ? `Xid ${suspect.hardwareXid}, ` : ''}${suspect.failures} echecs/${suspect.windowHours}h`,
  title: (node, cluster) => `NŒUD SUSPECT : ${node} sur le cluster ${cluster}`,
  why: (suspect) =>
    suspect.hardwareXid !== null
      ? `Un Xid matériel ${suspect.hardwareXid} a été vu sur ce nœud dans les dernières ${suspect.windowHours} h (le catalogue NVIDIA le renvoie à une réinitialisation du GPU, un redémarrage du nœud ou au support) ; ${suspect.failures} workload(s) y ont échoué.`
      : `${suspect.failures} workloads de ${suspect.submitters} soumetteurs différents ont échoué sur ce nœud dans les dernières ${suspect.windowHours} h, chacun avec une signature côté nœud (panne de nœud, cause inexpliquée, ou NCCL / CUDA / Xid).`,
  workloadsHeading: 'Workloads qui y ont échoué (les plus anciens d’abord) :',
  workloadLine: ({ category, name, project, at }) => `- [${category}] ${name}${project ? ` (${project})` : ''} à ${at}`,
  commandsHeading: 'Pour le vérifier et le retirer de la planification :',
  neverRuns: 'runai-diagnose ne les exécute jamais : il ne fait que lire.',
  summary: (node, clusterId, suspect) =>
    `Nœud suspect ${node} sur le cluster ${clusterId} : ${
      suspect.hardwareXid !== null ? `Xid matériel ${suspect.hardwareXid}` : `${suspect.failures} workloads de ${suspect.submitters} soumetteurs en échec`
    } en ${suspect.windowHours} h`,
};

export function nodeSuspectWordsFor(locale: Locale): NodeSuspectWords {
  return locale === 'fr' ? fr : en;
}
