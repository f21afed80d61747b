/**
 * INJECTION POINT (owned by the lead): how the worker Lambda diagnoses one queued request
 * against the real Run:ai API. Everything else in the worker takes `diagnose` as a
 * function, so this is the only file that binds the engine, the REST client and the
 * Run:ai configuration keys (read here with the CLI's reader: RUNAI_BASE_URL,
 * RUNAI_CLIENT_ID, RUNAI_CLIENT_SECRET, RUNAI_GRANT_TYPE, RUNAI_REQUEST_TIMEOUT_MS).
 *
 * One client per execution environment: its token cache and connection pool are reused
 * by every diagnosis of every batch.
 */
import { readRunaiEnvironment } from '../cli/readRunaiEnvironment.js';
import type { QueuedDiagnosis } from '../core/queuedDiagnosis.js';
import type { DiagnosisResult } from '../diagnosis/DiagnosisResult.js';
import { diagnoseWorkload } from '../diagnosis/diagnoseWorkload.js';
import type { Locale } from '../report/Messages.js';
import { createRunaiClient } from '../runai/createRunaiClient.js';

export function createDiagnose(options: {
  env: Readonly<Record<string, string | undefined>>;
  locale: Locale;
  now: () => Date;
}): (queued: QueuedDiagnosis) => Promise<DiagnosisResult> {
  const reader = createRunaiClient(readRunaiEnvironment({ ...options.env }));
  return (queued) => diagnoseWorkload(queued.request, { reader, now: options.now(), locale: options.locale });
}
