/**
 * Measures each diagnosis (what the demo and the local server print: "how long did it
 * take?") without touching the worker: it wraps the `diagnose` function it is given.
 */
import type { QueuedDiagnosis } from '../core/queuedDiagnosis.js';
import type { DiagnosisResult } from '../diagnosis/model/DiagnosisResult.js';
import { verdictLabel, workloadDisplay } from '../delivery/verdictSummary.js';

export interface DiagnosisTiming {
  queued: QueuedDiagnosis;
  ms: number;
  result?: DiagnosisResult;
  error?: unknown;
}

type Diagnose = (queued: QueuedDiagnosis) => Promise<DiagnosisResult>;

export function withTiming(diagnose: Diagnose, onDone: (timing: DiagnosisTiming) => void): Diagnose {
  return async (queued) => {
    const started = performance.now();
    const elapsed = () => Math.round((performance.now() - started) * 10) / 10;
    try {
      const result = await diagnose(queued);
      onDone({ queued, ms: elapsed(), result });
      return result;
    } catch (error) {
      onDone({ queued, ms: elapsed(), error });
      throw error;
    }
  };
}

/** `llm-pretrain-13b (foundation-models) -> OOM_KILLED in 14 ms`, or why it failed. */
export function describeTiming(timing: DiagnosisTiming): string {
  const { request } = timing.queued;
  const context = { clusterId: request.clusterId, project: request.project, workloadName: request.workloadName, workloadId: request.workloadId };
  const took = `in ${timing.ms} ms`;
  if (!timing.result) {
    const error = timing.error as { code?: unknown; message?: unknown } | undefined;
    const why = typeof error?.code === 'string' ? error.code : typeof error?.message === 'string' ? error.message : 'error';
    const who = request.workloadName ?? request.workloadId ?? 'unidentified workload';
    return `diagnosis of ${request.project ? `${who} (${request.project})` : who} failed ${took} (${why})`;
  }
  const { verdict } = timing.result;
  return `diagnosed ${workloadDisplay(verdict, context)} -> ${verdictLabel(verdict)} ${took}`;
}
