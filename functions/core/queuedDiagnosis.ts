/**
 * The versioned message that travels from a producer (webhook intake, poller) to the
 * diagnose worker through the queue. Versioned so that a deploy that changes the shape
 * can still drain messages written by the previous version.
 */
import * as z from 'zod';
import { DiagnosisRequestSchema } from './diagnosisRequest.js';

export const QueuedDiagnosisSchema = z.object({
  v: z.literal(1),
  request: DiagnosisRequestSchema,
  /** Who asked: a webhook route or the poller. */
  source: z.enum(['alertmanager', 'runai-webhook', 'poller', 'cli']),
  /** ISO 8601, when the producer accepted it. */
  receivedAt: z.string(),
  /** Stable key of the failure as the producer saw it (used for de-duplication in one payload and in the queue). */
  dedupeKey: z.string().min(1).max(512),
  /** Alertmanager context, when the request came from an alert. */
  alert: z.object({ fingerprint: z.string().optional(), alertname: z.string().optional(), startsAt: z.string().optional() }).optional(),
});
export type QueuedDiagnosis = z.infer<typeof QueuedDiagnosisSchema>;
