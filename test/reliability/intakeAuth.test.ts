/**
 * Webhook authentication, beyond test/intake/createIntakeApp.test.ts (which covers the
 * basic accept/reject table): a one-byte change at *every* position of both tokens,
 * schemes and places a token must not be read from, authentication before any body or
 * media-type handling on both routes, a full rotation sequence, and — since timing cannot
 * be measured reliably in a test and is not faked here — the *behaviour* that makes the
 * comparison constant-time: every request with a bearer token runs the same fixed number
 * of `crypto.timingSafeEqual` calls on two fixed-length digests, whatever the token's
 * length, content, or which configured token (if any) it matches.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';

const crypto = vi.hoisted(() => ({ calls: [] as { a: number; b: number }[] }));
vi.mock('node:crypto', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:crypto')>();
  const timingSafeEqual = (a: NodeJS.ArrayBufferView, b: NodeJS.ArrayBufferView) => {
    crypto.calls.push({ a: a.byteLength, b: b.byteLength });
    return actual.timingSafeEqual(a, b);
  };
  return { ...actual, default: { ...actual, timingSafeEqual }, timingSafeEqual };
});

const { createIntakeApp } = await import('../../functions/intake/createIntakeApp.js');
const { silentLogger } = await import('../../functions/core/LogPort.js');
const { createMemoryQueue } = await import('../../functions/queue/createMemoryQueue.js');

const CURRENT = 'tok-current-0123456789abcdef';
const PREVIOUS = 'tok-previous-0123456789abcdef';
const CLUSTER = '3f2c6a4e-6a1d-4c1e-9f0e-2b7d8a9c1d2e';
const ROUTES = ['/webhooks/alertmanager', '/webhooks/runai'] as const;

const bodies: Record<(typeof ROUTES)[number], string> = {
  '/webhooks/alertmanager': JSON.stringify({
    version: '4',
    status: 'firing',
    alerts: [{ status: 'firing', labels: { alertname: 'RunaiWorkloadFailed', cluster_id: CLUSTER, workload_id: 'w-1' } }],
  }),
  '/webhooks/runai': JSON.stringify({ clusterId: CLUSTER, workloadId: 'w-1' }),
};

function app(tokens: { current: string; previous?: string }) {
  const queue = createMemoryQueue();
  return { queue, app: createIntakeApp({ queue, tokens, now: () => new Date('2026-11-29T18:00:00Z'), logger: silentLogger }) };
}

async function post(target: ReturnType<typeof app>, route: (typeof ROUTES)[number], headers: Record<string, string>, body: string = bodies[route], query = '') {
  const res = await target.app.request(`${route}${query}`, { method: 'POST', headers, body });
  return { status: res.status, text: await res.text(), headers: res.headers, enqueued: target.queue.drain() };
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' });

afterEach(() => {
  crypto.calls.length = 0;
});

describe('a token differing in one byte is refused, at every position of either token', () => {
  it.each([
    ['current', CURRENT],
    ['previous', PREVIOUS],
  ])('the %s token', async (_name, token) => {
    const target = app({ current: CURRENT, previous: PREVIOUS });
    let tried = 0;
    for (let position = 0; position < token.length; position += 1) {
      for (const replacement of ['x', token[position] === 'A' ? 'B' : 'A', '0']) {
        if (replacement === token[position]) continue;
        const near = token.slice(0, position) + replacement + token.slice(position + 1);
        for (const route of ROUTES) {
          const res = await post(target, route, bearer(near));
          expect(res.status, `${route} accepted ${near}`).toBe(401);
          expect(res.enqueued).toEqual([]);
          tried += 1;
        }
      }
    }
    expect(tried).toBeGreaterThanOrEqual(token.length * 2 * ROUTES.length);
    // Case matters too: a token is a secret, not a name.
    expect((await post(target, '/webhooks/runai', bearer(token.toUpperCase()))).status).toBe(401);
  });
});

describe('constant-time comparison, by behaviour', () => {
  const presented: [string, string][] = [
    ['the current token', CURRENT],
    ['the previous token', PREVIOUS],
    ['a wrong token of the same length', 'x'.repeat(CURRENT.length)],
    ['a token differing in its last byte', `${CURRENT.slice(0, -1)}g`],
    ['a one-character token', 'x'],
    ['a 10 kB token', 'y'.repeat(10_000)],
    ['a Latin-1 token (more UTF-8 bytes than characters)', `${CURRENT.slice(0, -1)}é`],
    ['the current token twice', `${CURRENT}${CURRENT}`],
  ];

  it.each(presented)('%s: exactly two timingSafeEqual calls, each on two 32-byte digests', async (_name, token) => {
    const target = app({ current: CURRENT, previous: PREVIOUS });
    crypto.calls.length = 0;
    await post(target, '/webhooks/runai', bearer(token));
    // Both configured tokens are always compared, so neither the length or content of the
    // presented token nor which configured token it matches changes the work done.
    expect(crypto.calls).toEqual([
      { a: 32, b: 32 },
      { a: 32, b: 32 },
    ]);
  });

  it('with no previous token configured: one comparison, whatever is presented', async () => {
    const target = app({ current: CURRENT });
    for (const token of [CURRENT, PREVIOUS, 'z', 'z'.repeat(5_000)]) {
      crypto.calls.length = 0;
      await post(target, '/webhooks/alertmanager', bearer(token));
      expect(crypto.calls).toEqual([{ a: 32, b: 32 }]);
    }
  });

  it('no comparison at all without a bearer token (nothing secret to compare)', async () => {
    const target = app({ current: CURRENT, previous: PREVIOUS });
    crypto.calls.length = 0;
    expect((await post(target, '/webhooks/runai', { 'content-type': 'application/json' })).status).toBe(401);
    expect(crypto.calls).toEqual([]);
  });
});

describe('where a token is read from, and where it is not', () => {
  const refused: [string, Record<string, string>, string][] = [
    ['the token in the query string', { 'content-type': 'application/json' }, `?access_token=${CURRENT}`],
    ['the token in X-Api-Key', { 'content-type': 'application/json', 'x-api-key': CURRENT }, ''],
    ['the token in a cookie', { 'content-type': 'application/json', cookie: `token=${CURRENT}` }, ''],
    ['scheme "Token"', { authorization: `Token ${CURRENT}`, 'content-type': 'application/json' }, ''],
    ['scheme "Bearer:"', { authorization: `Bearer: ${CURRENT}`, 'content-type': 'application/json' }, ''],
    ['no space after the scheme', { authorization: `Bearer${CURRENT}`, 'content-type': 'application/json' }, ''],
    ['a tab after the scheme', { authorization: `Bearer\t${CURRENT}`, 'content-type': 'application/json' }, ''],
    ['Basic with the token as user', { authorization: `Basic ${Buffer.from(`${CURRENT}:`).toString('base64')}`, 'content-type': 'application/json' }, ''],
    [
      'Basic with the token as password',
      { authorization: `Basic ${Buffer.from(`alertmanager:${CURRENT}`).toString('base64')}`, 'content-type': 'application/json' },
      '',
    ],
    ['two credentials in one header', { authorization: `Bearer ${PREVIOUS}, Bearer ${CURRENT}`, 'content-type': 'application/json' }, ''],
    ['the token quoted', { authorization: `Bearer "${CURRENT}"`, 'content-type': 'application/json' }, ''],
  ];

  it.each(refused)('%s → 401 on both routes, nothing enqueued, the token never echoed', async (_name, headers, query) => {
    const target = app({ current: CURRENT, previous: PREVIOUS });
    for (const route of ROUTES) {
      const res = await post(target, route, headers, bodies[route], query);
      expect(res.status).toBe(401);
      expect(res.enqueued).toEqual([]);
      expect(JSON.parse(res.text)).toMatchObject({ code: 'UNAUTHORIZED', retryable: false });
      expect(res.text).not.toContain(CURRENT);
      expect([...res.headers.values()].join('\n')).not.toContain(CURRENT);
    }
  });

  it('configured tokens are trimmed: a secret stored with a trailing newline still matches', async () => {
    const target = app({ current: `${CURRENT}\n`, previous: `  ${PREVIOUS}  ` });
    expect((await post(target, '/webhooks/runai', bearer(CURRENT))).status).toBe(202);
    expect((await post(target, '/webhooks/runai', bearer(PREVIOUS))).status).toBe(202);
  });
});

describe('authentication comes before any body or media-type handling, on both routes', () => {
  const bad: [string, Record<string, string>][] = [
    ['no token', {}],
    ['a wrong token', { authorization: 'Bearer wrong' }],
  ];
  const bodiesThatWouldFail: [string, string, string | undefined, number][] = [
    ['a text/plain body', 'hello', 'text/plain', 415],
    ['invalid JSON', '{"version":', 'application/json', 400],
    ['an empty body', '', 'application/json', 400],
    ['a body over the limit', 'x'.repeat(2 * 1024 * 1024), 'application/json', 413],
  ];

  for (const route of ROUTES) {
    for (const [credential, auth] of bad) {
      it.each(bodiesThatWouldFail)(`${route}, ${credential}, %s → 401 (not %s)`, async (_name, body, type, _unauthenticatedStatus) => {
        const target = app({ current: CURRENT });
        const headers: Record<string, string> = { ...auth };
        if (type) headers['content-type'] = type;
        expect((await post(target, route, headers, body)).status).toBe(401);
        // With the right token the same body gets its own, specific answer.
        const authenticated = await post(target, route, { ...headers, authorization: `Bearer ${CURRENT}` }, body);
        expect(authenticated.status).toBe(_unauthenticatedStatus);
      });
    }
  }
});

describe('token rotation, step by step', () => {
  it('A only → A and B → B only: each step accepts exactly the configured tokens, on both routes', async () => {
    const A = 'rotation-token-A-0123456789';
    const B = 'rotation-token-B-9876543210';
    const steps: [string, { current: string; previous?: string }, Record<string, number>][] = [
      ['before', { current: A }, { [A]: 202, [B]: 401 }],
      ['rotating (Alertmanager still sends A)', { current: B, previous: A }, { [A]: 202, [B]: 202 }],
      ['after', { current: B }, { [A]: 401, [B]: 202 }],
    ];
    for (const [step, tokens, expected] of steps) {
      const target = app(tokens);
      for (const route of ROUTES) {
        for (const [token, status] of Object.entries(expected)) {
          const res = await post(target, route, bearer(token));
          expect(res.status, `${step}: ${route} with ${token}`).toBe(status);
          expect(res.enqueued.length, `${step}: ${route} with ${token}`).toBe(status === 202 ? 1 : 0);
        }
      }
    }
  });

  it('an empty or blank previous token is ignored, never an open door', async () => {
    for (const previous of ['', ' ', '\n']) {
      const target = app({ current: CURRENT, previous });
      expect((await post(target, '/webhooks/runai', { authorization: 'Bearer ', 'content-type': 'application/json' })).status).toBe(401);
      expect((await post(target, '/webhooks/runai', { authorization: 'Bearer  ', 'content-type': 'application/json' })).status).toBe(401);
      crypto.calls.length = 0;
      expect((await post(target, '/webhooks/runai', bearer(CURRENT))).status).toBe(202);
      expect(crypto.calls).toHaveLength(1);
    }
  });
});
