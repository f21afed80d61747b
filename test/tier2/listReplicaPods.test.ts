/**
 * The one LIST of a workload's pods (listReplicaPods.ts) through the real client over an undici MockAgent
 * (the selector and paging on the wire, a 403, names and selectors never sent; the simulator's side is
 * listReplicaPodsSimulator.test.ts), and the rank it feeds
 * (rankByContainerClock.ts) and the labels the simulated cluster gives a scenario's pods (labelRunaiPods.ts).
 */
import { MockAgent } from 'undici';
import { describe, expect, it } from 'vitest';
import { createKubernetesClient, MAX_POD_LIST_LIMIT, tokenFrom } from '../../functions/kubernetes/createKubernetesClient.js';
import type { K8sPod } from '../../functions/diagnosis/ports/KubernetesSchemas.js';
import { listReplicaPods, MAX_POD_LIST_PAGES, POD_LIST_PAGE, workloadSelector } from '../../functions/diagnosis/tier2/listReplicaPods.js';
import { containerEndOf, rankByContainerClock } from '../../functions/diagnosis/tier2/rankByContainerClock.js';
import { labelRunaiPods } from '../../functions/simulator/kubernetes/labelRunaiPods.js';
import { ScenarioFileSchema } from '../../functions/recording/format/ScenarioSchema.js';

const NS = 'runai-ml';
const pod = (name: string, exitCode: number, finishedAt: string, namespace = NS, reason = 'Error'): K8sPod => ({
  metadata: { name, namespace },
  status: { phase: 'Failed', containerStatuses: [{ name: 'trainer', state: { terminated: { exitCode, reason, finishedAt } } }] },
});

/** A MockAgent API server holding `pods` (labelled or not), paging `pageSize` at most, recording every request. */
function mockServer(pods: readonly (K8sPod & { labels?: Record<string, string> })[], options: { pageSize?: number; status?: number } = {}) {
  const agent = new MockAgent();
  agent.disableNetConnect();
  const calls: { method: string; path: string; query: URLSearchParams }[] = [];
  agent
    .get('http://k8s.test')
    .intercept({ path: () => true, method: () => true })
    .reply((request) => {
      const url = new URL(request.path, 'http://k8s.test');
      calls.push({ method: request.method, path: url.pathname, query: url.searchParams });
      if (options.status) return { statusCode: options.status, data: JSON.stringify({ kind: 'Status', code: options.status, message: 'pods is forbidden' }) };
      const [key, value] = (url.searchParams.get('labelSelector') ?? '').split('=');
      const matching = pods.filter((item) => key && item.labels?.[key] === value).map(({ labels: _labels, ...rest }) => rest);
      const from = Number(url.searchParams.get('continue') ?? '0');
      const to = from + Math.min(Number(url.searchParams.get('limit')), options.pageSize ?? Number.POSITIVE_INFINITY);
      return {
        statusCode: 200,
        data: JSON.stringify({ kind: 'PodList', metadata: to < matching.length ? { continue: String(to) } : {}, items: matching.slice(from, to) }),
      };
    })
    .persist();
  const client = createKubernetesClient({ server: 'http://k8s.test', token: tokenFrom({ token: 't' }), dispatcher: agent });
  return { client, calls, close: async () => (await client.close(), await agent.close()) };
}

const labelled = (name: string, workload: string, finishedAt: string, namespace = NS) => ({
  ...pod(name, 1, finishedAt, namespace),
  labels: { workloadName: workload },
});

describe('the client lists pods: one equality selector, paged, GET only', () => {
  it('sends labelSelector and limit, follows continue, and keeps only the pods Run:ai listed', async () => {
    const pods = [
      ...Array.from({ length: 12 }, (_, index) => labelled(`train-${index}`, 'train', `2026-03-02T11:00:${String(10 + index).padStart(2, '0')}Z`)),
      // The label without being a replica Run:ai lists: never kept.
      labelled('train-impostor', 'train', '2026-03-02T10:00:00Z'),
      // Another workload's pod.
      labelled('other-0', 'other', '2026-03-02T10:00:00Z'),
    ];
    const server = mockServer(pods, { pageSize: 5 });
    const replicas = Array.from({ length: 12 }, (_, index) => `train-${index}`);
    const listed = await listReplicaPods(server.client, NS, 'train', replicas);
    await server.close();
    expect(listed.ok && [...listed.pods.keys()].sort()).toEqual([...replicas].sort());
    expect(listed.ok && listed.complete).toBe(true);
    expect(server.calls.map((call) => call.method)).toEqual(['GET', 'GET', 'GET']);
    expect(server.calls.map((call) => [call.path, call.query.get('labelSelector'), call.query.get('limit'), call.query.get('continue')])).toEqual([
      ['/api/v1/namespaces/runai-ml/pods', 'workloadName=train', String(POD_LIST_PAGE), null],
      ['/api/v1/namespaces/runai-ml/pods', 'workloadName=train', String(POD_LIST_PAGE), '5'],
      ['/api/v1/namespaces/runai-ml/pods', 'workloadName=train', String(POD_LIST_PAGE), '10'],
    ]);
  });

  it('stops at MAX_POD_LIST_PAGES pages and says the list is incomplete', async () => {
    const pods = Array.from({ length: MAX_POD_LIST_PAGES + 3 }, (_, index) => labelled(`big-${index}`, 'big', '2026-03-02T11:00:00Z'));
    const server = mockServer(pods, { pageSize: 1 });
    const listed = await listReplicaPods(
      server.client,
      NS,
      'big',
      pods.map((item) => item.metadata!.name!),
    );
    await server.close();
    expect(server.calls).toHaveLength(MAX_POD_LIST_PAGES);
    expect(listed.ok && { size: listed.pods.size, complete: listed.complete }).toEqual({ size: MAX_POD_LIST_PAGES, complete: false });
  });

  it('a 403 (no list on pods) is K8S_FORBIDDEN, and the whole list fails', async () => {
    const server = mockServer([], { status: 403 });
    const listed = await listReplicaPods(server.client, NS, 'train', ['train-0']);
    await server.close();
    expect(listed).toEqual({ ok: false, reason: 'K8S_FORBIDDEN' });
  });

  it('pods labelled otherwise (an older Run:ai) read as unlabelled', async () => {
    const server = mockServer([{ ...pod('train-0', 1, '2026-03-02T11:00:00Z'), labels: { release: 'train' } }]);
    const listed = await listReplicaPods(server.client, NS, 'train', ['train-0']);
    await server.close();
    expect(listed).toEqual({ ok: false, reason: 'unlabelled' });
  });

  it('never sends a selector a name could extend, nor an out-of-range limit', async () => {
    const server = mockServer([]);
    expect(workloadSelector('train,tier!=x')).toBeNull();
    expect(workloadSelector('a'.repeat(64))).toBeNull();
    expect(await listReplicaPods(server.client, NS, 'train,tier!=x', ['train-0'])).toEqual({ ok: false, reason: 'invalid-name' });
    const codeOf = (promise: Promise<unknown>) =>
      promise.then(
        () => null,
        (error: { code: string }) => error.code,
      );
    expect(await codeOf(server.client.listPods(NS, { labelSelector: 'workloadName in (a,b)', limit: 10 }))).toBe('K8S_BAD_REQUEST');
    expect(await codeOf(server.client.listPods(NS, { labelSelector: 'workloadName=a,b=c', limit: 10 }))).toBe('K8S_BAD_REQUEST');
    expect(await codeOf(server.client.listPods(NS, { labelSelector: 'workloadName=a', limit: MAX_POD_LIST_LIMIT + 1 }))).toBe('K8S_BAD_REQUEST');
    expect(await codeOf(server.client.listPods('../x', { labelSelector: 'workloadName=a', limit: 10 }))).toBe('K8S_BAD_REQUEST');
    await server.close();
    expect(server.calls).toEqual([]);
  });
});

describe('rankByContainerClock', () => {
  const at = (second: number) => `2026-03-02T11:00:${String(second).padStart(2, '0')}Z`;
  it('earliest failed container end first, whatever the given order; undated last, in the given order', () => {
    const pods = new Map<string, K8sPod>([
      ['a', pod('a', 143, at(20))],
      ['b', pod('b', 1, at(5))],
      ['c', pod('c', 1, at(12))],
      ['e', pod('e', 0, at(1))], // a success dates no failure
    ]);
    expect(rankByContainerClock(['x', 'a', 'e', 'c', 'b', 'd'], pods)).toEqual(['b', 'c', 'a', 'x', 'e', 'd']);
  });
  it('in one second, an exit by itself (or an OOM kill) before a signal from outside; then the given order', () => {
    const pods = new Map<string, K8sPod>([
      ['term', pod('term', 143, at(5))],
      ['kill', pod('kill', 137, at(5))],
      ['oom', pod('oom', 137, at(5), NS, 'OOMKilled')],
      ['exit', pod('exit', 1, at(5))],
      ['abort', pod('abort', 134, at(5))],
    ]);
    expect(rankByContainerClock(['term', 'kill', 'oom', 'exit', 'abort'], pods)).toEqual(['oom', 'exit', 'abort', 'term', 'kill']);
  });
  it("a replica's earlier own record (a Tier 1 event) dates it before its container's end; alone, it dates a pod with no end", () => {
    const pods = new Map<string, K8sPod>([
      ['a', pod('a', 1, at(10))],
      ['b', pod('b', 143, at(20))],
      ['lost', { status: { containerStatuses: [{ name: 't', state: { running: { startedAt: at(0) } } }] } }],
    ]);
    const recorded = new Map([
      ['b', Date.parse(at(4))],
      ['lost', Date.parse(at(7))],
    ]);
    expect(rankByContainerClock(['a', 'b', 'lost'], pods)).toEqual(['a', 'b', 'lost']);
    expect(rankByContainerClock(['a', 'b', 'lost'], pods, recorded)).toEqual(['b', 'lost', 'a']);
  });
  it('reads a restarted container from lastState, and an init container too', () => {
    const restarted: K8sPod = {
      status: { containerStatuses: [{ name: 't', state: { running: { startedAt: at(30) } }, lastState: { terminated: { exitCode: 1, finishedAt: at(3) } } }] },
    };
    const init: K8sPod = { status: { initContainerStatuses: [{ name: 'i', state: { terminated: { exitCode: 2, finishedAt: at(2) } } }] } };
    expect(containerEndOf(restarted)).toEqual({ at: Date.parse(at(3)), byItself: true });
    expect(
      rankByContainerClock(
        ['r', 'i'],
        new Map([
          ['r', restarted],
          ['i', init],
        ]),
      ),
    ).toEqual(['i', 'r']);
  });
});

describe("labelRunaiPods: the simulated cluster's pods carry Run:ai's labels", () => {
  it("labels the pods Run:ai lists for a workload in its namespace, and leaves declared labels and others' pods alone", () => {
    const scenario = ScenarioFileSchema.parse({
      request: { workloadId: 'w1' },
      runai: {
        workloads: [{ id: 'w1', name: 'train', projectName: 'ml', namespace: NS }],
        pods: { w1: [{ name: 'train-0' }, { name: 'train-1' }, { name: 'train-2' }] },
      },
      kubernetes: {
        pods: [
          { metadata: { name: 'train-0', namespace: NS } },
          { metadata: { name: 'train-1', namespace: NS, labels: { release: 'train' } } },
          { metadata: { name: 'train-2', namespace: 'runai-elsewhere' } },
          { metadata: { name: 'stranger', namespace: NS } },
        ],
      },
      expect: {},
    });
    const labels = labelRunaiPods(scenario).kubernetes!.pods.map((item) => (item.metadata as { labels?: unknown }).labels ?? null);
    expect(labels).toEqual([{ workloadName: 'train', project: 'ml' }, { release: 'train' }, null, null]);
  });
});
