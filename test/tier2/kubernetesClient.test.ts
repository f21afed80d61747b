/**
 * The read-only Kubernetes client against the Kubernetes simulator over real HTTP (and a
 * real TLS server for `caFile`): the procedure's kubectl reads, bounded log tails, error
 * classification, token files, timeouts, and names that are never sent.
 */
import { execFileSync } from 'node:child_process';
import { createServer } from 'node:https';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createKubernetesClient, tokenFrom, type KubernetesClient } from '../../functions/kubernetes/createKubernetesClient.js';
import { KubernetesError } from '../../functions/diagnosis/ports/KubernetesReader.js';
import { startKubernetesSimulator, type KubernetesSimulator } from '../../functions/simulator/kubernetes/startKubernetesSimulator.js';
import type { KubernetesScenario } from '../../functions/recording/format/KubernetesScenarioSchema.js';

const NS = 'runai-ml';
const LINES = Array.from({ length: 500 }, (_, index) => `step ${index} loss ${(1 / (index + 1)).toFixed(4)}`);

const SCENARIO: KubernetesScenario = {
  token: 'k8s-test-token-1',
  pods: [
    {
      metadata: { name: 'trainer-0', namespace: NS, uid: 'u1', creationTimestamp: 'now-1h' },
      spec: { nodeName: 'gpu-node-3', containers: [{ name: 'trainer' }], initContainers: [{ name: 'fetch' }] },
      status: {
        phase: 'Running',
        someFutureField: { nested: true },
        containerStatuses: [
          {
            name: 'trainer',
            restartCount: 3,
            state: { waiting: { reason: 'CrashLoopBackOff', message: 'back-off 40s' } },
            lastState: { terminated: { exitCode: 137, reason: 'OOMKilled', finishedAt: 'now-2m', signal: null } },
          },
        ],
      },
    },
    { metadata: { name: 'two-containers', namespace: NS }, spec: { containers: [{ name: 'a' }, { name: 'b' }] }, status: { phase: 'Running' } },
  ],
  events: [
    {
      metadata: { namespace: NS, name: 'e1' },
      involvedObject: { kind: 'Pod', name: 'trainer-0' },
      reason: 'BackOff',
      message: 'Back-off restarting failed container',
      count: 7,
      lastTimestamp: 'now-1m',
      source: { component: 'kubelet', host: 'gpu-node-3' },
    },
    { metadata: { namespace: NS, name: 'e2' }, involvedObject: { kind: 'Pod', name: 'other-pod' }, reason: 'Pulled', message: 'pulled' },
    { metadata: { namespace: 'runai-other', name: 'e3' }, involvedObject: { kind: 'Pod', name: 'trainer-0' }, reason: 'Pulled', message: 'other namespace' },
  ],
  nodes: [{ metadata: { name: 'gpu-node-3' }, status: { conditions: [{ type: 'Ready', status: 'True', reason: 'KubeletReady' }] } }],
  logs: [
    { namespace: NS, pod: 'trainer-0', container: 'trainer', previous: true, lines: LINES },
    { namespace: NS, pod: 'trainer-0', container: 'trainer', previous: false, lines: ['starting again'] },
  ],
};

let simulator: KubernetesSimulator;
let client: KubernetesClient;
beforeAll(async () => {
  simulator = await startKubernetesSimulator({ scenario: SCENARIO });
  client = createKubernetesClient({ server: simulator.url, token: tokenFrom({ token: simulator.token }) });
});
afterAll(async () => {
  await client.close();
  await simulator.close();
});
afterEach(() => simulator.reset());

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(KubernetesError);
    return (error as KubernetesError).code;
  }
  throw new Error('expected a KubernetesError');
}

describe("Kubernetes client: the procedure's kubectl reads", () => {
  it('kubectl describe pod: GET the pod, tolerant of unknown fields', async () => {
    const pod = await client.getPod(NS, 'trainer-0');
    expect(pod.spec?.nodeName).toBe('gpu-node-3');
    expect(pod.status?.containerStatuses?.[0]?.lastState?.terminated).toMatchObject({ exitCode: 137, reason: 'OOMKilled' });
    expect(simulator.requests.map((request) => `${request.method} ${request.path}`)).toEqual([`GET /api/v1/namespaces/${NS}/pods/trainer-0`]);
  });

  it('kubectl get events --field-selector involvedObject.name=<pod>: only that pod, in that namespace', async () => {
    const events = await client.listPodEvents(NS, 'trainer-0');
    expect(events.map((event) => event.reason)).toEqual(['BackOff']);
    expect(simulator.requests[0]?.query).toEqual({ fieldSelector: 'involvedObject.name=trainer-0' });
  });

  it('kubectl logs --previous: a bounded tail (tailLines and limitBytes always sent)', async () => {
    const log = await client.getPodLog(NS, 'trainer-0', { container: 'trainer', previous: true, tailLines: 100, limitBytes: 64 * 1024 });
    expect(log.text.trimEnd().split('\n')).toEqual(LINES.slice(-100));
    expect(log.truncated).toBe(false);
    expect(simulator.requests[0]?.query).toEqual({ container: 'trainer', previous: 'true', tailLines: '100', limitBytes: '65536' });
    const current = await client.getPodLog(NS, 'trainer-0', { container: 'trainer', previous: false, tailLines: 100, limitBytes: 1024 });
    expect(current.text).toBe('starting again\n');
  });

  it('marks a log cut at limitBytes as truncated', async () => {
    const log = await client.getPodLog(NS, 'trainer-0', { container: 'trainer', previous: true, tailLines: 500, limitBytes: 200 });
    expect(Buffer.byteLength(log.text)).toBe(200);
    expect(log.truncated).toBe(true);
  });

  it('kubectl describe node', async () => {
    expect((await client.getNode('gpu-node-3')).status?.conditions?.[0]).toMatchObject({ type: 'Ready', status: 'True' });
  });

  it('counts requests', () => {
    expect(client.stats.requests).toBeGreaterThanOrEqual(6);
  });
});

describe('Kubernetes client: failures are classified, never thrown raw', () => {
  it('404 → K8S_NOT_FOUND (a deleted pod, its logs, an unknown node)', async () => {
    expect(await codeOf(client.getPod(NS, 'deleted-pod'))).toBe('K8S_NOT_FOUND');
    expect(await codeOf(client.getPodLog(NS, 'deleted-pod', { container: 'x', previous: true, tailLines: 10, limitBytes: 100 }))).toBe('K8S_NOT_FOUND');
    expect(await codeOf(client.getNode('gone-node'))).toBe('K8S_NOT_FOUND');
  });

  it('400 "previous terminated container … not found" → K8S_NO_PREVIOUS; other 400s → K8S_BAD_REQUEST', async () => {
    expect(await codeOf(client.getPodLog(NS, 'two-containers', { container: 'a', previous: true, tailLines: 10, limitBytes: 100 }))).toBe('K8S_NO_PREVIOUS');
    expect(await codeOf(client.getPodLog(NS, 'two-containers', { container: 'zz', previous: false, tailLines: 10, limitBytes: 100 }))).toBe('K8S_BAD_REQUEST');
  });

  it('401 → K8S_UNAUTHORIZED, and the token never appears in the error', async () => {
    const wrong = createKubernetesClient({ server: simulator.url, token: tokenFrom({ token: 'wrong-token-value-1234' }) });
    try {
      const error = await wrong.getPod(NS, 'trainer-0').catch((caught: unknown) => caught as KubernetesError);
      expect(error).toMatchObject({ code: 'K8S_UNAUTHORIZED', status: 401 });
      expect(String((error as Error).message)).not.toContain('wrong-token-value-1234');
    } finally {
      await wrong.close();
    }
  });

  it('403 / 5xx faults → K8S_FORBIDDEN / K8S_UNAVAILABLE; a reset → K8S_NETWORK; a hang → K8S_TIMEOUT', async () => {
    const faulty = await startKubernetesSimulator({
      scenario: {
        ...SCENARIO,
        faults: [
          { resource: 'pod', status: 403 },
          { resource: 'node', status: 503 },
          { resource: 'events', kind: 'reset' },
          { resource: 'log', kind: 'hang' },
        ],
      },
    });
    const quick = createKubernetesClient({ server: faulty.url, token: tokenFrom({ token: faulty.token }), timeoutMs: 300 });
    try {
      expect(await codeOf(quick.getPod(NS, 'trainer-0'))).toBe('K8S_FORBIDDEN');
      expect(await codeOf(quick.getNode('gpu-node-3'))).toBe('K8S_UNAVAILABLE');
      expect(await codeOf(quick.listPodEvents(NS, 'trainer-0'))).toBe('K8S_NETWORK');
      const started = performance.now();
      expect(await codeOf(quick.getPodLog(NS, 'trainer-0', { container: 'trainer', previous: true, tailLines: 10, limitBytes: 100 }))).toBe('K8S_TIMEOUT');
      expect(performance.now() - started).toBeLessThan(2_000);
    } finally {
      await quick.close();
      await faulty.close();
    }
  });

  it('an unreachable server → K8S_NETWORK', async () => {
    const nowhere = createKubernetesClient({ server: 'http://127.0.0.1:9', token: tokenFrom({ token: 't' }), timeoutMs: 1_000 });
    try {
      expect(await codeOf(nowhere.getPod(NS, 'trainer-0'))).toBe('K8S_NETWORK');
    } finally {
      await nowhere.close();
    }
  });

  it('a body that is not the expected shape → K8S_BAD_RESPONSE', async () => {
    const broken = await startKubernetesSimulator({
      scenario: {
        pods: [{ metadata: { name: 'bad', namespace: NS }, status: { containerStatuses: [{ name: 'x', state: { terminated: { exitCode: 'one' } } }] } }],
      },
    });
    const reader = createKubernetesClient({ server: broken.url, token: tokenFrom({ token: broken.token }) });
    try {
      expect(await codeOf(reader.getPod(NS, 'bad'))).toBe('K8S_BAD_RESPONSE');
    } finally {
      await reader.close();
      await broken.close();
    }
  });
});

describe('Kubernetes client: what it refuses to send', () => {
  it.each([
    ['a namespace that is not a DNS label', () => client.getPod('Runai_ML', 'trainer-0')],
    ['a path-traversing pod name', () => client.getPod(NS, '../../nodes/x')],
    ['a field-selector injection', () => client.listPodEvents(NS, 'trainer-0,reason=Killing')],
    ['an invalid container name', () => client.getPodLog(NS, 'trainer-0', { container: 'a/b', previous: false, tailLines: 10, limitBytes: 10 })],
    ['an unbounded log read', () => client.getPodLog(NS, 'trainer-0', { container: 'trainer', previous: false, tailLines: 0, limitBytes: 10 })],
    ['an invalid node name', () => client.getNode('Node With Spaces')],
  ])('%s: rejected without a request', async (_, read) => {
    expect(await codeOf(read())).toBe('K8S_BAD_REQUEST');
    expect(simulator.requests).toEqual([]);
  });
});

describe('credentials', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'tier2-client-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('re-reads a token file on every request (projected tokens rotate)', async () => {
    const tokenFile = join(dir, 'token');
    await writeFile(tokenFile, 'stale-token\n');
    const reader = createKubernetesClient({ server: simulator.url, token: tokenFrom({ tokenFile }) });
    try {
      expect(await codeOf(reader.getNode('gpu-node-3'))).toBe('K8S_UNAUTHORIZED');
      await writeFile(tokenFile, `${simulator.token}\n`);
      expect((await reader.getNode('gpu-node-3')).metadata?.name).toBe('gpu-node-3');
    } finally {
      await reader.close();
    }
  });

  it('an unreadable token file → K8S_CREDENTIALS, nothing sent', async () => {
    const reader = createKubernetesClient({ server: simulator.url, token: tokenFrom({ tokenFile: join(dir, 'missing') }) });
    try {
      expect(await codeOf(reader.getNode('gpu-node-3'))).toBe('K8S_CREDENTIALS');
      expect(simulator.requests).toEqual([]);
    } finally {
      await reader.close();
    }
  });

  it('an unreadable CA file → K8S_CREDENTIALS', async () => {
    const reader = createKubernetesClient({
      server: 'https://127.0.0.1:9',
      token: tokenFrom({ token: 't' }),
      ca: () => readFile(join(dir, 'no-ca.pem'), 'utf8'),
    });
    try {
      expect(await codeOf(reader.getNode('gpu-node-3'))).toBe('K8S_CREDENTIALS');
    } finally {
      await reader.close();
    }
  });

  const hasOpenssl = (() => {
    try {
      execFileSync('openssl', ['version'], { stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  })();

  it.skipIf(!hasOpenssl)('trusts the cluster CA from caFile (undici connect.ca), and nothing else', async () => {
    const key = join(dir, 'key.pem');
    const cert = join(dir, 'cert.pem');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-keyout',
        key,
        '-out',
        cert,
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
      ],
      { stdio: 'ignore' },
    );
    const server = createServer({ key: await readFile(key), cert: await readFile(cert) }, (req, res) => {
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ metadata: { name: 'tls-node' }, status: { conditions: [] }, auth: req.headers.authorization }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const trusted = createKubernetesClient({ server: url, token: tokenFrom({ token: 'tls-token' }), ca: () => readFile(cert, 'utf8') });
    const untrusted = createKubernetesClient({ server: url, token: tokenFrom({ token: 'tls-token' }) });
    try {
      expect((await trusted.getNode('tls-node')).metadata?.name).toBe('tls-node');
      expect(await codeOf(untrusted.getNode('tls-node'))).toBe('K8S_NETWORK');
    } finally {
      await trusted.close();
      await untrusted.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
