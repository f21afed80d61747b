/**
 * The verdict contract (docs/cli-and-verdict.md, schemaVersion 1). The schema is the single source of
 * the type; consumers (SNS subscribers, tests) can validate against it.
 */
import * as z from 'zod';

export const CATEGORIES = [
  'OOM_KILLED',
  'IMAGE_PULL_FAILED',
  'INIT_FAILED',
  'DATASOURCE_MOUNT_FAILED',
  'CRASH_APP_ERROR',
  'NODE_FAILURE',
  'SCHEDULING_POLICY_TERMINATED',
  'UNKNOWN',
] as const;
export const CategorySchema = z.enum(CATEGORIES);
export type Category = z.infer<typeof CategorySchema>;

export const OUTCOMES = ['diagnosed', 'routed', 'stopped', 'needs_input'] as const;
export const OutcomeSchema = z.enum(OUTCOMES);
export type Outcome = z.infer<typeof OutcomeSchema>;

export const ROUTES = ['runai-diagnose-preempted-workload', 'runai-diagnose-pending-workload'] as const;
export const RouteSchema = z.enum(ROUTES);
export type Route = z.infer<typeof RouteSchema>;

export const STOP_REASONS = ['SUCCEEDED', 'SUSPENDED', 'RUNNING_NO_FAILURE', 'NON_TERMINAL_PHASE', 'CLUSTER_MISMATCH'] as const;
export const StopReasonSchema = z.enum(STOP_REASONS);
export type StopReason = z.infer<typeof StopReasonSchema>;

/** Who must act on a verdict (DESIGN §4.8): the workload's user, the platform team, or nobody. */
export const AUDIENCES = ['user', 'platform', 'none'] as const;
export const AudienceSchema = z.enum(AUDIENCES);
export type Audience = z.infer<typeof AudienceSchema>;

/** The names of the Tier 1 sources (docs/procedure.md) (and Tier 2 commands); reports cite them as sources. */
export const EvidenceSourceSchema = z.string().min(1);

export const EvidenceSchema = z.object({
  text: z.string(),
  source: EvidenceSourceSchema,
});
export type Evidence = z.infer<typeof EvidenceSchema>;

export const VerdictWorkloadSchema = z.object({
  id: z.string(),
  name: z.string(),
  project: z.string().nullable(),
  clusterId: z.string(),
  phase: z.string(),
  type: z.string().nullable(),
});
export type VerdictWorkload = z.infer<typeof VerdictWorkloadSchema>;

/**
 * The node a diagnosed failure happened on (§4.8), and whether that node is suspect: enough
 * workloads of different submitters failed on it with node-side signatures within the window,
 * or a hardware Xid was seen on it (functions/diagnosis/classify/decideNodeSuspicion.ts).
 */
export const VerdictNodeSchema = z.object({
  name: z.string(),
  suspect: z
    .object({
      /** Workloads that failed on the node within the window with a signature that counts (this one included when it counts). */
      failures: z.number().int().nonnegative(),
      /** Distinct submitters (projects when `submittedBy` is absent) among them. */
      submitters: z.number().int().nonnegative(),
      windowHours: z.number().positive(),
      /** A hardware Xid seen on the node within the window (enough on its own), else null. */
      hardwareXid: z.number().int().nullable(),
    })
    .nullable(),
});
export type VerdictNode = z.infer<typeof VerdictNodeSchema>;

/**
 * Where a multi-pod workload's failure started (§4.8): the replica that failed first (by its first
 * failure time, never the listing order), its node, that time, the signal that ended it (quoted),
 * and how many other replicas failed after it with a peer's death (NCCL watchdog timeouts,
 * c10d/TCPStore errors, SIGTERM, MPI "exited on signal 15", Ray peer deaths).
 */
export const VerdictOriginSchema = z.object({
  pod: z.string(),
  node: z.string().nullable(),
  /** ISO 8601 UTC. */
  at: z.string(),
  signal: z.string(),
  collateral: z.number().int().nonnegative(),
});

export const VerdictSchema = z.object({
  schemaVersion: z.literal(1),
  outcome: OutcomeSchema,
  category: CategorySchema.nullable(),
  route: RouteSchema.nullable(),
  stopReason: StopReasonSchema.nullable(),
  workload: VerdictWorkloadSchema.nullable(),
  evidence: z.array(EvidenceSchema),
  memory: z
    .object({
      requestBytes: z.number().nullable(),
      limitBytes: z.number().nullable(),
      peakBytes: z.number().nullable(),
    })
    .nullable(),
  recurrence: z
    .object({
      count: z.number().int().nonnegative(),
      lookbackDays: z.number().positive(),
      recurring: z.boolean(),
    })
    .nullable(),
  recommendations: z.array(z.string()),
  /**
   * The stable id of each recommendation (functions/diagnosis/model/Recommendation.ts), one per
   * entry of `recommendations`, same order: what a pager or a script matches on, whatever
   * the report's language. Absent in verdicts published before the field existed.
   */
  recommendationIds: z.array(z.string()).default([]),
  limitations: z.array(z.string()),
  /**
   * The stable id of each limitation (functions/diagnosis/model/Limitation.ts), one per entry of
   * `limitations`, same order: what a script matches on, whatever the report's language. Absent
   * in verdicts published before the field existed.
   */
  limitationIds: z.array(z.string()).default([]),
  message: z.string(),
  /**
   * The single line a person needs to act on, verbatim and redacted (quoted like evidence): the
   * registry's or the mount's error clause, the application's last exception, an NCCL/CUDA/Xid
   * line. Set on every diagnosed verdict that has any text to quote; null for routed, stopped
   * and needs_input. Optional in the schema only so verdicts published before it still parse.
   */
  failingLine: z.string().nullable().optional(),
  /** Who must act (decideAudience); published as the SNS attribute `audience` so subscriptions can filter on it. */
  audience: AudienceSchema,
  /**
   * The node the failure happened on, when the diagnosis knows it (the failing pod's node);
   * `suspect` is filled by the worker from the fleet's memory (§4.8). Optional in the schema so
   * verdicts published before it still parse; null when no node is known.
   */
  node: VerdictNodeSchema.nullable().optional(),
  /**
   * The origin of a multi-pod failure (§4.8); null for a single-pod workload, for any outcome but
   * diagnosed, and when the order of the failures cannot be told (a limitation then says why).
   * Optional in the schema so verdicts published before it still parse.
   */
  origin: VerdictOriginSchema.nullable().optional(),
  /** Set by the SNS publisher when evidence had to be cut to fit the message size limit. */
  truncated: z.boolean().optional(),
  /**
   * Set by the SNS publisher: the failure occurrence this verdict notifies (the idempotency
   * key), so that consumers can correlate repeats — PagerDuty uses it as the dedup_key and
   * chat as the thread id.
   */
  occurrenceKey: z.string().optional(),
  /**
   * Set by the SNS publisher (§4.10): the signed "Was this right?" link for this occurrence,
   * null when feedback is off. Absent from verdicts that were never published (CLI, replay).
   */
  feedbackUrl: z.string().nullable().optional(),
});
export type Verdict = z.infer<typeof VerdictSchema>;
