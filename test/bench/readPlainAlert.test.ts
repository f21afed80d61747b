/**
 * Guards an optimisation `npm run bench` drove: parseAlertmanagerPayload reads plain
 * alerts without zod (readPlainAlert) and asks AlertSchema only about the rest. That is
 * only sound if the fast path never accepts what AlertSchema rejects and returns what
 * AlertSchema would — checked here on random values, hostile keys and odd prototypes —
 * and if it really is taken for the alerts Alertmanager sends.
 */
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { AlertSchema } from '../../functions/intake/AlertmanagerPayloadSchema.js';
import { readPlainAlert } from '../../functions/intake/readPlainAlert.js';
import { alertStormPayload } from './alertStormPayload.js';
import { fuzzRuns } from '../support/fuzzRuns.js';

// Many inputs (timed repeats or generated cases): under a second alone, seconds on a loaded 2-core machine.
vi.setConfig({ testTimeout: 20_000 });

const hostileKey = fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf', '0', '');
const key = fc.oneof(hostileKey, fc.constantFrom('alertname', 'workload_id', 'namespace'), fc.string({ maxLength: 8 }));
const anyValue = fc.anything({ maxDepth: 2, withNullPrototype: true, withObjectString: true, withBoxedValues: true, withSparseArray: true });
const record = <T>(value: fc.Arbitrary<T>) =>
  fc.oneof(
    fc.dictionary(key, value, { maxKeys: 6 }),
    // Through JSON.parse, as the intake sees it: `__proto__` becomes an own key.
    fc.dictionary(key, value, { maxKeys: 6 }).map((entries) => JSON.parse(JSON.stringify(entries)) as unknown),
    fc.dictionary(key, value, { maxKeys: 4 }).map((entries) => Object.assign(Object.create(null) as object, entries)),
    fc.dictionary(key, value, { maxKeys: 4 }).map((entries) => ({ ...entries, [Symbol('s')]: 'x' })),
    anyValue,
  );
const alertLike = fc.record(
  {
    status: fc.oneof(fc.constantFrom('firing', 'resolved'), anyValue),
    labels: record(fc.oneof(fc.string({ maxLength: 12 }), anyValue)),
    annotations: record(anyValue),
    startsAt: fc.oneof(fc.string({ maxLength: 30 }), anyValue),
    fingerprint: fc.oneof(fc.string({ maxLength: 20 }), anyValue),
    endsAt: anyValue,
  },
  { requiredKeys: [] },
);
const input = fc.oneof(
  alertLike,
  alertLike.map((alert) => JSON.parse(JSON.stringify(alert)) as unknown),
  anyValue,
);

describe('readPlainAlert, the zod-free fast path of AlertSchema', () => {
  it('accepts nothing AlertSchema rejects, and returns what AlertSchema returns', () => {
    fc.assert(
      fc.property(input, (raw) => {
        const plain = readPlainAlert(raw);
        if (plain === undefined) return; // zod decides, as before
        const parsed = AlertSchema.safeParse(raw);
        expect(parsed.success).toBe(true);
        expect(plain).toStrictEqual(parsed.data);
      }),
      { numRuns: fuzzRuns(3_000) },
    );
  });

  it('drops an own `__proto__` label as zod does, and leaves hostile inputs to zod', () => {
    const raw = JSON.parse('{"labels":{"__proto__":"x","alertname":"A"},"annotations":{"__proto__":{"a":1}}}') as unknown;
    expect(readPlainAlert(raw)).toStrictEqual(AlertSchema.parse(raw));
    expect(readPlainAlert({ labels: Object.assign(Object.create(null) as object, { a: 'b' }) })).toBeUndefined();
    expect(readPlainAlert({ labels: { constructor: 'x' } })).toBeUndefined();
    expect(readPlainAlert({ labels: { a: 1 } })).toBeUndefined();
    expect(readPlainAlert([])).toBeUndefined();
  });

  it('is the path every alert of a real storm payload takes', () => {
    const { alerts } = JSON.parse(alertStormPayload(200)) as { alerts: unknown[] };
    for (const raw of alerts) expect(readPlainAlert(raw)).toStrictEqual(AlertSchema.parse(raw));
  });
});
