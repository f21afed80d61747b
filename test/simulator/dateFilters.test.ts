/**
 * Date ranges in `filterBy` (`<=`, `>=` on phaseUpdatedAt, createdAt, deletedAt,
 * completedAt) and cluster-targeted faults: what the failure poller relies on.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchFilterBy, parseFilterBy } from '../../functions/simulator/matchFilterBy.js';
import { SimulatorHttpError } from '../../functions/simulator/SimulatorHttpError.js';
import { startRunaiSimulator, type RunaiSimulator } from '../../functions/simulator/startRunaiSimulator.js';
import { createSimulatorClient } from './createSimulatorClient.js';

const NOW = Date.parse('2026-11-29T18:00:00.000Z');
const A = '11111111-1111-1111-1111-111111111111';
const B = '22222222-2222-2222-2222-222222222222';

describe('date ranges in filterBy', () => {
  const record = {
    phaseUpdatedAt: '2026-11-29 16:00:00.500', // space form, no zone: UTC
    createdAt: '2026-11-29T15:00:00+01:00', // 14:00Z
    completedAt: '2026-11-29T16:30:00Z',
    deletedAt: 'not a date',
  };
  const matches = (...filters: string[]) => matchFilterBy(record, parseFilterBy(filters));

  it('compares phaseUpdatedAt, createdAt and completedAt as instants, inclusive at both ends', () => {
    expect(matches('phaseUpdatedAt>=2026-11-29T16:00:00.500Z')).toBe(true);
    expect(matches('phaseUpdatedAt>=2026-11-29T16:00:00.501Z')).toBe(false);
    expect(matches('phaseUpdatedAt<=2026-11-29T16:00:00.500Z')).toBe(true);
    expect(matches('phaseUpdatedAt<=2026-11-29T15:59:59Z')).toBe(false);
    // Text order would say "2026-11-29 16…" < "2026-11-29T15…"; time order says otherwise.
    expect(matches('phaseUpdatedAt>=2026-11-29T15:00:00Z')).toBe(true);
    expect(matches('createdAt>=2026-11-29T14:00:00Z', 'createdAt<=2026-11-29T14:00:00Z')).toBe(true);
    expect(matches('createdAt>=2026-11-29T14:00:00.001Z')).toBe(false);
    expect(matches('completedAt>=2026-11-29T16:00:00Z', 'completedAt<=2026-11-29T17:00:00Z')).toBe(true);
    expect(matches('phaseUpdatedAt>=2026-11-29T17:00:00+01:00')).toBe(true); // 16:00Z
  });

  it('never places a record with an unreadable or missing date inside a range', () => {
    expect(matches('deletedAt>=1970-01-01T00:00:00Z')).toBe(false);
    expect(matches('deletedAt<=2100-01-01T00:00:00Z')).toBe(false);
    expect(matchFilterBy({}, parseFilterBy(['phaseUpdatedAt>=1970-01-01T00:00:00Z']))).toBe(false);
  });

  it('answers 400 to a bound that is not a timestamp (e.g. an unencoded + turned into a space)', () => {
    for (const bad of ['phaseUpdatedAt>=yesterday', 'createdAt<=2026-11-29T15:00:00 01:00', 'completedAt>=12']) {
      expect(() => parseFilterBy([bad]), bad).toThrow(SimulatorHttpError);
    }
    // Equality on a date field keeps its old, lenient meaning.
    expect(() => parseFilterBy(['deletedAt==x'])).not.toThrow();
  });
});

describe('GET /api/v1/workloads with a phaseUpdatedAt window, over HTTP', () => {
  let sim: RunaiSimulator;
  let client: ReturnType<typeof createSimulatorClient>;
  const failed = (id: string, clusterId: string, phaseUpdatedAt: string) => ({ id, name: id, clusterId, phase: 'Failed', phaseUpdatedAt });

  beforeAll(async () => {
    sim = await startRunaiSimulator({
      now: () => NOW,
      scenarios: {
        workloads: [
          failed('a-old', A, 'now-3h'),
          failed('a-1', A, '@space:now-50m'),
          failed('a-2', A, 'now-20m'),
          failed('a-3', A, 'now-1m'),
          { id: 'a-run', name: 'a-run', clusterId: A, phase: 'Running', phaseUpdatedAt: 'now-5m' },
          failed('b-1', B, 'now-10m'),
          { ...failed('a-del', A, 'now-30m'), deletedAt: 'now-2m' },
        ],
        faults: [{ endpoint: 'list', clusterId: B, status: 503 }],
      },
    });
    client = createSimulatorClient(sim);
  });
  afterAll(() => sim.close());

  const since = new Date(NOW - 3_600_000).toISOString();
  const ids = (body: { workloads: { id: string }[] }) => body.workloads.map((w) => w.id);

  it('selects one cluster’s Failed workloads changed since an instant, oldest first, across pages', async () => {
    const filterBy = `clusterId==${A},phase==Failed,phaseUpdatedAt>=${since}`;
    const first = await client.get('/api/v1/workloads', { filterBy, sortBy: 'phaseUpdatedAt', sortOrder: 'asc', offset: 0, limit: 2 });
    expect(first.status).toBe(200);
    expect(first.json).toEqual({ workloads: [expect.objectContaining({ id: 'a-1' }), expect.objectContaining({ id: 'a-2' })], next: 2 });
    const second = await client.get('/api/v1/workloads', { filterBy, sortBy: 'phaseUpdatedAt', sortOrder: 'asc', offset: 2, limit: 2 });
    expect(second.json).toEqual({ workloads: [expect.objectContaining({ id: 'a-3' })] });
  });

  it('decodes a percent-encoded operator and timestamp, as the product client sends them', async () => {
    const encoded = `filterBy=clusterId==${A},phase==Failed,phaseUpdatedAt%3E=${since.replaceAll(':', '%3A')}&sortBy=phaseUpdatedAt&sortOrder=asc`;
    const token = await client.token();
    const response = await client.send('GET', `/api/v1/workloads?${encoded}`, { headers: { authorization: `Bearer ${token}` } });
    expect(ids(response.json as { workloads: { id: string }[] })).toEqual(['a-1', 'a-2', 'a-3']);
  });

  it('bounds a window on both sides, and filters deleted workloads by deletedAt', async () => {
    const window = `phaseUpdatedAt>=${new Date(NOW - 3_600_000).toISOString()},phaseUpdatedAt<=${new Date(NOW - 600_000).toISOString()}`;
    const response = await client.get('/api/v1/workloads', { filterBy: `clusterId==${A},${window}`, sortBy: 'phaseUpdatedAt' });
    expect(ids(response.json)).toEqual(['a-1', 'a-2']);
    const deleted = await client.get('/api/v1/workloads', { deleted: true, filterBy: `deletedAt>=${new Date(NOW - 300_000).toISOString()}` });
    expect(ids(deleted.json)).toEqual(['a-del']);
  });

  it('answers 400 to a window bound that is not a timestamp', async () => {
    const response = await client.get('/api/v1/workloads', { filterBy: 'phaseUpdatedAt>=last-tuesday' });
    expect(response.status).toBe(400);
    expect(response.json.message).toContain('phaseUpdatedAt>=');
  });

  it('a fault with a clusterId breaks only the listings and reads of that cluster', async () => {
    expect((await client.get('/api/v1/workloads', { filterBy: `clusterId==${B},phase==Failed` })).status).toBe(503);
    expect((await client.get('/api/v1/workloads', { filterBy: `clusterId==${A},phase==Failed` })).status).toBe(200);
    // A listing that names no cluster is not "about" cluster B.
    expect((await client.get('/api/v1/workloads', { filterBy: 'phase==Failed' })).status).toBe(200);
    sim.setFaults([{ endpoint: 'status', clusterId: B, status: 500 }]);
    expect((await client.get('/api/v1/workloads/b-1')).status).toBe(500);
    expect((await client.get('/api/v1/workloads/a-1')).status).toBe(200);
    sim.reset();
  });
});
