/**
 * The only way the client sends an API request. `getJson` has no method parameter: it sends
 * through the shared `sendGet`, whose verb is the literal 'GET', so no caller can turn a read
 * into a write. It adds the bearer token, retries transient failures, refreshes the token
 * once on a 401, and returns the body parsed by the caller's zod schema.
 */
import type { Dispatcher } from 'undici';
import type { z } from 'zod';
import { RunaiError } from '../diagnosis/ports/RunaiError.js';
import { TransportError, type Exchange } from '../http/timedExchange.js';
import { ResponseTooLargeError } from '../http/ResponseTooLargeError.js';
import { sendGet } from '../http/sendGet.js';
import { withRetries, type RetryPolicy } from '../http/withRetries.js';
import { errorFromStatus } from './errorFromStatus.js';
import { errorFromTransport } from './errorFromTransport.js';
import { measuredExchange, type RequestReporter } from '../http/measuredExchange.js';
import { summarizeZodError } from '../http/summarizeZodError.js';
import type { TokenSource } from './createTokenSource.js';
import type { Redactor } from '../http/createRedactor.js';

export interface GetJsonDeps {
  origin: string;
  basePath: string;
  dispatcher: Dispatcher;
  tokens: TokenSource;
  timeoutMs: number;
  retry: RetryPolicy;
  redactor: Redactor;
  report: RequestReporter;
  onAttempt: () => void;
  /** Longest answer read; a longer one is RUNAI_RESPONSE_TOO_LARGE. */
  maxResponseBytes: number;
  /** The client's clock (epoch ms), for the deadline. */
  now: () => number;
  /**
   * No exchange runs past this moment (epoch ms): each attempt's timeout is the smaller of
   * `timeoutMs` and the time left, and no retry starts that could not finish before it.
   */
  deadlineAt?: number;
}

export interface GetJsonResult<T> {
  data: T;
  status: number;
}

/**
 * @param template the path template used in errors and metrics, e.g. `/api/v1/workloads/{id}/events`
 * @param pathAndQuery the concrete, already-encoded path and query string
 */
export type GetJson = <S extends z.ZodType>(template: string, pathAndQuery: string, schema: S) => Promise<GetJsonResult<z.output<S>>>;

export function createGetJson(deps: GetJsonDeps): GetJson {
  const { deadlineAt } = deps;
  /** The timeout of the next attempt: the per-request timeout, shortened to the time left. */
  const attemptTimeoutMs = (): number => {
    if (deadlineAt === undefined) return deps.timeoutMs;
    const left = Math.floor(deadlineAt - deps.now());
    if (left <= 0) throw new TransportError('timeout', false, 'the diagnosis deadline has passed: not sent', undefined);
    return Math.min(deps.timeoutMs, left);
  };

  const sendWithRetries = async (endpoint: string, pathAndQuery: string, token: string): Promise<Exchange> => {
    const tried = { attempts: 0, timeoutMs: deps.timeoutMs };
    try {
      return await withRetries(
        deps.retry,
        (attempt) =>
          measuredExchange(deps.report, endpoint, attempt, () => {
            const timeoutMs = attemptTimeoutMs();
            tried.attempts = attempt + 1;
            tried.timeoutMs = timeoutMs;
            deps.onAttempt();
            return sendGet(
              { dispatcher: deps.dispatcher, origin: deps.origin, path: deps.basePath + pathAndQuery, token, accept: 'application/json', timeoutMs },
              deps.maxResponseBytes,
            );
          }),
        deadlineAt === undefined ? undefined : { deadlineAt, now: deps.now },
      );
    } catch (error) {
      if (error instanceof TransportError) throw errorFromTransport(endpoint, error, deps.redactor, tried);
      if (error instanceof ResponseTooLargeError) {
        throw new RunaiError('RUNAI_RESPONSE_TOO_LARGE', `${endpoint} ${error.message}`, { endpoint, status: error.status });
      }
      throw error;
    }
  };

  return async (template, pathAndQuery, schema) => {
    const endpoint = `GET ${template}`;
    let token = await deps.tokens.get();
    let exchange = await sendWithRetries(endpoint, pathAndQuery, token);
    if (exchange.status === 401) {
      // The token may have been revoked or expired early: refresh once, retry once.
      deps.tokens.invalidate(token);
      token = await deps.tokens.get();
      exchange = await sendWithRetries(endpoint, pathAndQuery, token);
    }
    if (exchange.status < 200 || exchange.status > 299) throw errorFromStatus(endpoint, exchange, deps.redactor);

    let json: unknown;
    try {
      json = JSON.parse(exchange.text);
    } catch {
      throw new RunaiError('RUNAI_BAD_RESPONSE', `${endpoint} returned a body that is not JSON (${exchange.text.length} chars)`, {
        endpoint,
        status: exchange.status,
      });
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      throw new RunaiError('RUNAI_BAD_RESPONSE', `${endpoint} returned an unexpected body: ${summarizeZodError(parsed.error)}`, {
        endpoint,
        status: exchange.status,
      });
    }
    return { data: parsed.data, status: exchange.status };
  };
}
