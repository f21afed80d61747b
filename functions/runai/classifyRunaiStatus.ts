/** Maps a non-2xx HTTP status to its Run:ai error code. Auth is decided by the caller (token vs API). */
import type { RunaiErrorCode } from '../diagnosis/ports/RunaiError.js';
import { classifyHttpStatus, type HttpFailureKind } from '../http/classifyHttpStatus.js';

const CODE_FOR_KIND: Record<HttpFailureKind, RunaiErrorCode> = {
  unauthorized: 'RUNAI_AUTH_FAILED',
  forbidden: 'RUNAI_FORBIDDEN',
  'not-found': 'RUNAI_NOT_FOUND',
  unavailable: 'RUNAI_UNAVAILABLE',
  'bad-request': 'RUNAI_BAD_REQUEST',
};

export function classifyRunaiStatus(status: number): RunaiErrorCode {
  return CODE_FOR_KIND[classifyHttpStatus(status)];
}
