/**
 * Step 5: turns an analysis and its evidence into the verdict — category first, every
 * signal with its source, quantities, missing measurements named, recurrence, next
 * action. Pure: time is a parameter, text comes from the message catalog.
 */
import { parseQuantity } from '../core/parseQuantity.js';
import type { Category, Evidence, Verdict, VerdictWorkload } from '../core/verdict.js';
import type { Pod } from '../runai/schemas.js';
import type { VerdictMessages } from './VerdictMessages.js';
import { quoteUntrusted } from '../safety/quoteUntrusted.js';
import { quoteMessage, quoteName } from './quoteEvidence.js';
import type { Analysis } from './analyseWorkload.js';
import { countRecurrence, RECURRING_THRESHOLD } from './countRecurrence.js';
import { decideRecommendations, type RecommendationContext } from './decideRecommendations.js';
import type { Fact } from './Fact.js';
import { renderRecommendation } from './Recommendation.js';
import { readMemory, type MemoryReading } from './readMemory.js';
import type { Signal, SignalKind, SourceName } from './Signal.js';
import type { WorkloadEvidence } from './WorkloadEvidence.js';
import type { Tier2Evidence } from '../tier2/Tier2Evidence.js';

export const MAX_SUPPORTING_EVIDENCE = 8;
export const MAX_ALSO_OBSERVED = 4;
export const MAX_POD_LINES = 3;

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

export interface VerdictContext {
  requestedClusterId: string;
  lookbackMs: number;
  nowMs: number;
  messages: VerdictMessages;
}

export function describeWorkload(evidence: Pick<WorkloadEvidence, 'status'>): VerdictWorkload {
  const { status } = evidence;
  return {
    // Every field of a Run:ai response is untrusted, identifiers included: quoted like the rest.
    id: quoteUntrusted(status.id, { maxLength: 200 }),
    name: quoteUntrusted(status.name, { maxLength: 253 }),
    project: status.projectName ? quoteUntrusted(status.projectName, { maxLength: 253 }) : null,
    clusterId: quoteUntrusted(status.clusterId, { maxLength: 200 }),
    phase: quoteUntrusted(status.phase, { maxLength: 64 }),
    type: status.type ? quoteUntrusted(status.type, { maxLength: 64 }) : null,
  };
}

/** Evidence lines without repeats; an event relayed both live and in history is cited once (live). */
class EvidenceList {
  private readonly seen = new Set<string>();
  readonly items: Evidence[] = [];
  constructor(private readonly messages: VerdictMessages) {}

  addFact(fact: Fact, source: SourceName, wrap?: (text: string) => string): void {
    const key = factKey(fact);
    if (this.seen.has(key)) return;
    this.seen.add(key);
    const text = this.messages.fact(fact);
    this.items.push({ text: wrap ? wrap(text) : text, source });
  }

  addSignals(signals: readonly Signal[], limit: number, wrap?: (text: string) => string): void {
    const ordered = [...signals].sort((a, b) => evidenceRank(a) - evidenceRank(b));
    for (const signal of ordered) {
      if (this.items.length >= limit) return;
      this.addFact(signal.fact, signal.source, wrap);
    }
  }

  addText(text: string, source: SourceName): void {
    this.items.push({ text, source });
  }
}

/** Facts that say the same thing live and in history share a key: the live one is cited. */
function factKey(fact: Fact): string {
  if (fact.type === 'event' || fact.type === 'history-event') return `event\u0000${fact.reason}\u0000${fact.message}`;
  if ((fact.type === 'phase' || fact.type === 'history-phase') && fact.phaseMessage) return `phase\u0000${fact.phaseMessage}`;
  return JSON.stringify(fact);
}

const ORIGIN_GROUP: Record<Signal['origin'], number> = {
  event: 0,
  phase: 0,
  condition: 0,
  pod: 1,
  'k8s-pod': 1,
  'k8s-event': 1,
  'k8s-node': 1,
  'history-event': 2,
  'history-phase': 2,
};

/**
 * Live status first, then pods, then history (the seed's example order); within each,
 * a signal that names its cause (a registry error, an exit code) is quoted first.
 */
function evidenceRank(signal: Signal): number {
  const informative = (signal.imagePullCause && signal.imagePullCause !== 'unspecified') || signal.exitCode !== undefined;
  return ORIGIN_GROUP[signal.origin] * 2 + (informative ? 0 : 1);
}

function limitationsFor(evidence: WorkloadEvidence, messages: VerdictMessages): string[] {
  const limitations: string[] = [];
  if (!evidence.events.ok) limitations.push(messages.limitation.eventsUnavailable(evidence.events.detail));
  if (!evidence.pods.ok) limitations.push(messages.limitation.podsUnavailable(evidence.pods.detail));
  else if (evidence.pods.value.length === 0) limitations.push(messages.limitation.noPods());
  if (!evidence.spec.ok) {
    limitations.push(
      evidence.spec.detail === 'unknown-type' ? messages.limitation.specUnknownType(evidence.status.type ? quoteUntrusted(evidence.status.type, { maxLength: 64 }) : null) : messages.limitation.specUnavailable(evidence.spec.detail),
    );
  }
  if (!evidence.history.ok) limitations.push(messages.limitation.historyUnavailable(evidence.history.detail));
  else if (evidence.history.value.capped) limitations.push(messages.limitation.historyPageCap(evidence.history.value.pages));
  if (!evidence.events.ok && !evidence.history.ok) limitations.push(messages.limitation.preemptionNotRuledOut());
  for (const limitation of evidence.tier2?.limitations ?? []) limitations.push(messages.limitation.tier2(limitation));
  return limitations;
}

export function buildVerdict(evidence: WorkloadEvidence, analysis: Analysis, context: VerdictContext): Verdict {
  const { messages } = context;
  const workload = describeWorkload(evidence);
  const list = new EvidenceList(messages);
  if (evidence.selection) list.addText(evidence.selection, 'list_workloads');
  const limitations = limitationsFor(evidence, messages);
  const base = { schemaVersion: 1 as const, workload, memory: null, recurrence: null };

  if (analysis.gate.action === 'route') {
    const route = analysis.gate.route;
    const driving = analysis.signals.filter((signal) => signal.kind === (route === 'runai-diagnose-preempted-workload' ? 'PREEMPTED' : 'UNSCHEDULABLE'));
    list.addSignals(driving, MAX_SUPPORTING_EVIDENCE);
    if (driving.length === 0) list.addFact(phaseFact(evidence), 'get_workload_status');
    return {
      ...base,
      outcome: 'routed',
      category: null,
      route,
      stopReason: null,
      evidence: list.items,
      recommendations: [],
      limitations,
      message: messages.messageRouted({ name: workload.name, phase: workload.phase, route }),
    };
  }

  if (analysis.gate.action === 'stop') {
    list.addFact(phaseFact(evidence), 'get_workload_status');
    return {
      ...base,
      outcome: 'stopped',
      category: null,
      route: null,
      stopReason: analysis.gate.stopReason,
      evidence: list.items,
      recommendations: [],
      limitations,
      message: messages.messageStopped({
        name: workload.name,
        phase: workload.phase,
        stopReason: analysis.gate.stopReason,
        requestedClusterId: context.requestedClusterId,
        actualClusterId: workload.clusterId,
      }),
    };
  }

  const { category, supporting, runnersUp } = analysis.classification;
  list.addSignals(supporting, MAX_SUPPORTING_EVIDENCE);
  if (category === 'UNKNOWN') list.addFact(phaseFact(evidence), 'get_workload_status');
  // Tier 2's quoted log lines: evidence, never a signal (log text does not choose the category).
  for (const finding of evidence.tier2?.logs ?? []) list.addFact(finding.fact, finding.source);
  const corroborating = analysis.signals.filter((signal) => CORROBORATING_KINDS[category].includes(signal.kind) && !supporting.includes(signal));
  list.addSignals(corroborating, list.items.length + MAX_SUPPORTING_EVIDENCE);

  const spec = evidence.spec.ok ? evidence.spec.value : null;
  const pods = evidence.pods.ok ? evidence.pods.value : null;
  const metrics = evidence.metrics?.ok ? evidence.metrics.value : null;
  const memoryRelevant = analysis.needsMetrics;
  const memory = readMemory({ status: evidence.status, spec, pods, metrics });
  addCorroboration(list, category, evidence, memory, memoryRelevant);
  if (pods && pods.length === 0) list.addFact({ type: 'no-pods' }, 'get_workload_pods');
  for (const pod of podsToCite(pods ?? [], supporting)) list.addFact(podFact(pod), 'get_workload_pods');

  const alsoObserved = runnersUp.flatMap((runnerUp) => runnerUp.supporting);
  const beforeAlso = list.items.length;
  list.addSignals(alsoObserved, beforeAlso + MAX_ALSO_OBSERVED, messages.alsoObserved);

  if (memoryRelevant) limitations.push(...memoryLimitations(evidence, memory, messages));
  // Without Tier 2 for this cluster, say so where Tier 2 would have been used.
  if (!evidence.tier2 && (category === 'UNKNOWN' || category === 'CRASH_APP_ERROR')) limitations.push(messages.limitation.tier2Unavailable());

  const recurrence = evidence.history.ok
    ? (() => {
        const count = countRecurrence({
          records: evidence.history.value.records,
          category,
          currentFailureAt: analysis.currentFailureAt ?? context.nowMs,
          lookbackStartMs: context.nowMs - context.lookbackMs,
          nowMs: context.nowMs,
        });
        return { count, lookbackDays: roundDays(context.lookbackMs), recurring: count >= RECURRING_THRESHOLD };
      })()
    : null;

  const decided = decideRecommendations({ ...recommendationContext(category, analysis, evidence, memory, supporting), recurrence });
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
    limitations,
    message: messages.messageDiagnosed({
      name: workload.name,
      category,
      recurrence,
      ...(evidence.tier2?.used ? { tier2Used: true } : {}),
    }),
  };
}

/** Pods named by the supporting signals first (they say which node), then failed-looking pods. */
function podsToCite(pods: readonly Pod[], supporting: readonly Signal[]): Pod[] {
  const named = new Set(supporting.flatMap((signal) => (signal.fact.type === 'event' && signal.fact.objectName ? [signal.fact.objectName] : [])));
  const quietPhases = /^(?:running|pending|succeeded|completed)$/i;
  const ranked = [...pods].sort((a, b) => Number(named.has(quoteName(b.name))) - Number(named.has(quoteName(a.name))));
  return ranked.filter((pod) => named.has(quoteName(pod.name)) || !quietPhases.test(pod.k8sPhase ?? '')).slice(0, MAX_POD_LINES);
}

function podFact(pod: Pod): Fact {
  return {
    type: 'pod',
    podName: quoteName(pod.name),
    k8sPhase: quoteName(pod.k8sPhase ?? 'unknown'),
    nodeName: pod.nodeName ? quoteName(pod.nodeName) : null,
    memoryLimitBytes: parseQuantity(pod.requestedResources?.cpuMemory?.limit),
  };
}

function phaseFact(evidence: WorkloadEvidence): Fact {
  const { status } = evidence;
  return {
    type: 'phase',
    phase: quoteUntrusted(status.phase, { maxLength: 64 }),
    phaseReason: status.phaseReason ? quoteUntrusted(status.phaseReason, { maxLength: 120 }) : null,
    phaseMessage: status.phaseMessage ? quoteMessage(status.phaseMessage) : null,
  };
}

function addCorroboration(list: EvidenceList, category: Verdict['category'], evidence: WorkloadEvidence, memory: MemoryReading, memoryRelevant: boolean): void {
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

function memoryLimitations(evidence: WorkloadEvidence, memory: MemoryReading, messages: VerdictMessages): string[] {
  const limitations: string[] = [];
  if (evidence.metrics && !evidence.metrics.ok) limitations.push(messages.limitation.metricsUnavailable(evidence.metrics.detail));
  else if (evidence.metrics?.ok && evidence.metrics.value.partial) limitations.push(messages.limitation.metricsPartial());
  if (memory.samples === 0) limitations.push(messages.limitation.metricsEmpty());
  if (memory.limitBytes === null) limitations.push(messages.limitation.memoryLimitUnknown());
  return limitations;
}

function recommendationContext(
  category: Verdict['category'] & string,
  analysis: Analysis,
  evidence: WorkloadEvidence,
  memory: MemoryReading,
  supporting: readonly Signal[],
): Omit<RecommendationContext, 'recurrence'> {
  const specBody = evidence.spec.ok ? (evidence.spec.value.spec ?? evidence.spec.value.masterSpec) : null;
  const pods = evidence.pods.ok ? evidence.pods.value : [];
  const pullCauses = supporting.map((signal) => signal.imagePullCause).filter((cause) => cause && cause !== 'unspecified');
  const exitCodes = supporting.map((signal) => signal.exitCode).filter((code): code is number => code !== undefined && code !== 0);
  const policySignal = supporting.find((signal) => signal.kind === 'SCHEDULING_POLICY');
  const namedPods = podsToCite(pods, supporting);
  const nodesFromSignals = supporting.map((signal) => signal.nodeName).filter((name): name is string => Boolean(name));
  const nodesFromPods = namedPods.map((pod) => pod.nodeName).filter((name): name is string => Boolean(name)).map(quoteName);
  const nodeNames = category === 'NODE_FAILURE' ? [...new Set([...nodesFromSignals, ...nodesFromPods])] : [];
  const namespace = evidence.status.namespace ?? (evidence.status.projectName ? `runai-${evidence.status.projectName}` : null);
  const tier2 = evidence.tier2?.used ? tier2Context(category, analysis, evidence.tier2, supporting) : {};
  return {
    ...tier2,
    category,
    imagePullCause: pullCauses[0] ?? (category === 'IMAGE_PULL_FAILED' ? 'unspecified' : null),
    image: specBody?.image ? quoteUntrusted(specBody.image, { maxLength: 300 }) : null,
    limitBytes: memory.limitBytes,
    peakBytes: memory.peakBytes,
    restartPolicy: specBody?.restartPolicy ? quoteUntrusted(specBody.restartPolicy, { maxLength: 32 }) : null,
    nodeNames,
    namespace: namespace ? quoteUntrusted(namespace, { maxLength: 253 }) : null,
    podName: (namedPods[0] ?? pods[0])?.name ? quoteName((namedPods[0] ?? pods[0])!.name) : null,
    exitCode: exitCodes[0] ?? null,
    policyText: policySignal ? policyTextOf(policySignal.fact) : null,
    killedBySignalUnexplained: category === 'UNKNOWN' && analysis.signals.some((signal) => signal.kind === 'EXIT_SYSTEM_SIGNAL'),
  };
}

/** What Tier 2 adds to the recommendation: the quoted log line's command and hint, and whether probes explain a kill. */
function tier2Context(category: Category, analysis: Analysis, tier2: Tier2Evidence, supporting: readonly Signal[]): Partial<RecommendationContext> {
  const relevant = tier2.logs.filter((finding) => finding.init === (category === 'INIT_FAILED'));
  const findings = relevant.length > 0 ? relevant : tier2.logs;
  const hinted = findings.find((finding) => finding.hint !== null);
  const probeKill = category === 'CRASH_APP_ERROR' && supporting.some((signal) => signal.kind === 'PROBE_FAILURE') && analysis.signals.some((signal) => signal.kind === 'EXIT_SYSTEM_SIGNAL');
  return {
    tier2Used: true,
    logCommand: findings[0]?.source ?? null,
    logHint: hinted?.hint ?? null,
    probeKill,
  };
}

function policyTextOf(fact: Fact): string | null {
  switch (fact.type) {
    case 'event':
    case 'history-event':
      return `${fact.reason}: ${fact.message}`;
    case 'phase':
      return fact.phaseMessage ?? fact.phaseReason;
    case 'condition':
      return fact.message ?? fact.reason;
    case 'history-phase':
      return fact.phaseMessage;
    default:
      return null;
  }
}

function roundDays(ms: number): number {
  return Math.round((ms / 86_400_000) * 100) / 100;
}
