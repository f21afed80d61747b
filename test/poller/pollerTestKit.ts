/**
 * A control plane for the poller tests: Failed workloads at various `phaseUpdatedAt` on
 * cluster A, Running/Pending ones beside them, a second configured cluster B, and a
 * cluster C that is not configured. Served by the real simulator at a fixed clock and
 * read with the real client, so the filter and paging are exercised over HTTP.
 */
import { createRunaiClient, type RunaiClient } from '../../functions/runai/createRunaiClient.js';
import { startRunaiSimulator, type RunaiSimulator, type ScenarioState } from '../../functions/simulator/startRunaiSimulator.js';

export const NOW = Date.parse('2026-11-29T18:00:00.000Z');
export const A = '11111111-1111-4111-8111-111111111111';
export const B = '22222222-2222-4222-8222-222222222222';
export const C = '33333333-3333-4333-8333-333333333333';
export const P = '44444444-4444-4444-8444-444444444444';

export const minutes = (n: number): number => n * 60_000;
export const isoAt = (ms: number): string => new Date(ms).toISOString();

export function workload(id: string, clusterId: string, phase: string, phaseUpdatedAt: string, extra: Record<string, unknown> = {}) {
  return { id, name: id, type: 'Training', projectName: 'ml-team', clusterId, phase, phaseUpdatedAt, ...extra };
}

export function pollerScenario(): ScenarioState {
  return {
    workloads: [
      workload('a-old', A, 'Failed', 'now-3h'), // before the first-run window
      workload('a-1', A, 'Failed', '@space:now-50m'), // the space-separated form some servers emit
      workload('a-2', A, 'Failed', 'now-20m'),
      workload('a-3', A, 'Failed', 'now-2m'), // the newest: the watermark after the first run
      workload('a-run', A, 'Running', 'now-5m'),
      workload('a-pend', A, 'Pending', 'now-1m'),
      workload('b-1', B, 'Failed', 'now-30m'),
      workload('b-run', B, 'Running', 'now-10m'),
      workload('c-1', C, 'Failed', 'now-5m'), // not configured: never listed
    ],
  };
}

/** `count` Failed workloads on cluster P, one every 10 s up to `now-10s`, named p-000 (oldest)… */
export function bulkFailures(count: number): ScenarioState {
  return {
    workloads: Array.from({ length: count }, (_, index) => workload(`p-${String(index).padStart(3, '0')}`, P, 'Failed', isoAt(NOW - (count - index) * 10_000))),
  };
}

export interface PollerRig {
  sim: RunaiSimulator;
  client: RunaiClient;
  /** Adds a workload to the served state, as if it had just appeared in Run:ai. */
  addWorkload(record: ReturnType<typeof workload>): void;
  close(): Promise<void>;
}

export async function startPollerRig(scenarios: ScenarioState[] = [pollerScenario()]): Promise<PollerRig> {
  const sim = await startRunaiSimulator({ scenarios, now: () => NOW });
  const client = createRunaiClient({
    baseUrl: sim.url,
    credentials: { grantType: 'client_credentials', clientId: 'sim-client', clientSecret: 'sim-secret' },
    retryBaseDelayMs: 1,
  });
  return {
    sim,
    client,
    addWorkload(record) {
      sim.state.workloads.push(record);
      sim.state.workloadsById.set(record.id, record);
    },
    async close() {
      await client.close();
      await sim.close();
    },
  };
}

/** The read-only bar (the quality bars, docs/tests.md): nothing but GETs and the token POST reached the control plane. */
export function nonGetRequests(sim: RunaiSimulator): string[] {
  return sim.requests.filter((r) => r.method !== 'GET' && !(r.method === 'POST' && r.endpoint === 'token')).map((r) => `${r.method} ${r.path}`);
}

/** The filterBy of every list request the simulator received, in order. */
export function listFilters(sim: RunaiSimulator): string[] {
  return sim.requests.filter((r) => r.endpoint === 'list').map((r) => String(r.query.filterBy));
}
