/**
 * Counts one Run:ai request, and its error by code: `NO_RESPONSE` (network error or
 * timeout) or `HTTP_<status>` for any 4xx/5xx — 401/403 point at the credentials, 429 and
 * 5xx at Run:ai itself.
 */
import type { RunaiRequestInfo } from '../runai/RunaiClientConfig.js';
import type { OperationsMetrics } from './OperationsMetrics.js';

export function runaiErrorCode(info: RunaiRequestInfo): string | null {
  if (info.status === null) return 'NO_RESPONSE';
  return info.status >= 400 ? `HTTP_${info.status}` : null;
}

export function countRunaiRequest(metrics: OperationsMetrics): (info: RunaiRequestInfo) => void {
  return (info) => {
    metrics.count('RunaiRequests');
    const code = runaiErrorCode(info);
    if (code !== null) metrics.count('RunaiErrors', 1, { code });
  };
}
