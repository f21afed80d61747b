/**
 * RECORD_DIR (local mode, worker): every diagnosis of a long-lived process recorded into a
 * folder of its own. The clients are created once, with interceptors that route each
 * exchange to the recording of the diagnosis that sent it — found through the async
 * context (AsyncLocalStorage) the request was sent from — so concurrent diagnoses never
 * mix their exchanges. Writing a recording never fails a diagnosis: a problem is reported
 * through `onError` and the verdict goes on.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { Dispatcher } from 'undici';
import type { DiagnosisRequest } from '../core/diagnosisRequest.js';
import type { DiagnosisResult } from '../diagnosis/model/DiagnosisResult.js';
import { isRunaiError } from '../diagnosis/ports/RunaiError.js';
import { createRecordingInterceptor, type RecordingSink } from './createRecordingInterceptor.js';
import { createRecordingSession, type WrittenRecording } from './createRecordingSession.js';
import { trimTrailingSlashes } from '../core/trimTrailingSlashes.js';

export interface RecordingRouterOptions {
  dir: string;
  anonymize: boolean;
  /** Credentials held by the process (client secret, Tier 2 tokens), read per diagnosis: they rotate. */
  secrets: () => readonly string[];
  /** The Tier 2 API server of a cluster, if any, read per diagnosis: its path prefix is stripped from the recording. */
  kubernetesServer?: (clusterId: string) => string | undefined;
  onWritten?: (written: WrittenRecording) => void;
  onError?: (error: unknown) => void;
}

export interface RecordingRouter {
  /** For the Run:ai client's dispatcher (`pool.compose(...)`); `basePath` is the base URL's path. */
  runaiInterceptor(basePath: string): Dispatcher.DispatcherComposeInterceptor;
  /** For createTier2Access's `interceptor`. */
  readonly kubernetesInterceptor: Dispatcher.DispatcherComposeInterceptor;
  /** Runs one diagnosis and writes its recording into a new folder of `dir`. */
  record(request: DiagnosisRequest, now: Date, tier2Configured: boolean, diagnose: () => Promise<DiagnosisResult>): Promise<DiagnosisResult>;
}

export function createRecordingRouter(options: RecordingRouterOptions): RecordingRouter {
  const current = new AsyncLocalStorage<RecordingSink>();
  const sink = () => current.getStore();
  return {
    runaiInterceptor: (basePath) => createRecordingInterceptor({ service: 'runai', basePath: trimTrailingSlashes(basePath), sink }),
    // One interceptor for every cluster: the prefix is the one of the diagnosis's cluster (a Rancher proxy
    // serves many clusters on one origin, each below its own path).
    kubernetesInterceptor: createRecordingInterceptor({ service: 'kubernetes', basePath: (session) => session.kubernetesBasePath, sink }),
    async record(request, now, tier2Configured, diagnose) {
      const kubernetesServer = request.clusterId ? options.kubernetesServer?.(request.clusterId) : undefined;
      const session = createRecordingSession({ secrets: options.secrets(), kubernetesServer });
      const folder = join(options.dir, `${now.toISOString().replace(/[:.]/g, '-')}-${randomBytes(3).toString('hex')}`);
      const write = (verdict: DiagnosisResult['verdict'] | null, exitCode: number) =>
        session.finish(folder, { request, verdict, exitCode, now, anonymize: options.anonymize, tier2Configured }).then(
          (written) => options.onWritten?.(written),
          (error: unknown) => options.onError?.(error),
        );
      let result: DiagnosisResult;
      try {
        result = await current.run(session.sink, diagnose);
      } catch (error) {
        if (isRunaiError(error)) await write(null, 3);
        throw error;
      }
      await write(result.verdict, 0);
      return result;
    },
  };
}
