/** Maps a non-2xx status (and, for a log read, the Status message) to its Kubernetes error code. */
import type { KubernetesErrorCode } from '../diagnosis/ports/KubernetesReader.js';
import { classifyHttpStatus, type HttpFailureKind } from '../http/classifyHttpStatus.js';

const CODE_FOR_KIND: Record<HttpFailureKind, KubernetesErrorCode> = {
  unauthorized: 'K8S_UNAUTHORIZED',
  forbidden: 'K8S_FORBIDDEN',
  'not-found': 'K8S_NOT_FOUND',
  unavailable: 'K8S_UNAVAILABLE',
  'bad-request': 'K8S_BAD_REQUEST',
};

/**
 * `previous terminated container .* not found`, with a gap that stops at the next occurrence of
 * the opening words (which then match by themselves): a Status message repeating them is read
 * once, not once per occurrence (quadratic: 180 ms at 80 kB). `.` stops at the same line ends.
 */
const NO_PREVIOUS = /previous terminated container (?:(?!previous terminated container )[^\n\r\u2028\u2029])* not found/i;

export function classifyKubernetesStatus(status: number, statusMessage: string | null, previousLog: boolean): KubernetesErrorCode {
  // The API server's own wording: `previous terminated container "x" in pod "y" not found`.
  if (status === 400 && previousLog && NO_PREVIOUS.test(statusMessage ?? '')) return 'K8S_NO_PREVIOUS';
  return CODE_FOR_KIND[classifyHttpStatus(status)];
}
