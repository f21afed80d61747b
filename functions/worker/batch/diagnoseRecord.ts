/**
 * Stage 2, diagnose one parsed record. Any diagnose error fails the record. Retryable ones
 * (Run:ai unreachable) are expected to succeed later; permanent ones should not escape the
 * engine (it turns them into verdicts with limitations), so if one does it is logged as an
 * error and still ends in the DLQ rather than vanishing.
 */
import type { QueuedDiagnosis } from '../../core/queuedDiagnosis.js';
import type { DiagnosisResult } from '../../diagnosis/DiagnosisResult.js';
import type { WorkerLogger } from '../WorkerLogger.js';
import type { BatchLedger } from './BatchLedger.js';
import { errorFields } from './errorFields.js';
import type { ParsedRecord } from './parseRecords.js';

export interface DiagnosedRecord extends ParsedRecord {
  result: DiagnosisResult;
}

export type Diagnose = (queued: QueuedDiagnosis) => Promise<DiagnosisResult>;

export async function diagnoseRecord(item: ParsedRecord, diagnose: Diagnose, ledger: BatchLedger, logger: WorkerLogger): Promise<DiagnosedRecord | null> {
  const { index, queued } = item;
  try {
    return { index, queued, result: await diagnose(queued) };
  } catch (error) {
    const fields = { messageId: ledger.messageId(index), dedupeKey: queued.dedupeKey, ...errorFields(error) };
    if (fields.retryable) logger.warn('worker.diagnose_failed', fields);
    else logger.error('worker.diagnose_failed_permanently', { ...fields, note: 'the engine should have returned a verdict with limitations' });
    ledger.fail(index, 'diagnose_failed');
    return null;
  }
}
