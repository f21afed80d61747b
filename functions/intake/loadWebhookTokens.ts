/**
 * Where the webhook tokens come from. Today: the environment (already validated by
 * readIntakeEnv). Async on purpose: switching to Secrets Manager (fetch + cache, refresh
 * on rotation) changes this function only, not its callers.
 */
import type { WebhookTokens } from './createTokenChecker.js';
import type { IntakeEnv } from './readIntakeEnv.js';

export async function loadWebhookTokens(env: Pick<IntakeEnv, 'WEBHOOK_TOKEN' | 'WEBHOOK_TOKEN_PREVIOUS'>): Promise<WebhookTokens> {
  return { current: env.WEBHOOK_TOKEN, previous: env.WEBHOOK_TOKEN_PREVIOUS };
}
