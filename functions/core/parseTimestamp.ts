/**
 * Lenient timestamp parsing: ISO 8601 with `T` or a space (`2023-06-06 12:09:18.211`,
 * as the metrics API's own example shows), with or without a zone (UTC assumed).
 * Returns epoch milliseconds, or null when unreadable.
 */
const ISO_LIKE = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?)\s*(Z|[+-]\d{2}:?\d{2})?$/i;

export function parseTimestamp(value: string | null | undefined): number | null {
  if (!value) return null;
  const match = ISO_LIKE.exec(value.trim());
  if (!match) return null;
  const [, date, time, zone] = match;
  // JavaScript's Date handles at most milliseconds: trim extra fractional digits.
  const normalisedTime = (time ?? '').replace(/(\.\d{3})\d+$/, '$1');
  const normalisedZone = !zone || zone.toUpperCase() === 'Z' ? 'Z' : zone.length === 5 ? `${zone.slice(0, 3)}:${zone.slice(3)}` : zone;
  const ms = Date.parse(`${date}T${normalisedTime}${normalisedZone}`);
  return Number.isNaN(ms) ? null : ms;
}
