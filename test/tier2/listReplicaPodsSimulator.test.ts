/** The Kubernetes simulator serves the workload's pod list as an API server chunks a LIST (listReplicaPods.ts): label selectors, pages, a fault, GET only. */
import { describe, expect, it } from 'vitest';
import { createKubernetesClient, tokenFrom } from '../../functions/kubernetes/createKubernetesClient.js';
import type { K8sPod } from '../../functions/diagnosis/ports/KubernetesSchemas.js';
import { listReplicaPods } from '../../functions/diagnosis/tier2/listReplicaPods.js';
import { startKubernetesSimulator } from '../../functions/simulator/kubernetes/startKubernetesSimulator.js';

const NS = 'runai-ml';

describe('the simulator serves the list: label selectors, chunks, faults, GET only', () => {
  const scenario = {
    pods: [
      { metadata: { name: 'w-0', namespace: NS, labels: { workloadName: 'w', project: 'ml' } } },
      { metadata: { name: 'w-1', namespace: NS, labels: { workloadName: 'w', project: 'ml' } } },
      { metadata: { name: 'w-2', namespace: NS, labels: { workloadName: 'w' } } },
      { metadata: { name: 'v-0', namespace: NS, labels: { workloadName: 'v' } } },
      { metadata: { name: 'w-0', namespace: 'runai-other', labels: { workloadName: 'w' } } },
    ],
  };

  it('filters by the selector in the namespace and pages by limit/continue', async () => {
    const simulator = await startKubernetesSimulator({ scenario });
    const client = createKubernetesClient({ server: simulator.url, token: tokenFrom({ token: simulator.token }) });
    const first = await client.listPods(NS, { labelSelector: 'workloadName=w', limit: 2 });
    const second = await client.listPods(NS, { labelSelector: 'workloadName=w', limit: 2, continue: first.continue! });
    await client.close();
    const bySelector = async (selector: string) => {
      const response = await fetch(`${simulator.url}/api/v1/namespaces/${NS}/pods?labelSelector=${encodeURIComponent(selector)}`, {
        headers: { authorization: `Bearer ${simulator.token}` },
      });
      return response.status === 200 ? ((await response.json()) as { items: K8sPod[] }).items.map((item) => item.metadata?.name) : response.status;
    };
    const names = [await bySelector('workloadName=w,project'), await bySelector('!project'), await bySelector('workloadName!=w'), await bySelector('a in (b)')];
    const badToken = await fetch(`${simulator.url}/api/v1/namespaces/${NS}/pods?continue=bm90LWEtdG9rZW4`, {
      headers: { authorization: `Bearer ${simulator.token}` },
    });
    await simulator.close();
    expect(first.items.map((item) => item.metadata?.name)).toEqual(['w-0', 'w-1']);
    expect(first.continue).toBeTruthy();
    expect(second).toEqual({ items: [expect.objectContaining({ metadata: expect.objectContaining({ name: 'w-2' }) })], continue: null });
    expect(names).toEqual([['w-0', 'w-1'], ['v-0', 'w-2'], ['v-0'], 400]);
    expect(badToken.status).toBe(400);
    expect(simulator.violations).toEqual([]);
    expect(simulator.requests.filter((request) => request.resource === 'pods').every((request) => request.method === 'GET')).toBe(true);
  });

  it('injects a 403 on the list, and answers a write 405', async () => {
    const simulator = await startKubernetesSimulator({ scenario: { ...scenario, faults: [{ resource: 'pods', status: 403 }] } });
    const client = createKubernetesClient({ server: simulator.url, token: tokenFrom({ token: simulator.token }) });
    const listed = await listReplicaPods(client, NS, 'w', ['w-0']);
    await client.close();
    const write = await fetch(`${simulator.url}/api/v1/namespaces/${NS}/pods`, {
      method: 'POST',
      body: '{}',
      headers: { authorization: `Bearer ${simulator.token}` },
    });
    await simulator.close();
    expect(listed).toEqual({ ok: false, reason: 'K8S_FORBIDDEN' });
    expect(write.status).toBe(405);
    expect(simulator.violations.map((violation) => violation.resource)).toEqual(['pods']);
  });
});
