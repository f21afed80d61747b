/**
 * Maps a non-2xx HTTP status to its Run:ai error code: the one table for both the API reads
 * and the token request. The token request differs in two places: a refusal of any kind means
 * the credentials were refused (RUNAI_AUTH_FAILED), except a 404, which says the base URL
 * points at something that has no Run:ai token endpoint — a configuration mistake to name as
 * such, not an authentication failure.
 */
import type { RunaiErrorCode } from '../diagnosis/ports/RunaiError.js';
import { classifyHttpStatus, type HttpFailureKind } from '../http/classifyHttpStatus.js';

/** Which request answered: an API read (GET) or the token request (POST /api/v1/token). */
export type RunaiRequestKind = 'api' | 'token';

const CODE_FOR_KIND: Record<RunaiRequestKind, Record<HttpFailureKind, RunaiErrorCode>> = {
  api: {
    unauthorized: 'RUNAI_AUTH_FAILED',
    forbidden: 'RUNAI_FORBIDDEN',
    'not-found': 'RUNAI_NOT_FOUND',
    unavailable: 'RUNAI_UNAVAILABLE',
    'bad-request': 'RUNAI_BAD_REQUEST',
  },
  token: {
    unauthorized: 'RUNAI_AUTH_FAILED',
    forbidden: 'RUNAI_AUTH_FAILED',
    'not-found': 'RUNAI_TOKEN_ENDPOINT_NOT_FOUND',
    // Still "cannot authenticate", but the caller flags it retryable: the control plane may recover.
    unavailable: 'RUNAI_AUTH_FAILED',
    'bad-request': 'RUNAI_AUTH_FAILED',
  },
};

export function classifyRunaiStatus(status: number, request: RunaiRequestKind = 'api'): RunaiErrorCode {
  return CODE_FOR_KIND[request][classifyHttpStatus(status)];
}
