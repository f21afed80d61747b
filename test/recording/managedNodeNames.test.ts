/**
 * A managed Kubernetes node's name is one identifier (replaceManagedNodeNames.ts): GKE (standard
 * and Autopilot), AKS (scale set and availability set) and OKE names are replaced whole, with the
 * pseudonym the `nodeName` field gives the same name; and the drop step keeps the Kubernetes
 * enumerations a reader checks a node verdict against (keepWhatTheDiagnosisReads.ts): the pod's
 * QoS class and the node's taint keys and effects. Values of this file's own.
 */
import { describe, expect, it } from 'vitest';
import { createAnonymizer } from '../../functions/recording/anonymizeRecording.js';
import { keepWhatTheDiagnosisReads } from '../../functions/recording/keepWhatTheDiagnosisReads.js';
import { replaceManagedNodeNames } from '../../functions/recording/replaceManagedNodeNames.js';

const NODES: [string, string, string[]][] = [
  ['GKE standard', 'gke-quillfeather-prod-gpu-a100-3f9c0e21-x7kq', ['quillfeather', 'gpu-a100', '3f9c0e21', 'x7kq']],
  ['GKE Autopilot, auto-provisioned pool', 'gk3-tarnwick7-marrowgate-nap-k2x9qv0d-5e1d7a3c-p4mz', ['tarnwick7', 'marrowgate', 'k2x9qv0d', '5e1d7a3c']],
  ['GKE Autopilot, numbered pool', 'gk3-tarnwick-cluster-pool-2-6cff7a0b-zq8s', ['tarnwick', '6cff7a0b', 'zq8s']],
  ['AKS scale set', 'aks-h100quill3-51730294-vmss00002f', ['h100quill3', '51730294', 'vmss00002f']],
  ['AKS availability set', 'aks-quillpool-51730294-1', ['quillpool', '51730294']],
  ['OKE', 'oke-c4mzq8x2p1vra-nk7w3d9s0ytl-sq2p8v6n1xke-2', ['c4mzq8x2p1vra', 'nk7w3d9s0ytl', 'sq2p8v6n1xke']],
];

describe('managed node names', () => {
  it.each(NODES)('replaces a %s node name whole, in prose', (_what, node, parts) => {
    const out = createAnonymizer([]).text(`peers moved to ${node}; draining ${node}.`);
    expect(out, out).toMatch(/^peers moved to node-[0-9a-f]{6}; draining node-[0-9a-f]{6}\.$/);
    for (const part of parts) expect(out, out).not.toContain(part);
  });

  it('gives a node named in a field and in an event text the same pseudonym', () => {
    const node = 'aks-h100quill3-51730294-vmss00002f';
    const anonymizer = createAnonymizer([{ spec: { nodeName: node } }]);
    const field = anonymizer.value({ spec: { nodeName: node } }) as { spec: { nodeName: string } };
    expect(anonymizer.text(`previous attempt on ${node} (evicted)`)).toBe(`previous attempt on ${field.spec.nodeName} (evicted)`);
  });

  it.each(['gke-1.29.4-gke.1043002', 'aks-engine v0.61.0', 'the aks-preview extension', 'oke-cluster-autoscaler', 'pip install gke-gcloud-auth-plugin'])(
    'leaves %s to the other rules (not a node name)',
    (line) => {
      // The rule alone: the word rule judges these words on its own terms.
      const pseudonyms = { of: (kind: string) => `${kind}-000000`, ip: (ip: string) => ip, digits: (value: string) => value, words: (text: string) => text };
      expect(replaceManagedNodeNames(line, pseudonyms)).toBe(line);
    },
  );
});

describe('Kubernetes enumerations the drop step keeps', () => {
  const exchange = (path: string, body: unknown) => ({ method: 'GET' as const, path, query: {}, status: 200, body });

  it('keeps the pod QoS class', () => {
    const kept = keepWhatTheDiagnosisReads(
      'kubernetes',
      exchange('/api/v1/namespaces/team-a/pods/p-0', { status: { phase: 'Failed', qosClass: 'Guaranteed', podIP: '10.1.2.3' } }),
    );
    const out = JSON.stringify(createAnonymizer([]).value(kept.body));
    expect(out).toContain('"qosClass":"Guaranteed"');
    expect(out).not.toContain('podIP');
  });

  it('keeps no QoS class outside the enumeration', () => {
    const kept = keepWhatTheDiagnosisReads('kubernetes', exchange('/api/v1/namespaces/team-a/pods/p-0', { status: { qosClass: 'quillfeather' } }));
    expect(JSON.stringify(kept.body)).not.toContain('quillfeather');
  });

  it("keeps a node's upstream taint key and effect, pseudonymises a user's key and drops every value", () => {
    const body = {
      spec: {
        taints: [
          { key: 'node.kubernetes.io/memory-pressure', effect: 'NoSchedule', timeAdded: '2026-12-01T10:00:00Z' },
          { key: 'quillfeather.io/team', value: 'marrowgate', effect: 'NoExecute' },
        ],
      },
      status: { addresses: [{ type: 'InternalIP', address: '10.1.2.3' }] },
    };
    const kept = keepWhatTheDiagnosisReads('kubernetes', exchange('/api/v1/nodes/n-1', body));
    const out = JSON.stringify(createAnonymizer([]).value(kept.body));
    expect(out).toContain('"key":"node.kubernetes.io/memory-pressure","effect":"NoSchedule","timeAdded":"2026-12-01T10:00:00Z"');
    expect(out).toContain('"effect":"NoExecute"');
    for (const value of ['quillfeather', 'marrowgate', '10.1.2.3']) expect(out, out).not.toContain(value);
  });
});
