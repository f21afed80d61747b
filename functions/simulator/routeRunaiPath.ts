/**
 * Maps a request path onto the Run:ai endpoint it names. The endpoint names are the ones
 * faults use (fixtures/README.md), so a route is also the key for fault matching.
 */
import type { SpecKind } from '../diagnosis/ports/RunaiReader.js';

export const SPEC_KINDS: readonly SpecKind[] = ['trainings', 'workspaces', 'inferences', 'distributed', 'distributed-inferences'];

export type RunaiRoute =
  | { endpoint: 'token' }
  | { endpoint: 'list' }
  | { endpoint: 'status' | 'events' | 'pods' | 'history' | 'metrics'; workloadId: string }
  | { endpoint: 'spec'; workloadId: string; specKind: SpecKind };

const SUBRESOURCES = new Set(['events', 'pods', 'history', 'metrics']);

/** The route, or null for a path the simulated API does not have (a 404). */
export function routeRunaiPath(pathname: string): RunaiRoute | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (path === '/api/v1/token') return { endpoint: 'token' };
  if (path === '/api/v1/workloads') return { endpoint: 'list' };
  const segments = path.split('/').slice(1);
  if (segments.length < 4 || segments.length > 5 || segments[0] !== 'api' || segments[1] !== 'v1' || segments[2] !== 'workloads') {
    return null;
  }
  const first = decode(segments[3]);
  const second = segments.length === 5 ? decode(segments[4]) : undefined;
  if (!first) return null;
  // UUIDs never collide with the spec collection names, so `workloads/trainings/{id}`
  // is read as a spec path and `workloads/{id}/pods` as a sub-resource.
  if (second !== undefined && (SPEC_KINDS as readonly string[]).includes(first)) {
    return second ? { endpoint: 'spec', workloadId: second, specKind: first as SpecKind } : null;
  }
  if (second === undefined) return { endpoint: 'status', workloadId: first };
  if (SUBRESOURCES.has(second)) {
    return { endpoint: second as 'events' | 'pods' | 'history' | 'metrics', workloadId: first };
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
