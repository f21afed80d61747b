/**
 * The Run:ai settings a Lambda reads from its environment: where the control plane is, how
 * long one request may take, and where the credentials are (RUNAI_SECRET_ID in AWS; the
 * RUNAI_CLIENT_* variables locally). Shared by the worker and the poller schemas.
 */
import * as z from 'zod';
import { unsetIfEmpty } from '../core/unsetIfEmpty.js';
import { DEFAULT_MAX_RESPONSE_BYTES } from '../runai/RunaiClientConfig.js';

export const RunaiConnectionEnvSchema = z.strictObject({
  RUNAI_BASE_URL: z.url({ protocol: /^https?$/, error: 'must be the http(s) URL of the Run:ai control plane' }),
  RUNAI_REQUEST_TIMEOUT_MS: z.preprocess(
    unsetIfEmpty,
    z.coerce.number().int('must be an integer').positive('must be positive').max(600_000, 'must be at most 600000').default(10_000),
  ),
  /** Largest Run:ai answer read, in bytes (a larger one is RUNAI_RESPONSE_TOO_LARGE, docs/limits.md). */
  RUNAI_MAX_RESPONSE_BYTES: z.preprocess(
    unsetIfEmpty,
    z.coerce
      .number()
      .int('must be an integer')
      .min(1024, 'must be at least 1024')
      .max(512 * 1024 * 1024, 'must be at most 536870912')
      .default(DEFAULT_MAX_RESPONSE_BYTES),
  ),
});

/** A Secrets Manager secret ARN or name. */
export const SecretIdSchema = z.string().regex(/^[A-Za-z0-9/_+=.@:-]{1,2048}$/, 'must be a Secrets Manager secret ARN or name');

/** The keys loadRunaiCredentials reads; which combination is valid is its decision. */
export const RunaiCredentialsEnvSchema = z.strictObject({
  RUNAI_SECRET_ID: z.preprocess(unsetIfEmpty, SecretIdSchema.optional()),
  RUNAI_CLIENT_ID: z.preprocess(unsetIfEmpty, z.string().optional()),
  RUNAI_CLIENT_SECRET: z.preprocess(unsetIfEmpty, z.string().optional()),
  RUNAI_GRANT_TYPE: z.preprocess(unsetIfEmpty, z.enum(['client_credentials', 'app_token'], 'must be client_credentials or app_token').optional()),
});
