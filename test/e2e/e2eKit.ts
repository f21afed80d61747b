/**
 * Shared by the end-to-end tests: the bundled fixtures, control-plane clones (extra
 * clusters, storms), Alertmanager payloads, and an in-process local server whose stdout is
 * captured. Everything listens on loopback only.
 */
import { fileURLToPath } from 'node:url';
import { loadScenarios, type Scenario, type ScenarioState } from '../../functions/simulator/startRunaiSimulator.js';
import { readLocalEnv } from '../../functions/local/readLocalEnv.js';
import { startLocalServer, type LocalServer, type StartLocalServerOptions } from '../../functions/local/startLocalServer.js';

export const FIXTURES_DIR = fileURLToPath(new URL('../../fixtures/scenarios/', import.meta.url));
/** The cluster of (almost) every bundled scenario. */
export const FIXTURE_CLUSTER = '7f3c2a9e-1b4d-4c8e-9a61-2d5f8e0b7c13';
export const TOKEN = 'e2e-webhook-token-0123456789';

let scenarios: Promise<Scenario[]> | undefined;
export function bundledScenarios(): Promise<Scenario[]> {
  scenarios ??= loadScenarios(FIXTURES_DIR);
  return scenarios;
}

export async function scenario(name: string): Promise<Scenario> {
  const found = (await bundledScenarios()).find((candidate) => candidate.name === name);
  if (!found) throw new Error(`no bundled scenario ${name}`);
  return found;
}

/** A deterministic UUID-shaped id: `prefix` is 8 hex digits, `n` the sequence. */
export function uuid(prefix: string, n: number): string {
  return `${prefix}-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
}

/**
 * One bundled scenario's Run:ai state, served again as another workload of another cluster:
 * every occurrence of the workload id, name and cluster id is replaced (ids also appear in
 * pods, events and specs), faults dropped.
 */
export function cloneWorkload(source: Scenario, to: { clusterId: string; workloadId: string; name: string }): ScenarioState {
  const workload = source.runai.workloads[0] as { id: string; name: string; clusterId: string };
  const text = JSON.stringify({ ...source.runai, faults: [] })
    .replaceAll(workload.id, to.workloadId)
    .replaceAll(workload.clusterId, to.clusterId)
    .replaceAll(workload.name, to.name);
  return JSON.parse(text) as ScenarioState;
}

export interface AlertLabels {
  [label: string]: string;
}

/** An Alertmanager v4 webhook body with one firing alert per label set. */
export function alertmanagerPayload(alerts: AlertLabels[], status: 'firing' | 'resolved' = 'firing'): Record<string, unknown> {
  return {
    receiver: 'runai-diagnose',
    status,
    alerts: alerts.map((labels, index) => ({
      status,
      labels: { alertname: 'RunaiWorkloadFailed', severity: 'critical', ...labels },
      annotations: { summary: 'Run:ai workload failed' },
      startsAt: '2026-11-29T17:43:06Z',
      endsAt: '0001-01-01T00:00:00Z',
      generatorURL: 'http://prometheus.invalid/graph',
      fingerprint: index.toString(16).padStart(16, '0'),
    })),
    groupLabels: { alertname: 'RunaiWorkloadFailed' },
    commonLabels: { alertname: 'RunaiWorkloadFailed' },
    commonAnnotations: {},
    externalURL: 'http://alertmanager.invalid:9093',
    version: '4',
    groupKey: '{}:{alertname="RunaiWorkloadFailed"}',
    truncatedAlerts: 0,
  };
}

export async function postJson(url: string, body: unknown, token = TOKEN): Promise<{ status: number; json: Record<string, unknown> }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

export interface CapturedServer {
  server: LocalServer;
  stdout: () => string;
  stderr: () => string;
}

/** The local server in-process on a free loopback port, stdout/stderr captured. */
export async function startCapturedServer(
  env: Record<string, string | undefined>,
  options: Partial<Omit<StartLocalServerOptions, 'config' | 'stdout' | 'stderr'>> = {},
): Promise<CapturedServer> {
  let out = '';
  let err = '';
  const server = await startLocalServer({
    config: readLocalEnv({ PORT: '0', WEBHOOK_TOKEN: TOKEN, LOG_LEVEL: 'warn', BATCH_WINDOW_MS: '100', ...env }),
    fixturesDir: FIXTURES_DIR,
    stdout: (text) => (out += text),
    stderr: (text) => (err += text),
    retryDelayMs: () => 10,
    ...options,
  });
  return { server, stdout: () => out, stderr: () => err };
}

/** Polls `check` until it returns a value, or fails after `timeoutMs` with `what`. */
export async function eventually<T>(what: string, check: () => Promise<T | undefined> | T | undefined, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
