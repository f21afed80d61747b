import { describe, expect, it } from 'vitest';
import { MAX_POD_PAGES } from '../../functions/runai/createRunaiClient.js';
import { CLUSTER_ID, ORIGIN, WORKLOAD_ID, caught, makeClient, useTokenAgent, workload } from './helpers.js';

const agent = useTokenAgent();

/** Replies `body` with `status` to the next GET whose path starts with `prefix`, recording the full path. */
function capture(prefix: string, body: unknown, status = 200): string[] {
  const paths: string[] = [];
  agent()
    .get(ORIGIN)
    .intercept({ path: (path) => path.startsWith(prefix), method: 'GET' })
    .reply((opts) => {
      paths.push(opts.path);
      return { statusCode: status, data: JSON.stringify(body) };
    });
  return paths;
}

function queryOf(path: string): URLSearchParams {
  return new URL(path, ORIGIN).searchParams;
}

describe('listWorkloads', () => {
  it('emits filterBy as one comma-joined parameter, sorted newest phase update first', async () => {
    const paths = capture('/api/v1/workloads?', { workloads: [workload], next: 50 });
    const client = makeClient(agent());
    const page = await client.listWorkloads({ name: 'train-42', projectName: 'ml-team', clusterId: CLUSTER_ID, deleted: false, offset: 0, limit: 50 });
    expect(page).toEqual({ workloads: [expect.objectContaining({ id: WORKLOAD_ID })], next: 50 });
    expect(paths).toEqual([
      `/api/v1/workloads?filterBy=name==train-42,projectName==ml-team,clusterId==${CLUSTER_ID}&sortBy=phaseUpdatedAt&sortOrder=desc&offset=0&limit=50`,
    ]);
  });

  it('percent-encodes values, adds deleted=true, and round-trips through a standard parser', async () => {
    const paths = capture('/api/v1/workloads?', { workloads: [] });
    const client = makeClient(agent());
    const page = await client.listWorkloads({ name: 'a b&c#d+é/?', projectName: 'team=x', clusterId: CLUSTER_ID, deleted: true, offset: 100, limit: 25 });
    expect(page).toEqual({ workloads: [], next: null });
    const [path] = paths;
    expect(path).toContain('filterBy=name==a%20b%26c%23d%2B%C3%A9%2F%3F,projectName==team=x,');
    expect(path).toMatch(/&deleted=true$/);
    const q = queryOf(path!);
    expect(q.getAll('filterBy')).toEqual([`name==a b&c#d+é/?,projectName==team=x,clusterId==${CLUSTER_ID}`]);
    expect(Object.fromEntries([...q].filter(([k]) => k !== 'filterBy'))).toEqual({
      sortBy: 'phaseUpdatedAt',
      sortOrder: 'desc',
      offset: '100',
      limit: '25',
      deleted: 'true',
    });
  });

  it('rejects a comma in a filter value without sending anything (filter injection)', async () => {
    const client = makeClient(agent());
    const error = await caught(
      client.listWorkloads({ name: 'x,phase==Running', projectName: 'p', clusterId: CLUSTER_ID, deleted: false, offset: 0, limit: 50 }),
    );
    expect(error).toMatchObject({ code: 'RUNAI_BAD_REQUEST', endpoint: 'GET /api/v1/workloads', status: undefined });
    expect(client.stats).toEqual({ requests: 0, tokenRequests: 0 });
  });

  it('rejects empty identifiers and bad paging', async () => {
    const client = makeClient(agent());
    const base = { name: 'n', projectName: 'p', clusterId: CLUSTER_ID, deleted: false, offset: 0, limit: 50 };
    await expect(client.listWorkloads({ ...base, clusterId: '' })).rejects.toMatchObject({ code: 'RUNAI_BAD_REQUEST' });
    await expect(client.listWorkloads({ ...base, limit: 0 })).rejects.toMatchObject({ code: 'RUNAI_BAD_REQUEST' });
    await expect(client.listWorkloads({ ...base, offset: 1.5 })).rejects.toMatchObject({ code: 'RUNAI_BAD_REQUEST' });
    expect(client.stats.requests).toBe(0);
  });
});

describe('per-workload reads', () => {
  it('getWorkload encodes the path id and parses the detailed schema', async () => {
    const paths = capture('/api/v1/workloads/', { ...workload, pendingSchedulingMessages: [{ reason: 'x' }], extraField: 1 });
    const client = makeClient(agent());
    const result = await client.getWorkload('id/with ?#');
    expect(paths).toEqual(['/api/v1/workloads/id%2Fwith%20%3F%23']);
    expect(result.pendingSchedulingMessages).toEqual([{ reason: 'x' }]);
    expect(result).not.toHaveProperty('extraField');
  });

  it('refuses ids that would address another resource', async () => {
    const client = makeClient(agent());
    for (const id of ['', '.', '..']) {
      await expect(client.getWorkload(id)).rejects.toMatchObject({ code: 'RUNAI_BAD_REQUEST', endpoint: 'GET /api/v1/workloads/{id}' });
    }
    expect(client.stats.requests).toBe(0);
  });

  it('getWorkloadEvents asks newest first and drops null entries', async () => {
    const event = { createdAt: '2025-12-01T10:00:00Z', reason: 'OOMKilling', message: 'Memory cgroup out of memory' };
    const paths = capture(`/api/v1/workloads/${WORKLOAD_ID}/events`, { events: [event, null] });
    const client = makeClient(agent());
    await expect(client.getWorkloadEvents(WORKLOAD_ID, 20)).resolves.toEqual([event]);
    expect(paths).toEqual([`/api/v1/workloads/${WORKLOAD_ID}/events?limit=20&sortOrder=desc`]);
  });

  it.each(['trainings', 'workspaces', 'inferences', 'distributed', 'distributed-inferences'] as const)(
    'getWorkloadSpec reads /api/v1/workloads/%s/{id}',
    async (kind) => {
      const paths = capture(`/api/v1/workloads/${kind}/`, { name: 'train-42', spec: { image: 'repo/img:1', compute: { cpuMemoryLimit: '32Gi' } } });
      const client = makeClient(agent());
      const spec = await client.getWorkloadSpec(WORKLOAD_ID, kind);
      expect(spec.spec?.compute?.cpuMemoryLimit).toBe('32Gi');
      expect(paths).toEqual([`/api/v1/workloads/${kind}/${WORKLOAD_ID}`]);
    },
  );

  it('getWorkloadSpec refuses an unknown kind (it would become a path segment)', async () => {
    const client = makeClient(agent());
    await expect(client.getWorkloadSpec(WORKLOAD_ID, '../tokens' as never)).rejects.toMatchObject({ code: 'RUNAI_BAD_REQUEST' });
    expect(client.stats.requests).toBe(0);
  });

  it('getWorkloadSpec 404 is RUNAI_NOT_FOUND with a templated endpoint', async () => {
    capture('/api/v1/workloads/trainings/', { code: 404, message: 'Resource id not found.' }, 404);
    const client = makeClient(agent());
    await expect(client.getWorkloadSpec(WORKLOAD_ID, 'trainings')).rejects.toMatchObject({
      code: 'RUNAI_NOT_FOUND',
      endpoint: 'GET /api/v1/workloads/trainings/{id}',
      status: 404,
      message: expect.stringContaining('Resource id not found.'),
    });
  });

  it('getWorkloadPods follows next across pages', async () => {
    const pod = (name: string) => ({ name, k8sPhase: 'Failed', nodeName: 'node-1' });
    // MockAgent reorders query parameters when it matches, so both pages match on the path and the recorded order is checked.
    const first = capture(`/api/v1/workloads/${WORKLOAD_ID}/pods`, { pods: [pod('p0'), pod('p1')], next: 2 });
    const second = capture(`/api/v1/workloads/${WORKLOAD_ID}/pods`, { pods: [pod('p2')] });
    const client = makeClient(agent());
    const { pods, pages, capped } = await client.getWorkloadPods(WORKLOAD_ID);
    expect(pods.map((p) => p.name)).toEqual(['p0', 'p1', 'p2']);
    expect({ pages, capped }).toEqual({ pages: 2, capped: false });
    expect(first).toEqual([`/api/v1/workloads/${WORKLOAD_ID}/pods?offset=0&limit=500`]);
    expect(second).toEqual([`/api/v1/workloads/${WORKLOAD_ID}/pods?offset=2&limit=500`]);
  });

  it('getWorkloadPods stops at the page cap and says so', async () => {
    const pages: string[][] = [];
    for (let page = 0; page < MAX_POD_PAGES; page += 1) {
      pages.push(capture(`/api/v1/workloads/${WORKLOAD_ID}/pods`, { pods: [{ name: `p${page}` }], next: page + 1 }));
    }
    const client = makeClient(agent());
    const { pods, pages: read, capped } = await client.getWorkloadPods(WORKLOAD_ID);
    expect({ pods: pods.length, read, capped }).toEqual({ pods: MAX_POD_PAGES, read: MAX_POD_PAGES, capped: true });
    expect(pages.flat()).toHaveLength(MAX_POD_PAGES);
  });

  it('reads the newer surfaces on their documented paths, GET only', async () => {
    const REVISION = '0f0e0d0c-0b0a-4909-8807-060504030201';
    const paths = [
      capture('/api/v2/workloads/nim-services/', { desiredPhase: 'Running', spec: { image: 'nvcr.io/nim/x:1' } }),
      capture(`/api/v2/workloads/${WORKLOAD_ID}`, { workload: { desiredPhase: 'Running', workloadManifest: { kind: 'PyTorchJob' } } }),
      capture(`/api/v1/workloads/inferences/${WORKLOAD_ID}/revisions`, { revisions: [{ id: REVISION, phase: 'Failed' }] }),
      capture(`/api/v1/workloads/inferences/revisions/${REVISION}/pods`, { pods: [{ name: 'p' }] }),
      capture(`/api/v1/workloads/inferences/revisions/${REVISION}/events`, { events: [] }),
      capture(`/api/v1/workloads/inferences/revisions/${REVISION}/history`, { records: [] }),
    ];
    const client = makeClient(agent());
    expect((await client.getWorkloadSpec(WORKLOAD_ID, 'nim-services')).spec?.image).toBe('nvcr.io/nim/x:1');
    expect((await client.getWorkloadV2(WORKLOAD_ID)).workload.workloadManifest).toEqual({ kind: 'PyTorchJob' });
    expect((await client.getInferenceRevisions(WORKLOAD_ID)).map((revision) => revision.id)).toEqual([REVISION]);
    expect(await client.getRevisionPods(REVISION)).toHaveLength(1);
    expect(await client.getRevisionEvents(REVISION, 50)).toEqual([]);
    expect(await client.getRevisionHistory(REVISION, 0, 50)).toEqual({ records: [], next: null });
    expect(paths.flat()).toEqual([
      `/api/v2/workloads/nim-services/${WORKLOAD_ID}`,
      `/api/v2/workloads/${WORKLOAD_ID}`,
      `/api/v1/workloads/inferences/${WORKLOAD_ID}/revisions`,
      `/api/v1/workloads/inferences/revisions/${REVISION}/pods`,
      `/api/v1/workloads/inferences/revisions/${REVISION}/events?limit=50&sortOrder=desc`,
      `/api/v1/workloads/inferences/revisions/${REVISION}/history?offset=0&limit=50`,
    ]);
  });

  it('getWorkloadHistory passes offset/limit and maps an absent next to null', async () => {
    const record = { meta: { creationTimestamp: '2025-12-01T10:00:00Z', type: 'PhaseUpdate' }, spec: { phaseUpdate: { phase: 'Failed' } } };
    const p1 = capture(`/api/v1/workloads/${WORKLOAD_ID}/history`, { records: [record], next: 50 });
    const p2 = capture(`/api/v1/workloads/${WORKLOAD_ID}/history`, { records: [] });
    const client = makeClient(agent());
    await expect(client.getWorkloadHistory(WORKLOAD_ID, 0, 50)).resolves.toEqual({ records: [record], next: 50 });
    await expect(client.getWorkloadHistory(WORKLOAD_ID, 50, 50)).resolves.toEqual({ records: [], next: null });
    expect([...p1, ...p2]).toEqual([
      `/api/v1/workloads/${WORKLOAD_ID}/history?offset=0&limit=50`,
      `/api/v1/workloads/${WORKLOAD_ID}/history?offset=50&limit=50`,
    ]);
  });
});

describe('getWorkloadMetrics', () => {
  const query = {
    types: ['CPU_MEMORY_USAGE_BYTES', 'CPU_MEMORY_LIMIT_BYTES', 'CPU_MEMORY_REQUEST_BYTES'],
    start: '2025-11-24T10:00:00.000Z',
    end: '2025-12-01T10:00:00.000+01:00',
    numberOfSamples: 100,
  };
  const measurements = { measurements: [{ type: 'CPU_MEMORY_USAGE_BYTES', values: [{ value: '123', timestamp: '2025-12-01T09:00:00Z' }] }] };

  it('comma-joins metricType and encodes the timestamps', async () => {
    const paths = capture(`/api/v1/workloads/${WORKLOAD_ID}/metrics`, measurements);
    const client = makeClient(agent());
    await expect(client.getWorkloadMetrics(WORKLOAD_ID, query)).resolves.toEqual({ response: measurements, partial: false });
    expect(paths).toEqual([
      `/api/v1/workloads/${WORKLOAD_ID}/metrics?metricType=CPU_MEMORY_USAGE_BYTES,CPU_MEMORY_LIMIT_BYTES,CPU_MEMORY_REQUEST_BYTES` +
        `&start=2025-11-24T10%3A00%3A00.000Z&end=2025-12-01T10%3A00%3A00.000%2B01%3A00&numberOfSamples=100`,
    ]);
    const q = queryOf(paths[0]!);
    expect(q.get('end')).toBe(query.end); // a literal '+' would have decoded to a space
  });

  it('HTTP 207 → partial: true', async () => {
    capture(`/api/v1/workloads/${WORKLOAD_ID}/metrics`, measurements, 207);
    const client = makeClient(agent());
    await expect(client.getWorkloadMetrics(WORKLOAD_ID, query)).resolves.toEqual({ response: measurements, partial: true });
  });

  it('refuses an empty metric list', async () => {
    const client = makeClient(agent());
    await expect(client.getWorkloadMetrics(WORKLOAD_ID, { ...query, types: [] })).rejects.toMatchObject({ code: 'RUNAI_BAD_REQUEST' });
  });
});
