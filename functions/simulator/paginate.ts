/**
 * `offset`/`limit` pagination with the Run:ai envelope convention: `next` is the offset of
 * the next page and is *absent* (not null) on the last page.
 */
import { SimulatorHttpError } from './SimulatorHttpError.js';

export const DEFAULT_LIMIT = 50;
export const MAX_LIMIT = 500;

export interface PageParams {
  offset: number;
  limit: number;
}

/** Reads `offset` and `limit` (1..500, default 50); anything else is a 400 like the real API. */
export function parsePageParams(query: URLSearchParams): PageParams {
  return {
    offset: parseInteger(query, 'offset', 0, 0, Number.MAX_SAFE_INTEGER),
    limit: parseInteger(query, 'limit', DEFAULT_LIMIT, 1, MAX_LIMIT),
  };
}

export function paginate<T>(items: readonly T[], { offset, limit }: PageParams): { page: T[]; next?: number } {
  const page = items.slice(offset, offset + limit);
  return offset + limit < items.length ? { page, next: offset + limit } : { page };
}

function parseInteger(query: URLSearchParams, name: string, fallback: number, min: number, max: number): number {
  const raw = query.get(name);
  if (raw === null || raw === '') return fallback;
  const value = /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
  if (!(value >= min && value <= max)) {
    throw new SimulatorHttpError(400, `${name} must be an integer between ${min} and ${max}, got "${raw}"`);
  }
  return value;
}
