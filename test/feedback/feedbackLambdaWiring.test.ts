/**
 * The intake Lambda with feedback on (FEEDBACK_TABLE + FEEDBACK_KEY_SECRET_ID, as the stack
 * sets them): the keys come from the Secrets Manager secret (current and previous), the
 * answers go to DynamoDB (aws-sdk-client-mock), a tampered link stores nothing, and a
 * feedback secret that cannot be read never costs a webhook.
 */
import { GetItemCommand, PutItemCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { SendMessageBatchCommand, SQSClient } from '@aws-sdk/client-sqs';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signFeedbackToken } from '../../functions/feedback/feedbackToken.js';
import { createFeedbackKeyring } from '../../functions/feedback/createFeedbackKeyring.js';
import { FeedbackConfigError, loadFeedbackKeys } from '../../functions/feedback/loadFeedbackKeys.js';
import { createSignedFeedbackUrl } from '../../functions/feedback/createSignedFeedbackUrl.js';
import { verifyFeedbackToken } from '../../functions/feedback/feedbackToken.js';
import { notificationWordsFor } from '../../functions/report/notificationWordsFor.js';
import { makeVerdict } from '../delivery/verdictFixture.js';
import { verdictSubject } from '../../functions/delivery/buildSnsMessage.js';
import { LINK_HEADLINE_MAX_LENGTH } from '../../functions/feedback/createFeedbackLinker.js';
import { alert, CLUSTER, payload, TOKEN } from '../intake/intakeTestKit.js';

const QUEUE_URL = 'https://sqs.eu-west-1.amazonaws.com/123456789012/runai-diagnose-requests';
const TABLE = 'RunaiDiagnose-FeedbackAnswers-1A2B3C';
const CURRENT = 'c'.repeat(40) + 'CurrentKey0123456789';
const PREVIOUS = 'p'.repeat(40) + 'PreviousKey012345678';
const sqs = mockClient(SQSClient);
const secrets = mockClient(SecretsManagerClient);
const dynamo = mockClient(DynamoDBClient);

function httpApiEvent(options: { method: string; path: string; headers?: Record<string, string>; body?: string }) {
  return {
    version: '2.0',
    routeKey: '$default',
    rawPath: options.path,
    rawQueryString: '',
    headers: { host: 'abc123.execute-api.eu-west-1.amazonaws.com', ...options.headers },
    requestContext: {
      accountId: '123456789012',
      apiId: 'abc123',
      domainName: 'abc123.execute-api.eu-west-1.amazonaws.com',
      domainPrefix: 'abc123',
      http: { method: options.method, path: options.path, protocol: 'HTTP/1.1', sourceIp: '10.0.0.1', userAgent: 'Mozilla/5.0' },
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

async function freshHandler() {
  vi.resetModules(); // the handler caches its app per execution environment
  return (await import('../../functions/intake/lambdaHandler.js')).handler;
}

// Powertools keeps its secret cache in node_modules, which vi.resetModules does not reload: each test names its own secrets.
function stubEnvironment(name: string): string {
  const feedbackSecret = `arn:aws:secretsmanager:eu-west-1:123456789012:secret:runai-diagnose/feedback-${name}`;
  vi.stubEnv('QUEUE_URL', QUEUE_URL);
  vi.stubEnv('WEBHOOK_TOKEN', TOKEN);
  vi.stubEnv('FEEDBACK_TABLE', TABLE);
  vi.stubEnv('FEEDBACK_KEY_SECRET_ID', feedbackSecret);
  return feedbackSecret;
}

const claims = { occurrenceKey: `${CLUSTER}#wl-1#2026-11-29T17:00:00Z`, category: 'OOM_KILLED' as const, headline: '[OOM_KILLED] train (ml)' };
const form = new URLSearchParams({ answer: 'wrong', rightCategory: 'CRASH_APP_ERROR', note: 'the OOM was a symptom' }).toString();

describe('intake Lambda with feedback on', () => {
  beforeEach(() => {
    sqs.reset();
    secrets.reset();
    dynamo.reset();
    vi.stubEnv('POWERTOOLS_DEV', 'true');
    for (const method of ['log', 'info', 'warn', 'error'] as const) vi.spyOn(console, method).mockImplementation(() => {});
  });
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
  });

  it(
    'serves the page for a link signed with the previous key, stores the answer in the table, refuses a tampered link without writing',
    { timeout: 30_000 },
    async () => {
      const secretId = stubEnvironment('serves');
      secrets.on(GetSecretValueCommand, { SecretId: secretId }).resolves({ SecretString: JSON.stringify({ current: CURRENT, previous: PREVIOUS }) });
      dynamo.on(GetItemCommand).resolves({});
      dynamo.on(PutItemCommand).resolves({});
      const handler = await freshHandler();
      const token = signFeedbackToken(claims, { current: PREVIOUS }, new Date());

      const page = await handler(httpApiEvent({ method: 'GET', path: `/feedback/${token}` }) as never);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('[OOM_KILLED] train (ml)');
      expect(dynamo.commandCalls(GetItemCommand)[0]!.args[0].input).toMatchObject({ TableName: TABLE, Key: { pk: { S: claims.occurrenceKey } } });

      const tampered = token.replace(/.$/, (last) => (last === 'A' ? 'B' : 'A'));
      const refused = await handler(
        httpApiEvent({ method: 'POST', path: `/feedback/${tampered}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form }) as never,
      );
      expect(refused.statusCode).toBe(403);
      expect(dynamo.commandCalls(PutItemCommand)).toHaveLength(0);

      const answered = await handler(
        httpApiEvent({ method: 'POST', path: `/feedback/${token}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form }) as never,
      );
      expect(answered.statusCode).toBe(200);
      const puts = dynamo.commandCalls(PutItemCommand);
      expect(puts).toHaveLength(1);
      expect(puts[0]!.args[0].input).toMatchObject({
        TableName: TABLE,
        Item: { pk: { S: claims.occurrenceKey }, answer: { S: 'wrong' }, rightCategory: { S: 'CRASH_APP_ERROR' }, category: { S: 'OOM_KILLED' } },
      });
      // The local-mode answers list is not a Lambda route, even with the webhook token.
      const listing = await handler(httpApiEvent({ method: 'GET', path: '/local/feedback/answers', headers: { authorization: `Bearer ${TOKEN}` } }) as never);
      expect(listing.statusCode).toBe(404);
      // A link signed with a key the secret does not hold is refused.
      const foreign = signFeedbackToken(claims, { current: 'f'.repeat(48) }, new Date());
      expect((await handler(httpApiEvent({ method: 'GET', path: `/feedback/${foreign}` }) as never)).statusCode).toBe(403);
    },
  );

  it('an unreadable feedback secret leaves the webhooks working (202) and the page absent (404), never a 503', { timeout: 30_000 }, async () => {
    const secretId = stubEnvironment('unreadable');
    secrets.on(GetSecretValueCommand, { SecretId: secretId }).rejects(new Error('AccessDeniedException: not authorized'));
    sqs.on(SendMessageBatchCommand).callsFake((input: { Entries: Array<{ Id: string }> }) => ({
      Successful: input.Entries.map((e) => ({ Id: e.Id, MessageId: `mid-${e.Id}`, MD5OfMessageBody: 'x' })),
      Failed: [],
    }));
    const handler = await freshHandler();
    const webhook = await handler(
      httpApiEvent({
        method: 'POST',
        path: '/webhooks/alertmanager',
        headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
        body: JSON.stringify(payload([alert({ cluster_id: CLUSTER, workload_id: 'w1' })])),
      }) as never,
    );
    expect(webhook.statusCode).toBe(202);
    const token = signFeedbackToken(claims, { current: CURRENT }, new Date());
    expect((await handler(httpApiEvent({ method: 'GET', path: `/feedback/${token}` }) as never)).statusCode).toBe(404);
    expect(dynamo.commandCalls(PutItemCommand)).toHaveLength(0);
  });
});

describe('loadFeedbackKeys and the keyring', () => {
  it('reads {"current","previous"?}, refuses other shapes naming keys, never values', async () => {
    expect(await loadFeedbackKeys('s', async () => ({ current: CURRENT }))).toEqual({ current: CURRENT });
    expect(await loadFeedbackKeys('s', async () => ({ current: CURRENT, previous: PREVIOUS }))).toEqual({ current: CURRENT, previous: PREVIOUS });
    const short = loadFeedbackKeys('s', async () => ({ current: 'short-key-value' }));
    await expect(short).rejects.toThrow(FeedbackConfigError);
    await expect(short).rejects.toThrow(/current: must be at least 32 characters/);
    await expect(short).rejects.not.toThrow(/short-key-value/);
    await expect(loadFeedbackKeys('s', async () => ({ current: CURRENT, extra: 1 }))).rejects.toThrow(/expected \{"current"/);
    const denied = loadFeedbackKeys('s', async () => {
      throw new Error('AccessDenied');
    });
    await expect(denied).rejects.toMatchObject({ code: 'FEEDBACK_CONFIG_INVALID', retryable: true });
  });

  it('keeps the keys it holds when a refresh fails, fails only when it never read any', async () => {
    let next: () => Promise<{ current: string }> = async () => {
      throw new Error('throttled');
    };
    const stale: unknown[] = [];
    const keyring = createFeedbackKeyring(
      () => next(),
      (error) => stale.push(error),
    );
    await expect(keyring.refresh()).rejects.toThrow('throttled');
    expect(() => keyring.keys()).toThrow(/before they were read/);
    next = async () => ({ current: CURRENT });
    await keyring.refresh();
    next = async () => {
      throw new Error('throttled again');
    };
    await keyring.refresh();
    expect(keyring.keys()).toEqual({ current: CURRENT });
    expect(stale).toHaveLength(1);
    next = async () => ({ current: PREVIOUS });
    await keyring.refresh();
    expect(keyring.keys()).toEqual({ current: PREVIOUS });
  });
});

describe('the worker with feedback on', () => {
  beforeEach(() => {
    secrets.reset();
    vi.stubEnv('POWERTOOLS_DEV', 'true');
  });
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
  });

  it("signs each link with the keyring's current key, on the API URL", async () => {
    let keys = { current: CURRENT };
    const keyring = createFeedbackKeyring(
      async () => keys,
      () => {},
    );
    await keyring.refresh();
    const now = () => new Date('2026-12-02T17:00:00Z');
    const url = createSignedFeedbackUrl({ baseUrl: 'https://a1b2c3.execute-api.eu-west-1.amazonaws.com', keyring, words: notificationWordsFor('fr'), now });
    const verdict = makeVerdict();
    const link = url(verdict, 'cluster#wl#2026-12-02T16:00:00Z', {});
    const token = /^https:\/\/a1b2c3\.execute-api\.eu-west-1\.amazonaws\.com\/feedback\/([\w-]+\.[\w-]+)$/.exec(link)?.[1];
    expect(token).toBeDefined();
    const verified = verifyFeedbackToken(token!, { current: CURRENT }, now());
    expect(verified).toMatchObject({ ok: true, claims: { occurrenceKey: 'cluster#wl#2026-12-02T16:00:00Z', category: verdict.category } });
    // Headed with the notification's subject line, in the report's language (here French).
    expect(verified.ok && verified.claims.headline).toBe(verdictSubject(verdict, {}, notificationWordsFor('fr')).slice(0, LINK_HEADLINE_MAX_LENGTH));
    // A rotation: the next refresh signs with the new key; the intake, holding both, accepts old and new links.
    keys = { current: PREVIOUS };
    await keyring.refresh();
    const rotated = /\/feedback\/(\S+)$/.exec(url(verdict, 'k#w#2026-12-02T16:00:00Z', {}))![1]!;
    expect(verifyFeedbackToken(rotated, { current: CURRENT }, now())).toMatchObject({ ok: false, reason: 'invalid' });
    expect(verifyFeedbackToken(rotated, { current: PREVIOUS, previous: CURRENT }, now())).toMatchObject({ ok: true });
  });

  it('an unreadable key secret at the first batch is a configuration failure: every record goes back to the queue, the log names the secret', async () => {
    vi.stubEnv('SNS_TOPIC_ARN', 'arn:aws:sns:eu-west-1:123456789012:runai-verdicts');
    vi.stubEnv('IDEMPOTENCY_TABLE', 'runai-diagnose-idempotency');
    vi.stubEnv('QUEUE_URL', 'https://sqs.eu-west-1.amazonaws.com/123456789012/runai-diagnose');
    vi.stubEnv('STORM_TABLE', 'runai-diagnose-storm');
    vi.stubEnv('AWS_REGION', 'eu-west-1');
    // The worker validates its whole environment at the first batch (readDiagnoseLambdaEnv), as the stack sets it.
    vi.stubEnv('RUNAI_BASE_URL', 'https://runai.example.invalid');
    vi.stubEnv('RUNAI_SECRET_ID', 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:runai-diagnose/runai');
    const secretId = 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:runai-diagnose/feedback-worker';
    vi.stubEnv('FEEDBACK_KEY_SECRET_ID', secretId);
    vi.stubEnv('FEEDBACK_BASE_URL', 'https://a1b2c3.execute-api.eu-west-1.amazonaws.com');
    secrets.on(GetSecretValueCommand, { SecretId: secretId }).rejects(new Error('AccessDeniedException: not authorized'));
    const logged: string[] = [];
    for (const method of ['log', 'info', 'warn', 'error'] as const) vi.spyOn(console, method).mockImplementation((line: string) => void logged.push(line));
    vi.resetModules();
    const { handler } = await import('../../functions/worker/lambdaHandler.js');
    const record = (messageId: string) => ({ messageId, receiptHandle: `rh-${messageId}`, body: '{}', attributes: { ApproximateReceiveCount: '1' } });
    expect(await handler({ Records: [record('m1'), record('m2')] } as never)).toEqual({
      batchItemFailures: [{ itemIdentifier: 'm1' }, { itemIdentifier: 'm2' }],
    });
    const failure = logged.map((line) => JSON.parse(line) as Record<string, unknown>).find((line) => line.message === 'worker.configuration_failed');
    expect(failure?.errorMessage).toContain('cannot read the feedback key secret (FEEDBACK_KEY_SECRET_ID): AccessDeniedException');
    // Importing the whole worker (SDK clients, Powertools) takes seconds on a loaded 2-core machine.
  }, 30_000);
});
