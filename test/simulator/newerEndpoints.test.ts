/**
 * The simulator serves the newer read endpoints with the official envelopes: Workloads V2
 * (`WorkloadV2GetResponse`), NIM services (`NimServiceResponse`), inference revisions
 * (`{revisions}`) and a revision's pods (`{pods}`), events and history (`{events|records, next?}`);
 * absent data answers 404, as an older control plane does.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EventListSchema,
  HistoryPageSchema,
  RevisionListSchema,
  RevisionPodListSchema,
  WorkloadSpecResponseSchema,
  WorkloadV2ResponseSchema,
} from '../../functions/diagnosis/ports/RunaiSchemas.js';
import { routeRunaiPath } from '../../functions/simulator/routeRunaiPath.js';
import { startRunaiSimulator, type RunaiSimulator } from '../../functions/simulator/startRunaiSimulator.js';
import { createSimulatorClient } from './createSimulatorClient.js';

const V2 = '11111111-2222-4333-8444-555555555501';
const NIM = '11111111-2222-4333-8444-555555555502';
const INF = '11111111-2222-4333-8444-555555555503';
const OLD_INF = '11111111-2222-4333-8444-555555555504';
const REV = '11111111-2222-4333-8444-555555555505';

let sim: RunaiSimulator;
let client: ReturnType<typeof createSimulatorClient>;

beforeAll(async () => {
  sim = await startRunaiSimulator({
    scenarios: {
      workloads: [
        { id: V2, name: 'pj', type: 'PyTorchJob', sourceApi: 'WorkloadsV2', clusterId: 'c', phase: 'Failed' },
        { id: NIM, name: 'nim', type: 'NIMService', clusterId: 'c', phase: 'Failed' },
        { id: INF, name: 'inf', type: 'Inference', clusterId: 'c', phase: 'Failed' },
        { id: OLD_INF, name: 'old', type: 'Inference', clusterId: 'c', phase: 'Failed' },
      ],
      workloadsV2: { [V2]: { workload: { metadata: { name: 'pj' }, desiredPhase: 'Running', workloadManifest: { kind: 'PyTorchJob' }, rawManifest: {} } } },
      specs: { [NIM]: { metadata: { name: 'nim' }, desiredPhase: 'Running', spec: { image: 'nvcr.io/nim/x:1' } } },
      revisions: { [INF]: [{ id: REV, workloadId: INF, phase: 'Failed', createdAt: 'now-1h' }] },
      revisionPods: { [REV]: [{ name: 'inf-00001-pod' }] },
      revisionEvents: {
        [REV]: [
          { createdAt: 'now-2m', reason: 'BackOff' },
          { createdAt: 'now-1m', reason: 'Failed' },
        ],
      },
      revisionHistory: { [REV]: [{ meta: { creationTimestamp: 'now-1h', type: 'PhaseUpdate' }, spec: { phaseUpdate: { phase: 'Failed' } } }] },
    },
  });
  client = createSimulatorClient(sim);
});
afterAll(() => sim.close());

describe('routes', () => {
  it.each([
    ['/api/v2/workloads/abc', { endpoint: 'spec-v2', workloadId: 'abc' }],
    ['/api/v2/workloads/nim-services/abc', { endpoint: 'spec', workloadId: 'abc', specKind: 'nim-services' }],
    ['/api/v1/workloads/inferences/abc/revisions', { endpoint: 'revisions', workloadId: 'abc' }],
    ['/api/v1/workloads/inferences/revisions/r1/pods', { endpoint: 'revision-pods', revisionId: 'r1' }],
    ['/api/v1/workloads/inferences/revisions/r1/events', { endpoint: 'revision-events', revisionId: 'r1' }],
    ['/api/v1/workloads/inferences/revisions/r1/history', { endpoint: 'revision-history', revisionId: 'r1' }],
    ['/api/v1/workloads/inferences/abc', { endpoint: 'spec', workloadId: 'abc', specKind: 'inferences' }],
  ])('%s', (path, route) => {
    expect(routeRunaiPath(path)).toEqual(route);
  });

  it.each([
    '/api/v2/workloads',
    '/api/v2/workloads/a/b/c',
    '/api/v1/workloads/inferences/revisions/r1/metrics',
    '/api/v3/workloads/a',
    '/api/v1/workloads/inferences//revisions',
  ])('%s is not an endpoint', (path) => expect(routeRunaiPath(path)).toBeNull());
});

describe('serving', () => {
  it('Workloads V2 and NIM services, in their official envelopes', async () => {
    const v2 = await client.get(`/api/v2/workloads/${V2}`);
    expect(v2.status).toBe(200);
    expect(WorkloadV2ResponseSchema.parse(v2.json).workload.workloadManifest).toEqual({ kind: 'PyTorchJob' });
    const nim = await client.get(`/api/v2/workloads/nim-services/${NIM}`);
    expect(WorkloadSpecResponseSchema.parse(nim.json).spec?.image).toBe('nvcr.io/nim/x:1');
  });

  it('revisions and a revision pods, events (newest first) and history', async () => {
    expect(RevisionListSchema.parse((await client.get(`/api/v1/workloads/inferences/${INF}/revisions`)).json).revisions.map((r) => r.id)).toEqual([REV]);
    expect(RevisionPodListSchema.parse((await client.get(`/api/v1/workloads/inferences/revisions/${REV}/pods`)).json).pods).toHaveLength(1);
    const events = EventListSchema.parse((await client.get(`/api/v1/workloads/inferences/revisions/${REV}/events`)).json);
    expect(events.events.map((event) => event.reason)).toEqual(['Failed', 'BackOff']);
    expect(
      HistoryPageSchema.parse((await client.get(`/api/v1/workloads/inferences/revisions/${REV}/history`, { offset: 0, limit: 50 })).json).records,
    ).toHaveLength(1);
  });

  it('answers 404 where an older control plane has no such data', async () => {
    expect((await client.get(`/api/v2/workloads/${INF}`)).status).toBe(404);
    expect((await client.get(`/api/v1/workloads/inferences/${OLD_INF}/revisions`)).status).toBe(404);
    expect((await client.get(`/api/v1/workloads/inferences/revisions/unknown-rev/pods`)).status).toBe(404);
    expect((await client.get(`/api/v2/workloads/nim-services/${INF}`)).status).toBe(404);
  });
});
