/**
 * A Kubernetes API server behind a path prefix, as Rancher serves each cluster's API on one
 * origin: a proxy that forwards only the paths below the prefix, the prefix removed. And the
 * check of a recording made through it: paths relative to the prefix, and a replay that works.
 */
import { readdir } from 'node:fs/promises';
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { expect } from 'vitest';
import { loadScenario } from '../../functions/simulator/startRunaiSimulator.js';
import { parseVerdict, runCliInProcess } from '../scenarios/scenarioHarness.js';

const PATH_PREFIX = '/k8s/clusters/c-4f2a';

/** A proxy serving `target` below PATH_PREFIX only (anything else: 404), as Rancher serves each cluster's API. */
export async function behindPathPrefix(target: string): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer((incoming, outgoing) => {
    if (!incoming.url?.startsWith(`${PATH_PREFIX}/`)) {
      outgoing.writeHead(404).end();
      return;
    }
    const forwarded = httpRequest(`${target}${incoming.url.slice(PATH_PREFIX.length)}`, { method: incoming.method, headers: incoming.headers }, (answer) => {
      outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(outgoing);
    });
    forwarded.on('error', () => outgoing.destroy());
    incoming.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}${PATH_PREFIX}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The one recording in `dir`: every Kubernetes path is below the API server, none below the proxy's prefix; the verdict `--replay` reaches. */
export async function replayRecordingBehindPrefix(dir: string): Promise<ReturnType<typeof parseVerdict>> {
  const [folder, ...others] = await readdir(dir);
  expect(others).toEqual([]);
  const recording = await loadScenario(join(dir, folder!));
  const paths = recording.kubernetes!.recorded.map((exchange) => exchange.path);
  expect(paths.length).toBeGreaterThan(0);
  for (const path of paths) expect(path).toMatch(/^\/api\/v1\//);
  const replay = await runCliInProcess(['--replay', join(dir, folder!), '--format', 'json'], {});
  expect(replay.code, replay.stderr).toBe(0);
  return parseVerdict(replay.stdout);
}
