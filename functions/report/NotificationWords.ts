/**
 * The words of every notification a person reads besides the text report: the SNS subject
 * (its tail and the digest's head), the storm digest email, the chat card and the
 * PagerDuty summary. One catalog per locale (`notificationWordsEn`, `notificationWordsFr`);
 * the compiler keeps them in step. Delivery, chat and PagerDuty own the layout, the size
 * limits and the quoting of names; they take every word from here, so `REPORT_LOCALE`
 * chosen once at the edge (worker, local mode, forwarders) decides the language of all.
 *
 * Subject tags (`[OOM_KILLED]`, `[ROUTED preempted]`, `[DIGEST]`) and category names are
 * codes, not words: subscribers scan for them whatever the language, as the French text
 * report keeps `OOM_KILLED`. A node-suspect notice (DESIGN §4.8) will get its own member
 * here (`nodeSuspect`), rendered the same way.
 */
import type { Locale } from './Messages.js';

export interface NotificationWords {
  locale: Locale;
  /** A verdict that resolved no workload and whose request named none. */
  unidentifiedWorkload: string;
  /** The subject's tail and the digest line's: `recurring 3x/7d` (hours when the window is not whole days). */
  recurrenceTag(count: number, lookbackDays: number): string;
  digest: {
    /** After `[DIGEST]` in the subject and the chat title. */
    subjectHead(total: number, clusterId: string): string;
    /** What a digest gathers: the chat card's first line, in bold. */
    inOneWindow(total: number, cluster: string): string;
    /** The email's first line: `inOneWindow` after the digest's name. */
    title(total: number, cluster: string): string;
    counts(list: string): string;
    recurring(recurring: number, total: number): string;
    nodes(list: string | null): string;
    /** After the nodes listed, when more were involved. */
    moreNodes(count: number): string;
    workloadsHeading: string;
    /** Before a workload's id in a digest line: ` - id wl-42`. */
    idLabel: string;
    /** Why a digest and not one email each (the SNS email rate). */
    why(cluster: string, total: number, threshold: number | undefined): string;
    /** How to get one workload's full report; `placeholder` stands for the id. */
    fullReport(cluster: string, placeholder: string): string;
    truncated(omitted: number): string;
    /** A chat card's one-line summary of a digest. */
    summary(total: number, clusterId: string): string;
  };
  chat: {
    workload(p: { name: string; project: string | null; clusterId: string; phase: string; id: string }): string;
    memory(p: { request: string; limit: string; peak: string }): string;
    /** `GiB` value, or this when the measurement is missing. */
    notObserved: string;
    history(count: number, lookbackDays: number, recurring: boolean): string;
    evidenceHeading: string;
    limitationsHeading: string;
    moreEvidence(count: number): string;
    moreLines(count: number): string;
    /** The card's keyword for a recurring failure (the others are codes: category, project, cluster). */
    recurringKeyword: string;
    /** A digest card: its workload list's heading, and what did not fit. */
    workloadsHeading: string;
    recurringCount(count: number): string;
    moreWorkloads(count: number): string;
    checkNodes: string;
    /** The stand-in for a workload id in a chat card's command (chat markdown would eat `<id>`). */
    idPlaceholder: string;
  };
  pagerDuty: {
    /** A digest's summary after its subject. */
    digestSummary(counts: string, recurring: number, total: number): string;
  };
}
