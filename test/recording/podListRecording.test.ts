/**
 * A recorded pod list (the one LIST of a workload's pods, functions/diagnosis/tier2/listReplicaPods.ts) keeps what
 * the diagnosis reads of each pod and nothing else, as a recorded single pod does (keepWhatTheDiagnosisReads.ts):
 * the list's schema is the client's, K8sPodListSchema, whose items are K8sPodSchema.
 */
import { describe, expect, it } from 'vitest';
import { keepWhatTheDiagnosisReads } from '../../functions/recording/keepWhatTheDiagnosisReads.js';

const exchange = (path: string, body: unknown) => ({
  method: 'GET' as const,
  path,
  query: { labelSelector: 'workloadName=w', limit: '100' },
  status: 200,
  body,
});

describe('a recorded pod list', () => {
  it('keeps each pod as a recorded pod is kept: no label, annotation, IP or managed field', () => {
    const pod = (name: string) => ({
      metadata: {
        name,
        namespace: 'team-a',
        labels: { workloadName: 'w', owner: 'alice' },
        annotations: { note: 'x' },
        managedFields: [{ manager: 'kubelet' }],
      },
      spec: { nodeName: 'n-1', containers: [{ name: 'trainer', image: 'registry/secret:1', env: [{ name: 'TOKEN', value: 's3cr3t' }] }] },
      status: {
        phase: 'Failed',
        podIP: '10.1.2.3',
        containerStatuses: [{ name: 'trainer', state: { terminated: { exitCode: 1, finishedAt: '2026-03-02T11:00:00Z' } } }],
      },
    });
    const kept = keepWhatTheDiagnosisReads(
      'kubernetes',
      exchange('/api/v1/namespaces/team-a/pods', { kind: 'PodList', metadata: { resourceVersion: '9', continue: 'tok' }, items: [pod('w-0'), pod('w-1')] }),
    );
    const text = JSON.stringify(kept.body);
    for (const dropped of ['alice', 'owner', 'annotations', 'managedFields', '10.1.2.3', 's3cr3t', 'registry/secret']) expect(text).not.toContain(dropped);
    expect(kept.body).toEqual({
      metadata: { continue: 'tok' },
      items: ['w-0', 'w-1'].map((name) => ({
        metadata: { name, namespace: 'team-a' },
        spec: { nodeName: 'n-1', containers: [{ name: 'trainer' }] },
        status: { phase: 'Failed', containerStatuses: [{ name: 'trainer', state: { terminated: { exitCode: 1, finishedAt: '2026-03-02T11:00:00Z' } } }] },
      })),
    });
  });
});
