/**
 * The intake Lambda's configuration, from the environment, validated strictly so that a
 * deploy with a bad value fails with a message naming the key (never its value: the
 * tokens are secrets).
 *
 * The webhook tokens come from exactly one place: in AWS, the Secrets Manager secret named
 * by WEBHOOK_TOKEN_SECRET_ID (the template carries only its ARN); locally, WEBHOOK_TOKEN
 * and WEBHOOK_TOKEN_PREVIOUS. Both at once is refused: which one wins would be a guess.
 */
import * as z from 'zod';
import { LabelMapJsonSchema } from './LabelMap.js';
import { unsetIfEmpty } from '../core/unsetIfEmpty.js';
import { readEnvironment, type Environment } from '../lambda/readEnvironment.js';
import { SecretIdSchema } from '../lambda/runaiEnvironment.js';

import { ConfigError } from '../core/ConfigError.js';

/** A webhook bearer token, wherever it is stored (environment or secret). */
export const WebhookTokenSchema = z
  .string()
  .min(16, 'must be at least 16 characters')
  .max(512, 'must be at most 512 characters')
  .regex(/^\S+$/, 'must not contain whitespace');

/** Loopback by definition: 127.0.0.1, [::1], localhost and *.localhost (RFC 6761, used by local SQS emulators). */
const isLoopback = (hostname: string): boolean =>
  hostname === '127.0.0.1' || hostname === '[::1]' || hostname === 'localhost' || hostname.endsWith('.localhost');

/** https, or plain http to a loopback host (a local SQS emulator); never plain http over a network. */
const queueUrl = z.url({ error: 'must be the https URL of the SQS queue' }).refine((value) => {
  const url = new URL(value);
  return url.protocol === 'https:' || (url.protocol === 'http:' && isLoopback(url.hostname));
}, 'must be the https URL of the SQS queue (plain http only to a loopback emulator)');

export const IntakeEnvSchema = z.strictObject({
  QUEUE_URL: queueUrl,
  WEBHOOK_TOKEN_SECRET_ID: z.preprocess(unsetIfEmpty, SecretIdSchema.optional()),
  WEBHOOK_TOKEN: z.preprocess(unsetIfEmpty, WebhookTokenSchema.optional()),
  WEBHOOK_TOKEN_PREVIOUS: z.preprocess(unsetIfEmpty, WebhookTokenSchema.optional()),
  /** JSON overrides of the alert label map (which labels carry the cluster, workload, project). */
  ALERT_LABEL_MAP: z.preprocess(unsetIfEmpty, LabelMapJsonSchema.optional()),
  /** The Run:ai credentials secret the worker reads: `GET /readyz` checks its metadata (DescribeSecret), never its value. */
  RUNAI_SECRET_ID: z.preprocess(unsetIfEmpty, SecretIdSchema.optional()),
  /** The "Was this right?" answers table (§4.10, createDynamoFeedbackStore); set with FEEDBACK_KEY_SECRET_ID, or neither (feedback off). */
  FEEDBACK_TABLE: z.preprocess(
    unsetIfEmpty,
    z
      .string()
      .regex(/^[A-Za-z0-9_.-]{3,255}$/, 'must be a DynamoDB table name')
      .optional(),
  ),
  /** The feedback signing keys, JSON {"current","previous"?} (loadFeedbackKeys): the page verifies tokens with both. */
  FEEDBACK_KEY_SECRET_ID: z.preprocess(unsetIfEmpty, SecretIdSchema.optional()),
  INTAKE_BODY_LIMIT_BYTES: z.preprocess(
    unsetIfEmpty,
    z.coerce
      .number()
      .int('must be an integer')
      .min(1_024, 'must be at least 1024')
      .max(10 * 1024 * 1024, 'must be at most 10 MiB (the API Gateway limit)')
      .optional(),
  ),
});
export type IntakeEnv = z.infer<typeof IntakeEnvSchema>;

export class IntakeConfigError extends ConfigError {
  override readonly name = 'IntakeConfigError';
  readonly code = 'INTAKE_CONFIG_INVALID';
}

function tokenSourceProblems(env: IntakeEnv): string[] {
  if (env.WEBHOOK_TOKEN_SECRET_ID !== undefined) {
    return env.WEBHOOK_TOKEN !== undefined || env.WEBHOOK_TOKEN_PREVIOUS !== undefined
      ? ['WEBHOOK_TOKEN and WEBHOOK_TOKEN_PREVIOUS must not be set with WEBHOOK_TOKEN_SECRET_ID (the secret holds both tokens)']
      : [];
  }
  return env.WEBHOOK_TOKEN === undefined ? ['WEBHOOK_TOKEN is not set (or set WEBHOOK_TOKEN_SECRET_ID to read the tokens from Secrets Manager)'] : [];
}

/** Feedback is on with both variables, off with neither; one alone is a half-done deploy. */
function feedbackProblems(env: IntakeEnv): string[] {
  if ((env.FEEDBACK_TABLE === undefined) === (env.FEEDBACK_KEY_SECRET_ID === undefined)) return [];
  return ['FEEDBACK_TABLE and FEEDBACK_KEY_SECRET_ID must be set together (feedback on) or both unset (feedback off)'];
}

export function readIntakeEnv(env: Environment = process.env): IntakeEnv {
  const parsed = readEnvironment(IntakeEnvSchema, env, (message) => new IntakeConfigError(message), 'intake environment');
  const problems = [...tokenSourceProblems(parsed), ...feedbackProblems(parsed)];
  if (problems.length === 0) return parsed;
  throw new IntakeConfigError(`invalid intake environment: ${problems.join('; ')}`);
}
