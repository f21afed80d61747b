/**
 * Configuration of the Run:ai REST client, validated strictly: a typo in a key is a
 * deployment bug that must fail loudly at start-up, not silently fall back to a default.
 * Validation messages name paths and rules only, never input values, so a malformed
 * config cannot leak a secret into a log.
 */
import * as z from 'zod'; // not `{ z }`, which makes esbuild bundle all of zod (npm run bench, bundles)
import type { Dispatcher } from 'undici';
import type { RequestInfo } from '../http/measuredExchange.js';

/** One measured HTTP exchange, for metrics and logs. Never carries a URL with values, a header or a body. */
export type RunaiRequestInfo = RequestInfo;

const nonEmpty = z.string().min(1);

/**
 * 8 MiB: a full page of the largest Run:ai answer the diagnosis reads (500 pods, 100
 * events, a history page, 500 metric samples) is well under 2 MiB; 8 MiB of JSON parses
 * to roughly 50 MiB of objects, which the 1 GB worker holds for several diagnoses at once.
 */
export const DEFAULT_MAX_RESPONSE_BYTES = 8 * 1024 * 1024;

const baseUrlSchema = z.string().refine(
  (value) => {
    if (!URL.canParse(value)) return false;
    const url = new URL(value);
    // Credentials in the URL would be sent and logged with it; a query or fragment would be
    // silently dropped when paths are appended. Both are configuration mistakes.
    return (url.protocol === 'http:' || url.protocol === 'https:') && !url.username && !url.password && !url.search && !url.hash;
  },
  { message: 'must be an http(s) URL without credentials, query or fragment' },
);

const credentialsSchema = z.discriminatedUnion('grantType', [
  z.strictObject({ grantType: z.literal('client_credentials'), clientId: nonEmpty, clientSecret: nonEmpty }),
  z.strictObject({ grantType: z.literal('app_token'), appId: nonEmpty, appSecret: nonEmpty }),
]);
export type RunaiCredentials = z.infer<typeof credentialsSchema>;

const isFunction = (value: unknown) => typeof value === 'function';

export const RunaiClientConfigSchema = z.strictObject({
  baseUrl: baseUrlSchema,
  credentials: credentialsSchema,
  /** Injectable for tests (MockAgent) or a shared agent; the client never closes an injected dispatcher. */
  dispatcher: z
    .custom<Dispatcher>((value) => typeof value === 'object' && value !== null && isFunction((value as Dispatcher).dispatch), {
      message: 'must be an undici Dispatcher',
    })
    .optional(),
  requestTimeoutMs: z.number().int().positive().max(600_000).default(10_000),
  maxRetries: z.number().int().min(0).max(10).default(2),
  /** Longest answer read per request; a longer one is RUNAI_RESPONSE_TOO_LARGE (not read, not retried). */
  maxResponseBytes: z
    .number()
    .int()
    .min(1024)
    .max(512 * 1024 * 1024)
    .default(DEFAULT_MAX_RESPONSE_BYTES),
  retryBaseDelayMs: z.number().min(0).max(60_000).default(200),
  now: z.custom<() => number>(isFunction, { message: 'must be a function' }).optional(),
  onRequest: z.custom<(info: RunaiRequestInfo) => void>(isFunction, { message: 'must be a function' }).optional(),
});

export type RunaiClientConfig = z.input<typeof RunaiClientConfigSchema>;
export type ResolvedRunaiClientConfig = z.output<typeof RunaiClientConfigSchema>;

/** Parses the config; throws a TypeError whose message lists paths and rules, never values. */
export function parseRunaiClientConfig(config: unknown): ResolvedRunaiClientConfig {
  const result = RunaiClientConfigSchema.safeParse(config);
  if (result.success) return result.data;
  const summary = result.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`).join('; ');
  throw new TypeError(`invalid Run:ai client config: ${summary}`);
}
