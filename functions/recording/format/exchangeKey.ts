/**
 * What identifies a recorded exchange when it is replayed: the method, the path and the
 * query, with every timestamp-valued parameter (a metrics window's `start`/`end`) reduced
 * to a placeholder, because a replay runs at a later instant and asks for the same window
 * relative to its own "now".
 */
import type { QueryRecord } from './RecordedExchangeSchema.js';

const TIMESTAMP_VALUE = /^(?:@space:)?now(?:[+-]\d+(?:ms|s|m|h|d))?$|^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/;

export function exchangeKey(method: string, path: string, query: QueryRecord | URLSearchParams): string {
  const entries: [string, string][] =
    query instanceof URLSearchParams
      ? [...query.entries()]
      : Object.entries(query).flatMap(([name, value]) =>
          Array.isArray(value) ? value.map((item): [string, string] => [name, item]) : [[name, value] as [string, string]],
        );
  const normalized = entries.map(([name, value]) => `${name}=${TIMESTAMP_VALUE.test(value) ? '<time>' : value}`).sort();
  return `${method.toUpperCase()} ${path}?${normalized.join('&')}`;
}
