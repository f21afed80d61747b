/**
 * Reads a Secrets Manager secret's string, cached for `maxAgeSeconds` per secret (what
 * Powertools Parameters' getSecret did for us: its SecretsProvider imports the Secrets
 * Manager SDK statically, and in a bundle that import runs at init, loadAwsSdk.ts). The SDK
 * and the client are loaded on the first read. A failed read is not cached; `forceFetch`
 * reads past the cache and refreshes it (the readiness check).
 *
 * GetSecretValue returns SecretString for a text secret, SecretBinary otherwise
 * (https://docs.aws.amazon.com/secretsmanager/latest/apireference/API_GetSecretValue.html);
 * every secret of ours is JSON or text, so a binary one is an error naming the secret.
 */
import type { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { createLazyClient } from './createLazyClient.js';
import { loadSecretsManager } from './loadAwsSdk.js';

export interface SecretReadOptions {
  /** Skip the cache (the value read replaces the cached one). */
  forceFetch?: boolean;
}

export type SecretStringRead = (secretId: string, options?: SecretReadOptions) => Promise<string>;

export interface SecretReaderOptions {
  maxAgeSeconds: number;
  /** Default: a client built on the first read. */
  client?: Pick<SecretsManagerClient, 'send'>;
  now?: () => number;
}

export function createSecretReader(options: SecretReaderOptions): SecretStringRead & { clear(): void } {
  const client = options.client ?? createLazyClient(async () => new (await loadSecretsManager()).SecretsManagerClient({}));
  const now = options.now ?? Date.now;
  const cache = new Map<string, { value: Promise<string>; expiresAt: number }>();
  const read = (secretId: string, readOptions: SecretReadOptions = {}): Promise<string> => {
    const cached = cache.get(secretId);
    if (cached && !readOptions.forceFetch && cached.expiresAt > now()) return cached.value;
    const value = (async () => {
      const { GetSecretValueCommand } = await loadSecretsManager();
      const output = await client.send(new GetSecretValueCommand({ SecretId: secretId }));
      if (typeof output.SecretString !== 'string') throw new Error(`secret ${secretId} has no SecretString (a binary or empty secret): store it as text`);
      return output.SecretString;
    })();
    const entry = { value, expiresAt: now() + options.maxAgeSeconds * 1000 };
    cache.set(secretId, entry);
    value.catch(() => {
      if (cache.get(secretId) === entry) cache.delete(secretId);
    });
    return value;
  };
  return Object.assign(read, { clear: () => cache.clear() });
}
