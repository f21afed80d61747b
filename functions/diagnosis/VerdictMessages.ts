/**
 * The port through which the diagnosis writes a verdict's sentences: the evidence lines,
 * the outcome message, the recommendations and the limitations, in one language. The
 * diagnosis owns this interface and decides *what* to say; a catalog per locale
 * (functions/report) says it. Arguments that came from the cluster arrive already quoted.
 */
import type { Category, Route, StopReason } from '../core/verdict.js';
import type { Fact } from './Fact.js';
import type { ImagePullCause } from './Signal.js';
import type { LogHint } from '../tier2/logLineTable.js';
import type { Tier2Limitation } from '../tier2/Tier2Evidence.js';

export interface RecommendationContext {
  category: Category;
  imagePullCause: ImagePullCause | null;
  image: string | null;
  limitBytes: number | null;
  peakBytes: number | null;
  restartPolicy: string | null;
  nodeNames: string[];
  namespace: string | null;
  podName: string | null;
  exitCode: number | null;
  policyText: string | null;
  killedBySignalUnexplained: boolean;
  // Tier 2 (optional: absent = Tier 2 was not used, and the Tier 1 sentences apply unchanged).
  /** Tier 2 read Kubernetes evidence for this diagnosis. */
  tier2Used?: boolean;
  /** The kubectl command whose log line is quoted in the evidence, if one was read. */
  logCommand?: string | null;
  /** What the quoted log line says, when it names a cause (CUDA out of memory, NCCL, …). */
  logHint?: LogHint | null;
  /** The kill (exit 137/143) is explained by liveness/startup probe failures. */
  probeKill?: boolean;
}

export type NeedsInputReason = 'missing-cluster' | 'missing-workload' | 'no-terminal-candidate' | 'no-active-candidate' | 'not-found';

export interface VerdictMessages {
  fact(fact: Fact): string;
  alsoObserved(text: string): string;
  optionBSelection(p: { name: string; project: string; matches: number; selectedPhase: string; intent: 'terminal' | 'active' }): string;
  messageDiagnosed(p: { name: string; category: Category; recurrence: { count: number; lookbackDays: number } | null; tier2Used?: boolean }): string;
  messageRouted(p: { name: string; phase: string; route: Route }): string;
  messageStopped(p: { name: string; phase: string; stopReason: StopReason; requestedClusterId: string; actualClusterId: string }): string;
  messageNeedsInput(p: { reason: NeedsInputReason; clusterId: string | null; workloadId: string | null; name: string | null; project: string | null }): string;
  recommendations(context: RecommendationContext): string[];
  recurringRecommendation(p: { count: number; lookbackDays: number; category: Category }): string;
  limitation: {
    eventsUnavailable(detail: string): string;
    podsUnavailable(detail: string): string;
    noPods(): string;
    specUnavailable(detail: string): string;
    specUnknownType(type: string | null): string;
    historyUnavailable(detail: string): string;
    historyPageCap(pages: number): string;
    metricsUnavailable(detail: string): string;
    metricsPartial(): string;
    metricsEmpty(): string;
    memoryLimitUnknown(): string;
    tier2Unavailable(): string;
    /** A Tier 2 read that failed or could not be made (each one is stated). */
    tier2(limitation: Tier2Limitation): string;
    preemptionNotRuledOut(): string;
    listTruncated(pages: number): string;
  };
}
