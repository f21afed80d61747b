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
import { DEFAULT_STORM_THRESHOLD, DEFAULT_STORM_WINDOW_SECONDS } from '../delivery/StormWindow.js';

const optionalInt = (min: number, max: number) =>
  z.preprocess(unsetIfEmpty, z.coerce.number().int('must be an integer').min(min, `must be at least ${min}`).max(max, `must be at most ${max}`).optional());

export const WorkerEnvSchema = z.strictObject({
  SNS_TOPIC_ARN: z.string().regex(/^arn:aws[a-z-]*:sns:[a-z0-9-]+:\d{12}:[A-Za-z0-9_-]{1,256}$/, 'must be the ARN of a standard SNS topic'),
  IDEMPOTENCY_TABLE: z.string().regex(/^[A-Za-z0-9_.-]{3,255}$/, 'must be a DynamoDB table name'),
  /** The diagnose queue itself: storm flushes are delayed messages on it, and failed records' visibility is set on it. */
  QUEUE_URL: z.url({ protocol: /^https$/, error: 'must be the https URL of the SQS queue' }),
  /** The storm window table (createDynamoStormWindow). */
  STORM_TABLE: z.string().regex(/^[A-Za-z0-9_.-]{3,255}$/, 'must be a DynamoDB table name'),
  STORM_THRESHOLD: z.preprocess(
    unsetIfEmpty,
    z.coerce.number().int('must be an integer').min(1, 'must be at least 1').max(10_000, 'must be at most 10000').default(DEFAULT_STORM_THRESHOLD),
  ),
  /** At most 840 s: the flush is an SQS delay (900 s at most) sent after the window opened. */
  STORM_WINDOW_SECONDS: z.preprocess(
    unsetIfEmpty,
    z.coerce.number().int('must be an integer').min(5, 'must be at least 5').max(840, 'must be at most 840').default(DEFAULT_STORM_WINDOW_SECONDS),
  ),
  /** The fleet's memory of failures per node (createDynamoNodeFailureLog, §4.8); unset: no node is ever judged suspect. */
  NODE_FAILURE_TABLE: z.preprocess(
    unsetIfEmpty,
    z
      .string()
      .regex(/^[A-Za-z0-9_.-]{3,255}$/, 'must be a DynamoDB table name')
      .optional(),
  ),
  WORKER_CONCURRENCY: optionalInt(1, 32),
  REPORT_LOCALE: z.preprocess(unsetIfEmpty, z.enum(['en', 'fr']).default('en')),
  /** The feedback signing keys (§4.10, loadFeedbackKeys): links are signed with `current`. Set with FEEDBACK_BASE_URL, or neither (no link). */
  FEEDBACK_KEY_SECRET_ID: z.preprocess(unsetIfEmpty, SecretIdSchema.optional()),
  /** The intake API's public https URL: links are `<FEEDBACK_BASE_URL>/feedback/<token>`. */
  FEEDBACK_BASE_URL: z.preprocess(unsetIfEmpty, z.url({ protocol: /^https$/, error: 'must be the https URL of the intake API' }).optional()),
});
export type WorkerEnv = z.infer<typeof WorkerEnvSchema>;

export class WorkerConfigError extends ConfigError {
  override readonly name = 'WorkerConfigError';
  readonly code = 'WORKER_CONFIG_INVALID';
}

export function readWorkerEnv(env: Environment = process.env): WorkerEnv {
  const parsed = readEnvironment(WorkerEnvSchema, env, (message) => new WorkerConfigError(message), 'worker environment');
  // Feedback links need both: a key to sign with and the URL they point at; one alone is a half-done deploy.
  if ((parsed.FEEDBACK_KEY_SECRET_ID === undefined) !== (parsed.FEEDBACK_BASE_URL === undefined)) {
    throw new WorkerConfigError(
      'invalid worker environment: FEEDBACK_KEY_SECRET_ID and FEEDBACK_BASE_URL must be set together (feedback on) or both unset (feedback off)',
    );
  }
  return parsed;
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
export type DiagnoseLambdaEnv = z.infer<typeof DiagnoseLambdaEnvSchema>;

/**
 * The diagnose Lambda's whole environment, read once at its first invocation: every key it
 * reads is validated together (a bad TIER2_SECRET_ID or RECORD_ANONYMIZE fails that invocation
 * with its name, like a bad QUEUE_URL), and `snapshot` holds those keys as read, for the Run:ai,
 * Tier 2 and recording wiring (createDiagnose), so nothing reads process.env afterwards.
 */
export function readDiagnoseLambdaEnv(env: Environment = process.env): { env: DiagnoseLambdaEnv; snapshot: Environment } {
  const parsed = readEnvironment(DiagnoseLambdaEnvSchema, env, (message) => new WorkerConfigError(message), 'worker environment');
  const snapshot = Object.freeze(Object.fromEntries(Object.keys(DiagnoseLambdaEnvSchema.shape).map((key) => [key, env[key]])));
  return { env: parsed, snapshot };
}
