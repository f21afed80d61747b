/**
 * Where the webhook tokens come from: the Secrets Manager secret named by
 * WEBHOOK_TOKEN_SECRET_ID (a JSON `{ "current": "…", "previous": "…" }`), or locally the
 * environment (already validated by readIntakeEnv).
 *
 * The secret is read through the Lambda's secret cache (functions/aws/readSecret.ts, SECRET_MAX_AGE_SECONDS),
 * so a warm function costs no Secrets Manager call per request, and a rotated secret is
 * picked up within that time without a redeploy (rotation: put `{current: new, previous:
 * old}`, wait, switch Alertmanager, then drop `previous`). Errors name the secret's keys,
 * never its values.
 */
import { readSecretJson as readCachedSecretJson } from '../aws/readSecret.js';
import * as z from 'zod';
import type { WebhookTokens } from './createTokenChecker.js';
import { IntakeConfigError, WebhookTokenSchema, type IntakeEnv } from './readIntakeEnv.js';

/** Reads a secret and returns its JSON value: the seam tests replace. */
export type SecretJsonReader = (secretId: string) => Promise<unknown>;

export const readSecretJson: SecretJsonReader = (secretId) => readCachedSecretJson(secretId);

/** The same read past the cache (readiness): a fresh value also refreshes the cache the webhooks use. */
export const readSecretJsonNow: SecretJsonReader = (secretId) => readCachedSecretJson(secretId, { forceFetch: true });

const WebhookTokensSecretSchema = z.strictObject({ current: WebhookTokenSchema, previous: WebhookTokenSchema.optional() });

export async function loadWebhookTokens(
  env: Pick<IntakeEnv, 'WEBHOOK_TOKEN' | 'WEBHOOK_TOKEN_PREVIOUS' | 'WEBHOOK_TOKEN_SECRET_ID'>,
  readSecret: SecretJsonReader = readSecretJson,
): Promise<WebhookTokens> {
  if (env.WEBHOOK_TOKEN_SECRET_ID === undefined) {
    if (env.WEBHOOK_TOKEN === undefined) throw new IntakeConfigError('invalid intake environment: WEBHOOK_TOKEN is not set');
    return { current: env.WEBHOOK_TOKEN, previous: env.WEBHOOK_TOKEN_PREVIOUS };
  }
  let value: unknown;
  try {
    value = await readSecret(env.WEBHOOK_TOKEN_SECRET_ID);
  } catch (error) {
    // The SDK's message names the secret and the cause (AccessDenied, not JSON…), never the value.
    throw new IntakeConfigError(`cannot read the webhook token secret (WEBHOOK_TOKEN_SECRET_ID): ${error instanceof Error ? error.message : String(error)}`);
  }
  const parsed = WebhookTokensSecretSchema.safeParse(value);
  if (!parsed.success) {
    // zod's messages name paths and rules, never input values.
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
    throw new IntakeConfigError(`invalid webhook token secret (WEBHOOK_TOKEN_SECRET_ID), expected {"current": "…", "previous"?: "…"}: ${problems.join('; ')}`);
  }
  return parsed.data;
}
