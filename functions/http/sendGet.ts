/**
 * The one place either API client sends a request to read: the method is the literal 'GET'
 * below and there is no method parameter, so no caller can turn a read into a write
 * (test/runai/readOnly.test.ts and test/tier2/readOnly.test.ts scan for exactly this site).
 * It adds the bearer token and bounds the whole exchange with one deadline.
 */
import type { Dispatcher } from 'undici';
import { timedCappedExchange, timedExchange, type CappedExchange, type Exchange } from './timedExchange.js';

export interface GetRequest {
  dispatcher: Dispatcher;
  origin: string;
  /** The concrete, already-encoded path and query string (base path included). */
  path: string;
  token: string;
  accept: string;
  /** Deadline of the whole exchange, body included; also undici's idle timers. */
  timeoutMs: number;
}

function getFrom(request: GetRequest): (signal: AbortSignal) => Promise<Dispatcher.ResponseData> {
  return (signal) =>
    request.dispatcher.request({
      origin: request.origin,
      path: request.path,
      method: 'GET',
      headers: { authorization: `Bearer ${request.token}`, accept: request.accept },
      signal,
      headersTimeout: request.timeoutMs,
      bodyTimeout: request.timeoutMs,
    });
}

/**
 * A GET whose whole body is read, up to `maxBytes` (beyond: `ResponseTooLargeError`).
 * Transport failures are thrown as `TransportError`.
 */
export function sendGet(request: GetRequest, maxBytes: number): Promise<Exchange> {
  return timedExchange(getFrom(request), request.timeoutMs, maxBytes);
}

/** A GET of which at most `maxBytes` of the body are read. Transport failures are thrown as `TransportError`. */
export function sendCappedGet(request: GetRequest, maxBytes: number): Promise<CappedExchange> {
  return timedCappedExchange(getFrom(request), request.timeoutMs, maxBytes);
}
