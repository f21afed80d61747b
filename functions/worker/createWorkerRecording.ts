/**
 * RECORD_DIR for the worker (docs/recording.md): every diagnosis is also recorded into a
 * folder of its own under that directory (in a Lambda, under /tmp), anonymized when
 * RECORD_ANONYMIZE=true. The Run:ai clients send through a recording dispatcher and the
 * Tier 2 accesses through a recording interceptor; the router keeps concurrent diagnoses
 * apart. Without RECORD_DIR nothing changes.
 */
import type { Dispatcher } from 'undici';
import { createPool } from '../http/createPool.js';
import { createTier2Access, type Tier2AccessHandle } from '../kubernetes/createTier2Access.js';
import { tier2ClusterFor, type Tier2Config } from '../kubernetes/Tier2Config.js';
import { createRecordingRouter, type RecordingRouter } from '../recording/createRecordingRouter.js';
import type { RunaiCredentials } from '../runai/RunaiClientConfig.js';
import type { LogPort } from '../core/LogPort.js';

export interface WorkerRecording {
  router: RecordingRouter;
  /** A recording dispatcher for a client holding these credentials (one per client: its secret is scrubbed). */
  dispatcher(credentials: RunaiCredentials): Dispatcher;
  createTier2Access(config: Tier2Config): Tier2AccessHandle;
}

export function createWorkerRecording(env: Readonly<Record<string, string | undefined>>, baseUrl: string, logger: LogPort): WorkerRecording | null {
  const dir = env.RECORD_DIR?.trim();
  if (!dir) return null;
  const secrets = new Set<string>();
  /** The newest Tier 2 configuration (the secret rotates): where each cluster's API server is. */
  let tier2Config: Tier2Config | null = null;
  const router = createRecordingRouter({
    dir,
    anonymize: env.RECORD_ANONYMIZE?.trim() === 'true',
    secrets: () => [...secrets],
    kubernetesServer: (clusterId) => (tier2Config ? tier2ClusterFor(tier2Config, clusterId)?.server : undefined),
    onWritten: (written) => logger.info('worker.recording_written', { dir: written.dir, files: written.files, differences: written.differences }),
    onError: (error) => logger.error('worker.recording_failed', { error: error instanceof Error ? error.message : String(error) }),
  });
  const url = new URL(baseUrl);
  return {
    router,
    dispatcher(credentials) {
      secrets.add(credentials.grantType === 'client_credentials' ? credentials.clientSecret : credentials.appSecret);
      return createPool(url.origin, { connections: 16, connectTimeoutMs: 10_000 }).compose(router.runaiInterceptor(url.pathname));
    },
    createTier2Access(config) {
      for (const cluster of Object.values(config.clusters)) if (cluster.token) secrets.add(cluster.token);
      tier2Config = config;
      return createTier2Access(config, { interceptor: router.kubernetesInterceptor });
    },
  };
}
