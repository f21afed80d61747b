/**
 * The simulator reads timestamps exactly as the product does (`core/parseTimestamp`), as
 * NaN-or-epoch-ms because its comparisons and sorts want a number.
 */
import { parseTimestamp } from '../core/parseTimestamp.js';

export function parseLenientTimestamp(value: unknown): number {
  return (typeof value === 'string' ? parseTimestamp(value) : null) ?? Number.NaN;
}
