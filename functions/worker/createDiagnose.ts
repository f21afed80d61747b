/**
 * INJECTION POINT: how the worker Lambda diagnoses one queued request against the real
 * Run:ai API. Everything else in the worker takes `diagnose` as a function, so this is the
 * only file that binds the engine, the REST client and the Run:ai configuration:
 * RUNAI_BASE_URL, RUNAI_REQUEST_TIMEOUT_MS and RUNAI_MAX_RESPONSE_BYTES from the environment, the credentials from
 * loadRunaiCredentials (the Secrets Manager secret named by RUNAI_SECRET_ID, or locally
 * RUNAI_CLIENT_ID / RUNAI_CLIENT_SECRET / RUNAI_GRANT_TYPE).
 *
 * One client per set of credentials: its token cache and connection pool are reused by
 * every diagnosis of every batch. The credentials are looked up per diagnosis (cached for
 * minutes, so this is a map lookup when warm) and a rotated secret replaces the client.
 *
 * Tier 2 (optional): TIER2_SECRET_ID names a Secrets Manager secret holding a Tier 2
 * configuration (createTier2Source.ts: same cache, rebuilt on rotation). A bad or unreadable
 * Tier 2 secret never fails a diagnosis: it is logged once and the diagnosis runs Tier 1 only.
 */
import * as z from 'zod';
import type { Diagnose } from './batch/diagnoseRecord.js';
import { DEFAULT_MAX_RESPONSE_BYTES } from '../runai/RunaiClientConfig.js';
import { diagnoseWorkload } from '../diagnosis/diagnoseWorkload.js';
import { loadRunaiCredentials } from '../runai/loadRunaiCredentials.js';
import type { Locale } from '../report/Messages.js';
import { messagesFor } from '../report/messagesFor.js';
import type { RunaiCredentials, RunaiRequestInfo } from '../runai/RunaiClientConfig.js';
import { createRunaiClient, type RunaiClient } from '../runai/createRunaiClient.js';
import type { Tier2AccessHandle } from '../kubernetes/createTier2Access.js';
import type { Tier2Config } from '../kubernetes/Tier2Config.js';
import { createTier2Source, type SecretStringReader } from './createTier2Source.js';
import { silentLogger, type WorkerLogger } from './WorkerLogger.js';
import { unsetIfEmpty } from '../core/unsetIfEmpty.js';
import { ConfigError } from '../core/ConfigError.js';

const ConnectionSchema = z.object({
  RUNAI_BASE_URL: z.url({ protocol: /^https?$/, error: 'must be the http(s) URL of the Run:ai control plane' }),
  RUNAI_REQUEST_TIMEOUT_MS: z.preprocess(unsetIfEmpty, z.coerce.number().int('must be an integer').positive('must be positive').max(600_000, 'must be at most 600000').default(10_000)),
  RUNAI_MAX_RESPONSE_BYTES: z.preprocess(
    unsetIfEmpty,
    z.coerce.number().int('must be an integer').min(1024, 'must be at least 1024').max(512 * 1024 * 1024, 'must be at most 536870912').default(DEFAULT_MAX_RESPONSE_BYTES),
  ),
});

export class DiagnoseConfigError extends ConfigError {
  override readonly name = 'DiagnoseConfigError';
  readonly code = 'DIAGNOSE_CONFIG_INVALID';
}

function readConnection(env: Readonly<Record<string, string | undefined>>): z.infer<typeof ConnectionSchema> {
  const ours = { RUNAI_BASE_URL: env.RUNAI_BASE_URL, RUNAI_REQUEST_TIMEOUT_MS: env.RUNAI_REQUEST_TIMEOUT_MS, RUNAI_MAX_RESPONSE_BYTES: env.RUNAI_MAX_RESPONSE_BYTES };
  const parsed = ConnectionSchema.safeParse(ours);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => {
    const key = String(issue.path[0] ?? '') as keyof typeof ours;
    return ours[key] === undefined ? `${key} is not set` : `${key} ${issue.message}`;
  });
  throw new DiagnoseConfigError(`invalid worker environment: ${problems.join('; ')}`);
}

export interface CreateDiagnoseOptions {
  env: Readonly<Record<string, string | undefined>>;
  locale: Locale;
  now: () => Date;
  /** Defaults to loadRunaiCredentials(env): the secret in AWS, the environment locally. */
  loadCredentials?: () => Promise<RunaiCredentials>;
  /** Every Run:ai HTTP exchange (metrics). */
  onRequest?: (info: RunaiRequestInfo) => void;
  /** Reads the Tier 2 secret named by TIER2_SECRET_ID; defaults to Powertools getSecret (cached). */
  readTier2Secret?: SecretStringReader;
  /** Tests: how a Tier 2 configuration becomes an access (default createTier2Access). */
  createTier2Access?: (config: Tier2Config) => Tier2AccessHandle;
  /** Where Tier 2 configuration problems are reported (default: nowhere). */
  logger?: WorkerLogger;
}

/**
 * Validates the connection settings and the credentials once (so a bad deploy fails the
 * first batch with the key named), then returns the per-request diagnose function.
 */
export async function createDiagnose(options: CreateDiagnoseOptions): Promise<Diagnose> {
  const connection = readConnection(options.env);
  const loadCredentials = options.loadCredentials ?? (() => loadRunaiCredentials(options.env));
  let current: { key: string; reader: RunaiClient } | undefined;

  const readerFor = (credentials: RunaiCredentials): RunaiClient => {
    const key = JSON.stringify(credentials);
    if (current?.key === key) return current.reader;
    const previous = current?.reader;
    current = {
      key,
      reader: createRunaiClient({
        baseUrl: connection.RUNAI_BASE_URL,
        credentials,
        requestTimeoutMs: connection.RUNAI_REQUEST_TIMEOUT_MS,
        maxResponseBytes: connection.RUNAI_MAX_RESPONSE_BYTES,
        ...(options.onRequest ? { onRequest: options.onRequest } : {}),
      }),
    };
    // Rotated: the old pool finishes what it has in flight, then closes.
    previous?.close().catch(() => {});
    return current.reader;
  };

  // Optional, and never an error: without the variable there is simply no Tier 2.
  const tier2SecretId = options.env.TIER2_SECRET_ID?.trim();
  const tier2 = tier2SecretId
    ? createTier2Source({
        secretId: tier2SecretId,
        logger: options.logger ?? silentLogger,
        ...(options.readTier2Secret ? { readSecret: options.readTier2Secret } : {}),
        ...(options.createTier2Access ? { createAccess: options.createTier2Access } : {}),
      })
    : null;

  // The Run:ai credentials must load (a failure fails the batch); the Tier 2 read cannot fail.
  const [credentials] = await Promise.all([loadCredentials(), tier2?.current()]);
  readerFor(credentials);
  return async (queued, budget) => {
    const [credentials, tier2Access] = await Promise.all([loadCredentials(), tier2 ? tier2.current() : null]);
    const client = readerFor(credentials);
    // With a budget, every Run:ai read of this diagnosis ends by its deadline (the client's clock is Date.now, as the worker's).
    const reader = budget ? client.withDeadline(budget.deadlineAt) : client;
    return diagnoseWorkload(queued.request, { reader, now: options.now(), messages: messagesFor(options.locale), tier2: tier2Access });
  };
}
