/**
 * The port through which the diagnosis writes a verdict's sentences: the evidence lines,
 * the outcome message, the recommendations and the limitations, in one language. The
 * diagnosis owns this interface and decides *what* to say (which recommendations, whether
 * a failure recurs); a catalog per locale (functions/report) only words it. Arguments
 * that came from the cluster arrive already quoted.
 */
import type { Category, Route, StopReason } from '../../core/verdict.js';
import type { Fact } from './Fact.js';
import type { SpecField } from './SpecField.js';
import type { RecommendationTexts } from './Recommendation.js';
import type { Tier2Limitation } from './Tier2Evidence.js';
import type { SignalKind } from './Signal.js';
import type { CollateralFormat, OriginUnknownReason } from './DistributedFinding.js';

export type NeedsInputReason = 'missing-cluster' | 'missing-workload' | 'no-terminal-candidate' | 'no-active-candidate' | 'not-found';

export interface VerdictMessages {
  fact(fact: Fact): string;
  alsoObserved(text: string): string;
  optionBSelection(p: { name: string; project: string; matches: number; selectedPhase: string; intent: 'terminal' | 'active' }): string;
  messageDiagnosed(p: {
    name: string;
    category: Category;
    recurrence: { count: number; lookbackDays: number; recurring: boolean } | null;
    tier2Used?: boolean;
  }): string;
  /** A multi-pod failure's origin (§4.8): the replica that failed first, and the peers that failed after it. */
  originLine(p: {
    pod: string;
    node: string | null;
    /** Already formatted (UTC). */
    at: string;
    /** The kind of the signal that ended the origin; null when only its pod status says it failed. */
    kind: SignalKind | null;
    collateral: number;
    /** Other replicas that failed after it with signals of their own. */
    later: number;
    /** The peers' formats, most frequent first. */
    formats: readonly CollateralFormat[];
  }): string;
  messageRouted(p: { name: string; phase: string; route: Route }): string;
  messageStopped(p: { name: string; phase: string; stopReason: StopReason; requestedClusterId: string; actualClusterId: string }): string;
  messageNeedsInput(p: { reason: NeedsInputReason; clusterId: string | null; workloadId: string | null; name: string | null; project: string | null }): string;
  recommendation: RecommendationTexts;
  limitation: {
    eventsUnavailable(detail: string): string;
    podsUnavailable(detail: string): string;
    noPods(): string;
    /** A spec field the category would be corroborated with, absent from every part the kind keeps it in. */
    specFieldAbsent(field: SpecField, paths: readonly string[]): string;
    podsPageCap(pages: number): string;
    specUnavailable(detail: string): string;
    specUnknownType(type: string | null): string;
    /** A newer API surface (Workloads V2, NIM services, inference revisions) answered 404: an older control plane, most likely. */
    endpointAbsent(endpoint: string, type: string | null): string;
    revisionsUnavailable(detail: string): string;
    revisionReadFailed(what: 'pods' | 'events' | 'history', detail: string): string;
    historyUnavailable(detail: string): string;
    historyPageCap(pages: number): string;
    /** The history memory budget (readHistory) dropped the oldest `records` records read. */
    historyBudget(records: number, budgetMiB: number): string;
    /** Recurrence counted over a history the budget cut: `count` is a lower bound. */
    recurrenceLowerBound(count: number, lookbackDays: number): string;
    metricsUnavailable(detail: string): string;
    metricsPartial(): string;
    metricsEmpty(): string;
    memoryLimitUnknown(): string;
    tier2Unavailable(): string;
    /** A Tier 2 read that failed or could not be made (each one is stated). */
    tier2(limitation: Tier2Limitation): string;
    preemptionNotRuledOut(): string;
    listTruncated(pages: number): string;
    /** UNKNOWN: the Warning event reasons no table row recognised (at most a few, most frequent first). */
    unrecognisedWarnings(reasons: readonly { reason: string; count: number }[]): string;
    /** A multi-pod workload whose origin could not be told, and why (`replicas`: how many replicas failed). */
    originUnknown(reason: OriginUnknownReason, replicas: number): string;
    /** A named origin tied within its second with replicas Tier 2 had no read left for (`replicas`: how many). */
    originTiedUnread(replicas: number): string;
  };
}
