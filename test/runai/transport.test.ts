/**
 * Timeouts, resets and connection reuse against a real HTTP server on 127.0.0.1, through
 * the client's own default keep-alive Pool (no injected dispatcher).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createRunaiClient, type RunaiClient } from '../../functions/runai/createRunaiClient.js';
import { SECRET, WORKLOAD_ID, caught, workload } from './helpers.js';

type Handler = (req: IncomingMessage, res: ServerResponse, hit: number) => void;

interface TestServer {
  url: string;
  connections: number;
  hits: Map<string, number>;
  close(): Promise<void>;
}

async function startServer(apiHandler: Handler): Promise<TestServer> {
  const sockets = new Set<Socket>();
  const state = { connections: 0, hits: new Map<string, number>() };
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0]!;
    const hit = (state.hits.get(path) ?? 0) + 1;
    state.hits.set(path, hit);
    if (req.method === 'POST' && path === '/api/v1/token') {
      req.resume();
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ accessToken: 'tok', expiresIn: 3600 }));
      return;
    }
    apiHandler(req, res, hit);
  });
  server.on('connection', (socket) => {
    state.connections += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    get connections() {
      return state.connections;
    },
    hits: state.hits,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

const json = (res: ServerResponse, status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

let server: TestServer | undefined;
let client: RunaiClient | undefined;
afterEach(async () => {
  await client?.close();
  await server?.close();
  client = undefined;
  server = undefined;
});

function clientFor(url: string, overrides: { requestTimeoutMs?: number; maxRetries?: number } = {}): RunaiClient {
  client = createRunaiClient({
    baseUrl: url,
    credentials: { grantType: 'client_credentials', clientId: 'sa', clientSecret: SECRET },
    retryBaseDelayMs: 1,
    ...overrides,
  });
  return client;
}

const workloadPath = `/api/v1/workloads/${WORKLOAD_ID}`;

describe('timeouts', () => {
  it('a server that never answers → RUNAI_TIMEOUT after 1 + maxRetries attempts', async () => {
    server = await startServer(() => {
      /* never answers */
    });
    const c = clientFor(server.url, { requestTimeoutMs: 150, maxRetries: 2 });
    const started = Date.now();
    const error = await caught(c.getWorkload(WORKLOAD_ID));
    const elapsed = Date.now() - started;
    expect(error).toMatchObject({ code: 'RUNAI_TIMEOUT', retryable: true, endpoint: 'GET /api/v1/workloads/{id}' });
    expect(server.hits.get(workloadPath)).toBe(3);
    expect(elapsed).toBeGreaterThanOrEqual(3 * 150 - 20);
    expect(elapsed).toBeLessThan(3 * 150 + 1500);
  });

  it('the deadline covers the body: a trickling body times out even though no gap exceeds it', async () => {
    server = await startServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"id":"');
      const timer = setInterval(() => res.write('a'), 40);
      res.on('close', () => clearInterval(timer));
    });
    const c = clientFor(server.url, { requestTimeoutMs: 200, maxRetries: 0 });
    const started = Date.now();
    await expect(c.getWorkload(WORKLOAD_ID)).rejects.toMatchObject({ code: 'RUNAI_TIMEOUT' });
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('a slow first answer is retried and the second one succeeds', async () => {
    server = await startServer((_req, res, hit) => {
      if (hit === 1) setTimeout(() => json(res, 200, workload), 500);
      else json(res, 200, workload);
    });
    const c = clientFor(server.url, { requestTimeoutMs: 150 });
    await expect(c.getWorkload(WORKLOAD_ID)).resolves.toMatchObject({ id: WORKLOAD_ID });
    expect(c.stats.requests).toBe(2);
  });
});

describe('connection failures', () => {
  it('a reset connection is retried, then succeeds', async () => {
    server = await startServer((req, res, hit) => {
      if (hit === 1) req.socket.destroy();
      else json(res, 200, workload);
    });
    const c = clientFor(server.url);
    await expect(c.getWorkload(WORKLOAD_ID)).resolves.toMatchObject({ id: WORKLOAD_ID });
    expect(server.hits.get(workloadPath)).toBe(2);
  });

  it('resets on every attempt → RUNAI_NETWORK, retryable', async () => {
    server = await startServer((req) => req.socket.destroy());
    const c = clientFor(server.url);
    const error = await caught(c.getWorkload(WORKLOAD_ID));
    expect(error).toMatchObject({ code: 'RUNAI_NETWORK', retryable: true });
    expect(server.hits.get(workloadPath)).toBe(3);
  });

  it('connection refused → RUNAI_NETWORK on the token endpoint, secret absent', async () => {
    const closed = await startServer(() => undefined);
    const url = closed.url;
    await closed.close();
    const c = clientFor(url);
    const error = await caught(c.getWorkload(WORKLOAD_ID));
    expect(error).toMatchObject({ code: 'RUNAI_NETWORK', retryable: true, endpoint: 'POST /api/v1/token' });
    expect(JSON.stringify(error) + String((error as Error).message)).not.toContain(SECRET);
    expect(c.stats.tokenRequests).toBe(3);
  });
});

describe('default pool', () => {
  it('reuses one keep-alive connection for sequential calls', async () => {
    server = await startServer((_req, res) => json(res, 200, workload));
    const c = clientFor(`${server.url}/`);
    await c.getWorkload(WORKLOAD_ID);
    await c.getWorkload(WORKLOAD_ID);
    // The pool may open a second socket right after the token POST; after that, no new connections.
    const afterWarmUp = server.connections;
    expect(afterWarmUp).toBeLessThanOrEqual(2);
    for (let i = 0; i < 5; i += 1) await c.getWorkload(WORKLOAD_ID);
    expect(c.stats).toEqual({ requests: 7, tokenRequests: 1 });
    expect(server.connections).toBe(afterWarmUp);
  });

  it('close() is idempotent and later calls fail as a network error', async () => {
    server = await startServer((_req, res) => json(res, 200, workload));
    const c = clientFor(server.url);
    await c.getWorkload(WORKLOAD_ID);
    await c.close();
    await c.close();
    await expect(c.getWorkload(WORKLOAD_ID)).rejects.toMatchObject({ code: 'RUNAI_NETWORK', retryable: false });
  });
});
