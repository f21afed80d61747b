/**
 * `GET /api/v1/workloads` for the failure poller: the workloads of one cluster whose phase
 * is one of `phases` and whose phase changed at or after `since`, oldest change first.
 *
 * Oldest first because workloads that fail while the poller pages then land after the
 * pages it has read, instead of shifting every later offset. `filterBy` clauses are ANDed
 * and the API documents no OR, so several phases are one listing each, sent in parallel
 * with the same offset/limit and merged: a page then holds up to `limit` workloads per
 * phase, and `next` is the smallest next offset any phase still has, so no phase skips
 * a page (a workload seen twice is listed once).
 *
 * Sent as `filterBy=clusterId==C,phase==P,phaseUpdatedAt>=T` where `>` and `:` are
 * percent-encoded (RFC 3986 forbids a literal `>` in a URI; the server decodes it).
 */
import { parseTimestamp } from '../core/parseTimestamp.js';
import type { GetJson } from './createGetJson.js';
import { formatQuery, QueryValueError } from './formatQuery.js';
import { RunaiError } from '../diagnosis/ports/RunaiError.js';
import { WorkloadListSchema, type Workload } from '../diagnosis/ports/RunaiSchemas.js';

export interface PhasedWorkloadQuery {
  clusterId: string;
  /** e.g. `['Failed']`; one listing per distinct phase. */
  phases: readonly string[];
  /** ISO 8601 (space-separated and offset forms are accepted and sent as UTC `Z`). */
  since: string;
  offset: number;
  /** Per phase, 1..500 (the API maximum). */
  limit: number;
}

export interface PhasedWorkloadPage {
  workloads: Workload[];
  next: number | null;
}

const TEMPLATE = '/api/v1/workloads';
const ENDPOINT = `GET ${TEMPLATE}`;

function rejected(reason: string): RunaiError {
  return new RunaiError('RUNAI_BAD_REQUEST', `${ENDPOINT} not sent: ${reason}`, { endpoint: ENDPOINT });
}

/** Validates first, so that a bad query sends nothing at all (not even for the other phases). */
function buildQueries(q: PhasedWorkloadQuery): string[] {
  if (typeof q.clusterId !== 'string' || q.clusterId.length === 0) throw rejected('clusterId is required');
  if (!Array.isArray(q.phases) || q.phases.length === 0) throw rejected('at least one phase is required');
  if (q.phases.some((phase) => typeof phase !== 'string' || phase.length === 0)) throw rejected('a phase may not be empty');
  if (!Number.isInteger(q.offset) || q.offset < 0) throw rejected('offset must be an integer ≥ 0');
  if (!Number.isInteger(q.limit) || q.limit < 1 || q.limit > 500) throw rejected('limit must be an integer in 1..500');
  const sinceMs = parseTimestamp(q.since);
  if (sinceMs === null) throw rejected('since must be an ISO 8601 timestamp');
  const since = new Date(sinceMs).toISOString();
  try {
    return [...new Set(q.phases)].map((phase) =>
      formatQuery([
        ['filterBy', [`clusterId==${q.clusterId}`, `phase==${phase}`, `phaseUpdatedAt>=${since}`]],
        ['sortBy', 'phaseUpdatedAt'],
        ['sortOrder', 'asc'],
        ['offset', q.offset],
        ['limit', q.limit],
      ]),
    );
  } catch (error) {
    // A comma in an identifier would split into another filter clause: refused, not sent.
    if (error instanceof QueryValueError) throw rejected(error.message);
    throw error;
  }
}

const changedAt = (workload: Workload): number => parseTimestamp(workload.phaseUpdatedAt) ?? Number.POSITIVE_INFINITY;

export async function listWorkloadsPhasedSince(getJson: GetJson, q: PhasedWorkloadQuery): Promise<PhasedWorkloadPage> {
  const queries = buildQueries(q);
  const pages = await Promise.all(queries.map((qs) => getJson(TEMPLATE, TEMPLATE + qs, WorkloadListSchema)));
  if (pages.length === 1) {
    const { data } = pages[0]!;
    return { workloads: data.workloads, next: data.next ?? null };
  }
  const byId = new Map<string, Workload>();
  for (const { data } of pages) for (const workload of data.workloads) if (!byId.has(workload.id)) byId.set(workload.id, workload);
  const nexts = pages.map(({ data }) => data.next).filter((next): next is number => typeof next === 'number');
  return {
    // Stable sort: ties keep the server's order, unreadable timestamps go last.
    workloads: [...byId.values()].sort((a, b) => changedAt(a) - changedAt(b) || 0),
    next: nexts.length > 0 ? Math.min(...nexts) : null,
  };
}
