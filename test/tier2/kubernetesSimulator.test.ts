/** The Kubernetes API simulator answers like an API server (paths, selectors, log parameters, Status errors). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startKubernetesSimulator, type KubernetesSimulator } from '../../functions/simulator/kubernetes/startKubernetesSimulator.js';

let simulator: KubernetesSimulator;
const NOW = Date.parse('2026-03-01T12:00:00Z');

beforeAll(async () => {
  simulator = await startKubernetesSimulator({
    now: () => NOW,
    scenario: {
      pods: [
        {
          metadata: { name: 'p1', namespace: 'runai-a', creationTimestamp: 'now-5m' },
          spec: { containers: [{ name: 'main' }, { name: 'side' }], initContainers: [{ name: 'init' }] },
        },
      ],
      events: [
        { metadata: { namespace: 'runai-a' }, involvedObject: { kind: 'Pod', name: 'p1' }, reason: 'BackOff', type: 'Warning' },
        { metadata: { namespace: 'runai-a' }, involvedObject: { kind: 'Pod', name: 'p1' }, reason: 'Pulled', type: 'Normal' },
        { metadata: { namespace: 'runai-a' }, involvedObject: { kind: 'Node', name: 'n1' }, reason: 'NodeNotReady', type: 'Normal' },
      ],
      logs: [{ namespace: 'runai-a', pod: 'p1', container: 'init', lines: ['a', 'b', 'c', 'd'] }],
      faults: [{ resource: 'node', name: 'flaky', status: 503, times: 1 }],
      nodes: [{ metadata: { name: 'flaky' } }],
    },
  });
});
afterAll(() => simulator.close());

const get = (path: string) => fetch(`${simulator.url}${path}`, { headers: { authorization: `Bearer ${simulator.token}` } });

describe('Kubernetes simulator', () => {
  it('serves a Pod with resolved relative timestamps, and a 404 Status for an unknown one', async () => {
    expect(await (await get('/api/v1/namespaces/runai-a/pods/p1')).json()).toMatchObject({
      kind: 'Pod',
      metadata: { creationTimestamp: '2026-03-01T11:55:00.000Z' },
    });
    const missing = await get('/api/v1/namespaces/runai-a/pods/p2');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      message: 'pods "p2" not found',
      reason: 'NotFound',
      details: { name: 'p2', kind: 'pods' },
      code: 404,
    });
  });

  it('filters events by field selector (=, ==, !=) and rejects unsupported fields', async () => {
    const reasons = async (selector: string) =>
      (
        (await (await get(`/api/v1/namespaces/runai-a/events?fieldSelector=${encodeURIComponent(selector)}`)).json()) as { items: { reason: string }[] }
      ).items.map((item) => item.reason);
    expect(await reasons('involvedObject.name=p1')).toEqual(['BackOff', 'Pulled']);
    expect(await reasons('involvedObject.name==p1,type!=Normal')).toEqual(['BackOff']);
    expect(await reasons('involvedObject.kind=Node')).toEqual(['NodeNotReady']);
    expect((await get('/api/v1/namespaces/runai-a/events?fieldSelector=spec.secret%3Dx')).status).toBe(400);
  });

  it('applies tailLines then limitBytes to a log, and answers like the API server without a container', async () => {
    expect(await (await get('/api/v1/namespaces/runai-a/pods/p1/log?container=init&tailLines=2')).text()).toBe('c\nd\n');
    expect(await (await get('/api/v1/namespaces/runai-a/pods/p1/log?container=init&tailLines=3&limitBytes=3')).text()).toBe('b\nc');
    const ambiguous = await get('/api/v1/namespaces/runai-a/pods/p1/log');
    expect(ambiguous.status).toBe(400);
    expect(((await ambiguous.json()) as { message: string }).message).toBe(
      'a container name must be specified for pod p1, choose one of: [main side] or one of the init containers: [init]',
    );
    const previous = await get('/api/v1/namespaces/runai-a/pods/p1/log?container=main&previous=true');
    expect(((await previous.json()) as { message: string }).message).toBe('previous terminated container "main" in pod "p1" not found');
  });

  it('injects a fault the given number of times', async () => {
    expect((await get('/api/v1/nodes/flaky')).status).toBe(503);
    expect((await get('/api/v1/nodes/flaky')).status).toBe(200);
  });

  it('records every request', () => {
    expect(simulator.requests.length).toBeGreaterThan(5);
    expect(simulator.requests.every((request) => request.method === 'GET' && request.endedAt !== null)).toBe(true);
  });
});
