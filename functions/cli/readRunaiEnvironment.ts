/**
 * The CLI's Run:ai connection settings from the environment, validated strictly.
 * Messages name the variable and the rule, never the value (it may be a secret).
 */
import * as z from 'zod';
import type { RunaiClientConfig } from '../runai/RunaiClientConfig.js';
import { ConfigError } from '../core/ConfigError.js';

const EnvironmentSchema = z.object({
  // The client refuses credentials, a query or a fragment in its base URL (RunaiClientConfig.ts); said
  // here, it is a usage error naming the variable (exit 2), not an internal error after the fact.
  RUNAI_BASE_URL: z.url({ protocol: /^https?$/ }).refine(
    (value) => {
      const url = new URL(value);
      return !url.username && !url.password && !url.search && !url.hash;
    },
    { message: 'must be an http(s) URL without credentials, query or fragment' },
  ),
  RUNAI_CLIENT_ID: z.string().min(1),
  RUNAI_CLIENT_SECRET: z.string().min(1),
  RUNAI_GRANT_TYPE: z.enum(['client_credentials', 'app_token']).default('client_credentials'),
  RUNAI_REQUEST_TIMEOUT_MS: z.coerce.number().int().positive().max(600_000).default(10_000),
});

export class ConfigurationError extends ConfigError {
  override readonly name = 'ConfigurationError';
  readonly code = 'CLI_CONFIG_INVALID';
}

export function readRunaiEnvironment(env: Record<string, string | undefined>): Pick<RunaiClientConfig, 'baseUrl' | 'credentials' | 'requestTimeoutMs'> {
  const result = EnvironmentSchema.safeParse(env);
  if (!result.success) {
    const issue = result.error.issues[0];
    const name = String(issue?.path[0] ?? 'environment');
    const problem = env[name] === undefined || env[name] === '' ? 'is not set' : `is invalid (${issue?.message ?? 'bad value'})`;
    throw new ConfigurationError(
      `${name} ${problem}; set RUNAI_BASE_URL, RUNAI_CLIENT_ID and RUNAI_CLIENT_SECRET, or use --example to run against the built-in simulator`,
    );
  }
  const { RUNAI_BASE_URL, RUNAI_CLIENT_ID, RUNAI_CLIENT_SECRET, RUNAI_GRANT_TYPE, RUNAI_REQUEST_TIMEOUT_MS } = result.data;
  return {
    baseUrl: RUNAI_BASE_URL,
    requestTimeoutMs: RUNAI_REQUEST_TIMEOUT_MS,
    credentials:
      RUNAI_GRANT_TYPE === 'app_token'
        ? { grantType: 'app_token', appId: RUNAI_CLIENT_ID, appSecret: RUNAI_CLIENT_SECRET }
        : { grantType: 'client_credentials', clientId: RUNAI_CLIENT_ID, clientSecret: RUNAI_CLIENT_SECRET },
  };
}
