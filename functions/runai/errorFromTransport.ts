/**
 * Builds the RunaiError for an exchange that got no HTTP answer. The cause is re-created
 * from code and message only, so nothing the client was holding (headers, bodies,
 * sockets) can ride along on `error.cause`.
 */
import { RunaiError } from '../diagnosis/ports/RunaiError.js';
import { quoteServerText, type Redactor } from '../http/createRedactor.js';
import type { TransportError } from '../http/timedExchange.js';

export function errorFromTransport(endpoint: string, error: TransportError, redactor: Redactor): RunaiError {
  const detail = quoteServerText(redactor, error.message);
  const cause = Object.assign(new Error(detail), { code: error.errorCode });
  if (error.kind === 'timeout') {
    return new RunaiError('RUNAI_TIMEOUT', `${endpoint} timed out: ${detail}`, { endpoint, cause });
  }
  return new RunaiError('RUNAI_NETWORK', `${endpoint} could not be reached: ${detail}`, {
    endpoint,
    cause,
    retryable: error.transient,
  });
}
