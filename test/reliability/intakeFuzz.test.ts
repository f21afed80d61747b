/**
 * the quality bars, docs/tests.md "bad input", at volume: 10,000 generated requests per webhook route through
 * `app.request()` on the real intake app with the real in-process queue (which validates
 * every message the way SQS + the worker would). Complements test/intake/fuzz.test.ts
 * (random JSON and near-miss shapes) with what it does not cover:
 *
 * - realistic payloads (the Alertmanager payloads of fixtures/alerts, kube-state-metrics
 *   style alerts, Run:ai webhook bodies) put through mutation operators: labels mutated in value, type
 *   and name, fields deleted / retyped / added, hostile keys (`__proto__`, `constructor`)
 *   written into the raw JSON text, duplicate keys, huge strings and arrays, deep nesting,
 *   unicode and lone surrogates, and textual corruption (truncation, stray bytes, BOMs,
 *   comments, trailing commas, NaN literals, invalid UTF-8);
 * - a wider set of Content-Type values;
 * - stronger invariants: every alert of an accepted payload is accounted for (accepted or
 *   skipped with a reason), the queue got exactly what the 202 lists, every enqueued
 *   message is a valid QueuedDiagnosis whose identifiers cannot inject a Run:ai filter,
 *   benign mutations (extra fields, extra labels, annotations) never lose a valid alert,
 *   nothing is logged as an unexpected error, and each request finishes in bounded time.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { QueuedDiagnosisSchema, type QueuedDiagnosis } from '../../functions/core/queuedDiagnosis.js';
import { createIntakeApp, LISTED_ACCEPTED } from '../../functions/intake/createIntakeApp.js';
import type { LogPort } from '../../functions/core/LogPort.js';
import { DEFAULT_LISTED_SKIPS } from '../../functions/intake/parseAlertmanagerPayload.js';
import { createMemoryQueue } from '../../functions/queue/createMemoryQueue.js';
import { CLUSTER, NOW, TOKEN } from '../intake/intakeTestKit.js';
import { clone, Tally } from './reliabilityKit.js';

const RUNS_PER_ROUTE = 10_000;
/** Per-request ceiling, auth to response body, on a loaded 2-core runner (typical: < 2 ms). */
const MAX_REQUEST_MS = 1_000;
const SEED = 20_261_129;
/**
 * Bodies up to and beyond it are generated. A quarter of the production default (1 MiB,
 * asserted in test/intake): each side of the limit is reached without paying for a
 * thousand 1 MiB bodies.
 */
const BODY_LIMIT = 256 * 1024;
const IDENTIFIER = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

const tally = new Tally();

/** The real Alertmanager payloads kept in the repository (fixtures/alerts). */
const ALERT_FIXTURES_DIR = new URL('../../fixtures/alerts/', import.meta.url);
const REAL_PAYLOADS: string[] = readdirSync(ALERT_FIXTURES_DIR)
  .filter((file) => file.endsWith('.json'))
  .sort()
  .map((file) => readFileSync(new URL(file, ALERT_FIXTURES_DIR), 'utf8'));

// ---------------------------------------------------------------------------------------
// Building blocks
// ---------------------------------------------------------------------------------------

const uuid = fc.uuid();
const hostileKey = fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf', '__defineGetter__', 'isPrototypeOf');
const identifierLabel = fc.constantFrom(
  'clusterId',
  'cluster_id',
  'workload_id',
  'workloadId',
  'workload_name',
  'workloadName',
  'project',
  'projectName',
  'namespace',
  'exported_namespace',
);
const otherLabel = fc.constantFrom('alertname', 'severity', 'reason', 'intent', 'cluster', 'pod', 'container', 'job', 'instance', 'node', 'uid');

/** Label values an attacker or a misconfigured exporter could send. */
const weirdString = fc.oneof(
  { weight: 8, arbitrary: fc.string({ maxLength: 30 }) },
  { weight: 4, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) }, // lone surrogates, controls
  { weight: 4, arbitrary: fc.string({ unit: 'grapheme', maxLength: 12 }) },
  {
    weight: 12,
    arbitrary: fc.constantFrom(
      '',
      ' ',
      '  padded-id  ',
      'runai-',
      'runai-team-a',
      'runai-runai-',
      'team-a,clusterId==other',
      'name==x;project==y',
      '../../etc/passwd',
      '%2e%2e%2f',
      'a/b',
      'a:b',
      'x\u0000y',
      'line1\nline2',
      '\u202Eevil',
      '\u001b[31mred',
      'ＡＢＣ',
      'ä-ö-ü',
      '\uD800',
      '\uFFFE',
      '\uFFFF',
      '-leading-dash',
      '.dotfirst',
      'CrashLoopBackOff',
      'ImagePullBackOff',
      'active',
      'terminal',
      'firing',
      '4',
      'null',
      'undefined',
      '{}',
      '[]',
    ),
  },
  { weight: 2, arbitrary: fc.integer({ min: 190, max: 260 }).map((n) => 'a'.repeat(n)) }, // around the identifier limits
  { weight: 1, arbitrary: fc.integer({ min: 1_000, max: 100_000 }).map((n) => 'x'.repeat(n)) },
  { weight: 1, arbitrary: fc.integer({ min: 100, max: 10_000 }).map((n) => '\u{1F600}'.repeat(n)) },
);
const validIdentifier = fc.stringMatching(/^[a-z0-9][a-z0-9-]{0,30}$/);
const anyJson = fc.jsonValue({ maxDepth: 3 });
/** A value of the wrong type for a string field. */
const wrongType = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
);

// ---------------------------------------------------------------------------------------
// Alertmanager: valid-looking alerts, then mutations
// ---------------------------------------------------------------------------------------

interface AlertShape {
  status: unknown;
  labels: Record<string, unknown>;
  annotations: Record<string, unknown>;
  startsAt: unknown;
  endsAt: string;
  generatorURL: string;
  fingerprint: unknown;
}

const goodAlert: fc.Arbitrary<AlertShape> = fc
  .record({
    byId: fc.boolean(),
    id: uuid,
    name: validIdentifier,
    project: validIdentifier,
    viaNamespace: fc.boolean(),
    alertname: fc.constantFrom('RunaiWorkloadFailed', 'KubePodCrashLooping', 'KubeContainerWaiting', 'KubeJobFailed'),
    reason: fc.option(fc.constantFrom('CrashLoopBackOff', 'ImagePullBackOff', 'OOMKilled', 'Error'), { nil: undefined }),
    cluster: fc.option(uuid, { nil: undefined }),
    fingerprint: fc.stringMatching(/^[0-9a-f]{16}$/),
  })
  .map(({ byId, id, name, project, viaNamespace, alertname, reason, cluster, fingerprint }) => {
    const labels: Record<string, unknown> = { alertname, severity: 'critical', pod: `${name}-0-0`, container: 'main' };
    if (byId) labels['workload_id'] = id;
    else {
      labels['workload_name'] = name;
      if (viaNamespace) labels['namespace'] = `runai-${project}`;
      else labels['project'] = project;
    }
    if (reason) labels['reason'] = reason;
    if (cluster) labels['cluster_id'] = cluster;
    return {
      status: 'firing',
      labels,
      annotations: { summary: `workload ${name} failed`, description: `Pod ${name}-0-0 is restarting`, runbook_url: 'https://runbooks.invalid/x' },
      startsAt: '2026-11-29T17:43:06Z',
      endsAt: '0001-01-01T00:00:00Z',
      generatorURL: 'http://prometheus.invalid/graph',
      fingerprint,
    };
  });

/** One change to one alert: label values, label names, field types, status. */
type AlertMutation = (alert: AlertShape) => void;
const alertMutation: fc.Arbitrary<AlertMutation> = fc.oneof(
  fc.tuple(fc.oneof(identifierLabel, otherLabel), weirdString).map(([label, value]): AlertMutation => (a) => {
    if (isObject(a.labels)) a.labels[label] = value;
  }),
  fc.tuple(fc.oneof(identifierLabel, otherLabel), wrongType).map(([label, value]): AlertMutation => (a) => {
    if (isObject(a.labels)) a.labels[label] = value;
  }),
  fc.oneof(identifierLabel, otherLabel).map((label): AlertMutation => (a) => {
    if (isObject(a.labels)) delete a.labels[label];
  }),
  fc.tuple(fc.string({ maxLength: 20 }), weirdString).map(([label, value]): AlertMutation => (a) => {
    if (isObject(a.labels)) a.labels[label] = value; // unknown label names, including '' and unicode
  }),
  fc.constantFrom<keyof AlertShape>('status', 'labels', 'annotations', 'startsAt', 'fingerprint').chain((field) =>
    fc.oneof(wrongType, anyJson, weirdString).map((value): AlertMutation => (a) => {
      (a as unknown as Record<string, unknown>)[field] = value;
    }),
  ),
  fc.constantFrom<keyof AlertShape>('status', 'labels', 'annotations', 'startsAt', 'fingerprint').map((field): AlertMutation => (a) => {
    delete (a as unknown as Record<string, unknown>)[field];
  }),
  fc.constantFrom('firing', 'resolved', 'FIRING', 'Firing', '', 'pending', 'suppressed').map((status): AlertMutation => (a) => {
    a.status = status;
  }),
  fc.tuple(fc.string({ maxLength: 12 }), fc.oneof(anyJson, weirdString)).map(([key, value]): AlertMutation => (a) => {
    if (isObject(a.annotations)) a.annotations[key] = value;
  }),
  fc.integer({ min: 10, max: 1_000 }).map((depth): AlertMutation => (a) => {
    if (isObject(a.annotations)) a.annotations['nested'] = JSON.parse('['.repeat(depth) + ']'.repeat(depth));
  }),
);

interface AlertmanagerCase {
  payload: Record<string, unknown>;
  /** Changes only the sender may make without invalidating anything: extra fields, labels, annotations. */
  benignOnly: boolean;
}

const payloadMutation = fc.oneof(
  fc.constantFrom('version', 'alerts', 'status', 'commonLabels', 'truncatedAlerts', 'groupLabels', 'receiver').chain((field) =>
    fc.oneof(wrongType, anyJson, weirdString, fc.constant(undefined)).map((value) => (p: Record<string, unknown>) => {
      if (value === undefined) delete p[field];
      else p[field] = value;
    }),
  ),
  fc.constantFrom('4', 4, '04', '3', '4 ', 'v4', '5').map((version) => (p: Record<string, unknown>) => {
    p['version'] = version;
  }),
  fc.tuple(fc.oneof(identifierLabel, otherLabel), fc.oneof(weirdString, uuid)).map(([label, value]) => (p: Record<string, unknown>) => {
    p['commonLabels'] = { ...(typeof p['commonLabels'] === 'object' && p['commonLabels'] !== null ? (p['commonLabels'] as object) : {}), [label]: value };
  }),
  fc
    .oneof({ weight: 9, arbitrary: fc.integer({ min: 0, max: 40 }) }, { weight: 1, arbitrary: fc.integer({ min: 500, max: 1_500 }) })
    .map((copies) => (p: Record<string, unknown>) => {
      // Storm-sized arrays: the same alert many times (one request, the rest skipped as duplicates).
      const alerts = p['alerts'];
      if (!Array.isArray(alerts) || alerts.length === 0) return;
      // At most 1.5 × the limit: a storm of huge alerts is already covered by the limit cases.
      const perAlert = Math.max(1, JSON.stringify(alerts).length / alerts.length);
      const n = Math.min(copies, Math.floor((1.5 * BODY_LIMIT) / perAlert));
      p['alerts'] = Array.from({ length: n }, (_, i) => alerts[i % alerts.length]);
    }),
  fc.array(fc.oneof(anyJson, weirdString), { maxLength: 5 }).map((junk) => (p: Record<string, unknown>) => {
    if (Array.isArray(p['alerts'])) p['alerts'] = [...(p['alerts'] as unknown[]), ...junk];
  }),
);

const benignMutation: fc.Arbitrary<AlertMutation> = fc.oneof(
  fc.tuple(fc.stringMatching(/^[a-z][a-z_]{0,15}$/), fc.string({ maxLength: 40 })).map(([label, value]): AlertMutation => (a) => {
    if (!IDENTIFIER_LABELS.has(label) && !INTENT_LABELS.has(label)) a.labels[label] = value;
  }),
  fc.tuple(fc.string({ maxLength: 12 }), fc.oneof(anyJson, weirdString)).map(([key, value]): AlertMutation => (a) => {
    if (key !== 'summary' && key !== 'description') (a as unknown as Record<string, unknown>)[`x_${key}`] = value;
  }),
  fc.tuple(fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 2 })).map(([key, value]): AlertMutation => (a) => {
    a.annotations[`extra_${key}`] = typeof value === 'string' ? value.replace(/[A-Za-z]/g, 'z') : value; // no intent words
  }),
);
const IDENTIFIER_LABELS = new Set([
  'clusterid',
  'cluster_id',
  'workload_id',
  'workloadid',
  'workload_name',
  'workloadname',
  'project',
  'projectname',
  'namespace',
  'exported_namespace',
]);
const INTENT_LABELS = new Set(['intent', 'reason', 'alertname']);

const alertmanagerCase: fc.Arbitrary<AlertmanagerCase> = fc.oneof(
  // Realistic alerts with arbitrary mutations.
  {
    weight: 6,
    arbitrary: fc
      .record({
        alerts: fc.array(goodAlert, { minLength: 1, maxLength: 8 }),
        alertMutations: fc.array(fc.tuple(fc.nat(), alertMutation), { maxLength: 4 }),
        payloadMutations: fc.array(payloadMutation, { maxLength: 2 }),
        common: fc.option(uuid, { nil: undefined }),
      })
      .map(({ alerts: generated, alertMutations, payloadMutations, common }) => {
        const alerts = clone(generated); // generated values are reused when shrinking: never mutate them
        for (const [index, mutate] of alertMutations) mutate(alerts[index % alerts.length]!);
        const payload = amPayload(alerts, common);
        for (const mutate of payloadMutations) mutate(payload);
        return { payload, benignOnly: false };
      }),
  },
  // Valid alerts with benign additions only: every firing workload must be accepted.
  {
    weight: 2,
    arbitrary: fc
      .record({
        alerts: fc.array(goodAlert, { minLength: 1, maxLength: 8 }),
        mutations: fc.array(fc.tuple(fc.nat(), benignMutation), { maxLength: 6 }),
        common: uuid,
      })
      .map(({ alerts: generated, mutations, common }) => {
        const alerts = clone(generated);
        for (const [index, mutate] of mutations) mutate(alerts[index % alerts.length]!);
        const payload = amPayload(alerts, common);
        payload['x_extra_top_level'] = { nested: [1, 'two', null] };
        return { payload, benignOnly: true };
      }),
  },
  // The real payloads of fixtures/alerts, mutated.
  {
    weight: 2,
    arbitrary: fc
      .record({
        which: fc.nat(),
        mutations: fc.array(fc.tuple(fc.nat(), alertMutation), { maxLength: 4 }),
        payloadMutations: fc.array(payloadMutation, { maxLength: 2 }),
      })
      .map(({ which, mutations, payloadMutations }) => {
        const payload = JSON.parse(REAL_PAYLOADS[which % REAL_PAYLOADS.length]!) as Record<string, unknown>;
        const alerts = payload['alerts'] as AlertShape[];
        for (const [index, mutate] of mutations) mutate(alerts[index % alerts.length]!);
        for (const mutate of payloadMutations) mutate(payload);
        return { payload, benignOnly: false };
      }),
  },
);

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function amPayload(alerts: AlertShape[], commonClusterId: string | undefined): Record<string, unknown> {
  return {
    receiver: 'runai-diagnose',
    status: 'firing',
    alerts,
    groupLabels: { alertname: 'RunaiWorkloadFailed' },
    commonLabels: commonClusterId ? { cluster_id: commonClusterId, severity: 'critical' } : { severity: 'critical' },
    commonAnnotations: {},
    externalURL: 'http://alertmanager:9093',
    version: '4',
    groupKey: '{}:{alertname="RunaiWorkloadFailed"}',
    truncatedAlerts: 0,
  };
}

/** Distinct firing workloads of a benign-only payload (what must be accepted). */
function expectedWorkloads(payload: Record<string, unknown>): number {
  const keys = new Set<string>();
  const common = (payload['commonLabels'] ?? {}) as Record<string, string>;
  for (const alert of payload['alerts'] as AlertShape[]) {
    const labels = { ...common, ...(alert.labels as Record<string, string>) };
    const cluster = labels['cluster_id'];
    const project = labels['project'] ?? labels['namespace']?.replace(/^runai-/, '');
    keys.add(labels['workload_id'] ? `${cluster}:id:${labels['workload_id']}` : `${cluster}:name:${project}/${labels['workload_name']}`);
  }
  return keys.size;
}

// ---------------------------------------------------------------------------------------
// Run:ai webhook bodies
// ---------------------------------------------------------------------------------------

const runaiField = fc.constantFrom('clusterId', 'workloadId', 'workloadName', 'project', 'intent', 'lookback');
const runaiCase: fc.Arbitrary<Record<string, unknown>> = fc
  .record({
    byId: fc.boolean(),
    clusterId: uuid,
    workloadId: uuid,
    name: validIdentifier,
    project: validIdentifier,
    intent: fc.option(fc.constantFrom('active', 'terminal'), { nil: undefined }),
    lookback: fc.option(fc.constantFrom('7d', '36h', '90m', '90d', '1m'), { nil: undefined }),
    mutations: fc.array(
      fc.oneof(
        fc.tuple(runaiField, fc.oneof(weirdString, wrongType, anyJson, fc.constant(undefined))),
        fc.tuple(runaiField, fc.constantFrom('0d', '91d', '9999d', '7 d', '7D', '-1d', '1e3d', '0m', 'Active', 'TERMINAL', '', null)),
        fc.tuple(fc.string({ maxLength: 16 }), fc.oneof(anyJson, weirdString)),
      ),
      { maxLength: 4 },
    ),
  })
  .map(({ byId, clusterId, workloadId, name, project, intent, lookback, mutations }) => {
    const body: Record<string, unknown> = byId ? { clusterId, workloadId } : { clusterId, workloadName: name, project };
    if (intent) body['intent'] = intent;
    if (lookback) body['lookback'] = lookback;
    for (const [field, value] of mutations) {
      if (value === undefined) delete body[field];
      else body[field] = value;
    }
    return body;
  });

// ---------------------------------------------------------------------------------------
// Serialisation: JSON, then textual corruption; Content-Type
// ---------------------------------------------------------------------------------------

type Corruption = (text: string) => string | Uint8Array;
const corruption: fc.Arbitrary<Corruption> = fc.oneof(
  { weight: 20, arbitrary: fc.constant<Corruption>((t) => t) },
  {
    weight: 2,
    arbitrary: fc.nat().map(
      (n): Corruption =>
        (t) =>
          t.slice(0, n % Math.max(1, t.length)),
    ),
  }, // truncated
  {
    weight: 1,
    arbitrary: fc.tuple(fc.nat(), fc.constantFrom(',', '}', ']', '"', '\\', ':', '\u0000', 'NaN', 'Infinity', '//c\n', '/*c*/', "'", '\n')).map(
      ([n, s]): Corruption =>
        (t) =>
          t.slice(0, n % (t.length + 1)) + s + t.slice(n % (t.length + 1)),
    ),
  },
  { weight: 1, arbitrary: fc.constant<Corruption>((t) => t.replace(/}$/, ',}')) }, // trailing comma
  { weight: 1, arbitrary: fc.constant<Corruption>((t) => `\uFEFF${t}`) },
  { weight: 1, arbitrary: fc.constant<Corruption>((t) => `\uFEFF\uFEFF${t}`) },
  { weight: 1, arbitrary: fc.constant<Corruption>((t) => `${t} trailing`) },
  { weight: 1, arbitrary: fc.constant<Corruption>((t) => `${t}${t}`) },
  {
    weight: 1,
    arbitrary: fc.constantFrom('null', 'true', '0', '"string"', '[]', '[{}]', '{}', ' ', '\n', '-0', '1e400').map(
      (s): Corruption =>
        () =>
          s,
    ),
  },
  // Hostile keys survive only in raw text: an object literal would set the prototype instead.
  {
    weight: 3,
    arbitrary: fc
      .tuple(hostileKey, fc.oneof(anyJson, fc.constant({ workload_id: 'x', cluster_id: 'y', isAdmin: true })), fc.nat())
      .map(([key, value, nth]): Corruption => (t) => {
        const anchors = [...t.matchAll(/"(?:labels|annotations|commonLabels)":\{|^\{/g)];
        if (anchors.length === 0) return t;
        const anchor = anchors[nth % anchors.length]!;
        const at = anchor.index + anchor[0].length;
        const rest = t.slice(at);
        return `${t.slice(0, at)}${JSON.stringify(key)}:${JSON.stringify(value)}${rest.startsWith('}') ? '' : ','}${rest}`;
      }),
  },
  // Duplicate keys: JSON.parse keeps the last one.
  {
    weight: 1,
    arbitrary: fc.constant<Corruption>((t) =>
      t.replace(/"workload_id":"([^"]*)"/, '"workload_id":"$1","workload_id":"../other"').replace(/^\{"clusterId"/, '{"clusterId":"dup","clusterId"'),
    ),
  },
  // Deep nesting, balanced or not.
  {
    weight: 1,
    arbitrary: fc.tuple(fc.integer({ min: 100, max: 60_000 }), fc.boolean()).map(
      ([depth, balanced]): Corruption =>
        () =>
          '['.repeat(depth) + (balanced ? ']'.repeat(depth) : ''),
    ),
  },
  {
    weight: 1,
    arbitrary: fc.integer({ min: 100, max: 20_000 }).map(
      (depth): Corruption =>
        (t) =>
          `${t.slice(0, -1)},"deep":${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}}`,
    ),
  },
  // Invalid UTF-8 and raw bytes.
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.nat(), fc.constantFrom([0xff], [0xc3], [0xe2, 0x82], [0xed, 0xa0, 0x80], [0xf8, 0x88, 0x80, 0x80, 0x80], [0xc0, 0xaf]))
      .map(([n, bytes]): Corruption => (t) => {
        const encoded = new TextEncoder().encode(t);
        const at = n % (encoded.length + 1);
        return new Uint8Array([...encoded.slice(0, at), ...bytes, ...encoded.slice(at)]);
      }),
  },
  // Around and over the body limit.
  {
    weight: 1,
    arbitrary: fc.integer({ min: BODY_LIMIT - 256, max: BODY_LIMIT + 256 }).map(
      (size): Corruption =>
        (t) =>
          `${t.slice(0, -1)},"pad":"${'p'.repeat(Math.max(0, size - t.length - 9))}"}`,
    ),
  },
);

const contentType = fc.oneof(
  { weight: 30, arbitrary: fc.constant('application/json') },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      'application/json; charset=utf-8',
      'APPLICATION/JSON',
      'application/vnd.alertmanager+json',
      'application/json;charset=latin1',
      ' application/json ',
      'application/problem+json',
    ),
  },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      'text/plain',
      'text/json',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=----x',
      'application/jsonp',
      'application/json-seq',
      'application/xml',
      'json',
      '*/*',
      '',
      'application/' + 'j'.repeat(500),
    ),
  },
  { weight: 1, arbitrary: fc.constant(undefined) },
);

// ---------------------------------------------------------------------------------------
// One request and its invariants
// ---------------------------------------------------------------------------------------

interface Outcome {
  status: number;
  json: Record<string, unknown>;
  enqueued: QueuedDiagnosis[];
}

/**
 * One app and one queue for the whole run (building a hono app per request would double
 * the cost); the queue is drained after every request, so each request sees it empty.
 */
const queue = createMemoryQueue({ capacity: 100_000 });
let loggedErrors: unknown[] = [];
const logger: LogPort = { info() {}, warn() {}, error: (event, fields) => loggedErrors.push({ event, fields }) };
const app = createIntakeApp({ queue, tokens: { current: TOKEN }, now: () => NOW, logger, bodyLimitBytes: BODY_LIMIT });

async function send(path: string, body: string | Uint8Array, type: string | undefined, query = ''): Promise<Outcome> {
  loggedErrors = [];
  expect(queue.size, 'queue not drained').toBe(0);
  const headers: Record<string, string> = { authorization: `Bearer ${TOKEN}` };
  if (type !== undefined) headers['content-type'] = type;

  const started = performance.now();
  let res: Response;
  try {
    res = await app.request(`${path}${query}`, { method: 'POST', headers, body });
  } catch (error) {
    throw new Error(`app.request threw: ${String(error)}`, { cause: error });
  }
  const text = await res.text();
  const elapsed = performance.now() - started;
  tally.max(`${path} ms`, elapsed);
  tally.add(`${path} ${res.status}`);
  const enqueued = queue.drain();
  expect(elapsed, `${path}: request took ${elapsed.toFixed(0)} ms`).toBeLessThan(MAX_REQUEST_MS);
  expect(loggedErrors, `${path}: logged an unexpected error`).toEqual([]);
  let json: Record<string, unknown>;
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    throw new Error(`${path}: ${res.status} response is not JSON: ${text.slice(0, 200)}`);
  }
  return { status: res.status, json, enqueued };
}

function checkClientError(label: string, outcome: Outcome): void {
  expect([400, 413, 415], `${label}: status ${outcome.status} ${JSON.stringify(outcome.json).slice(0, 300)}`).toContain(outcome.status);
  const message = outcome.json['message'];
  expect(typeof message, `${label}: message`).toBe('string');
  expect((message as string).trim().length, `${label}: empty message`).toBeGreaterThan(0);
  expect((message as string).length, `${label}: message length`).toBeLessThan(1_500);
  expect(outcome.json['retryable'], `${label}: a 4xx is never worth a resend`).toBe(false);
  expect(outcome.enqueued, `${label}: a rejected request enqueued something`).toEqual([]);
}

function checkEnqueued(label: string, enqueued: QueuedDiagnosis[], accepted: unknown[], acceptedCount: unknown): void {
  expect(enqueued.length, `${label}: queue vs accepted`).toBe(acceptedCount);
  // The answer lists the first accepted requests, in queue order.
  expect(accepted.length, `${label}: accepted list`).toBe(Math.min(enqueued.length, LISTED_ACCEPTED));
  expect(
    accepted.map((a) => (a as { dedupeKey: unknown }).dedupeKey),
    `${label}: accepted list vs queue`,
  ).toEqual(enqueued.slice(0, LISTED_ACCEPTED).map((m) => m.dedupeKey));
  for (const message of enqueued) {
    expect(QueuedDiagnosisSchema.safeParse(message).success, `${label}: invalid queued message`).toBe(true);
    const { clusterId, workloadId, workloadName, project } = message.request;
    for (const value of [clusterId, workloadId, workloadName, project]) {
      if (value !== undefined) expect(value, `${label}: identifier could inject a filter`).toMatch(IDENTIFIER);
    }
    expect(clusterId, `${label}: enqueued without a cluster`).toBeDefined();
    expect(workloadId !== undefined || (workloadName !== undefined && project !== undefined), `${label}: enqueued without a workload`).toBe(true);
  }
  expect(new Set(enqueued.map((m) => m.dedupeKey)).size, `${label}: duplicate dedupe keys in one payload`).toBe(enqueued.length);
}

describe(`fuzz at volume: ${RUNS_PER_ROUTE} requests per webhook route`, () => {
  afterAll(() => tally.print('intake fuzz'));

  it(`POST /webhooks/alertmanager: ${RUNS_PER_ROUTE} mutated Alertmanager payloads`, async () => {
    const query = fc.oneof(
      { weight: 8, arbitrary: fc.constant('') },
      { weight: 2, arbitrary: fc.constant(`?clusterId=${CLUSTER}`) },
      { weight: 1, arbitrary: weirdString.map((s) => `?clusterId=${encodeURIComponent(wellFormed(s.slice(0, 300)))}`) },
    );
    await fc.assert(
      fc.asyncProperty(alertmanagerCase, corruption, contentType, query, async (c, corrupt, type, q) => {
        const original = JSON.stringify(c.payload);
        const body = corrupt(original);
        const label = `alertmanager ${typeof body === 'string' ? body.slice(0, 160) : `<${body.length} bytes>`}`;
        const outcome = await send('/webhooks/alertmanager', body, type, q);
        tally.add('alertmanager bodies');
        if (outcome.status !== 202) {
          checkClientError(label, outcome);
          return;
        }
        const accepted = outcome.json['accepted'] as unknown[];
        const skipped = outcome.json['skipped'] as Array<{ index: unknown; reason: unknown; code: unknown }>;
        const acceptedCount = outcome.json['acceptedCount'] as number;
        const skippedCount = outcome.json['skippedCount'] as number;
        const byReason = outcome.json['skippedByReason'] as Record<string, number>;
        expect(Array.isArray(accepted) && Array.isArray(skipped), label).toBe(true);
        checkEnqueued(label, outcome.enqueued, accepted, acceptedCount);
        for (const entry of skipped) {
          expect(typeof entry.reason === 'string' && entry.reason.length > 0, `${label}: skip without a reason`).toBe(true);
          expect(Number.isInteger(entry.index), label).toBe(true);
          expect(byReason[entry.code as string], `${label}: listed skip not counted under its code`).toBeGreaterThan(0);
        }
        expect(skipped.length, label).toBe(Math.min(skippedCount, DEFAULT_LISTED_SKIPS));
        expect(
          Object.values(byReason).reduce((a, b) => a + b, 0),
          `${label}: skip counts`,
        ).toBe(skippedCount);
        tally.add('alertmanager alerts accepted', acceptedCount);
        // Every alert of the payload that was read is accounted for, exactly once.
        const parsed = typeof body === 'string' ? safeJson(body.replace(/^\uFEFF/, '')) : undefined;
        const alerts = parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>)['alerts'] : undefined;
        if (Array.isArray(alerts)) {
          expect(acceptedCount + skippedCount, `${label}: alerts lost`).toBe(alerts.length);
          expect(new Set(skipped.map((s) => s.index)).size, label).toBe(skipped.length);
        }
        if (c.benignOnly && body === original && q === '' && (type === 'application/json' || type === undefined)) {
          tally.add('alertmanager benign payloads');
          expect(acceptedCount, `${label}: a valid alert was lost to a benign change`).toBe(expectedWorkloads(c.payload));
        }
      }),
      { numRuns: RUNS_PER_ROUTE, seed: SEED, endOnFailure: true },
    );
    expect(tally.get('alertmanager bodies')).toBe(RUNS_PER_ROUTE);
    // The generator reaches every kind of answer, and a realistic share is accepted.
    for (const status of [202, 400, 413, 415]) expect(tally.get(`/webhooks/alertmanager ${status}`), `status ${status} never produced`).toBeGreaterThan(50);
    expect(tally.get('alertmanager benign payloads')).toBeGreaterThan(200);
    expect(REAL_PAYLOADS.length).toBeGreaterThanOrEqual(1);
  }, 90_000);

  it(`POST /webhooks/runai: ${RUNS_PER_ROUTE} mutated Run:ai webhook bodies`, async () => {
    await fc.assert(
      fc.asyncProperty(runaiCase, corruption, contentType, async (value, corrupt, type) => {
        const body = corrupt(JSON.stringify(value));
        const label = `runai ${typeof body === 'string' ? body.slice(0, 160) : `<${body.length} bytes>`}`;
        const outcome = await send('/webhooks/runai', body, type);
        tally.add('runai bodies');
        if (outcome.status !== 202) {
          checkClientError(label, outcome);
          return;
        }
        const accepted = outcome.json['accepted'] as unknown[];
        expect(accepted, label).toHaveLength(1);
        expect(outcome.json['skipped'], label).toEqual([]);
        checkEnqueued(label, outcome.enqueued, accepted, outcome.json['acceptedCount']);
        const request = outcome.enqueued[0]!.request;
        expect(['terminal', 'active'], label).toContain(request.intent);
      }),
      { numRuns: RUNS_PER_ROUTE, seed: SEED + 1, endOnFailure: true },
    );
    expect(tally.get('runai bodies')).toBe(RUNS_PER_ROUTE);
    for (const status of [202, 400, 413, 415]) expect(tally.get(`/webhooks/runai ${status}`), `status ${status} never produced`).toBeGreaterThan(50);
  }, 90_000);
});

/** Lone surrogates replaced: a URL cannot carry them (the sender's HTTP client would refuse). */
function wellFormed(text: string): string {
  return text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
