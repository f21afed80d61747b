/**
 * #12 item 2's worst case, set up once for its test (test/worker/batchDeadline.test.ts) and
 * its bench figure (test/bench/measureWorstCase.ts): a batch of records on cluster P whose
 * events read never answers, run through the real engine and client (createDiagnose)
 * against the simulator, with the request timeout scaled down. Optionally three records of a
 * quiet cluster A beside them, whose reads answer. The caller runs `processDiagnosisBatch`
 * with `deps` (and its own `diagnoseBy`) and reads when each notification was published.
 */
import type { DiagnosisResult } from '../../functions/diagnosis/model/DiagnosisResult.js';
import { createMemoryIdempotencyStore } from '../../functions/delivery/IdempotencyStore.js';
import { createMemoryStormWindow } from '../../functions/delivery/createMemoryStormWindow.js';
import type { VerdictPublisher } from '../../functions/delivery/VerdictPublisher.js';
import { startRunaiSimulator, type RunaiSimulator } from '../../functions/simulator/startRunaiSimulator.js';
import { createDiagnose } from '../../functions/worker/createDiagnose.js';
import { createRenderText } from '../../functions/worker/createRenderText.js';
import type { Diagnose, ProcessDiagnosisBatchDeps, SqsRecordLike } from '../../functions/worker/processDiagnosisBatch.js';
import { silentLogger } from '../../functions/core/LogPort.js';
import { A, bulkFailures, NOW, P, pollerScenario } from '../poller/pollerTestKit.js';
import { queued, record } from './workerFakes.js';

export interface HangingBatchOptions {
  /** Records on cluster P, whose events read hangs. */
  hanging: number;
  /** Adds the three Failed workloads of cluster A (a-1, a-2, a-3), whose reads answer. */
  quiet?: boolean;
  requestTimeoutMs: number;
}

export interface HangingBatch {
  sim: RunaiSimulator;
  records: SqsRecordLike[];
  deps: ProcessDiagnosisBatchDeps;
  /** Date.now() when the batch was ready to run. */
  started: number;
  /** Each publish, in order: ms after `started`, its subject and its clusterId attribute. */
  publishedAt: { ms: number; subject: string; clusterId: string | undefined }[];
  /** Every diagnosis result, in the order they ended. */
  results: DiagnosisResult[];
}

export async function startHangingBatch(options: HangingBatchOptions): Promise<HangingBatch> {
  const sim = await startRunaiSimulator({ scenarios: [...(options.quiet ? [pollerScenario()] : []), bulkFailures(options.hanging)], now: () => NOW });
  sim.setFaults([{ endpoint: 'events', clusterId: P, kind: 'hang' }]);
  try {
    const inner = await createDiagnose({
      env: { RUNAI_BASE_URL: sim.url, RUNAI_REQUEST_TIMEOUT_MS: String(options.requestTimeoutMs) },
      locale: 'en',
      now: () => new Date(NOW),
      loadCredentials: async () => ({ grantType: 'client_credentials', clientId: 'sim-client', clientSecret: 'sim-secret' }),
    });
    const results: DiagnosisResult[] = [];
    const diagnose: Diagnose = async (q, budget) => {
      const result = await inner(q, budget);
      results.push(result);
      return result;
    };
    const started = Date.now();
    const publishedAt: HangingBatch['publishedAt'] = [];
    const publisher: VerdictPublisher = {
      async publish(notification) {
        publishedAt.push({ ms: Date.now() - started, subject: notification.Subject, clusterId: notification.MessageAttributes?.['clusterId']?.StringValue });
        return { messageId: `sns-${publishedAt.length}` };
      },
    };
    const records = [
      ...(options.quiet ? ['a-1', 'a-2', 'a-3'].map((id) => record(`m-${id}`, queued(id, A))) : []),
      ...Array.from({ length: options.hanging }, (_, i) => `p-${String(i).padStart(3, '0')}`).map((id) => record(`m-${id}`, queued(id, P))),
    ];
    const deps: ProcessDiagnosisBatchDeps = {
      diagnose,
      renderText: createRenderText('en'),
      publisher,
      idempotency: createMemoryIdempotencyStore(),
      // The storm window decides what goes out alone; its flush (the digest) is not part of this batch.
      storm: { window: createMemoryStormWindow({ now: () => new Date() }), flushes: { schedule: async () => {} } },
      now: () => new Date(),
      logger: silentLogger,
    };
    return { sim, records, deps, started, publishedAt, results };
  } catch (error) {
    await sim.close();
    throw error;
  }
}
