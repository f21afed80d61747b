import type { LineRuleName } from '../../model/LineRuleName.js';

/**
 * The line a Python traceback ends with is its exception, whatever the class is called: CPython
 * prints `Traceback (most recent call last):`, then the frames indented (`  File "…", line N, in f`,
 * the source line, caret markers, "[Previous line repeated …]"), then the exception at column 0
 * as `qualname: message` or `qualname` (python/cpython Lib/traceback.py StackSummary.format,
 * TracebackException.format_exception_only). So `google.api_core.exceptions.NotFound: 404 …` or
 * `ray.exceptions.RayTaskError(ValueError): …` is an exception line as much as `ValueError: …`,
 * though its name does not end in Error. A line a rule already ranks as a consequence or a
 * launcher's summary keeps that rank; a merely generic one (an error word, a resource) is raised.
 */
export const GENERIC_RULES: ReadonlySet<LineRuleName> = new Set<LineRuleName>(['error', 'resource']);
const QUALNAME_LINE = /^[A-Za-z_][\w.]*(?:\([\w.]*\))?(?::\s\S|:?\s*$)/;
export function tracebackException(bodies: readonly string[], start: number): number | null {
  // Relative to the header's own column: a traceback relayed inside another tool's box (pip's
  // "[20 lines of output]" indents it) ends at its own exception, not at the tool's next line.
  const column = indentOf(bodies[start] ?? '');
  for (let at = start + 1; at < bodies.length; at += 1) {
    const body = bodies[at] ?? '';
    if (indentOf(body) > column) continue;
    return QUALNAME_LINE.test(body.trimStart()) ? at : null;
  }
  return null;
}

function indentOf(line: string): number {
  return /^\s*/.exec(line)?.[0].length ?? 0;
}
