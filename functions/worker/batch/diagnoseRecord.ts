/**
 * Stage 2, diagnose one parsed record. Any diagnose error fails the record. Retryable ones
 * (Run:ai unreachable) are expected to succeed later; permanent ones should not escape the
 * engine (it turns them into verdicts with limitations), so if one does it is logged as an
 * error and still ends in the DLQ rather than vanishing.
 *
 * With a deadline, the diagnosis is given it (its reads shrink to fit, and a read cut short
 * becomes a limitation naming the endpoint); a diagnosis still running shortly after its
 * deadline (a read the deadline does not reach) is abandoned and its record fails, so the
 * rest of the batch can still be published.
 */
import type { QueuedDiagnosis } from '../../core/queuedDiagnosis.js';
import type { DiagnosisResult } from '../../diagnosis/model/DiagnosisResult.js';
import type { LogPort } from '../../core/LogPort.js';
import type { BatchLedger } from './BatchLedger.js';
import { errorFields } from './errorFields.js';
import type { ParsedRecord } from './parseRecords.js';

export interface DiagnosedRecord extends ParsedRecord {
  result: DiagnosisResult;
}

/** The time a diagnosis has: it must end by `deadlineAt` (epoch ms, on the worker's clock). */
export interface DiagnosisBudget {
  deadlineAt: number;
}

export type Diagnose = (queued: QueuedDiagnosis, budget?: DiagnosisBudget) => Promise<DiagnosisResult>;

/** How long past its deadline a diagnosis may run before it is abandoned. */
export const OVERRUN_GRACE_MS = 2_000;

class DiagnosisOverrunError extends Error {
  override readonly name = 'DiagnosisOverrunError';
  readonly code = 'DIAGNOSIS_OVERRUN';
  readonly retryable = true;
}

function withinDeadline(run: Promise<DiagnosisResult>, waitMs: number): Promise<DiagnosisResult> {
  let timer: NodeJS.Timeout | undefined;
  const overrun = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new DiagnosisOverrunError(`diagnosis still running ${OVERRUN_GRACE_MS} ms after its deadline: abandoned`)),
      Math.max(0, waitMs),
    );
  });
  run.catch(() => {}); // an abandoned diagnosis that fails later must not become an unhandled rejection
  return Promise.race([run, overrun]).finally(() => clearTimeout(timer));
}

export async function diagnoseRecord(
  item: ParsedRecord,
  diagnose: Diagnose,
  ledger: BatchLedger,
  logger: LogPort,
  deadline?: { deadlineAt: number; nowMs: number },
): Promise<DiagnosedRecord | null> {
  const { index, queued } = item;
  try {
    const result = deadline
      ? await withinDeadline(diagnose(queued, { deadlineAt: deadline.deadlineAt }), deadline.deadlineAt + OVERRUN_GRACE_MS - deadline.nowMs)
      : await diagnose(queued);
    return { index, queued, result };
  } catch (error) {
    const fields = { messageId: ledger.messageId(index), dedupeKey: queued.dedupeKey, ...errorFields(error) };
    if (fields.retryable) logger.warn('worker.diagnose_failed', fields);
    else logger.error('worker.diagnose_failed_permanently', { ...fields, note: 'the engine should have returned a verdict with limitations' });
    ledger.fail(index, 'diagnose_failed');
    return null;
  }
}
