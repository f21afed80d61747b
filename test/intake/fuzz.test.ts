/**
 * the quality bars, docs/tests.md bad-input bar, by property: whatever the body, each webhook route answers 202
 * or a 4xx with a JSON `message` — never a 5xx, never a throw. ≥ 2,000 bodies per route,
 * drawn from random JSON, near-miss payloads, hostile keys, huge strings, deep nesting,
 * unicode and raw bytes. The pure parsers are also run on arbitrary JS values.
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { parseAlertmanagerPayload } from '../../functions/intake/parseAlertmanagerPayload.js';
import { parseRunaiWebhook } from '../../functions/intake/parseRunaiWebhook.js';
import { jsonHeaders, makeApp, NOW } from './intakeTestKit.js';

const RUNS_PER_ROUTE = 2_500;
const LIMIT = 64 * 1024; // smaller than the default so both sides of the limit are reached often

const hostileKey = fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf');
const labelName = fc.oneof(
  fc.constantFrom(
    'alertname',
    'cluster_id',
    'clusterId',
    'workload_id',
    'workloadId',
    'workload_name',
    'project',
    'namespace',
    'exported_namespace',
    'reason',
    'intent',
    'cluster',
  ),
  hostileKey,
  fc.string({ maxLength: 12 }),
);
const text = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) }, // any code point, lone surrogates included
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      '',
      ' ',
      'runai-',
      'runai-team-a',
      'train-1',
      'wl-1',
      'CrashLoopBackOff',
      'a,b==c',
      '\u0000',
      '\uFFFF',
      'firing',
      'resolved',
      '4',
    ),
  },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 200_000 }).map((n) => 'x'.repeat(n)) },
);
const jsonish = fc.oneof(text, fc.jsonValue({ maxDepth: 3 }));

const nearAlert = fc.record(
  {
    status: fc.oneof(fc.constantFrom('firing', 'resolved'), jsonish),
    labels: fc.oneof(fc.dictionary(labelName, text, { maxKeys: 8 }), jsonish),
    annotations: fc.oneof(fc.dictionary(fc.string({ maxLength: 10 }), jsonish, { maxKeys: 4 }), jsonish),
    startsAt: jsonish,
    fingerprint: jsonish,
  },
  { requiredKeys: [] },
);
const nearAlertmanager = fc.record(
  {
    version: fc.oneof(fc.constant('4'), jsonish),
    alerts: fc.oneof(fc.array(fc.oneof(nearAlert, jsonish), { maxLength: 12 }), jsonish),
    status: jsonish,
    commonLabels: fc.oneof(fc.dictionary(labelName, text, { maxKeys: 4 }), jsonish),
    truncatedAlerts: jsonish,
  },
  { requiredKeys: [] },
);
const nearRunai = fc.record(
  {
    clusterId: fc.oneof({ weight: 3, arbitrary: fc.constant('3f2c6a4e-6a1d-4c1e-9f0e-2b7d8a9c1d2e') }, { weight: 1, arbitrary: jsonish }),
    workloadId: fc.oneof(fc.constantFrom('wl-1', null), jsonish),
    workloadName: fc.oneof(fc.constant('train-1'), jsonish),
    project: fc.oneof(fc.constant('team-a'), jsonish),
    intent: fc.oneof(fc.constantFrom('active', 'terminal'), jsonish),
    lookback: fc.oneof(fc.constantFrom('7d', '0d', '9999d', '36h'), jsonish),
  },
  { requiredKeys: [] },
);

/** Keys such as __proto__ survive only in raw JSON text (an object literal would set the prototype). */
const withHostileKeys = fc
  .tuple(
    fc.array(fc.tuple(fc.oneof(hostileKey, fc.constantFrom('version', 'alerts', 'labels')), fc.jsonValue({ maxDepth: 2 })), { maxLength: 5 }),
    fc.boolean(),
  )
  .map(([entries, versioned]) => {
    const body = entries.map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`);
    if (versioned) body.push('"version":"4"', '"alerts":[{"status":"firing","labels":{"__proto__":{"workload_id":"x"},"constructor":"c"}}]');
    return `{${body.join(',')}}`;
  });
const deepNesting = fc
  .tuple(fc.integer({ min: 1, max: 50_000 }), fc.constantFrom(['[', ']'], ['{"a":', '}'], ['{"alerts":', '}']), fc.boolean())
  .map(([depth, [open, close], balanced]) => open!.repeat(depth) + (open === '[' ? '' : '1') + (balanced ? close!.repeat(depth) : ''));

type Body = string | Uint8Array;
const body = (near: fc.Arbitrary<unknown>): fc.Arbitrary<Body> =>
  fc.oneof(
    { weight: 4, arbitrary: near.map((v) => JSON.stringify(v) ?? 'null') },
    { weight: 2, arbitrary: fc.jsonValue().map((v) => JSON.stringify(v)) },
    { weight: 1, arbitrary: withHostileKeys },
    { weight: 1, arbitrary: deepNesting },
    { weight: 1, arbitrary: text },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 256 }) },
    { weight: 1, arbitrary: fc.integer({ min: LIMIT - 64, max: LIMIT + 64 }).map((n) => `{"version":"4","alerts":[],"pad":"${'p'.repeat(n)}"}`) },
  );

const headers = fc.oneof(
  { weight: 8, arbitrary: fc.constant(jsonHeaders()) },
  {
    weight: 1,
    arbitrary: fc.constantFrom('text/plain', 'application/json; charset=latin1', 'application/xml', '').map((ct) => ({ ...jsonHeaders(), 'content-type': ct })),
  },
);

const tally = new Map<string, number>();

async function assertClientOutcome(path: string, requestBody: Body, requestHeaders: Record<string, string>, query: string): Promise<void> {
  const { app } = makeApp({ bodyLimitBytes: LIMIT });
  const res = await app.request(`${path}${query}`, { method: 'POST', headers: requestHeaders, body: requestBody });
  const key = `${path} ${res.status}`;
  tally.set(key, (tally.get(key) ?? 0) + 1);
  const json = (await res.json()) as Record<string, unknown>;
  if (res.status === 202) {
    expect(Array.isArray(json['accepted']) && Array.isArray(json['skipped'])).toBe(true);
    return;
  }
  expect([400, 413, 415]).toContain(res.status);
  expect(typeof json['message']).toBe('string');
  expect((json['message'] as string).length).toBeGreaterThan(0);
  expect((json['message'] as string).length).toBeLessThan(1_500);
}

const query = fc.oneof(
  fc.constant(''),
  fc.constant('?clusterId=c1'),
  fc.string({ maxLength: 20 }).map((s) => `?clusterId=${encodeURIComponent(s)}`),
);

describe('fuzz: any body gets 202 or a 4xx with a message', () => {
  afterAll(() => {
    console.log(
      `fuzz status tally: ${[...tally]
        .sort()
        .map(([k, n]) => `${k}: ${n}`)
        .join(', ')}`,
    );
  });

  it(`POST /webhooks/alertmanager (${RUNS_PER_ROUTE} bodies)`, async () => {
    await fc.assert(
      fc.asyncProperty(body(nearAlertmanager), headers, query, (b, h, q) => assertClientOutcome('/webhooks/alertmanager', b, h, q)),
      { numRuns: RUNS_PER_ROUTE },
    );
  });

  it(`POST /webhooks/runai (${RUNS_PER_ROUTE} bodies)`, async () => {
    await fc.assert(
      fc.asyncProperty(body(nearRunai), headers, (b, h) => assertClientOutcome('/webhooks/runai', b, h, '')),
      { numRuns: RUNS_PER_ROUTE },
    );
  });

  it('the pure parsers are total over arbitrary values', () => {
    fc.assert(
      fc.property(fc.oneof(fc.anything({ withNullPrototype: true, withObjectString: true }), nearAlertmanager, nearRunai), (value) => {
        const am = parseAlertmanagerPayload(value, { receivedAt: NOW, clusterIdFallback: 'c1' });
        const runai = parseRunaiWebhook(value, { receivedAt: NOW });
        expect(typeof am.ok).toBe('boolean');
        expect(typeof runai.ok).toBe('boolean');
      }),
      { numRuns: 3_000 },
    );
  });
});
