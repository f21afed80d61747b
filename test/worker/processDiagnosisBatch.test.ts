import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { QueuedDiagnosis } from '../../functions/core/queuedDiagnosis.js';
import type { DiagnosisResult } from '../../functions/diagnosis/model/DiagnosisResult.js';
import { DeliveryError } from '../../functions/delivery/DeliveryError.js';
import { createMemoryIdempotencyStore, type IdempotencyStore } from '../../functions/delivery/IdempotencyStore.js';
import type { SnsJsonMessage } from '../../functions/delivery/SnsNotification.js';
import { stormDigestKey } from '../../functions/delivery/StormWindow.js';
import type { VerdictPublisher } from '../../functions/delivery/VerdictPublisher.js';
import { processDiagnosisBatch, type ProcessDiagnosisBatchDeps } from '../../functions/worker/processDiagnosisBatch.js';
import { retryDelaySeconds } from '../../functions/worker/retryDelaySeconds.js';
import { fakeRenderText } from '../delivery/verdictFixture.js';
import { capturingLogger, capturingPublisher, queued, record, resultFor, RetryableError, stormFakes } from './workerFakes.js';

const now = () => new Date('2025-06-01T12:00:00Z');

function deps(overrides: Partial<ProcessDiagnosisBatchDeps> = {}) {
  const sink = capturingPublisher();
  const log = capturingLogger();
  const base: ProcessDiagnosisBatchDeps = {
    diagnose: async (q) => resultFor(q),
    renderText: fakeRenderText,
    publisher: sink.publisher,
    idempotency: createMemoryIdempotencyStore({ now }),
    now,
    logger: log.logger,
    ...overrides,
  };
  return { deps: base, published: sink.published, lines: log.lines };
}

describe('processDiagnosisBatch', () => {
  it('publishes one notification per verdict and acknowledges every record', async () => {
    const { deps: d, published } = deps();
    const result = await processDiagnosisBatch([record('m1', queued('w1', 'c1')), record('m2', queued('w2', 'c2')), record('m3', queued('w3', 'c3'))], d);
    expect(result).toMatchObject({ batchItemFailures: [], published: 3, duplicates: 0, failed: 0, notifications: 3, digests: 0 });
    expect(published.map((n) => n.Subject)).toEqual([
      '[OOM_KILLED] job-w1 (ml-team) recurring 3x/7d',
      '[OOM_KILLED] job-w2 (ml-team) recurring 3x/7d',
      '[OOM_KILLED] job-w3 (ml-team) recurring 3x/7d',
    ]);
    expect((JSON.parse(published[0]!.Message) as SnsJsonMessage).default).toContain('Category: OOM_KILLED');
  });

  it('reports malformed bodies and retryable diagnose errors as item failures, and logs why', async () => {
    const { deps: d, lines } = deps({
      diagnose: async (q) => {
        if (q.request.workloadId === 'down') throw new RetryableError('Run:ai unreachable');
        return resultFor(q);
      },
    });
    const result = await processDiagnosisBatch(
      [
        record('ok-1', queued('w1')),
        record('not-json', '{"v":1,'),
        record('bad-shape', JSON.stringify({ v: 2, request: {}, source: 'pager' })),
        record('down', queued('down')),
        record('ok-2', queued('w2', 'cluster-b')),
      ],
      d,
    );
    expect(result.batchItemFailures).toEqual([{ itemIdentifier: 'not-json' }, { itemIdentifier: 'bad-shape' }, { itemIdentifier: 'down' }]);
    expect(result).toMatchObject({ published: 2, failed: 3 });
    expect(result.records.find((r) => r.messageId === 'bad-shape')).toEqual({ messageId: 'bad-shape', outcome: 'failed', reason: 'malformed' });
    const malformed = lines.filter((line) => line.event === 'worker.malformed_message');
    expect(malformed.map((line) => line.fields.messageId)).toEqual(['not-json', 'bad-shape']);
    expect(String(malformed[1]!.fields.issues)).toContain('v');
    expect(JSON.stringify(malformed)).not.toContain('pager'); // the body itself is never logged
    expect(lines.find((line) => line.event === 'worker.diagnose_failed')?.fields).toMatchObject({ retryable: true, errorCode: 'RUNAI_UNAVAILABLE' });
  });

  it('fails a record whose diagnosis throws a permanent error, logging it as an error', async () => {
    const { deps: d, lines } = deps({ diagnose: async () => Promise.reject(new TypeError('engine bug')) });
    const result = await processDiagnosisBatch([record('m1', queued('w1'))], d);
    expect(result.batchItemFailures).toEqual([{ itemIdentifier: 'm1' }]);
    expect(lines.find((line) => line.event === 'worker.diagnose_failed_permanently')?.level).toBe('error');
  });

  it('publishes a redelivered message once', async () => {
    const { deps: d, published } = deps();
    const first = await processDiagnosisBatch([record('m1', queued('w1'))], d);
    const again = await processDiagnosisBatch([record('m1', queued('w1'))], d);
    expect(first.published).toBe(1);
    expect(again).toMatchObject({ published: 0, duplicates: 1, batchItemFailures: [] });
    expect(published).toHaveLength(1);
  });

  it('notifies a failure occurrence once even when two producers queued it under different dedupe keys', async () => {
    const { deps: d, published } = deps();
    const result = await processDiagnosisBatch(
      [record('from-alertmanager', queued('w1', 'cluster-a', 'am:1')), record('from-poller', queued('w1', 'cluster-a', 'poll:1'))],
      d,
    );
    expect(result).toMatchObject({ published: 1, duplicates: 1, failed: 0 });
    expect(published).toHaveLength(1);
  });

  it('keys verdicts without an occurrence by their dedupe key', async () => {
    const { deps: d, published } = deps({
      diagnose: async (q) => ({ ...resultFor(q, { outcome: 'needs_input', category: null, workload: null, recurrence: null }), occurrence: null }),
    });
    const result = await processDiagnosisBatch(
      [record('a', queued('x', 'c', 'k1')), record('b', queued('x', 'c', 'k2')), record('c', queued('x', 'c', 'k1'))],
      d,
    );
    expect(result).toMatchObject({ published: 2, duplicates: 1 });
    expect(published[0]!.Subject).toBe('[NEEDS INPUT] x');
    expect(published[0]!.MessageAttributes.clusterId?.StringValue).toBe('c');
  });

  it('releases claims and fails the records when a publish fails, so the retry publishes', async () => {
    let failNext = true;
    const sink = capturingPublisher([
      () => {
        if (!failNext) return undefined;
        failNext = false;
        return new DeliveryError('SNS_THROTTLED', 'Rate exceeded');
      },
    ]);
    const { deps: d, lines } = deps({ publisher: sink.publisher, concurrency: 1 });
    const batch = [record('m1', queued('w1', 'c1')), record('m2', queued('w2', 'c2'))];
    const first = await processDiagnosisBatch(batch, d);
    expect(first.batchItemFailures).toEqual([{ itemIdentifier: 'm1' }]);
    expect(first.published).toBe(1);
    expect(lines.find((line) => line.event === 'worker.publish_failed')?.fields).toMatchObject({ code: 'SNS_THROTTLED', retryable: true });
    // SQS redelivers only the failed record.
    const retry = await processDiagnosisBatch([batch[0]!], d);
    expect(retry).toMatchObject({ published: 1, failed: 0 });
    expect(sink.published.map((n) => n.Subject.split(' ')[1])).toEqual(['job-w2', 'job-w1']);
  });

  it('fails records on a permanent publish error too (they must reach the DLQ, not vanish)', async () => {
    const sink = capturingPublisher([() => Object.assign(new Error('Topic does not exist'), { name: 'NotFoundException' })]);
    const { deps: d, lines } = deps({ publisher: sink.publisher });
    const result = await processDiagnosisBatch([record('m1', queued('w1'))], d);
    expect(result.batchItemFailures).toEqual([{ itemIdentifier: 'm1' }]);
    expect(lines.find((line) => line.event === 'worker.publish_failed_permanently')?.fields).toMatchObject({ code: 'SNS_NOT_FOUND', retryable: false });
  });

  it('retries later instead of dropping when another worker holds a live claim, or the store fails', async () => {
    const store = createMemoryIdempotencyStore({ now });
    await store.claim('cluster-a#w1#2025-06-01T09:00:00Z', 60);
    const broken: IdempotencyStore = {
      ...store,
      claim: async (key, ttl) => (key.includes('w2') ? Promise.reject(new Error('dynamo down')) : store.claim(key, ttl)),
    };
    const { deps: d, published } = deps({ idempotency: broken });
    const result = await processDiagnosisBatch([record('held', queued('w1')), record('store-down', queued('w2')), record('ok', queued('w3'))], d);
    expect(result.records).toEqual([
      { messageId: 'held', outcome: 'failed', reason: 'claim_in_progress' },
      { messageId: 'store-down', outcome: 'failed', reason: 'claim_failed' },
      { messageId: 'ok', outcome: 'published' },
    ]);
    expect(published).toHaveLength(1);
  });

  it('fails the records and frees their claims when rendering throws', async () => {
    const store = createMemoryIdempotencyStore({ now });
    const { deps: d } = deps({
      idempotency: store,
      renderText: () => {
        throw new Error('renderer bug');
      },
    });
    const result = await processDiagnosisBatch([record('m1', queued('w1'))], d);
    expect(result.records[0]).toEqual({ messageId: 'm1', outcome: 'failed', reason: 'internal_error' });
    expect(await store.claim('cluster-a#w1#2025-06-01T09:00:00Z', 60)).toBe('claimed');
  });

  it('200 verdicts of one cluster: the first 5 alone, the other 195 in one digest at the window end (6 messages)', async () => {
    const { storm, scheduled, deliver } = stormFakes(now);
    const { deps: d, published } = deps({ storm });
    const batch = Array.from({ length: 200 }, (_, i) => record(`m${i}`, queued(`w${i}`, 'storm-cluster')));
    const result = await processDiagnosisBatch(batch, d);
    expect(result).toMatchObject({ published: 200, failed: 0, notifications: 5, digests: 0, heldForDigest: 195 });
    expect(scheduled).toHaveLength(1);
    expect(scheduled[0]!.delaySeconds).toBe(60);

    const flushed = await processDiagnosisBatch(deliver(), d);
    expect(flushed).toMatchObject({ published: 1, failed: 0, notifications: 1, digests: 1 });
    expect(published).toHaveLength(6);
    const digest = published[5]!;
    expect(digest.Subject).toBe('[DIGEST] 195 failures on cluster storm-cluster (195 OOM_KILLED)');
    const keys = (JSON.parse((JSON.parse(digest.Message) as SnsJsonMessage).sqs) as { verdicts: { key: string }[] }).verdicts.map((v) => v.key);
    const alone = published.slice(0, 5).map((n) => (JSON.parse((JSON.parse(n.Message) as SnsJsonMessage).sqs) as { occurrenceKey: string }).occurrenceKey);
    // Every occurrence in exactly one message.
    expect(new Set([...keys, ...alone]).size).toBe(200);
    expect(keys.length + alone.length).toBe(200);
  });

  it('decides the storm across batches: 200 verdicts in 8 batches of 25 are still 5 messages and one digest', async () => {
    const { storm, deliver } = stormFakes(now);
    const { deps: d, published } = deps({ storm });
    for (let b = 0; b < 8; b++) {
      const batch = Array.from({ length: 25 }, (_, i) => record(`m${b}-${i}`, queued(`w${b}-${i}`, 'storm-cluster')));
      expect((await processDiagnosisBatch(batch, d)).failed).toBe(0);
    }
    const flushRecords = deliver();
    expect(flushRecords).toHaveLength(1); // the window notes its flush is queued
    await processDiagnosisBatch(flushRecords, d);
    expect(published.map((n) => n.Subject.split(' ')[0])).toEqual([...Array(5).fill('[OOM_KILLED]'), '[DIGEST]']);
  });

  it('sends the quiet clusters alone while one cluster storms', async () => {
    const { storm, deliver } = stormFakes(now);
    const { deps: d, published } = deps({ storm });
    const batch = [
      ...Array.from({ length: 7 }, (_, i) => record(`s${i}`, queued(`s${i}`, 'storm'))),
      record('q1', queued('q1', 'quiet-1')),
      record('q2', queued('q2', 'quiet-2')),
    ];
    expect(await processDiagnosisBatch(batch, d)).toMatchObject({ published: 9, notifications: 7, heldForDigest: 2 });
    await processDiagnosisBatch(deliver(), d);
    expect(published.map((n) => n.Subject.split(' ')[0]).sort()).toEqual([...Array(7).fill('[OOM_KILLED]'), '[DIGEST]'].sort());
  });

  it('publishes a digest exactly once: its publish failing fails the flush record, a redelivery or a duplicate flush sends it once', async () => {
    const { storm, deliver } = stormFakes(now);
    let failNext = true;
    const sink = capturingPublisher([
      (n) => (n.Subject.startsWith('[DIGEST]') && failNext ? ((failNext = false), new DeliveryError('SNS_UNAVAILABLE', '503')) : undefined),
    ]);
    const { deps: d } = deps({ storm, publisher: sink.publisher });
    const batch = Array.from({ length: 8 }, (_, i) => record(`m${i}`, queued(`w${i}`, 'storm')));
    await processDiagnosisBatch(batch, d);
    const flush = deliver();
    expect((await processDiagnosisBatch(flush, d)).batchItemFailures).toHaveLength(1);
    expect(await processDiagnosisBatch(flush, d)).toMatchObject({ published: 1, digests: 1 });
    expect(await processDiagnosisBatch(flush, d)).toMatchObject({ published: 0, duplicates: 1, digests: 0 });
    expect(sink.published.filter((n) => n.Subject.startsWith('[DIGEST]'))).toHaveLength(1);
    expect(JSON.parse((JSON.parse(sink.published.at(-1)!.Message) as SnsJsonMessage).sqs).total).toBe(3);
  });

  it('a duplicate flush that meets the digest claim held fails for a retry in seconds, and the redelivery never sends the digest twice', async () => {
    const { storm, deliver } = stormFakes(now);
    const sink = capturingPublisher();
    // The first flush's digest publish waits until released: meanwhile the duplicate runs.
    let releasePublish!: () => void;
    const publishing = new Promise<void>((resolve) => (releasePublish = resolve));
    const publisher: VerdictPublisher = {
      async publish(notification) {
        if (notification.Subject.startsWith('[DIGEST]')) await publishing;
        return sink.publisher.publish(notification);
      },
    };
    const { deps: d } = deps({ storm, publisher });
    await processDiagnosisBatch(
      Array.from({ length: 8 }, (_, i) => record(`m${i}`, queued(`w${i}`, 'storm'))),
      d,
    );
    const [flush] = deliver();
    const duplicate = { ...flush!, messageId: 'flush-duplicate' };

    const first = processDiagnosisBatch([flush!], d);
    const held = await processDiagnosisBatch([duplicate], d);
    expect(held.records).toEqual([{ messageId: 'flush-duplicate', outcome: 'failed', reason: 'digest_claim_in_progress' }]);
    expect(retryDelaySeconds('digest_claim_in_progress', 1)).toBe(5);

    releasePublish();
    expect(await first).toMatchObject({ published: 1, digests: 1 });
    // Redelivered seconds later: the digest is out, so the duplicate ends without a message.
    expect(await processDiagnosisBatch([duplicate], d)).toMatchObject({ published: 0, duplicates: 1, digests: 0, failed: 0 });
    expect(sink.published.filter((n) => n.Subject.startsWith('[DIGEST]'))).toHaveLength(1);
  });

  it('a flush whose digest holder crashed is published once its lease runs out, exactly once', async () => {
    let clock = new Date('2025-06-01T12:00:00Z');
    const tick = () => clock;
    const { storm, deliver } = stormFakes(tick);
    const store = createMemoryIdempotencyStore({ now: tick });
    const { deps: d, published } = deps({ storm, idempotency: store, now: tick });
    await processDiagnosisBatch(
      Array.from({ length: 8 }, (_, i) => record(`m${i}`, queued(`w${i}`, 'storm'))),
      d,
    );
    const flush = deliver();
    const { openedAt } = JSON.parse(flush[0]!.body) as { openedAt: number };
    // An invocation claimed the digest and died before publishing (its claim is a 900 s lease).
    expect(await store.claim(stormDigestKey({ clusterId: 'storm', openedAt }), 60)).toBe('claimed');
    const waits: (number | null)[] = [];
    for (let receive = 1; receive <= 3; receive += 1) {
      const result = await processDiagnosisBatch(flush, d);
      expect(result.records[0]!.reason).toBe('digest_claim_in_progress');
      waits.push(retryDelaySeconds('digest_claim_in_progress', receive));
    }
    // Two short retries, then the queue's visibility timeout (900 s, at least the lease).
    expect(waits).toEqual([5, 20, null]);
    clock = new Date(clock.getTime() + 925_000);
    expect(await processDiagnosisBatch(flush, d)).toMatchObject({ published: 1, digests: 1 });
    expect(await processDiagnosisBatch(flush, d)).toMatchObject({ published: 0, duplicates: 1 });
    expect(published.filter((n) => n.Subject.startsWith('[DIGEST]'))).toHaveLength(1);
  });

  it('a verdict counted into a window that is sealed before it is stored goes to a new window, alone', async () => {
    let clock = new Date('2025-06-01T12:00:00Z');
    const tick = () => clock;
    const { storm, deliver } = stormFakes(tick, { threshold: 1 });
    const { deps: d, published } = deps({ storm, now: tick });
    await processDiagnosisBatch([record('a', queued('a', 'c')), record('b', queued('b', 'c'))], d);
    expect(published).toHaveLength(1);
    const flush = deliver();
    clock = new Date('2025-06-01T12:01:00Z'); // the window's end
    await processDiagnosisBatch(flush, d);
    await processDiagnosisBatch([record('c', queued('c', 'c'))], d);
    expect(published.map((n) => n.Subject.split(' ')[0])).toEqual(['[OOM_KILLED]', '[DIGEST]', '[OOM_KILLED]']);
  });

  it('without a storm window every verdict goes out alone, and a flush record is kept for a worker that can serve it', async () => {
    const { deps: d, published } = deps();
    const batch = Array.from({ length: 7 }, (_, i) => record(`m${i}`, queued(`w${i}`, 'storm')));
    expect(await processDiagnosisBatch(batch, d)).toMatchObject({ published: 7, notifications: 7 });
    expect(published).toHaveLength(7);
    const flush = record('f', JSON.stringify({ kind: 'storm-flush', v: 1, clusterId: 'storm', openedAt: 1 }));
    expect((await processDiagnosisBatch([flush], d)).batchItemFailures).toEqual([{ itemIdentifier: 'f' }]);
  });

  it('bounds concurrent diagnoses (default 4)', async () => {
    const measure = async (concurrency?: number) => {
      let inFlight = 0;
      let peak = 0;
      const diagnose = async (q: QueuedDiagnosis): Promise<DiagnosisResult> => {
        inFlight += 1;
        peak = Math.max(peak, inFlight);
        await new Promise((resolve) => setTimeout(resolve, 2));
        inFlight -= 1;
        return resultFor(q);
      };
      const batch = Array.from({ length: 20 }, (_, i) => record(`m${i}`, queued(`w${i}`, `c${i}`)));
      await processDiagnosisBatch(batch, deps({ diagnose, ...(concurrency ? { concurrency } : {}) }).deps);
      return peak;
    };
    expect(await measure()).toBe(4);
    expect(await measure(2)).toBe(2);
  });

  it('ends every record exactly once as published, duplicate or failed (property)', async () => {
    const kind = fc.constantFrom('ok', 'dup', 'malformed', 'retryable', 'publishFails', 'claimFails');
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(kind, fc.integer({ min: 0, max: 3 })), { maxLength: 30 }), async (plan) => {
        const store = createMemoryIdempotencyStore({ now });
        const sink = capturingPublisher([(n) => (n.Subject.includes('job-pf') ? new DeliveryError('SNS_THROTTLED', 'x') : undefined)]);
        const idempotency: IdempotencyStore = {
          ...store,
          claim: async (key, ttl) => (key.includes('#cf') ? Promise.reject(new Error('x')) : store.claim(key, ttl)),
        };
        const batch = plan.map(([k, cluster], i) => {
          const id = k === 'dup' ? 'dup' : k === 'publishFails' ? `pf${i}` : k === 'claimFails' ? `cf${i}` : `w${i}`;
          return record(`m${i}`, k === 'malformed' ? 'nope' : queued(id, `c${cluster}`));
        });
        const result = await processDiagnosisBatch(batch, {
          ...deps().deps,
          idempotency,
          publisher: sink.publisher,
          diagnose: async (q) => {
            if (q.request.workloadId === 'w-never' || plan[Number(q.request.workloadId?.slice(1))]?.[0] === 'retryable') throw new RetryableError('down');
            return resultFor(q);
          },
        });
        expect(result.records).toHaveLength(batch.length);
        expect(result.published + result.duplicates + result.failed).toBe(batch.length);
        expect(result.batchItemFailures.map((f) => f.itemIdentifier)).toEqual(result.records.filter((r) => r.outcome === 'failed').map((r) => r.messageId));
        const delivered = sink.published.reduce((n, p) => n + (p.Subject.startsWith('[DIGEST]') ? JSON.parse(JSON.parse(p.Message).sqs).total : 1), 0);
        expect(delivered).toBe(result.published);
      }),
      { numRuns: 60 },
    );
  });
});
