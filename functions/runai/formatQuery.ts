/**
 * Query strings in the OpenAPI `style: form, explode: false` form the Run:ai API declares
 * for its array parameters (`filterBy`, `metricType`): one key, elements joined by a
 * literal comma, each element percent-encoded. `=` is left literal inside elements
 * (RFC 3986 allows it in a query, and servers split a pair on the first `=`) so a filter
 * reads `filterBy=name==train-1,projectName==team-a` exactly as Run:ai documents it.
 *
 * An element containing a comma cannot be expressed (the server would split it into two
 * filters — a filter injection from untrusted alert labels), so it is rejected.
 */
export type QueryValue = string | number | boolean | readonly string[];

export class QueryValueError extends Error {
  override readonly name = 'QueryValueError';
}

function encodeElement(value: string): string {
  return encodeURIComponent(value).replace(/%3D/gi, '=');
}

export function formatQuery(params: ReadonlyArray<readonly [string, QueryValue | undefined]>): string {
  const pairs: string[] = [];
  for (const [key, value] of params) {
    if (value === undefined) continue;
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
      pairs.push(`${key}=${encodeURIComponent(String(value))}`);
      continue;
    }
    for (const element of value) {
      if (element.includes(',')) throw new QueryValueError(`${key}: a value may not contain a comma`);
    }
    pairs.push(`${key}=${value.map(encodeElement).join(',')}`);
  }
  return pairs.length > 0 ? `?${pairs.join('&')}` : '';
}
