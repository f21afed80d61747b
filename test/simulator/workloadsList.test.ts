import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WorkloadDetailedSchema, WorkloadListSchema } from '../../functions/diagnosis/ports/RunaiSchemas.js';
import { startRunaiSimulator, type RunaiSimulator } from '../../functions/simulator/startRunaiSimulator.js';
import { createSimulatorClient } from './createSimulatorClient.js';
import { bulkScenario, CLUSTER, DELETED, DISTRIBUTED, INFERENCE, OTHER_CLUSTER, sampleScenario, TRAIN, UNKNOWN, WORKSPACE } from './sampleScenario.js';

let sim: RunaiSimulator;
let client: ReturnType<typeof createSimulatorClient>;
const ids = (body: { workloads: { id: string }[] }) => body.workloads.map((w) => w.id);

beforeAll(async () => {
  sim = await startRunaiSimulator({ scenarios: [sampleScenario(), bulkScenario(120)] });
  client = createSimulatorClient(sim);
});
afterAll(() => sim.close());

describe('GET /api/v1/workloads', () => {
  it('lists non-deleted workloads in the {workloads, next?} envelope the client schema accepts', async () => {
    const response = await client.get('/api/v1/workloads', { filterBy: 'projectName=@ml-team' });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/json');
    expect(WorkloadListSchema.safeParse(response.json).success).toBe(true);
    expect(ids(response.json)).toEqual([TRAIN, WORKSPACE, DISTRIBUTED]);
    expect('next' in response.json).toBe(false);
  });

  it('filters by comma-separated clauses exactly as the diagnosis sends them', async () => {
    const response = await client.get('/api/v1/workloads', { filterBy: `name==train-42,projectName==ml-team,clusterId==${CLUSTER}` });
    expect(ids(response.json)).toEqual([TRAIN]);
  });

  it('accepts repeated filterBy parameters and combines them with AND', async () => {
    const response = await client.get('/api/v1/workloads', { filterBy: ['projectName==ml-team', 'phase==Failed', 'type!=Distributed'] });
    expect(ids(response.json)).toEqual([TRAIN]);
  });

  it('supports ==, != and =@ on name, projectName, clusterId, phase and type', async () => {
    expect(ids((await client.get('/api/v1/workloads', { filterBy: `clusterId==${OTHER_CLUSTER}` })).json)).toEqual([INFERENCE]);
    expect(ids((await client.get('/api/v1/workloads', { filterBy: 'type==workspace' })).json)).toEqual([WORKSPACE]);
    expect(ids((await client.get('/api/v1/workloads', { filterBy: 'name=@train,projectName!=bulk' })).json)).toEqual([TRAIN, DISTRIBUTED]);
    expect(ids((await client.get('/api/v1/workloads', { filterBy: 'phase==Pending' })).json)).toEqual([INFERENCE]);
    expect(ids((await client.get('/api/v1/workloads', { filterBy: 'name=^serve' })).json)).toEqual([INFERENCE]);
  });

  it('answers 400 to a malformed clause or an unknown field', async () => {
    for (const filterBy of ['name', 'name~=x', 'project==ml-team']) {
      const response = await client.get('/api/v1/workloads', { filterBy });
      expect(response.status, filterBy).toBe(400);
      expect(response.json).toMatchObject({ code: 400, message: expect.any(String) });
    }
  });

  it('sorts by phaseUpdatedAt desc, placing space-separated timestamps by their instant', async () => {
    const response = await client.get('/api/v1/workloads', { filterBy: 'projectName!=bulk', sortBy: 'phaseUpdatedAt', sortOrder: 'desc' });
    expect(ids(response.json)).toEqual([INFERENCE, WORKSPACE, TRAIN, DISTRIBUTED]);
  });

  it('sorts ascending by default, by createdAt and by name', async () => {
    const byCreated = await client.get('/api/v1/workloads', { filterBy: 'projectName!=bulk', sortBy: 'createdAt' });
    expect(ids(byCreated.json)).toEqual([WORKSPACE, DISTRIBUTED, TRAIN, INFERENCE]);
    const byName = await client.get('/api/v1/workloads', { filterBy: 'projectName!=bulk', sortBy: 'name', sortOrder: 'desc' });
    expect(byName.json.workloads.map((w: { name: string }) => w.name)).toEqual(['train-dist', 'train-42', 'serve-llm', 'notebook']);
  });

  it('rejects an unknown sortBy or sortOrder', async () => {
    expect((await client.get('/api/v1/workloads', { sortBy: 'colour' })).status).toBe(400);
    expect((await client.get('/api/v1/workloads', { sortOrder: 'up' })).status).toBe(400);
  });

  it('lists only deleted workloads with deleted=true', async () => {
    const response = await client.get('/api/v1/workloads', { deleted: true, filterBy: 'name==train-42' });
    expect(ids(response.json)).toEqual([DELETED]);
    expect(response.json.workloads[0].deletedAt).toMatch(/^\d{4}-\d{2}-\d{2}T.*Z$/);
    const live = await client.get('/api/v1/workloads', { deleted: false, filterBy: 'name==train-42' });
    expect(ids(live.json)).toEqual([TRAIN]);
  });

  it('pages with offset/limit; next is the next offset and absent on the last page', async () => {
    const query = { filterBy: 'projectName==bulk', sortBy: 'phaseUpdatedAt', sortOrder: 'desc', limit: 50 };
    const seen: string[] = [];
    const nexts: (number | undefined)[] = [];
    let offset: number | undefined = 0;
    while (offset !== undefined) {
      const page: { json: { workloads: { name: string }[]; next?: number } } = await client.get('/api/v1/workloads', { ...query, offset });
      seen.push(...page.json.workloads.map((w) => w.name));
      nexts.push(page.json.next);
      offset = page.json.next;
    }
    expect(nexts).toEqual([50, 100, undefined]);
    expect(seen).toHaveLength(120);
    expect(seen[0]).toBe('bulk-000');
    expect(seen[119]).toBe('bulk-119');
  });

  it('defaults limit to 50 and caps it at 500', async () => {
    const first = await client.get('/api/v1/workloads', { filterBy: 'projectName==bulk' });
    expect(first.json.workloads).toHaveLength(50);
    expect(first.json.next).toBe(50);
    expect((await client.get('/api/v1/workloads', { limit: 500 })).json.workloads).toHaveLength(124);
    for (const limit of ['501', '0', '-1', 'ten']) expect((await client.get('/api/v1/workloads', { limit })).status, limit).toBe(400);
    expect((await client.get('/api/v1/workloads', { offset: -5 })).status).toBe(400);
  });

  it('returns an empty page with no next past the end', async () => {
    const response = await client.get('/api/v1/workloads', { offset: 1000 });
    expect(response.json).toEqual({ workloads: [] });
  });
});

describe('GET /api/v1/workloads/{id}', () => {
  it('returns the WorkloadDetailed, deleted ones included', async () => {
    const response = await client.get(`/api/v1/workloads/${TRAIN}`);
    expect(response.status).toBe(200);
    expect(WorkloadDetailedSchema.parse(response.json)).toMatchObject({ id: TRAIN, phase: 'Failed', clusterId: CLUSTER });
    expect((await client.get(`/api/v1/workloads/${DELETED}`)).json.id).toBe(DELETED);
  });

  it('answers 404 {code, message} for an unknown workload and for unknown paths', async () => {
    const response = await client.get(`/api/v1/workloads/${UNKNOWN}`);
    expect(response.status).toBe(404);
    expect(response.json).toEqual({ code: 404, message: expect.stringContaining(UNKNOWN) });
    for (const path of ['/api/v1/nodes', `/api/v1/workloads/${TRAIN}/logs`, `/api/v1/workloads/${TRAIN}/pods/p-1/metrics`, '/']) {
      const unknownPath = await client.get(path);
      expect(unknownPath.status, path).toBe(404);
      expect(unknownPath.json.code).toBe(404);
    }
  });
});
