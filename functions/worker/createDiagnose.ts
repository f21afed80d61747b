/**
 * INJECTION POINT: how the worker Lambda diagnoses one queued request against the real
 * Run:ai API. Everything else in the worker takes `diagnose` as a function, so this is the
 * only file that binds the engine, the REST client and the Run:ai configuration:
 * RUNAI_BASE_URL, RUNAI_REQUEST_TIMEOUT_MS and RUNAI_MAX_RESPONSE_BYTES from the environment, the credentials from
 * loadRunaiCredentials (the Secrets Manager secret named by RUNAI_SECRET_ID, or locally
 * RUNAI_CLIENT_ID / RUNAI_CLIENT_SECRET / RUNAI_GRANT_TYPE).
 *
 * One client per set of credentials (createRotatingRunaiClient): its token cache and
 * connection pool are reused by every diagnosis of every batch; the credentials are looked
 * up per diagnosis and a rotated secret replaces the client.
 *
 * Tier 2 (optional): TIER2_SECRET_ID names a Secrets Manager secret holding a Tier 2
 * configuration (createTier2Source.ts: same cache, rebuilt on rotation). A bad or unreadable
 * Tier 2 secret never fails a diagnosis: it is logged once and the diagnosis runs Tier 1 only.
 *
 * RECORD_DIR (optional): every diagnosis is also recorded there (createWorkerRecording.ts).
 */
import type { Diagnose } from './batch/diagnoseRecord.js';
import { diagnoseWorkload } from '../diagnosis/diagnoseWorkload.js';
import { loadRunaiCredentials } from '../runai/loadRunaiCredentials.js';
import type { Locale } from '../report/Messages.js';
import { messagesFor } from '../report/messagesFor.js';
import type { RunaiCredentials, RunaiRequestInfo } from '../runai/RunaiClientConfig.js';
import { createRotatingRunaiClient } from '../lambda/createRotatingRunaiClient.js';
import { readEnvironment } from '../lambda/readEnvironment.js';
import { RunaiConnectionEnvSchema } from '../lambda/runaiEnvironment.js';
import type { Tier2AccessHandle } from '../kubernetes/createTier2Access.js';
import type { Tier2Config } from '../kubernetes/Tier2Config.js';
import { createTier2Source, type SecretStringReader } from './createTier2Source.js';
import { silentLogger, type LogPort } from '../core/LogPort.js';
import { ConfigError } from '../core/ConfigError.js';
import { createWorkerRecording } from './createWorkerRecording.js';

export class DiagnoseConfigError extends ConfigError {
  override readonly name = 'DiagnoseConfigError';
  readonly code = 'DIAGNOSE_CONFIG_INVALID';
}

export interface CreateDiagnoseOptions {
  env: Readonly<Record<string, string | undefined>>;
  locale: Locale;
  now: () => Date;
  /** Defaults to loadRunaiCredentials(env): the secret in AWS, the environment locally. */
  loadCredentials?: () => Promise<RunaiCredentials>;
  /** Every Run:ai HTTP exchange (metrics). */
  onRequest?: (info: RunaiRequestInfo) => void;
  /** Reads the Tier 2 secret named by TIER2_SECRET_ID; defaults to the Lambda's secret cache (functions/aws/readSecret.ts). */
  readTier2Secret?: SecretStringReader;
  /** Tests: how a Tier 2 configuration becomes an access (default createTier2Access). */
  createTier2Access?: (config: Tier2Config) => Tier2AccessHandle;
  /** Where Tier 2 configuration problems are reported (default: nowhere). */
  logger?: LogPort;
}

/**
 * Validates the connection settings and the credentials once (so a bad deploy fails the
 * first batch with the key named), then returns the per-request diagnose function.
 */
export async function createDiagnose(options: CreateDiagnoseOptions): Promise<Diagnose> {
  const connection = readEnvironment(RunaiConnectionEnvSchema, options.env, (message) => new DiagnoseConfigError(message), 'worker environment');
  const loadCredentials = options.loadCredentials ?? (() => loadRunaiCredentials(options.env));
  const recorder = createWorkerRecording(options.env, connection.RUNAI_BASE_URL, options.logger ?? silentLogger);
  const readerFor = createRotatingRunaiClient({
    baseUrl: connection.RUNAI_BASE_URL,
    requestTimeoutMs: connection.RUNAI_REQUEST_TIMEOUT_MS,
    maxResponseBytes: connection.RUNAI_MAX_RESPONSE_BYTES,
    ...(options.onRequest ? { onRequest: options.onRequest } : {}),
    ...(recorder ? { dispatcherFor: (credentials: RunaiCredentials) => recorder.dispatcher(credentials) } : {}),
  });

  // Optional, and never an error: without the variable there is simply no Tier 2.
  const tier2SecretId = options.env.TIER2_SECRET_ID?.trim();
  const tier2 = tier2SecretId
    ? createTier2Source({
        secretId: tier2SecretId,
        logger: options.logger ?? silentLogger,
        ...(options.readTier2Secret ? { readSecret: options.readTier2Secret } : {}),
        ...(options.createTier2Access ? { createAccess: options.createTier2Access } : recorder ? { createAccess: recorder.createTier2Access } : {}),
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
    const now = options.now();
    const run = () => diagnoseWorkload(queued.request, { reader, now, messages: messagesFor(options.locale), tier2: tier2Access });
    return recorder ? recorder.router.record(queued.request, now, tier2Access?.readerFor(queued.request.clusterId ?? '') != null, run) : run();
  };
}
