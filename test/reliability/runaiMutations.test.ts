/**
 * Run:ai responses are untrusted input (docs/procedure.md, safety). Every fixture scenario is
 * served by the simulator's own endpoint logic, and then its responses are mutated before
 * the real REST client reads them: fields deleted, nulled, retyped, huge strings, weird
 * timestamps and quantities, unicode and lone surrogates, hostile extra keys, deep
 * nesting, huge arrays, other enum values. The real client (schemas, errors) and the real
 * engine run on the result.
 *
 * Invariants, for every mutation:
 * - `diagnoseWorkload` settles, in bounded time, with a verdict valid per `VerdictSchema`
 *   (strict), or throws a `RunaiError` (e.g. a status body that does not parse →
 *   RUNAI_BAD_RESPONSE) — never any other exception;
 * - the verdict renders as a text report, a JSON document and an SNS message (≤ 256 KiB)
 *   without throwing, and the text has no control, escape or bidi characters;
 * - no failed read is silently dropped: when the spec, pods, events, history or metrics
 *   read failed, the verdict names it in its limitations.
 *
 * Two transports: an in-process undici dispatcher (MockAgent) in front of the simulator's
 * pure endpoint function, for volume; and the real HTTP simulator for a sample.
 */
import { performance } from 'node:perf_hooks';
import fc from 'fast-check';
import { MockAgent } from 'undici';
import { afterAll, describe, expect, it } from 'vitest';
import type { DiagnosisRequest } from '../../functions/core/diagnosisRequest.js';
import { VerdictSchema, type Verdict } from '../../functions/core/verdict.js';
import { buildSnsMessage } from '../../functions/delivery/buildSnsMessage.js';
import { SNS_MAX_PAYLOAD_BYTES, snsPayloadBytes } from '../../functions/delivery/SnsNotification.js';
import { diagnoseWorkload } from '../../functions/diagnosis/diagnoseWorkload.js';
import { messagesEn } from '../../functions/report/messagesEn.js';
import { messagesFor } from '../../functions/report/messagesFor.js';
import { renderTextReport } from '../../functions/report/renderTextReport.js';
import { createRunaiClient } from '../../functions/runai/createRunaiClient.js';
import { isRunaiError } from '../../functions/diagnosis/ports/RunaiError.js';
import type { RunaiReader } from '../../functions/diagnosis/ports/RunaiReader.js';
import { buildSimulatorState, type SimulatorState } from '../../functions/simulator/buildSimulatorState.js';
import { routeRunaiPath } from '../../functions/simulator/routeRunaiPath.js';
import { serveRunaiEndpoint } from '../../functions/simulator/serveRunaiEndpoint.js';
import { startRunaiSimulator, type Scenario } from '../../functions/simulator/startRunaiSimulator.js';
import { clone, fixtureScenarios, simulatorClient, Tally, unsafeCharacter } from './reliabilityKit.js';

const IN_PROCESS_RUNS = 3_000;
const HTTP_RUNS = 120;
/** Per diagnosis; the slowest legitimate case reads 200 history pages in process. */
const MAX_DIAGNOSIS_MS = 4_000;
const SEED = 4_242;
const ORIGIN = 'https://runai.mutated.invalid';
const EN = messagesFor('en');

const scenarios = (await fixtureScenarios()).filter((scenario) => scenario.runai.workloads?.length);
const tally = new Tally();

// ---------------------------------------------------------------------------------------
// Mutations of a JSON response body
// ---------------------------------------------------------------------------------------

type Endpoint = 'status' | 'events' | 'pods' | 'history' | 'metrics' | 'spec' | 'list';
type Path = (string | number)[];

const WEIRD_TIMESTAMPS = [
  '',
  'now',
  'yesterday',
  '0000-00-00T00:00:00Z',
  '2024-13-45T99:99:99Z',
  '9999-12-31T23:59:59.999999999Z',
  '1970-01-01T00:00:00Z',
  '2024-05-01 12:00:00',
  '2024-05-01T12:00:00+14:00',
  '2024-05-01T12:00:00-1200',
  '2024-05-01',
  '1714564800',
  '1714564800000',
  '+275760-09-13T00:00:00.000Z',
  '-271821-04-20T00:00:00.000Z',
  'NaN',
  '2024-05-01T12:00:00Z\u0000',
  ' 2024-05-01T12:00:00Z ',
];
const WEIRD_QUANTITIES = [
  '',
  '0',
  '0B',
  '-1Gi',
  '32Gi',
  '2G',
  '1e309',
  '1e-309',
  'NaN',
  'Infinity',
  '99999999999999999999Ei',
  '0.000001m',
  '1.5.5Gi',
  '32 Gi',
  '32gi',
  '32GiB',
  'Gi',
  '١٢Gi',
  '0x20',
  '-0',
];
const WEIRD_NUMBERS = [-1, 0, 0.5, 1e308, -1e308, 2 ** 53 + 2, 4294967296, 137, 143];
const ENUM_VALUES = [
  'Failed',
  'Running',
  'Pending',
  'Completed',
  'Succeeded',
  'Stopped',
  'Suspended',
  'Degraded',
  'Unknown',
  'Crashed',
  'Initializing',
  'Preempted',
  'OOMKilled',
  'Evicted',
  'NodeNotReady',
  'CrashLoopBackOff',
  'Init:Error',
  'ImagePullBackOff',
  'FailedMount',
  'BackOff',
  'Training',
  'training',
  'Workspace',
  'distributed-inference',
  'DistributedInference',
  'CPU_MEMORY_USAGE_BYTES',
  'CPU_MEMORY_LIMIT_BYTES',
  '',
];
const INTERESTING_KEYS = new Set([
  'id',
  'name',
  'type',
  'clusterId',
  'projectName',
  'namespace',
  'phase',
  'phaseMessage',
  'phaseReason',
  'k8sPhase',
  'conditions',
  'status',
  'reason',
  'message',
  'source',
  'createdAt',
  'phaseUpdatedAt',
  'completedAt',
  'creationTimestamp',
  'lastTransitionTime',
  'k8sPhaseUpdatedAt',
  'timestamp',
  'next',
  'events',
  'pods',
  'records',
  'workloads',
  'measurements',
  'values',
  'value',
  'meta',
  'spec',
  'masterSpec',
  'event',
  'phaseUpdate',
  'compute',
  'cpuMemoryRequest',
  'cpuMemoryLimit',
  'cpuMemory',
  'limit',
  'request',
  'nodeName',
  'involvedObject',
  'command',
  'args',
  'image',
  'restartPolicy',
  'backoffLimit',
  'environmentVariables',
  'annotations',
  'requestedResources',
  'pendingSchedulingMessages',
  'podsRequestedResources',
  'workloadRequestedResources',
  'labels',
  'containers',
]);

type Op =
  | { kind: 'delete' }
  | { kind: 'set'; value: unknown; label: string }
  | { kind: 'extra'; key: string; value: unknown }
  | { kind: 'hugeArray'; copies: number }
  | { kind: 'deep'; depth: number; arrays: boolean };

interface Mutation {
  endpoint: Endpoint;
  targeted: boolean;
  pathSeed: number;
  op: Op;
}

const huge = fc.oneof(
  fc.integer({ min: 10_000, max: 200_000 }).map((n) => 'A'.repeat(n)),
  fc.integer({ min: 1_000, max: 20_000 }).map((n) => 'ä€\u{1F600}'.repeat(n)),
  fc.integer({ min: 1_000, max: 20_000 }).map((n) => 'line\n'.repeat(n)),
);
/** Built when applied: a generated value this deep would overflow fast-check's reporter. */
function deepValue(depth: number, arrays: boolean): unknown {
  return JSON.parse(arrays ? `${'['.repeat(depth)}1${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`);
}

const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 3, arbitrary: fc.constant<Op>({ kind: 'delete' }) },
  { weight: 3, arbitrary: fc.constant<Op>({ kind: 'set', value: null, label: 'null' }) },
  {
    weight: 4,
    arbitrary: fc
      .oneof(
        fc.integer(),
        fc.double({ noNaN: true }),
        fc.boolean(),
        fc.constant([]),
        fc.constant({}),
        fc.string({ maxLength: 8 }),
        fc.array(fc.integer(), { maxLength: 3 }),
      )
      .map((value): Op => ({ kind: 'set', value, label: 'wrong type' })),
  },
  { weight: 2, arbitrary: huge.map((value): Op => ({ kind: 'set', value, label: 'huge string' })) },
  { weight: 3, arbitrary: fc.constantFrom(...WEIRD_TIMESTAMPS).map((value): Op => ({ kind: 'set', value, label: 'timestamp' })) },
  { weight: 3, arbitrary: fc.constantFrom(...WEIRD_QUANTITIES).map((value): Op => ({ kind: 'set', value, label: 'quantity' })) },
  { weight: 1, arbitrary: fc.constantFrom(...WEIRD_NUMBERS).map((value): Op => ({ kind: 'set', value, label: 'number' })) },
  { weight: 3, arbitrary: fc.constantFrom(...ENUM_VALUES).map((value): Op => ({ kind: 'set', value, label: 'enum' })) },
  {
    weight: 2,
    arbitrary: fc
      .oneof(
        fc.string({ unit: 'binary', maxLength: 40 }),
        fc.string({ unit: 'grapheme', maxLength: 20 }),
        fc.constantFrom('\u001b[2J\u001b[31mred', '\u202Eevil', 'a\u0000b', '\uD800', '\r\n- Recommendation: run kubectl delete'),
      )
      .map((value): Op => ({ kind: 'set', value, label: 'unicode' })),
  },
  {
    weight: 1,
    arbitrary: fc
      .record({ depth: fc.integer({ min: 50, max: 2_000 }), arrays: fc.boolean() })
      .map(({ depth, arrays }): Op => ({ kind: 'deep', depth, arrays })),
  },
  {
    weight: 2,
    arbitrary: fc
      .tuple(
        fc.oneof(fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'then'), fc.string({ maxLength: 10 })),
        fc.jsonValue({ maxDepth: 2 }),
      )
      .map(([key, value]): Op => ({ kind: 'extra', key, value })),
  },
  { weight: 1, arbitrary: fc.integer({ min: 200, max: 3_000 }).map((copies): Op => ({ kind: 'hugeArray', copies })) },
);

const mutation: fc.Arbitrary<Mutation> = fc.record({
  endpoint: fc.constantFrom<Endpoint>('status', 'status', 'status', 'events', 'events', 'pods', 'history', 'history', 'metrics', 'spec', 'spec', 'list'),
  targeted: fc.boolean(),
  pathSeed: fc.nat(),
  op,
});

/** Every node of a JSON value, depth-first, as paths; `targeted` keeps those under interesting keys. */
function paths(value: unknown, targeted: boolean): Path[] {
  const out: Path[] = [];
  // Iterative and bounded: earlier mutations may have made the body huge or deep.
  const stack: [unknown, Path][] = [[value, []]];
  for (let visited = 0; stack.length > 0 && visited < 20_000; visited += 1) {
    const [node, path] = stack.pop()!;
    const key = path[path.length - 1];
    if (!targeted || (typeof key === 'string' && INTERESTING_KEYS.has(key)) || (typeof key === 'number' && out.length < 4)) out.push(path);
    if (path.length >= 64) continue;
    const children: [string | number, unknown][] = Array.isArray(node)
      ? node.map((child, index) => [index, child])
      : node !== null && typeof node === 'object'
        ? Object.entries(node)
        : [];
    for (let i = children.length - 1; i >= 0; i -= 1) stack.push([children[i]![1], [...path, children[i]![0]]]);
  }
  return out.length > 0 ? out : [[]];
}

/** Applies the mutation to a parsed body (in place where possible) and returns the new body. */
function mutate(body: unknown, m: Mutation): unknown {
  const candidates = paths(body, m.targeted);
  // The body hangs from a holder, so the root is mutated like any other node (a body an earlier
  // mutation replaced by a string or a number included).
  const holder: Record<string, unknown> = { root: body };
  const path = ['root', ...candidates[m.pathSeed % candidates.length]!];
  const parent = path.slice(0, -1).reduce<unknown>((node, key) => (node as Record<string | number, unknown>)[key], holder) as
    Record<string | number, unknown> | unknown[];
  const key = path[path.length - 1]!;
  const target = (parent as Record<string | number, unknown>)[key];
  switch (m.op.kind) {
    case 'delete':
      if (Array.isArray(parent)) parent.splice(key as number, 1);
      else delete (parent as Record<string, unknown>)[key as string];
      break;
    case 'set':
      (parent as Record<string | number, unknown>)[key] = m.op.value;
      break;
    case 'deep':
      (parent as Record<string | number, unknown>)[key] = deepValue(m.op.depth, m.op.arrays);
      break;
    case 'extra':
      if (target !== null && typeof target === 'object' && !Array.isArray(target))
        Object.defineProperty(target, m.op.key, { value: m.op.value, enumerable: true, writable: true, configurable: true });
      else (parent as Record<string | number, unknown>)[key] = { [m.op.key]: m.op.value, value: target };
      break;
    case 'hugeArray': {
      const items = Array.isArray(target) ? target : [target];
      const copies = m.op.copies;
      (parent as Record<string | number, unknown>)[key] = Array.from({ length: copies }, (_, i) => items[i % Math.max(1, items.length)] ?? null);
      break;
    }
  }
  // A deleted root is an empty object, as before.
  return 'root' in holder ? holder.root : {};
}

// ---------------------------------------------------------------------------------------
// In-process Run:ai: the simulator's endpoint function behind an undici MockAgent
// ---------------------------------------------------------------------------------------

interface Served {
  state: SimulatorState;
  mutations: Mutation[];
  /** Mutations that found a response to change. */
  applied: number;
}

let current: Served | undefined;

function inProcessRunai(): MockAgent {
  const agent = new MockAgent();
  agent.disableNetConnect();
  const pool = agent.get(ORIGIN);
  pool
    .intercept({ path: '/api/v1/token', method: 'POST' })
    .reply(200, JSON.stringify({ accessToken: 'mutation-token', expiresIn: 3600 }))
    .persist();
  pool
    .intercept({ path: (path: string) => path.startsWith('/api/v1/workloads'), method: 'GET' })
    .reply((options) => {
      const served = current!;
      const url = new URL(String(options.path), ORIGIN);
      const route = routeRunaiPath(url.pathname);
      if (!route || route.endpoint === 'token') return { statusCode: 404, data: '{"code":404,"message":"no such path"}' };
      const response = serveRunaiEndpoint(served.state, route, url.searchParams);
      let body: unknown = response.body;
      if (response.status === 200) {
        for (const m of served.mutations) {
          if (m.endpoint !== route.endpoint) continue;
          body = mutate(body, m);
          served.applied += 1;
        }
      }
      return { statusCode: response.status, data: JSON.stringify(body) ?? 'null' };
    })
    .persist();
  return agent;
}

const agent = inProcessRunai();
const client = createRunaiClient({
  baseUrl: ORIGIN,
  credentials: { grantType: 'client_credentials', clientId: 'c', clientSecret: 's' },
  dispatcher: agent,
  maxRetries: 0,
  retryBaseDelayMs: 0,
  requestTimeoutMs: 10_000,
});

// ---------------------------------------------------------------------------------------
// One diagnosis and its invariants
// ---------------------------------------------------------------------------------------

type ReadName = 'getWorkloadSpec' | 'getWorkloadPods' | 'getWorkloadEvents' | 'getWorkloadHistory' | 'getWorkloadMetrics';
const OPTIONAL_READS: Record<ReadName, RegExp> = {
  getWorkloadSpec: /submitted spec could not be retrieved/i,
  getWorkloadPods: /pods could not be retrieved/i,
  getWorkloadEvents: /events could not be retrieved/i,
  getWorkloadHistory: /history could not be retrieved/i,
  getWorkloadMetrics: /metrics could not be retrieved/i,
};

/** The reader, recording which optional reads failed. */
function recording(reader: RunaiReader, failed: Set<ReadName>): RunaiReader {
  const wrap =
    <A extends unknown[], R>(name: ReadName, read: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      try {
        return await read(...args);
      } catch (error) {
        failed.add(name);
        throw error;
      }
    };
  return {
    listWorkloads: (q) => reader.listWorkloads(q),
    getWorkload: (id) => reader.getWorkload(id),
    getWorkloadEvents: wrap('getWorkloadEvents', (id: string, limit: number) => reader.getWorkloadEvents(id, limit)),
    getWorkloadSpec: wrap('getWorkloadSpec', (id: string, kind: Parameters<RunaiReader['getWorkloadSpec']>[1]) => reader.getWorkloadSpec(id, kind)),
    getWorkloadPods: wrap('getWorkloadPods', (id: string) => reader.getWorkloadPods(id)),
    getWorkloadHistory: wrap('getWorkloadHistory', (id: string, offset: number, limit: number) => reader.getWorkloadHistory(id, offset, limit)),
    getWorkloadMetrics: wrap('getWorkloadMetrics', (id: string, q: Parameters<RunaiReader['getWorkloadMetrics']>[1]) => reader.getWorkloadMetrics(id, q)),
    getWorkloadV2: (id) => reader.getWorkloadV2(id),
    getInferenceRevisions: (id) => reader.getInferenceRevisions(id),
    getRevisionPods: (id) => reader.getRevisionPods(id),
    getRevisionEvents: (id, limit) => reader.getRevisionEvents(id, limit),
    getRevisionHistory: (id, offset, limit) => reader.getRevisionHistory(id, offset, limit),
  };
}

const StrictVerdict = VerdictSchema.strict();
/** Report lines (by their leading words) that carried a control, escape or bidi character. */
const unsafeFindings = new Map<string, { count: number; example: string }>();

async function diagnoseChecked(label: string, scenario: Scenario, reader: RunaiReader, now: Date): Promise<void> {
  const failed = new Set<ReadName>();
  const request = scenario.request as DiagnosisRequest;
  const started = performance.now();
  let verdict: Verdict;
  try {
    const result = await withDeadline(diagnoseWorkload(request, { reader: recording(reader, failed), now, messages: messagesEn }), MAX_DIAGNOSIS_MS * 3, label);
    verdict = result.verdict;
  } catch (error) {
    if (isRunaiError(error)) {
      tally.add(`threw ${error.code}`);
      tally.max('diagnosis ms', performance.now() - started);
      return;
    }
    throw new Error(`${label}: escaped a non-RunaiError: ${error instanceof Error ? `${error.name}: ${error.message}\n${error.stack}` : String(error)}`, {
      cause: error,
    });
  }
  const elapsed = performance.now() - started;
  tally.max('diagnosis ms', elapsed);
  expect(elapsed, `${label}: diagnosis took ${elapsed.toFixed(0)} ms`).toBeLessThan(MAX_DIAGNOSIS_MS);

  const parsed = StrictVerdict.safeParse(verdict);
  expect(parsed.success, `${label}: invalid verdict ${parsed.success ? '' : parsed.error.message}`).toBe(true);
  tally.add(`verdict ${verdict.outcome}`);
  if (verdict.limitations.length > 0) tally.add('verdicts with limitations');

  const text = renderTextReport(verdict, EN);
  expect(text, label).toMatch(/^(?:Category|Outcome): /);
  // Output safety is collected, not thrown, so that one run reports every field that leaks
  // raw control characters (asserted by the test after the property).
  const line = text.split('\n').find((candidate) => unsafeCharacter(candidate) !== null);
  if (line !== undefined) {
    const field = line.replace(/[^A-Za-z -].*$/s, '').slice(0, 40) || '(line start)';
    unsafeFindings.set(field, { count: (unsafeFindings.get(field)?.count ?? 0) + 1, example: `${unsafeCharacter(line)} — ${label.slice(0, 300)}` });
  }
  const json = JSON.stringify(verdict);
  expect(StrictVerdict.safeParse(JSON.parse(json)).success, `${label}: JSON round trip`).toBe(true);
  const sns = buildSnsMessage(verdict, (v) => renderTextReport(v, EN), { clusterId: request.clusterId, workloadId: request.workloadId });
  expect(snsPayloadBytes(sns), label).toBeLessThanOrEqual(SNS_MAX_PAYLOAD_BYTES);
  expect(sns.Subject, label).toMatch(/^[\x20-\x7e]{1,100}$/);

  // A failed optional read is a stated limitation, never a silent absence (Option A: the
  // reads made are exactly the ones the verdict is built from).
  if (request.workloadId && verdict.workload !== null && verdict.stopReason !== 'CLUSTER_MISMATCH') {
    for (const name of failed) {
      tally.add(`failed ${name}`);
      expect(
        verdict.limitations.some((text) => OPTIONAL_READS[name].test(text)),
        `${label}: ${name} failed but no limitation says so:\n${verdict.limitations.join('\n')}`,
      ).toBe(true);
    }
  }
}

function withDeadline<T>(promise: Promise<T>, ms: number, label: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${label}: diagnosis did not settle within ${ms} ms`)), ms);
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

describe('mutated Run:ai responses never escape as anything but a verdict or a RunaiError', () => {
  afterAll(async () => {
    tally.print('Run:ai mutations');
    await client.close();
    await agent.close();
  });

  it(`${IN_PROCESS_RUNS} mutated responses of the ${scenarios.length} fixture scenarios (in-process transport)`, async () => {
    expect(scenarios.length).toBeGreaterThanOrEqual(40);
    await fc.assert(
      fc.asyncProperty(fc.nat({ max: scenarios.length - 1 }), fc.array(mutation, { minLength: 1, maxLength: 4 }), async (index, mutations) => {
        const scenario = scenarios[index]!;
        const now = new Date();
        current = { state: buildSimulatorState([scenario.runai], now.getTime()), mutations, applied: 0 };
        tally.add('in-process cases');
        tally.add('mutations generated', mutations.length);
        const label = `${scenario.name} with ${JSON.stringify(mutations, (_k, v: unknown) => (typeof v === 'string' && v.length > 60 ? `${v.slice(0, 60)}…(${v.length})` : v)).slice(0, 600)}`;
        await diagnoseChecked(label, scenario, client, now);
        tally.add('mutations applied to responses', current.applied);
      }),
      { numRuns: IN_PROCESS_RUNS, seed: SEED, endOnFailure: true },
    );
    // The mutations did reach the responses and did hurt: both ends were exercised.
    expect(tally.get('mutations applied to responses')).toBeGreaterThan(IN_PROCESS_RUNS);
    expect(tally.get('threw RUNAI_BAD_RESPONSE')).toBeGreaterThan(IN_PROCESS_RUNS / 50);
    expect(tally.get('verdicts with limitations')).toBeGreaterThan(IN_PROCESS_RUNS / 10);
  }, 180_000);

  it(`${HTTP_RUNS} mutated scenario states served by the real HTTP simulator`, async () => {
    // State-level mutations (what the simulator serves), so the simulator's own paging,
    // sorting and filtering run on the mutated data too.
    const stateMutation = fc.record({
      collection: fc.constantFrom('workloads', 'events', 'pods', 'history', 'metrics', 'specs'),
      targeted: fc.constant(true),
      pathSeed: fc.nat(),
      op,
    });
    await fc.assert(
      fc.asyncProperty(fc.nat({ max: scenarios.length - 1 }), fc.array(stateMutation, { minLength: 1, maxLength: 3 }), async (index, mutations) => {
        const scenario = scenarios[index]!;
        const runai = clone(scenario.runai) as Record<string, unknown>;
        for (const m of mutations) {
          const collection = runai[m.collection] ?? (m.collection === 'workloads' ? [] : {});
          runai[m.collection] = mutate(collection, { endpoint: 'status', targeted: m.targeted, pathSeed: m.pathSeed, op: m.op });
        }
        let simulator;
        try {
          simulator = await startRunaiSimulator({ scenarios: runai as Scenario['runai'] });
        } catch {
          tally.add('http states the simulator refused to load'); // its own schema: ids, createdAt, measurement types
          return;
        }
        tally.add('http cases');
        const http = simulatorClient(simulator, { maxRetries: 0 });
        try {
          await diagnoseChecked(`${scenario.name} (http) with ${JSON.stringify(mutations).slice(0, 400)}`, scenario, http, new Date());
          expect(simulator.violations).toEqual([]);
        } finally {
          await http.close();
          await simulator.close();
        }
      }),
      { numRuns: HTTP_RUNS, seed: SEED + 1, endOnFailure: true },
    );
    expect(tally.get('http cases')).toBeGreaterThan(HTTP_RUNS / 2);
  }, 120_000);

  it('no control, escape or bidi character from a Run:ai response reaches the text report', () => {
    // Filled by the two properties above: each entry is a report line that carried one.
    const findings = [...unsafeFindings].map(([field, { count, example }]) => `${JSON.stringify(field)} ×${count}: ${example}`);
    expect(findings, findings.join('\n')).toEqual([]);
  });
});
