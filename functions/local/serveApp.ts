/**
 * Serves a hono app with @hono/node-server on one address, with start-up errors a person
 * can act on (port in use, address not available) and a bounded close: in-flight requests
 * get `graceMs` to finish, then their connections are cut so shutdown never hangs on a
 * client that keeps its connection open.
 */
import { createAdaptorServer } from '@hono/node-server';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ServedApp {
  /** The bound port (the real one when 0 was asked). */
  port: number;
  close(graceMs?: number): Promise<void>;
}

export class ListenError extends Error {
  override readonly name = 'ListenError';
}

export async function serveApp(fetch: (request: Request) => Response | Promise<Response>, host: string, port: number): Promise<ServedApp> {
  const server = createAdaptorServer({ fetch, hostname: host }) as Server;
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      const why =
        error.code === 'EADDRINUSE'
          ? 'address already in use (set PORT to another port, or PORT=0 for any free one)'
          : error.code === 'EADDRNOTAVAIL' || error.code === 'ENOTFOUND'
            ? 'address not available on this machine (check HOST)'
            : error.code === 'EACCES'
              ? 'permission denied (ports below 1024 need privileges; set PORT)'
              : error.message;
      reject(new ListenError(`cannot listen on ${host}:${port}: ${why}`, { cause: error }));
    });
    // `[::1]` is how a URL writes an IPv6 host; listen() wants it bare.
    server.listen(port, host.replace(/^\[(.*)\]$/, '$1'), () => resolve());
  });
  let closing: Promise<void> | undefined;
  return {
    port: (server.address() as AddressInfo).port,
    close(graceMs = 5_000) {
      closing ??= new Promise<void>((resolve) => {
        const cut = setTimeout(() => server.closeAllConnections(), graceMs);
        server.close(() => {
          clearTimeout(cut);
          resolve();
        });
        server.closeIdleConnections();
      });
      return closing;
    },
  };
}

/** `http://127.0.0.1:8787`; a wildcard bind is reached through loopback. */
export function baseUrlFor(host: string, port: number): string {
  const reachable = host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '::1' : host;
  return `http://${reachable.includes(':') && !reachable.startsWith('[') ? `[${reachable}]` : reachable}:${port}`;
}
