/** Shared test fixtures for the Run:ai client: a MockAgent with no network, and canned bodies. */
import { MockAgent } from 'undici';
import { afterEach, beforeEach } from 'vitest';
import { createRunaiClient, type RunaiClient } from '../../functions/runai/createRunaiClient.js';
import type { RunaiClientConfig } from '../../functions/runai/RunaiClientConfig.js';

export const ORIGIN = 'https://runai.example.com';
export const CLIENT_ID = 'diagnose-sa';
export const SECRET = 'S3cr3t-v4lue-that-must-never-leak';
export const WORKLOAD_ID = '0b6e9e0e-1111-4c8f-9d6a-8f0e2a3b4c5d';
export const CLUSTER_ID = '7c1b8a4e-2222-4f9a-8e2b-1a2b3c4d5e6f';

export function mockAgent(): MockAgent {
  const agent = new MockAgent();
  agent.disableNetConnect();
  return agent;
}

/**
 * For every test of the file that calls it (at the top level): a fresh mockAgent() that
 * answers the token request (interceptToken), closed after the test. Returns the current agent.
 */
export function useTokenAgent(): () => MockAgent {
  let agent: MockAgent;
  beforeEach(() => {
    agent = mockAgent();
    interceptToken(agent);
  });
  afterEach(async () => {
    await agent.close();
  });
  return () => agent;
}

export function makeClient(agent: MockAgent, overrides: Partial<RunaiClientConfig> = {}): RunaiClient {
  return createRunaiClient({
    baseUrl: `${ORIGIN}/`,
    credentials: { grantType: 'client_credentials', clientId: CLIENT_ID, clientSecret: SECRET },
    dispatcher: agent,
    retryBaseDelayMs: 1,
    ...overrides,
  });
}

/** An unsigned JWT whose payload is `claims` (the client only reads `exp`). */
export function fakeJwt(claims: Record<string, unknown>): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'none', typ: 'JWT' })}.${part(claims)}.sig`;
}

export const workload = {
  id: WORKLOAD_ID,
  name: 'train-42',
  type: 'Training',
  clusterId: CLUSTER_ID,
  projectName: 'ml-team',
  phase: 'Failed',
  phaseUpdatedAt: '2025-12-01T10:00:00Z',
};

/** Replies to `POST /api/v1/token` with `token` (persisting), recording the request bodies. */
export function interceptToken(agent: MockAgent, token = 'access-token-1', expiresIn: number | undefined = 3600): string[] {
  const bodies: string[] = [];
  agent
    .get(ORIGIN)
    .intercept({ path: '/api/v1/token', method: 'POST' })
    .reply((opts) => {
      bodies.push(String(opts.body));
      return { statusCode: 200, data: JSON.stringify(expiresIn === undefined ? { accessToken: token } : { accessToken: token, expiresIn }) };
    })
    .persist();
  return bodies;
}

/** Collects every thrown value's message, cause chain and JSON form into one string, to search for leaks. */
export function everythingAbout(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; current !== undefined && current !== null && depth < 10; depth += 1) {
    if (current instanceof Error) {
      parts.push(
        current.message,
        String(current.stack),
        JSON.stringify(current),
        JSON.stringify(Object.getOwnPropertyDescriptors(current), (_k, v) => (typeof v === 'bigint' ? String(v) : v)),
      );
      current = current.cause;
    } else {
      parts.push(String(current), JSON.stringify(current));
      break;
    }
  }
  return parts.join('\n');
}

export async function caught(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}
