/**
 * The cluster a request concerns, for cluster-targeted faults: the `clusterId==` clause of
 * a list's `filterBy`, or the cluster of the workload a per-workload read names. Undefined
 * when the request names no cluster (or an unknown workload, or a malformed filter — the
 * handler answers that one with its own 400).
 */
import type { SimulatorState } from './buildSimulatorState.js';
import { parseFilterBy } from './matchFilterBy.js';
import type { RunaiRoute } from './routeRunaiPath.js';

export function requestClusterId(state: SimulatorState, route: RunaiRoute, query: URLSearchParams): string | undefined {
  if (route.endpoint === 'token') return undefined;
  if (route.endpoint === 'list') {
    try {
      return parseFilterBy(query.getAll('filterBy')).find((c) => c.field === 'clusterId' && c.operator === '==')?.value;
    } catch {
      return undefined;
    }
  }
  const workloadId = 'revisionId' in route ? state.revisionOwners.get(route.revisionId) : route.workloadId;
  const clusterId = workloadId === undefined ? undefined : state.workloadsById.get(workloadId)?.clusterId;
  return typeof clusterId === 'string' ? clusterId : undefined;
}
