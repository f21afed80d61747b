import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EventListSchema,
  HistoryPageSchema,
  MetricsResponseSchema,
  PodListSchema,
  WorkloadSpecResponseSchema,
} from '../../functions/diagnosis/ports/RunaiSchemas.js';
import { startRunaiSimulator, type RunaiSimulator } from '../../functions/simulator/startRunaiSimulator.js';
import { createSimulatorClient } from './createSimulatorClient.js';
import { DISTRIBUTED, INFERENCE, sampleScenario, TRAIN, UNKNOWN, WORKSPACE } from './sampleScenario.js';

const NOW = Date.parse('2026-11-29T18:00:00.000Z');
const at = (offsetMs: number) => new Date(NOW + offsetMs).toISOString();
const HOUR = 3_600_000;

const HISTORY_ID = 'cccccccc-0000-0000-0000-000000000001';
const manyRecords = Array.from({ length: 120 }, (_, index) => ({
  meta: { creationTimestamp: `now-${index}m`, type: 'PhaseUpdate' },
  spec: { phaseUpdate: { phase: `P${index}` } },
}));
const manyEvents = Array.from({ length: 7 }, (_, index) => ({ id: `ev-${index}`, createdAt: `now-${index}h`, reason: 'BackOff' }));

let sim: RunaiSimulator;
let client: ReturnType<typeof createSimulatorClient>;

beforeAll(async () => {
  sim = await startRunaiSimulator({
    now: () => NOW,
    scenarios: [
      sampleScenario(),
      {
        workloads: [{ id: HISTORY_ID, name: 'long', type: 'DISTRIBUTED-INFERENCE', clusterId: 'c', phase: 'Failed' }],
        history: { [HISTORY_ID]: manyRecords },
        events: { [HISTORY_ID]: manyEvents },
        specs: { [HISTORY_ID]: { name: 'long', spec: { image: 'nim:1' } } },
      },
    ],
  });
  client = createSimulatorClient(sim);
});
afterAll(() => sim.close());

describe('GET /api/v1/workloads/{id}/events', () => {
  it('returns events newest first by default, timestamps resolved against now', async () => {
    const response = await client.get(`/api/v1/workloads/${TRAIN}/events`);
    expect(response.status).toBe(200);
    expect(EventListSchema.safeParse(response.json).success).toBe(true);
    expect(response.json.events.map((e: { id: string }) => e.id)).toEqual(['e-3', 'e-2', 'e-1']);
    expect(response.json.events[1].createdAt).toBe(at(-50 * 60_000));
    expect(response.json.events[0].createdAt).toBe(
      at(-40 * 60_000)
        .replace('T', ' ')
        .replace('Z', ''),
    );
    expect('next' in response.json).toBe(false);
  });

  it('honours sortOrder=asc and pages with offset/limit', async () => {
    const asc = await client.get(`/api/v1/workloads/${TRAIN}/events`, { sortOrder: 'asc' });
    expect(asc.json.events.map((e: { id: string }) => e.id)).toEqual(['e-1', 'e-2', 'e-3']);
    const first = await client.get(`/api/v1/workloads/${HISTORY_ID}/events`, { limit: 3 });
    expect(first.json.events.map((e: { id: string }) => e.id)).toEqual(['ev-0', 'ev-1', 'ev-2']);
    expect(first.json.next).toBe(3);
    const last = await client.get(`/api/v1/workloads/${HISTORY_ID}/events`, { limit: 3, offset: 6 });
    expect(last.json).toEqual({ events: [expect.objectContaining({ id: 'ev-6' })] });
  });

  it('returns {events: []} for a workload without events', async () => {
    expect((await client.get(`/api/v1/workloads/${WORKSPACE}/events`)).json).toEqual({ events: [] });
  });
});

describe('GET /api/v1/workloads/{id}/pods', () => {
  it('returns the pods envelope, and {pods: []} when the scenario has none', async () => {
    const response = await client.get(`/api/v1/workloads/${TRAIN}/pods`);
    expect(PodListSchema.parse(response.json).pods.map((p) => p.k8sPhase)).toEqual(['OOMKilled', 'Error']);
    expect('next' in response.json).toBe(false);
    expect((await client.get(`/api/v1/workloads/${TRAIN}/pods`, { limit: 1 })).json.next).toBe(1);
    expect((await client.get(`/api/v1/workloads/${INFERENCE}/pods`)).json).toEqual({ pods: [] });
  });
});

describe('GET /api/v1/workloads/{id}/history', () => {
  it('returns records in file order, limit 50 by default, next absent on the last page', async () => {
    const pages: { records: { spec: { phaseUpdate: { phase: string } } }[]; next?: number }[] = [];
    let offset: number | undefined = 0;
    while (offset !== undefined) {
      const response = await client.get(`/api/v1/workloads/${HISTORY_ID}/history`, offset === 0 ? {} : { offset });
      expect(HistoryPageSchema.safeParse(response.json).success).toBe(true);
      pages.push(response.json);
      offset = response.json.next;
    }
    expect(pages.map((page) => [page.records.length, page.next])).toEqual([
      [50, 50],
      [50, 100],
      [20, undefined],
    ]);
    expect(pages.flatMap((page) => page.records.map((r) => r.spec.phaseUpdate.phase))).toEqual(manyRecords.map((r) => r.spec.phaseUpdate.phase));
    expect('next' in pages[2]!).toBe(false);
  });

  it('does not reorder records (the API specifies no order)', async () => {
    const response = await client.get(`/api/v1/workloads/${TRAIN}/history`);
    expect(response.json.records.map((r: { meta: { type: string } }) => r.meta.type)).toEqual(['PhaseUpdate', 'PhaseUpdate', 'Event']);
    expect(response.json.records[0].meta.creationTimestamp).toBe(at(-30 * 60_000));
  });

  it('returns {records: []} when the scenario has no history', async () => {
    expect((await client.get(`/api/v1/workloads/${WORKSPACE}/history`)).json).toEqual({ records: [] });
  });
});

describe('GET /api/v1/workloads/{id}/metrics', () => {
  const window = { start: at(-2 * HOUR), end: at(0) };

  it('returns only the requested types, values inside [start, end]', async () => {
    const response = await client.get(`/api/v1/workloads/${TRAIN}/metrics`, {
      ...window,
      metricType: 'CPU_MEMORY_USAGE_BYTES,CPU_MEMORY_LIMIT_BYTES',
      numberOfSamples: 20,
    });
    expect(response.status).toBe(200);
    const parsed = MetricsResponseSchema.parse(response.json);
    expect(parsed.measurements.map((m) => m.type)).toEqual(['CPU_MEMORY_USAGE_BYTES', 'CPU_MEMORY_LIMIT_BYTES']);
    expect(parsed.measurements[0]!.values!.map((v) => v.value)).toEqual(['3000', '5000']);
  });

  it('accepts repeated metricType and drops everything outside a narrow window', async () => {
    const response = await client.get(`/api/v1/workloads/${TRAIN}/metrics`, {
      start: at(-70 * 60_000),
      end: at(-65 * 60_000),
      metricType: ['CPU_MEMORY_USAGE_BYTES', 'GPU_UTILIZATION'],
    });
    expect(response.json.measurements).toEqual([
      { type: 'CPU_MEMORY_USAGE_BYTES', labels: null, values: [] },
      { type: 'GPU_UTILIZATION', labels: { gpu: '0' }, values: [] },
    ]);
  });

  it('returns {measurements: []} when the workload has no series', async () => {
    const response = await client.get(`/api/v1/workloads/${WORKSPACE}/metrics`, { ...window, metricType: 'CPU_MEMORY_USAGE_BYTES' });
    expect(response.json).toEqual({ measurements: [] });
  });

  it('answers 400 when metricType, start or end is missing or invalid', async () => {
    const path = `/api/v1/workloads/${TRAIN}/metrics`;
    const cases = [
      { start: window.start, end: window.end },
      { metricType: 'CPU_MEMORY_USAGE_BYTES', end: window.end },
      { metricType: 'CPU_MEMORY_USAGE_BYTES', start: window.start },
      { metricType: 'CPU_MEMORY_USAGE_BYTES', start: 'yesterday', end: window.end },
      { metricType: 'MEMORY', ...window },
      { metricType: 'CPU_MEMORY_USAGE_BYTES', start: window.end, end: window.start },
      { metricType: 'CPU_MEMORY_USAGE_BYTES', ...window, numberOfSamples: 5000 },
    ];
    for (const query of cases) {
      const response = await client.get(path, query);
      expect(response.status, JSON.stringify(query)).toBe(400);
      expect(response.json.code).toBe(400);
    }
  });
});

describe('GET /api/v1/workloads/{kind}/{id} (type-specific spec)', () => {
  it('serves the spec on the path matching the type, case-insensitively', async () => {
    const training = await client.get(`/api/v1/workloads/trainings/${TRAIN}`);
    expect(training.status).toBe(200);
    expect(WorkloadSpecResponseSchema.parse(training.json).spec?.image).toBe('repo/train:1');
    const distributed = await client.get(`/api/v1/workloads/distributed/${DISTRIBUTED}`);
    expect(WorkloadSpecResponseSchema.parse(distributed.json).masterSpec?.image).toBe('repo/m:1');
    expect((await client.get(`/api/v1/workloads/workspaces/${WORKSPACE}`)).status).toBe(200);
    expect((await client.get(`/api/v1/workloads/distributed-inferences/${HISTORY_ID}`)).json.spec.image).toBe('nim:1');
  });

  it('answers 404 on any other spec path, when the spec is absent, or for an unknown workload', async () => {
    for (const kind of ['workspaces', 'inferences', 'distributed', 'distributed-inferences']) {
      const response = await client.get(`/api/v1/workloads/${kind}/${TRAIN}`);
      expect(response.status, kind).toBe(404);
      expect(response.json.code).toBe(404);
    }
    expect((await client.get(`/api/v1/workloads/inferences/${INFERENCE}`)).status).toBe(404);
    expect((await client.get(`/api/v1/workloads/trainings/${UNKNOWN}`)).status).toBe(404);
  });
});

describe('unknown workloads', () => {
  it('answer 404 {code, message} on every per-workload path', async () => {
    const metricsQuery = { metricType: 'CPU_MEMORY_USAGE_BYTES', start: at(-HOUR), end: at(0) };
    for (const suffix of ['', '/events', '/pods', '/history', '/metrics']) {
      const response = await client.get(`/api/v1/workloads/${UNKNOWN}${suffix}`, suffix === '/metrics' ? metricsQuery : {});
      expect(response.status, suffix).toBe(404);
      expect(response.json).toEqual({ code: 404, message: expect.any(String) });
    }
  });
});
