/**
 * A short, value-free summary of a zod failure: paths and rules only. A response body can
 * hold secrets (a token, env vars in a spec), so its values are never echoed.
 */
import type { z } from 'zod';

export function summarizeZodError(error: z.ZodError, maxIssues = 3): string {
  const issues = error.issues.slice(0, maxIssues).map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
  const more = error.issues.length > maxIssues ? ` (+${error.issues.length - maxIssues} more)` : '';
  return issues.join('; ') + more;
}
