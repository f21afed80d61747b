/**
 * The wait a `Retry-After` header asks for, in milliseconds: either delay-seconds or an
 * HTTP-date (RFC 9110 §10.2.3). `null` when absent or unreadable, so the caller falls back
 * to its own backoff; a date in the past is a wait of 0.
 */
export function parseRetryAfter(value: string | undefined, nowMs: number): number | null {
  if (value === undefined) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  // HTTP-dates always name the weekday and GMT; Date.parse would also accept "5" or "2025".
  if (!/^[A-Za-z]{3},\s/.test(trimmed) || !/GMT$/.test(trimmed)) return null;
  const at = Date.parse(trimmed);
  if (Number.isNaN(at)) return null;
  return Math.max(0, at - nowMs);
}
