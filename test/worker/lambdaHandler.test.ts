import type { SQSEvent, SQSRecord } from 'aws-lambda';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryIdempotencyStore } from '../../functions/delivery/IdempotencyStore.js';
import { createWorkerHandler, handler } from '../../functions/worker/lambdaHandler.js';
import type { ProcessDiagnosisBatchDeps } from '../../functions/worker/processDiagnosisBatch.js';
import { readWorkerEnv, WorkerConfigError } from '../../functions/worker/readWorkerEnv.js';
import { fakeRenderText } from '../delivery/verdictFixture.js';
import { capturingLogger, capturingPublisher, queued, resultFor } from './workerFakes.js';

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
  AWS_REGION: 'eu-west-1',
  RUNAI_CLIENT_SECRET: 'not-ours',
};

describe('readWorkerEnv', () => {
  it('reads its own keys with defaults and ignores the rest of the environment', () => {
    expect(readWorkerEnv(validEnv)).toEqual({ SNS_TOPIC_ARN: validEnv.SNS_TOPIC_ARN, IDEMPOTENCY_TABLE: validEnv.IDEMPOTENCY_TABLE, REPORT_LOCALE: 'en' });
    expect(readWorkerEnv({ ...validEnv, DIGEST_THRESHOLD: '8', WORKER_CONCURRENCY: '', REPORT_LOCALE: 'fr' })).toMatchObject({
      DIGEST_THRESHOLD: 8,
      REPORT_LOCALE: 'fr',
    });
  });

  it('names every bad or missing key, never its value', () => {
    const attempt = () => readWorkerEnv({ SNS_TOPIC_ARN: 'https://secret.example/topic', DIGEST_THRESHOLD: '1' });
    expect(attempt).toThrow(WorkerConfigError);
    expect(attempt).toThrow(/SNS_TOPIC_ARN must be the ARN of a standard SNS topic/);
    expect(attempt).toThrow(/IDEMPOTENCY_TABLE is not set/);
    expect(attempt).toThrow(/DIGEST_THRESHOLD must be at least 2/);
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
