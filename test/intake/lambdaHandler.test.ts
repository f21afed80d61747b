import { DescribeSecretCommand, GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { GetQueueAttributesCommand, SendMessageBatchCommand, SQSClient } from '@aws-sdk/client-sqs';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadWebhookTokens } from '../../functions/intake/loadWebhookTokens.js';
import { IntakeConfigError, readIntakeEnv } from '../../functions/intake/readIntakeEnv.js';
import { alert, CLUSTER, payload, PREVIOUS_TOKEN, TOKEN } from './intakeTestKit.js';

const QUEUE_URL = 'https://sqs.eu-west-1.amazonaws.com/123456789012/runai-diagnose-requests';
const sqs = mockClient(SQSClient);
const secrets = mockClient(SecretsManagerClient);

/** An API Gateway HTTP API (payload format 2.0) event. */
function httpApiEvent(options: { method?: string; path?: string; query?: string; headers?: Record<string, string>; body?: string }) {
  return {
    version: '2.0',
    routeKey: '$default',
    rawPath: options.path ?? '/webhooks/alertmanager',
    rawQueryString: options.query ?? '',
    headers: { host: 'abc123.execute-api.eu-west-1.amazonaws.com', ...options.headers },
    requestContext: {
      accountId: '123456789012',
      apiId: 'abc123',
      domainName: 'abc123.execute-api.eu-west-1.amazonaws.com',
      domainPrefix: 'abc123',
      http: {
        method: options.method ?? 'POST',
        path: options.path ?? '/webhooks/alertmanager',
        protocol: 'HTTP/1.1',
        sourceIp: '10.0.0.1',
        userAgent: 'Alertmanager/0.28.1',
      },
      requestId: 'req-1',
      routeKey: '$default',
      stage: '$default',
      time: '29/Nov/2026:18:00:00 +0000',
      timeEpoch: 1_795_888_800_000,
    },
    body: options.body ?? null,
    isBase64Encoded: false,
  };
}

/** SQS accepts every entry of every SendMessageBatch. */
function acceptEverySqsEntry(): void {
  sqs.on(SendMessageBatchCommand).callsFake((input: { Entries: Array<{ Id: string }> }) => ({
    Successful: input.Entries.map((e) => ({ Id: e.Id, MessageId: `mid-${e.Id}`, MD5OfMessageBody: 'x' })),
    Failed: [],
  }));
}

async function freshHandler() {
  vi.resetModules(); // the handler caches its app per execution environment
  return (await import('../../functions/intake/lambdaHandler.js')).handler;
}

describe('lambdaHandler', () => {
  beforeEach(() => {
    sqs.reset();
    secrets.reset();
    // Powertools Logger writes through the global console (which the tests capture) only in dev mode.
    vi.stubEnv('POWERTOOLS_DEV', 'true');
    for (const method of ['log', 'info', 'warn', 'error'] as const) vi.spyOn(console, method).mockImplementation(() => {});
  });
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
  });

  it('serves an API Gateway v2 event end to end: auth, ?clusterId=, SQS batch, 202', async () => {
    vi.stubEnv('QUEUE_URL', QUEUE_URL);
    vi.stubEnv('WEBHOOK_TOKEN', TOKEN);
    vi.stubEnv('WEBHOOK_TOKEN_PREVIOUS', PREVIOUS_TOKEN);
    acceptEverySqsEntry();
    const handler = await freshHandler();
    const result = await handler(
      httpApiEvent({
        query: `clusterId=${CLUSTER}`,
        headers: { authorization: `Bearer ${PREVIOUS_TOKEN}`, 'content-type': 'application/json' },
        body: JSON.stringify(payload([alert({ workload_id: 'w1' }), alert({ workload_id: 'w2' })])),
      }) as never,
    );
    expect(result.statusCode).toBe(202);
    expect(JSON.parse(result.body)).toMatchObject({ accepted: [{ workloadId: 'w1' }, { workloadId: 'w2' }], skipped: [] });
    const calls = sqs.commandCalls(SendMessageBatchCommand);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.args[0].input.QueueUrl).toBe(QUEUE_URL);
    expect(calls[0]!.args[0].input.Entries).toHaveLength(2);
  });

  it('maps identifiers with the ALERT_LABEL_MAP overrides', async () => {
    vi.stubEnv('QUEUE_URL', QUEUE_URL);
    vi.stubEnv('WEBHOOK_TOKEN', TOKEN);
    vi.stubEnv('ALERT_LABEL_MAP', JSON.stringify({ clusterId: ['runai_cluster'], workloadId: ['job_uid'] }));
    acceptEverySqsEntry();
    const handler = await freshHandler();
    const result = await handler(
      httpApiEvent({
        headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
        body: JSON.stringify(payload([alert({ runai_cluster: CLUSTER, job_uid: 'w9' })])),
      }) as never,
    );
    expect(result.statusCode).toBe(202);
    expect(JSON.parse(result.body)).toMatchObject({ accepted: [{ clusterId: CLUSTER, workloadId: 'w9' }], skipped: [] });
  });

  it('reads the tokens from the Secrets Manager secret named by WEBHOOK_TOKEN_SECRET_ID (only its ARN is in the environment)', async () => {
    const secretId = 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:runai-diagnose/webhook-token-AbCdEf';
    vi.stubEnv('QUEUE_URL', QUEUE_URL);
    vi.stubEnv('WEBHOOK_TOKEN_SECRET_ID', secretId);
    secrets.on(GetSecretValueCommand, { SecretId: secretId }).resolves({ SecretString: JSON.stringify({ current: TOKEN }) });
    acceptEverySqsEntry();
    const handler = await freshHandler();
    const post = (token: string) =>
      handler(
        httpApiEvent({
          query: `clusterId=${CLUSTER}`,
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify(payload([alert({ workload_id: 'w1' })])),
        }) as never,
      );
    expect((await post(TOKEN)).statusCode).toBe(202);
    expect((await post(PREVIOUS_TOKEN)).statusCode).toBe(401);
    // Cached: two requests, one Secrets Manager call.
    expect(secrets.commandCalls(GetSecretValueCommand)).toHaveLength(1);
  });

  // Powertools keeps its secret cache in node_modules, which vi.resetModules does not reload: each test names its own secret.
  it('GET /readyz checks the queue, re-reads the webhook secret past its cache and describes the Run:ai secret, never reading its value', async () => {
    const webhookSecret = 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:runai-diagnose/webhook-token-Ready1';
    const runaiSecret = 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:runai-diagnose/runai-GhIjKl';
    vi.stubEnv('QUEUE_URL', QUEUE_URL);
    vi.stubEnv('WEBHOOK_TOKEN_SECRET_ID', webhookSecret);
    vi.stubEnv('RUNAI_SECRET_ID', runaiSecret);
    secrets.on(GetSecretValueCommand, { SecretId: webhookSecret }).resolves({ SecretString: JSON.stringify({ current: TOKEN, previous: PREVIOUS_TOKEN }) });
    secrets.on(DescribeSecretCommand, { SecretId: runaiSecret }).resolves({ VersionIdsToStages: { v1: ['AWSPREVIOUS'], v2: ['AWSCURRENT'] } });
    sqs.on(GetQueueAttributesCommand).resolves({ Attributes: { ApproximateNumberOfMessages: '0', ApproximateNumberOfMessagesNotVisible: '2' } });
    const handler = await freshHandler();
    const readyz = () => handler(httpApiEvent({ method: 'GET', path: '/readyz', headers: { authorization: `Bearer ${TOKEN}` } }) as never);

    const ready = await readyz();
    expect(ready.statusCode).toBe(200);
    expect(JSON.parse(ready.body).checks).toEqual([
      { name: 'queue', status: 'ok', durationMs: expect.any(Number), detail: 'reachable: 0 waiting, 2 in flight' },
      {
        name: 'webhookTokenSecret',
        status: 'ok',
        durationMs: expect.any(Number),
        detail: 'read and valid: current and previous token (a rotation is in progress)',
      },
      { name: 'runaiSecret', status: 'ok', durationMs: expect.any(Number), detail: 'exists' },
    ]);
    // One read to authenticate the request (cached), one forced by the probe.
    expect(secrets.commandCalls(GetSecretValueCommand).map((call) => call.args[0].input.SecretId)).toEqual([webhookSecret, webhookSecret]);
    expect(secrets.commandCalls(GetSecretValueCommand, { SecretId: runaiSecret })).toHaveLength(0);

    secrets
      .on(DescribeSecretCommand)
      .rejects(Object.assign(new Error('not authorized to perform: secretsmanager:DescribeSecret'), { name: 'AccessDeniedException' }));
    sqs.on(GetQueueAttributesCommand).rejects(Object.assign(new Error('The specified queue does not exist.'), { name: 'QueueDoesNotExist' }));
    const notReady = await readyz();
    expect(notReady.statusCode).toBe(503);
    expect(JSON.parse(notReady.body)).toMatchObject({
      status: 'not_ready',
      message: '2 of 3 checks failed: queue, runaiSecret',
      checks: [
        {
          name: 'queue',
          status: 'failed',
          code: 'QUEUE_UNREACHABLE',
          message: "cannot read the queue's attributes (QueueDoesNotExist: The specified queue does not exist.)",
        },
        { name: 'webhookTokenSecret', status: 'ok' },
        { name: 'runaiSecret', status: 'failed', code: 'AccessDeniedException', message: 'not authorized to perform: secretsmanager:DescribeSecret' },
      ],
    });
    expect(sqs.commandCalls(SendMessageBatchCommand)).toHaveLength(0);
  });

  it('GET /readyz names an unreadable webhook secret while the cached tokens still authenticate', async () => {
    const webhookSecret = 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:runai-diagnose/webhook-token-Ready2';
    vi.stubEnv('QUEUE_URL', QUEUE_URL);
    vi.stubEnv('WEBHOOK_TOKEN_SECRET_ID', webhookSecret);
    secrets
      .on(GetSecretValueCommand)
      .resolvesOnce({ SecretString: JSON.stringify({ current: TOKEN }) })
      .resolves({ SecretString: '{"current":"short"}' });
    sqs.on(GetQueueAttributesCommand).resolves({ Attributes: { ApproximateNumberOfMessages: '0', ApproximateNumberOfMessagesNotVisible: '0' } });
    const handler = await freshHandler();
    const result = await handler(httpApiEvent({ method: 'GET', path: '/readyz', headers: { authorization: `Bearer ${TOKEN}` } }) as never);
    expect(result.statusCode).toBe(503);
    const check = JSON.parse(result.body).checks[1];
    expect(check).toMatchObject({ name: 'webhookTokenSecret', status: 'failed', code: 'INTAKE_CONFIG_INVALID' });
    expect(check.message).toContain('current: must be at least 16 characters');
    expect(result.body).not.toContain('"short"');
  });

  it('answers 503 MISCONFIGURED (resendable) naming nothing secret when the environment is invalid, and logs the key', async () => {
    vi.stubEnv('QUEUE_URL', QUEUE_URL);
    vi.stubEnv('WEBHOOK_TOKEN', 'short-secret');
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const handler = await freshHandler();
    const result = await handler(httpApiEvent({ path: '/healthz', method: 'GET' }) as never);
    expect(result.statusCode).toBe(503);
    expect(JSON.parse(result.body)).toEqual({ code: 'MISCONFIGURED', message: 'the intake is misconfigured; see its logs', retryable: true });
    const logged = errors.mock.calls.map((c) => String(c[0])).join('\n');
    expect(logged).toContain('WEBHOOK_TOKEN must be at least 16 characters');
    expect(logged).not.toContain('short-secret');
    expect(sqs.commandCalls(SendMessageBatchCommand)).toHaveLength(0);
  });

  it('reads the environment on the first invocation, not at import', async () => {
    const handler = await freshHandler(); // no env at all: importing must not throw
    expect(typeof handler).toBe('function');
  });
});

describe('readIntakeEnv', () => {
  const valid = { QUEUE_URL, WEBHOOK_TOKEN: TOKEN };

  it('accepts a valid environment and ignores unrelated keys', () => {
    expect(readIntakeEnv({ ...valid, AWS_REGION: 'eu-west-1', WEBHOOK_TOKEN_PREVIOUS: '', INTAKE_BODY_LIMIT_BYTES: '2048' })).toEqual({
      QUEUE_URL,
      WEBHOOK_TOKEN: TOKEN,
      WEBHOOK_TOKEN_PREVIOUS: undefined,
      ALERT_LABEL_MAP: undefined,
      INTAKE_BODY_LIMIT_BYTES: 2048,
    });
  });

  it('reads label-map overrides as JSON, strictly', () => {
    expect(readIntakeEnv({ ...valid, ALERT_LABEL_MAP: '{"clusterId":["runai_cluster"],"namespacePrefix":"gpu-"}' }).ALERT_LABEL_MAP).toEqual({
      clusterId: ['runai_cluster'],
      namespacePrefix: 'gpu-',
    });
    expect(() => readIntakeEnv({ ...valid, ALERT_LABEL_MAP: '{"cluster":["x"]}' })).toThrow('invalid intake environment: ALERT_LABEL_MAP ');
    expect(() => readIntakeEnv({ ...valid, ALERT_LABEL_MAP: 'clusterId=x' })).toThrow('ALERT_LABEL_MAP must be a JSON object');
    expect(() => readIntakeEnv({ ...valid, ALERT_LABEL_MAP: '{"workloadId":["bad label"]}' })).toThrow('ALERT_LABEL_MAP must be a Prometheus label name');
  });

  it.each([
    [{ WEBHOOK_TOKEN: TOKEN }, 'invalid intake environment: QUEUE_URL is not set'],
    [{ ...valid, QUEUE_URL: 'http://sqs.local/q' }, 'invalid intake environment: QUEUE_URL must be the https URL of the SQS queue'],
    [
      { ...valid, WEBHOOK_TOKEN_SECRET_ID: 'runai-diagnose/webhook-token' },
      'WEBHOOK_TOKEN and WEBHOOK_TOKEN_PREVIOUS must not be set with WEBHOOK_TOKEN_SECRET_ID',
    ],
    [{ QUEUE_URL, WEBHOOK_TOKEN_SECRET_ID: 'has space' }, 'invalid intake environment: WEBHOOK_TOKEN_SECRET_ID must be a Secrets Manager secret ARN or name'],
    [{ QUEUE_URL }, 'invalid intake environment: WEBHOOK_TOKEN is not set'],
    [{ ...valid, WEBHOOK_TOKEN: 'has a space in it, long enough' }, 'invalid intake environment: WEBHOOK_TOKEN must not contain whitespace'],
    [{ ...valid, WEBHOOK_TOKEN_PREVIOUS: 'tiny' }, 'invalid intake environment: WEBHOOK_TOKEN_PREVIOUS must be at least 16 characters'],
    [{ ...valid, INTAKE_BODY_LIMIT_BYTES: 'lots' }, 'invalid intake environment: INTAKE_BODY_LIMIT_BYTES '],
  ])('names the bad key: %j', (env, message) => {
    expect(() => readIntakeEnv(env)).toThrow(message);
  });

  it('accepts a secret id instead of tokens, and plain http only to a loopback emulator', () => {
    const secretId = 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:runai-diagnose/webhook-token-AbCdEf';
    expect(readIntakeEnv({ QUEUE_URL, WEBHOOK_TOKEN_SECRET_ID: secretId })).toMatchObject({ WEBHOOK_TOKEN_SECRET_ID: secretId, WEBHOOK_TOKEN: undefined });
    expect(readIntakeEnv({ ...valid, QUEUE_URL: 'http://127.0.0.1:4566/000000000000/q' }).QUEUE_URL).toBe('http://127.0.0.1:4566/000000000000/q');
  });

  it('never echoes a token value', () => {
    try {
      readIntakeEnv({ QUEUE_URL, WEBHOOK_TOKEN: 'sekret' });
      expect.unreachable();
    } catch (error) {
      expect(String(error)).not.toContain('sekret');
    }
  });
});

describe('loadWebhookTokens', () => {
  const SECRET = 'runai-diagnose/webhook-token';

  it('uses the environment when no secret is named', async () => {
    await expect(loadWebhookTokens({ WEBHOOK_TOKEN: TOKEN, WEBHOOK_TOKEN_PREVIOUS: undefined })).resolves.toEqual({ current: TOKEN, previous: undefined });
  });

  it('reads {current, previous} from the secret through the injected reader', async () => {
    const reader = vi.fn(async () => ({ current: TOKEN, previous: PREVIOUS_TOKEN }));
    await expect(loadWebhookTokens({ WEBHOOK_TOKEN_SECRET_ID: SECRET }, reader)).resolves.toEqual({ current: TOKEN, previous: PREVIOUS_TOKEN });
    expect(reader).toHaveBeenCalledWith(SECRET);
  });

  it('names the bad secret key, never its value', async () => {
    const error = await loadWebhookTokens({ WEBHOOK_TOKEN_SECRET_ID: SECRET }, async () => ({ current: 'short-secret', prevous: TOKEN })).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(IntakeConfigError);
    expect(String(error)).toMatch(/current: must be at least 16 characters/);
    expect(String(error)).toMatch(/prevous/);
    expect(String(error)).not.toContain('short-secret');
    expect(String(error)).not.toContain(TOKEN);
  });

  it('reports an unreadable secret as a configuration error', async () => {
    const denied = Object.assign(new Error('User is not authorized to perform: secretsmanager:GetSecretValue'), { name: 'AccessDeniedException' });
    await expect(loadWebhookTokens({ WEBHOOK_TOKEN_SECRET_ID: SECRET }, async () => Promise.reject(denied))).rejects.toThrow(
      /cannot read the webhook token secret \(WEBHOOK_TOKEN_SECRET_ID\): User is not authorized/,
    );
  });
});
