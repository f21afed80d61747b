/**
 * Steps 1–4 as one pure function: read the signals of the current run, apply the phase
 * gate, and classify with the rule registry. No I/O; the caller decides from `needsMetrics`
 * whether to read metrics before building the verdict.
 */
import { parseTimestamp } from '../../core/parseTimestamp.js';
import type { Category } from '../../core/verdict.js';
import { countUnrecognisedWarnings, type UnrecognisedReason } from '../signals/countUnrecognisedWarnings.js';
import { currentEpisodeStart } from '../signals/currentEpisodeStart.js';
import { signalsFromEvents, signalsFromHistory, signalsFromPods, signalsFromStatus } from '../signals/extractSignals.js';
import { gatePhase, type GateDecision } from './gatePhase.js';
import { classifySignals, type Classification } from './rules/ruleRegistry.js';
import type { Signal } from '../model/Signal.js';
import type { WorkloadEvidence } from '../model/WorkloadEvidence.js';
import type { DistributedFinding } from '../model/DistributedFinding.js';
import { maskIdentifiers } from '../signals/maskIdentifiers.js';
import { workloadNames } from '../signals/workloadNames.js';
import { wasAllocatedGpu } from './wasAllocatedGpu.js';

export interface Analysis {
  signals: Signal[];
  gate: GateDecision;
  classification: Classification<Signal>;
  /** OOM_KILLED, or a SIGKILL/SIGTERM nothing explains: read memory metrics (Step 4). */
  needsMetrics: boolean;
  /** Epoch ms where the current run begins (null: all history read belongs to it). */
  episodeStart: number | null;
  currentFailureAt: number | null;
  /** Warning events of the current run that no table row recognises (events, or history when events failed). */
  unrecognisedWarnings: UnrecognisedReason[];
  /** A multi-pod workload's origin, or why it could not be told (functions/diagnosis/distributed/); absent for one pod. */
  distributed?: DistributedFinding | null;
}

/**
 * @param extraSignals signals read by Tier 2 (Kubernetes): filtered to the current run and
 *   classified exactly like Tier 1's.
 */
export function analyseWorkload(evidence: Omit<WorkloadEvidence, 'metrics'>, extraSignals: readonly Signal[] = []): Analysis {
  const currentFailureAt = parseTimestamp(evidence.status.phaseUpdatedAt);
  const records = evidence.history.ok ? evidence.history.value.records : [];
  const episodeStart = currentEpisodeStart(records, currentFailureAt);
  const inCurrentRun = (signal: Signal) => episodeStart === null || signal.at === null || signal.at >= episodeStart;

  // Patterns read messages with the names users chose masked: a name never picks the category.
  const mask = maskIdentifiers(workloadNames(evidence));
  // The GPU stack calling the GPU unreachable is the node's only in a container that was given one.
  const gpuAllocated = wasAllocatedGpu(evidence);
  const signals = [
    ...signalsFromStatus(evidence.status, mask),
    ...(evidence.events.ok ? signalsFromEvents(evidence.events.value, 'event', mask) : []),
    ...(evidence.pods.ok ? signalsFromPods(evidence.pods.value) : []),
    ...signalsFromHistory(records, mask),
    ...extraSignals,
  ].filter((signal) => inCurrentRun(signal) && (gpuAllocated || signal.kind !== 'GPU_UNREACHABLE'));

  const gate = gateOf(evidence, signals);
  const classification = classifySignals(signals);
  const warnings = evidence.events.ok
    ? evidence.events.value
    : records.flatMap((record) =>
        record.spec?.event ? [{ ...record.spec.event, createdAt: record.spec.event.createdAt || record.meta.creationTimestamp }] : [],
      );
  const currentWarnings = warnings.filter((event) => {
    const at = parseTimestamp(event.createdAt);
    return episodeStart === null || at === null || at >= episodeStart;
  });
  return {
    unrecognisedWarnings: countUnrecognisedWarnings(currentWarnings, undefined, mask),
    signals,
    gate,
    classification,
    needsMetrics: needsMetricsOf(gate, classification.category, signals),
    episodeStart,
    currentFailureAt,
  };
}

/**
 * The phase gate over the current run's signals. It reads what the status, conditions, events
 * and pods say now (docs/procedure.md step 1). History speaks only for preemption, and in place
 * of events that failed to load; an old phase message in history must not make a healthy
 * Running workload "failed".
 */
export function gateOf(evidence: Pick<WorkloadEvidence, 'status' | 'spec' | 'events'>, signals: readonly Signal[]): GateDecision {
  const gateSignals = signals.filter(
    (signal) =>
      (signal.origin !== 'history-event' && signal.origin !== 'history-phase') ||
      signal.kind === 'PREEMPTED' ||
      (signal.origin === 'history-event' && !evidence.events.ok),
  );
  const desiredPhase = evidence.spec.ok ? (evidence.spec.value.desiredPhase ?? null) : null;
  return gatePhase(evidence.status.phase, gateSignals, { desiredPhase });
}

/** Step 4 reads memory metrics for an OOM kill, or for a SIGKILL/SIGTERM nothing explains. */
export function needsMetricsOf(gate: GateDecision, category: Category, signals: readonly Signal[]): boolean {
  const unexplainedKill = category === 'UNKNOWN' && signals.some((signal) => signal.kind === 'EXIT_SYSTEM_SIGNAL');
  return gate.action === 'continue' && (category === 'OOM_KILLED' || unexplainedKill);
}
