/**
 * Fixtures never hold absolute dates (they would go stale against lookback windows), so
 * every string of the form `now`, `now-90s`, `now+1h`, `now-3d` (`now-1500ms`: recordings) becomes an ISO 8601 UTC
 * timestamp relative to one instant. `@space:now-2h` renders the space-separated form
 * some Run:ai servers emit (`2026-11-29 16:43:06.123`) to exercise lenient parsing.
 *
 * `@literal:<text>` is `<text>` verbatim: how a recording keeps a string that only looks like a
 * relative timestamp (a workload named `now-5m`) a name on replay, never a time.
 */
export const RELATIVE_TIMESTAMP = /^(@space:)?now(?:([+-])(\d+)(ms|s|m|h|d))?$/;
export const LITERAL_PREFIX = '@literal:';

const UNIT_MS: Record<string, number> = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** The resolved timestamp, or `value` unchanged when it is not a relative timestamp. */
export function resolveRelativeTimestamp(value: string, nowMs: number): string {
  if (value.startsWith(LITERAL_PREFIX)) return value.slice(LITERAL_PREFIX.length);
  const match = RELATIVE_TIMESTAMP.exec(value);
  if (!match) return value;
  const [, space, sign, amount, unit] = match;
  const offset = sign ? Number(amount) * (UNIT_MS[unit ?? 's'] ?? 0) * (sign === '-' ? -1 : 1) : 0;
  const iso = new Date(nowMs + offset).toISOString();
  return space ? iso.replace('T', ' ').replace(/Z$/, '') : iso;
}

/** A deep copy of `value` with every string value resolved (object keys are left alone). */
export function resolveRelativeTimestamps<T>(value: T, nowMs: number): T {
  return resolve(value, nowMs) as T;
}

function resolve(value: unknown, nowMs: number): unknown {
  if (typeof value === 'string') return resolveRelativeTimestamp(value, nowMs);
  if (Array.isArray(value)) return value.map((item) => resolve(item, nowMs));
  if (value !== null && typeof value === 'object') {
    const copy: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) copy[key] = resolve(item, nowMs);
    return copy;
  }
  return value;
}
