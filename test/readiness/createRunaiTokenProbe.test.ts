/**
 * Issue #25 item 5: /readyz never multiplies Run:ai token requests. Against a control plane
 * whose token endpoint answers 503, one readiness check sends one token request (the client
 * would otherwise retry it twice), and checks within the hold window send none.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createRunaiTokenProbe } from '../../functions/readiness/createRunaiTokenProbe.js';
import { createRunaiClient, type RunaiClient } from '../../functions/runai/createRunaiClient.js';
import { startTricklingServer, type TricklingServer } from '../support/startTricklingServer.js';

let server: TricklingServer | undefined;
let client: RunaiClient | undefined;
afterEach(async () => {
  await client?.close();
  await server?.close();
  client = undefined;
  server = undefined;
});

async function unavailableControlPlane() {
  server = await startTricklingServer({ status: 503, contentType: 'application/json', body: '{"message":"unavailable"}', intervalMs: 0 });
  client = createRunaiClient({
    baseUrl: server.url,
    credentials: { grantType: 'client_credentials', clientId: 'probe', clientSecret: 'probe-secret' },
    retryBaseDelayMs: 0,
  });
  return { server, client };
}

describe('Run:ai token readiness probe', () => {
  it('sends one token request per check on a 503, never the client retries', async () => {
    const { server, client } = await unavailableControlPlane();
    const probe = createRunaiTokenProbe(client, 'test', { failureHoldMs: 0 });
    await expect(probe.check()).rejects.toMatchObject({ code: 'RUNAI_AUTH_FAILED' });
    expect(server.requests).toHaveLength(1);
    await expect(probe.check()).rejects.toMatchObject({ code: 'RUNAI_AUTH_FAILED' });
    expect(server.requests).toHaveLength(2);
  });

  it('answers from the remembered failure within the hold window, and concurrent checks share one request', async () => {
    const { server, client } = await unavailableControlPlane();
    let clock = 1_000_000;
    const probe = createRunaiTokenProbe(client, 'test', { now: () => clock, failureHoldMs: 10_000 });
    const results = await Promise.allSettled([probe.check(), probe.check(), probe.check()]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(server.requests).toHaveLength(1);
    for (let poll = 0; poll < 20; poll += 1) await expect(probe.check()).rejects.toMatchObject({ code: 'RUNAI_AUTH_FAILED' });
    expect(server.requests).toHaveLength(1);
    clock += 10_001;
    await expect(probe.check()).rejects.toMatchObject({ code: 'RUNAI_AUTH_FAILED' });
    expect(server.requests).toHaveLength(2);
  });
});
