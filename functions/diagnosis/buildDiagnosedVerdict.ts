/**
 * A failed workload's diagnosis: the category first, then every supporting signal with its
 * source, Tier 2's quoted log lines, the corroborating signals and spec fields, the memory
 * quantities when memory matters, the pods, and what else was observed; the recurrence in
 * the lookback window, the recommendations (decided by decideRecommendations) and every
 * missing measurement named. Pure: time is a parameter, text comes from the catalog.
 */
import { displayName } from '../safety/displayName.js';
import type { Category, Verdict } from '../core/verdict.js';
import { quoteUntrusted } from '../safety/quoteUntrusted.js';
import type { Analysis } from './analyseWorkload.js';
import { countRecurrence, RECURRING_THRESHOLD } from './countRecurrence.js';
import { decideRecommendations } from './decideRecommendations.js';
import { describeDiagnosisLimitations } from './describeLimitations.js';
import { EvidenceList, MAX_ALSO_OBSERVED, MAX_SUPPORTING_EVIDENCE } from './EvidenceList.js';
import { gatherRecommendationContext } from './gatherRecommendationContext.js';
import { phaseFact } from './phaseFact.js';
import { podFact, podsToCite } from './podsToCite.js';
import { readMemory, type MemoryReading } from './readMemory.js';
import { renderRecommendation } from './Recommendation.js';
import type { SignalKind } from './Signal.js';
import { startVerdict } from './startVerdict.js';
import type { VerdictMessages } from './VerdictMessages.js';
import type { WorkloadEvidence } from './WorkloadEvidence.js';

/**
 * Signals that never decide a category but corroborate one: an exit 137 next to OOMKilled,
 * failed pods next to a node failure. Quoted after the supporting signals.
 */
const CORROBORATING_KINDS: Record<Category, readonly SignalKind[]> = {
  OOM_KILLED: ['EXIT_SYSTEM_SIGNAL'],
  IMAGE_PULL_FAILED: [],
  INIT_FAILED: ['POD_ERROR'],
  DATASOURCE_MOUNT_FAILED: [],
  CRASH_APP_ERROR: ['POD_ERROR'],
  NODE_FAILURE: ['EXIT_SYSTEM_SIGNAL', 'POD_ERROR'],
  SCHEDULING_POLICY_TERMINATED: ['EXIT_SYSTEM_SIGNAL'],
  UNKNOWN: ['EXIT_SYSTEM_SIGNAL', 'POD_ERROR', 'PROBE_FAILURE'],
};

export interface DiagnosisContext {
  /** The length of the history window recurrence is counted in. */
  lookbackMs: number;
  nowMs: number;
  messages: VerdictMessages;
}

export function buildDiagnosedVerdict(evidence: WorkloadEvidence, analysis: Analysis, context: DiagnosisContext): Verdict {
  const { messages } = context;
  const { base, list, limitations } = startVerdict(evidence, messages);
  const { category, supporting, runnersUp } = analysis.classification;
  list.addSignals(supporting, MAX_SUPPORTING_EVIDENCE);
  if (category === 'UNKNOWN') list.addFact(phaseFact(evidence), 'get_workload_status');
  // Tier 2's quoted log lines: evidence, never a signal (log text does not choose the category).
  for (const finding of evidence.tier2?.logs ?? []) list.addFact(finding.fact, finding.source);
  const corroborating = analysis.signals.filter((signal) => CORROBORATING_KINDS[category].includes(signal.kind) && !supporting.includes(signal));
  list.addSignals(corroborating, list.items.length + MAX_SUPPORTING_EVIDENCE);

  const pods = evidence.pods.ok ? evidence.pods.value : null;
  const memoryRelevant = analysis.needsMetrics;
  const memory = readMemory({
    status: evidence.status,
    spec: evidence.spec.ok ? evidence.spec.value : null,
    pods,
    metrics: evidence.metrics?.ok ? evidence.metrics.value : null,
  });
  addCorroboration(list, category, evidence, memory, memoryRelevant);
  if (pods && pods.length === 0) list.addFact({ type: 'no-pods' }, 'get_workload_pods');
  for (const pod of podsToCite(pods ?? [], supporting)) list.addFact(podFact(pod), 'get_workload_pods');

  const alsoObserved = runnersUp.flatMap((runnerUp) => runnerUp.supporting);
  list.addSignals(alsoObserved, list.items.length + MAX_ALSO_OBSERVED, messages.alsoObserved);

  limitations.push(...describeDiagnosisLimitations({ evidence, category, memory, memoryRelevant }, messages));
  const recurrence = recurrenceOf(evidence, analysis, context);
  const recommendations = decideRecommendations(gatherRecommendationContext(analysis, evidence, memory, recurrence)).map((recommendation) =>
    renderRecommendation(messages.recommendation, recommendation),
  );

  return {
    ...base,
    outcome: 'diagnosed',
    category,
    route: null,
    stopReason: null,
    evidence: list.items,
    memory: memoryRelevant ? { requestBytes: memory.requestBytes, limitBytes: memory.limitBytes, peakBytes: memory.peakBytes } : null,
    recurrence,
    recommendations,
    limitations,
    message: messages.messageDiagnosed({
      name: displayName(base.workload.name),
      category,
      recurrence,
      ...(evidence.tier2?.used ? { tier2Used: true } : {}),
    }),
  };
}

/** Failures of the same category in the lookback window, this one included; null when history could not be read. */
function recurrenceOf(evidence: WorkloadEvidence, analysis: Analysis, context: DiagnosisContext): Verdict['recurrence'] {
  if (!evidence.history.ok) return null;
  const count = countRecurrence({
    records: evidence.history.value.records,
    category: analysis.classification.category,
    currentFailureAt: analysis.currentFailureAt ?? context.nowMs,
    lookbackStartMs: context.nowMs - context.lookbackMs,
    nowMs: context.nowMs,
  });
  return { count, lookbackDays: roundDays(context.lookbackMs), recurring: count >= RECURRING_THRESHOLD };
}

/** Spec fields that corroborate the category: the memory quantities, the image, the restart policy, the command. */
function addCorroboration(list: EvidenceList, category: Category, evidence: WorkloadEvidence, memory: MemoryReading, memoryRelevant: boolean): void {
  const specBody = evidence.spec.ok ? (evidence.spec.value.spec ?? evidence.spec.value.masterSpec) : null;
  if (memoryRelevant) for (const { fact, source } of memory.facts) list.addFact(fact, source);
  if (category === 'IMAGE_PULL_FAILED' && specBody?.image) list.addFact({ type: 'spec-image', image: quoteUntrusted(specBody.image, { maxLength: 300 }) }, 'get_workload_spec');
  if (category === 'NODE_FAILURE' && specBody?.restartPolicy) {
    list.addFact({ type: 'spec-restart-policy', restartPolicy: quoteUntrusted(specBody.restartPolicy, { maxLength: 32 }), backoffLimit: specBody.backoffLimit ?? null }, 'get_workload_spec');
  }
  if ((category === 'CRASH_APP_ERROR' || category === 'INIT_FAILED') && specBody?.command) {
    const command = [specBody.command, specBody.args].filter(Boolean).join(' ');
    list.addFact({ type: 'spec-command', command: quoteUntrusted(command, { maxLength: 200 }) }, 'get_workload_spec');
  }
}

function roundDays(ms: number): number {
  return Math.round((ms / 86_400_000) * 100) / 100;
}
