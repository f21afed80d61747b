/**
 * A Run:ai control-plane simulator on plain `node:http`: serves scenario state with the
 * real envelopes and parameters (fixtures/README.md), enforces bearer auth, injects
 * latency and faults, and records every request so tests can prove the product's quality
 * bars (the quality bars, docs/tests.md): round trips under latency, bounded concurrency in a storm, and that
 * nothing but the token request is ever sent with a method other than GET.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { buildSimulatorState, type SimulatorState } from './buildSimulatorState.js';
import { FaultInjector } from './FaultInjector.js';
import { requestClusterId } from './requestClusterId.js';
import { handleTokenRequest, type SimulatorCredentials } from './handleTokenRequest.js';
import { routeRunaiPath, type RunaiRoute } from './routeRunaiPath.js';
import { FaultSchema, type Fault, type FaultEndpoint, type ScenarioState } from '../recording/format/ScenarioSchema.js';
import { serveRunaiEndpoint, type SimulatorResponse } from './serveRunaiEndpoint.js';
import { startLoopbackServer } from './startLoopbackServer.js';
import { createExchangeReplayer } from './createExchangeReplayer.js';
import type { RecordedExchange } from '../recording/format/RecordedExchangeSchema.js';
import { TokenStore } from './TokenStore.js';

export { loadScenario, loadScenarios, type Scenario } from './loadScenario.js';
export { resolveRelativeTimestamps } from '../recording/format/resolveRelativeTimestamps.js';
export type { Fault, FaultEndpoint, FaultKind, ScenarioFile, ScenarioState } from '../recording/format/ScenarioSchema.js';
export type { SimulatorCredentials } from './handleTokenRequest.js';
export type { SimulatorState } from './buildSimulatorState.js';

export interface RunaiSimulatorOptions {
  /** One scenario's `runai` block, or several merged into one control plane. */
  scenarios: ScenarioState[] | ScenarioState;
  /** Default `{ clientId: 'sim-client', clientSecret: 'sim-secret' }`. */
  credentials?: SimulatorCredentials;
  /** Delay before every response, the token response included. */
  latencyMs?: number;
  /** Clock for relative timestamps (default Date.now), read once when the state is loaded. */
  now?: () => number;
  host?: string;
  port?: number;
  tokenTtlSeconds?: number;
}

export interface RecordedRequest {
  method: string;
  /** Path without the query string. */
  path: string;
  /** Query parameters; a repeated parameter is an array (node:querystring convention). */
  query: Record<string, string | string[]>;
  /** The API endpoint the path names (fault vocabulary), or null for an unknown path. */
  endpoint: FaultEndpoint | null;
  workloadId: string | null;
  /** HTTP status answered, or null when no response was sent (reset, hang, client gone). */
  status: number | null;
  /** The fault injected into this request, if any. */
  fault: Fault | null;
  /** Epoch milliseconds (sub-millisecond precision) when the request arrived. */
  startedAt: number;
  /** When the response was written or the connection closed; null while in flight. */
  endedAt: number | null;
}

export interface RunaiSimulator {
  /** Base URL, e.g. `http://127.0.0.1:43121` (no trailing slash). */
  readonly url: string;
  /** Stops listening and destroys every connection, hung ones included. */
  close(): Promise<void>;
  readonly requests: RecordedRequest[];
  /** Every non-GET request other than `POST /api/v1/token` (each answered 405). */
  readonly violations: RecordedRequest[];
  /** Peak number of requests in flight at once since start or `reset()`. */
  readonly maxConcurrent: number;
  readonly inFlight: number;
  /** The merged state being served, timestamps resolved. */
  readonly state: SimulatorState;
  /** Replaces the active faults (fresh `times` counters). */
  setFaults(faults: Fault[]): void;
  /** Invalidates every issued token: the next API call answers 401. */
  expireTokens(): void;
  /** Clears recorded requests and violations, the concurrency peak, and restores the scenario faults. */
  reset(): void;
}

const DEFAULT_CREDENTIALS: SimulatorCredentials = { clientId: 'sim-client', clientSecret: 'sim-secret' };
const MAX_BODY_BYTES = 1024 * 1024;

export async function startRunaiSimulator(options: RunaiSimulatorOptions): Promise<RunaiSimulator> {
  const scenarios = Array.isArray(options.scenarios) ? options.scenarios : [options.scenarios];
  const state = buildSimulatorState(scenarios, (options.now ?? Date.now)());
  const credentials = options.credentials ?? DEFAULT_CREDENTIALS;
  const latencyMs = options.latencyMs ?? 0;
  const tokens = new TokenStore(options.tokenTtlSeconds ?? 3600);
  const faults = new FaultInjector(state.faults);
  const replayer = createExchangeReplayer(state.recorded);
  const requests: RecordedRequest[] = [];
  const violations: RecordedRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();
  /** Completion callbacks of the requests in flight, so close() can settle hung ones at once. */
  const open = new Set<(status: number | null) => void>();
  let inFlight = 0;
  let maxConcurrent = 0;
  let closed = false;

  const delay = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve();
      }, ms);
      timers.add(timer);
    });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://simulator');
    const route = routeRunaiPath(url.pathname);
    const method = req.method ?? 'GET';
    const record: RecordedRequest = {
      method,
      path: url.pathname,
      query: queryRecord(url.searchParams),
      endpoint: route?.endpoint ?? null,
      workloadId: route && 'workloadId' in route ? route.workloadId : null,
      status: null,
      fault: null,
      startedAt: preciseNow(),
      endedAt: null,
    };
    requests.push(record);
    inFlight += 1;
    maxConcurrent = Math.max(maxConcurrent, inFlight);
    // Completed when the response is written (so a client that has its answer always sees
    // a complete record), or when the connection closes without one (reset, hang).
    const complete = (status: number | null) => {
      if (record.endedAt !== null) return;
      open.delete(complete);
      record.status = status;
      record.endedAt = preciseNow();
      inFlight -= 1;
    };
    open.add(complete);
    res.on('close', () => complete(null));
    const send = (response: SimulatorResponse, headers: Record<string, string> = {}) => {
      complete(response.status);
      writeJson(res, response, headers);
    };

    const body = await readBody(req);
    if (latencyMs > 0) await delay(latencyMs);
    if (closed) return;

    const isTokenRequest = method === 'POST' && route?.endpoint === 'token';
    if (method !== 'GET' && !isTokenRequest) {
      violations.push(record);
      return send(error(405, `${method} ${url.pathname} is not allowed: Run:ai must only be read`), { allow: 'GET' });
    }
    if (!route) return send(error(404, `no such path ${url.pathname}`));
    if (route.endpoint === 'token' && !isTokenRequest) return send(error(405, 'the token endpoint takes POST'), { allow: 'POST' });
    if (route.endpoint !== 'token' && !tokens.accepts(req.headers.authorization)) {
      return send(error(401, 'missing, unknown or expired bearer token'));
    }

    // A recording's answer comes first; a token request it answered 200 gets a fresh token of ours.
    const replayed = replayer.take(method, url.pathname, url.searchParams);
    if (replayed && !(isTokenRequest && replayed.status !== undefined && replayed.status < 300)) {
      return serveRecorded(replayed, req, res, send, complete);
    }

    const fault = faults.take(route.endpoint, record.workloadId ?? undefined, requestClusterId(state, route, url.searchParams));
    record.fault = fault ?? null;
    if (fault?.status !== undefined) return send(error(fault.status, `simulated ${fault.status} on ${route.endpoint}`));
    if (fault?.kind === 'reset') {
      complete(null);
      req.socket.resetAndDestroy();
      return;
    }
    // Never answered: the client's own timeout must end it (close() destroys the socket).
    if (fault?.kind === 'hang') return;

    const response = serve(route, url.searchParams, body);
    if (fault?.kind === 'truncated-json') {
      complete(response.status);
      writeTruncatedJson(res, response);
      return;
    }
    // 207 keeps the normal body: the scenario itself decides which series are missing.
    if (fault?.kind === 'partial' && response.status === 200) return send({ ...response, status: 207 });
    send(response);
  }

  function serve(route: RunaiRoute, query: URLSearchParams, body: string): SimulatorResponse {
    return route.endpoint === 'token' ? handleTokenRequest(body, credentials, tokens) : serveRunaiEndpoint(state, route, query);
  }

  const server = await startLoopbackServer((req, res) => {
    handle(req, res).catch((cause: unknown) => {
      // A simulator bug must surface in the test that hit it, not hang it.
      if (!res.headersSent && !res.destroyed) writeJson(res, error(500, `simulator error: ${String(cause)}`));
      else res.destroy();
    });
  }, options);
  const { host, port } = server;

  let closing: Promise<void> | undefined;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    requests,
    violations,
    state,
    get maxConcurrent() {
      return maxConcurrent;
    },
    get inFlight() {
      return inFlight;
    },
    setFaults(next) {
      faults.set(next.map((fault) => FaultSchema.parse(fault)));
    },
    expireTokens() {
      tokens.expireAll();
    },
    reset() {
      requests.length = 0;
      violations.length = 0;
      maxConcurrent = inFlight;
      faults.set(state.faults);
      replayer.reset();
    },
    close() {
      closing ??= (() => {
        closed = true;
        for (const timer of timers) clearTimeout(timer);
        timers.clear();
        const stopped = server.close();
        // Destroyed sockets report 'close' asynchronously; settle their records now so the
        // counters are final as soon as close() resolves.
        for (const complete of open) complete(null);
        return stopped;
      })();
      return closing;
    },
  };
}

/** A recorded answer: its status and body, or the recorded transport failure (reset, or no answer at all). */
function serveRecorded(
  exchange: RecordedExchange,
  req: IncomingMessage,
  res: ServerResponse,
  send: (response: SimulatorResponse) => void,
  complete: (status: number | null) => void,
): void {
  // An answer over the recording budget was not kept: there is nothing to serve.
  if (exchange.error === 'reset' || exchange.withheld === 'budget') {
    complete(null);
    req.socket.resetAndDestroy();
    return;
  }
  if (exchange.error === 'timeout' || exchange.status === undefined) return;
  if (exchange.text !== undefined) {
    complete(exchange.status);
    res.writeHead(exchange.status, { 'content-type': 'text/plain', 'content-length': Buffer.byteLength(exchange.text) });
    res.end(exchange.text);
    return;
  }
  send({ status: exchange.status, body: exchange.body ?? {} });
}

function error(status: number, message: string): SimulatorResponse {
  return { status, body: { code: status, message } };
}

function writeJson(res: ServerResponse, { status, body }: SimulatorResponse, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

/** A well-framed HTTP response whose JSON stops halfway: the parser, not the transport, must fail. */
function writeTruncatedJson(res: ServerResponse, { status, body }: SimulatorResponse): void {
  const text = JSON.stringify(body);
  const cut = text.slice(0, Math.max(1, Math.floor(text.length / 2)));
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(cut) });
  res.end(cut);
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    // Keep draining but stop buffering: only the small token body is ever read.
    if (size <= MAX_BODY_BYTES) chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

// fromEntries defines own properties, so a `__proto__` parameter cannot reach the prototype.
function queryRecord(params: URLSearchParams): Record<string, string | string[]> {
  return Object.fromEntries(
    [...new Set(params.keys())].map((key) => {
      const values = params.getAll(key);
      return [key, values.length === 1 ? (values[0] ?? '') : values];
    }),
  );
}

function preciseNow(): number {
  return performance.timeOrigin + performance.now();
}
