/**
 * AlertSchema without zod, for the alerts Alertmanager really sends: plain JSON objects
 * whose labels are strings. In a 1,000-alert storm, zod's generic record parsing was the
 * largest cost of the intake after JSON.parse itself (`npm run bench`), so the common
 * case is read here and zod only sees the rest.
 *
 * Returns exactly what `AlertSchema.safeParse(raw).data` holds — the five fields, label
 * and annotation records copied as z.record copies them (own enumerable string keys, in
 * order, `__proto__` dropped) — or `undefined` whenever the input is anything else, valid
 * or not (another prototype, symbol keys, an own `constructor`, a wrong type). The caller
 * then asks AlertSchema, which accepts it or says why not, so validation and its messages
 * do not change. test/bench/readPlainAlert.test.ts checks the equivalence on random input.
 */
import type { Alert } from './AlertmanagerPayloadSchema.js';

type JsonObject = Record<string, unknown>;

const FIELDS = ['status', 'labels', 'annotations', 'startsAt', 'fingerprint'] as const;

const isString = (value: unknown): value is string => typeof value === 'string';
const isAnything = (_value: unknown): _value is unknown => true;
const isOptionalString = (value: unknown): value is string | undefined => value === undefined || typeof value === 'string';

/** What JSON.parse makes: an ordinary object, nothing zod's plain-object check could see differently. */
function isJsonObject(value: unknown): value is JsonObject {
  return (
    typeof value === 'object' &&
    value !== null &&
    Object.getPrototypeOf(value) === Object.prototype &&
    !Object.hasOwn(value, 'constructor') &&
    Object.getOwnPropertySymbols(value).length === 0
  );
}

function copyRecord<T>(value: unknown, accepts: (item: unknown) => item is T): Record<string, T> | undefined {
  if (!isJsonObject(value)) return undefined;
  const copy: Record<string, T> = {};
  for (const key of Object.keys(value)) {
    // z.record skips it too: assigning it would replace the copy's prototype.
    if (key === '__proto__') continue;
    const item = value[key];
    if (!accepts(item)) return undefined;
    copy[key] = item;
  }
  return copy;
}

export function readPlainAlert(raw: unknown): Alert | undefined {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return undefined;
  const { status, labels, annotations, startsAt, fingerprint } = raw as JsonObject;
  if (!isOptionalString(status) || !isOptionalString(startsAt) || !isOptionalString(fingerprint)) return undefined;
  // zod keeps a key that is present with the value undefined; JSON never has one, so leave it to zod.
  for (const field of FIELDS) if ((raw as JsonObject)[field] === undefined && field in raw) return undefined;
  const alert: Alert = {};
  if (status !== undefined) alert.status = status;
  if (labels !== undefined) {
    const copy = copyRecord(labels, isString);
    if (!copy) return undefined;
    alert.labels = copy;
  }
  if (annotations !== undefined) {
    const copy = copyRecord(annotations, isAnything);
    if (!copy) return undefined;
    alert.annotations = copy;
  }
  if (startsAt !== undefined) alert.startsAt = startsAt;
  if (fingerprint !== undefined) alert.fingerprint = fingerprint;
  return alert;
}
