/**
 * The intake exactly as it would be deployed: the synthesized asset (cdk.out/…/asset.<hash>/
 * index.mjs, bundled by the local esbuild), imported and invoked with an API Gateway v2
 * event. No AWS: the token secret is served by a local stand-in of the Secrets Manager API
 * (AWS_ENDPOINT_URL_SECRETS_MANAGER, the SDK's standard endpoint override), and SQS by
 * fauxqs, addressed through a loopback QUEUE_URL (which the SQS client then uses as its
 * endpoint; fauxqs names its queues http://sqs.<region>.localhost:<port>/…, which
 * interceptLocalhostDns resolves to 127.0.0.1 in this process). The AWS SDK is external to
 * the bundle and resolves from node_modules.
 */
import { createServer, type Server } from 'node:http';
import { existsSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { CreateQueueCommand, ReceiveMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { interceptLocalhostDns, startFauxqs, type FauxqsServer } from 'fauxqs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { QueuedDiagnosisSchema } from '../../functions/core/queuedDiagnosis.js';
import { SYNTH_TIMEOUT_MS, synthStack, type Synthesized } from './synthStack.js';

const TOKEN = 'bundle-test-token-0123456789abcdef';
const SECRET_ID = 'runai-diagnose/webhook-token';
const RUNAI_SECRET_ID = 'runai-diagnose/runai-credentials';
const CLUSTER = '7f3c2a9e-1b4d-4c8e-9a61-2d5f8e0b7c13';
const credentials = { accessKeyId: 'test', secretAccessKey: 'test' };

type Handler = (event: unknown) => Promise<{ statusCode: number; body: string }>;

let synth: Synthesized;
let bundleDir: string;
let fauxqs: FauxqsServer;
let secretsManager: Server;
const secretRequests: { target: string | undefined; secretId: unknown }[] = [];
/** What DescribeSecret answers for the Run:ai secret (epoch seconds, as the JSON protocol sends dates). */
let runaiSecretVersions: Record<string, string[]> = { v1: ['AWSPREVIOUS'], v2: ['AWSCURRENT'] };
let sqs: SQSClient;
let queueUrl: string;
let handler: Handler;
let restoreDns: (() => void) | undefined;
const savedEnv = { ...process.env };

/** GetSecretValue (webhook secret) and DescribeSecret (Run:ai secret) of the AWS JSON 1.1 protocol. */
function startSecretsManager(): Promise<Server> {
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      const target = request.headers['x-amz-target'] as string | undefined;
      const input = JSON.parse(body || '{}') as { SecretId?: unknown };
      secretRequests.push({ target, secretId: input.SecretId });
      response.setHeader('content-type', 'application/x-amz-json-1.1');
      if (target === 'secretsmanager.DescribeSecret' && input.SecretId === RUNAI_SECRET_ID) {
        response.end(
          JSON.stringify({
            ARN: `arn:aws:secretsmanager:us-east-1:000000000000:secret:${RUNAI_SECRET_ID}-GhIjKl`,
            Name: RUNAI_SECRET_ID,
            LastChangedDate: 1_795_800_000,
            VersionIdsToStages: runaiSecretVersions,
          }),
        );
        return;
      }
      if (target !== 'secretsmanager.GetSecretValue' || input.SecretId !== SECRET_ID) {
        response.statusCode = 400;
        response.end(JSON.stringify({ __type: 'ResourceNotFoundException', message: "Secrets Manager can't find the specified secret." }));
        return;
      }
      response.end(
        JSON.stringify({
          ARN: `arn:aws:secretsmanager:us-east-1:000000000000:secret:${SECRET_ID}-AbCdEf`,
          Name: SECRET_ID,
          VersionId: 'v1',
          SecretString: JSON.stringify({ current: TOKEN }),
          CreatedDate: 1_790_000_000,
        }),
      );
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

function httpApiEvent(options: { method?: string; path: string; query?: string; token?: string; body?: string }) {
  const method = options.method ?? 'POST';
  return {
    version: '2.0',
    routeKey: `${method} ${options.path}`,
    rawPath: options.path,
    rawQueryString: options.query ?? '',
    headers: {
      host: 'abc123.execute-api.us-east-1.amazonaws.com',
      'content-type': 'application/json',
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    requestContext: {
      accountId: '000000000000',
      apiId: 'abc123',
      domainName: 'abc123.execute-api.us-east-1.amazonaws.com',
      domainPrefix: 'abc123',
      http: { method, path: options.path, protocol: 'HTTP/1.1', sourceIp: '10.0.0.1', userAgent: 'Alertmanager/0.28.1' },
      requestId: 'req-1',
      routeKey: `${method} ${options.path}`,
      stage: '$default',
      time: '29/Nov/2026:18:00:00 +0000',
      timeEpoch: 1_795_888_800_000,
    },
    body: options.body ?? null,
    isBase64Encoded: false,
  };
}

const alertmanagerPayload = (workloadIds: string[]) => ({
  version: '4',
  groupKey: '{}:{alertname="RunaiWorkloadFailed"}',
  truncatedAlerts: 0,
  status: 'firing',
  receiver: 'runai-diagnose',
  groupLabels: { alertname: 'RunaiWorkloadFailed' },
  commonLabels: { alertname: 'RunaiWorkloadFailed' },
  commonAnnotations: {},
  externalURL: 'http://alertmanager:9093',
  alerts: workloadIds.map((workload_id) => ({
    status: 'firing',
    labels: { alertname: 'RunaiWorkloadFailed', workload_id },
    annotations: {},
    startsAt: '2026-11-29T17:59:00Z',
    endsAt: '0001-01-01T00:00:00Z',
    generatorURL: 'http://prometheus:9090/graph',
    fingerprint: `fp-${workload_id}`,
  })),
});

beforeAll(async () => {
  synth = synthStack('intake-bundle', { runaiBaseUrl: 'https://myorg.run.ai', allowNoSubscribers: 'true' }, { bundle: true });
  const [intakeId] = Object.entries(synth.template.findResources('AWS::Lambda::Function')).find(
    ([, fn]) => fn.Properties.Environment.Variables.POWERTOOLS_SERVICE_NAME === 'intake',
  )!;
  const s3Key = synth.template.toJSON().Resources[intakeId].Properties.Code.S3Key as string;
  bundleDir = path.join(synth.outdir, `asset.${s3Key.replace(/\.zip$/, '')}`);

  fauxqs = await startFauxqs({ port: 0, logger: false });
  restoreDns = interceptLocalhostDns();
  sqs = new SQSClient({ endpoint: fauxqs.address, region: 'us-east-1', credentials });
  queueUrl = (await sqs.send(new CreateQueueCommand({ QueueName: 'diagnosis-requests' }))).QueueUrl!;
  secretsManager = await startSecretsManager();

  Object.assign(process.env, {
    QUEUE_URL: queueUrl,
    WEBHOOK_TOKEN_SECRET_ID: SECRET_ID,
    RUNAI_SECRET_ID,
    AWS_ENDPOINT_URL_SECRETS_MANAGER: `http://127.0.0.1:${(secretsManager.address() as AddressInfo).port}`,
    AWS_ENDPOINT_URL_SQS: fauxqs.address,
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'test',
    AWS_SECRET_ACCESS_KEY: 'test',
    POWERTOOLS_DEV: 'true', // logs through the global console, which the tests silence; no EMF output
  });
  delete process.env.WEBHOOK_TOKEN;
  delete process.env.WEBHOOK_TOKEN_PREVIOUS;
  for (const method of ['log', 'info', 'warn', 'error'] as const) vi.spyOn(console, method).mockImplementation(() => {});
  handler = ((await import(pathToFileURL(path.join(bundleDir, 'index.mjs')).href)) as { handler: Handler }).handler;
}, SYNTH_TIMEOUT_MS);

afterAll(async () => {
  process.env = { ...savedEnv };
  restoreDns?.();
  vi.restoreAllMocks();
  sqs?.destroy();
  await fauxqs?.stop();
  await new Promise((resolve) => secretsManager?.close(resolve));
});

describe('the synthesized intake bundle', () => {
  it('is one minified ESM file with its source map, the AWS SDK left external and imported on first use (functions/aws/)', () => {
    expect(existsSync(path.join(bundleDir, 'index.mjs.map'))).toBe(true);
    const code = readFileSync(path.join(bundleDir, 'index.mjs'), 'utf8');
    const lines = code.split('\n');
    expect(code.length / lines.length).toBeGreaterThan(2_000); // minified: a few very long lines
    expect(code).toMatch(/import\(\s*"@aws-sdk\/client-sqs"\s*\)/);
    expect(code).toMatch(/import\(\s*"@aws-sdk\/client-secrets-manager"\s*\)/);
    expect(code).not.toMatch(/from\s*"@aws-sdk\//); // no static import: init loads no SDK
    expect(code).not.toContain('SQSServiceException.prototype'); // not bundled
  });

  it('answers 202 to an Alertmanager webhook and enqueues one request per workload, with the token from the secret', async () => {
    const result = await handler(
      httpApiEvent({ path: '/webhooks/alertmanager', query: `clusterId=${CLUSTER}`, token: TOKEN, body: JSON.stringify(alertmanagerPayload(['w-1', 'w-2'])) }),
    );
    expect(result.statusCode).toBe(202);
    expect(JSON.parse(result.body)).toMatchObject({ accepted: [{ workloadId: 'w-1' }, { workloadId: 'w-2' }], skipped: [] });
    const { Messages } = await sqs.send(new ReceiveMessageCommand({ QueueUrl: queueUrl, MaxNumberOfMessages: 10, WaitTimeSeconds: 0 }));
    const queued = (Messages ?? []).map((m) => QueuedDiagnosisSchema.parse(JSON.parse(m.Body!)));
    expect(queued.map((q) => q.request).sort((a, b) => String(a.workloadId).localeCompare(String(b.workloadId)))).toEqual([
      expect.objectContaining({ clusterId: CLUSTER, workloadId: 'w-1' }),
      expect.objectContaining({ clusterId: CLUSTER, workloadId: 'w-2' }),
    ]);
    expect(secretRequests).toEqual([{ target: 'secretsmanager.GetSecretValue', secretId: SECRET_ID }]);
  });

  it('answers 401 to a wrong token and 200 to /healthz, reusing the cached secret', async () => {
    expect(
      (
        await handler(
          httpApiEvent({ path: '/webhooks/runai', token: 'wrong-token-0123456789abcdef', body: JSON.stringify({ clusterId: CLUSTER, workloadId: 'w-3' }) }),
        )
      ).statusCode,
    ).toBe(401);
    expect((await handler(httpApiEvent({ method: 'GET', path: '/healthz' }))).statusCode).toBe(200);
    expect(secretRequests).toHaveLength(1);
  });

  it('answers /readyz with the queue, a fresh read of the webhook secret and the Run:ai secret metadata, and names what is not ready', async () => {
    expect((await handler(httpApiEvent({ method: 'GET', path: '/readyz' }))).statusCode).toBe(401);
    secretRequests.length = 0;

    const ready = await handler(httpApiEvent({ method: 'GET', path: '/readyz', token: TOKEN }));
    expect(ready.statusCode).toBe(200);
    const body = JSON.parse(ready.body) as { status: string; checks: { name: string; status: string; detail?: string }[] };
    expect(body.status).toBe('ready');
    expect(body.checks.map((check) => [check.name, check.status])).toEqual([
      ['queue', 'ok'],
      ['webhookTokenSecret', 'ok'],
      ['runaiSecret', 'ok'],
    ]);
    // fauxqs answered GetQueueAttributes: the messages the first test enqueued are still there.
    expect(body.checks[0]!.detail).toMatch(/^reachable: \d+ waiting, \d+ in flight$/);
    expect(body.checks[2]!.detail).toBe('exists, value last changed 2026-11-27T17:20:00.000Z');
    // The webhook secret was read past the cache, the Run:ai secret only described — its value is never asked for.
    expect(secretRequests.sort((a, b) => String(a.target).localeCompare(String(b.target)))).toEqual([
      { target: 'secretsmanager.DescribeSecret', secretId: RUNAI_SECRET_ID },
      { target: 'secretsmanager.GetSecretValue', secretId: SECRET_ID },
    ]);

    runaiSecretVersions = { v1: ['AWSCURRENT'] };
    const notReady = await handler(httpApiEvent({ method: 'GET', path: '/readyz', token: TOKEN }));
    expect(notReady.statusCode).toBe(503);
    expect(JSON.parse(notReady.body)).toMatchObject({
      status: 'not_ready',
      code: 'NOT_READY',
      retryable: true,
      message: '1 of 3 checks failed: runaiSecret',
      checks: [
        { name: 'queue', status: 'ok' },
        { name: 'webhookTokenSecret', status: 'ok' },
        { name: 'runaiSecret', status: 'failed', code: 'SECRET_NOT_SET' },
      ],
    });
  });
});
