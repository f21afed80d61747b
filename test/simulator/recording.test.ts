import { describe, expect, it } from 'vitest';
import { startRunaiSimulator } from '../../functions/simulator/startRunaiSimulator.js';
import { CLUSTER, DISTRIBUTED, sampleScenario, TRAIN } from './sampleScenario.js';
import { useRunaiSimulator } from './useRunaiSimulator.js';

const start = useRunaiSimulator();

describe('request recording', () => {
  it('records method, path, query, endpoint, workload, status and timing of every request', async () => {
    const { sim, client } = await start();
    await client.get('/api/v1/workloads', { filterBy: ['name==a', 'phase==Failed'], limit: 5 });
    await client.get(`/api/v1/workloads/${TRAIN}/events`);
    await client.get('/nowhere');
    expect(sim.requests.map((r) => [r.method, r.path, r.endpoint, r.workloadId, r.status])).toEqual([
      ['POST', '/api/v1/token', 'token', null, 200],
      ['GET', '/api/v1/workloads', 'list', null, 200],
      ['GET', `/api/v1/workloads/${TRAIN}/events`, 'events', TRAIN, 200],
      ['GET', '/nowhere', null, null, 404],
    ]);
    expect(sim.requests[1]?.query).toEqual({ filterBy: ['name==a', 'phase==Failed'], limit: '5' });
    for (const r of sim.requests) {
      expect(r.endedAt).not.toBeNull();
      expect(r.endedAt!).toBeGreaterThanOrEqual(r.startedAt);
      expect(Math.abs(r.startedAt - Date.now())).toBeLessThan(10_000);
    }
    expect(sim.violations).toEqual([]);
  });

  it('records every non-GET other than POST /api/v1/token as a violation answered 405', async () => {
    const { sim, client } = await start();
    const attempts: [string, string][] = [
      ['POST', '/api/v1/workloads'],
      ['DELETE', `/api/v1/workloads/${TRAIN}`],
      ['PUT', `/api/v1/workloads/trainings/${TRAIN}`],
      ['PATCH', `/api/v1/workloads/${TRAIN}`],
      ['POST', `/api/v1/workloads/trainings/${TRAIN}/suspend`],
      ['POST', '/api/v2/token'],
      ['HEAD', '/api/v1/workloads'],
    ];
    for (const [method, path] of attempts) {
      const response = await client.send(method, path, {
        body: method === 'HEAD' ? undefined : {},
        headers: { authorization: `Bearer ${await client.token()}` },
      });
      expect(response.status, `${method} ${path}`).toBe(405);
      if (method !== 'HEAD') expect(response.json).toEqual({ code: 405, message: expect.any(String) });
    }
    expect(sim.violations.map((v) => [v.method, v.path, v.status])).toEqual(attempts.map(([m, p]) => [m, p, 405]));
    expect(sim.requests.filter((r) => r.method === 'POST' && r.path === '/api/v1/token')).toHaveLength(1);
    // A violation never reaches the state: the workload is still there.
    expect((await client.get(`/api/v1/workloads/${TRAIN}`)).status).toBe(200);
  });

  it('reset() clears requests, violations and the concurrency peak', async () => {
    const { sim, client } = await start();
    await client.send('DELETE', `/api/v1/workloads/${TRAIN}`);
    expect(sim.violations).toHaveLength(1);
    const requests = sim.requests;
    sim.reset();
    expect(sim.requests).toBe(requests);
    expect(sim.requests).toHaveLength(0);
    expect(sim.violations).toHaveLength(0);
    expect(sim.maxConcurrent).toBe(0);
  });
});

describe('latency injection', () => {
  it('delays every response, the token included, by latencyMs', async () => {
    const latencyMs = 80;
    const { sim, client } = await start({ latencyMs });
    const started = performance.now();
    await client.token();
    await client.get(`/api/v1/workloads/${TRAIN}`);
    await client.get(`/api/v1/workloads/${TRAIN}/history`);
    const elapsed = performance.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(3 * latencyMs - 3);
    expect(elapsed).toBeLessThan(3 * latencyMs + 250);
    for (const r of sim.requests) expect(r.endedAt! - r.startedAt).toBeGreaterThanOrEqual(latencyMs - 2);
  });

  it('overlaps for parallel requests, so a fan-out costs one round trip', async () => {
    const latencyMs = 200;
    const { client } = await start({ latencyMs });
    await client.token();
    const started = performance.now();
    const suffixes = ['', '/events', '/pods', '/history'];
    const responses = await Promise.all(suffixes.map((suffix) => client.get(`/api/v1/workloads/${TRAIN}${suffix}`)));
    const elapsed = performance.now() - started;
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(elapsed).toBeGreaterThanOrEqual(latencyMs - 2);
    expect(elapsed).toBeLessThan(2 * latencyMs);
  });
});

describe('concurrency tracking', () => {
  it('records the peak number of requests in flight', async () => {
    const { sim, client } = await start({ latencyMs: 60 });
    await client.token();
    sim.reset();
    await Promise.all(Array.from({ length: 12 }, () => client.get('/api/v1/workloads')));
    expect(sim.maxConcurrent).toBe(12);
    expect(sim.inFlight).toBe(0);
    for (let i = 0; i < 3; i++) await client.get('/api/v1/workloads');
    expect(sim.maxConcurrent).toBe(12);
    sim.reset();
    for (let i = 0; i < 3; i++) await client.get('/api/v1/workloads');
    expect(sim.maxConcurrent).toBe(1);
  });
});

describe('scenario loading into the server', () => {
  it('resolves relative timestamps once, against the `now` option', async () => {
    const now = Date.parse('2026-11-29T18:43:06.123Z');
    let calls = 0;
    const { sim, client } = await start({ now: () => (calls++, now) });
    const train = (await client.get(`/api/v1/workloads/${TRAIN}`)).json;
    expect(train.phaseUpdatedAt).toBe('2026-11-29T17:43:06.123Z');
    expect(train.createdAt).toBe('2026-11-29T15:43:06.123Z');
    expect((await client.get(`/api/v1/workloads/${DISTRIBUTED}`)).json.phaseUpdatedAt).toBe('2026-11-29 16:43:06.123');
    expect(sim.state.workloadsById.get(TRAIN)?.phaseUpdatedAt).toBe('2026-11-29T17:43:06.123Z');
    expect(calls).toBe(1);
  });

  it('does not mutate the scenario objects it was given', async () => {
    const scenario = sampleScenario();
    await start({ scenarios: scenario });
    expect(scenario.workloads?.[0]?.phaseUpdatedAt).toBe('now-1h');
  });

  it('merges several scenarios into one control plane, faults included', async () => {
    const other = {
      workloads: [{ id: 'other-1', name: 'other', clusterId: CLUSTER, phase: 'Failed', projectName: 'p2' }],
      faults: [{ endpoint: 'status' as const, workloadId: 'other-1', status: 500 }],
    };
    const { client } = await start({ scenarios: [sampleScenario(), other] });
    expect((await client.get('/api/v1/workloads', { filterBy: `clusterId==${CLUSTER}` })).json.workloads).toHaveLength(4);
    expect((await client.get('/api/v1/workloads/other-1')).status).toBe(500);
    expect((await client.get(`/api/v1/workloads/${TRAIN}`)).status).toBe(200);
  });

  it('refuses a workload id (or per-workload data) defined by two scenarios', async () => {
    await expect(startRunaiSimulator({ scenarios: [sampleScenario(), sampleScenario()] })).rejects.toThrow(/defined twice/);
    await expect(startRunaiSimulator({ scenarios: [{ pods: { x: [] } }, { pods: { x: [] } }] })).rejects.toThrow(/pods for workload x are defined twice/);
  });

  it('listens on the requested host and an ephemeral port by default', async () => {
    const { sim } = await start();
    expect(sim.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });
});
