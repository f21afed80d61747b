/**
 * What the diagnosis needs to start: the cluster and one way to identify the workload
 * (docs/procedure.md, inputs). Producers (CLI, webhooks, poller) all normalise into this shape.
 * Missing identifiers are *not* a parse error: the diagnosis answers `needs_input`.
 */
import * as z from 'zod';

export const IntentSchema = z.enum(['terminal', 'active']);
export type Intent = z.infer<typeof IntentSchema>;

/** `7d`, `36h`, `90m`; at most 90 days. */
export const LookbackSchema = z
  .string()
  .regex(/^\d{1,4}[dhm]$/, { message: 'lookback must look like 7d, 36h or 90m', abort: true })
  .refine((value) => parseLookbackMs(value) > 0 && parseLookbackMs(value) <= 90 * 86_400_000, 'lookback must be between 1m and 90d');

export const DiagnosisRequestSchema = z.object({
  clusterId: z.string().trim().min(1).max(200).optional(),
  workloadId: z.string().trim().min(1).max(200).optional(),
  workloadName: z.string().trim().min(1).max(253).optional(),
  project: z.string().trim().min(1).max(253).optional(),
  intent: IntentSchema.optional(),
  lookback: LookbackSchema.optional(),
});
export type DiagnosisRequest = z.infer<typeof DiagnosisRequestSchema>;

export const DEFAULT_LOOKBACK = '7d';

export function parseLookbackMs(value: string): number {
  const match = /^(\d+)([dhm])$/.exec(value);
  if (!match) return Number.NaN;
  const amount = Number(match[1]);
  const unit = match[2] === 'd' ? 86_400_000 : match[2] === 'h' ? 3_600_000 : 60_000;
  return amount * unit;
}
