import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MockAgent } from 'undici';
import { RunaiError } from '../../functions/diagnosis/ports/RunaiError.js';
import { tokenCacheMs, jwtExpiry } from '../../functions/runai/createTokenSource.js';
import { CLIENT_ID, ORIGIN, SECRET, WORKLOAD_ID, caught, everythingAbout, fakeJwt, interceptToken, makeClient, mockAgent, workload } from './helpers.js';

let agent: MockAgent;
beforeEach(() => {
  agent = mockAgent();
});
afterEach(async () => {
  await agent.close();
});

function interceptWorkload(times = 1, expectToken?: string) {
  agent
    .get(ORIGIN)
    .intercept({
      path: `/api/v1/workloads/${WORKLOAD_ID}`,
      method: 'GET',
      ...(expectToken ? { headers: { authorization: `Bearer ${expectToken}` } } : {}),
    })
    .reply(200, workload)
    .times(times);
}

/** A token endpoint that issues `token-1`, `token-2`, … (one per request), valid for `expiresIn` seconds. */
function interceptNumberedTokens(expiresIn: number) {
  let issued = 0;
  agent
    .get(ORIGIN)
    .intercept({ path: '/api/v1/token', method: 'POST' })
    .reply(() => {
      issued += 1;
      return { statusCode: 200, data: { accessToken: `token-${issued}`, expiresIn } };
    })
    .persist();
}

describe('token request body', () => {
  it('sends client_credentials with clientID/clientSecret', async () => {
    const bodies = interceptToken(agent);
    interceptWorkload();
    const client = makeClient(agent);
    await client.getWorkload(WORKLOAD_ID);
    expect(bodies.map((b) => JSON.parse(b))).toEqual([{ grantType: 'client_credentials', clientID: CLIENT_ID, clientSecret: SECRET }]);
  });

  it('sends app_token with AppId/AppSecret', async () => {
    const bodies = interceptToken(agent);
    interceptWorkload();
    const client = makeClient(agent, { credentials: { grantType: 'app_token', appId: 'my-app', appSecret: SECRET } });
    await client.getWorkload(WORKLOAD_ID);
    expect(bodies.map((b) => JSON.parse(b))).toEqual([{ grantType: 'app_token', AppId: 'my-app', AppSecret: SECRET }]);
  });

  it('posts JSON to the token path under a base path prefix, and uses the token as bearer', async () => {
    let contentType: string | undefined;
    agent
      .get(ORIGIN)
      .intercept({ path: '/runai/api/v1/token', method: 'POST' })
      .reply((opts) => {
        contentType = (opts.headers as Record<string, string>)['content-type'];
        return { statusCode: 200, data: { accessToken: 'prefixed-token', expiresIn: 3600 } };
      });
    agent
      .get(ORIGIN)
      .intercept({ path: `/runai/api/v1/workloads/${WORKLOAD_ID}`, headers: { authorization: 'Bearer prefixed-token' } })
      .reply(200, workload);
    const client = makeClient(agent, { baseUrl: `${ORIGIN}/runai/` });
    await expect(client.getWorkload(WORKLOAD_ID)).resolves.toMatchObject({ id: WORKLOAD_ID });
    expect(contentType).toBe('application/json');
  });
});

describe('token caching', () => {
  it('reuses the token until expiresIn − 60 s, then fetches a new one', async () => {
    let clock = 1_000_000;
    interceptNumberedTokens(600);
    interceptWorkload(2, 'token-1');
    interceptWorkload(1, 'token-2');
    const client = makeClient(agent, { now: () => clock });

    await client.getWorkload(WORKLOAD_ID);
    clock += 539_000; // 9 min − 1 s: still inside expiresIn − 60 s
    await client.getWorkload(WORKLOAD_ID);
    expect(client.stats.tokenRequests).toBe(1);
    clock += 2_000; // past expiresIn − 60 s
    await client.getWorkload(WORKLOAD_ID);
    expect(client.stats.tokenRequests).toBe(2);
    expect(client.stats.requests).toBe(3);
  });

  it('uses the JWT exp claim when expiresIn is absent', () => {
    const now = 1_700_000_000_000;
    const token = fakeJwt({ exp: now / 1000 + 3600 });
    expect(jwtExpiry(token)).toBe(now / 1000 + 3600);
    expect(tokenCacheMs({ accessToken: token }, now)).toBe(3_540_000);
  });

  it('caches an opaque token without expiresIn for 5 minutes', () => {
    expect(tokenCacheMs({ accessToken: 'opaque' }, 0)).toBe(240_000);
    expect(jwtExpiry('opaque')).toBeUndefined();
    expect(jwtExpiry('a.not-base64-json.c')).toBeUndefined();
  });

  it('prefers expiresIn, and gives short-lived tokens half their life', () => {
    expect(tokenCacheMs({ accessToken: fakeJwt({ exp: 10 }), expiresIn: 3600 }, 0)).toBe(3_540_000);
    expect(tokenCacheMs({ accessToken: 'x', expiresIn: 60 }, 0)).toBe(30_000);
  });

  it('refreshes a JWT-only token when its exp approaches', async () => {
    let clock = 1_700_000_000_000;
    let issued = 0;
    agent
      .get(ORIGIN)
      .intercept({ path: '/api/v1/token', method: 'POST' })
      .reply(() => {
        issued += 1;
        return { statusCode: 200, data: { accessToken: fakeJwt({ exp: clock / 1000 + 600, n: issued }) } };
      })
      .persist();
    agent
      .get(ORIGIN)
      .intercept({ path: `/api/v1/workloads/${WORKLOAD_ID}` })
      .reply(200, workload)
      .persist();
    const client = makeClient(agent, { now: () => clock });
    await client.getWorkload(WORKLOAD_ID);
    clock += 500_000;
    await client.getWorkload(WORKLOAD_ID);
    expect(client.stats.tokenRequests).toBe(1);
    clock += 50_000; // 550 s > 600 − 60
    await client.getWorkload(WORKLOAD_ID);
    expect(client.stats.tokenRequests).toBe(2);
  });

  it('shares one in-flight token request among concurrent callers', async () => {
    agent.get(ORIGIN).intercept({ path: '/api/v1/token', method: 'POST' }).reply(200, { accessToken: 'shared', expiresIn: 3600 }).delay(30);
    agent
      .get(ORIGIN)
      .intercept({ path: `/api/v1/workloads/${WORKLOAD_ID}`, headers: { authorization: 'Bearer shared' } })
      .reply(200, workload)
      .times(10);
    const client = makeClient(agent);
    const results = await Promise.all(Array.from({ length: 10 }, () => client.getWorkload(WORKLOAD_ID)));
    expect(results).toHaveLength(10);
    expect(client.stats.tokenRequests).toBe(1);
    expect(client.stats.requests).toBe(10);
  });

  it('does not cache a failed token request', async () => {
    agent.get(ORIGIN).intercept({ path: '/api/v1/token', method: 'POST' }).reply(400, { code: 400, message: 'bad' });
    interceptToken(agent, 'second-try');
    interceptWorkload(1, 'second-try');
    const client = makeClient(agent);
    await expect(client.getWorkload(WORKLOAD_ID)).rejects.toMatchObject({ code: 'RUNAI_AUTH_FAILED' });
    await expect(client.getWorkload(WORKLOAD_ID)).resolves.toMatchObject({ id: WORKLOAD_ID });
  });
});

describe('401 from the API', () => {
  it('refreshes the token once and retries the call', async () => {
    interceptNumberedTokens(3600);
    agent
      .get(ORIGIN)
      .intercept({ path: `/api/v1/workloads/${WORKLOAD_ID}`, headers: { authorization: 'Bearer token-1' } })
      .reply(401, { code: 401, message: 'token revoked' });
    interceptWorkload(1, 'token-2');
    const client = makeClient(agent);
    await expect(client.getWorkload(WORKLOAD_ID)).resolves.toMatchObject({ id: WORKLOAD_ID });
    expect(client.stats).toEqual({ requests: 2, tokenRequests: 2 });
  });

  it('fails with RUNAI_AUTH_FAILED when the refreshed token is refused too', async () => {
    interceptToken(agent);
    agent
      .get(ORIGIN)
      .intercept({ path: `/api/v1/workloads/${WORKLOAD_ID}` })
      .reply(401, { code: 401, message: 'Issuer is not familiar.' })
      .times(2);
    const client = makeClient(agent);
    const error = await caught(client.getWorkload(WORKLOAD_ID));
    expect(error).toBeInstanceOf(RunaiError);
    expect(error).toMatchObject({ code: 'RUNAI_AUTH_FAILED', status: 401, retryable: false, endpoint: 'GET /api/v1/workloads/{id}' });
    expect((error as Error).message).toContain('Issuer is not familiar.');
    expect(client.stats).toEqual({ requests: 2, tokenRequests: 2 });
  });

  it('concurrent 401s on the same token trigger a single refresh', async () => {
    interceptNumberedTokens(3600);
    const client = makeClient(agent);
    agent
      .get(ORIGIN)
      .intercept({ path: `/api/v1/workloads/${WORKLOAD_ID}`, headers: { authorization: 'Bearer token-1' } })
      .reply(401, {})
      .times(5);
    interceptWorkload(5, 'token-2');
    await Promise.all(Array.from({ length: 5 }, () => client.getWorkload(WORKLOAD_ID)));
    expect(client.stats.tokenRequests).toBe(2);
  });
});

describe('token endpoint failures', () => {
  const secretLeaks = (error: unknown) => everythingAbout(error).includes(SECRET);

  it.each([400, 401, 403])('HTTP %i → RUNAI_AUTH_FAILED, not retried, secret absent', async (status) => {
    agent
      .get(ORIGIN)
      .intercept({ path: '/api/v1/token', method: 'POST' })
      .reply(status, { code: status, message: `invalid client secret ${SECRET}` });
    const client = makeClient(agent);
    const error = await caught(client.getWorkload(WORKLOAD_ID));
    expect(error).toMatchObject({ code: 'RUNAI_AUTH_FAILED', status, retryable: false, endpoint: 'POST /api/v1/token' });
    expect((error as Error).message).toContain('[REDACTED]');
    expect(secretLeaks(error)).toBe(false);
    expect(client.stats).toEqual({ requests: 0, tokenRequests: 1 });
  });

  it('HTTP 500 is retried, then RUNAI_AUTH_FAILED flagged retryable, secret absent', async () => {
    agent
      .get(ORIGIN)
      .intercept({ path: '/api/v1/token', method: 'POST' })
      .reply(500, { code: 500, message: `boom while checking ${SECRET}` })
      .times(3);
    const client = makeClient(agent);
    const error = await caught(client.getWorkload(WORKLOAD_ID));
    expect(error).toMatchObject({ code: 'RUNAI_AUTH_FAILED', status: 500, retryable: true });
    expect(secretLeaks(error)).toBe(false);
    expect(client.stats.tokenRequests).toBe(3);
  });

  it('a transient 503 on the token endpoint is retried to success', async () => {
    agent.get(ORIGIN).intercept({ path: '/api/v1/token', method: 'POST' }).reply(503, 'upstream down');
    interceptToken(agent);
    interceptWorkload();
    const client = makeClient(agent);
    await expect(client.getWorkload(WORKLOAD_ID)).resolves.toMatchObject({ id: WORKLOAD_ID });
    expect(client.stats.tokenRequests).toBe(2);
  });

  it('a 200 that is not a token → RUNAI_AUTH_FAILED without dumping the body', async () => {
    agent.get(ORIGIN).intercept({ path: '/api/v1/token', method: 'POST' }).reply(200, { token: 'wrong-field-name-xyz' });
    const client = makeClient(agent);
    const error = await caught(client.getWorkload(WORKLOAD_ID));
    expect(error).toMatchObject({ code: 'RUNAI_AUTH_FAILED' });
    expect((error as Error).message).toContain('accessToken');
    expect(everythingAbout(error)).not.toContain('wrong-field-name-xyz');
  });

  it('a network error on the token endpoint → RUNAI_NETWORK after retries, secret absent', async () => {
    const reset = Object.assign(new Error(`socket hang up (${SECRET})`), { code: 'ECONNRESET' });
    agent.get(ORIGIN).intercept({ path: '/api/v1/token', method: 'POST' }).replyWithError(reset).times(3);
    const client = makeClient(agent);
    const error = await caught(client.getWorkload(WORKLOAD_ID));
    expect(error).toMatchObject({ code: 'RUNAI_NETWORK', retryable: true, endpoint: 'POST /api/v1/token' });
    expect(secretLeaks(error)).toBe(false);
    expect(client.stats.tokenRequests).toBe(3);
  });

  it('the access token never appears in an API error either', async () => {
    interceptToken(agent, 'bearer-value-123456');
    agent
      .get(ORIGIN)
      .intercept({ path: `/api/v1/workloads/${WORKLOAD_ID}` })
      .reply(403, { code: 403, message: 'token bearer-value-123456 lacks a rule' });
    const client = makeClient(agent);
    const error = await caught(client.getWorkload(WORKLOAD_ID));
    expect(error).toMatchObject({ code: 'RUNAI_FORBIDDEN' });
    expect(everythingAbout(error)).not.toContain('bearer-value-123456');
  });
});
