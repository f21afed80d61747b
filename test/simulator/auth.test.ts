import { describe, expect, it } from 'vitest';
import { TokenResponseSchema } from '../../functions/runai/TokenResponseSchema.js';
import { TRAIN } from './sampleScenario.js';
import { useRunaiSimulator } from './useRunaiSimulator.js';

const start = useRunaiSimulator();

describe('POST /api/v1/token', () => {
  it('issues an opaque token for client_credentials with the default credentials', async () => {
    const { client } = await start();
    const response = await client.requestToken();
    expect(response.status).toBe(200);
    expect(TokenResponseSchema.parse(response.json)).toEqual({ accessToken: expect.any(String), expiresIn: 3600 });
    const again = await client.requestToken();
    expect(again.json.accessToken).not.toBe(response.json.accessToken);
  });

  it('accepts app_token with AppId/AppSecret or appID/appSecret, keys compared case-insensitively', async () => {
    const { client } = await start({ credentials: { clientId: 'app', clientSecret: 's3cret' }, tokenTtlSeconds: 600 });
    for (const body of [
      { grantType: 'app_token', AppId: 'app', AppSecret: 's3cret' },
      { grantType: 'app_token', appID: 'app', appSecret: 's3cret' },
      { GRANTTYPE: 'client_credentials', clientId: 'app', ClientSecret: 's3cret' },
    ]) {
      const response = await client.requestToken(body);
      expect(response.status, JSON.stringify(body)).toBe(200);
      expect(response.json.expiresIn).toBe(600);
    }
  });

  it('answers 401 {code, message} to wrong credentials, without echoing the secret', async () => {
    const { client } = await start();
    for (const body of [
      { grantType: 'client_credentials', clientID: 'sim-client', clientSecret: 'wrong-secret' },
      { grantType: 'app_token', appID: 'other', appSecret: 'sim-secret' },
    ]) {
      const response = await client.requestToken(body);
      expect(response.status).toBe(401);
      expect(response.json).toEqual({ code: 401, message: expect.any(String) });
      expect(response.text).not.toContain('wrong-secret');
    }
  });

  it('answers 400 to a body it cannot read', async () => {
    const { client } = await start();
    for (const body of [
      'not json',
      '[]',
      'null',
      { clientID: 'sim-client', clientSecret: 'sim-secret' },
      { grantType: 'password', username: 'u', password: 'p' },
      { grantType: 'client_credentials', clientID: 'sim-client' },
      { grantType: 'app_token', clientID: 'sim-client', clientSecret: 'sim-secret' },
    ]) {
      const response = await client.requestToken(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.json.code).toBe(400);
    }
  });

  it('answers GET on the token path 405 without counting it as a violation', async () => {
    const { sim, client } = await start();
    const response = await client.get('/api/v1/token', {}, { token: null });
    expect(response.status).toBe(405);
    expect(sim.violations).toEqual([]);
  });
});

describe('bearer auth on the API', () => {
  it('answers 401 without a token, with a token it never issued, or with a malformed header', async () => {
    const { client } = await start();
    for (const token of [null, 'forged-token', '']) {
      const response = await client.get(`/api/v1/workloads/${TRAIN}`, {}, { token });
      expect(response.status).toBe(401);
      expect(response.json).toEqual({ code: 401, message: expect.any(String) });
    }
    const issued = await client.token();
    const basic = await client.send('GET', `/api/v1/workloads/${TRAIN}`, { headers: { authorization: `Basic ${issued}` } });
    expect(basic.status).toBe(401);
    expect((await client.get(`/api/v1/workloads/${TRAIN}`, {}, { token: issued })).status).toBe(200);
  });

  it('rejects tokens after their lifetime', async () => {
    const { client } = await start({ tokenTtlSeconds: 0.3 });
    const token = await client.token();
    expect((await client.get('/api/v1/workloads', {}, { token })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect((await client.get('/api/v1/workloads', {}, { token })).status).toBe(401);
  });

  it('expireTokens() invalidates every issued token; a fresh token works again (refresh-on-401)', async () => {
    const { sim, client } = await start();
    const before = await client.token();
    sim.expireTokens();
    expect((await client.get('/api/v1/workloads', {}, { token: before })).status).toBe(401);
    const after = (await client.requestToken()).json.accessToken as string;
    expect((await client.get('/api/v1/workloads', {}, { token: after })).status).toBe(200);
  });
});
