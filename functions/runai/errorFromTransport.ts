/**
 * Builds the RunaiError for an exchange that got no HTTP answer, saying what was tried (how
 * many attempts, each with which timeout), so "Run:ai hangs" reads as a fact an operator can
 * act on rather than a bare "timed out". The cause is re-created
 * from code and message only, so nothing the client was holding (headers, bodies,
 * sockets) can ride along on `error.cause`.
 */
import { RunaiError } from '../diagnosis/ports/RunaiError.js';
import { quoteServerText, type Redactor } from '../http/createRedactor.js';
import type { TransportError } from '../http/timedExchange.js';

/** What the retry loop did before giving up. */
export interface AttemptsMade {
  attempts: number;
  /** The per-attempt timeout (the last attempt's, when a deadline shortened it). */
  timeoutMs: number;
}

export function errorFromTransport(endpoint: string, error: TransportError, redactor: Redactor, tried: AttemptsMade): RunaiError {
  const detail = quoteServerText(redactor, error.message);
  const cause = Object.assign(new Error(detail), { code: error.errorCode });
  const attempts = `${tried.attempts} ${tried.attempts === 1 ? 'attempt' : 'attempts'}`;
  if (error.kind === 'timeout') {
    return new RunaiError('RUNAI_TIMEOUT', `${endpoint} timed out (${attempts}, ${tried.timeoutMs} ms timeout each): ${detail}`, { endpoint, cause });
  }
  return new RunaiError('RUNAI_NETWORK', `${endpoint} could not be reached (${attempts}): ${detail}`, {
    endpoint,
    cause,
    retryable: error.transient,
  });
}
