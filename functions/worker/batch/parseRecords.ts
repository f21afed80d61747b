/**
 * Stage 1, parse. A malformed body (not JSON, or not a QueuedDiagnosis) can never succeed, yet
 * it is reported as failed rather than acknowledged: acknowledging would silently drop
 * something a producer accepted, and the worker cannot move it to the DLQ itself. SQS's
 * redrive policy puts it there after maxReceiveCount receives, body intact, for an operator;
 * the cost is a few pointless receives. Each receive logs why it is invalid.
 */
import { QueuedDiagnosisSchema, type QueuedDiagnosis } from '../../core/queuedDiagnosis.js';
import type { WorkerLogger } from '../WorkerLogger.js';
import type { BatchLedger } from './BatchLedger.js';

export interface ParsedRecord {
  index: number;
  queued: QueuedDiagnosis;
}

export function parseRecord(body: string): { ok: true; queued: QueuedDiagnosis } | { ok: false; why: string[] } {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch (error) {
    return { ok: false, why: [`body is not JSON: ${(error as Error).message}`] };
  }
  const parsed = QueuedDiagnosisSchema.safeParse(json);
  if (parsed.success) return { ok: true, queued: parsed.data };
  return { ok: false, why: parsed.error.issues.slice(0, 10).map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`) };
}

/** The valid records, in input order; the others are failed as `malformed` in the ledger. */
export function parseRecords(ledger: BatchLedger, logger: WorkerLogger): ParsedRecord[] {
  const valid: ParsedRecord[] = [];
  ledger.records.forEach((record, index) => {
    const parsed = parseRecord(record.body);
    if (parsed.ok) {
      valid.push({ index, queued: parsed.queued });
      return;
    }
    logger.warn('worker.malformed_message', {
      messageId: record.messageId,
      bodyBytes: Buffer.byteLength(record.body, 'utf8'),
      issues: parsed.why,
      note: 'reported as failed so that the redrive policy moves it to the DLQ',
    });
    ledger.fail(index, 'malformed');
  });
  return valid;
}
