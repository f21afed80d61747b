import { describe, expect, it } from 'vitest';
import { RunaiError } from '../../functions/diagnosis/ports/RunaiError.js';
import type { RunaiRequestInfo } from '../../functions/runai/RunaiClientConfig.js';
import { backoffDelay } from '../../functions/http/withRetries.js';
import { ORIGIN, WORKLOAD_ID, caught, makeClient, useTokenAgent, workload } from './helpers.js';

const agent = useTokenAgent();

const workloadPath = `/api/v1/workloads/${WORKLOAD_ID}`;
const reply = (status: number, body: unknown, times = 1) =>
  agent()
    .get(ORIGIN)
    .intercept({ path: workloadPath, method: 'GET' })
    .reply(status, typeof body === 'string' ? body : JSON.stringify(body))
    .times(times);

describe('HTTP status mapping', () => {
  it.each([
    [403, 'RUNAI_FORBIDDEN', 'You do not have sufficient permissions.'],
    [404, 'RUNAI_NOT_FOUND', 'Resource id not found.'],
    [400, 'RUNAI_BAD_REQUEST', 'Required parameter is missing'],
  ] as const)('HTTP %i → %s with the server message, not retried', async (status, code, message) => {
    reply(status, { code: status, message });
    const client = makeClient(agent());
    const error = await caught(client.getWorkload(WORKLOAD_ID));
    expect(error).toBeInstanceOf(RunaiError);
    expect(error).toMatchObject({ code, status, retryable: false, endpoint: 'GET /api/v1/workloads/{id}' });
    expect((error as Error).message).toBe(`GET /api/v1/workloads/{id} failed with HTTP ${status}: ${message}`);
    expect(client.stats.requests).toBe(1);
  });

  it('HTTP 429 is retried in-process, then retryable later (the queue redelivers)', async () => {
    reply(429, { code: 429, message: 'slow down' }, 3);
    const client = makeClient(agent());
    const error = await caught(client.getWorkload(WORKLOAD_ID));
    expect(error).toMatchObject({ code: 'RUNAI_UNAVAILABLE', status: 429, retryable: true });
    expect(client.stats.requests).toBe(3); // the first attempt and maxRetries (2) more
  });

  it('truncates a long server message and ignores a non-Error body', async () => {
    reply(404, { code: 404, message: 'x'.repeat(5000) });
    const client = makeClient(agent());
    const long = (await caught(client.getWorkload(WORKLOAD_ID))) as Error;
    expect(long.message.length).toBeLessThan(300);

    reply(404, '<html>nginx 404 page</html>');
    const html = (await caught(client.getWorkload(WORKLOAD_ID))) as Error;
    expect(html.message).toBe('GET /api/v1/workloads/{id} failed with HTTP 404');
  });
});

describe('retries', () => {
  it.each([500, 502, 503, 504])('HTTP %i is retried, then succeeds', async (status) => {
    reply(status, { code: status, message: 'try again' }, 2);
    reply(200, workload);
    const client = makeClient(agent());
    await expect(client.getWorkload(WORKLOAD_ID)).resolves.toMatchObject({ id: WORKLOAD_ID });
    expect(client.stats.requests).toBe(3);
  });

  it('5xx exhausted → RUNAI_UNAVAILABLE, retryable, after 1 + maxRetries attempts', async () => {
    reply(503, { code: 503, message: 'Please try again in few minutes.' }, 4);
    const client = makeClient(agent(), { maxRetries: 3 });
    const error = await caught(client.getWorkload(WORKLOAD_ID));
    expect(error).toMatchObject({ code: 'RUNAI_UNAVAILABLE', status: 503, retryable: true });
    expect((error as Error).message).toContain('Please try again in few minutes.');
    expect(client.stats.requests).toBe(4);
  });

  it('maxRetries: 0 sends exactly once', async () => {
    reply(500, {}, 1);
    const client = makeClient(agent(), { maxRetries: 0 });
    await expect(client.getWorkload(WORKLOAD_ID)).rejects.toMatchObject({ code: 'RUNAI_UNAVAILABLE' });
    expect(client.stats.requests).toBe(1);
  });

  it('501 is not retried (not a transient condition)', async () => {
    reply(501, {}, 1);
    const client = makeClient(agent());
    await expect(client.getWorkload(WORKLOAD_ID)).rejects.toMatchObject({ code: 'RUNAI_UNAVAILABLE', status: 501 });
    expect(client.stats.requests).toBe(1);
  });

  it('network errors are retried, then succeed', async () => {
    const reset = Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' });
    agent().get(ORIGIN).intercept({ path: workloadPath }).replyWithError(reset).times(2);
    reply(200, workload);
    const client = makeClient(agent());
    await expect(client.getWorkload(WORKLOAD_ID)).resolves.toMatchObject({ id: WORKLOAD_ID });
    expect(client.stats.requests).toBe(3);
  });

  it('network errors exhausted → RUNAI_NETWORK, retryable', async () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 10.0.0.1:443'), { code: 'ECONNREFUSED' });
    agent().get(ORIGIN).intercept({ path: workloadPath }).replyWithError(refused).times(3);
    const client = makeClient(agent());
    const error = await caught(client.getWorkload(WORKLOAD_ID));
    expect(error).toMatchObject({ code: 'RUNAI_NETWORK', retryable: true, endpoint: 'GET /api/v1/workloads/{id}' });
    expect((error as Error).cause).toMatchObject({ code: 'ECONNREFUSED' });
    expect(client.stats.requests).toBe(3);
  });

  it('backoff grows exponentially with jitter and is capped', () => {
    const policy = { maxRetries: 5, baseDelayMs: 200 };
    expect(backoffDelay(0, { ...policy, random: () => 0 })).toBe(100);
    expect(backoffDelay(0, { ...policy, random: () => 1 })).toBe(200);
    expect(backoffDelay(3, { ...policy, random: () => 1 })).toBe(1600);
    expect(backoffDelay(20, { ...policy, random: () => 1 })).toBe(5000);
  });
});

describe('response bodies', () => {
  it('truncated JSON → RUNAI_BAD_RESPONSE, not retried, no body dump', async () => {
    reply(200, '{"id":"0b6e9e0e-1111","name":"train-42","phase":"Fai');
    const client = makeClient(agent());
    const error = await caught(client.getWorkload(WORKLOAD_ID));
    expect(error).toMatchObject({ code: 'RUNAI_BAD_RESPONSE', status: 200, retryable: false });
    expect((error as Error).message).not.toContain('train-42');
    expect(client.stats.requests).toBe(1);
  });

  it('a body that does not match the schema → RUNAI_BAD_RESPONSE with a short zod summary', async () => {
    reply(200, { id: WORKLOAD_ID, name: 'secret-looking-name-zzz', clusterId: 5, conditions: 'nope' });
    const client = makeClient(agent());
    const error = (await caught(client.getWorkload(WORKLOAD_ID))) as RunaiError;
    expect(error.code).toBe('RUNAI_BAD_RESPONSE');
    expect(error.message).toMatch(/^GET \/api\/v1\/workloads\/\{id\} returned an unexpected body: clusterId: .+; phase: .+; conditions: /);
    expect(error.message).not.toContain('secret-looking-name-zzz');
  });
});

describe('onRequest hook', () => {
  it('reports every attempt with the endpoint template, status and duration; a throwing hook is ignored', async () => {
    reply(503, {}, 1);
    reply(200, workload);
    const seen: RunaiRequestInfo[] = [];
    const client = makeClient(agent(), {
      onRequest: (info) => {
        seen.push(info);
        throw new Error('hook bug');
      },
    });
    await client.getWorkload(WORKLOAD_ID);
    expect(seen.map(({ endpoint, status, attempt }) => ({ endpoint, status, attempt }))).toEqual([
      { endpoint: 'POST /api/v1/token', status: 200, attempt: 0 },
      { endpoint: 'GET /api/v1/workloads/{id}', status: 503, attempt: 0 },
      { endpoint: 'GET /api/v1/workloads/{id}', status: 200, attempt: 1 },
    ]);
    expect(seen.every((info) => info.ms >= 0)).toBe(true);
  });
});
