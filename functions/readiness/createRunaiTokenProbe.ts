/**
 * Readiness of the Run:ai control plane where the process holds the credentials (local
 * mode): a bearer token can be obtained. It is the one POST this product sends anyway, and
 * the client caches the token, so a monitor polling /readyz costs one token request per
 * token lifetime, not one per probe.
 */
import type { RunaiClient } from '../runai/createRunaiClient.js';
import type { ReadinessProbe } from './ReadinessProbe.js';

export function createRunaiTokenProbe(client: Pick<RunaiClient, 'authenticate'>, description: string): ReadinessProbe {
  return {
    name: 'runai',
    async check() {
      await client.authenticate();
      return `token obtained from ${description}`;
    },
  };
}
