/**
 * #12 item 7: a 429 is retried, and its Retry-After (delay-seconds or HTTP-date) is
 * honoured within the diagnosis deadline. Against undici's MockAgent (no network).
 */
import { describe, expect, it } from 'vitest';
import { parseRetryAfter } from '../../functions/http/parseRetryAfter.js';
import { ORIGIN, WORKLOAD_ID, caught, makeClient, useTokenAgent, workload } from '../runai/helpers.js';

const agent = useTokenAgent();
const workloadPath = `/api/v1/workloads/${WORKLOAD_ID}`;

function answer429ThenOk(retryAfter: string | null) {
  const pool = agent().get(ORIGIN);
  pool
    .intercept({ path: workloadPath, method: 'GET' })
    .reply(429, JSON.stringify({ code: 429, message: 'slow down' }), retryAfter === null ? {} : { headers: { 'retry-after': retryAfter } });
  pool.intercept({ path: workloadPath, method: 'GET' }).reply(200, JSON.stringify(workload));
}

describe('Retry-After', () => {
  it('retries a 429 after the seconds the server asks for', async () => {
    answer429ThenOk('1');
    const client = makeClient(agent());
    const started = performance.now();
    const status = await client.getWorkload(WORKLOAD_ID);
    expect(status.id).toBe(WORKLOAD_ID);
    expect(client.stats.requests).toBe(2);
    expect(performance.now() - started).toBeGreaterThanOrEqual(950);
  });

  it('retries a 429 at the HTTP-date the server names', async () => {
    // HTTP-dates have a one-second resolution: two seconds ahead is at least one second away.
    answer429ThenOk(new Date(Date.now() + 2_000).toUTCString());
    const client = makeClient(agent());
    const started = performance.now();
    await client.getWorkload(WORKLOAD_ID);
    expect(client.stats.requests).toBe(2);
    expect(performance.now() - started).toBeGreaterThanOrEqual(900);
  });

  it('retries a 429 without Retry-After on the usual backoff', async () => {
    answer429ThenOk(null);
    const client = makeClient(agent());
    await client.getWorkload(WORKLOAD_ID);
    expect(client.stats.requests).toBe(2);
  });

  it('does not wait past the diagnosis deadline: the 429 is answered at once as retryable', async () => {
    answer429ThenOk('20');
    const client = makeClient(agent());
    const started = performance.now();
    const error = await caught(client.withDeadline(Date.now() + 3_000).getWorkload(WORKLOAD_ID));
    expect(error).toMatchObject({ code: 'RUNAI_UNAVAILABLE', status: 429, retryable: true });
    expect(client.stats.requests).toBe(1);
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('does not wait when the server asks for more than the longest wait honoured', async () => {
    answer429ThenOk('3600');
    const client = makeClient(agent());
    const error = await caught(client.getWorkload(WORKLOAD_ID));
    expect(error).toMatchObject({ code: 'RUNAI_UNAVAILABLE', status: 429 });
    expect(client.stats.requests).toBe(1);
  });
});

describe('parseRetryAfter', () => {
  const now = Date.parse('2026-12-01T10:00:00Z');
  it('reads delay-seconds and HTTP-dates', () => {
    expect(parseRetryAfter('120', now)).toBe(120_000);
    expect(parseRetryAfter(' 0 ', now)).toBe(0);
    expect(parseRetryAfter('Tue, 01 Dec 2026 10:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('Tue, 01 Dec 2026 09:00:00 GMT', now)).toBe(0); // in the past: no wait
  });

  it('ignores what is neither', () => {
    expect(parseRetryAfter(undefined, now)).toBeNull();
    expect(parseRetryAfter('-5', now)).toBeNull();
    expect(parseRetryAfter('1.5', now)).toBeNull();
    expect(parseRetryAfter('soon', now)).toBeNull();
  });
});
