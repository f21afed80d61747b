/**
 * Epoch milliseconds of a Run:ai timestamp, or NaN. Servers emit both ISO 8601 and a
 * space-separated form without a zone (`2026-11-29 16:43:06.123`); `Date.parse` would read
 * the latter as *local* time, so it is normalised to UTC first.
 */
const DATE_TIME = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)\s*(Z|[+-]\d{2}:?\d{2})?$/i;

export function parseLenientTimestamp(value: unknown): number {
  if (typeof value !== 'string') return Number.NaN;
  const trimmed = value.trim();
  const match = DATE_TIME.exec(trimmed);
  if (match) return Date.parse(`${match[1]}T${match[2]}${match[3] ?? 'Z'}`);
  return Date.parse(trimmed);
}
