/**
 * An undici interceptor that notes every exchange a client makes — the request line and the
 * answer — for `--record`. It sits at the HTTP layer, under the clients' own retries, so a
 * recording holds every attempt exactly as it went (a 503 then a 200, a reset), and the
 * replay goes through the same parsing, retry and error code as the live run.
 *
 * Credentials never enter the log: headers and request bodies are not kept, and the token
 * endpoint's answer is withheld. The bearer tokens sent and the tokens issued are handed to
 * `onSecret` so that the writer can scrub them from every recorded body.
 */
import type { Dispatcher } from 'undici';
import type { RawExchange } from './RawExchange.js';

/**
 * How many answer bytes one recording keeps. Past it an answer's body is not kept (its
 * request line and size are: `withheld: 'budget'`), so a control plane answering 200 pages
 * of 7 MB cannot make `--record` hold the whole history (5.7 GB, #25).
 */
export interface RecordingBudget {
  limitBytes: number;
  keptBytes: number;
  omitted: { exchanges: number; bytes: number };
}

/** Where one diagnosis's exchanges go. */
export interface RecordingSink {
  log: RawExchange[];
  /** Absent: no budget (every body kept). */
  budget?: RecordingBudget;
  onSecret: (value: string) => void;
  /** The path prefix of this diagnosis's Tier 2 API server ('' for none), for an interceptor shared by every cluster. */
  kubernetesBasePath: string;
}

export interface RecordingInterceptorOptions {
  service: RawExchange['service'];
  /**
   * The configured base URL's path (a control plane or API server behind a prefix): stripped from
   * recorded paths. A function when it depends on the diagnosis (the router's Tier 2 interceptor).
   */
  basePath: string | ((sink: RecordingSink) => string);
  /** The sink of the diagnosis this request belongs to, read when the request is sent; none: not recorded. */
  sink: () => RecordingSink | undefined;
}

const TIMEOUT_CODES = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'UND_ERR_CONNECT_TIMEOUT', 'ETIMEDOUT', 'UND_ERR_ABORTED', 'ABORT_ERR']);
const TOKEN_FIELDS = ['accessToken', 'idToken', 'refreshToken', 'access_token', 'id_token', 'refresh_token'];

export function createRecordingInterceptor(options: RecordingInterceptorOptions): Dispatcher.DispatcherComposeInterceptor {
  return (dispatch) => (opts, handler) => {
    const sink = options.sink();
    if (!sink) return dispatch(opts, handler);
    const url = new URL(opts.path, 'http://recorded.invalid');
    const basePath = typeof options.basePath === 'function' ? options.basePath(sink) : options.basePath;
    const path = basePath && url.pathname.startsWith(basePath) ? url.pathname.slice(basePath.length) || '/' : url.pathname;
    const method = String(opts.method).toUpperCase();
    noteBearer(opts.headers, sink.onSecret);
    const isTokenRequest = method !== 'GET';
    const entry: RawExchange = { service: options.service, method, path, search: url.searchParams, body: null };
    const chunks: Buffer[] = [];
    let kept = 0;
    /** Bytes of an answer whose body is not kept (over the budget); undefined while it is kept. */
    let omitted: number | undefined;
    const budget = isTokenRequest ? undefined : sink.budget;
    const note = (chunk: Uint8Array) => {
      if (omitted !== undefined) {
        omitted += chunk.length;
        return;
      }
      if (budget && budget.keptBytes + chunk.length > budget.limitBytes) {
        // Over the budget: what this answer had kept is given back, and nothing more of it is kept.
        omitted = kept + chunk.length;
        budget.keptBytes -= kept;
        chunks.length = 0;
        return;
      }
      chunks.push(Buffer.from(chunk));
      kept += chunk.length;
      if (budget) budget.keptBytes += chunk.length;
    };
    let logged = false;
    const finish = () => {
      if (logged) return;
      logged = true;
      if (omitted !== undefined && budget) {
        entry.omittedBytes = omitted;
        budget.omitted.exchanges += 1;
        budget.omitted.bytes += omitted;
        sink.log.push(entry);
        return;
      }
      const body = Buffer.concat(chunks);
      if (isTokenRequest) noteIssuedTokens(body, sink.onSecret);
      else entry.body = body;
      sink.log.push(entry);
    };
    const inner = handler as Dispatcher.DispatchHandler;
    return dispatch(opts, {
      onRequestStart: (controller, context) => inner.onRequestStart?.(controller, context),
      onRequestUpgrade: (controller, statusCode, headers, socket) => inner.onRequestUpgrade?.(controller, statusCode, headers, socket),
      onResponseStart: (controller, statusCode, headers, statusMessage) => {
        entry.status = statusCode;
        const type = headers['content-type'];
        if (typeof type === 'string') entry.contentType = type;
        return inner.onResponseStart?.(controller, statusCode, headers, statusMessage);
      },
      onResponseData: (controller, chunk) => {
        note(chunk);
        return inner.onResponseData?.(controller, chunk);
      },
      onResponseEnd: (controller, trailers) => {
        finish();
        return inner.onResponseEnd?.(controller, trailers);
      },
      onResponseError: (controller, error) => {
        // An answer already started (a body cut short, or read only up to a cap) keeps what arrived.
        if (entry.status === undefined) entry.error = isTimeout(error) ? 'timeout' : 'reset';
        finish();
        return inner.onResponseError?.(controller, error);
      },
    });
  };
}

function isTimeout(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  const name = (error as { name?: unknown } | null)?.name;
  const message = error instanceof Error ? error.message : String(error);
  return (typeof code === 'string' && TIMEOUT_CODES.has(code)) || name === 'AbortError' || /deadline|timeout|aborted/i.test(message);
}

function noteBearer(headers: Dispatcher.DispatchOptions['headers'], onSecret: (value: string) => void): void {
  const values: unknown[] = [];
  if (Array.isArray(headers)) {
    for (let index = 0; index + 1 < headers.length; index += 2) if (String(headers[index]).toLowerCase() === 'authorization') values.push(headers[index + 1]);
  } else if (headers && typeof headers === 'object') {
    for (const [name, value] of Object.entries(headers as Record<string, unknown>)) if (name.toLowerCase() === 'authorization') values.push(value);
  }
  for (const value of values) {
    const token = /^\s*\S+\s+(.+?)\s*$/.exec(String(value))?.[1];
    if (token) onSecret(token);
  }
}

function noteIssuedTokens(body: Buffer, onSecret: (value: string) => void): void {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    return;
  }
  if (!parsed || typeof parsed !== 'object') return;
  for (const field of TOKEN_FIELDS) {
    const value = (parsed as Record<string, unknown>)[field];
    if (typeof value === 'string' && value !== '') onSecret(value);
  }
}
