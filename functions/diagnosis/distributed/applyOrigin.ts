/**
 * Re-reads an analysis of a multi-pod workload from its origin (§4.8): the category comes from
 * the replica that failed first — its own signals and the workload-level ones — and the peers'
 * later failures do not vote. A preemption of the peers, or the job's deadline, after the origin
 * failed is the job's later fate, not its cause: it neither routes the verdict nor decides the
 * category. With only peer deaths everywhere, the category is UNKNOWN (what they show is
 * listed as also observed). Idempotent: it derives everything from `analysis.signals`. Pure.
 */
import { gateOf, needsMetricsOf, type Analysis } from '../classify/analyseWorkload.js';
import { classifySignals } from '../classify/rules/ruleRegistry.js';
import type { Signal, SignalKind } from '../model/Signal.js';
import type { Tier2LogFinding } from '../model/Tier2Evidence.js';
import type { WorkloadEvidence } from '../model/WorkloadEvidence.js';
import { maskIdentifiers } from '../signals/maskIdentifiers.js';
import { quoteName } from '../signals/quoteEvidence.js';
import { workloadNames } from '../signals/workloadNames.js';
import { findOrigin } from './findOrigin.js';
import { podOfSignal } from './readReplicaFailures.js';
import { replicaPods } from './replicaPods.js';

/** What a controller does to the whole job once it is failing: after the origin, it is a consequence. */
const JOB_FATE_KINDS: ReadonlySet<SignalKind> = new Set(['SCHEDULING_POLICY', 'PREEMPTED']);

/** Within this of the origin's failure a workload-level signal still speaks for it (whole-second timestamps). */
const SAME_SECOND_MS = 999;

export function applyOrigin(evidence: Omit<WorkloadEvidence, 'metrics'>, analysis: Analysis, logs: readonly Tier2LogFinding[] = []): Analysis {
  const mask = maskIdentifiers(workloadNames(evidence));
  const reading = findOrigin({ evidence, signals: analysis.signals, episodeStart: analysis.episodeStart, mask, logs });
  if (!reading) return analysis;
  const { finding, origin } = reading;
  const whole = classifySignals(analysis.signals);
  const gate = gateOf(evidence, analysis.signals);

  if (origin && finding.origin) {
    const pods = replicaPods(evidence);
    const podNames = pods.map((pod) => pod.name);
    const rawOfQuoted = new Map(pods.map((pod) => [quoteName(pod.name), pod.name]));
    const originAt = finding.origin.at;
    const speaksForOrigin = (signal: Signal): boolean => {
      const pod = podOfSignal(signal, rawOfQuoted, podNames);
      if (pod !== null) return pod === origin.pod.name;
      return !(JOB_FATE_KINDS.has(signal.kind) && signal.at !== null && signal.at > originAt + SAME_SECOND_MS);
    };
    const scoped = analysis.signals.filter(speaksForOrigin);
    const classification = classifySignals(scoped);
    const scopedGate = gateOf(evidence, scoped);
    return {
      ...analysis,
      gate: scopedGate,
      classification,
      needsMetrics: needsMetricsOf(scopedGate, classification.category, scoped),
      distributed: finding,
    };
  }
  // No origin, but replicas failed before the job was preempted or hit its deadline: that fate came
  // after the failure started, so it neither routes the verdict nor decides the category — whether
  // the replicas show a cause or only peer deaths (the teardown's SIGTERMs before a preemption).
  const firstAt = reading.firstFailureAt;
  const signals =
    firstAt === null
      ? analysis.signals
      : analysis.signals.filter((signal) => !(JOB_FATE_KINDS.has(signal.kind) && signal.at !== null && signal.at > firstAt + SAME_SECOND_MS));
  const fateGate = signals.length === analysis.signals.length ? gate : gateOf(evidence, signals);
  const rest = signals.length === analysis.signals.length ? whole : classifySignals(signals);
  if (reading.noOwnCause) {
    // Peer deaths say that a peer died, not why, and a bare exit says nothing more: no category
    // (never a vote of the peers' exit codes), and what they show is also observed.
    const classification = { category: 'UNKNOWN' as const, supporting: [], runnersUp: rest.category === 'UNKNOWN' ? [] : [rest] };
    return { ...analysis, gate: fateGate, classification, needsMetrics: needsMetricsOf(fateGate, 'UNKNOWN', signals), distributed: finding };
  }
  const classification = rest;
  return { ...analysis, gate: fateGate, classification, needsMetrics: needsMetricsOf(fateGate, classification.category, signals), distributed: finding };
}
