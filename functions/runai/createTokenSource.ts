/**
 * Bearer tokens for the Run:ai API: one dedicated POST to `/api/v1/token` (the only
 * non-GET request this product may ever send), cached until shortly before expiry, with
 * concurrent callers sharing one in-flight request.
 *
 * Failure policy: any HTTP answer other than 200 means "cannot authenticate"
 * (RUNAI_AUTH_FAILED, docs/procedure.md), except a 404: no token endpoint at all means the base
 * URL is wrong (RUNAI_TOKEN_ENDPOINT_NOT_FOUND; classifyRunaiStatus holds the table). 4xx is final (bad credentials do not get better); 5xx is
 * retried like any API call and, if it persists, is still AUTH_FAILED but flagged
 * `retryable` so a queue consumer can redeliver instead of dead-lettering. Transport
 * failures (no HTTP answer at all) are RUNAI_NETWORK / RUNAI_TIMEOUT: the control plane was
 * not reached, which is a different thing to tell an operator than "credentials refused".
 */
import type { Dispatcher } from 'undici';
import { RunaiError } from '../diagnosis/ports/RunaiError.js';
import type { RunaiCredentials } from './RunaiClientConfig.js';
import { TokenResponseSchema, type TokenResponse } from './TokenResponseSchema.js';
import { TransportError, timedExchange, type Exchange } from '../http/timedExchange.js';
import { withRetries, type RetryPolicy } from '../http/withRetries.js';
import { ResponseTooLargeError } from '../http/ResponseTooLargeError.js';
import { errorFromTransport } from './errorFromTransport.js';
import { serverMessage } from './errorFromStatus.js';
import { classifyRunaiStatus } from './classifyRunaiStatus.js';
import { measuredExchange, type RequestReporter } from '../http/measuredExchange.js';
import { summarizeZodError } from '../http/summarizeZodError.js';
import type { Redactor } from '../http/createRedactor.js';

export const TOKEN_PATH = '/api/v1/token';
const TOKEN_ENDPOINT = 'POST /api/v1/token';

/** Refresh this long before the announced expiry, so a token never dies mid-diagnosis. */
const EXPIRY_MARGIN_MS = 60_000;
/** Neither `expiresIn` nor a JWT `exp`: a conservative guess; a 401 triggers a refresh anyway. */
const UNKNOWN_LIFETIME_MS = 5 * 60_000;

export interface TokenSource {
  /**
   * A valid bearer token: cached, or fetched once for all concurrent callers. `once`: a single
   * request without retries (a readiness probe must cost one token request per check, not three).
   */
  get(options?: { once?: boolean }): Promise<string>;
  /** Drops the cached token if it is `token` (the one a 401 rejected); a newer token is kept. */
  invalidate(token: string): void;
}

export interface TokenSourceDeps {
  origin: string;
  basePath: string;
  dispatcher: Dispatcher;
  credentials: RunaiCredentials;
  timeoutMs: number;
  retry: RetryPolicy;
  now: () => number;
  redactor: Redactor;
  report: RequestReporter;
  onAttempt: () => void;
}

/** Field spellings per grant: `clientID` (2.20+) and `AppId`/`AppSecret` as in Run:ai's docs (2.18+; Go decodes JSON keys case-insensitively, so the OpenAPI's `appID` is the same field). */
export function tokenRequestBody(credentials: RunaiCredentials): Record<string, string> {
  return credentials.grantType === 'client_credentials'
    ? { grantType: 'client_credentials', clientID: credentials.clientId, clientSecret: credentials.clientSecret }
    : { grantType: 'app_token', AppId: credentials.appId, AppSecret: credentials.appSecret };
}

/** The `exp` claim (seconds since epoch) of a JWT, without verifying it: we only need a cache hint. */
export function jwtExpiry(token: string): number | undefined {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return undefined;
  try {
    const payload: unknown = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8'));
    const exp = typeof payload === 'object' && payload !== null ? (payload as { exp?: unknown }).exp : undefined;
    return typeof exp === 'number' && Number.isFinite(exp) ? exp : undefined;
  } catch {
    return undefined;
  }
}

/** How long a token may be served from cache, counted from `nowMs`. */
export function tokenCacheMs(response: TokenResponse, nowMs: number): number {
  const exp = jwtExpiry(response.accessToken);
  const lifetimeMs =
    response.expiresIn != null && response.expiresIn > 0 ? response.expiresIn * 1000 : exp !== undefined ? exp * 1000 - nowMs : UNKNOWN_LIFETIME_MS;
  // Short-lived tokens (≤ 2 min) would have no cache window left after the margin: use half their life.
  const cacheMs = lifetimeMs > 2 * EXPIRY_MARGIN_MS ? lifetimeMs - EXPIRY_MARGIN_MS : lifetimeMs / 2;
  // An already-expired `exp` (clock skew) must not turn every call into a token request.
  return Math.max(cacheMs, 1_000);
}

/** A token answer is a few KiB (a JWT and its lifetime); anything far longer is not one. */
const MAX_TOKEN_RESPONSE_BYTES = 256 * 1024;

/** The single function that sends the token request: its method and path are fixed. */
async function requestToken(deps: TokenSourceDeps): Promise<TokenResponse> {
  const body = JSON.stringify(tokenRequestBody(deps.credentials));
  let exchange: Exchange;
  const tried = { attempts: 0, timeoutMs: deps.timeoutMs };
  try {
    exchange = await withRetries(deps.retry, (attempt) =>
      measuredExchange(deps.report, TOKEN_ENDPOINT, attempt, () => {
        tried.attempts = attempt + 1;
        deps.onAttempt();
        return timedExchange(
          (signal) =>
            deps.dispatcher.request({
              origin: deps.origin,
              path: deps.basePath + TOKEN_PATH,
              method: 'POST',
              headers: { 'content-type': 'application/json', accept: 'application/json' },
              body,
              signal,
              headersTimeout: deps.timeoutMs,
              bodyTimeout: deps.timeoutMs,
            }),
          deps.timeoutMs,
          MAX_TOKEN_RESPONSE_BYTES,
        );
      }),
    );
  } catch (error) {
    if (error instanceof TransportError) throw errorFromTransport(TOKEN_ENDPOINT, error, deps.redactor, tried);
    if (error instanceof ResponseTooLargeError) {
      throw new RunaiError('RUNAI_AUTH_FAILED', `cannot authenticate to Run:ai: ${TOKEN_ENDPOINT} ${error.message}`, {
        endpoint: TOKEN_ENDPOINT,
        status: error.status,
      });
    }
    throw error;
  }

  if (exchange.status !== 200) {
    const detail = serverMessage(exchange.text, deps.redactor);
    const code = exchange.status >= 200 && exchange.status <= 299 ? 'RUNAI_AUTH_FAILED' : classifyRunaiStatus(exchange.status, 'token');
    const what =
      code === 'RUNAI_TOKEN_ENDPOINT_NOT_FOUND'
        ? `no Run:ai token endpoint at this base URL: ${TOKEN_ENDPOINT} answered HTTP 404 (check RUNAI_BASE_URL)`
        : `cannot authenticate to Run:ai: ${TOKEN_ENDPOINT} answered HTTP ${exchange.status}`;
    throw new RunaiError(code, `${what}${detail ? `: ${detail}` : ''}`, {
      endpoint: TOKEN_ENDPOINT,
      status: exchange.status,
      retryable: exchange.status >= 500 || exchange.status === 429,
    });
  }
  let json: unknown;
  try {
    json = JSON.parse(exchange.text);
  } catch {
    throw new RunaiError('RUNAI_AUTH_FAILED', `cannot authenticate to Run:ai: ${TOKEN_ENDPOINT} returned a body that is not JSON`, {
      endpoint: TOKEN_ENDPOINT,
      status: exchange.status,
    });
  }
  const parsed = TokenResponseSchema.safeParse(json);
  if (!parsed.success) {
    throw new RunaiError('RUNAI_AUTH_FAILED', `cannot authenticate to Run:ai: unexpected ${TOKEN_ENDPOINT} response (${summarizeZodError(parsed.error)})`, {
      endpoint: TOKEN_ENDPOINT,
      status: exchange.status,
    });
  }
  return parsed.data;
}

export function createTokenSource(deps: TokenSourceDeps): TokenSource {
  let cached: { token: string; expiresAt: number } | undefined;
  let inFlight: Promise<string> | undefined;

  const fetchToken = async (once: boolean): Promise<string> => {
    const response = await requestToken(once ? { ...deps, retry: { ...deps.retry, maxRetries: 0 } } : deps);
    deps.redactor.add(response.accessToken);
    const issuedAt = deps.now();
    cached = { token: response.accessToken, expiresAt: issuedAt + tokenCacheMs(response, issuedAt) };
    return response.accessToken;
  };

  return {
    get(options = {}) {
      if (cached && deps.now() < cached.expiresAt) return Promise.resolve(cached.token);
      inFlight ??= fetchToken(options.once === true).finally(() => {
        inFlight = undefined;
      });
      return inFlight;
    },
    invalidate(token) {
      if (cached?.token === token) cached = undefined;
    },
  };
}
