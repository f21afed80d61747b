/**
 * Fault injection, end to end: every fault below is injected by the Run:ai simulator (or,
 * for a `next` that never ends, by a reader wrapped around the real client) and goes
 * through the real REST client and the real engine — and, where the contract is an exit
 * code, through the CLI in process. test/runai covers the client's transport on a bare
 * server; this suite proves what the *diagnosis* does with each fault:
 *
 * - transient faults (reset, hang shorter than the retries, 500/502/503 a few times, a
 *   401 after the token expired mid-diagnosis) are absorbed: same verdict as without them;
 * - a failing optional source (spec, pods, events, history, metrics: 403, reset, hang,
 *   truncated JSON, 207) is a stated limitation that names it, never an aborted diagnosis;
 * - a failing status read is a `RunaiError` with the right code and retryability, and the
 *   CLI exits 3 with one clear line (404 is a `needs_input` verdict instead);
 * - paging is bounded whatever `next` says, and the bound is stated;
 * - every diagnosis is bounded in time, and nothing but GETs and the token POST is sent.
 */
import { performance } from 'node:perf_hooks';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { DiagnosisRequest } from '../../functions/core/diagnosisRequest.js';
import { VerdictSchema, type Verdict } from '../../functions/core/verdict.js';
import { diagnoseWorkload } from '../../functions/diagnosis/diagnoseWorkload.js';
import { messagesEn } from '../../functions/report/messagesEn.js';
import { MAX_HISTORY_PAGES } from '../../functions/diagnosis/gather/readHistory.js';
import { MAX_LIST_PAGES } from '../../functions/diagnosis/gather/resolveByName.js';
import { runCli } from '../../functions/cli/runCli.js';
import type { RunaiClient } from '../../functions/runai/createRunaiClient.js';
import { isRunaiError, type RunaiError } from '../../functions/diagnosis/ports/RunaiError.js';
import type { RunaiReader } from '../../functions/diagnosis/ports/RunaiReader.js';
import type { HistoryRecord } from '../../functions/diagnosis/ports/RunaiSchemas.js';
import { startRunaiSimulator, type Fault, type FaultEndpoint, type RunaiSimulator, type Scenario } from '../../functions/simulator/startRunaiSimulator.js';
import { clone, fixtureScenario, FIXTURES_DIR, SIM_CREDENTIALS, simulatorClient, Tally } from './reliabilityKit.js';

const OOM = await fixtureScenario('oom-killed-limit-above-request'); // reads status, spec, pods, events, history, metrics
const OPTION_B = await fixtureScenario('option-b-terminal-paged-with-deleted');
const OOM_ID = OOM.request.workloadId!;
const tally = new Tally();

const open: { simulator: RunaiSimulator; client?: RunaiClient }[] = [];
afterEach(async () => {
  for (const { simulator, client } of open.splice(0)) {
    // Read-only proof for every fault: nothing but GETs and POST /api/v1/token was sent.
    expect(simulator.violations).toEqual([]);
    tally.add('faults injected', simulator.requests.filter((request) => request.fault !== null).length);
    tally.add('requests served', simulator.requests.length);
    await client?.close();
    await simulator.close();
  }
});
afterAll(() => tally.print('fault injection'));

async function start(scenario: Scenario, faults: Fault[] = [], options: { latencyMs?: number } = {}): Promise<RunaiSimulator> {
  const simulator = await startRunaiSimulator({ scenarios: { ...clone(scenario.runai), faults }, ...options });
  open.push({ simulator });
  return simulator;
}

function clientFor(simulator: RunaiSimulator, overrides: Parameters<typeof simulatorClient>[1] = {}): RunaiClient {
  const client = simulatorClient(simulator, overrides);
  open.find((entry) => entry.simulator === simulator)!.client = client;
  return client;
}

async function diagnose(scenario: Scenario, reader: RunaiReader): Promise<{ verdict: Verdict; ms: number }> {
  const started = performance.now();
  const { verdict } = await diagnoseWorkload(scenario.request as DiagnosisRequest, { reader, now: new Date(), messages: messagesEn });
  VerdictSchema.strict().parse(verdict);
  return { verdict, ms: performance.now() - started };
}

async function failure(promise: Promise<unknown>): Promise<RunaiError> {
  try {
    await promise;
  } catch (error) {
    if (isRunaiError(error)) return error;
    throw error;
  }
  throw new Error('expected a RunaiError');
}

async function cli(simulator: RunaiSimulator, scenario: Scenario, env: Record<string, string> = {}, format: 'json' | 'text' = 'json') {
  let stdout = '';
  let stderr = '';
  const request = scenario.request as DiagnosisRequest;
  const args = [
    '--cluster-id',
    request.clusterId!,
    ...(request.workloadId ? ['--workload-id', request.workloadId] : ['--workload-name', request.workloadName!, '--project', request.project!]),
    '--format',
    format,
  ];
  const started = performance.now();
  const code = await runCli(args, {
    env: { RUNAI_BASE_URL: simulator.url, RUNAI_CLIENT_ID: SIM_CREDENTIALS.clientId, RUNAI_CLIENT_SECRET: SIM_CREDENTIALS.clientSecret, ...env },
    fixturesDir: FIXTURES_DIR,
    io: { stdout: (text) => (stdout += text), stderr: (text) => (stderr += text) },
  });
  return { code, stdout, stderr, ms: performance.now() - started };
}

const requestsTo = (simulator: RunaiSimulator, endpoint: FaultEndpoint) => simulator.requests.filter((request) => request.endpoint === endpoint);

let baseline: Verdict;

describe('baseline', () => {
  it('the OOM scenario without faults: OOM_KILLED, no limitation about a failed read', async () => {
    const simulator = await start(OOM);
    ({ verdict: baseline } = await diagnose(OOM, clientFor(simulator)));
    expect(baseline.category).toBe('OOM_KILLED');
    expect(baseline.limitations.join('\n')).not.toMatch(/could not be retrieved|partial/i);
    expect(new Set(simulator.requests.map((request) => request.endpoint))).toEqual(
      new Set(['token', 'status', 'spec', 'pods', 'events', 'history', 'metrics']),
    );
  });
});

describe('transient faults are absorbed: same verdict as without them', () => {
  const sameAsBaseline = (verdict: Verdict) => {
    expect({ outcome: verdict.outcome, category: verdict.category, memory: verdict.memory, recurrence: verdict.recurrence }).toEqual({
      outcome: baseline.outcome,
      category: baseline.category,
      memory: baseline.memory,
      recurrence: baseline.recurrence,
    });
    expect(verdict.limitations).toEqual(baseline.limitations);
  };

  it('a connection reset on the status read is retried', async () => {
    const simulator = await start(OOM, [{ endpoint: 'status', kind: 'reset', times: 1 }]);
    sameAsBaseline((await diagnose(OOM, clientFor(simulator))).verdict);
    expect(requestsTo(simulator, 'status').map((request) => request.status)).toEqual([null, 200]);
  });

  it.each([500, 502, 503])('HTTP %i twice on the status read is retried, then succeeds', async (status) => {
    const simulator = await start(OOM, [{ endpoint: 'status', status, times: 2 }]);
    sameAsBaseline((await diagnose(OOM, clientFor(simulator, { maxRetries: 2 }))).verdict);
    expect(requestsTo(simulator, 'status').map((request) => request.status)).toEqual([status, status, 200]);
  });

  it('503 on every optional read once, and a reset on the token request, are all retried', async () => {
    const simulator = await start(OOM, [
      { endpoint: 'token', kind: 'reset', times: 1 },
      ...(['spec', 'pods', 'events', 'history', 'metrics'] as const).map((endpoint): Fault => ({ endpoint, status: 503, times: 1 })),
    ]);
    sameAsBaseline((await diagnose(OOM, clientFor(simulator))).verdict);
    expect(simulator.requests.filter((request) => request.fault !== null)).toHaveLength(6);
  });

  it('a hang shorter than the retries: the request times out and the retry succeeds', async () => {
    const simulator = await start(OOM, [{ endpoint: 'status', kind: 'hang', times: 1 }]);
    const { verdict, ms } = await diagnose(OOM, clientFor(simulator, { requestTimeoutMs: 250, maxRetries: 1 }));
    sameAsBaseline(verdict);
    expect(ms).toBeGreaterThanOrEqual(240);
    expect(ms).toBeLessThan(2_000);
  });

  it('401 mid-diagnosis (token expired after the status read): exactly one token refresh, then success', async () => {
    const simulator = await start(OOM);
    const client = clientFor(simulator);
    // The status read succeeds with the first token; then every issued token expires, so
    // the four parallel reads (spec ∥ pods ∥ events ∥ history) are all answered 401.
    const reader: RunaiReader = {
      ...bind(client),
      getWorkload: async (id) => {
        const status = await client.getWorkload(id);
        simulator.expireTokens();
        return status;
      },
    };
    sameAsBaseline((await diagnose(OOM, reader)).verdict);
    expect(client.stats.tokenRequests).toBe(2);
    expect(requestsTo(simulator, 'token')).toHaveLength(2);
    const unauthorised = simulator.requests.filter((request) => request.status === 401);
    expect(unauthorised.length).toBeGreaterThanOrEqual(1);
    expect(unauthorised.length).toBeLessThanOrEqual(4);
    tally.add('faults injected', unauthorised.length); // the 401s are the injected fault here
  });
});

describe('a failing optional source is a limitation that names it', () => {
  const cases: [string, Fault, RegExp][] = [
    ['403 on pods', { endpoint: 'pods', status: 403 }, /^Pods could not be retrieved \(HTTP 403, RUNAI_FORBIDDEN\)/],
    ['403 on the spec', { endpoint: 'spec', status: 403 }, /^The submitted spec could not be retrieved \(HTTP 403, RUNAI_FORBIDDEN\)/],
    [
      '403 on events',
      { endpoint: 'events', status: 403 },
      /^Events could not be retrieved \(HTTP 403, RUNAI_FORBIDDEN\): this is a retrieval failure, not an absence of events/,
    ],
    ['403 on history', { endpoint: 'history', status: 403 }, /^History could not be retrieved \(HTTP 403, RUNAI_FORBIDDEN\)/],
    ['403 on metrics', { endpoint: 'metrics', status: 403 }, /^Memory metrics could not be retrieved \(HTTP 403, RUNAI_FORBIDDEN\)/],
    [
      'a reset on every events read',
      { endpoint: 'events', kind: 'reset' },
      /^Events could not be retrieved \(RUNAI_NETWORK on GET \/api\/v1\/workloads\/\{id\}\/events\)/,
    ],
    ['503 on every pods read (retries exhausted)', { endpoint: 'pods', status: 503 }, /^Pods could not be retrieved \(HTTP 503, RUNAI_UNAVAILABLE\)/],
    ['truncated JSON on the spec', { endpoint: 'spec', kind: 'truncated-json' }, /^The submitted spec could not be retrieved \(HTTP 200, RUNAI_BAD_RESPONSE\)/],
    ['truncated JSON on history', { endpoint: 'history', kind: 'truncated-json' }, /^History could not be retrieved \(HTTP 200, RUNAI_BAD_RESPONSE\)/],
    ['207 partial metrics', { endpoint: 'metrics', kind: 'partial' }, /^Run:ai returned partial metrics \(HTTP 207\): the peak may be understated/],
    [
      'a hang on history, beyond the request timeout',
      { endpoint: 'history', kind: 'hang' },
      /^History could not be retrieved \(RUNAI_TIMEOUT on GET \/api\/v1\/workloads\/\{id\}\/history\)/,
    ],
    [
      'a hang on metrics (a slow endpoint beyond the budget)',
      { endpoint: 'metrics', kind: 'hang' },
      /^Memory metrics could not be retrieved \(RUNAI_TIMEOUT on GET \/api\/v1\/workloads\/\{id\}\/metrics\)/,
    ],
  ];

  it.each(cases)('%s', async (_name, fault, limitation) => {
    const simulator = await start(OOM, [fault]);
    const timeoutMs = 250;
    const { verdict, ms } = await diagnose(OOM, clientFor(simulator, { requestTimeoutMs: timeoutMs, maxRetries: 1 }));
    expect(verdict.outcome).toBe('diagnosed');
    expect(verdict.category).toBe('OOM_KILLED'); // the direct OOMKilled signals do not depend on the failed source
    expect(
      verdict.limitations.some((text) => limitation.test(text)),
      verdict.limitations.join('\n'),
    ).toBe(true);
    // Bounded: at most (1 + retries) timeouts on the critical path, plus backoff and the other rounds.
    expect(ms).toBeLessThan(2 * timeoutMs + 1_500);
    expect(simulator.requests.some((request) => request.fault !== null)).toBe(true);
  });
});

describe('a failing status read: RunaiError, CLI exit 3 (or a needs_input verdict for 404)', () => {
  it('503 on every attempt: RUNAI_UNAVAILABLE, retryable, after 1 + maxRetries attempts; CLI exit 3', async () => {
    const simulator = await start(OOM, [{ endpoint: 'status', status: 503 }]);
    const error = await failure(diagnose(OOM, clientFor(simulator, { maxRetries: 2 })));
    expect({ code: error.code, retryable: error.retryable, status: error.status }).toEqual({ code: 'RUNAI_UNAVAILABLE', retryable: true, status: 503 });
    expect(requestsTo(simulator, 'status')).toHaveLength(3);

    const run = await cli(simulator, OOM);
    expect(run.code).toBe(3);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(
      /^runai-diagnose: cannot reach Run:ai at http:\/\/127\.0\.0\.1:\d+: GET \/api\/v1\/workloads\/\{id\} failed with HTTP 503.* \[RUNAI_UNAVAILABLE\]\n$/,
    );
  });

  it('a reset on every attempt: RUNAI_NETWORK, retryable; CLI exit 3', async () => {
    const simulator = await start(OOM, [{ endpoint: 'status', kind: 'reset' }]);
    const error = await failure(diagnose(OOM, clientFor(simulator)));
    expect({ code: error.code, retryable: error.retryable }).toEqual({ code: 'RUNAI_NETWORK', retryable: true });
    const run = await cli(simulator, OOM, {}, 'text');
    expect(run.code).toBe(3);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/^runai-diagnose: cannot reach Run:ai at .*\[RUNAI_NETWORK\]\n$/);
  });

  it('a hang beyond the CLI request timeout: RUNAI_TIMEOUT, exit 3, bounded by the retries', async () => {
    const simulator = await start(OOM, [{ endpoint: 'status', kind: 'hang' }]);
    const run = await cli(simulator, OOM, { RUNAI_REQUEST_TIMEOUT_MS: '300' });
    expect(run.code).toBe(3);
    expect(run.stderr).toMatch(/^runai-diagnose: cannot reach Run:ai at .*timed out.*\[RUNAI_TIMEOUT\]\n$/);
    // It says what it tried: which endpoint, how many attempts, and each attempt's timeout.
    expect(run.stderr).toContain('GET /api/v1/workloads/{id} timed out (3 attempts, 300 ms timeout each)');
    expect(requestsTo(simulator, 'status')).toHaveLength(3); // 1 + the CLI's 2 retries
    // 3 × 300 ms of timeouts plus at most 200 + 400 ms of backoff, plus slack for a loaded runner.
    expect(run.ms).toBeGreaterThanOrEqual(900);
    expect(run.ms).toBeLessThan(3_500);
  });

  it('403 on the status: RUNAI_FORBIDDEN, not retried; CLI exit 3 "refused … access"', async () => {
    const simulator = await start(OOM, [{ endpoint: 'status', status: 403 }]);
    const error = await failure(diagnose(OOM, clientFor(simulator)));
    expect({ code: error.code, retryable: error.retryable }).toEqual({ code: 'RUNAI_FORBIDDEN', retryable: false });
    expect(requestsTo(simulator, 'status')).toHaveLength(1);
    const run = await cli(simulator, OOM);
    expect(run.code).toBe(3);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/^runai-diagnose: Run:ai refused authentication or access at .*HTTP 403.*\[RUNAI_FORBIDDEN\]\n$/);
  });

  it('401 on the token endpoint: exit 3 "refused authentication", the secret never printed', async () => {
    const simulator = await start(OOM, [{ endpoint: 'token', status: 401 }]);
    const run = await cli(simulator, OOM);
    expect(run.code).toBe(3);
    expect(run.stderr).toMatch(/^runai-diagnose: Run:ai refused authentication or access at .*\[RUNAI_AUTH_FAILED\]\n$/);
    expect(run.stderr + run.stdout).not.toContain(SIM_CREDENTIALS.clientSecret);
  });

  it('404 on the token endpoint (a base URL that is not Run:ai): exit 3 naming RUNAI_BASE_URL, not an authentication failure', async () => {
    const simulator = await start(OOM, [{ endpoint: 'token', status: 404 }]);
    const error = await failure(diagnose(OOM, clientFor(simulator)));
    expect({ code: error.code, retryable: error.retryable, status: error.status }).toEqual({
      code: 'RUNAI_TOKEN_ENDPOINT_NOT_FOUND',
      retryable: false,
      status: 404,
    });
    const run = await cli(simulator, OOM);
    expect(run.code).toBe(3);
    expect(run.stderr).toMatch(
      /^runai-diagnose: RUNAI_BASE_URL does not look like a Run:ai control plane at .*HTTP 404.*\[RUNAI_TOKEN_ENDPOINT_NOT_FOUND\]\n$/,
    );
    expect(run.stderr).not.toMatch(/authenticat/i);
  });

  it('404 on the status (the workload was deleted since the alert): a needs_input verdict with a clear message, exit 0', async () => {
    const simulator = await start(OOM, [{ endpoint: 'status', status: 404 }]);
    const run = await cli(simulator, OOM);
    expect(run.code).toBe(0);
    const verdict = VerdictSchema.strict().parse(JSON.parse(run.stdout));
    expect(verdict.outcome).toBe('needs_input');
    expect(verdict.message).toBe(
      `Workload ${OOM_ID} was not found on Run:ai (finished workloads are deleted after a retention period): check the id and the cluster.`,
    );
    expect(requestsTo(simulator, 'status')).toHaveLength(1); // 404 is an answer, not retried
  });

  it('truncated JSON on the status: RUNAI_BAD_RESPONSE, not retried, no body dump; CLI exit 3', async () => {
    const simulator = await start(OOM, [{ endpoint: 'status', kind: 'truncated-json' }]);
    const error = await failure(diagnose(OOM, clientFor(simulator)));
    expect({ code: error.code, retryable: error.retryable, status: error.status }).toEqual({ code: 'RUNAI_BAD_RESPONSE', retryable: false, status: 200 });
    expect(error.message).toMatch(/returned a body that is not JSON \(\d+ chars\)$/);
    expect(requestsTo(simulator, 'status')).toHaveLength(1);
    const run = await cli(simulator, OOM);
    expect(run.code).toBe(3);
    expect(run.stderr).toMatch(/\[RUNAI_BAD_RESPONSE\]\n$/);
    expect(run.stderr).not.toContain('llama3-8b-sft'); // no body content in the message
  });
});

describe('paging is bounded whatever `next` says', () => {
  it(`a history whose \`next\` keeps growing: exactly ${MAX_HISTORY_PAGES} pages, then a stated limitation`, async () => {
    const simulator = await start(OOM);
    const client = clientFor(simulator);
    const recent: HistoryRecord = {
      meta: { creationTimestamp: new Date(Date.now() - 60_000).toISOString(), type: 'Event' },
      spec: { event: { createdAt: new Date(Date.now() - 60_000).toISOString(), reason: 'Pulled', message: 'pulled', type: 'Normal' } },
    };
    const offsets: number[] = [];
    const reader: RunaiReader = {
      ...bind(client),
      getWorkloadHistory: async (id, offset, limit) => {
        offsets.push(offset);
        await client.getWorkloadHistory(id, 0, 1); // a real round trip per page
        return { records: Array.from({ length: limit }, () => recent), next: offset + limit };
      },
    };
    const { verdict, ms } = await diagnose(OOM, reader);
    expect(offsets).toHaveLength(MAX_HISTORY_PAGES);
    expect(offsets.every((offset, index) => offset === index * 50)).toBe(true);
    expect(verdict.category).toBe('OOM_KILLED');
    expect(verdict.limitations).toContain(`History was read up to ${MAX_HISTORY_PAGES} pages; older records were not read.`);
    expect(ms).toBeLessThan(10_000);
    tally.add('faults injected', MAX_HISTORY_PAGES);
  });

  it(`over HTTP: ${MAX_HISTORY_PAGES * 50 + 50} recent history records stop at the page cap, with the limitation`, async () => {
    const scenario = clone(OOM);
    const records = scenario.runai.history![OOM_ID]!;
    const filler = {
      meta: { creationTimestamp: 'now-30m', type: 'Event' },
      spec: { event: { createdAt: 'now-30m', type: 'Normal', reason: 'Pulled', message: 'Container image already present on machine', source: 'kubelet' } },
    };
    scenario.runai.history![OOM_ID] = [...records, ...Array.from({ length: MAX_HISTORY_PAGES * 50 + 50 - records.length }, () => filler)];
    const simulator = await start(scenario);
    const { verdict } = await diagnose(scenario, clientFor(simulator));
    expect(requestsTo(simulator, 'history')).toHaveLength(MAX_HISTORY_PAGES);
    expect(verdict.limitations).toContain(`History was read up to ${MAX_HISTORY_PAGES} pages; older records were not read.`);
  });

  it('a `next` that goes backwards ends the history read (no loop)', async () => {
    const simulator = await start(OOM);
    const client = clientFor(simulator);
    let calls = 0;
    const reader: RunaiReader = {
      ...bind(client),
      getWorkloadHistory: async (id, offset, limit) => {
        calls += 1;
        const page = await client.getWorkloadHistory(id, offset, limit);
        return { records: page.records, next: 0 };
      },
    };
    const { verdict } = await diagnose(OOM, reader);
    expect(calls).toBe(1);
    expect(verdict.category).toBe('OOM_KILLED');
  });

  it(`an Option B listing whose \`next\` never ends: ${MAX_LIST_PAGES} pages per listing, then a stated limitation`, async () => {
    const simulator = await start(OPTION_B);
    const client = clientFor(simulator);
    const listed: boolean[] = [];
    const reader: RunaiReader = {
      ...bind(client),
      listWorkloads: async (query) => {
        listed.push(query.deleted);
        const page = await client.listWorkloads({ ...query, offset: 0 });
        return { workloads: page.workloads, next: query.offset + query.limit };
      },
    };
    const { verdict } = await diagnose(OPTION_B, reader);
    expect(listed.filter((deleted) => !deleted)).toHaveLength(MAX_LIST_PAGES);
    expect(listed.filter((deleted) => deleted)).toHaveLength(MAX_LIST_PAGES);
    expect(verdict.outcome).toBe('diagnosed');
    expect(verdict.limitations).toContain(`The workload list was read up to ${MAX_LIST_PAGES} pages; older matches were not considered.`);
    tally.add('faults injected', 2 * MAX_LIST_PAGES);
  });
});

describe('the whole diagnosis stays bounded under latency', () => {
  it('every request slow (150 ms) and metrics hanging: the verdict arrives within the round-trip budget plus one timeout', async () => {
    const latencyMs = 150;
    const timeoutMs = 400;
    const simulator = await start(OOM, [{ endpoint: 'metrics', kind: 'hang' }], { latencyMs });
    const { verdict, ms } = await diagnose(OOM, clientFor(simulator, { requestTimeoutMs: timeoutMs, maxRetries: 0 }));
    expect(verdict.category).toBe('OOM_KILLED');
    expect(
      verdict.limitations.some((text) => text.startsWith('Memory metrics could not be retrieved (RUNAI_TIMEOUT on GET /api/v1/workloads/{id}/metrics)')),
    ).toBe(true);
    // token + status + fan-out, each one latency, then one timeout on metrics.
    expect(ms).toBeGreaterThanOrEqual(3 * latencyMs + timeoutMs - 20);
    expect(ms).toBeLessThan(3 * latencyMs + timeoutMs + 1_500);
  });
});

/** The client's read methods as a plain object (spread would lose nothing: they are own properties). */
function bind(client: RunaiClient): RunaiReader {
  return {
    listWorkloads: (query) => client.listWorkloads(query),
    getWorkload: (id) => client.getWorkload(id),
    getWorkloadEvents: (id, limit) => client.getWorkloadEvents(id, limit),
    getWorkloadSpec: (id, kind) => client.getWorkloadSpec(id, kind),
    getWorkloadPods: (id) => client.getWorkloadPods(id),
    getWorkloadHistory: (id, offset, limit) => client.getWorkloadHistory(id, offset, limit),
    getWorkloadMetrics: (id, query) => client.getWorkloadMetrics(id, query),
    getWorkloadV2: (id) => client.getWorkloadV2(id),
    getInferenceRevisions: (id) => client.getInferenceRevisions(id),
    getRevisionPods: (id) => client.getRevisionPods(id),
    getRevisionEvents: (id, limit) => client.getRevisionEvents(id, limit),
    getRevisionHistory: (id, offset, limit) => client.getRevisionHistory(id, offset, limit),
  };
}
