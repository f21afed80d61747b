/**
 * The process behind the "bounded reads" worst cases (#25 item 3), run by plain node with a
 * heap cap (`--max-old-space-size`) so that finishing at all is the proof:
 * - `diagnosis`: one diagnosis of the `oom-recurring-paged-history` workload whose history
 *   answers `pages` pages of `pageBytes` each (every record inside the lookback, each carrying
 *   a long message), optionally recorded (`record`) into a temporary folder;
 * - `poller`: one poll of `healthy` clusters answering one small page and one cluster answering
 *   `pages` pages of `pageBytes` each.
 * Everything but the big pages is the Run:ai simulator (in this process); the big pages come
 * from an undici MockAgent in front of it, built page by page as they are asked for.
 * Prints one JSON line (BoundedReadsChildOutput).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MockAgent } from 'undici';
import { diagnoseWorkload } from '../../functions/diagnosis/diagnoseWorkload.js';
import { createMemoryWatermarkStore } from '../../functions/poller/createMemoryWatermarkStore.js';
import { pollFailedWorkloads } from '../../functions/poller/pollFailedWorkloads.js';
import { createMemoryQueue } from '../../functions/queue/createMemoryQueue.js';
import { createRecordingSession } from '../../functions/recording/createRecordingSession.js';
import { messagesEn } from '../../functions/report/messagesEn.js';
import { createRunaiClient } from '../../functions/runai/createRunaiClient.js';
import { loadScenario, startRunaiSimulator } from '../../functions/simulator/startRunaiSimulator.js';

export interface BoundedReadsChildInput {
  mode: 'diagnosis' | 'poller';
  scenarioDir: string;
  pages: number;
  pageBytes: number;
  record?: boolean;
  healthy?: number;
}

export interface BoundedReadsChildOutput {
  peakRssMb: number;
  wallMs: number;
  /** diagnosis: the verdict's limitations and recurrence count; poller: the summary's figures. */
  limitations?: string[];
  recurrence?: number | null;
  omitted?: { exchanges: number; bytes: number; budgetBytes: number } | null;
  enqueued?: number;
  failedClusters?: string[];
  failuresByCode?: Record<string, number>;
  pagesRead?: number;
}

const input = JSON.parse(process.argv[2] ?? '{}') as BoundedReadsChildInput;
const credentials = { grantType: 'client_credentials', clientId: 'sim-client', clientSecret: 'sim-secret' } as const;
const now = Date.now();
let peakRss = process.memoryUsage().rss;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 20);
const started = performance.now();

/** A page body of about `bytes`: `count` items of `item(index)`, then `next`. */
function page(key: string, count: number, item: (index: number) => unknown, next: number | null): string {
  return `{"${key}":[${Array.from({ length: count }, (_, index) => JSON.stringify(item(index))).join(',')}],"next":${next === null ? 'null' : next}}`;
}

const offsetOf = (path: string) => Number(new URL(path, 'http://x').searchParams.get('offset') ?? '0');

async function diagnosis(): Promise<BoundedReadsChildOutput> {
  const template = await loadScenario(input.scenarioDir);
  const simulator = await startRunaiSimulator({ scenarios: template.runai, now: () => now });
  const agent = new MockAgent();
  agent.enableNetConnect();
  const perRecord = Math.max(64, Math.floor(input.pageBytes / 50) - 400);
  const message = `Readiness probe failed: ${'connection refused; '.repeat(Math.ceil(perRecord / 20))}`.slice(0, perRecord);
  agent
    .get(simulator.url)
    .intercept({ method: 'GET', path: (path: string) => /\/api\/v1\/workloads\/[^/]+\/history/.test(path) })
    .reply((options) => {
      const offset = offsetOf(options.path);
      const index = offset / 50;
      const next = index + 1 < input.pages ? offset + 50 : null;
      // Newest first, one record a second: every record is inside the 7-day lookback.
      const data = page(
        'records',
        50,
        (item) => {
          const at = new Date(now - (offset + item + 60) * 1_000).toISOString();
          return {
            meta: { creationTimestamp: at, type: 'Event' },
            spec: {
              event: {
                createdAt: at,
                type: 'Warning',
                reason: 'Unhealthy',
                source: 'kubelet',
                message: `${message} (${offset + item})`,
                involvedObject: { kind: 'Pod', name: 'llm-pretrain-13b-0-3', namespace: 'runai-foundation-models' },
              },
            },
          };
        },
        next,
      );
      return { statusCode: 200, data, responseOptions: { headers: { 'content-type': 'application/json' } } };
    })
    .persist();
  const session = input.record ? createRecordingSession({ secrets: [credentials.clientSecret] }) : null;
  const client = createRunaiClient({
    baseUrl: simulator.url,
    credentials,
    dispatcher: session ? session.runaiDispatcher(simulator.url, 10_000, agent) : agent,
    requestTimeoutMs: 60_000,
  });
  const dir = input.record ? join(await mkdtemp(join(tmpdir(), 'bounded-reads-')), 'recording') : null;
  try {
    const { verdict } = await diagnoseWorkload(template.request, { reader: client, now: new Date(now), messages: messagesEn });
    const written =
      session && dir ? await session.finish(dir, { request: template.request, verdict, exitCode: 0, now: new Date(now), anonymize: false }) : null;
    return {
      peakRssMb: 0,
      wallMs: 0,
      limitations: verdict.limitations,
      recurrence: verdict.recurrence?.count ?? null,
      omitted: written?.omitted ?? null,
      pagesRead: simulator.requests.length,
    };
  } finally {
    await client.close();
    await session?.close();
    await agent.close();
    await simulator.close();
    if (dir) await rm(join(dir, '..'), { recursive: true, force: true });
  }
}

async function poller(): Promise<BoundedReadsChildOutput> {
  const origin = 'http://runai.bench.invalid';
  const agent = new MockAgent();
  agent.disableNetConnect();
  const pool = agent.get(origin);
  pool.intercept({ method: 'POST', path: '/api/v1/token' }).reply(200, { accessToken: 'bench-token', expiresIn: 3600 }).persist();
  const big = '99999999-9999-4999-8999-999999999999';
  const healthy = Array.from({ length: input.healthy ?? 3 }, (_, index) => `${String(index + 1).repeat(8)}-1111-4111-8111-111111111111`);
  const perWorkload = Math.max(64, Math.floor(input.pageBytes / 100) - 300);
  const padding = 'x'.repeat(perWorkload);
  let pagesRead = 0;
  pool
    .intercept({ method: 'GET', path: (path: string) => path.startsWith('/api/v1/workloads?') })
    .reply((options) => {
      pagesRead += 1;
      const url = new URL(options.path, origin);
      const clusterId = /clusterId==([^,]+)/.exec(url.searchParams.get('filterBy') ?? '')?.[1] ?? '';
      const offset = offsetOf(options.path);
      const workload = (id: string, at: number, extra: Record<string, unknown> = {}) => ({
        id,
        name: id,
        type: 'Training',
        projectName: 'ml-team',
        clusterId,
        phase: 'Failed',
        phaseUpdatedAt: new Date(at).toISOString(),
        ...extra,
      });
      if (clusterId !== big) {
        const data = page('workloads', 3, (index) => workload(`${clusterId.slice(0, 8)}-${index}`, now - 60_000 + index), null);
        return { statusCode: 200, data, responseOptions: { headers: { 'content-type': 'application/json' } } };
      }
      const index = offset / 100;
      const next = index + 1 < input.pages ? offset + 100 : null;
      const data = page('workloads', 100, (item) => workload(`big-${offset + item}`, now - 3_000_000 + offset + item, { phaseMessage: padding }), next);
      return { statusCode: 200, data, responseOptions: { headers: { 'content-type': 'application/json' } } };
    })
    .persist();
  const client = createRunaiClient({ baseUrl: origin, credentials, dispatcher: agent, requestTimeoutMs: 60_000 });
  try {
    const summary = await pollFailedWorkloads(
      { lister: client, queue: createMemoryQueue(), watermarks: createMemoryWatermarkStore() },
      { clusterIds: [healthy[0] as string, big, ...healthy.slice(1)], now: new Date(now), clusterTimeoutMs: 120_000 },
    );
    return { peakRssMb: 0, wallMs: 0, enqueued: summary.enqueued, failedClusters: summary.failedClusters, failuresByCode: summary.failuresByCode, pagesRead };
  } finally {
    await client.close();
    await agent.close();
  }
}

const output = input.mode === 'poller' ? await poller() : await diagnosis();
clearInterval(sampler);
output.wallMs = Math.round(performance.now() - started);
output.peakRssMb = Math.round((Math.max(peakRss, process.resourceUsage().maxRSS * 1024) / 1048576) * 10) / 10;
process.stdout.write(`${JSON.stringify(output)}\n`);
