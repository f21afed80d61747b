/**
 * One cluster's poll: read the watermark, list what failed since (watermark − overlap),
 * enqueue one diagnosis per workload in one call, and only then advance the watermark to
 * the newest `phaseUpdatedAt` enqueued. Never throws: a failure at any stage is reported
 * in the summary and leaves the watermark where it was, so the next run lists the same
 * failures again (the worker de-duplicates what a partial enqueue already sent).
 */
import { parseTimestamp } from '../core/parseTimestamp.js';
import type { QueuedDiagnosis } from '../core/queuedDiagnosis.js';
import type { DiagnosisQueue } from '../queue/DiagnosisQueue.js';
import { collectPhasedWorkloads } from './collectPhasedWorkloads.js';
import type { FailedWorkloadLister, PolledWorkload } from './FailedWorkloadLister.js';
import type { ClusterPollSummary, PollStage } from './PollSummary.js';
import { toQueuedDiagnosis } from './toQueuedDiagnosis.js';
import type { WatermarkStore } from './WatermarkStore.js';

export interface PollerPorts {
  lister: FailedWorkloadLister;
  queue: DiagnosisQueue;
  watermarks: WatermarkStore;
}

export interface ClusterPollSettings {
  nowMs: number;
  phases: readonly string[];
  initialLookbackMs: number;
  overlapMs: number;
  pageLimit: number;
  maxPages: number;
  /**
   * No Run:ai read of this cluster runs past this moment (epoch ms on the lister's clock):
   * a cluster that hangs costs its own time slot, never the others'. Absent: each request's
   * own timeout only.
   */
  deadlineAt?: number;
}

class StageError extends Error {
  /** The cause's stable code (`RUNAI_TIMEOUT`, `RUNAI_RESPONSE_TOO_LARGE`, …), else POLL_STAGE_FAILED. */
  readonly code: string;
  constructor(
    readonly stage: PollStage,
    cause: unknown,
  ) {
    super(cause instanceof Error ? `${cause.name}: ${cause.message}` : String(cause), { cause });
    const code = (cause as { code?: unknown } | null)?.code;
    this.code = typeof code === 'string' && /^[A-Z][A-Z0-9_]{0,63}$/.test(code) ? code : 'POLL_STAGE_FAILED';
  }
}

async function stage<T>(name: PollStage, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw new StageError(name, error);
  }
}

const iso = (ms: number): string => new Date(ms).toISOString();

export async function pollCluster(ports: PollerPorts, clusterId: string, settings: ClusterPollSettings): Promise<ClusterPollSummary> {
  const started = performance.now();
  const summary: ClusterPollSummary = {
    clusterId,
    ok: false,
    since: null,
    listed: 0,
    ignored: 0,
    enqueued: 0,
    pages: 0,
    truncated: false,
    watermarkBefore: null,
    watermarkAfter: null,
    ms: 0,
  };
  try {
    const before = await stage('watermark-read', () => ports.watermarks.get(clusterId));
    summary.watermarkBefore = summary.watermarkAfter = before;
    const beforeMs = before === null ? null : parseTimestamp(before);
    // First run: a fixed lookback. Later: back off by the overlap, because a failure can
    // appear in the listing after a later one was already seen (clock skew, indexing lag).
    const sinceMs = beforeMs === null ? settings.nowMs - settings.initialLookbackMs : beforeMs - settings.overlapMs;
    summary.since = iso(sinceMs);

    const receivedAt = iso(settings.nowMs);
    let newestMs = Number.NEGATIVE_INFINITY;
    const lister = settings.deadlineAt !== undefined && ports.lister.withDeadline ? ports.lister.withDeadline(settings.deadlineAt) : ports.lister;
    // Each page is reduced to its queue messages as it arrives: the pages themselves are never kept.
    const collected = await stage('list', () =>
      collectPhasedWorkloads(lister, {
        clusterId,
        phases: settings.phases,
        since: iso(sinceMs),
        pageLimit: settings.pageLimit,
        maxPages: settings.maxPages,
        accept: (workload) => {
          const changedMs = acceptedChange(workload, clusterId, settings.phases, sinceMs);
          const message = changedMs === null ? null : toQueuedDiagnosis({ clusterId, workloadId: workload.id, phaseUpdatedAt: iso(changedMs) }, receivedAt);
          if (changedMs !== null && message !== null) newestMs = Math.max(newestMs, changedMs);
          return message;
        },
      }),
    );
    summary.pages = collected.pages;
    summary.truncated = collected.truncated;
    summary.listed = collected.listed;
    summary.ignored = collected.ignored;
    const messages: QueuedDiagnosis[] = collected.accepted;
    if (messages.length === 0) {
      summary.ok = true;
      return summary;
    }

    await stage('enqueue', () => ports.queue.enqueue(messages));
    summary.enqueued = messages.length;

    // Never beyond now (a control-plane clock ahead of ours would otherwise push the
    // watermark past failures not yet listed), never backwards.
    const candidateMs = Math.min(newestMs, settings.nowMs);
    if (beforeMs === null || candidateMs > beforeMs) {
      await stage('watermark-write', () => ports.watermarks.advance(clusterId, iso(candidateMs)));
      summary.watermarkAfter = iso(candidateMs);
    }
    summary.ok = true;
    return summary;
  } catch (error) {
    // Every await above is wrapped in a stage; anything else is a bug while building messages.
    const stageError = error instanceof StageError ? error : new StageError('enqueue', error);
    summary.error = { stage: stageError.stage, code: stageError.code, message: stageError.message };
    return summary;
  } finally {
    summary.ms = Math.round(performance.now() - started);
  }
}

/**
 * The workload's change instant if it is what the filter asked for, else null. The server
 * applies the filter; checking again costs nothing and keeps a server that ignored it from
 * flooding the queue with diagnoses of running workloads or of another cluster.
 */
function acceptedChange(workload: PolledWorkload, clusterId: string, phases: readonly string[], sinceMs: number): number | null {
  if (typeof workload.id !== 'string' || workload.clusterId !== clusterId || !phases.includes(workload.phase)) return null;
  const changedMs = parseTimestamp(workload.phaseUpdatedAt);
  return changedMs !== null && changedMs >= sinceMs ? changedMs : null;
}
