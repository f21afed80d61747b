/**
 * The intake Lambda's configuration, from the environment, validated strictly so that a
 * deploy with a bad value fails with a message naming the key (never its value: two of
 * them are secrets).
 */
import { z } from 'zod';

const token = z
  .string()
  .min(16, 'must be at least 16 characters')
  .max(512, 'must be at most 512 characters')
  .regex(/^\S+$/, 'must not contain whitespace');

// Empty means unset: CDK and shell exports often produce `VAR=`.
const unsetIfEmpty = (value: unknown): unknown => (value === '' ? undefined : value);

export const IntakeEnvSchema = z.strictObject({
  QUEUE_URL: z.url({ protocol: /^https$/, error: 'must be the https URL of the SQS queue' }),
  WEBHOOK_TOKEN: token,
  WEBHOOK_TOKEN_PREVIOUS: z.preprocess(unsetIfEmpty, token.optional()),
  INTAKE_BODY_LIMIT_BYTES: z.preprocess(
    unsetIfEmpty,
    z.coerce.number().int('must be an integer').min(1_024, 'must be at least 1024').max(10 * 1024 * 1024, 'must be at most 10 MiB (the API Gateway limit)').optional(),
  ),
});
export type IntakeEnv = z.infer<typeof IntakeEnvSchema>;

export class IntakeConfigError extends Error {
  override readonly name = 'IntakeConfigError';
}

export function readIntakeEnv(env: Readonly<Record<string, string | undefined>> = process.env): IntakeEnv {
  // Only our keys: the Lambda environment holds many others (AWS_*, _HANDLER…).
  const ours = Object.fromEntries(Object.keys(IntakeEnvSchema.shape).map((key) => [key, env[key]]));
  const parsed = IntakeEnvSchema.safeParse(ours);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => {
    const key = String(issue.path[0] ?? '');
    return ours[key] === undefined ? `${key} is not set` : `${key} ${issue.message}`;
  });
  throw new IntakeConfigError(`invalid intake environment: ${problems.join('; ')}`);
}
