/**
 * The `node:http` plumbing the simulators share: listen on `host` (default 127.0.0.1) and
 * `port` (default ephemeral), track every open connection, and close by destroying them
 * all, hung ones included, so a test never waits on a client that will not hang up.
 */
import { createServer, type RequestListener } from 'node:http';
import type { Socket } from 'node:net';

export interface LoopbackServerOptions {
  host?: string;
  port?: number;
}

export interface LoopbackServer {
  /** The host it listens on, as given (default `127.0.0.1`). */
  readonly host: string;
  /** The port it listens on (the ephemeral one chosen when none was given). */
  readonly port: number | undefined;
  /** Stops listening and destroys every connection; resolves once the server has closed. Idempotent. */
  close(): Promise<void>;
}

export async function startLoopbackServer(listener: RequestListener, options: LoopbackServerOptions = {}): Promise<LoopbackServer> {
  const sockets = new Set<Socket>();
  const server = createServer(listener);
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;

  let closing: Promise<void> | undefined;
  return {
    host,
    port,
    close() {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      });
      return closing;
    },
  };
}
