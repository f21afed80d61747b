/**
 * A zod failure as one compact line, "path: problem; path: problem", for a 400 body that a
 * human reads in Alertmanager's log. Paths are shortened (a fuzzer's 100 kB key must not
 * come back in the response) and the line is capped.
 */
import type { z } from 'zod';

const MAX_ISSUES = 5;
const MAX_KEY = 40;
const MAX_LINE = 1_000;

function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const segment of path) {
    if (typeof segment === 'number') {
      out += `[${segment}]`;
    } else {
      const key = String(segment);
      const short = key.length > MAX_KEY ? `${key.slice(0, MAX_KEY)}…` : key;
      out += /^[A-Za-z_$][\w$]*$/.test(short) ? `${out ? '.' : ''}${short}` : `[${JSON.stringify(short)}]`;
    }
  }
  return out || 'body';
}

export function formatValidationError(error: z.ZodError, maxIssues = MAX_ISSUES): string {
  // One problem per field: a failed regex and the refinement behind it say the same thing twice.
  const byPath = new Map<string, string>();
  for (const issue of error.issues) {
    const path = formatPath(issue.path);
    if (!byPath.has(path)) byPath.set(path, issue.message);
  }
  const all = [...byPath].map(([path, message]) => `${path}: ${message}`);
  const issues = all.slice(0, maxIssues);
  const more = all.length > maxIssues ? ` (+${all.length - maxIssues} more)` : '';
  const line = issues.join('; ') + more;
  return line.length > MAX_LINE ? `${line.slice(0, MAX_LINE)}…` : line;
}
