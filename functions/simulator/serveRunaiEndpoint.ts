/**
 * The read endpoints as a pure function of the simulator state: route + query in, status +
 * JSON body out. Transport concerns (auth, latency, faults, recording) stay in the server,
 * so this file reads like the API contract in fixtures/README.md.
 */
import { workloadKindForType } from '../diagnosis/ports/workloadKinds.js';
import { matchFilterBy, parseFilterBy, WORKLOAD_QUERY_FIELDS } from './matchFilterBy.js';
import { paginate, parsePageParams } from './paginate.js';
import type { RunaiRoute } from './routeRunaiPath.js';
import { selectMeasurements } from './selectMeasurements.js';
import { SimulatorHttpError } from './SimulatorHttpError.js';
import type { SimulatorState } from './buildSimulatorState.js';
import { sortRecords, type SortOrder } from './sortRecords.js';

export interface SimulatorResponse {
  status: number;
  body: unknown;
}

export type ReadRoute = Exclude<RunaiRoute, { endpoint: 'token' }>;

export function serveRunaiEndpoint(state: SimulatorState, route: ReadRoute, query: URLSearchParams): SimulatorResponse {
  try {
    return { status: 200, body: serve(state, route, query) };
  } catch (error) {
    if (error instanceof SimulatorHttpError) return { status: error.status, body: error.body };
    throw error;
  }
}

function serve(state: SimulatorState, route: ReadRoute, query: URLSearchParams): unknown {
  if (route.endpoint === 'list') return listWorkloads(state, query);
  if ('revisionId' in route) return serveRevision(state, route, query);
  const workload = state.workloadsById.get(route.workloadId);
  if (!workload) throw new SimulatorHttpError(404, `workload ${route.workloadId} not found`);
  const id = workload.id;
  switch (route.endpoint) {
    case 'status':
      return workload;
    case 'events': {
      const order = parseSortOrder(query, 'desc');
      const events = sortRecords(state.events.get(id) ?? [], 'createdAt', order);
      const { page, next } = paginate(events, parsePageParams(query));
      return withNext({ events: page }, next);
    }
    case 'pods': {
      const { page, next } = paginate(state.pods.get(id) ?? [], parsePageParams(query));
      return withNext({ pods: page }, next);
    }
    case 'history': {
      // File order on purpose: the API does not specify one, and clients must not assume it.
      const { page, next } = paginate(state.history.get(id) ?? [], parsePageParams(query));
      return withNext({ records: page }, next);
    }
    case 'metrics':
      return selectMeasurements(state.metrics.get(id) ?? [], query);
    case 'spec': {
      // The workload-kind table decides which collection serves a type, as it does for the client.
      const type = typeof workload.type === 'string' ? workload.type : null;
      if (workloadKindForType(type) !== route.specKind) {
        throw new SimulatorHttpError(404, `workload ${id} of type "${String(workload.type)}" is not one of ${route.specKind}`);
      }
      const spec = state.specs.get(id);
      if (!spec) throw new SimulatorHttpError(404, `no spec for workload ${id}`);
      return spec;
    }
    case 'spec-v2': {
      const body = state.workloadsV2.get(id);
      if (!body) throw new SimulatorHttpError(404, `no Workloads V2 record for workload ${id}`);
      return body;
    }
    case 'revisions': {
      const revisions = state.revisions.get(id);
      if (!revisions) throw new SimulatorHttpError(404, `no revisions for workload ${id}`);
      return { revisions };
    }
  }
}

/** A revision's pods (not paged), events (newest first, paged) and history (file order, paged). */
function serveRevision(state: SimulatorState, route: Extract<ReadRoute, { revisionId: string }>, query: URLSearchParams): unknown {
  const id = route.revisionId;
  if (!state.revisionOwners.has(id)) throw new SimulatorHttpError(404, `revision ${id} not found`);
  switch (route.endpoint) {
    case 'revision-pods':
      return { pods: state.revisionPods.get(id) ?? [] };
    case 'revision-events': {
      const events = sortRecords(state.revisionEvents.get(id) ?? [], 'createdAt', parseSortOrder(query, 'desc'));
      const { page, next } = paginate(events, parsePageParams(query));
      return withNext({ events: page }, next);
    }
    case 'revision-history': {
      const { page, next } = paginate(state.revisionHistory.get(id) ?? [], parsePageParams(query));
      return withNext({ records: page }, next);
    }
  }
}

function listWorkloads(state: SimulatorState, query: URLSearchParams): unknown {
  const deleted = query.get('deleted');
  if (deleted !== null && deleted !== 'true' && deleted !== 'false') {
    throw new SimulatorHttpError(400, `deleted must be true or false, got "${deleted}"`);
  }
  const onlyDeleted = deleted === 'true';
  const clauses = parseFilterBy(query.getAll('filterBy'));
  const search = query.get('search')?.toLowerCase();
  const sortBy = query.get('sortBy');
  if (sortBy !== null && !WORKLOAD_QUERY_FIELDS.has(sortBy)) throw new SimulatorHttpError(400, `cannot sort by "${sortBy}"`);
  const order = parseSortOrder(query, 'asc');
  const pageParams = parsePageParams(query);

  const matching = state.workloads.filter(
    (workload) =>
      isDeleted(workload) === onlyDeleted &&
      matchFilterBy(workload, clauses) &&
      (!search ||
        String(workload.name ?? '')
          .toLowerCase()
          .includes(search)),
  );
  const sorted = sortBy ? sortRecords(matching, sortBy, order) : matching;
  const { page, next } = paginate(sorted, pageParams);
  return withNext({ workloads: page }, next);
}

/** Deleted = has a `deletedAt`; `deleted=true` lists only those, otherwise only the others. */
function isDeleted(workload: Readonly<Record<string, unknown>>): boolean {
  return typeof workload.deletedAt === 'string' && workload.deletedAt.length > 0;
}

function parseSortOrder(query: URLSearchParams, fallback: SortOrder): SortOrder {
  const raw = query.get('sortOrder');
  if (raw === null || raw === '') return fallback;
  if (raw !== 'asc' && raw !== 'desc') throw new SimulatorHttpError(400, `sortOrder must be asc or desc, got "${raw}"`);
  return raw;
}

/** Adds `next` only when there is a next page: the last page must not carry the key at all. */
function withNext<T extends object>(envelope: T, next: number | undefined): T & { next?: number } {
  return next === undefined ? envelope : { ...envelope, next };
}
