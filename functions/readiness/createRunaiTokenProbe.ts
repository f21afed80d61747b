/**
 * Readiness of the Run:ai control plane where the process holds the credentials (local
 * mode): a bearer token can be obtained. It is the one POST this product sends anyway, and
 * the client caches the token, so a monitor polling /readyz costs one token request per
 * token lifetime, not one per probe.
 *
 * A failing control plane must not be hammered by its own monitor: a check sends at most one
 * token request (no retries: the monitor's next poll is the retry), and a failure is remembered
 * for `failureHoldMs`, so polls within that window answer from it without any request.
 */
import type { RunaiClient } from '../runai/createRunaiClient.js';
import type { ReadinessProbe } from './ReadinessProbe.js';

export const FAILURE_HOLD_MS = 10_000;

export function createRunaiTokenProbe(
  client: Pick<RunaiClient, 'authenticate'>,
  description: string,
  options: { now?: () => number; failureHoldMs?: number } = {},
): ReadinessProbe {
  const now = options.now ?? Date.now;
  const holdMs = options.failureHoldMs ?? FAILURE_HOLD_MS;
  let failed: { error: unknown; until: number } | undefined;
  let inFlight: Promise<void> | undefined;
  return {
    name: 'runai',
    async check() {
      if (failed && now() < failed.until) throw failed.error;
      inFlight ??= client
        .authenticate({ once: true })
        .then(
          () => {
            failed = undefined;
          },
          (error: unknown) => {
            failed = { error, until: now() + holdMs };
            throw error;
          },
        )
        .finally(() => {
          inFlight = undefined;
        });
      await inFlight;
      return `token obtained from ${description}`;
    },
  };
}
