/**
 * The inverse of the simulator's relative timestamps: every string that is a whole
 * timestamp becomes `now±<offset>` from the moment of the diagnosis, in the largest exact
 * unit (`now-4h`, `now-90061234ms`), so a recording replays "as of now" and never goes
 * stale against a lookback window. The space-separated form some servers emit keeps its
 * form (`@space:`). Other strings, and timestamps inside longer text, are left alone, except
 * a string that already reads as a relative timestamp or a literal (a workload named `now-5m`):
 * it is escaped as `@literal:…`, so the replay gives back the name, never a time.
 */
import { LITERAL_PREFIX, RELATIVE_TIMESTAMP } from './format/resolveRelativeTimestamps.js';

const ISO_WITH_ZONE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?(?:Z|[+-]\d{2}:\d{2})$/;
const SPACE_UTC = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(?:\.\d{1,9})?$/;

const UNITS: [string, number][] = [
  ['d', 86_400_000],
  ['h', 3_600_000],
  ['m', 60_000],
  ['s', 1_000],
  ['ms', 1],
];

export function relativeOffset(ms: number): string {
  if (ms === 0) return 'now';
  const sign = ms < 0 ? '-' : '+';
  const magnitude = Math.abs(ms);
  const [unit, size] = UNITS.find(([, length]) => magnitude % length === 0) ?? ['ms', 1];
  return `now${sign}${magnitude / size}${unit}`;
}

export function relativizeTimestamp(value: string, nowMs: number): string {
  if (value.startsWith(LITERAL_PREFIX) || RELATIVE_TIMESTAMP.test(value)) return `${LITERAL_PREFIX}${value}`;
  if (ISO_WITH_ZONE.test(value)) {
    const at = Date.parse(value);
    return Number.isNaN(at) ? value : relativeOffset(at - nowMs);
  }
  if (SPACE_UTC.test(value)) {
    const at = Date.parse(`${value.replace(' ', 'T')}Z`);
    return Number.isNaN(at) ? value : `@space:${relativeOffset(at - nowMs)}`;
  }
  return value;
}

/** A deep copy of `value` with every whole-timestamp string made relative (object keys are left alone). */
export function relativizeTimestamps<T>(value: T, nowMs: number): T {
  return relativize(value, nowMs) as T;
}

function relativize(value: unknown, nowMs: number): unknown {
  if (typeof value === 'string') return relativizeTimestamp(value, nowMs);
  if (Array.isArray(value)) return value.map((item) => relativize(item, nowMs));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, relativize(item, nowMs)]));
}
