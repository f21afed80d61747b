import { describe, expect, it } from 'vitest';
import { MockAgent } from 'undici';
import { createRunaiClient } from '../../functions/runai/createRunaiClient.js';
import { parseRunaiClientConfig } from '../../functions/runai/RunaiClientConfig.js';
import { SECRET } from './helpers.js';

const valid = {
  baseUrl: 'https://runai.example.com',
  credentials: { grantType: 'client_credentials', clientId: 'sa', clientSecret: SECRET },
} as const;

function messageOf(config: unknown): string {
  try {
    parseRunaiClientConfig(config);
  } catch (error) {
    expect(error).toBeInstanceOf(TypeError);
    return (error as Error).message;
  }
  throw new Error('expected the config to be rejected');
}

describe('client config', () => {
  it('applies defaults', () => {
    expect(parseRunaiClientConfig(valid)).toMatchObject({ requestTimeoutMs: 10_000, maxRetries: 2, retryBaseDelayMs: 200 });
  });

  it('accepts both credential kinds, an injected dispatcher and hooks', () => {
    const agent = new MockAgent();
    expect(() =>
      parseRunaiClientConfig({
        baseUrl: 'http://127.0.0.1:8080/prefix/',
        credentials: { grantType: 'app_token', appId: 'a', appSecret: SECRET },
        dispatcher: agent,
        now: () => 0,
        onRequest: () => undefined,
      }),
    ).not.toThrow();
  });

  it.each([
    ['unknown key', { ...valid, retries: 3 }, 'retries'],
    ['ftp URL', { ...valid, baseUrl: 'ftp://runai.example.com' }, 'baseUrl'],
    ['not a URL', { ...valid, baseUrl: 'runai.example.com' }, 'baseUrl'],
    ['credentials in URL', { ...valid, baseUrl: 'https://user:pw@runai.example.com' }, 'baseUrl'],
    ['query in URL', { ...valid, baseUrl: 'https://runai.example.com/?x=1' }, 'baseUrl'],
    ['unknown grant', { ...valid, credentials: { grantType: 'password', clientId: 'sa', clientSecret: SECRET } }, 'credentials'],
    ['mixed credential fields', { ...valid, credentials: { grantType: 'app_token', clientId: 'sa', clientSecret: SECRET } }, 'credentials'],
    ['empty secret', { ...valid, credentials: { grantType: 'client_credentials', clientId: 'sa', clientSecret: '' } }, 'credentials.clientSecret'],
    ['negative timeout', { ...valid, requestTimeoutMs: -1 }, 'requestTimeoutMs'],
    ['not a dispatcher', { ...valid, dispatcher: {} }, 'dispatcher'],
  ])('rejects %s, naming the path and never the secret', (_label, config, path) => {
    const message = messageOf(config);
    expect(message).toContain(path);
    expect(message).not.toContain(SECRET);
  });

  it('createRunaiClient validates before doing anything', () => {
    expect(() => createRunaiClient({ ...valid, maxRetries: 1.5 })).toThrow(/maxRetries/);
  });
});
