/**
 * Readiness of the webhook token secret: read now, past the 5-minute cache, and validated
 * like the webhooks read it — so a deleted secret, a lost permission or a malformed value
 * shows before the cached tokens expire and every webhook turns into a 503. The detail says
 * whether a previous token is still accepted (a rotation not finished yet), never a value.
 */
import type { ReadinessProbe } from '../readiness/ReadinessProbe.js';
import { loadWebhookTokens, readSecretJsonNow, type SecretJsonReader } from './loadWebhookTokens.js';
import type { IntakeEnv } from './readIntakeEnv.js';

export function createWebhookSecretProbe(
  env: Pick<IntakeEnv, 'WEBHOOK_TOKEN' | 'WEBHOOK_TOKEN_PREVIOUS' | 'WEBHOOK_TOKEN_SECRET_ID'>,
  readSecret: SecretJsonReader = readSecretJsonNow,
): ReadinessProbe {
  return {
    name: 'webhookTokenSecret',
    async check() {
      const tokens = await loadWebhookTokens(env, readSecret);
      return tokens.previous === undefined ? 'read and valid: current token only' : 'read and valid: current and previous token (a rotation is in progress)';
    },
  };
}
