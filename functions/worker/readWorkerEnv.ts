/**
 * The worker Lambda's own configuration, validated strictly so that a bad deploy fails
 * with a message naming the key (values are never echoed). Run:ai settings and the optional
 * TIER2_SECRET_ID are read by `createDiagnose` (the lead's wiring), not here.
 */
import * as z from 'zod'; // not `{ z }`, which makes esbuild bundle all of zod (npm run bench, bundles)
import { unsetIfEmpty } from '../core/unsetIfEmpty.js';
import { ConfigError } from '../core/ConfigError.js';

const optionalInt = (min: number, max: number) =>
  z.preprocess(unsetIfEmpty, z.coerce.number().int('must be an integer').min(min, `must be at least ${min}`).max(max, `must be at most ${max}`).optional());

export const WorkerEnvSchema = z.strictObject({
  SNS_TOPIC_ARN: z
    .string()
    .regex(/^arn:aws[a-z-]*:sns:[a-z0-9-]+:\d{12}:[A-Za-z0-9_-]{1,256}$/, 'must be the ARN of a standard SNS topic'),
  IDEMPOTENCY_TABLE: z.string().regex(/^[A-Za-z0-9_.-]{3,255}$/, 'must be a DynamoDB table name'),
  DIGEST_THRESHOLD: optionalInt(2, 10_000),
  WORKER_CONCURRENCY: optionalInt(1, 32),
  REPORT_LOCALE: z.preprocess(unsetIfEmpty, z.enum(['en', 'fr']).default('en')),
});
export type WorkerEnv = z.infer<typeof WorkerEnvSchema>;

export class WorkerConfigError extends ConfigError {
  override readonly name = 'WorkerConfigError';
  readonly code = 'WORKER_CONFIG_INVALID';
}

export function readWorkerEnv(env: Readonly<Record<string, string | undefined>> = process.env): WorkerEnv {
  // Only our keys: the Lambda environment holds many others (AWS_*, _HANDLER, RUNAI_*).
  const ours = Object.fromEntries(Object.keys(WorkerEnvSchema.shape).map((key) => [key, env[key]]));
  const parsed = WorkerEnvSchema.safeParse(ours);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => {
    const key = String(issue.path[0] ?? '');
    return ours[key] === undefined ? `${key} is not set` : `${key} ${issue.message}`;
  });
  throw new WorkerConfigError(`invalid worker environment: ${problems.join('; ')}`);
}
