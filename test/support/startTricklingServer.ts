/**
 * A loopback HTTP server that answers with its status and headers at once, then sends the body
 * one byte per `intervalMs`, `totalBytes` in all: the slow-loris answer that idle timeouts
 * (which restart at every byte) never catch; `intervalMs` 0 sends the body at once. Bounded in
 * bytes and time, loopback only.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface TricklingServer {
  url: string;
  /** Request bodies received, in order. */
  readonly requests: string[];
  close(): Promise<void>;
}

export async function startTricklingServer(options: { status: number; contentType: string; body: string; intervalMs: number }): Promise<TricklingServer> {
  const requests: string[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const readBody = (request: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let text = '';
      request.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      request.on('end', () => resolve(text));
    });
  const server: Server = createServer((request, response) => {
    void readBody(request).then((text) => {
      requests.push(text);
      response.writeHead(options.status, { 'content-type': options.contentType, 'content-length': String(Buffer.byteLength(options.body)) });
      if (options.intervalMs <= 0) {
        response.end(options.body);
        return;
      }
      const bytes = Buffer.from(options.body);
      let sent = 0;
      const timer = setInterval(() => {
        if (response.destroyed || sent >= bytes.length) {
          clearInterval(timer);
          timers.delete(timer);
          if (!response.destroyed) response.end();
          return;
        }
        response.write(bytes.subarray(sent, sent + 1));
        sent += 1;
      }, options.intervalMs);
      timers.add(timer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: async () => {
      for (const timer of timers) clearInterval(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
