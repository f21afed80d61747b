/**
 * `sortBy`/`sortOrder` for lists. Timestamps sort as instants whatever their written form;
 * records missing the field go last in either order (they have no position to reverse),
 * and ties keep file order because Array.prototype.sort is stable.
 */
import { parseLenientTimestamp } from './parseLenientTimestamp.js';

export type SortOrder = 'asc' | 'desc';

export function sortRecords<T extends Readonly<Record<string, unknown>> | null>(records: readonly T[], field: string, order: SortOrder): T[] {
  const direction = order === 'desc' ? -1 : 1;
  return [...records].sort((left, right) => {
    const a = sortKey(left?.[field], field);
    const b = sortKey(right?.[field], field);
    if (a === undefined || b === undefined) return a === b ? 0 : a === undefined ? 1 : -1;
    return (a < b ? -1 : a > b ? 1 : 0) * direction;
  });
}

function sortKey(value: unknown, field: string): number | string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'number') return value;
  if (typeof value !== 'string') return String(value);
  if (field.endsWith('At')) {
    const ms = parseLenientTimestamp(value);
    return Number.isNaN(ms) ? undefined : ms;
  }
  return value;
}
