/**
 * Run:ai credentials of the poller.
 *
 * INTERIM SOURCE — to be replaced by a Secrets Manager read (another change owns that):
 * for now they come from the `RUNAI_CLIENT_ID` / `RUNAI_CLIENT_SECRET` environment
 * variables (`client_credentials` grant). Async already, so the switch does not change
 * the handler. Errors name the variable, never its value.
 */
import type { RunaiCredentials } from '../runai/RunaiClientConfig.js';
import { PollerConfigError } from './readPollerEnv.js';

export async function loadRunaiCredentials(env: Readonly<Record<string, string | undefined>> = process.env): Promise<RunaiCredentials> {
  const clientId = env.RUNAI_CLIENT_ID;
  const clientSecret = env.RUNAI_CLIENT_SECRET;
  const missing = [!clientId && 'RUNAI_CLIENT_ID', !clientSecret && 'RUNAI_CLIENT_SECRET'].filter(Boolean);
  if (!clientId || !clientSecret) throw new PollerConfigError(`invalid poller environment: ${missing.join(' and ')} not set`);
  return { grantType: 'client_credentials', clientId, clientSecret };
}
