/**
 * An inference's failure often lives in one revision (the configuration a change rolled out),
 * not in the workload-level reads: from its revisions (clusters v2.21+; the list is read with
 * the workload-level reads, so this adds one round, not two), this chooses one —
 * the newest failed or degraded revision, else the newest — and reads its pods ∥ events ∥
 * first history page. Every failed read is kept as data (a 404 from an older control plane is
 * a stated limitation). Signals read from the revision cite `get_inference_revisions`.
 */
import type { RevisionEvidence } from '../model/WorkloadEvidence.js';
import { parseTimestamp } from '../../core/parseTimestamp.js';
import { signalsFromEvents, signalsFromHistory, signalsFromPods, signalsFromStatus } from '../signals/extractSignals.js';
import { maskIdentifiers } from '../signals/maskIdentifiers.js';
import { workloadNames } from '../signals/workloadNames.js';
import { HISTORY_PAGE_SIZE } from './readHistory.js';
import { readSafely } from './readSafely.js';
import { RECENT_EVENTS_LIMIT } from './resolveByName.js';
import type { RunaiReader, SpecSource } from '../ports/RunaiReader.js';
import type { Analysis } from '../classify/analyseWorkload.js';
import type { Revision, WorkloadDetailed } from '../ports/RunaiSchemas.js';
import type { Signal, SignalKind } from '../model/Signal.js';
import type { Read } from '../model/WorkloadEvidence.js';

const FAILING_PHASES = new Set(['failed', 'degraded']);

/**
 * A revision is read for an inference the procedure diagnoses when the workload-level reads
 * say nothing about any pod (no category, and no kill, failed pod or probe failure to follow
 * up with Tier 2 or metrics): only then does the failure have to live in a revision. An
 * inference already explained reads no revision (its revision list, read in parallel with
 * the workload-level reads, is left unused), and other workloads read nothing more.
 */
export function wantsRevisions(source: SpecSource | null, analysis: Pick<Analysis, 'gate' | 'classification' | 'signals'>): boolean {
  return (
    source === 'inferences' &&
    analysis.gate.action === 'continue' &&
    analysis.classification.category === 'UNKNOWN' &&
    !analysis.signals.some((signal) => POD_HINT_KINDS.has(signal.kind))
  );
}

const POD_HINT_KINDS: ReadonlySet<SignalKind> = new Set(['EXIT_SYSTEM_SIGNAL', 'POD_ERROR', 'PROBE_FAILURE']);

/** The newest failed or degraded revision, else the newest one. */
export function chooseRevision(revisions: readonly Revision[]): Revision | null {
  const newestFirst = [...revisions].sort((a, b) => (parseTimestamp(b.createdAt) ?? 0) - (parseTimestamp(a.createdAt) ?? 0));
  return newestFirst.find((revision) => FAILING_PHASES.has(revision.phase.trim().toLowerCase())) ?? newestFirst[0] ?? null;
}

/** From the revision list (read with the workload-level reads), the chosen revision's pods ∥ events ∥ first history page. */
export async function readRevisionEvidence(reader: RunaiReader, listed: Read<Revision[]>): Promise<Read<RevisionEvidence>> {
  if (!listed.ok) return listed;
  const revision = chooseRevision(listed.value);
  if (!revision) return { ok: true, value: { revision: null, count: 0, pods: null, events: null, history: null } };
  const [pods, events, history] = await Promise.all([
    readSafely(() => reader.getRevisionPods(revision.id)),
    readSafely(() => reader.getRevisionEvents(revision.id, RECENT_EVENTS_LIMIT)),
    readSafely(async () => (await reader.getRevisionHistory(revision.id, 0, HISTORY_PAGE_SIZE)).records),
  ]);
  return { ok: true, value: { revision, count: listed.value.length, pods, events, history } };
}

/** The revision's own status, events, pods and history, as signals citing the revisions endpoint. */
export function signalsFromRevision(evidence: RevisionEvidence, workload: WorkloadDetailed): Signal[] {
  const { revision } = evidence;
  if (!revision) return [];
  const asStatus: WorkloadDetailed = {
    id: revision.id,
    name: revision.name ?? workload.name,
    clusterId: revision.clusterId ?? workload.clusterId,
    phase: revision.phase,
    phaseMessage: revision.phaseMessage ?? null,
    phaseUpdatedAt: revision.phaseUpdatedAt ?? null,
    conditions: revision.conditions ?? null,
  };
  // Names never steer: the workload's names and the revision's own (its pods, the objects of its events).
  const names = workloadNames({ status: workload, events: evidence.events, pods: evidence.pods });
  const mask = maskIdentifiers({ owners: [...(names.owners ?? []), asStatus.name], names: names.names });
  const signals = [
    ...signalsFromStatus(asStatus, mask),
    ...(evidence.events?.ok ? signalsFromEvents(evidence.events.value, 'event', mask) : []),
    ...(evidence.pods?.ok ? signalsFromPods(evidence.pods.value) : []),
    ...(evidence.history?.ok ? signalsFromHistory(evidence.history.value, mask) : []),
  ];
  return signals.map((signal) => ({ ...signal, source: 'get_inference_revisions' }));
}
