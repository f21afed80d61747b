/**
 * The connection pool of an API client: keep-alive connections to one origin, a connect
 * timeout, and optionally the CA that signs the server's certificate (certificate checking
 * is never turned off; without a CA, Node's default CAs apply).
 */
import type { Pool } from 'undici';
import { Pool as UndiciPool } from './undiciCore.js';

/** Below the idle timeout of common load balancers (ALB: 60 s), so we close idle sockets before they do. */
const POOL_KEEP_ALIVE_MS = 10_000;

export interface PoolOptions {
  connections: number;
  connectTimeoutMs: number;
  /** PEM bundle of the server's CA. */
  ca?: string | undefined;
}

export function createPool(origin: string, options: PoolOptions): Pool {
  return new UndiciPool(origin, {
    connections: options.connections,
    keepAliveTimeout: POOL_KEEP_ALIVE_MS,
    connect: { timeout: options.connectTimeoutMs, ...(options.ca ? { ca: options.ca } : {}) },
  });
}
