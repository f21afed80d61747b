/** Builders shared by the intake tests: payloads, an app wired to a recording queue, requests. */
import { readFileSync } from 'node:fs';
import type { QueuedDiagnosis } from '../../functions/core/queuedDiagnosis.js';
import { createIntakeApp, type IntakeDeps } from '../../functions/intake/createIntakeApp.js';
import { silentLogger } from '../../functions/core/LogPort.js';
import type { DiagnosisQueue } from '../../functions/queue/DiagnosisQueue.js';

export const TOKEN = 'tok-current-0123456789abcdef';
export const PREVIOUS_TOKEN = 'tok-previous-0123456789abcdef';
export const NOW = new Date('2026-11-29T18:00:00.000Z');
export const CLUSTER = '3f2c6a4e-6a1d-4c1e-9f0e-2b7d8a9c1d2e';

/** A body captured from a real Alertmanager (fixtures/alerts/captured/README.md says where from). */
export const capturedPayload = (): Record<string, unknown> =>
  JSON.parse(readFileSync(new URL('../../fixtures/alerts/captured/webhook-v4-firing.json', import.meta.url), 'utf8')) as Record<string, unknown>;

export interface TestAlert {
  status?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, unknown>;
  fingerprint?: string;
  startsAt?: string;
}

export function alert(labels: Record<string, string>, extra: Omit<TestAlert, 'labels'> = {}): TestAlert {
  return {
    status: 'firing',
    labels: { alertname: 'RunaiWorkloadFailed', ...labels },
    annotations: { summary: 'workload failed' },
    startsAt: '2026-11-29T17:43:06Z',
    fingerprint: 'a1b2c3d4e5f60718',
    ...extra,
  };
}

export function payload(alerts: unknown[], extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    receiver: 'runai-diagnose',
    status: 'firing',
    alerts,
    groupLabels: {},
    commonLabels: {},
    commonAnnotations: {},
    externalURL: 'http://alertmanager:9093',
    version: '4',
    groupKey: '{}:{}',
    truncatedAlerts: 0,
    ...extra,
  };
}

/** A queue that records what it was given, or fails when told to. */
export function recordingQueue(): DiagnosisQueue & { batches: QueuedDiagnosis[][]; fail?: Error } {
  const queue: DiagnosisQueue & { batches: QueuedDiagnosis[][]; fail?: Error } = {
    batches: [],
    async enqueue(messages) {
      if (queue.fail) throw queue.fail;
      queue.batches.push([...messages]);
    },
    async readDepth() {
      if (queue.fail) throw queue.fail;
      return { waiting: queue.batches.flat().length, inFlight: 0 };
    },
  };
  return queue;
}

export function makeApp(overrides: Partial<IntakeDeps> = {}) {
  const queue = recordingQueue();
  const app = createIntakeApp({
    queue,
    tokens: { current: TOKEN, previous: PREVIOUS_TOKEN },
    now: () => NOW,
    logger: silentLogger,
    ...overrides,
  });
  return { app, queue };
}

export const jsonHeaders = (token = TOKEN): Record<string, string> => ({
  authorization: `Bearer ${token}`,
  'content-type': 'application/json',
});

export function postJson(app: ReturnType<typeof makeApp>['app'], path: string, body: unknown, headers = jsonHeaders()) {
  return app.request(path, { method: 'POST', headers, body: typeof body === 'string' ? body : JSON.stringify(body) });
}
