/**
 * RECORD_DIR in local mode: the Run:ai client's dispatcher records through the router, and
 * every diagnosis writes its recording into a folder of its own (functions/recording).
 */
import type { LogPort } from '../core/LogPort.js';
import { createPool } from '../http/createPool.js';
import { createRecordingRouter, type RecordingRouter } from '../recording/createRecordingRouter.js';
import type { RunaiClientConfig } from '../runai/RunaiClientConfig.js';
import type { LocalConfig } from './readLocalEnv.js';

export interface LocalRecording {
  router: RecordingRouter;
  clientConfig: RunaiClientConfig;
  close(): Promise<void>;
}

export function startLocalRecording(
  record: NonNullable<LocalConfig['record']>,
  client: Pick<RunaiClientConfig, 'baseUrl' | 'credentials' | 'requestTimeoutMs'>,
  logger: LogPort,
  /** The Tier 2 API server of a cluster, if any (its path prefix is stripped from the recording). */
  kubernetesServer: (clusterId: string) => string | undefined,
): LocalRecording {
  const credentials = client.credentials;
  const secret = credentials.grantType === 'client_credentials' ? credentials.clientSecret : credentials.appSecret;
  const router = createRecordingRouter({
    dir: record.dir,
    anonymize: record.anonymize,
    secrets: () => [secret],
    kubernetesServer,
    onWritten: (written) => logger.info('recording.written', { dir: written.dir, files: written.files, differences: written.differences }),
    onError: (error) => logger.error('recording.failed', { error: error instanceof Error ? error.message : String(error) }),
  });
  const url = new URL(client.baseUrl);
  const pool = createPool(url.origin, { connections: 16, connectTimeoutMs: client.requestTimeoutMs ?? 10_000 });
  return {
    router,
    clientConfig: { ...client, dispatcher: pool.compose(router.runaiInterceptor(url.pathname)) },
    close: () => pool.close(),
  };
}
