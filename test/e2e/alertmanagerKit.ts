/**
 * A real Alertmanager (Debian's `prometheus-alertmanager`) for the end-to-end tests: a
 * config whose webhook receivers point at the local app, started on a free loopback port
 * with its own storage directory and no cluster gossip, and stopped for sure afterwards.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const ALERTMANAGER_BINARY = 'prometheus-alertmanager';

/** The binary's path, or null when it is not installed. */
export function findAlertmanager(): string | null {
  const found = spawnSync('sh', ['-c', `command -v ${ALERTMANAGER_BINARY}`], { encoding: 'utf8' });
  const path = found.stdout.trim();
  return found.status === 0 && path !== '' ? path : null;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export interface Alertmanager {
  url: string;
  /** Posts alerts to `/api/v2/alerts` (what Prometheus does). */
  postAlerts(alerts: { labels: Record<string, string>; annotations?: Record<string, string>; startsAt?: string; endsAt?: string }[]): Promise<void>;
  /** Sum of a counter from `/metrics`, over the series whose labels include `labels`. */
  counter(name: string, labels?: Record<string, string>): Promise<number>;
  logs(): string;
  stop(): Promise<void>;
}

export async function startAlertmanager(binary: string, config: string): Promise<Alertmanager> {
  const dir = await mkdtemp(join(tmpdir(), 'runai-diagnose-am-'));
  const configFile = join(dir, 'alertmanager.yml');
  await writeFile(configFile, config);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(
    binary,
    [
      `--config.file=${configFile}`,
      `--storage.path=${join(dir, 'data')}`,
      `--web.listen-address=127.0.0.1:${port}`,
      '--cluster.listen-address=', // no gossip: a single, isolated instance
      '--log.level=info',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let logs = '';
  child.stdout!.on('data', (chunk: Buffer) => (logs += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (logs += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 3_000);
      await exited;
      clearTimeout(killer);
    }
    await rm(dir, { recursive: true, force: true });
  };

  try {
    const deadline = Date.now() + 15_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`alertmanager exited with ${child.exitCode}:\n${logs}`);
      const ready = await fetch(`${url}/-/ready`).then(
        (response) => response.ok,
        () => false,
      );
      if (ready) break;
      if (Date.now() > deadline) throw new Error(`alertmanager not ready after 15 s:\n${logs}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } catch (error) {
    await stop();
    throw error;
  }

  return {
    url,
    async postAlerts(alerts) {
      const response = await fetch(`${url}/api/v2/alerts`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(alerts),
      });
      if (!response.ok) throw new Error(`POST /api/v2/alerts: ${response.status} ${await response.text()}`);
    },
    async counter(name, labels = {}) {
      const text = await (await fetch(`${url}/metrics`)).text();
      let sum = 0;
      for (const line of text.split('\n')) {
        if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
        if (!Object.entries(labels).every(([key, value]) => line.includes(`${key}="${value}"`))) continue;
        sum += Number(line.slice(line.lastIndexOf(' ') + 1));
      }
      return sum;
    },
    logs: () => logs,
    stop,
  };
}

/**
 * Receivers for the local app at `appUrl`: `runai-diagnose` (default route),
 * `cluster-in-url` (alerts labelled feed="cluster-in-url": the cluster id comes from
 * `?clusterId=`), `wrong-token` (feed="wrong-token": a bad bearer token, 401).
 */
export function alertmanagerConfig(appUrl: string, token: string, clusterId: string): string {
  const webhook = (url: string, credentials: string) => `
    webhook_configs:
      - url: '${url}'
        send_resolved: false
        http_config:
          authorization:
            type: Bearer
            credentials: '${credentials}'`;
  return `
route:
  receiver: runai-diagnose
  group_by: ['alertname']
  group_wait: 200ms
  group_interval: 1s
  repeat_interval: 1h
  routes:
    - matchers: ['feed="cluster-in-url"']
      receiver: cluster-in-url
    - matchers: ['feed="wrong-token"']
      receiver: wrong-token
receivers:
  - name: runai-diagnose${webhook(`${appUrl}/webhooks/alertmanager`, token)}
  - name: cluster-in-url${webhook(`${appUrl}/webhooks/alertmanager?clusterId=${clusterId}`, token)}
  - name: wrong-token${webhook(`${appUrl}/webhooks/alertmanager`, 'not-the-webhook-token-000')}
`;
}
