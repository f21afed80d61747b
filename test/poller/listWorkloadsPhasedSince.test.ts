/** The poller's read on the real client, against undici's MockAgent: exact query strings. */
import { describe, expect, it } from 'vitest';
import { MockAgent } from 'undici';
import type { FailedWorkloadLister } from '../../functions/poller/FailedWorkloadLister.js';
import { CLUSTER_ID, ORIGIN, caught, makeClient, useTokenAgent, workload } from '../runai/helpers.js';

const agent = useTokenAgent();

/** Answers GET /api/v1/workloads with `reply(query)`, recording each full path. */
function listing(reply: (query: URLSearchParams) => unknown): string[] {
  const paths: string[] = [];
  agent()
    .get(ORIGIN)
    .intercept({ path: (path) => path.startsWith('/api/v1/workloads?'), method: 'GET' })
    .reply((opts) => {
      paths.push(opts.path);
      return { statusCode: 200, data: JSON.stringify(reply(new URL(opts.path, ORIGIN).searchParams)) };
    })
    .persist();
  return paths;
}

const at = (id: string, phase: string, phaseUpdatedAt: string) => ({ ...workload, id, phase, phaseUpdatedAt });

describe('listWorkloadsPhasedSince', () => {
  it('sends clusterId, phase and a phaseUpdatedAt>= bound, oldest change first, and returns {workloads, next}', async () => {
    const paths = listing(() => ({ workloads: [at('w1', 'Failed', '2026-11-29T17:10:00Z')], next: 100 }));
    const client = makeClient(agent());
    const lister: FailedWorkloadLister = client; // the client satisfies the poller's port structurally
    const page = await lister.listWorkloadsPhasedSince({ clusterId: CLUSTER_ID, phases: ['Failed'], since: '2026-11-29T17:00:00Z', offset: 0, limit: 100 });
    expect(page).toEqual({ workloads: [expect.objectContaining({ id: 'w1', phase: 'Failed' })], next: 100 });
    // `>` and `:` percent-encoded (a literal `>` is not a legal URI character); `=` kept literal.
    expect(paths).toEqual([
      `/api/v1/workloads?filterBy=clusterId==${CLUSTER_ID},phase==Failed,phaseUpdatedAt%3E=2026-11-29T17%3A00%3A00.000Z&sortBy=phaseUpdatedAt&sortOrder=asc&offset=0&limit=100`,
    ]);
    const query = new URL(paths[0]!, ORIGIN).searchParams;
    expect(query.getAll('filterBy')).toEqual([`clusterId==${CLUSTER_ID},phase==Failed,phaseUpdatedAt>=2026-11-29T17:00:00.000Z`]);
    expect(client.stats).toEqual({ requests: 1, tokenRequests: 1 });
  });

  it('sends `since` as a UTC instant whatever form it was given in, and maps an absent next to null', async () => {
    const paths = listing(() => ({ workloads: [] }));
    const client = makeClient(agent());
    const page = await client.listWorkloadsPhasedSince({
      clusterId: CLUSTER_ID,
      phases: ['Failed'],
      since: '2026-11-29 18:00:00.5+01:00',
      offset: 200,
      limit: 100,
    });
    expect(page).toEqual({ workloads: [], next: null });
    const query = new URL(paths[0]!, ORIGIN).searchParams;
    expect(query.get('filterBy')).toContain('phaseUpdatedAt>=2026-11-29T17:00:00.500Z');
    expect(query.get('offset')).toBe('200');
  });

  it('issues one listing per phase (no OR in filterBy) and merges them oldest first, next = smallest next', async () => {
    const paths = listing((query) => {
      const phase = /phase==(\w+)/.exec(query.get('filterBy') ?? '')?.[1];
      return phase === 'Failed'
        ? { workloads: [at('f1', 'Failed', '2026-11-29T17:30:00Z'), at('f2', 'Failed', '2026-11-29T17:50:00Z')], next: 2 }
        : { workloads: [at('s1', 'Stopped', '2026-11-29 17:40:00'), at('f2', 'Failed', '2026-11-29T17:50:00Z')] };
    });
    const client = makeClient(agent());
    const page = await client.listWorkloadsPhasedSince({
      clusterId: CLUSTER_ID,
      phases: ['Failed', 'Stopped', 'Failed'],
      since: '2026-11-29T17:00:00Z',
      offset: 0,
      limit: 2,
    });
    expect(page.workloads.map((w) => w.id)).toEqual(['f1', 's1', 'f2']);
    expect(page.next).toBe(2);
    expect(paths.map((p) => new URL(p, ORIGIN).searchParams.get('filterBy')).sort()).toEqual([
      `clusterId==${CLUSTER_ID},phase==Failed,phaseUpdatedAt>=2026-11-29T17:00:00.000Z`,
      `clusterId==${CLUSTER_ID},phase==Stopped,phaseUpdatedAt>=2026-11-29T17:00:00.000Z`,
    ]);
  });

  it('refuses a bad query without sending anything: filter injection, no phase, unreadable since, bad paging', async () => {
    const client = makeClient(agent());
    const base = { clusterId: CLUSTER_ID, phases: ['Failed'], since: '2026-11-29T17:00:00Z', offset: 0, limit: 100 };
    for (const bad of [
      { clusterId: `${CLUSTER_ID},phase==Running` },
      { clusterId: '' },
      { phases: [] },
      { phases: ['Failed', ''] },
      { since: 'an hour ago' },
      { since: '' },
      { offset: -1 },
      { limit: 0 },
      { limit: 501 },
    ]) {
      const error = await caught(client.listWorkloadsPhasedSince({ ...base, ...bad }));
      expect(error, JSON.stringify(bad)).toMatchObject({ code: 'RUNAI_BAD_REQUEST', endpoint: 'GET /api/v1/workloads' });
    }
    expect(client.stats).toEqual({ requests: 0, tokenRequests: 0 });
  });

  it('sends only GETs besides the token request', async () => {
    const history = new MockAgent({ enableCallHistory: true });
    history.disableNetConnect();
    history.get(ORIGIN).intercept({ path: '/api/v1/token', method: 'POST' }).reply(200, { accessToken: 't', expiresIn: 3600 });
    history
      .get(ORIGIN)
      .intercept({ path: () => true, method: () => true })
      .reply(200, { workloads: [] })
      .persist();
    const client = makeClient(history);
    await client.listWorkloadsPhasedSince({ clusterId: CLUSTER_ID, phases: ['Failed', 'Stopped'], since: '2026-11-29T17:00:00Z', offset: 0, limit: 10 });
    expect(
      history
        .getCallHistory()!
        .calls()
        .map((c) => c.method)
        .sort(),
    ).toEqual(['GET', 'GET', 'POST']);
    await history.close();
  });
});
