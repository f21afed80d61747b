/**
 * The facts a recommendation depends on, gathered from the evidence of a diagnosed
 * workload: the registry's answer, the image, the memory limit and peak, the restart
 * policy, the failed nodes, where the pod's logs are, the exit code, the stopping policy,
 * and what Tier 2 read. Cluster text is quoted here. Pure.
 */
import type { Category } from '../../core/verdict.js';
import { quoteUntrusted } from '../../safety/quoteUntrusted.js';
import type { Tier2Evidence } from '../model/Tier2Evidence.js';
import type { Analysis } from '../classify/analyseWorkload.js';
import type { RecommendationContext } from './decideRecommendations.js';
import type { Fact } from '../model/Fact.js';
import { podsToCite } from '../signals/podsToCite.js';
import { quoteName } from '../signals/quoteEvidence.js';
import type { MemoryReading } from '../gather/readMemory.js';
import type { SubmittedSpec } from '../gather/readSubmittedSpec.js';
import type { WorkloadEvidence } from '../model/WorkloadEvidence.js';

export function gatherRecommendationContext(
  analysis: Analysis,
  evidence: WorkloadEvidence,
  memory: MemoryReading,
  recurrence: RecommendationContext['recurrence'],
  submitted: SubmittedSpec | null,
): RecommendationContext {
  const { category, supporting } = analysis.classification;
  const workloadPods = evidence.pods.ok ? evidence.pods.value : [];
  // An inference whose failure was read from a revision: that revision's pods are the ones to inspect.
  const revisionPods = evidence.revisions?.ok && evidence.revisions.value.pods?.ok ? evidence.revisions.value.pods.value : [];
  const pods = workloadPods.length > 0 ? workloadPods : revisionPods;
  const pullCauses = supporting.map((signal) => signal.imagePullCause).filter((cause) => cause && cause !== 'unspecified');
  const exitCodes = supporting.map((signal) => signal.exitCode).filter((code): code is number => code !== undefined && code !== 0);
  const policySignal = supporting.find((signal) => signal.kind === 'SCHEDULING_POLICY');
  const namedPods = podsToCite(pods, supporting);
  const nodesFromSignals = supporting.map((signal) => signal.nodeName).filter((name): name is string => Boolean(name));
  const nodesFromPods = namedPods
    .map((pod) => pod.nodeName)
    .filter((name): name is string => Boolean(name))
    .map(quoteName);
  const nodeNames = category === 'NODE_FAILURE' ? [...new Set([...nodesFromSignals, ...nodesFromPods])] : [];
  // Run:ai runs a project's workloads in namespace runai-<project> unless it names another.
  const namespace = evidence.status.namespace ?? (evidence.status.projectName ? `runai-${evidence.status.projectName}` : null);
  const tier2 = evidence.tier2?.used ? tier2Context(category, evidence.tier2) : {};
  const pod = namedPods[0] ?? pods[0];
  const probeKill =
    category === 'CRASH_APP_ERROR' &&
    (supporting.some((signal) => signal.kind === 'PROBE_KILL') ||
      (supporting.some((signal) => signal.kind === 'PROBE_FAILURE') && analysis.signals.some((signal) => signal.kind === 'EXIT_SYSTEM_SIGNAL')));
  // The deciding Xid (rules put it first), else an Xid the catalogue does not hold, named so that nobody guesses.
  const xid = supporting.find((signal) => signal.xid)?.xid ?? analysis.signals.find((signal) => signal.xid && !signal.xid.entry)?.xid ?? null;
  return {
    ...tier2,
    ...(xid ? { xid } : {}),
    ...(memory.shape ? { memoryShape: memory.shape.shape } : {}),
    ...(probeKill ? { probeKill } : {}),
    category,
    imagePullCause: pullCauses[0] ?? (category === 'IMAGE_PULL_FAILED' ? 'unspecified' : null),
    image: submitted?.image ? quoteUntrusted(submitted.image.value, { maxLength: 300 }) : null,
    limitBytes: memory.limitBytes,
    peakBytes: memory.peakBytes,
    restartPolicy: submitted?.restartPolicy ? quoteUntrusted(submitted.restartPolicy.value.restartPolicy, { maxLength: 32 }) : null,
    nodeNames,
    namespace: namespace ? quoteUntrusted(namespace, { maxLength: 253 }) : null,
    podName: pod?.name ? quoteName(pod.name) : null,
    exitCode: exitCodes[0] ?? null,
    policyText: policySignal ? policyTextOf(policySignal.fact) : null,
    killedBySignalUnexplained: category === 'UNKNOWN' && analysis.signals.some((signal) => signal.kind === 'EXIT_SYSTEM_SIGNAL'),
    nodeRemoval: category === 'NODE_FAILURE' ? (supporting.find((signal) => signal.nodeRemoval)?.nodeRemoval ?? null) : null,
    admissionDenied: category === 'UNKNOWN' && analysis.signals.some((signal) => signal.kind === 'ADMISSION_DENIED'),
    ownStorageLimit: supporting.some((signal) => signal.kind === 'STORAGE_LIMIT_EXCEEDED'),
    recurrence,
  };
}

/** What Tier 2 adds: the quoted log line's command and its hint. */
function tier2Context(category: Category, tier2: Tier2Evidence): Partial<RecommendationContext> {
  const relevant = tier2.logs.filter((finding) => finding.init === (category === 'INIT_FAILED'));
  const findings = relevant.length > 0 ? relevant : tier2.logs;
  const hinted = findings.find((finding) => finding.hint !== null);
  return {
    tier2Used: true,
    logCommand: findings[0]?.source ?? null,
    logHint: hinted?.hint ?? null,
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
