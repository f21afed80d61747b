/**
 * The first line of a container's text that one of a set of statement patterns matches, trimmed,
 * with where the match starts in it. Shared by the container statements (containerStatementTable.ts,
 * gpu/readGpuUnreachable.ts). Pure.
 *
 * A line is read as written and without its log headers (decisiveLine/withoutLogPrefix.ts): a relay
 * that logs each line of its child's output ("%(levelname)s:%(name)s:" in front of nvidia-smi's "No
 * devices were found") does not change what the line states, so the category never depends on a prefix.
 */
import { withoutLogPrefix } from './decisiveLine/withoutLogPrefix.js';

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
    const index = firstMatchAt(patterns, line);
    if (index !== undefined) return { line, index };
    // The body is a suffix of the line (only headers are removed from its start): its match is at the same place in the line.
    const body = withoutLogPrefix(line);
    if (body === line) continue;
    const inBody = firstMatchAt(patterns, body);
    if (inBody !== undefined) return { line, index: line.length - body.length + inBody };
  }
  return null;
}

/** Where the first pattern that matches `text` starts its match; undefined: none matches. */
function firstMatchAt(patterns: readonly RegExp[], text: string): number | undefined {
  return patterns.map((pattern) => pattern.exec(text)?.index ?? -1).find((at) => at >= 0);
}
