/**
 * One instant written as RFC 3339 `date-time` (RFC 3339 §5.6: `time-secfrac` is any number of
 * digits, `time-offset` is `Z` or `±hh:mm`), the form the Run:ai API declares for every timestamp
 * (`format: date-time` in /work/shared/runai-openapi/runai-workloads-read.openapi.json). The same
 * instant in `+02:00` or with nine fraction digits is the same instant: only the text differs.
 */
import { RELATIVE_TIMESTAMP } from '../../../functions/recording/format/resolveRelativeTimestamps.js';
import type { Json } from './caseView.js';

export interface InstantForm {
  /** Minutes east of UTC (0 writes `Z`). */
  offsetMinutes: number;
  /** Fraction digits: 0 (none), 3 (ms), 6 (µs), 9 (ns). */
  digits: 0 | 3 | 6 | 9;
}

export function writeInstant(ms: number, form: InstantForm): string {
  const millis = ((ms % 1000) + 1000) % 1000;
  if (form.digits === 0 && millis !== 0) throw new Error(`${ms} has a sub-second part: writing it without a fraction would move it`);
  const local = new Date(ms + form.offsetMinutes * 60_000).toISOString().slice(0, 19);
  const fraction = form.digits === 0 ? '' : `.${String(millis).padStart(3, '0').padEnd(form.digits, '0')}`;
  const sign = form.offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(form.offsetMinutes);
  const offset = form.offsetMinutes === 0 ? 'Z' : `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
  return `${local}${fraction}${offset}`;
}

const UNIT_MS: Record<string, number> = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** Milliseconds from now of a relative timestamp (`now-90s` → -90000), null for anything else (the `@space:` form included). */
export function relativeOffsetMs(value: string): number | null {
  const match = RELATIVE_TIMESTAMP.exec(value);
  if (!match || match[1]) return null;
  const [, , sign, amount, unit] = match;
  return sign ? Number(amount) * (UNIT_MS[unit ?? 's'] ?? 0) * (sign === '-' ? -1 : 1) : 0;
}

/** Every relative RFC 3339 timestamp under `value` (not the space form, which keeps its own text) rewritten at `nowMs` in `form`. */
export function rewriteRelativeTimestamps(value: Json, nowMs: number, form: InstantForm): void {
  for (const [key, item] of Object.entries(value)) {
    if (typeof item === 'string') {
      const offset = relativeOffsetMs(item);
      if (offset !== null) value[key] = writeInstant(nowMs + offset, form);
    } else if (item !== null && typeof item === 'object') rewriteRelativeTimestamps(item as Json, nowMs, form);
  }
}

/** Whether every relative timestamp under `value` is a whole number of seconds from now. */
export function allWholeSeconds(value: unknown): boolean {
  if (typeof value === 'string') {
    const offset = relativeOffsetMs(value);
    return offset === null || offset % 1000 === 0;
  }
  if (value !== null && typeof value === 'object') return Object.values(value).every(allWholeSeconds);
  return true;
}
