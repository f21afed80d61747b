/**
 * The poller Lambda's configuration from the environment, validated strictly: a bad value
 * fails the invocation with a message naming the key (and the rule, never the value).
 * The Run:ai connection settings are the worker's (runaiEnvironment.ts: base URL, request
 * timeout, largest answer). readPollerEnv parses the whole environment once, the credentials'
 * keys included (PollerLambdaEnvSchema); which credentials combination is valid is
 * loadRunaiCredentials' decision.
 */
import * as z from 'zod';
import { LookbackSchema, parseLookbackMs } from '../core/diagnosisRequest.js';
import { unsetIfEmpty } from '../core/unsetIfEmpty.js';
import { readEnvironment, type Environment } from '../lambda/readEnvironment.js';
import { RunaiConnectionEnvSchema, RunaiCredentialsEnvSchema } from '../lambda/runaiEnvironment.js';
import { POLLER_DEFAULTS } from './pollFailedWorkloads.js';
import { ConfigError } from '../core/ConfigError.js';

// Run:ai cluster ids are UUIDs; the case and version digits are not checked.
const CLUSTER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const duration = z.preprocess(unsetIfEmpty, LookbackSchema.transform(parseLookbackMs).optional());

export const PollerEnvSchema = z.strictObject({
  /** Comma-separated cluster ids, e.g. `7c1b…,0a2f…`. */
  CLUSTER_IDS: z
    .string()
    .transform((value) => [
      ...new Set(
        value
          .split(',')
          .map((id) => id.trim())
          .filter((id) => id.length > 0),
      ),
    ])
    .pipe(z.array(z.string().regex(CLUSTER_ID, 'must be cluster UUIDs')).min(1, 'must name at least one cluster').max(100, 'must name at most 100 clusters')),
  QUEUE_URL: z.url({ protocol: /^https$/, error: 'must be the https URL of the SQS queue' }),
  STATE_TABLE: z.string().regex(/^[A-Za-z0-9_.-]{3,255}$/, 'must be a DynamoDB table name'),
  /** RUNAI_BASE_URL, and the request timeout and answer size limit the worker honours too. */
  ...RunaiConnectionEnvSchema.shape,
  /** First-run window, e.g. `1h` (default). */
  POLL_INITIAL_LOOKBACK: duration,
  /** Re-listed before the watermark each run, e.g. `5m` (default). */
  POLL_OVERLAP: duration,
  /** Clusters polled at the same time (each holds one listing page in memory while it reads it). */
  POLL_CLUSTER_CONCURRENCY: z.preprocess(
    unsetIfEmpty,
    z.coerce.number().int('must be an integer').min(1, 'must be at least 1').max(16, 'must be at most 16').default(POLLER_DEFAULTS.clusterConcurrency),
  ),
  /** The longest one cluster's listing may take, in ms; a slower cluster fails alone (RUNAI_TIMEOUT). */
  POLL_CLUSTER_TIMEOUT_MS: z.preprocess(
    unsetIfEmpty,
    z.coerce
      .number()
      .int('must be an integer')
      .min(1_000, 'must be at least 1000')
      .max(600_000, 'must be at most 600000')
      .default(POLLER_DEFAULTS.clusterTimeoutMs),
  ),
});

export class PollerConfigError extends ConfigError {
  override readonly name = 'PollerConfigError';
  readonly code = 'POLLER_CONFIG_INVALID';
}

/** Every variable the poller Lambda reads: its own and the credentials' (loadRunaiCredentials). */
export const PollerLambdaEnvSchema = PollerEnvSchema.extend(RunaiCredentialsEnvSchema.shape);
export type PollerLambdaEnv = z.infer<typeof PollerLambdaEnvSchema>;

export function readPollerEnv(env: Environment = process.env): PollerLambdaEnv {
  return readEnvironment(PollerLambdaEnvSchema, env, (message) => new PollerConfigError(message), 'poller environment');
}
