import { describe, expect, it, vi } from 'vitest';
import { IntakeError } from '../../functions/intake/IntakeError.js';
import { QueueError } from '../../functions/queue/QueueError.js';
import { alert, capturedPayload, CLUSTER, jsonHeaders, makeApp, payload, postJson, PREVIOUS_TOKEN, TOKEN } from './intakeTestKit.js';

const firing = () => payload([alert({ cluster_id: CLUSTER, workload_name: 'train', project: 'ml' })]);

describe('POST /webhooks/alertmanager', () => {
  it('answers 202 for the captured real payload, with the skip reason and nothing enqueued', async () => {
    const { app, queue } = makeApp();
    const res = await postJson(app, '/webhooks/alertmanager', capturedPayload());
    expect(res.status).toBe(202);
    const body = (await res.json()) as { accepted: unknown[]; skipped: Array<{ reason: string }> };
    expect(body.accepted).toEqual([]);
    expect(body.skipped[0]!.reason).toMatch(/^no workload identifier: expected label workload_id or workload_name\+project\/namespace/);
    expect(queue.batches).toEqual([]);
  });

  it('enqueues firing workload alerts and lists them as accepted', async () => {
    const { app, queue } = makeApp();
    const res = await postJson(app, '/webhooks/alertmanager', firing());
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({
      accepted: [{ dedupeKey: `${CLUSTER}:name:ml/train`, clusterId: CLUSTER, workloadName: 'train', project: 'ml', intent: 'terminal' }],
      acceptedCount: 1,
      skipped: [],
      skippedCount: 0,
      skippedByReason: {},
    });
    expect(queue.batches).toHaveLength(1);
    expect(queue.batches[0]![0]!.request.workloadName).toBe('train');
  });

  it('uses ?clusterId= from the receiver URL', async () => {
    const { app, queue } = makeApp();
    const res = await postJson(app, `/webhooks/alertmanager?clusterId=${CLUSTER}`, payload([alert({ workload_id: 'w1' })]));
    expect(res.status).toBe(202);
    expect(queue.batches[0]![0]!.request.clusterId).toBe(CLUSTER);
  });

  it('answers 400 with the reason for version "3", and enqueues nothing', async () => {
    const { app, queue } = makeApp();
    const res = await postJson(app, '/webhooks/alertmanager', payload([], { version: '3' }));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      code: 'BAD_REQUEST',
      message: 'invalid Alertmanager payload: version: unsupported Alertmanager webhook version ("3"): this endpoint accepts version "4" payloads',
      retryable: false,
    });
    expect(queue.batches).toEqual([]);
  });

  it('answers 503 with Retry-After when enqueueing fails, and reports nothing as accepted', async () => {
    const { app, queue } = makeApp();
    queue.fail = new QueueError('SQS down', { retryable: true, failedCount: 1, totalCount: 1 });
    const res = await postJson(app, '/webhooks/alertmanager', firing());
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('10');
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toEqual({ code: 'QUEUE_UNAVAILABLE', message: 'could not enqueue the diagnosis requests; resend later', retryable: true });
    expect(body).not.toHaveProperty('accepted');
  });

  it('answers 503 too when the queue throws something that is not a QueueError', async () => {
    const { app, queue } = makeApp();
    queue.fail = new TypeError('socket hang up');
    const res = await postJson(app, '/webhooks/alertmanager', firing());
    expect(res.status).toBe(503);
  });

  it('does not touch the queue when every alert is skipped', async () => {
    const { app, queue } = makeApp();
    queue.fail = new QueueError('SQS down', { retryable: true, failedCount: 1, totalCount: 1 });
    const res = await postJson(app, '/webhooks/alertmanager', payload([alert({ workload_id: 'w' }, { status: 'resolved' })]));
    expect(res.status).toBe(202);
  });
});

describe('POST /webhooks/runai', () => {
  it('enqueues one request', async () => {
    const { app, queue } = makeApp();
    const res = await postJson(app, '/webhooks/runai', { clusterId: CLUSTER, workloadId: 'wl-9', intent: 'active' });
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({
      accepted: [{ dedupeKey: `${CLUSTER}:id:wl-9`, clusterId: CLUSTER, workloadId: 'wl-9', intent: 'active' }],
      acceptedCount: 1,
      skipped: [],
      skippedCount: 0,
      skippedByReason: {},
    });
    expect(queue.batches[0]).toHaveLength(1);
  });

  it('answers 400 with a field: problem message', async () => {
    const { app } = makeApp();
    const res = await postJson(app, '/webhooks/runai', { workloadId: 'w' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe('invalid Run:ai webhook: clusterId: Invalid input: expected string, received undefined');
  });
});

describe('authentication', () => {
  const cases: Array<[string, Record<string, string>, number, string | null]> = [
    ['no Authorization header', { 'content-type': 'application/json' }, 401, 'Bearer realm="runai-diagnose"'],
    ['an empty Authorization header', { authorization: '', 'content-type': 'application/json' }, 401, 'Bearer realm="runai-diagnose"'],
    ['Bearer with no token', { authorization: 'Bearer ', 'content-type': 'application/json' }, 401, 'Bearer realm="runai-diagnose", error="invalid_token"'],
    [
      'the Basic scheme',
      { authorization: `Basic ${Buffer.from(`x:${TOKEN}`).toString('base64')}`, 'content-type': 'application/json' },
      401,
      'Bearer realm="runai-diagnose", error="invalid_token"',
    ],
    ['the token without a scheme', { authorization: TOKEN, 'content-type': 'application/json' }, 401, 'Bearer realm="runai-diagnose", error="invalid_token"'],
    ['a wrong token', jsonHeaders('nope'), 401, 'Bearer realm="runai-diagnose", error="invalid_token"'],
    ['a token differing in its last byte', jsonHeaders(`${TOKEN.slice(0, -1)}g`), 401, 'Bearer realm="runai-diagnose", error="invalid_token"'],
    ['a token differing in its first byte', jsonHeaders(`X${TOKEN.slice(1)}`), 401, 'Bearer realm="runai-diagnose", error="invalid_token"'],
    ['a prefix of the token', jsonHeaders(TOKEN.slice(0, -1)), 401, 'Bearer realm="runai-diagnose", error="invalid_token"'],
    ['the token plus one byte', jsonHeaders(`${TOKEN}x`), 401, 'Bearer realm="runai-diagnose", error="invalid_token"'],
    [
      'two tokens',
      { authorization: `Bearer ${TOKEN} ${TOKEN}`, 'content-type': 'application/json' },
      401,
      'Bearer realm="runai-diagnose", error="invalid_token"',
    ],
    ['the current token', jsonHeaders(TOKEN), 202, null],
    ['the previous token (rotation)', jsonHeaders(PREVIOUS_TOKEN), 202, null],
    ['a lowercase "bearer" scheme', { authorization: `bearer ${TOKEN}`, 'content-type': 'application/json' }, 202, null],
    ['an uppercase "BEARER" scheme and extra spaces', { authorization: `BEARER   ${TOKEN} `, 'content-type': 'application/json' }, 202, null],
  ];

  it.each(cases)('%s → %i', async (_name, headers, status, challenge) => {
    const { app, queue } = makeApp();
    const res = await postJson(app, '/webhooks/alertmanager', firing(), headers);
    expect(res.status).toBe(status);
    expect(res.headers.get('www-authenticate')).toBe(challenge);
    if (status === 401) {
      expect(await res.json()).toMatchObject({ code: 'UNAUTHORIZED', retryable: false });
      expect(queue.batches).toEqual([]);
    }
  });

  it('protects /webhooks/runai as well', async () => {
    const { app } = makeApp();
    const res = await postJson(app, '/webhooks/runai', { clusterId: CLUSTER, workloadId: 'w' }, { 'content-type': 'application/json' });
    expect(res.status).toBe(401);
  });

  it('rejects the previous token once it is no longer configured', async () => {
    const { app } = makeApp({ tokens: { current: TOKEN } });
    const res = await postJson(app, '/webhooks/alertmanager', firing(), jsonHeaders(PREVIOUS_TOKEN));
    expect(res.status).toBe(401);
  });

  it('refuses to start with an empty token', () => {
    expect(() => makeApp({ tokens: { current: ' ' } })).toThrow('webhook token must not be empty');
  });

  it('answers 401 before reading an oversized body', async () => {
    const { app } = makeApp({ bodyLimitBytes: 10 });
    const res = await postJson(app, '/webhooks/alertmanager', firing(), { 'content-type': 'application/json' });
    expect(res.status).toBe(401);
  });
});

describe('bad bodies', () => {
  it('answers 413 over the body limit (streamed body, no Content-Length)', async () => {
    const { app, queue } = makeApp({ bodyLimitBytes: 1_024 });
    const big = payload([alert({ cluster_id: CLUSTER, workload_id: 'w', pad: 'x'.repeat(2_000) })]);
    const res = await postJson(app, '/webhooks/alertmanager', big);
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: 'request body is larger than 1024 bytes', retryable: false });
    expect(queue.batches).toEqual([]);
  });

  it('answers 413 from Content-Length alone', async () => {
    const { app } = makeApp({ bodyLimitBytes: 1_024 });
    const body = JSON.stringify(payload([alert({ pad: 'x'.repeat(2_000) })]));
    const res = await app.request('/webhooks/alertmanager', {
      method: 'POST',
      headers: { ...jsonHeaders(), 'content-length': String(Buffer.byteLength(body)) },
      body,
    });
    expect(res.status).toBe(413);
  });

  it('answers 413 when Content-Length understates the body', async () => {
    const { app } = makeApp({ bodyLimitBytes: 1_024 });
    const body = JSON.stringify(payload([alert({ pad: 'x'.repeat(2_000) })]));
    const res = await app.request('/webhooks/alertmanager', { method: 'POST', headers: { ...jsonHeaders(), 'content-length': '10' }, body });
    expect(res.status).toBe(413);
  });

  it('accepts a body just under the limit', async () => {
    const body = JSON.stringify(firing());
    const { app } = makeApp({ bodyLimitBytes: Buffer.byteLength(body) });
    expect((await postJson(app, '/webhooks/alertmanager', body)).status).toBe(202);
  });

  it('defaults the body limit to 1 MiB', async () => {
    const { app } = makeApp();
    const body = JSON.stringify(payload([alert({ cluster_id: CLUSTER, workload_id: 'w', pad: 'x'.repeat(1024 * 1024) })]));
    expect((await postJson(app, '/webhooks/alertmanager', body)).status).toBe(413);
  });

  it.each([
    ['{"version":"4",', 'request body is not valid JSON: '],
    ['', 'request body is empty: expected a JSON object'],
    ['undefined', 'request body is not valid JSON: '],
  ])('answers 400 for the body %j', async (body, message) => {
    const { app } = makeApp();
    const res = await postJson(app, '/webhooks/alertmanager', body);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toContain(message);
  });

  it('answers 400 for a body that is not UTF-8', async () => {
    const { app } = makeApp();
    const res = await app.request('/webhooks/runai', { method: 'POST', headers: jsonHeaders(), body: new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]) });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe('request body is not valid UTF-8');
  });

  it('accepts a leading byte-order mark', async () => {
    const { app } = makeApp();
    expect((await postJson(app, '/webhooks/alertmanager', `\uFEFF${JSON.stringify(firing())}`)).status).toBe(202);
  });

  it.each([
    ['text/plain', 'expected Content-Type application/json, got Content-Type "text/plain"'],
    ['application/x-www-form-urlencoded', 'expected Content-Type application/json, got Content-Type "application/x-www-form-urlencoded"'],
    [undefined, 'expected Content-Type application/json, got no Content-Type'],
  ])('answers 415 for Content-Type %s', async (contentType, message) => {
    const { app } = makeApp();
    const headers: Record<string, string> = { authorization: `Bearer ${TOKEN}` };
    if (contentType) headers['content-type'] = contentType;
    const res = await app.request('/webhooks/alertmanager', {
      method: 'POST',
      headers,
      body: new TextEncoder().encode(JSON.stringify(firing())),
    });
    expect(res.status).toBe(415);
    expect(await res.json()).toEqual({ code: 'UNSUPPORTED_MEDIA_TYPE', message, retryable: false });
  });

  it.each(['application/json; charset=utf-8', 'APPLICATION/JSON', 'application/vnd.alertmanager+json'])('accepts Content-Type %s', async (contentType) => {
    const { app } = makeApp();
    const res = await postJson(app, '/webhooks/alertmanager', firing(), { authorization: `Bearer ${TOKEN}`, 'content-type': contentType });
    expect(res.status).toBe(202);
  });
});

describe('routes', () => {
  it('GET /healthz needs no auth', async () => {
    const { app } = makeApp();
    const res = await app.request('/healthz');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it('GET /readyz needs the bearer token and checks nothing for an anonymous caller', async () => {
    let probed = 0;
    const { app } = makeApp({ readiness: { probes: [{ name: 'secret', check: async () => `probed ${++probed}` }] } });
    const res = await app.request('/readyz');
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe('Bearer realm="runai-diagnose"');
    expect(probed).toBe(0);
  });

  it('GET /readyz: 200 with the queue and the entry point’s probes when all answer, never cached', async () => {
    const { app, queue } = makeApp({ readiness: { probes: [{ name: 'secret', check: async () => 'exists' }], clock: () => 5 } });
    queue.batches.push([]);
    const res = await app.request('/readyz', { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({
      status: 'ready',
      checks: [
        { name: 'queue', status: 'ok', durationMs: 0, detail: 'reachable: 0 waiting, 0 in flight' },
        { name: 'secret', status: 'ok', durationMs: 0, detail: 'exists' },
      ],
    });
    // The previous token (a rotation in progress) is accepted too, and HEAD answers like GET.
    expect((await app.request('/readyz', { method: 'HEAD', headers: { authorization: `Bearer ${PREVIOUS_TOKEN}` } })).status).toBe(200);
  });

  it('GET /readyz: 503 naming every failed check, in the error contract too, and logged', async () => {
    const logger = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
    const { app, queue } = makeApp({
      logger,
      readiness: { probes: [{ name: 'runaiSecret', check: () => Promise.reject(Object.assign(new Error('gone'), { name: 'ResourceNotFoundException' })) }] },
    });
    queue.fail = new Error('SQS is down');
    const res = await app.request('/readyz', { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({
      status: 'not_ready',
      code: 'NOT_READY',
      message: '2 of 2 checks failed: queue, runaiSecret',
      retryable: true,
      checks: [
        { name: 'queue', status: 'failed', durationMs: expect.any(Number), code: 'QUEUE_UNREACHABLE', message: 'SQS is down' },
        { name: 'runaiSecret', status: 'failed', durationMs: expect.any(Number), code: 'ResourceNotFoundException', message: 'gone' },
      ],
    });
    expect(logger.warn).toHaveBeenCalledWith('intake.not_ready', {
      failed: [
        { name: 'queue', code: 'QUEUE_UNREACHABLE' },
        { name: 'runaiSecret', code: 'ResourceNotFoundException' },
      ],
    });
  });

  it('answers 404 JSON for unknown routes', async () => {
    const { app } = makeApp();
    const res = await app.request('/webhooks/other', { method: 'POST' });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ code: 'NOT_FOUND', message: 'no such route', retryable: false });
  });

  it.each([
    ['GET', '/webhooks/alertmanager', 'POST'],
    ['PUT', '/webhooks/runai', 'POST'],
    ['POST', '/healthz', 'GET, HEAD'],
    ['POST', '/readyz', 'GET, HEAD'],
  ])('answers 405 JSON with Allow for %s %s', async (method, path, allow) => {
    const { app } = makeApp();
    const res = await app.request(path, { method });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe(allow);
    expect(await res.json()).toMatchObject({ code: 'METHOD_NOT_ALLOWED' });
  });

  it('answers 500 JSON without a stack for an unexpected error, and logs it', async () => {
    const logger = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
    const { app } = makeApp({
      logger,
      now: () => {
        throw new Error('clock exploded at /secret/path.ts:12');
      },
    });
    const res = await postJson(app, '/webhooks/runai', { clusterId: CLUSTER, workloadId: 'w' });
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({ code: 'INTERNAL', message: 'internal error', retryable: true });
    expect(text).not.toContain('exploded');
    expect(logger.error).toHaveBeenCalledWith('unexpected error', expect.objectContaining({ path: '/webhooks/runai' }));
  });

  it('keeps IntakeError statuses in one table', () => {
    expect(
      (['BAD_REQUEST', 'UNAUTHORIZED', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE', 'QUEUE_UNAVAILABLE', 'INTERNAL'] as const).map((code) => {
        const error = new IntakeError(code, 'm');
        return [code, error.status, error.retryable];
      }),
    ).toEqual([
      ['BAD_REQUEST', 400, false],
      ['UNAUTHORIZED', 401, false],
      ['PAYLOAD_TOO_LARGE', 413, false],
      ['UNSUPPORTED_MEDIA_TYPE', 415, false],
      ['QUEUE_UNAVAILABLE', 503, true],
      ['INTERNAL', 500, true],
    ]);
  });
});
