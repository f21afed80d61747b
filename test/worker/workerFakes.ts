import type { QueuedDiagnosis } from '../../functions/core/queuedDiagnosis.js';
import type { Verdict } from '../../functions/core/verdict.js';
import type { DiagnosisResult } from '../../functions/diagnosis/model/DiagnosisResult.js';
import type { SnsNotification } from '../../functions/delivery/SnsNotification.js';
import type { VerdictPublisher } from '../../functions/delivery/VerdictPublisher.js';
import type { LogPort } from '../../functions/core/LogPort.js';
import { createMemoryStormWindow } from '../../functions/delivery/createMemoryStormWindow.js';
import type { StormFlush, StormFlushQueue } from '../../functions/delivery/StormFlush.js';
import type { StormDeps } from '../../functions/worker/processDiagnosisBatch.js';
import { makeVerdict } from '../delivery/verdictFixture.js';

export function queued(workloadId: string, clusterId = 'cluster-a', dedupeKey = `dk-${workloadId}`): QueuedDiagnosis {
  return { v: 1, request: { clusterId, workloadId }, source: 'poller', receivedAt: '2025-06-01T00:00:00Z', dedupeKey };
}

export function record(messageId: string, body: QueuedDiagnosis | string) {
  return { messageId, body: typeof body === 'string' ? body : JSON.stringify(body) };
}

/** The engine stand-in: a diagnosed verdict per workload, one occurrence per (cluster, workload). */
export function resultFor(q: QueuedDiagnosis, overrides: Partial<Verdict> = {}): DiagnosisResult {
  const clusterId = q.request.clusterId ?? 'unknown';
  const workloadId = q.request.workloadId ?? 'unknown';
  const verdict = makeVerdict({
    workload: { id: workloadId, name: `job-${workloadId}`, project: 'ml-team', clusterId, phase: 'Failed', type: 'training' },
    ...overrides,
  });
  return { verdict, occurrence: { clusterId, workloadId, phase: 'Failed', phaseUpdatedAt: '2025-06-01T09:00:00Z' } };
}

export class RetryableError extends Error {
  readonly retryable = true;
  readonly code = 'RUNAI_UNAVAILABLE';
}

export function capturingPublisher(failures: ((n: SnsNotification, call: number) => unknown)[] = []) {
  const published: SnsNotification[] = [];
  let calls = 0;
  const publisher: VerdictPublisher = {
    async publish(notification) {
      calls += 1;
      for (const failure of failures) {
        const error = failure(notification, calls);
        if (error) throw error;
      }
      published.push(notification);
      return { messageId: `sns-${published.length}` };
    },
  };
  return { publisher, published, calls: () => calls };
}

export function capturingLogger() {
  const lines: { level: string; event: string; fields: Record<string, unknown> }[] = [];
  const log =
    (level: string) =>
    (event: string, fields: Record<string, unknown> = {}) =>
      lines.push({ level, event, fields });
  const logger: LogPort = { info: log('info'), warn: log('warn'), error: log('error') };
  return { logger, lines };
}

/** A shared in-memory storm window and a flush queue that keeps what it is asked to deliver (the test delivers it). */
export function stormFakes(now: () => Date, options: { threshold?: number; windowSeconds?: number } = {}) {
  const scheduled: { flush: StormFlush; delaySeconds: number }[] = [];
  const flushes: StormFlushQueue = {
    async schedule(flush, delaySeconds) {
      scheduled.push({ flush, delaySeconds });
    },
  };
  const storm: StormDeps = { window: createMemoryStormWindow({ now, ...options }), flushes };
  /** The scheduled flushes as SQS records, and forgets them. */
  const deliver = () => scheduled.splice(0).map((item, i) => ({ messageId: `flush-${i}-${item.flush.openedAt}`, body: JSON.stringify(item.flush) }));
  return { storm, scheduled, deliver };
}
