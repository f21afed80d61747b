/**
 * The JSON body of a `node_suspect` notice (DESIGN §4.8; what renderNodeSuspect sends to
 * https/sqs/lambda subscribers), as a schema so that consumers — the PagerDuty and chat
 * forwarders — parse it instead of trusting it. Tolerant of fields added later.
 */
import * as z from 'zod';
import { CategorySchema } from '../core/verdict.js';

export const NodeSuspectPayloadSchema = z.object({
  kind: z.literal('node_suspect'),
  schemaVersion: z.literal(1),
  clusterId: z.string(),
  node: z.string(),
  failures: z.number().int().nonnegative(),
  submitters: z.number().int().nonnegative(),
  windowHours: z.number().positive(),
  hardwareXid: z.number().int().nullable(),
  workloads: z.array(
    z.object({
      workloadId: z.string(),
      workloadName: z.string(),
      project: z.string().nullable(),
      category: CategorySchema,
      at: z.string(),
    }),
  ),
  /** Workloads not listed (the list is capped); the counts above stay whole. */
  omitted: z.number().int().nonnegative(),
  /** What a person runs to check the node and take it out of scheduling; the product never runs them. */
  commands: z.array(z.string()),
});
export type NodeSuspectPayload = z.infer<typeof NodeSuspectPayloadSchema>;
