/**
 * #12 item 3: the bytes read per Run:ai answer are capped in the one HTTP layer. A longer
 * answer is RUNAI_RESPONSE_TOO_LARGE (not retried), whether announced by Content-Length or
 * streamed without one; and a hanging server costs no more than the diagnosis deadline.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createRunaiClient } from '../../functions/runai/createRunaiClient.js';
import { caught, WORKLOAD_ID } from '../runai/helpers.js';

let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  server = undefined;
});

interface Served {
  url: string;
  /** Bytes of the workload answer the server managed to write before the client hung up. */
  written: () => number;
}

/** A Run:ai stand-in: a token, then `answer` for every other request. */
async function serve(answer: (res: import('node:http').ServerResponse, count: (n: number) => void) => void): Promise<Served> {
  let written = 0;
  server = createServer((req, res) => {
    if (req.url?.endsWith('/api/v1/token')) {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ accessToken: 'token-1', expiresIn: 3600 }));
      return;
    }
    answer(res, (n) => {
      written += n;
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server!.address() as AddressInfo).port}`, written: () => written };
}

const credentials = { grantType: 'client_credentials', clientId: 'c', clientSecret: 'secret-value' } as const;
const MAX = 64 * 1024;

describe('the response cap', () => {
  it('refuses an answer whose Content-Length exceeds the cap without reading it, and does not retry', async () => {
    const big = Buffer.alloc(MAX + 1, 'x');
    const { url } = await serve((res) => {
      res.setHeader('content-length', String(big.length));
      res.end(big);
    });
    const client = createRunaiClient({ baseUrl: url, credentials, maxResponseBytes: MAX, retryBaseDelayMs: 1 });
    try {
      const error = await caught(client.getWorkloadEvents(WORKLOAD_ID, 10));
      expect(error).toMatchObject({ code: 'RUNAI_RESPONSE_TOO_LARGE', retryable: false, endpoint: 'GET /api/v1/workloads/{id}/events' });
      expect(client.stats.requests).toBe(1);
    } finally {
      await client.close();
    }
  });

  it('stops reading a streamed answer without Content-Length at the cap', async () => {
    const chunk = Buffer.alloc(16 * 1024, 'y');
    const served = await serve((res, count) => {
      // An endless answer: chunks until the client hangs up.
      const write = () => {
        if (res.destroyed) return;
        count(chunk.length);
        if (res.write(chunk)) setImmediate(write);
        else res.once('drain', write);
      };
      res.on('close', () => res.destroy());
      write();
    });
    const client = createRunaiClient({ baseUrl: served.url, credentials, maxResponseBytes: MAX, retryBaseDelayMs: 1, requestTimeoutMs: 20_000 });
    try {
      const started = performance.now();
      const error = await caught(client.getWorkloadEvents(WORKLOAD_ID, 10));
      expect(error).toMatchObject({ code: 'RUNAI_RESPONSE_TOO_LARGE', retryable: false });
      expect(performance.now() - started).toBeLessThan(10_000);
      // What the server wrote before the client hung up: socket buffers, not the endless answer.
      expect(served.written()).toBeLessThan(64 * 1024 * 1024);
    } finally {
      await client.close();
    }
  });

  it('reads an answer at the cap', async () => {
    const events = { events: [], next: null };
    const { url } = await serve((res) => res.end(JSON.stringify(events)));
    const client = createRunaiClient({ baseUrl: url, credentials, maxResponseBytes: 1024 });
    try {
      expect(await client.getWorkloadEvents(WORKLOAD_ID, 10)).toEqual([]);
    } finally {
      await client.close();
    }
  });
});

describe('the diagnosis deadline', () => {
  it('cuts a hanging read at the deadline, well before the per-request timeout and its retries', async () => {
    const { url } = await serve(() => {
      // never answers
    });
    const client = createRunaiClient({ baseUrl: url, credentials, requestTimeoutMs: 10_000, retryBaseDelayMs: 1 });
    try {
      const started = performance.now();
      const error = await caught(client.withDeadline(Date.now() + 500).getWorkloadEvents(WORKLOAD_ID, 10));
      expect(error).toMatchObject({ code: 'RUNAI_TIMEOUT', endpoint: 'GET /api/v1/workloads/{id}/events' });
      expect(performance.now() - started).toBeLessThan(2_000);
    } finally {
      await client.close();
    }
  });

  it('sends nothing once the deadline has passed', async () => {
    let requests = 0;
    const { url } = await serve((res) => {
      requests += 1;
      res.end('{}');
    });
    const client = createRunaiClient({ baseUrl: url, credentials });
    try {
      await client.getWorkload(WORKLOAD_ID).catch(() => undefined); // warms the token
      requests = 0;
      const error = await caught(client.withDeadline(Date.now() - 1).getWorkloadEvents(WORKLOAD_ID, 10));
      expect(error).toMatchObject({ code: 'RUNAI_TIMEOUT' });
      expect(requests).toBe(0);
    } finally {
      await client.close();
    }
  });
});
