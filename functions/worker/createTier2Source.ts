/**
 * Tier 2 in AWS (docs/tier2.md): the worker's Kubernetes configuration is the Secrets Manager
 * secret named by TIER2_SECRET_ID, holding the JSON of a `--tier2-config` file. A Lambda has
 * no files to point at, so the secret carries the credential inline: `token`, and `caData`
 * for a private cluster CA. The environment carries only the secret's ARN.
 *
 * The secret is read like the Run:ai credentials: the Lambda's secret cache, cached for
 * SECRET_MAX_AGE_SECONDS, looked up on every diagnosis (a map lookup when warm). One
 * `Tier2Access` (one connection pool per cluster) is built per secret value and reused by
 * every diagnosis; when the value changes (rotation), a new access is built and the old one
 * closed once its in-flight reads finish.
 *
 * Decisions:
 * - Tier 2 is optional evidence and must never block Tier 1. A secret value that is not a
 *   valid Tier 2 configuration gives no Tier 2 (the verdicts then say that Tier 2 evidence
 *   is not configured, exactly as without TIER2_SECRET_ID) and one error log per bad value
 *   (`worker.tier2_unavailable`, naming the key and the rule — never a value, so never the
 *   token). Fixing the secret takes effect within the cache period, without a redeploy.
 * - A secret that cannot be read (access denied, throttled, Secrets Manager unavailable)
 *   keeps the last valid configuration, if there was one: a transient read failure should
 *   not flip verdicts between two diagnoses of one batch. The read is retried after
 *   READ_RETRY_MS, not on every diagnosis, and each distinct failure is logged once.
 * - `tokenFile` / `caFile` are accepted (a file shipped in the bundle or a layer would
 *   work) but logged as a warning: in Lambda they usually name nothing.
 */
import { createHash } from 'node:crypto';
import { readSecretString as readCachedSecretString } from '../aws/readSecret.js';
import type { Tier2Access } from '../diagnosis/ports/Tier2Access.js';
import { createTier2Access, type Tier2AccessHandle } from '../kubernetes/createTier2Access.js';
import { parseTier2Config, type Tier2Config } from '../kubernetes/Tier2Config.js';
import type { LogPort } from '../core/LogPort.js';

/** After a failed read of the secret, how long the worker keeps its current Tier 2 state before reading again. */
export const READ_RETRY_MS = 60_000;

/** Reads a secret's `SecretString`: the seam tests replace. */
export type SecretStringReader = (secretId: string) => Promise<string>;

export const readSecretString: SecretStringReader = (secretId) => readCachedSecretString(secretId);

export interface Tier2Source {
  /** The Tier 2 access for the next diagnosis, or null (Tier 1 only). Never throws. */
  current(): Promise<Tier2Access | null>;
  /** Closes the current access (tests; a Lambda environment is simply frozen). */
  close(): Promise<void>;
}

export interface Tier2SourceOptions {
  /** TIER2_SECRET_ID: the secret's ARN (or name). */
  secretId: string;
  logger: LogPort;
  /** Defaults to readSecretString (the Lambda's secret cache). */
  readSecret?: SecretStringReader;
  /** Defaults to createTier2Access. */
  createAccess?: (config: Tier2Config) => Tier2AccessHandle;
  /** Epoch ms (the read retry delay). */
  now?: () => number;
}

const fingerprintOf = (text: string): string => createHash('sha256').update(text).digest('hex');
const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));
const TIER1_ONLY = 'diagnosing with Tier 1 only: verdicts say Tier 2 evidence is not configured until the secret is fixed';

export function createTier2Source(options: Tier2SourceOptions): Tier2Source {
  const { secretId, logger } = options;
  const readSecret = options.readSecret ?? readSecretString;
  const createAccess = options.createAccess ?? ((config: Tier2Config) => createTier2Access(config));
  const now = options.now ?? Date.now;

  /** The state built from the last value read: its fingerprint (never the value) and its access, null when invalid. */
  let active: { fingerprint: string; access: Tier2AccessHandle | null } | undefined;
  let retryReadAt = 0;
  let lastReadProblem: string | undefined;
  let pending: Promise<Tier2Access | null> | undefined;

  const refresh = async (): Promise<Tier2Access | null> => {
    if (now() < retryReadAt) return active?.access ?? null;
    let text: string;
    try {
      text = await readSecret(secretId);
    } catch (error) {
      retryReadAt = now() + READ_RETRY_MS;
      // The SDK's message names the secret and the cause (AccessDenied…), never the value.
      const problem = `cannot read the Tier 2 secret (TIER2_SECRET_ID): ${messageOf(error)}`;
      if (problem !== lastReadProblem) {
        lastReadProblem = problem;
        logger.error('worker.tier2_unavailable', {
          errorMessage: problem,
          note: active?.access ? 'keeping the last valid Tier 2 configuration; the read is retried in a minute' : TIER1_ONLY,
        });
      }
      return active?.access ?? null;
    }
    retryReadAt = 0;
    lastReadProblem = undefined;
    const fingerprint = fingerprintOf(text);
    if (active?.fingerprint === fingerprint) return active.access;

    let next: Tier2AccessHandle | null = null;
    try {
      // Error messages name the key path and the rule, never a value (Tier2Config.ts).
      const config = parseTier2Config(text, 'Tier 2 secret');
      next = createAccess(config);
      const clusters = Object.keys(config.clusters);
      logger.info('worker.tier2_configured', { clusters: clusters.length, clusterIds: clusters, replaced: active !== undefined });
      const withFiles = clusters.filter((id) => config.clusters[id]?.tokenFile !== undefined || config.clusters[id]?.caFile !== undefined);
      if (withFiles.length > 0) {
        logger.warn('worker.tier2_file_reference', {
          clusterIds: withFiles,
          note: 'tokenFile/caFile name files the function must have; in AWS put the token and the CA (caData) in the secret itself',
        });
      }
    } catch (error) {
      logger.error('worker.tier2_unavailable', { errorMessage: `${messageOf(error)} (TIER2_SECRET_ID)`, note: TIER1_ONLY });
    }
    const previous = active?.access;
    active = { fingerprint, access: next };
    // Rotated: the old pools finish what they have in flight, then close.
    previous?.close().catch(() => undefined);
    return next;
  };

  return {
    current() {
      // Concurrent diagnoses share one read (and one build after a rotation).
      pending ??= refresh()
        .catch((error: unknown) => {
          logger.error('worker.tier2_unavailable', { errorMessage: messageOf(error), note: TIER1_ONLY });
          return null;
        })
        .finally(() => {
          pending = undefined;
        });
      return pending;
    },
    async close() {
      const access = active?.access;
      active = undefined;
      await access?.close();
    },
  };
}
