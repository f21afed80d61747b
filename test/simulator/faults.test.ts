import { describe, expect, it } from 'vitest';
import { MetricsResponseSchema } from '../../functions/diagnosis/ports/RunaiSchemas.js';
import { startRunaiSimulator, type Fault } from '../../functions/simulator/startRunaiSimulator.js';
import { sampleScenario, TRAIN, WORKSPACE } from './sampleScenario.js';
import { useRunaiSimulator } from './useRunaiSimulator.js';

const startSimulator = useRunaiSimulator();
const start = (faults: Fault[] = []) => startSimulator({ scenarios: { ...sampleScenario(), faults } });

const metricsQuery = () => ({
  metricType: 'CPU_MEMORY_USAGE_BYTES',
  start: new Date(Date.now() - 4 * 3_600_000).toISOString(),
  end: new Date(Date.now() + 60_000).toISOString(),
});

describe('status faults', () => {
  it('answer the status for the first `times` matching requests, then serve normally', async () => {
    const { sim, client } = await start([{ endpoint: 'status', status: 503, times: 2 }]);
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await client.get(`/api/v1/workloads/${TRAIN}`)).status);
    expect(statuses).toEqual([503, 503, 200]);
    const failed = sim.requests.filter((r) => r.fault !== null);
    expect(failed.map((r) => [r.endpoint, r.status])).toEqual([
      ['status', 503],
      ['status', 503],
    ]);
  });

  it('answer with the OpenAPI Error body', async () => {
    const { client } = await start([{ endpoint: 'events', status: 403 }]);
    const response = await client.get(`/api/v1/workloads/${TRAIN}/events`);
    expect(response.status).toBe(403);
    expect(response.json).toEqual({ code: 403, message: expect.any(String) });
  });

  it('without `times` fire on every matching request', async () => {
    const { client } = await start([{ endpoint: 'history', status: 500 }]);
    for (let i = 0; i < 4; i++) expect((await client.get(`/api/v1/workloads/${TRAIN}/history`)).status).toBe(500);
  });

  it('with a workloadId hit only that workload; other endpoints are untouched', async () => {
    const { client } = await start([{ endpoint: 'pods', workloadId: TRAIN, status: 404 }]);
    expect((await client.get(`/api/v1/workloads/${TRAIN}/pods`)).status).toBe(404);
    expect((await client.get(`/api/v1/workloads/${WORKSPACE}/pods`)).status).toBe(200);
    expect((await client.get(`/api/v1/workloads/${TRAIN}`)).status).toBe(200);
  });

  it('apply to the token endpoint and to the list endpoint', async () => {
    const { client } = await start([
      { endpoint: 'token', status: 503, times: 1 },
      { endpoint: 'list', status: 502, times: 1 },
    ]);
    expect((await client.requestToken()).status).toBe(503);
    expect((await client.requestToken()).status).toBe(200);
    expect((await client.get('/api/v1/workloads')).status).toBe(502);
    expect((await client.get('/api/v1/workloads')).status).toBe(200);
  });

  it('apply to the spec endpoint whatever the spec path', async () => {
    const { client } = await start([{ endpoint: 'spec', status: 500, times: 1 }]);
    expect((await client.get(`/api/v1/workloads/trainings/${TRAIN}`)).status).toBe(500);
    expect((await client.get(`/api/v1/workloads/trainings/${TRAIN}`)).status).toBe(200);
  });

  it('do not consume `times` on requests refused for auth', async () => {
    const { client } = await start([{ endpoint: 'status', status: 500, times: 1 }]);
    expect((await client.get(`/api/v1/workloads/${TRAIN}`, {}, { token: null })).status).toBe(401);
    expect((await client.get(`/api/v1/workloads/${TRAIN}`)).status).toBe(500);
  });
});

describe('transport faults', () => {
  it('reset drops the connection without an answer', async () => {
    const { sim, client } = await start([{ endpoint: 'events', kind: 'reset', times: 1 }]);
    await client.token();
    await expect(client.get(`/api/v1/workloads/${TRAIN}/events`)).rejects.toThrow();
    expect((await client.get(`/api/v1/workloads/${TRAIN}/events`)).status).toBe(200);
    const reset = sim.requests.find((r) => r.fault?.kind === 'reset');
    expect(reset).toMatchObject({ status: null, endpoint: 'events' });
    expect(reset?.endedAt).not.toBeNull();
  });

  it('hang never answers until the client gives up, and close() still terminates', async () => {
    const { sim, client } = await start([{ endpoint: 'status', kind: 'hang' }]);
    await client.token();
    const started = performance.now();
    await expect(client.get(`/api/v1/workloads/${TRAIN}`, {}, { signal: AbortSignal.timeout(150) })).rejects.toThrow(/abort/i);
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
    await expect.poll(() => sim.inFlight).toBe(0);
    expect(sim.requests.at(-1)).toMatchObject({ status: null, fault: { kind: 'hang' } });

    // A second hung request still open when the simulator closes.
    const pending = client.get(`/api/v1/workloads/${TRAIN}`).catch((error: unknown) => error);
    await expect.poll(() => sim.inFlight).toBe(1);
    const closing = performance.now();
    await sim.close();
    expect(performance.now() - closing).toBeLessThan(1000);
    expect(await pending).toBeInstanceOf(Error);
    expect(sim.inFlight).toBe(0);
  });

  it('truncated-json answers a well-framed 200 whose body is not valid JSON', async () => {
    const { client } = await start([{ endpoint: 'list', kind: 'truncated-json', times: 1 }]);
    const response = await client.get('/api/v1/workloads');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/json');
    expect(response.text.length).toBeGreaterThan(0);
    expect(() => JSON.parse(response.text)).toThrow();
    expect(response.text.startsWith('{"workloads":[')).toBe(true);
    expect(JSON.parse((await client.get('/api/v1/workloads')).text).workloads).toHaveLength(4);
  });

  it('partial answers metrics 207 with a body the client schema accepts', async () => {
    const { client } = await start([{ endpoint: 'metrics', kind: 'partial' }]);
    const response = await client.get(`/api/v1/workloads/${TRAIN}/metrics`, metricsQuery());
    expect(response.status).toBe(207);
    expect(MetricsResponseSchema.parse(response.json).measurements[0]?.type).toBe('CPU_MEMORY_USAGE_BYTES');
  });

  it('partial leaves error answers alone (a 400 stays a 400)', async () => {
    const { client } = await start([{ endpoint: 'metrics', kind: 'partial' }]);
    expect((await client.get(`/api/v1/workloads/${TRAIN}/metrics`, {})).status).toBe(400);
  });
});

describe('managing faults', () => {
  it('setFaults replaces the active faults; reset() restores the scenario faults and their counters', async () => {
    const { sim, client } = await start([{ endpoint: 'status', status: 500, times: 1 }]);
    expect((await client.get(`/api/v1/workloads/${TRAIN}`)).status).toBe(500);
    expect((await client.get(`/api/v1/workloads/${TRAIN}`)).status).toBe(200);

    sim.setFaults([{ endpoint: 'pods', status: 502 }]);
    expect((await client.get(`/api/v1/workloads/${TRAIN}`)).status).toBe(200);
    expect((await client.get(`/api/v1/workloads/${TRAIN}/pods`)).status).toBe(502);

    sim.reset();
    expect(sim.requests).toEqual([]);
    expect((await client.get(`/api/v1/workloads/${TRAIN}/pods`)).status).toBe(200);
    expect((await client.get(`/api/v1/workloads/${TRAIN}`)).status).toBe(500);
    expect((await client.get(`/api/v1/workloads/${TRAIN}`)).status).toBe(200);

    sim.setFaults([]);
    expect((await client.get(`/api/v1/workloads/${TRAIN}/pods`)).status).toBe(200);
  });

  it('rejects malformed faults', async () => {
    const { sim } = await start();
    const bad = [
      { endpoint: 'nodes', status: 500 },
      { endpoint: 'status' },
      { endpoint: 'status', status: 500, kind: 'hang' },
      { endpoint: 'status', kind: 'slow' },
      { endpoint: 'status', status: 500, workloadID: TRAIN },
      { endpoint: 'status', status: 500, times: 0 },
    ];
    for (const fault of bad) expect(() => sim.setFaults([fault as Fault]), JSON.stringify(fault)).toThrow();
    await expect(startRunaiSimulator({ scenarios: { faults: [bad[1] as Fault] } })).rejects.toThrow(/exactly one/);
  });
});
