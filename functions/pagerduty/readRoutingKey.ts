/**
 * The routing key lives in Secrets Manager (never in the template or the environment):
 * either the bare 32-character integration key, or JSON `{"routingKey": "…"}`.
 */
import { PagerDutyError } from './PagerDutyError.js';

export function routingKeyFromSecret(secret: string): string {
  const text = secret.trim();
  if (text.startsWith('{')) {
    try {
      const parsed = JSON.parse(text) as { routingKey?: unknown };
      if (typeof parsed.routingKey === 'string') return parsed.routingKey.trim();
    } catch {
      // fall through to the error below, without echoing the secret
    }
    throw new PagerDutyError('PAGERDUTY_ROUTING_KEY_INVALID', 'the PagerDuty secret is JSON without a string "routingKey"');
  }
  return text;
}
