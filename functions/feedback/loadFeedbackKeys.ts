/**
 * The feedback signing keys in AWS (§4.10): the Secrets Manager secret named by
 * FEEDBACK_KEY_SECRET_ID, JSON `{"current": "…", "previous"?: "…"}` — the same shape and
 * rotation as the webhook token secret. The stack generates `current` (64 characters); the
 * worker signs links with `current`, the intake accepts `current` and `previous`.
 *
 * Rotation (docs/operate.md): put `{current: new, previous: old}`; both functions re-read the
 * secret within SECRET_MAX_AGE_SECONDS; links already sent keep working while `previous` is
 * kept, so drop it only after FEEDBACK_TOKEN_TTL_DAYS (14 days), when every old link has expired.
 *
 * Errors name the secret's keys and the rules, never a value.
 */
import * as z from 'zod';
import { ConfigError } from '../core/ConfigError.js';
import type { FeedbackKeys } from './feedbackToken.js';

/** HMAC-SHA256 keys: at least 32 characters (the generated one has 64 alphanumerics, ~380 bits). */
const FeedbackKeySchema = z
  .string()
  .min(32, 'must be at least 32 characters')
  .max(1024, 'must be at most 1024 characters')
  .regex(/^\S+$/, 'must not contain whitespace');

const FeedbackKeysSecretSchema = z.strictObject({ current: FeedbackKeySchema, previous: FeedbackKeySchema.optional() });

export class FeedbackConfigError extends ConfigError {
  override readonly name = 'FeedbackConfigError';
  readonly code = 'FEEDBACK_CONFIG_INVALID';
}

/** Reads a secret's JSON value: the entry point passes Powertools getSecret (cached); tests a fake. */
export type FeedbackSecretReader = (secretId: string) => Promise<unknown>;

export async function loadFeedbackKeys(secretId: string, readSecret: FeedbackSecretReader): Promise<FeedbackKeys> {
  let value: unknown;
  try {
    value = await readSecret(secretId);
  } catch (error) {
    // The SDK's message names the secret and the cause (AccessDenied, not JSON…), never the value.
    throw new FeedbackConfigError(`cannot read the feedback key secret (FEEDBACK_KEY_SECRET_ID): ${error instanceof Error ? error.message : String(error)}`, {
      retryable: true,
      cause: error,
    });
  }
  const parsed = FeedbackKeysSecretSchema.safeParse(value);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
    throw new FeedbackConfigError(`invalid feedback key secret (FEEDBACK_KEY_SECRET_ID), expected {"current": "…", "previous"?: "…"}: ${problems.join('; ')}`);
  }
  return { current: parsed.data.current, ...(parsed.data.previous !== undefined ? { previous: parsed.data.previous } : {}) };
}
