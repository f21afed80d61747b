/**
 * Tier 2 is read-only, proven three ways: structurally (the client has exactly one place
 * that sets an HTTP method, to the literal GET, and nothing reads an ambient kubeconfig or
 * service account), dynamically (every port method, recorded by a MockAgent, sends GETs),
 * and by the Kubernetes simulator, which records and rejects anything but GET.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MockAgent } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKubernetesClient, tokenFrom } from '../../functions/kubernetes/createKubernetesClient.js';
import { startKubernetesSimulator, type KubernetesSimulator } from '../../functions/simulator/kubernetes/startKubernetesSimulator.js';

const functionsDir = fileURLToPath(new URL('../../functions/', import.meta.url));
/**
 * The Kubernetes adapter and the HTTP layer it sends through, named `folder/file.ts` (the
 * simulator, a test double, lives in functions/simulator/kubernetes).
 */
const sources = ['kubernetes', 'http']
  .flatMap((folder) => readdirSync(join(functionsDir, folder)).map((file) => `${folder}/${file}`))
  .filter((file) => file.endsWith('.ts'))
  .map((file) => ({ file, text: readFileSync(join(functionsDir, file), 'utf8') }));
const code = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');

describe('Tier 2 read-only by construction', () => {
  it('has sources to scan', () => {
    expect(sources.map(({ file }) => file)).toEqual(expect.arrayContaining(['kubernetes/createKubernetesClient.ts', 'http/sendGet.ts']));
  });

  it('sets `method` in exactly one place, to the literal GET', () => {
    const sites = sources.flatMap(({ file, text }) => [...code(text).matchAll(/\bmethod\b\s*:\s*([^,}\n]+)/g)].map((match) => [file, match[1]?.trim()]));
    expect(sites).toEqual([['http/sendGet.ts', "'GET'"]]);
    expect(sources.reduce((count, { text }) => count + (code(text).match(/\bmethod\b/g)?.length ?? 0), 0)).toBe(1);
  });

  it('names no write verb and sends from exactly one place', () => {
    for (const { file, text } of sources) {
      const body = code(text);
      expect(body, file).not.toMatch(/['"](?:POST|PUT|PATCH|DELETE)['"]/);
      expect(body, file).not.toMatch(/\b(?:fetch|stream|pipeline|upgrade|dispatch)\s*\(|\.connect\s*\(/);
    }
    const senders = sources.flatMap(({ file, text }) => (code(text).match(/\.request\s*\(/g) ?? []).map(() => file));
    expect(senders).toEqual(['http/sendGet.ts']);
  });

  it('never reads an ambient kubeconfig or in-cluster service account', () => {
    for (const { file, text } of sources) {
      const body = code(text);
      expect(body, file).not.toMatch(/KUBECONFIG|\.kube\/config|KUBERNETES_SERVICE_HOST|serviceaccount\/token|process\.env/);
    }
  });

  it('every port method sends only GETs', async () => {
    const agent = new MockAgent();
    agent.disableNetConnect();
    const calls: { method: string; path: string }[] = [];
    const pool = agent.get('http://k8s.test');
    pool
      .intercept({ path: () => true, method: () => true })
      .reply((options) => {
        calls.push({ method: options.method, path: options.path });
        const body = options.path.includes('/log?')
          ? 'line\n'
          : options.path.includes('/events') || options.path.includes('/pods?')
            ? { items: [] }
            : { metadata: { name: 'x' } };
        return { statusCode: 200, data: typeof body === 'string' ? body : JSON.stringify(body) };
      })
      .persist();
    const client = createKubernetesClient({ server: 'http://k8s.test', token: tokenFrom({ token: 't' }), dispatcher: agent });
    await client.getPod('runai-ml', 'trainer-0');
    await client.listPods('runai-ml', { labelSelector: 'workloadName=trainer', limit: 100, continue: 'opaque' });
    await client.listPodEvents('runai-ml', 'trainer-0');
    await client.getPodLog('runai-ml', 'trainer-0', { container: 'trainer', previous: true, tailLines: 10, limitBytes: 100 });
    await client.getNode('gpu-node-1');
    await client.close();
    await agent.close();
    expect(calls).toHaveLength(5);
    expect(calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });
});

describe('the Kubernetes simulator enforces it', () => {
  let simulator: KubernetesSimulator;
  beforeAll(async () => {
    simulator = await startKubernetesSimulator({ scenario: { pods: [{ metadata: { name: 'trainer-0', namespace: 'runai-ml' } }] } });
  });
  afterAll(() => simulator.close());

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'])('%s is answered 405 and recorded as a violation', async (method) => {
    simulator.reset();
    const response = await fetch(`${simulator.url}/api/v1/namespaces/runai-ml/pods/trainer-0`, {
      method,
      headers: { authorization: `Bearer ${simulator.token}`, 'content-type': 'application/json' },
      ...(method === 'DELETE' ? {} : { body: '{}' }),
    });
    expect(response.status).toBe(405);
    expect(await response.json()).toMatchObject({ kind: 'Status', reason: 'MethodNotAllowed', code: 405 });
    expect(simulator.violations).toHaveLength(1);
    expect(simulator.violations[0]).toMatchObject({ method, path: '/api/v1/namespaces/runai-ml/pods/trainer-0' });
  });

  it('answers GETs without the bearer token 401, with a Status body', async () => {
    simulator.reset();
    const response = await fetch(`${simulator.url}/api/v1/namespaces/runai-ml/pods/trainer-0`);
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ kind: 'Status', status: 'Failure', reason: 'Unauthorized', code: 401 });
    expect(simulator.violations).toEqual([]);
  });
});
