/**
 * Maps a request path onto the Run:ai endpoint it names. The endpoint names are the ones
 * faults use (fixtures/README.md), so a route is also the key for fault matching.
 */
import type { SpecKind } from '../diagnosis/ports/RunaiReader.js';
import { workloadKindForPath } from '../diagnosis/ports/workloadKinds.js';
import { trimTrailingSlashes } from '../core/trimTrailingSlashes.js';

export type RunaiRoute =
  | { endpoint: 'token' }
  | { endpoint: 'list' }
  | { endpoint: 'status' | 'events' | 'pods' | 'history' | 'metrics' | 'spec-v2' | 'revisions'; workloadId: string }
  | { endpoint: 'spec'; workloadId: string; specKind: SpecKind }
  | { endpoint: 'revision-pods' | 'revision-events' | 'revision-history'; revisionId: string };

const SUBRESOURCES = new Set(['events', 'pods', 'history', 'metrics']);
const REVISION_SUBRESOURCES = new Set(['pods', 'events', 'history']);

/** The route, or null for a path the simulated API does not have (a 404). */
export function routeRunaiPath(pathname: string): RunaiRoute | null {
  const path = pathname.length > 1 ? trimTrailingSlashes(pathname) : pathname;
  if (path === '/api/v1/token') return { endpoint: 'token' };
  if (path === '/api/v1/workloads') return { endpoint: 'list' };
  const segments = path.split('/').slice(1).map(decode);
  if (segments.some((segment) => !segment) || segments[0] !== 'api' || segments[2] !== 'workloads') return null;
  const rest = segments.slice(3) as string[];
  if (segments[1] === 'v2') return routeV2(rest);
  if (segments[1] !== 'v1') return null;
  if (rest[0] === 'inferences' && rest.length >= 3) return routeRevisions(rest.slice(1));
  if (rest.length < 1 || rest.length > 2) return null;
  const [first, second] = rest as [string, string | undefined];
  // UUIDs never collide with the spec collection names, so `workloads/trainings/{id}`
  // is read as a spec path and `workloads/{id}/pods` as a sub-resource.
  const specKind = second !== undefined ? workloadKindForPath('v1', first) : null;
  if (second !== undefined && specKind) return { endpoint: 'spec', workloadId: second, specKind };
  if (second === undefined) return { endpoint: 'status', workloadId: first };
  if (SUBRESOURCES.has(second)) {
    return { endpoint: second as 'events' | 'pods' | 'history' | 'metrics', workloadId: first };
  }
  return null;
}

/** `/api/v2/workloads/{id}` (Workloads V2) and the table's v2 spec endpoints (`/api/v2/workloads/nim-services/{id}`). */
function routeV2(rest: readonly string[]): RunaiRoute | null {
  if (rest.length === 1) return { endpoint: 'spec-v2', workloadId: rest[0] as string };
  const specKind = rest.length === 2 ? workloadKindForPath('v2', rest[0] as string) : null;
  if (specKind) return { endpoint: 'spec', workloadId: rest[1] as string, specKind };
  return null;
}

/** Under `/api/v1/workloads/inferences/`: `{id}/revisions` and `revisions/{revisionId}/{pods,events,history}`. */
function routeRevisions(rest: readonly string[]): RunaiRoute | null {
  if (rest.length === 2 && rest[1] === 'revisions') return { endpoint: 'revisions', workloadId: rest[0] as string };
  if (rest.length === 3 && rest[0] === 'revisions' && REVISION_SUBRESOURCES.has(rest[2] as string)) {
    return { endpoint: `revision-${rest[2] as 'pods' | 'events' | 'history'}`, revisionId: rest[1] as string };
  }
  return null;
}

function decode(segment: string | undefined): string | undefined {
  if (segment === undefined) return undefined;
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}
