/**
 * Stage 1, parse. A malformed body (not JSON, or not a QueuedDiagnosis) can never succeed, yet
 * it is reported as failed rather than acknowledged: acknowledging would silently drop
 * something a producer accepted, and the worker cannot move it to the DLQ itself. SQS's
 * redrive policy puts it there after maxReceiveCount receives, body intact, for an operator;
 * the cost is a few pointless receives. Each receive logs why it is invalid.
 */
import { QueuedDiagnosisSchema, type QueuedDiagnosis } from '../../core/queuedDiagnosis.js';
import { StormFlushSchema, type StormFlush } from '../../delivery/StormFlush.js';
import type { LogPort } from '../../core/LogPort.js';
import type { BatchLedger } from './BatchLedger.js';
import type { ParsedFlush } from './flushStorms.js';

export interface ParsedRecord {
  index: number;
  queued: QueuedDiagnosis;
}

export type ParsedBody = { ok: true; queued: QueuedDiagnosis } | { ok: true; flush: StormFlush } | { ok: false; why: string[] };

/** A diagnosis request, or the worker's own storm flush (its `kind` tells them apart). */
export function parseRecord(body: string): ParsedBody {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch (error) {
    return { ok: false, why: [`body is not JSON: ${(error as Error).message}`] };
  }
  if ((json as { kind?: unknown } | null)?.kind === 'storm-flush') {
    const flush = StormFlushSchema.safeParse(json);
    if (flush.success) return { ok: true, flush: flush.data };
    return { ok: false, why: flush.error.issues.slice(0, 10).map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`) };
  }
  const parsed = QueuedDiagnosisSchema.safeParse(json);
  if (parsed.success) return { ok: true, queued: parsed.data };
  return { ok: false, why: parsed.error.issues.slice(0, 10).map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`) };
}

/** The valid records and storm flushes, in input order; the others are failed as `malformed` in the ledger. */
export function parseRecords(ledger: BatchLedger, logger: LogPort): { valid: ParsedRecord[]; flushes: ParsedFlush[] } {
  const valid: ParsedRecord[] = [];
  const flushes: ParsedFlush[] = [];
  ledger.records.forEach((record, index) => {
    const parsed = parseRecord(record.body);
    if (parsed.ok) {
      if ('flush' in parsed) flushes.push({ index, flush: parsed.flush });
      else valid.push({ index, queued: parsed.queued });
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
  return { valid, flushes };
}
