/**
 * the quality bars, docs/tests.md "the diagnose side bounds concurrent Run:ai calls": a storm of diagnosis
 * requests through `processDiagnosisBatch` in SQS-sized batches (10 records, the event
 * source mapping's default), one batch after another as one worker execution environment
 * takes them, with the real engine and REST client against the latency-injecting
 * simulator, the in-memory idempotency store, the in-memory storm window (its flushes run
 * once the storm is through, as when the window ends) and a publisher that only counts.
 *
 * The bound: the worker runs `DEFAULT_WORKER_CONCURRENCY` diagnoses at once and a
 * diagnosis has at most `DIAGNOSIS_FAN_OUT` requests in flight (spec ∥ pods ∥ events ∥
 * history in diagnoseWorkload; Option B's two lists and status ∥ events are narrower).
 * The client's connection pool (16 sockets, one request each) caps it again from below.
 */
import type { QueuedDiagnosis } from '../../functions/core/queuedDiagnosis.js';
import { diagnoseWorkload } from '../../functions/diagnosis/diagnoseWorkload.js';
import { messagesEn } from '../../functions/report/messagesEn.js';
import { createMemoryIdempotencyStore } from '../../functions/delivery/IdempotencyStore.js';
import { createMemoryStormWindow } from '../../functions/delivery/createMemoryStormWindow.js';
import type { StormFlush } from '../../functions/delivery/StormFlush.js';
import type { VerdictPublisher } from '../../functions/delivery/VerdictPublisher.js';
import { createRunaiClient } from '../../functions/runai/createRunaiClient.js';
import type { Scenario } from '../../functions/simulator/startRunaiSimulator.js';
import { startRunaiSimulator } from '../../functions/simulator/startRunaiSimulator.js';
import { createRenderText } from '../../functions/worker/createRenderText.js';
import { DEFAULT_WORKER_CONCURRENCY, processDiagnosisBatch } from '../../functions/worker/processDiagnosisBatch.js';
import { silentLogger } from '../../functions/core/LogPort.js';
import type { StormFigures } from './BenchReport.js';
import { SIMULATOR_CREDENTIALS } from './measureCriticalPath.js';
import { round } from './median.js';
import { stormScenario } from './stormScenario.js';

/** Widest parallel step of one diagnosis: the Promise.all over spec, pods, events and history. */
export const DIAGNOSIS_FAN_OUT = 4;
/** SQS → Lambda event source mapping default batch size. */
export const SQS_BATCH_SIZE = 10;
/** createRunaiClient's pool: 16 connections, pipelining 1. */
export const POOL_CONNECTIONS = 16;

export interface StormOptions {
  requests: number;
  distinct: number;
  latencyMs: number;
}

export async function measureStorm(templates: readonly Scenario[], options: StormOptions): Promise<StormFigures> {
  const storm = stormScenario(templates, options.distinct, options.requests);
  const simulator = await startRunaiSimulator({ scenarios: storm.state, latencyMs: options.latencyMs });
  const client = createRunaiClient({ baseUrl: simulator.url, credentials: SIMULATOR_CREDENTIALS });
  let sent = 0;
  const publisher: VerdictPublisher = {
    async publish() {
      sent += 1;
      return { messageId: `bench-${sent}` };
    },
  };
  const flushes: string[] = [];
  const deps = {
    storm: {
      window: createMemoryStormWindow({ now: () => new Date() }),
      flushes: { schedule: async (flush: StormFlush) => void flushes.push(JSON.stringify(flush)) },
    },
    diagnose: (queued: QueuedDiagnosis) => diagnoseWorkload(queued.request, { reader: client, now: new Date(), messages: messagesEn }),
    renderText: createRenderText('en'),
    publisher,
    idempotency: createMemoryIdempotencyStore(),
    now: () => new Date(),
    logger: silentLogger,
    concurrency: DEFAULT_WORKER_CONCURRENCY,
  };
  const totals = { published: 0, duplicates: 0, failed: 0, notifications: 0, digests: 0, batches: 0 };
  try {
    const started = performance.now();
    for (let offset = 0; offset < storm.messages.length; offset += SQS_BATCH_SIZE) {
      const records = storm.messages
        .slice(offset, offset + SQS_BATCH_SIZE)
        .map((message, index) => ({ messageId: `m-${offset + index}`, body: JSON.stringify(message) }));
      const result = await processDiagnosisBatch(records, deps);
      totals.published += result.published;
      totals.duplicates += result.duplicates;
      totals.failed += result.failed;
      totals.notifications += result.notifications;
      totals.digests += result.digests;
      totals.batches += 1;
    }
    // The windows end: their flushes publish the digests.
    const flushed = await processDiagnosisBatch(
      flushes.map((body, index) => ({ messageId: `flush-${index}`, body })),
      deps,
    );
    totals.notifications += flushed.notifications;
    totals.digests += flushed.digests;
    totals.failed += flushed.failed;
    const totalMs = performance.now() - started;
    return {
      totalMs: round(totalMs, 0),
      maxConcurrentRunaiRequests: simulator.maxConcurrent,
      bound: Math.min(DEFAULT_WORKER_CONCURRENCY * DIAGNOSIS_FAN_OUT, POOL_CONNECTIONS),
      notifications: totals.notifications,
      requests: options.requests,
      batchSize: SQS_BATCH_SIZE,
      batches: totals.batches,
      workerConcurrency: DEFAULT_WORKER_CONCURRENCY,
      fanOutPerDiagnosis: DIAGNOSIS_FAN_OUT,
      poolConnections: POOL_CONNECTIONS,
      latencyMs: options.latencyMs,
      published: totals.published,
      duplicates: totals.duplicates,
      failed: totals.failed,
      digests: totals.digests,
      runaiRequests: simulator.requests.filter((request) => request.endpoint !== 'token').length,
    };
  } finally {
    await client.close();
    await simulator.close();
  }
}
