/**
 * Reads one function's configuration from the environment with its strict zod schema:
 * only the schema's keys are read (the Lambda environment holds many others: AWS_*,
 * _HANDLER…), and a failure lists every bad key with the rule it breaks — "X is not set"
 * when absent — never a value, since some are secrets.
 */
import type * as z from 'zod';
import type { ConfigError } from '../core/ConfigError.js';

export type Environment = Readonly<Record<string, string | undefined>>;

export function readEnvironment<Schema extends z.ZodObject>(
  schema: Schema,
  env: Environment,
  fail: (message: string) => ConfigError,
  what: string,
): z.output<Schema> {
  const ours = Object.fromEntries(Object.keys(schema.shape).map((key) => [key, env[key]]));
  const parsed = schema.safeParse(ours);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => {
    const key = String(issue.path[0] ?? '');
    return ours[key] === undefined ? `${key} is not set` : `${key} ${issue.message}`;
  });
  throw fail(`invalid ${what}: ${[...new Set(problems)].join('; ')}`);
}
