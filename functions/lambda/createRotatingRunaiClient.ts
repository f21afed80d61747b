/**
 * The Run:ai client of a Lambda whose credentials can rotate: one client (its token cache
 * and connection pool) per set of credentials, reused while they are unchanged. The
 * credentials are looked up on every use (cached for minutes by loadRunaiCredentials, so a
 * map lookup when warm); when they change, a new client is built and the old one closes
 * once what it has in flight is done — a rotated secret takes effect without a cold start.
 */
import type { Dispatcher } from 'undici';
import type { RunaiCredentials, RunaiRequestInfo } from '../runai/RunaiClientConfig.js';
import { createRunaiClient, type RunaiClient } from '../runai/createRunaiClient.js';

export interface RotatingRunaiClientOptions {
  baseUrl: string;
  requestTimeoutMs?: number;
  /** Largest Run:ai answer read (RUNAI_MAX_RESPONSE_BYTES). */
  maxResponseBytes?: number;
  onRequest?: (info: RunaiRequestInfo) => void;
  /** A dispatcher per client (e.g. a recording one, which scrubs these credentials). */
  dispatcherFor?: (credentials: RunaiCredentials) => Dispatcher;
}

/** Returns the client for these credentials, building (and swapping in) a new one when they changed. */
export type RunaiClientFor = (credentials: RunaiCredentials) => RunaiClient;

export function createRotatingRunaiClient(options: RotatingRunaiClientOptions): RunaiClientFor {
  let current: { key: string; client: RunaiClient } | undefined;
  return (credentials) => {
    const key = JSON.stringify(credentials);
    if (current?.key === key) return current.client;
    const previous = current?.client;
    current = {
      key,
      client: createRunaiClient({
        baseUrl: options.baseUrl,
        credentials,
        ...(options.requestTimeoutMs !== undefined ? { requestTimeoutMs: options.requestTimeoutMs } : {}),
        ...(options.maxResponseBytes !== undefined ? { maxResponseBytes: options.maxResponseBytes } : {}),
        ...(options.onRequest ? { onRequest: options.onRequest } : {}),
        ...(options.dispatcherFor ? { dispatcher: options.dispatcherFor(credentials) } : {}),
      }),
    };
    // Rotated: the old pool finishes what it has in flight, then closes.
    previous?.close().catch(() => {});
    return current.client;
  };
}
