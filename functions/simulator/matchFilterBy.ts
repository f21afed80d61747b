/**
 * `filterBy` of `GET /api/v1/workloads`: `field<op>value` clauses, given as a repeated
 * parameter and/or comma-separated (the spec declares `explode: false`). All clauses must
 * match. Unknown fields and operators are a 400, as on the real server, so a client that
 * filters on a misspelt field fails loudly instead of silently listing everything.
 */
import { parseLenientTimestamp } from './parseLenientTimestamp.js';
import { SimulatorHttpError } from './SimulatorHttpError.js';

/** The fields of `filterBy` (OpenAPI `WorkloadsFilter` pattern), which are also the `sortBy` enum. */
export const WORKLOAD_QUERY_FIELDS: ReadonlySet<string> = new Set([
  'type',
  'name',
  'clusterId',
  'projectId',
  'projectName',
  'departmentId',
  'departmentName',
  'createdAt',
  'deletedAt',
  'submittedBy',
  'phase',
  'completedAt',
  'nodepool',
  'distributedFramework',
  'allocatedGPU',
  'idleGpus',
  'idleAllocatedGpus',
  'phaseUpdatedAt',
  'category',
  'totalPendingTimeSeconds',
  'totalRunningTimeSeconds',
  'priority',
  'priorityClassName',
  'guaranteedRuntimeEndsAt',
  'aiApplicationId',
  'aiApplicationName',
]);

/**
 * The date fields of the filter. They compare as instants, not as text: servers write
 * timestamps in more than one form, and the poller's `phaseUpdatedAt>=` watermark must
 * select by time whatever form a record uses.
 */
export const WORKLOAD_DATE_FIELDS: ReadonlySet<string> = new Set(['createdAt', 'deletedAt', 'completedAt', 'phaseUpdatedAt', 'guaranteedRuntimeEndsAt']);

export type FilterOperator = '==' | '!=' | '<=' | '>=' | '=@' | '!@' | '=^' | '=$';

export interface FilterClause {
  field: string;
  operator: FilterOperator;
  value: string;
}

// Field names are word characters and every operator starts with a non-word character,
// so the first operator after the field is unambiguous.
const CLAUSE = /^(\w+)(==|!=|<=|>=|=@|!@|=\^|=\$)(.+)$/;

export function parseFilterBy(params: readonly string[]): FilterClause[] {
  return params
    .flatMap((param) => param.split(','))
    .map((text) => text.trim())
    .filter((text) => text.length > 0)
    .map((text) => {
      const match = CLAUSE.exec(text);
      if (!match) throw new SimulatorHttpError(400, `invalid filterBy clause "${text}"`);
      const [, field = '', operator = '', value = ''] = match;
      if (!WORKLOAD_QUERY_FIELDS.has(field)) throw new SimulatorHttpError(400, `cannot filter by "${field}"`);
      // A bound that is not a date would otherwise fall back to text comparison and
      // silently select the wrong records (e.g. an unencoded `+01:00` arrives as a space).
      if (isOrdering(operator) && WORKLOAD_DATE_FIELDS.has(field) && !isTimestamp(value)) {
        throw new SimulatorHttpError(400, `${field}${operator} needs an ISO 8601 timestamp, got "${value}"`);
      }
      return { field, operator: operator as FilterOperator, value };
    });
}

export function matchFilterBy(record: Readonly<Record<string, unknown>>, clauses: readonly FilterClause[]): boolean {
  return clauses.every((clause) => matchClause(record[clause.field], clause));
}

/** ISO 8601 as the spec asks (date first): `Date.parse` alone would also read `12` as a year. */
function isTimestamp(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}/.test(value) && !Number.isNaN(parseLenientTimestamp(value));
}

function isOrdering(operator: string): boolean {
  return operator === '<=' || operator === '>=';
}

function matchClause(actual: unknown, { field, operator, value }: FilterClause): boolean {
  if (actual === undefined || actual === null) return operator === '!=' || operator === '!@';
  const text = String(actual);
  // A record whose date cannot be read has no place on the time line: no range holds it.
  if (isOrdering(operator) && WORKLOAD_DATE_FIELDS.has(field) && Number.isNaN(parseLenientTimestamp(text))) return false;
  switch (operator) {
    case '==':
      return compare(field, text, value) === 0;
    case '!=':
      return compare(field, text, value) !== 0;
    case '<=':
      return compare(field, text, value) <= 0;
    case '>=':
      return compare(field, text, value) >= 0;
    case '=@':
      return text.includes(value);
    case '!@':
      return !text.includes(value);
    case '=^':
      return text.startsWith(value);
    case '=$':
      return text.endsWith(value);
  }
}

/** Dates compare as instants (they may be written in either timestamp form), numbers as numbers. */
function compare(field: string, actual: string, expected: string): number {
  if (WORKLOAD_DATE_FIELDS.has(field)) {
    const a = parseLenientTimestamp(actual);
    const b = parseLenientTimestamp(expected);
    if (!Number.isNaN(a) && !Number.isNaN(b)) return Math.sign(a - b);
  }
  const a = Number(actual);
  const b = Number(expected);
  if (actual.trim() !== '' && expected.trim() !== '' && !Number.isNaN(a) && !Number.isNaN(b)) return Math.sign(a - b);
  return actual < expected ? -1 : actual > expected ? 1 : 0;
}
