/**
 * The JSON body of a storm digest (what renderDigest sends to https/sqs/lambda
 * subscribers), as a schema so that consumers — the PagerDuty and chat forwarders — parse
 * it instead of trusting it. Tolerant of fields added later (plain objects strip them).
 */
import * as z from 'zod';
import { CategorySchema, OutcomeSchema, RouteSchema, StopReasonSchema } from '../core/verdict.js';

export const DigestEntrySummarySchema = z.object({
  /** The occurrence (idempotency) key of this verdict. */
  key: z.string(),
  workloadId: z.string().nullable(),
  workloadName: z.string().nullable(),
  project: z.string().nullable(),
  outcome: OutcomeSchema,
  category: CategorySchema.nullable(),
  route: RouteSchema.optional(),
  stopReason: StopReasonSchema.optional(),
  recurring: z.boolean(),
  recurrenceCount: z.number().nullable(),
});

export const DigestPayloadSchema = z.object({
  kind: z.literal('digest'),
  schemaVersion: z.literal(1),
  clusterId: z.string(),
  total: z.number().int().nonnegative(),
  counts: z.record(z.string(), z.number()),
  recurring: z.number().int().nonnegative(),
  nodes: z.array(z.object({ name: z.string(), count: z.number() })),
  verdicts: z.array(DigestEntrySummarySchema),
  listed: z.number().int().nonnegative(),
  omitted: z.number().int().nonnegative(),
  truncated: z.boolean(),
});
export type DigestPayload = z.infer<typeof DigestPayloadSchema>;
