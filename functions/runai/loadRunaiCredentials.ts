/**
 * Run:ai credentials of the poller and the diagnose worker.
 *
 * In AWS: the Secrets Manager secret named by RUNAI_SECRET_ID, a JSON
 * `{ "clientId": "…", "clientSecret": "…", "grantType"?: "client_credentials" | "app_token" }`
 * (for `app_token`, clientId/clientSecret are sent as AppId/AppSecret, as the CLI does).
 * The template and the environment carry only the secret's ARN. The value is read through
 * the Lambda's secret cache (functions/aws/readSecret.ts, SECRET_MAX_AGE_SECONDS), so callers may ask on every
 * run: a rotated secret is picked up within minutes without a cold start.
 *
 * Locally (CLI, local mode, tests): RUNAI_CLIENT_ID / RUNAI_CLIENT_SECRET / RUNAI_GRANT_TYPE.
 * Errors name the variable or the secret's key, never a value.
 */
import { readSecretJson as readCachedSecretJson } from '../aws/readSecret.js';
import * as z from 'zod';
import type { RunaiCredentials } from './RunaiClientConfig.js';
import { ConfigError } from '../core/ConfigError.js';

/** Reads a secret and returns its JSON value: the seam tests replace. */
export type SecretJsonReader = (secretId: string) => Promise<unknown>;

export const readSecretJson: SecretJsonReader = (secretId) => readCachedSecretJson(secretId);

export class RunaiCredentialsError extends ConfigError {
  override readonly name = 'RunaiCredentialsError';
  readonly code = 'RUNAI_CREDENTIALS_INVALID';
}

const nonEmpty = z.string().trim().min(1, 'must be a non-empty string');
const grantType = z.enum(['client_credentials', 'app_token'], 'must be client_credentials or app_token');
const RunaiSecretSchema = z.strictObject({ clientId: nonEmpty, clientSecret: nonEmpty, grantType: grantType.optional() });

function toCredentials(clientId: string, clientSecret: string, grant: 'client_credentials' | 'app_token' = 'client_credentials'): RunaiCredentials {
  return grant === 'app_token'
    ? { grantType: 'app_token', appId: clientId, appSecret: clientSecret }
    : { grantType: 'client_credentials', clientId, clientSecret };
}

async function fromSecret(secretId: string, readSecret: SecretJsonReader): Promise<RunaiCredentials> {
  let value: unknown;
  try {
    value = await readSecret(secretId);
  } catch (error) {
    // The SDK's message names the secret and the cause (AccessDenied, not JSON…), never the value.
    // A read that failed may succeed next time (throttling, a permission being fixed): retryable.
    throw new RunaiCredentialsError(`cannot read the Run:ai credentials secret (RUNAI_SECRET_ID): ${error instanceof Error ? error.message : String(error)}`, {
      retryable: true,
      cause: error,
    });
  }
  const parsed = RunaiSecretSchema.safeParse(value);
  if (!parsed.success) {
    // zod's messages name paths and rules, never input values.
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
    throw new RunaiCredentialsError(
      `invalid Run:ai credentials secret (RUNAI_SECRET_ID), expected {"clientId", "clientSecret", "grantType"?}: ${problems.join('; ')}`,
    );
  }
  return toCredentials(parsed.data.clientId, parsed.data.clientSecret, parsed.data.grantType);
}

export async function loadRunaiCredentials(
  env: Readonly<Record<string, string | undefined>> = process.env,
  readSecret: SecretJsonReader = readSecretJson,
): Promise<RunaiCredentials> {
  const secretId = env.RUNAI_SECRET_ID?.trim();
  if (secretId) return fromSecret(secretId, readSecret);

  const clientId = env.RUNAI_CLIENT_ID;
  const clientSecret = env.RUNAI_CLIENT_SECRET;
  const missing = [!clientId && 'RUNAI_CLIENT_ID', !clientSecret && 'RUNAI_CLIENT_SECRET'].filter(Boolean);
  if (!clientId || !clientSecret) {
    throw new RunaiCredentialsError(`invalid Run:ai credentials: ${missing.join(' and ')} not set (or set RUNAI_SECRET_ID to read them from Secrets Manager)`);
  }
  const grant = grantType.optional().safeParse(env.RUNAI_GRANT_TYPE || undefined);
  if (!grant.success) throw new RunaiCredentialsError('invalid Run:ai credentials: RUNAI_GRANT_TYPE must be client_credentials or app_token');
  return toCredentials(clientId, clientSecret, grant.data);
}
