/**
 * What a non-2xx HTTP status means to a read-only client, in one place for both APIs; each
 * client maps the kind to its own error code (and may refine it, e.g. Kubernetes's "no
 * previous container" 400).
 */
export type HttpFailureKind = 'unauthorized' | 'forbidden' | 'not-found' | 'unavailable' | 'bad-request';

export function classifyHttpStatus(status: number): HttpFailureKind {
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not-found';
  // 429: the server asks us to slow down; a later attempt can succeed.
  if (status >= 500 || status === 429) return 'unavailable';
  return 'bad-request';
}
