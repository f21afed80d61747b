/**
 * The client is read-only by construction (docs/threat-model.md): only GET for the API, and one
 * POST, to /api/v1/token. Proven twice: statically, by scanning the module sources (the
 * client in runai/ and the HTTP layer it sends through, http/) for any other way to choose
 * a method or send a request; dynamically, by recording every request a full run of the
 * port sends.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { MockAgent } from 'undici';
import { CLUSTER_ID, ORIGIN, WORKLOAD_ID, makeClient, workload } from './helpers.js';

const functionsDir = fileURLToPath(new URL('../../functions/', import.meta.url));
/** The Run:ai client and the HTTP layer it sends through; files are named `folder/file.ts`. */
const scannedFolders = ['runai', 'http'];

/** Source without comments: prose may mention POST; code may not. */
function code(file: string): string {
  return readFileSync(join(functionsDir, file), 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
}

const sources = scannedFolders
  .flatMap((folder) => readdirSync(join(functionsDir, folder)).map((file) => `${folder}/${file}`))
  .filter((file) => file.endsWith('.ts'))
  .sort()
  .map((file) => ({ file, text: code(file) }));

const count = (text: string, pattern: RegExp) => (text.match(pattern) ?? []).length;

describe('read-only source scan', () => {
  it('finds the module files', () => {
    expect(sources.map((s) => s.file)).toEqual(
      expect.arrayContaining(['runai/createRunaiClient.ts', 'runai/createGetJson.ts', 'runai/createTokenSource.ts', 'http/sendGet.ts']),
    );
  });

  it('names no HTTP method but GET, except POST in the token module', () => {
    for (const { file, text } of sources) {
      expect(text, file).not.toMatch(/\b(PUT|PATCH|DELETE|HEAD|OPTIONS|CONNECT|TRACE)\b/);
      expect(text, file).not.toMatch(/['"`](put|patch|delete|head|options|connect|trace)['"`]/i);
      if (file !== 'runai/createTokenSource.ts') {
        expect(text, file).not.toMatch(/\bPOST\b/);
        expect(text, file).not.toMatch(/['"`]post['"`]/i);
      }
    }
  });

  it('sets `method` in exactly two places, each to a literal: GET for the API, POST for the token', () => {
    const sites = sources.flatMap(({ file, text }) => [...text.matchAll(/\bmethod\b\s*:\s*([^,}\n]+)/g)].map((m) => [file, m[1]!.trim()]));
    expect(sites).toEqual([
      ['http/sendGet.ts', "'GET'"],
      ['runai/createTokenSource.ts', "'POST'"],
    ]);
    // No other mention of `method` (no parameter, variable or spread that could carry one).
    expect(sources.reduce((n, { text }) => n + count(text, /\bmethod\b/g), 0)).toBe(2);
  });

  it('the POST can only go to /api/v1/token', () => {
    const token = sources.find((s) => s.file === 'runai/createTokenSource.ts')!.text;
    expect(token).toMatch(/export const TOKEN_PATH = '\/api\/v1\/token';/);
    expect(token).toMatch(/path: deps\.basePath \+ TOKEN_PATH,\s*method: 'POST',/);
    expect(count(token, /\bTOKEN_PATH\b/g)).toBe(2);
  });

  it('sends requests from exactly two call sites and uses no other sending API', () => {
    const sites = sources.flatMap(({ file, text }) => Array.from({ length: count(text, /\.request\(/g) }, () => file));
    expect(sites.sort()).toEqual(['http/sendGet.ts', 'runai/createTokenSource.ts']);
    for (const { file, text } of sources) {
      expect(text, file).not.toMatch(/\b(fetch|dispatch|stream|pipeline|connect|upgrade)\s*\(/);
      expect(text, file).not.toMatch(/from ['"]node:(http|https|http2|net|tls)['"]/);
      for (const [, names] of text.matchAll(/import\s*\{([^}]*)\}\s*from\s*'undici'/g)) {
        const values = names!
          .split(',')
          .map((n) => n.trim())
          .filter((n) => n && !n.startsWith('type '));
        expect(values, file).toEqual(file === 'http/createPool.ts' ? ['Pool'] : []);
      }
      expect(text, file).not.toMatch(/import\(|require\(/);
      expect(text, file).not.toMatch(/import\s+\*\s+as\s+\w+\s+from\s+'undici'|import\s+\w+\s+from\s+'undici'/);
    }
  });
});

describe('read-only at run time', () => {
  it('a full run of every port method sends only GETs and POST /api/v1/token', async () => {
    const agent = new MockAgent({ enableCallHistory: true });
    agent.disableNetConnect();
    const pool = agent.get(ORIGIN);
    let tokens = 0;
    pool
      .intercept({ path: '/api/v1/token', method: 'POST' })
      .reply(() => ({ statusCode: 200, data: { accessToken: `t${++tokens}`, expiresIn: 3600 } }))
      .persist();
    pool.intercept({ path: `/api/v1/workloads/${WORKLOAD_ID}`, method: 'GET' }).reply(401, {}); // forces a refresh
    pool.intercept({ path: (p) => p.startsWith(`/api/v1/workloads/${WORKLOAD_ID}/events`), method: 'GET' }).reply(503, {}); // forces a retry
    pool
      .intercept({ path: () => true, method: () => true })
      .reply((opts) => {
        const path = opts.path.split('?')[0]!;
        const data = path.endsWith('/events')
          ? { events: [] }
          : path.endsWith('/pods')
            ? { pods: [] }
            : path.endsWith('/history')
              ? { records: [] }
              : path.endsWith('/metrics')
                ? { measurements: [] }
                : path === '/api/v1/workloads'
                  ? { workloads: [workload] }
                  : /\/(trainings|workspaces|inferences|distributed|distributed-inferences)\//.test(path)
                    ? { spec: {} }
                    : workload;
        return { statusCode: 200, data };
      })
      .persist();

    const client = makeClient(agent);
    await client.getWorkload(WORKLOAD_ID);
    await client.listWorkloads({ name: 'n', projectName: 'p', clusterId: CLUSTER_ID, deleted: true, offset: 0, limit: 50 });
    await client.getWorkloadEvents(WORKLOAD_ID, 50);
    for (const kind of ['trainings', 'workspaces', 'inferences', 'distributed', 'distributed-inferences'] as const) {
      await client.getWorkloadSpec(WORKLOAD_ID, kind);
    }
    await client.getWorkloadPods(WORKLOAD_ID);
    await client.getWorkloadHistory(WORKLOAD_ID, 0, 50);
    await client.getWorkloadMetrics(WORKLOAD_ID, { types: ['CPU_MEMORY_USAGE_BYTES'], start: 'a', end: 'b', numberOfSamples: 10 });

    const calls = agent.getCallHistory()!.calls();
    const nonGet = calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.path}`);
    expect(nonGet).toEqual(['POST /api/v1/token', 'POST /api/v1/token']);
    expect(calls.length).toBe(client.stats.requests + client.stats.tokenRequests);
    // 7 methods, spec ×5 → 11 calls; +1 after the 401 refresh, +1 after the 503 retry
    expect(client.stats.requests).toBe(13);
    await agent.close();
  });
});
