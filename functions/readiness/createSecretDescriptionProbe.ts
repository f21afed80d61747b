/**
 * Readiness of a secret another function reads (the Run:ai credentials, read by the worker
 * and the poller): its metadata only, with DescribeSecret, so the intake never holds a
 * credential it does not use (least privilege; infra grants DescribeSecret, not
 * GetSecretValue). A secret that exists and was set can still hold wrong credentials: only
 * the worker's RUNAI_AUTH_FAILED and its alarm tell that.
 */
import type { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { loadSecretsManager } from '../aws/loadAwsSdk.js';
import { assessSecretDescription, type SecretAssessmentOptions, type SecretDescription } from './assessSecretDescription.js';
import type { ReadinessProbe } from './ReadinessProbe.js';

/** Reads a secret's metadata: the seam tests replace (with aws-sdk-client-mock, or a fake). */
export type DescribeSecret = (secretId: string) => Promise<SecretDescription>;

export function describeSecretWith(client: SecretsManagerClient): DescribeSecret {
  return async (secretId) => client.send(new (await loadSecretsManager()).DescribeSecretCommand({ SecretId: secretId }));
}

export function createSecretDescriptionProbe(name: string, secretId: string, describe: DescribeSecret, options: SecretAssessmentOptions): ReadinessProbe {
  return {
    name,
    async check() {
      // An SDK error (ResourceNotFoundException, AccessDeniedException, …) is reported by its name and message.
      return assessSecretDescription(await describe(secretId), options);
    },
  };
}
