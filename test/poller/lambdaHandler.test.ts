/**
 * The poller Lambda end to end: environment → real Run:ai client against the simulator
 * over HTTP, SQS and DynamoDB through aws-sdk-client-mock.
 */
import { DynamoDBClient, GetItemCommand, UpdateItemCommand } from '@aws-sdk/client-dynamodb';
import { SendMessageBatchCommand, SQSClient } from '@aws-sdk/client-sqs';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueuedDiagnosisSchema } from '../../functions/core/queuedDiagnosis.js';
import { loadRunaiCredentials, RunaiCredentialsError } from '../../functions/runai/loadRunaiCredentials.js';
import { PollerConfigError, readPollerEnv } from '../../functions/poller/readPollerEnv.js';
import { startRunaiSimulator, type RunaiSimulator } from '../../functions/simulator/startRunaiSimulator.js';
import { A, B, nonGetRequests, pollerScenario } from './pollerTestKit.js';

const QUEUE_URL = 'https://sqs.eu-west-1.amazonaws.com/123456789012/runai-diagnose-requests';
const TABLE = 'runai-diagnose-state';
const sqs = mockClient(SQSClient);
const dynamo = mockClient(DynamoDBClient);

let sim: RunaiSimulator;
let logs: string[];

async function freshHandler() {
  vi.resetModules(); // the handler keeps its clients per execution environment
  return import('../../functions/poller/lambdaHandler.js');
}

function stubEnv(overrides: Record<string, string> = {}) {
  const env = {
    CLUSTER_IDS: ` ${A}, ${B},,${A} `,
    QUEUE_URL,
    STATE_TABLE: TABLE,
    RUNAI_BASE_URL: sim.url,
    RUNAI_CLIENT_ID: 'sim-client',
    RUNAI_CLIENT_SECRET: 'sim-secret',
    ...overrides,
  };
  for (const [key, value] of Object.entries(env)) vi.stubEnv(key, value);
}

const sentMessages = () =>
  sqs
    .commandCalls(SendMessageBatchCommand)
    .flatMap((call) => (call.args[0].input.Entries ?? []).map((e) => QueuedDiagnosisSchema.parse(JSON.parse(e.MessageBody!))));
const advancedClusters = () => dynamo.commandCalls(UpdateItemCommand).map((call) => call.args[0].input.Key!.pk!.S);

beforeEach(async () => {
  sim = await startRunaiSimulator({ scenarios: pollerScenario() });
  sqs.reset();
  dynamo.reset();
  sqs.on(SendMessageBatchCommand).callsFake((input: { Entries: Array<{ Id: string }> }) => ({
    Successful: input.Entries.map((e) => ({ Id: e.Id, MessageId: `mid-${e.Id}`, MD5OfMessageBody: 'x' })),
    Failed: [],
  }));
  dynamo.on(GetItemCommand).resolves({});
  dynamo.on(UpdateItemCommand).resolves({});
  logs = [];
  // Powertools Logger writes through the global console (which the tests capture) only in dev mode.
  vi.stubEnv('POWERTOOLS_DEV', 'true');
  for (const method of ['log', 'info', 'warn', 'error'] as const) vi.spyOn(console, method).mockImplementation((line: string) => void logs.push(line));
});
afterEach(async () => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  expect(sim.violations).toEqual([]);
  expect(nonGetRequests(sim)).toEqual([]);
  await sim.close();
});

describe('poller lambdaHandler', () => {
  it('honours RUNAI_REQUEST_TIMEOUT_MS as the worker does: a Run:ai slower than it fails the clusters instead of waiting 10 s', async () => {
    await sim.close();
    sim = await startRunaiSimulator({ scenarios: pollerScenario(), latencyMs: 400 });
    stubEnv({ RUNAI_REQUEST_TIMEOUT_MS: '100' });
    const { handler } = await freshHandler();
    const error = await handler().catch((caught: unknown) => caught);
    expect(error).toMatchObject({ name: 'PollerRunError' });
    expect(sentMessages()).toEqual([]);
  });

  it('polls every configured cluster once, enqueues through SQS, advances watermarks in DynamoDB, logs a line per cluster', async () => {
    stubEnv();
    const { handler } = await freshHandler();
    const summary = await handler();
    expect(summary.failedClusters).toEqual([]);
    expect(summary.clusters.map((c) => c.clusterId)).toEqual([A, B]); // trimmed, de-duplicated
    expect(
      sentMessages()
        .map((m) => m.request.workloadId)
        .sort(),
    ).toEqual(['a-1', 'a-2', 'a-3', 'b-1']);
    expect(sentMessages().every((m) => m.source === 'poller' && m.request.intent === 'terminal')).toBe(true);
    expect(advancedClusters().sort()).toEqual([`watermark#${A}`, `watermark#${B}`]);
    expect(dynamo.commandCalls(GetItemCommand)[0]!.args[0].input.TableName).toBe(TABLE);
    expect(logs.map((line) => JSON.parse(line))).toEqual([
      expect.objectContaining({ level: 'INFO', message: 'poller cluster', service: 'poller', clusterId: A, enqueued: 3 }),
      expect.objectContaining({ level: 'INFO', message: 'poller cluster', service: 'poller', clusterId: B, enqueued: 1 }),
    ]);
  });

  it('reuses its clients across invocations: one token for two runs', async () => {
    stubEnv();
    const { handler } = await freshHandler();
    await handler();
    await handler();
    expect(sim.requests.filter((r) => r.endpoint === 'token')).toHaveLength(1);
    expect(sim.requests.filter((r) => r.endpoint === 'list')).toHaveLength(4);
  });

  it('throws after polling the others when one cluster fails, without advancing that cluster', async () => {
    sim.setFaults([{ endpoint: 'list', clusterId: B, status: 503 }]);
    stubEnv();
    const { handler, PollerRunError } = await freshHandler();
    const error = await handler().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PollerRunError);
    expect((error as Error).message).toMatch(new RegExp(`^poll failed for 1 of 2 clusters: ${B} \\(list: RunaiError: .*503`));
    expect((error as InstanceType<typeof PollerRunError>).summary.clusters[0]).toMatchObject({ clusterId: A, ok: true, enqueued: 3 });
    expect(sentMessages().map((m) => m.request.clusterId)).toEqual([A, A, A]);
    expect(advancedClusters()).toEqual([`watermark#${A}`]);
    expect(logs.map((line) => JSON.parse(line).level)).toEqual(['INFO', 'ERROR']);
    // The failed cluster is logged and counted with its code.
    expect(JSON.parse(logs[1]!).error).toMatchObject({ stage: 'list', code: 'RUNAI_UNAVAILABLE' });
    expect((error as InstanceType<typeof PollerRunError>).summary.failuresByCode).toEqual({ RUNAI_UNAVAILABLE: 1 });
  });

  it('an enqueue failure fails the invocation and leaves that cluster’s watermark alone', async () => {
    sqs.on(SendMessageBatchCommand).rejects(Object.assign(new Error('service unavailable'), { name: 'ServiceUnavailable' }));
    stubEnv({ CLUSTER_IDS: A });
    const { handler } = await freshHandler();
    await expect(handler()).rejects.toThrow(/enqueue: QueueError/);
    expect(dynamo.commandCalls(UpdateItemCommand)).toHaveLength(0);
  });

  it('a bad configuration fails the invocation with the key named, and is not cached', async () => {
    stubEnv({ CLUSTER_IDS: 'prod-cluster', QUEUE_URL: 'http://insecure' });
    vi.stubEnv('RUNAI_CLIENT_SECRET', '');
    const { handler } = await freshHandler();
    const error = await handler().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(/CLUSTER_IDS must be cluster UUIDs; QUEUE_URL must be the https URL/);
    expect(sim.requests).toHaveLength(0);
    expect(logs.map((line) => JSON.parse(line))).toEqual([expect.objectContaining({ level: 'ERROR', message: 'poller configuration failed' })]);

    stubEnv();
    expect((await handler()).failedClusters).toEqual([]);
  });
});

describe('readPollerEnv', () => {
  const valid = { CLUSTER_IDS: A, QUEUE_URL, STATE_TABLE: TABLE, RUNAI_BASE_URL: 'https://acme.run.ai' };

  it('parses the list of clusters and the optional durations; ignores unrelated variables', () => {
    expect(
      readPollerEnv({ ...valid, CLUSTER_IDS: `${A},${B.toUpperCase()}`, POLL_OVERLAP: '10m', POLL_INITIAL_LOOKBACK: '', AWS_REGION: 'eu-west-1' }),
    ).toMatchObject({
      ...valid,
      CLUSTER_IDS: [A, B.toUpperCase()],
      POLL_OVERLAP: 600_000,
      POLL_INITIAL_LOOKBACK: undefined,
      POLL_CLUSTER_CONCURRENCY: 2,
      POLL_CLUSTER_TIMEOUT_MS: 30_000,
      RUNAI_MAX_RESPONSE_BYTES: 8 * 1024 * 1024,
      RUNAI_REQUEST_TIMEOUT_MS: 10_000,
    });
    expect(readPollerEnv({ ...valid, POLL_CLUSTER_CONCURRENCY: '1', POLL_CLUSTER_TIMEOUT_MS: '5000', RUNAI_MAX_RESPONSE_BYTES: '1048576' })).toMatchObject({
      POLL_CLUSTER_CONCURRENCY: 1,
      POLL_CLUSTER_TIMEOUT_MS: 5_000,
      RUNAI_MAX_RESPONSE_BYTES: 1_048_576,
    });
  });

  it('reads the Run:ai timeout and answer size limit the worker honours, and the credentials’ keys, in one parse', () => {
    const env = readPollerEnv({ ...valid, RUNAI_REQUEST_TIMEOUT_MS: '2500', RUNAI_MAX_RESPONSE_BYTES: '4096', RUNAI_SECRET_ID: 'runai-credentials' });
    expect(env).toMatchObject({ RUNAI_REQUEST_TIMEOUT_MS: 2500, RUNAI_MAX_RESPONSE_BYTES: 4096, RUNAI_SECRET_ID: 'runai-credentials' });
    expect(() => readPollerEnv({ ...valid, RUNAI_MAX_RESPONSE_BYTES: '12' })).toThrow('RUNAI_MAX_RESPONSE_BYTES must be at least 1024');
    expect(() => readPollerEnv({ ...valid, RUNAI_GRANT_TYPE: 'password' })).toThrow(/RUNAI_GRANT_TYPE/);
  });

  it('names every bad or missing key', () => {
    expect(() => readPollerEnv({})).toThrow('CLUSTER_IDS is not set; QUEUE_URL is not set; STATE_TABLE is not set; RUNAI_BASE_URL is not set');
    expect(() => readPollerEnv({ ...valid, CLUSTER_IDS: ' , ' })).toThrow('CLUSTER_IDS must name at least one cluster');
    expect(() => readPollerEnv({ ...valid, STATE_TABLE: 'a b' })).toThrow('STATE_TABLE must be a DynamoDB table name');
    expect(() => readPollerEnv({ ...valid, POLL_OVERLAP: '5 minutes' })).toThrow(/POLL_OVERLAP/);
    expect(() => readPollerEnv({ ...valid, RUNAI_BASE_URL: 'ftp://x' })).toThrow(PollerConfigError);
  });
});

describe('loadRunaiCredentials', () => {
  const SECRET = 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:runai-diagnose/runai-credentials-AbCdEf';

  it('reads a client_credentials pair from the environment and names a missing variable, never a value', async () => {
    await expect(loadRunaiCredentials({ RUNAI_CLIENT_ID: 'id', RUNAI_CLIENT_SECRET: 's3cret' })).resolves.toEqual({
      grantType: 'client_credentials',
      clientId: 'id',
      clientSecret: 's3cret',
    });
    const error = await loadRunaiCredentials({ RUNAI_CLIENT_SECRET: 's3cret' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RunaiCredentialsError);
    expect((error as Error).message).toMatch(/^invalid Run:ai credentials: RUNAI_CLIENT_ID not set/);
    expect((error as Error).message).not.toContain('s3cret');
  });

  it('honours RUNAI_GRANT_TYPE=app_token from the environment', async () => {
    await expect(loadRunaiCredentials({ RUNAI_CLIENT_ID: 'app', RUNAI_CLIENT_SECRET: 's3cret', RUNAI_GRANT_TYPE: 'app_token' })).resolves.toEqual({
      grantType: 'app_token',
      appId: 'app',
      appSecret: 's3cret',
    });
    await expect(loadRunaiCredentials({ RUNAI_CLIENT_ID: 'app', RUNAI_CLIENT_SECRET: 's3cret', RUNAI_GRANT_TYPE: 'password' })).rejects.toThrow(
      /RUNAI_GRANT_TYPE must be/,
    );
  });

  it('prefers the Secrets Manager secret named by RUNAI_SECRET_ID, read through the injected reader', async () => {
    const reader = vi.fn(async () => ({ clientId: 'svc', clientSecret: 's3cret', grantType: 'app_token' }));
    await expect(loadRunaiCredentials({ RUNAI_SECRET_ID: SECRET, RUNAI_CLIENT_ID: 'ignored' }, reader)).resolves.toEqual({
      grantType: 'app_token',
      appId: 'svc',
      appSecret: 's3cret',
    });
    expect(reader).toHaveBeenCalledWith(SECRET);
    await expect(loadRunaiCredentials({ RUNAI_SECRET_ID: SECRET }, async () => ({ clientId: 'svc', clientSecret: 's3cret' }))).resolves.toMatchObject({
      grantType: 'client_credentials',
    });
  });

  it('names the bad secret key, never its value', async () => {
    const error = await loadRunaiCredentials({ RUNAI_SECRET_ID: SECRET }, async () => ({ clientId: 'svc', clientSecrt: 's3cret' })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RunaiCredentialsError);
    expect((error as Error).message).toMatch(/clientSecret/);
    expect((error as Error).message).toMatch(/clientSecrt/);
    expect((error as Error).message).not.toContain('s3cret');
  });
});
