/**
 * The one secret cache of a Lambda: every secret it reads (Run:ai credentials, webhook
 * tokens, Tier 2 configuration, PagerDuty routing key) goes through this reader, cached for
 * SECRET_MAX_AGE_SECONDS, so callers may ask on every use (a map lookup when warm) and a
 * rotated secret is picked up within that time without a cold start.
 */
import { createSecretReader, type SecretReadOptions } from './createSecretReader.js';

/** How long a fetched secret is reused: bounds both the Secrets Manager cost and the rotation delay. */
export const SECRET_MAX_AGE_SECONDS = 300;

const shared = createSecretReader({ maxAgeSeconds: SECRET_MAX_AGE_SECONDS });

/** The secret's SecretString (cached). */
export function readSecretString(secretId: string, options?: SecretReadOptions): Promise<string> {
  return shared(secretId, options);
}

/** The secret's SecretString parsed as JSON (cached). The error never quotes the value: JSON.parse's message may. */
export async function readSecretJson(secretId: string, options?: SecretReadOptions): Promise<unknown> {
  const text = await shared(secretId, options);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new Error(`secret ${secretId} is not valid JSON`);
  }
}

/** Tests: forget every cached value. */
export function clearSecretCache(): void {
  shared.clear();
}
