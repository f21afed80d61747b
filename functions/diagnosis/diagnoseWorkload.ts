/**
 * The Tier 1 diagnosis procedure (docs/procedure.md) over the read-only `RunaiReader` port.
 *
 * Round trips after the token, for Option A with one history page:
 *   1. status
 *   2. spec ∥ pods ∥ events ∥ history page 1   (further history pages follow, one each)
 *   3. metrics, only for OOM or an unexplained SIGKILL
 * An inference that round 2 leaves unexplained reads its revisions first (two more rounds:
 * the revisions, then the chosen revision's pods ∥ events ∥ history); no other kind does.
 * With Tier 2 configured for the cluster and called for by the Tier 1 category, Kubernetes
 * reads follow the Tier 1 analysis (in parallel with the metrics read): pods ∥ pod events,
 * then logs ∥ node conditions as the re-classified category requires.
 * Option B adds one round (the live and deleted lists are read in parallel).
 *
 * Throws `RunaiError` only when the workload itself cannot be read (Run:ai unreachable,
 * authentication refused, access denied): every other failed read is a limitation.
 */
import { DEFAULT_LOOKBACK, parseLookbackMs, type DiagnosisRequest } from '../core/diagnosisRequest.js';
import { parseTimestamp } from '../core/parseTimestamp.js';
import { isRunaiError } from './ports/RunaiError.js';
import type { RunaiReader } from './ports/RunaiReader.js';
import { displayName } from '../safety/displayName.js';
import { analyseWorkload } from './classify/analyseWorkload.js';
import { clusterMismatchVerdict, needsInputVerdict } from './verdict/buildEarlyVerdict.js';
import { buildVerdict } from './verdict/buildVerdict.js';
import type { DiagnosisResult } from './model/DiagnosisResult.js';
import { describeNodeFailure } from './verdict/describeNodeFailure.js';
import { limitation, type Limitation } from './model/Limitation.js';
import { renderLimitations } from './verdict/renderLimitations.js';
import { readHistory } from './gather/readHistory.js';
import { readSafely } from './gather/readSafely.js';
import { redactVerdict } from './verdict/redactVerdict.js';
import { RECENT_EVENTS_LIMIT, resolveByName } from './gather/resolveByName.js';
import { specSourceFor } from './gather/specKindForType.js';
import { specFromManifest } from './gather/specFromManifest.js';
import { readRevisionEvidence, signalsFromRevision, wantsRevisions } from './gather/readRevisionEvidence.js';
import type { Signal } from './model/Signal.js';
import type { SpecSource } from './ports/RunaiReader.js';
import type { VerdictMessages } from './model/VerdictMessages.js';
import type { WorkloadEvidence } from './model/WorkloadEvidence.js';
import { collectTier2Evidence, wantsTier2 } from './tier2/collectTier2Evidence.js';
import { applyOrigin } from './distributed/applyOrigin.js';
import { peerLineOf } from './distributed/peerLineOf.js';
import { originUndecided } from './distributed/originUndecided.js';
import { relayHostNodes } from './distributed/relayHostNodes.js';
import { wrappedErrorOf } from './distributed/wrappedErrorOf.js';
import { relayedRanksOf } from './distributed/relayedRanksOf.js';
import type { Tier2Access } from './ports/Tier2Access.js';
import { emptyTier2Evidence, type Tier2Evidence } from './model/Tier2Evidence.js';

export const METRIC_TYPES = ['CPU_MEMORY_USAGE_BYTES', 'CPU_MEMORY_LIMIT_BYTES', 'CPU_MEMORY_REQUEST_BYTES'] as const;
export const METRIC_SAMPLES = 500;

export interface DiagnoseDependencies {
  reader: RunaiReader;
  /** The moment of the diagnosis: the lookback window ends here. */
  now: Date;
  /**
   * The catalog that writes every sentence of the verdict, in one language (the entry
   * point picks it: `messagesFor(locale)` in functions/report).
   */
  messages: VerdictMessages;
  /**
   * Optional Tier 2 (Kubernetes) access, from an explicit per-cluster configuration
   * (functions/tier2/createTier2Access.ts). Absent, or no reader for the cluster: Tier 1 only.
   */
  tier2?: Tier2Access | null;
}

export async function diagnoseWorkload(request: DiagnosisRequest, deps: DiagnoseDependencies): Promise<DiagnosisResult> {
  const { reader, messages } = deps;
  const nowMs = deps.now.getTime();
  const lookbackMs = parseLookbackMs(request.lookback ?? DEFAULT_LOOKBACK);
  const lookbackStartMs = nowMs - lookbackMs;
  const clusterId = request.clusterId;
  if (!clusterId) return { verdict: needsInputVerdict('missing-cluster', request, messages), occurrence: null };

  // Step 1: resolve the workload.
  let status: WorkloadEvidence['status'];
  let knownEvents: WorkloadEvidence['events'] | null = null;
  let selection: string | null = null;
  const limitations: Limitation[] = [];
  if (request.workloadId) {
    try {
      status = await reader.getWorkload(request.workloadId);
    } catch (error) {
      if (isRunaiError(error) && error.code === 'RUNAI_NOT_FOUND') return { verdict: needsInputVerdict('not-found', request, messages), occurrence: null };
      throw error;
    }
  } else if (request.workloadName && request.project) {
    const intent = request.intent ?? 'terminal';
    const resolved = await resolveByName(reader, { clusterId, name: request.workloadName, project: request.project, intent });
    if ('unresolved' in resolved) {
      return { verdict: needsInputVerdict(intent === 'terminal' ? 'no-terminal-candidate' : 'no-active-candidate', request, messages), occurrence: null };
    }
    status = resolved.status;
    knownEvents = resolved.events;
    if (resolved.listCapped !== null) limitations.push(limitation('listTruncated', resolved.listCapped));
    selection = messages.optionBSelection({
      name: displayName(request.workloadName),
      project: displayName(request.project),
      matches: resolved.matches,
      selectedPhase: displayName(status.phase, 64),
      intent,
    });
  } else {
    return { verdict: needsInputVerdict('missing-workload', request, messages), occurrence: null };
  }

  if (status.clusterId !== clusterId) return { verdict: clusterMismatchVerdict({ status }, clusterId, messages), occurrence: null };
  const workloadId = status.id;

  // Step 2 and 3, first page: independent reads in parallel. An inference's revision list is
  // read here too, before it is known to be needed: one more GET in a round that is waited for
  // anyway keeps an unexplained inference within three rounds (docs/procedure.md).
  const specKind = specSourceFor(status);
  const [spec, podPages, events, history, revisionList] = await Promise.all([
    readSpec(reader, workloadId, specKind),
    readSafely(() => reader.getWorkloadPods(workloadId)),
    knownEvents ? Promise.resolve(knownEvents) : readSafely(() => reader.getWorkloadEvents(workloadId, RECENT_EVENTS_LIMIT)),
    readSafely(() => readHistory(reader, workloadId, lookbackStartMs)),
    specKind === 'inferences' ? readSafely(() => reader.getInferenceRevisions(workloadId)) : Promise.resolve(null),
  ]);
  const pods: WorkloadEvidence['pods'] = podPages.ok ? { ok: true, value: podPages.value.pods } : podPages;
  const podsCappedAt = podPages.ok && podPages.value.capped ? podPages.value.pages : null;
  const evidence: Omit<WorkloadEvidence, 'metrics'> = { status, spec, specKind, pods, podsCappedAt, events, history, selection };
  // A multi-pod workload is read from the replica that failed first (distributed/applyOrigin.ts).
  const analyse = (extra: readonly Signal[] = []) => applyOrigin(evidence, analyseWorkload(evidence, extra));
  let analysis = analyse();

  // An inference whose workload-level reads explain nothing: its failure lives in a revision.
  let revisionSignals: Signal[] = [];
  if (revisionList && wantsRevisions(specKind, analysis)) {
    evidence.revisions = await readRevisionEvidence(reader, revisionList);
    if (evidence.revisions.ok) revisionSignals = signalsFromRevision(evidence.revisions.value, status);
    analysis = analyse(revisionSignals);
  }

  // Step 4: memory metrics only when OOM or an unexplained SIGKILL calls for them.
  let metricsRead: Promise<WorkloadEvidence['metrics']> | null = null;
  const readMetrics = () =>
    (metricsRead ??= readSafely(() =>
      reader.getWorkloadMetrics(workloadId, {
        types: METRIC_TYPES,
        start: new Date(Math.max(lookbackStartMs, parseTimestamp(status.createdAt) ?? lookbackStartMs)).toISOString(),
        end: deps.now.toISOString(),
        numberOfSamples: METRIC_SAMPLES,
      }),
    ));
  if (analysis.needsMetrics) void readMetrics();

  // Step 4, Tier 2: only when configured for this cluster and when the Tier 1 category calls
  // for Kubernetes evidence; its reads run alongside the metrics read.
  const kubernetes = deps.tier2?.readerFor(clusterId) ?? null;
  let tier2: Tier2Evidence | null = null;
  if (kubernetes) {
    tier2 = emptyTier2Evidence();
    if (wantsTier2(analysis)) {
      const collected = await collectTier2Evidence({
        reader: kubernetes,
        evidence,
        analysis,
        reanalyse: (tier2Signals) => analyse([...revisionSignals, ...tier2Signals]),
        peerLineOf,
        relayedRanksOf,
        wrappedErrorOf,
        originUndecided: (read, logs) => originUndecided(evidence, read, logs),
        relayHostNodes: (logs) => relayHostNodes(evidence, logs),
        onPodRound: (afterPods) => {
          if (afterPods.needsMetrics) void readMetrics();
        },
      });
      tier2 = collected.tier2;
      // Tier 2's log lines can show a peer's death (an NCCL watchdog line): read the origin once more with them.
      analysis = applyOrigin(evidence, collected.analysis, tier2.logs);
    }
  }
  const metrics = analysis.needsMetrics ? await readMetrics() : metricsRead ? await metricsRead : null;

  const built = buildVerdict({ ...evidence, metrics, tier2 }, analysis, { requestedClusterId: clusterId, lookbackMs, nowMs, messages });
  const resolution = renderLimitations(limitations, messages);
  built.limitations.unshift(...resolution.limitations);
  built.limitationIds.unshift(...resolution.limitationIds);
  // The node under the failure, remembered by the worker to tell a bad node from bad code (§4.8).
  const nodeFailure = describeNodeFailure({ ...evidence, tier2 }, analysis, built, nowMs);
  if (nodeFailure) built.node = { name: nodeFailure.node, suspect: null };
  return {
    // Redacted last, once every field is set: the node name and the resolution's limitations included.
    verdict: redactVerdict(built),
    occurrence: { clusterId: status.clusterId, workloadId, phase: status.phase, phaseUpdatedAt: status.phaseUpdatedAt ?? null },
    nodeFailure,
  };
}

/** The submitted spec from where the workload's type or `sourceApi` says it is served. */
function readSpec(reader: RunaiReader, workloadId: string, source: SpecSource | null): Promise<WorkloadEvidence['spec']> {
  if (source === null) return Promise.resolve({ ok: false, detail: 'unknown-type' });
  if (source === 'workloads-v2') return readSafely(async () => specFromManifest(await reader.getWorkloadV2(workloadId)));
  return readSafely(() => reader.getWorkloadSpec(workloadId, source));
}
