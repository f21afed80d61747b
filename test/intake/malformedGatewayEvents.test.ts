/**
 * #12 item 6: the intake Lambda answers every malformed API Gateway event with the JSON
 * error contract ({ code, message, retryable }) and a 4xx — never plain text, never a 500
 * (Alertmanager resends a 5xx forever).
 */
import { SendMessageBatchCommand, SQSClient } from '@aws-sdk/client-sqs';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CLUSTER, TOKEN } from './intakeTestKit.js';

const sqs = mockClient(SQSClient);

function httpApiEvent(overrides: Record<string, unknown> = {}) {
  return {
    version: '2.0',
    routeKey: '$default',
    rawPath: '/webhooks/alertmanager',
    rawQueryString: `clusterId=${CLUSTER}`,
    headers: { host: 'abc123.execute-api.eu-west-1.amazonaws.com', authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
    requestContext: {
      accountId: '123456789012',
      apiId: 'abc123',
      domainName: 'abc123.execute-api.eu-west-1.amazonaws.com',
      http: { method: 'POST', path: '/webhooks/alertmanager', protocol: 'HTTP/1.1', sourceIp: '10.0.0.1', userAgent: 'Alertmanager/0.28.1' },
      requestId: 'req-1',
      routeKey: '$default',
      stage: '$default',
      timeEpoch: 1_795_888_800_000,
    },
    body: '{"version":"4","status":"firing","alerts":[]}',
    isBase64Encoded: false,
    ...overrides,
  };
}

async function freshHandler() {
  vi.resetModules();
  return (await import('../../functions/intake/lambdaHandler.js')).handler;
}

const MALFORMED: [string, unknown][] = [
  ['no body', httpApiEvent({ body: null })],
  ['an undefined body', httpApiEvent({ body: undefined })],
  ['bad base64', httpApiEvent({ body: '%%% not base64 %%%', isBase64Encoded: true })],
  ['base64 of non-JSON', httpApiEvent({ body: Buffer.from('not json').toString('base64'), isBase64Encoded: true })],
  ['a non-JSON body', httpApiEvent({ body: 'not json at all' })],
  ['a body that is not a string', httpApiEvent({ body: { alerts: [] } })],
  ['an unknown payload version', httpApiEvent({ version: '9.9' })],
  ['no requestContext', httpApiEvent({ requestContext: undefined })],
  ['no http method', httpApiEvent({ requestContext: { requestId: 'r', http: {} } })],
  ['no headers', httpApiEvent({ headers: undefined })],
  ['no path', httpApiEvent({ rawPath: undefined, requestContext: { requestId: 'r', http: { method: 'POST' } } })],
  ['a v1 event without its method', { resource: '/', path: '/webhooks/alertmanager', headers: {}, requestContext: {}, body: '{}' }],
  ['an empty object', {}],
  ['null', null],
  ['a string', 'POST /webhooks/alertmanager'],
];

describe('the intake Lambda and malformed API Gateway events', () => {
  beforeEach(() => {
    sqs.reset();
    sqs.on(SendMessageBatchCommand).resolves({ Successful: [], Failed: [] });
    vi.stubEnv('POWERTOOLS_DEV', 'true');
    vi.stubEnv('QUEUE_URL', 'https://sqs.eu-west-1.amazonaws.com/123456789012/runai-diagnose-requests');
    vi.stubEnv('WEBHOOK_TOKEN', TOKEN);
    for (const method of ['log', 'info', 'warn', 'error'] as const) vi.spyOn(console, method).mockImplementation(() => {});
  });
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
  });

  it.each(MALFORMED)('answers %s with a JSON 4xx error', async (_name, event) => {
    const handler = await freshHandler();
    const result = await handler(event as never);
    expect(result.statusCode).toBeGreaterThanOrEqual(400);
    expect(result.statusCode).toBeLessThan(500);
    expect(String(result.headers?.['content-type'] ?? result.headers?.['Content-Type'])).toMatch(/application\/json/);
    const body = JSON.parse(result.body) as { code: string; message: string; retryable: boolean };
    expect(body).toMatchObject({ code: expect.any(String), message: expect.any(String), retryable: false });
  });
});
