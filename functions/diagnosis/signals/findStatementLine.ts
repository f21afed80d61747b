/**
 * The first line of a container's text that one of a set of statement patterns matches, trimmed,
 * with where the match starts in it. Shared by the container statements (containerStatementTable.ts,
 * gpu/readGpuUnreachable.ts). Pure.
 */

/** Untrusted text is bounded: a statement is a short line near the end of a termination message or log tail. */
const MAX_TEXT = 64 * 1024;

export interface StatementLine {
  line: string;
  /** Where the first matching pattern's match starts in `line`. */
  index: number;
}

export function findStatementLine(text: string | null | undefined, patterns: readonly RegExp[]): StatementLine | null {
  if (!text) return null;
  const bounded = text.length > MAX_TEXT ? text.slice(-MAX_TEXT) : text;
  for (const raw of bounded.split('\n')) {
    const line = raw.trim();
    const index = patterns.map((pattern) => pattern.exec(line)?.index ?? -1).find((at) => at >= 0);
    if (index !== undefined) return { line, index };
  }
  return null;
}
