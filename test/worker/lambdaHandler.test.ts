import type { SQSEvent, SQSRecord } from 'aws-lambda';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryIdempotencyStore } from '../../functions/delivery/IdempotencyStore.js';
import { createWorkerHandler, handler, retryChanges } from '../../functions/worker/lambdaHandler.js';
import { retryDelaySeconds } from '../../functions/worker/retryDelaySeconds.js';
import type { ProcessDiagnosisBatchDeps } from '../../functions/worker/processDiagnosisBatch.js';
import { readDiagnoseLambdaEnv, readWorkerEnv, WorkerConfigError } from '../../functions/worker/readWorkerEnv.js';
import { fakeRenderText } from '../delivery/verdictFixture.js';
import { capturingLogger, capturingPublisher, queued, resultFor, RetryableError } from './workerFakes.js';

function sqsRecord(messageId: string, body: string): SQSRecord {
  return {
    messageId,
    receiptHandle: `rh-${messageId}`,
    body,
    attributes: {
      ApproximateReceiveCount: '1',
      SentTimestamp: '1717200000000',
      SenderId: 'AIDAEXAMPLE',
      ApproximateFirstReceiveTimestamp: '1717200000001',
    },
    messageAttributes: {},
    md5OfBody: '',
    eventSource: 'aws:sqs',
    eventSourceARN: 'arn:aws:sqs:us-east-1:123456789012:diagnose',
    awsRegion: 'us-east-1',
  };
}

const event: SQSEvent = {
  Records: [sqsRecord('m1', JSON.stringify(queued('w1'))), sqsRecord('m2', 'not json')],
};

const validEnv = {
  SNS_TOPIC_ARN: 'arn:aws:sns:eu-west-1:123456789012:runai-verdicts',
  IDEMPOTENCY_TABLE: 'runai-diagnose-idempotency',
  QUEUE_URL: 'https://sqs.eu-west-1.amazonaws.com/123456789012/runai-diagnose',
  STORM_TABLE: 'runai-diagnose-storm',
  AWS_REGION: 'eu-west-1',
  RUNAI_CLIENT_SECRET: 'not-ours',
};

describe('readDiagnoseLambdaEnv', () => {
  it('validates every key the diagnose Lambda reads in one parse, and keeps only those keys as read', () => {
    const { env, snapshot } = readDiagnoseLambdaEnv({ ...validEnv, RUNAI_BASE_URL: 'https://acme.run.ai', TIER2_SECRET_ID: 'tier2', AWS_REGION: 'eu-west-1' });
    expect(env).toMatchObject({ QUEUE_URL: validEnv.QUEUE_URL, RUNAI_REQUEST_TIMEOUT_MS: 10_000, TIER2_SECRET_ID: 'tier2' });
    expect(snapshot).toMatchObject({ RUNAI_BASE_URL: 'https://acme.run.ai', TIER2_SECRET_ID: 'tier2' });
    expect(snapshot).not.toHaveProperty('AWS_REGION');
    expect(Object.isFrozen(snapshot)).toBe(true);
  });

  it('names a bad key of the Run:ai, Tier 2 or recording wiring at once, with the worker’s own', () => {
    expect(() =>
      readDiagnoseLambdaEnv({ ...validEnv, RUNAI_BASE_URL: 'https://acme.run.ai', RECORD_ANONYMIZE: 'yes', TIER2_SECRET_ID: 'not a secret id!' }),
    ).toThrow(/RECORD_ANONYMIZE .*TIER2_SECRET_ID|TIER2_SECRET_ID .*RECORD_ANONYMIZE/);
    expect(() => readDiagnoseLambdaEnv(validEnv)).toThrow('RUNAI_BASE_URL is not set');
  });
});

describe('readWorkerEnv', () => {
  it('reads its own keys with defaults and ignores the rest of the environment', () => {
    expect(readWorkerEnv(validEnv)).toEqual({
      SNS_TOPIC_ARN: validEnv.SNS_TOPIC_ARN,
      IDEMPOTENCY_TABLE: validEnv.IDEMPOTENCY_TABLE,
      QUEUE_URL: validEnv.QUEUE_URL,
      STORM_TABLE: validEnv.STORM_TABLE,
      STORM_THRESHOLD: 5,
      STORM_WINDOW_SECONDS: 60,
      REPORT_LOCALE: 'en',
    });
    expect(readWorkerEnv({ ...validEnv, STORM_THRESHOLD: '8', STORM_WINDOW_SECONDS: '120', WORKER_CONCURRENCY: '', REPORT_LOCALE: 'fr' })).toMatchObject({
      STORM_THRESHOLD: 8,
      STORM_WINDOW_SECONDS: 120,
      REPORT_LOCALE: 'fr',
    });
  });

  it('names every bad or missing key, never its value', () => {
    const attempt = () => readWorkerEnv({ SNS_TOPIC_ARN: 'https://secret.example/topic', STORM_THRESHOLD: '0', STORM_WINDOW_SECONDS: '900' });
    expect(attempt).toThrow(WorkerConfigError);
    expect(attempt).toThrow(/SNS_TOPIC_ARN must be the ARN of a standard SNS topic/);
    expect(attempt).toThrow(/IDEMPOTENCY_TABLE is not set/);
    expect(attempt).toThrow(/STORM_THRESHOLD must be at least 1/);
    expect(attempt).toThrow(/STORM_WINDOW_SECONDS must be at most 840/);
    expect(attempt).toThrow(/QUEUE_URL is not set/);
    expect(attempt).not.toThrow(/secret\.example/);
  });
});

function fakeDeps() {
  const sink = capturingPublisher();
  const deps: ProcessDiagnosisBatchDeps = {
    diagnose: async (q) => resultFor(q),
    renderText: fakeRenderText,
    publisher: sink.publisher,
    idempotency: createMemoryIdempotencyStore(),
    now: () => new Date(),
    logger: capturingLogger().logger,
  };
  return { deps, published: sink.published };
}

describe('createWorkerHandler', () => {
  it('returns the partial batch response of the worker, building its dependencies once', async () => {
    const { deps, published } = fakeDeps();
    const build = vi.fn(async () => deps);
    const run = createWorkerHandler(build, capturingLogger().logger);
    expect(await run(event)).toEqual({ batchItemFailures: [{ itemIdentifier: 'm2' }] });
    expect(await run(event)).toEqual({ batchItemFailures: [{ itemIdentifier: 'm2' }] }); // m1 is now a duplicate
    expect(build).toHaveBeenCalledTimes(1);
    expect(published).toHaveLength(1);
  });

  it('fails the whole batch on a configuration error, logs it, and tries again next time', async () => {
    const log = capturingLogger();
    const { deps, published } = fakeDeps();
    const build = vi
      .fn<() => Promise<ProcessDiagnosisBatchDeps>>()
      .mockRejectedValueOnce(new WorkerConfigError('SNS_TOPIC_ARN is not set'))
      .mockResolvedValue(deps);
    const run = createWorkerHandler(build, log.logger);
    expect(await run(event)).toEqual({ batchItemFailures: [{ itemIdentifier: 'm1' }, { itemIdentifier: 'm2' }] });
    expect(log.lines[0]).toMatchObject({ level: 'error', event: 'worker.configuration_failed', fields: { errorMessage: 'SNS_TOPIC_ARN is not set' } });
    expect(await run(event)).toEqual({ batchItemFailures: [{ itemIdentifier: 'm2' }] });
    expect(build).toHaveBeenCalledTimes(2);
    expect(published).toHaveLength(1);
  });
});

describe('handler', () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
    vi.restoreAllMocks();
  });

  it('reports every record failed while the environment is incomplete, and logs the key through Powertools', async () => {
    delete process.env.SNS_TOPIC_ARN;
    delete process.env.IDEMPOTENCY_TABLE;
    // Powertools Logger writes through the global console (which the test captures) only in dev mode.
    process.env.POWERTOOLS_DEV = 'true';
    const logged: string[] = [];
    for (const method of ['log', 'info', 'warn', 'error'] as const) vi.spyOn(console, method).mockImplementation((line: string) => void logged.push(line));
    expect(await handler(event)).toEqual({ batchItemFailures: [{ itemIdentifier: 'm1' }, { itemIdentifier: 'm2' }] });
    expect(JSON.parse(logged[0]!)).toMatchObject({ level: 'ERROR', message: 'worker.configuration_failed', service: 'diagnose', records: 2 });
    expect(logged[0]).toContain('SNS_TOPIC_ARN is not set');
  });
});

describe('fast retry: failed records come back within 2 minutes', () => {
  const failing = (reason: 'retryable' | 'in_progress') => {
    const { deps } = fakeDeps();
    if (reason === 'retryable') deps.diagnose = async () => Promise.reject(new RetryableError('Run:ai timed out'));
    else deps.idempotency = { claim: async () => 'in_progress', complete: async () => {}, release: async () => {} };
    return deps;
  };
  const withReceives = (count: number): SQSEvent => ({
    Records: [{ ...sqsRecord('m1', JSON.stringify(queued('w1'))), attributes: { ...sqsRecord('m1', '').attributes, ApproximateReceiveCount: String(count) } }],
  });

  it('sets each failed record’s visibility to 15, 30, 60, then 120 s by receive count (maxReceiveCount still counts them)', () => {
    const result = {
      batchItemFailures: [{ itemIdentifier: 'm1' }],
      records: [{ messageId: 'm1', outcome: 'failed' as const, reason: 'diagnose_failed' as const }],
    };
    const seconds = [1, 2, 3, 4, 5].map(
      (n) => retryChanges(withReceives(n), { ...result, published: 0, duplicates: 0, failed: 1, notifications: 0, digests: 0, heldForDigest: 0 })[0]!.seconds,
    );
    expect(seconds).toEqual([15, 30, 60, 120, 120]);
    expect(Math.max(...seconds)).toBeLessThanOrEqual(120);
  });

  it('changes the visibility through the retry timer, and leaves a live claim held by another invocation to the queue’s timeout (the lease)', async () => {
    const schedule = vi.fn(async () => ({ failed: 0, errors: [] }));
    const run = createWorkerHandler(async () => failing('retryable'), capturingLogger().logger, { retryTimer: () => ({ schedule }) });
    expect(await run(withReceives(1))).toEqual({ batchItemFailures: [{ itemIdentifier: 'm1' }] });
    expect(schedule).toHaveBeenCalledWith([{ receiptHandle: 'rh-m1', seconds: 15 }]);

    schedule.mockClear();
    const held = createWorkerHandler(async () => failing('in_progress'), capturingLogger().logger, { retryTimer: () => ({ schedule }) });
    expect(await held(withReceives(1))).toEqual({ batchItemFailures: [{ itemIdentifier: 'm1' }] });
    expect(schedule).not.toHaveBeenCalled();
    expect(retryDelaySeconds('claim_in_progress', 1)).toBeNull();
  });

  it('logs a visibility change that failed: the record then comes back after the queue’s timeout', async () => {
    const log = capturingLogger();
    const run = createWorkerHandler(async () => failing('retryable'), log.logger, {
      retryTimer: () => ({ schedule: async () => ({ failed: 1, errors: ['ReceiptHandleIsInvalid'] }) }),
    });
    await run(withReceives(1));
    expect(log.lines.find((line) => line.event === 'worker.retry_visibility_failed')).toMatchObject({ level: 'warn', fields: { failed: 1 } });
  });
});

describe('createWorkerHandler hooks', () => {
  it('reports each batch result and always runs the final hook', async () => {
    const { deps } = fakeDeps();
    const afterBatch = vi.fn();
    const final = vi.fn();
    const run = createWorkerHandler(async () => deps, capturingLogger().logger, { afterBatch, finally: final });
    await run(event);
    expect(afterBatch).toHaveBeenCalledWith(expect.objectContaining({ published: 1, failed: 1 }));
    expect(final).toHaveBeenCalledTimes(1);
    const failing = createWorkerHandler(async () => Promise.reject(new Error('boom')), capturingLogger().logger, { afterBatch, finally: final });
    await failing(event);
    expect(afterBatch).toHaveBeenCalledTimes(1);
    expect(final).toHaveBeenCalledTimes(2);
  });
});
