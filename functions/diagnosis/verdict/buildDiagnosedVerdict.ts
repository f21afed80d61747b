/**
 * A failed workload's diagnosis: the category first, then every supporting signal with its
 * source, Tier 2's quoted log lines, the corroborating signals and spec fields, the memory
 * quantities when memory matters, the pods, and what else was observed; the recurrence in
 * the lookback window, the recommendations (decided by decideRecommendations) and every
 * missing measurement named. Pure: time is a parameter, text comes from the catalog.
 */
import { displayName } from '../../safety/displayName.js';
import type { Category, Verdict } from '../../core/verdict.js';
import { quoteUntrusted } from '../../safety/quoteUntrusted.js';
import type { Analysis } from '../classify/analyseWorkload.js';
import { countRecurrence, RECURRING_THRESHOLD } from '../classify/countRecurrence.js';
import { decideRecommendations } from '../recommend/decideRecommendations.js';
import { describeDiagnosisLimitations } from './describeLimitations.js';
import { EvidenceList, evidenceRank, MAX_ALSO_OBSERVED, MAX_SUPPORTING_EVIDENCE } from '../model/EvidenceList.js';
import { chooseFailingLine, type FailingLine } from '../signals/decisiveLine/chooseFailingLine.js';
import { lineFor, readDecisiveLines } from '../signals/decisiveLine/signalLine.js';
import { MESSAGE_QUOTE_LENGTH, quoteEvidence } from '../signals/quoteEvidence.js';
import { gatherRecommendationContext } from '../recommend/gatherRecommendationContext.js';
import { phaseFact } from './phaseFact.js';
import { podFact, podsToCite } from '../signals/podsToCite.js';
import { readMemory, type MemoryReading } from '../gather/readMemory.js';
import { submittedSpecOf, type SubmittedSpec } from '../gather/readSubmittedSpec.js';
import type { SpecPartName } from '../ports/workloadKinds.js';
import { renderRecommendation } from '../model/Recommendation.js';
import type { Signal, SignalKind } from '../model/Signal.js';
import { startVerdict } from './startVerdict.js';
import { limitation } from '../model/Limitation.js';
import { renderLimitations } from './renderLimitations.js';
import type { VerdictMessages } from '../model/VerdictMessages.js';
import type { WorkloadEvidence } from '../model/WorkloadEvidence.js';
import { maskIdentifiers, type NameMask } from '../signals/maskIdentifiers.js';
import { workloadNames } from '../signals/workloadNames.js';
import { audienceOfDiagnosis } from '../classify/audienceOfDiagnosis.js';
import { replicaRole } from '../distributed/replicaRole.js';

/**
 * Signals that never decide a category but corroborate one: an exit 137 next to OOMKilled,
 * failed pods next to a node failure. Quoted after the supporting signals.
 */
const CORROBORATING_KINDS: Record<Category, readonly SignalKind[]> = {
  OOM_KILLED: ['EXIT_SYSTEM_SIGNAL'],
  IMAGE_PULL_FAILED: [],
  INIT_FAILED: ['POD_ERROR'],
  DATASOURCE_MOUNT_FAILED: [],
  CRASH_APP_ERROR: ['POD_ERROR', 'CONTAINER_START_ERROR'],
  NODE_FAILURE: ['EXIT_SYSTEM_SIGNAL', 'POD_ERROR', 'CONTAINER_START_ERROR'],
  SCHEDULING_POLICY_TERMINATED: ['EXIT_SYSTEM_SIGNAL'],
  UNKNOWN: ['EXIT_SYSTEM_SIGNAL', 'POD_ERROR', 'PROBE_FAILURE'],
};

/**
 * What an UNKNOWN verdict quotes first: the texts that say what failed without naming a
 * category (a quota refusal, a start error, a kill nothing explains). They are why no
 * category was named, so they lead, before the phase.
 */
const UNKNOWN_LEAD_KINDS: readonly SignalKind[] = ['ADMISSION_DENIED', 'POD_CREATE_FAILED', 'UNCATEGORISED', 'CONTAINER_START_ERROR', 'EXIT_SYSTEM_SIGNAL'];

export interface DiagnosisContext {
  /** The length of the history window recurrence is counted in. */
  lookbackMs: number;
  nowMs: number;
  messages: VerdictMessages;
}

export function buildDiagnosedVerdict(evidence: WorkloadEvidence, analysis: Analysis, context: DiagnosisContext): Verdict {
  const { messages } = context;
  const { base, list, limitations, citeSelection } = startVerdict(evidence, messages);
  const { category, supporting, runnersUp } = analysis.classification;
  // The workload's names, masked wherever a pattern reads text (recurrence, failing line, audience): built once.
  const mask = maskIdentifiers(workloadNames(evidence));
  // The rule names its deciding kind first (an exit code before the crash loop it explains,
  // the kubelet's probe kill before the kill it caused): those signals lead the evidence.
  const leadKind = supporting[0]?.kind;
  // Where a multi-pod failure started leads: the origin, and how many peers failed after it.
  const distributed = analysis.distributed ?? null;
  const origin = distributed?.origin ?? null;
  if (distributed && origin) {
    list.addText(
      messages.originLine({
        pod: origin.pod,
        node: origin.node,
        at: formatUtc(origin.at),
        kind: origin.kind,
        collateral: distributed.collateral,
        later: distributed.later,
        formats: distributed.collateralFormats,
      }),
      origin.source,
    );
  }
  list.addSignals(
    supporting.filter((signal) => signal.kind === leadKind),
    MAX_SUPPORTING_EVIDENCE,
  );
  list.addSignals(supporting, MAX_SUPPORTING_EVIDENCE);
  if (category === 'UNKNOWN') {
    list.addSignals(
      analysis.signals.filter((signal) => UNKNOWN_LEAD_KINDS.includes(signal.kind)),
      MAX_SUPPORTING_EVIDENCE,
    );
    list.addFact(phaseFact(evidence), 'get_workload_status');
  }
  citeSelection();
  // Tier 2's quoted log lines: evidence, never a signal (log text does not choose the category).
  for (const finding of evidence.tier2?.logs ?? []) list.addFact(finding.fact, finding.source);
  const corroborating = analysis.signals.filter((signal) => CORROBORATING_KINDS[category].includes(signal.kind) && !supporting.includes(signal));
  list.addSignals(corroborating, list.items.length + MAX_SUPPORTING_EVIDENCE);

  const pods = evidence.pods.ok ? evidence.pods.value : null;
  const memoryRelevant = analysis.needsMetrics;
  const submitted = submittedSpecOf(evidence);
  const memory = readMemory({
    status: evidence.status,
    spec: submitted,
    pods,
    metrics: evidence.metrics?.ok ? evidence.metrics.value : null,
    originPod: origin?.rawPod ?? null,
    originPart: origin ? replicaRole(origin.rawPod, evidence.status.name) : null,
  });
  addCorroboration(list, category, submitted, memory, memoryRelevant);
  if (pods && pods.length === 0) list.addFact({ type: 'no-pods' }, 'get_workload_pods');
  for (const pod of podsToCite(pods ?? [], supporting)) list.addFact(podFact(pod), 'get_workload_pods');

  const alsoObserved = runnersUp.flatMap((runnerUp) => runnerUp.supporting);
  list.addSignals(alsoObserved, list.items.length + MAX_ALSO_OBSERVED, messages.alsoObserved);

  limitations.push(...describeDiagnosisLimitations({ evidence, category, memory, memoryRelevant, submitted }));
  // UNKNOWN says what it could not read.
  if (category === 'UNKNOWN' && analysis.unrecognisedWarnings.length > 0) limitations.push(limitation('unrecognisedWarnings', analysis.unrecognisedWarnings));
  const recurrence = recurrenceOf(evidence, analysis, context, mask);
  if (recurrence && evidence.history.ok && evidence.history.value.trimmed)
    limitations.push(limitation('recurrenceLowerBound', recurrence.count, recurrence.lookbackDays));
  if (distributed?.unknown) limitations.push(limitation('originUnknown', distributed.unknown.reason, distributed.unknown.replicas));
  if (distributed?.origin && distributed.unreadTied) limitations.push(limitation('originTiedUnread', distributed.unreadTied));
  const failingLine = failingLineOf(evidence, analysis, mask);
  const recommendationContext = { ...gatherRecommendationContext(analysis, evidence, memory, recurrence, submitted), failingLine };
  const decided = decideRecommendations(recommendationContext);
  const recommendations = decided.map((recommendation) => renderRecommendation(messages.recommendation, recommendation));

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
    recommendationIds: decided.map((recommendation) => recommendation.id),
    ...renderLimitations(limitations, messages),
    failingLine: failingLine?.text ?? null,
    origin: origin
      ? {
          pod: origin.pod,
          node: origin.node,
          at: new Date(origin.at).toISOString(),
          // The category comes from the origin, so the failing line is the origin's decisive line (its
          // Tier 2 log, its node's Xid): it says what ended it better than a status word ("Error").
          signal: origin.lineIsStatus ? (failingLine?.text ?? origin.line) : origin.line,
          collateral: distributed?.collateral ?? 0,
        }
      : null,
    audience: audienceOfDiagnosis(category, supporting, mask),
    message: messages.messageDiagnosed({
      name: displayName(base.workload.name),
      category,
      recurrence,
      ...(evidence.tier2?.used ? { tier2Used: true } : {}),
    }),
  };
}

/**
 * The line to act on, from the signals that decided (in citing order, the deciding kind first;
 * for UNKNOWN, what says what failed), else from the phase message's own decisive line.
 */
function failingLineOf(evidence: WorkloadEvidence, analysis: Analysis, mask: NameMask): FailingLine | null {
  const { category, supporting } = analysis.classification;
  // No origin and no cause of its own anywhere (only peer deaths and bare exits): the peer's line
  // (an NCCL watchdog timeout) is what there is to quote.
  const peerLine = analysis.distributed?.unknown && category === 'UNKNOWN' ? analysis.distributed.collateralLine : null;
  if (peerLine) return { text: peerLine.text, fromPayload: peerLine.fromPayload, hint: null };
  const leadKind = supporting[0]?.kind;
  const ordered = (signals: readonly Signal[]) => [...signals].sort((a, b) => evidenceRank(a) - evidenceRank(b));
  const deciding = [
    ...ordered(supporting.filter((signal) => signal.kind === leadKind)),
    ...ordered(supporting.filter((signal) => signal.kind !== leadKind)),
    ...(category === 'UNKNOWN' ? ordered(analysis.signals.filter((signal) => UNKNOWN_LEAD_KINDS.includes(signal.kind))) : []),
  ];
  const chosen = chooseFailingLine(category, deciding, originLogs(evidence.tier2, analysis.distributed?.origin?.pod ?? null), mask);
  if (chosen) return chosen;
  const message = evidence.status.phaseMessage;
  if (!message) return null;
  const line = lineFor('UNCATEGORISED', readDecisiveLines(message, null, mask, true));
  return line ? { text: quoteEvidence(line.text, MESSAGE_QUOTE_LENGTH + (line.nameSlack ?? 0)), fromPayload: line.fromPayload, hint: null } : null;
}

/**
 * Tier 2's log lines of the origin's pod, when it has any: a peer's watchdog line is not the line to act on.
 * Where the origin's decisive line is a supervisor's summary (torchrun's ChildFailedError), the rank's
 * exception it wraps stands in its place (distributed/wrappedErrorOf.ts): the summary says a child failed, not why.
 */
function originLogs(tier2: WorkloadEvidence['tier2'], originPod: string | null): WorkloadEvidence['tier2'] {
  if (!tier2 || originPod === null) return tier2;
  const own = tier2.logs
    .filter((finding) => finding.fact.podName === originPod)
    .map((finding) => (finding.wrapped === undefined ? finding : { ...finding, fact: { ...finding.fact, line: finding.wrapped } }));
  return own.length > 0 ? { ...tier2, logs: own } : tier2;
}

/** A moment as the reports print it: UTC to the second, the same in every locale. */
function formatUtc(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

/** Failures of the same category in the lookback window, this one included; null when history could not be read. */
function recurrenceOf(evidence: WorkloadEvidence, analysis: Analysis, context: DiagnosisContext, mask: NameMask): Verdict['recurrence'] {
  if (!evidence.history.ok) return null;
  const count = countRecurrence({
    records: evidence.history.value.records,
    category: analysis.classification.category,
    currentFailureAt: analysis.currentFailureAt ?? context.nowMs,
    lookbackStartMs: context.nowMs - context.lookbackMs,
    nowMs: context.nowMs,
    mask,
    incompleteBeforeMs: evidence.history.value.trimmed?.keptAfterMs ?? null,
  });
  return { count, lookbackDays: roundDays(context.lookbackMs), recurring: count >= RECURRING_THRESHOLD };
}

/** Spec fields that corroborate the category: the memory quantities, the image, the restart policy, the command. */
function addCorroboration(list: EvidenceList, category: Category, submitted: SubmittedSpec | null, memory: MemoryReading, memoryRelevant: boolean): void {
  if (memoryRelevant) for (const { fact, source } of memory.facts) list.addFact(fact, source);
  const partOf = (located: { part: SpecPartName | null }) => (located.part ? { part: located.part } : {});
  if (category === 'IMAGE_PULL_FAILED' && submitted?.image) {
    list.addFact({ type: 'spec-image', image: quoteUntrusted(submitted.image.value, { maxLength: 300 }), ...partOf(submitted.image) }, 'get_workload_spec');
  }
  const restart = submitted?.restartPolicy;
  if (category === 'NODE_FAILURE' && restart) {
    const { restartPolicy, backoffLimit } = restart.value;
    list.addFact(
      { type: 'spec-restart-policy', restartPolicy: quoteUntrusted(restartPolicy, { maxLength: 32 }), backoffLimit, ...partOf(restart) },
      'get_workload_spec',
    );
  }
  if ((category === 'CRASH_APP_ERROR' || category === 'INIT_FAILED') && submitted?.command) {
    list.addFact(
      { type: 'spec-command', command: quoteUntrusted(submitted.command.value, { maxLength: 200 }), ...partOf(submitted.command) },
      'get_workload_spec',
    );
  }
}

function roundDays(ms: number): number {
  return Math.round((ms / 86_400_000) * 100) / 100;
}
