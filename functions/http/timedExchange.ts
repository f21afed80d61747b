/**
 * Runs one HTTP exchange (request, then the whole body) under a single deadline and turns
 * transport failures into a `TransportError` with a coarse kind. undici's own
 * headersTimeout/bodyTimeout are idle timers (bodyTimeout resets on every chunk), so a
 * trickling body could outlive them: the AbortController deadline is what bounds the
 * total time. The `send` callback owns the HTTP method; this module cannot choose one.
 * Shared by the Run:ai client (bodies up to a cap, refused beyond it) and the Kubernetes
 * client (bodies cut at a cap, e.g. a log tail).
 */
import type { Dispatcher } from 'undici';
import { ResponseTooLargeError } from './ResponseTooLargeError.js';

export type TransportKind = 'timeout' | 'network';

export class TransportError extends Error {
  override readonly name = 'TransportError';
  readonly kind: TransportKind;
  /** `false` for failures another attempt cannot fix (bad TLS certificate, closed client, bug). */
  readonly transient: boolean;
  readonly errorCode: string | undefined;

  constructor(kind: TransportKind, transient: boolean, detail: string, errorCode: string | undefined) {
    super(detail);
    this.kind = kind;
    this.transient = transient;
    this.errorCode = errorCode;
  }
}

export interface Exchange {
  status: number;
  text: string;
  /** The `Retry-After` header, when the server sent one (429, 503). */
  retryAfter?: string | undefined;
}

export interface CappedExchange extends Exchange {
  /** The body was longer than the cap: `text` holds its first `maxBytes` bytes. */
  capped: boolean;
}

const TIMEOUT_CODES = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'UND_ERR_CONNECT_TIMEOUT', 'ETIMEDOUT']);

/** Connection-level failures that a fresh connection may not hit again. */
const TRANSIENT_NETWORK_CODES = new Set([
  'UND_ERR_SOCKET',
  'UND_ERR_RES_CONTENT_LENGTH_MISMATCH',
  'ECONNRESET',
  'ECONNREFUSED',
  'ECONNABORTED',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENETDOWN',
]);

function describe(error: unknown): { code: string | undefined; message: string } {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return { code: typeof code === 'string' ? code : undefined, message: error.message };
  }
  return { code: undefined, message: String(error) };
}

function toTransportError(error: unknown, timedOut: boolean, timeoutMs: number): TransportError {
  const { code, message } = describe(error);
  if (timedOut || (code !== undefined && TIMEOUT_CODES.has(code))) {
    return new TransportError('timeout', true, `no complete answer within ${timeoutMs} ms${code ? ` (${code})` : ''}`, code);
  }
  const transient = code !== undefined && TRANSIENT_NETWORK_CODES.has(code);
  return new TransportError('network', transient, `${code ?? 'error'}: ${message}`, code);
}

/** Reads at most `cap` bytes of a body, then stops (the socket is released by destroying the stream). */
async function readCapped(body: Dispatcher.ResponseData['body'], cap: number): Promise<{ text: string; capped: boolean }> {
  const chunks: Buffer[] = [];
  let size = 0;
  let capped = false;
  for await (const chunk of body) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
    if (size + buffer.length > cap) {
      chunks.push(buffer.subarray(0, cap - size));
      size = cap;
      capped = true;
      break;
    }
    chunks.push(buffer);
    size += buffer.length;
  }
  if (capped) body.destroy();
  return { text: Buffer.concat(chunks, size).toString('utf8'), capped };
}

async function underDeadline<T>(
  send: (signal: AbortSignal) => Promise<Dispatcher.ResponseData>,
  timeoutMs: number,
  read: (response: Dispatcher.ResponseData) => Promise<T>,
): Promise<T> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new Error('request deadline exceeded')), timeoutMs);
  try {
    const response = await send(controller.signal);
    // Reading the body inside the deadline: a server that sends headers and then stalls is a timeout too.
    return await read(response);
  } catch (error) {
    if (error instanceof ResponseTooLargeError) throw error;
    throw toTransportError(error, controller.signal.aborted, timeoutMs);
  } finally {
    clearTimeout(timer);
  }
}

function header(response: Dispatcher.ResponseData, name: string): string | undefined {
  const value = response.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * One exchange whose whole body is read, provided it is at most `maxBytes` long: a longer
 * one (announced by Content-Length, or found while reading) throws `ResponseTooLargeError`
 * after reading no more than `maxBytes`.
 */
export function timedExchange(send: (signal: AbortSignal) => Promise<Dispatcher.ResponseData>, timeoutMs: number, maxBytes: number): Promise<Exchange> {
  return underDeadline(send, timeoutMs, async (response) => {
    const length = Number(header(response, 'content-length'));
    if (Number.isFinite(length) && length > maxBytes) {
      response.body.destroy();
      throw new ResponseTooLargeError(response.statusCode, maxBytes, length);
    }
    const { text, capped } = await readCapped(response.body, maxBytes);
    if (capped) throw new ResponseTooLargeError(response.statusCode, maxBytes, null);
    return { status: response.statusCode, text, retryAfter: header(response, 'retry-after') };
  });
}

/** One exchange of which at most `maxBytes` of the body are read (a log tail, a bounded object). */
export function timedCappedExchange(
  send: (signal: AbortSignal) => Promise<Dispatcher.ResponseData>,
  timeoutMs: number,
  maxBytes: number,
): Promise<CappedExchange> {
  return underDeadline(send, timeoutMs, async (response) => ({ status: response.statusCode, ...(await readCapped(response.body, maxBytes)) }));
}
