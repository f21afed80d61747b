/**
 * The worker Lambda's own configuration, validated strictly so that a bad deploy fails
 * with a message naming the key (values are never echoed). The Run:ai settings and the
 * optional TIER2_SECRET_ID are read by `createDiagnose`, the credentials by
 * loadRunaiCredentials; DiagnoseLambdaEnvSchema is all of them together, the schema the
 * stack's environment is checked against (test/infra/envContract.test.ts).
 */
import * as z from 'zod'; // not `{ z }`, which makes esbuild bundle all of zod (npm run bench, bundles)
import { unsetIfEmpty } from '../core/unsetIfEmpty.js';
import { readEnvironment, type Environment } from '../lambda/readEnvironment.js';
import { RunaiConnectionEnvSchema, RunaiCredentialsEnvSchema, SecretIdSchema } from '../lambda/runaiEnvironment.js';
import { ConfigError } from '../core/ConfigError.js';

const optionalInt = (min: number, max: number) =>
  z.preprocess(unsetIfEmpty, z.coerce.number().int('must be an integer').min(min, `must be at least ${min}`).max(max, `must be at most ${max}`).optional());

export const WorkerEnvSchema = z.strictObject({
  SNS_TOPIC_ARN: z.string().regex(/^arn:aws[a-z-]*:sns:[a-z0-9-]+:\d{12}:[A-Za-z0-9_-]{1,256}$/, 'must be the ARN of a standard SNS topic'),
  IDEMPOTENCY_TABLE: z.string().regex(/^[A-Za-z0-9_.-]{3,255}$/, 'must be a DynamoDB table name'),
  DIGEST_THRESHOLD: optionalInt(2, 10_000),
  WORKER_CONCURRENCY: optionalInt(1, 32),
  REPORT_LOCALE: z.preprocess(unsetIfEmpty, z.enum(['en', 'fr']).default('en')),
  /** Set by the stack to 10 / the event source's maxConcurrency, so that concurrent invocations together stay under the SNS email rate (10/s). */
  MAX_NOTIFICATIONS_PER_BATCH: optionalInt(1, 100),
});
export type WorkerEnv = z.infer<typeof WorkerEnvSchema>;

export class WorkerConfigError extends ConfigError {
  override readonly name = 'WorkerConfigError';
  readonly code = 'WORKER_CONFIG_INVALID';
}

export function readWorkerEnv(env: Environment = process.env): WorkerEnv {
  return readEnvironment(WorkerEnvSchema, env, (message) => new WorkerConfigError(message), 'worker environment');
}

/** Every variable the diagnose Lambda reads, whoever reads it. */
export const DiagnoseLambdaEnvSchema = WorkerEnvSchema.extend({
  ...RunaiConnectionEnvSchema.shape,
  ...RunaiCredentialsEnvSchema.shape,
  /** Optional: without it there is simply no Tier 2 (createDiagnose). */
  TIER2_SECRET_ID: z.preprocess(unsetIfEmpty, SecretIdSchema.optional()),
  /** Optional: every diagnosis also recorded into this folder (createWorkerRecording, docs/recording.md). */
  RECORD_DIR: z.preprocess(unsetIfEmpty, z.string().optional()),
  RECORD_ANONYMIZE: z.preprocess(unsetIfEmpty, z.enum(['true', 'false']).optional()),
});
