/**
 * The worker's operational counts: each diagnosis timed and counted by outcome and
 * category, each failed diagnosis counted, and each batch's ends (published, duplicates,
 * failed records, notifications, digests).
 */
import type { OperationsMetrics } from '../metrics/OperationsMetrics.js';
import type { BatchResult, Diagnose } from './processDiagnosisBatch.js';

/** Wraps a Diagnose: `elapsedMs` measures the call (performance.now in Lambda, a fake in tests). */
export function measureDiagnoses(diagnose: Diagnose, metrics: OperationsMetrics, clockMs: () => number = () => performance.now()): Diagnose {
  return async (queued, budget) => {
    const started = clockMs();
    try {
      const result = await diagnose(queued, budget);
      metrics.milliseconds('DiagnosisDuration', Math.round(clockMs() - started));
      const { verdict } = result;
      metrics.count('Diagnoses', 1, { outcome: verdict.outcome, category: verdict.outcome === 'diagnosed' ? (verdict.category ?? 'UNKNOWN') : 'NONE' });
      return result;
    } catch (error) {
      metrics.count('DiagnoseErrors');
      throw error;
    }
  };
}

export function countBatch(result: BatchResult, metrics: OperationsMetrics): void {
  metrics.count('Published', result.published);
  metrics.count('Duplicates', result.duplicates);
  metrics.count('FailedRecords', result.failed);
  metrics.count('Notifications', result.notifications);
  metrics.count('Digests', result.digests);
}
