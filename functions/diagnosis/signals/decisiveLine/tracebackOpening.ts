import { isTracebackStart } from './linePointers.js';
import type { Ranked } from './rankedLine.js';

/** How far back a traceback's header is looked for: a deep stack's frames. */
const MAX_FRAMES = 200;

/**
 * Where the record of the exception at `at` opens: the `Traceback (most recent call last):` header
 * its frames hang from (python/cpython Lib/traceback.py), else the line itself. What a program or a
 * library printed before the exception is before that header; the frames' source lines are the
 * program's code, not statements (a relay that logs each line at ERROR gives them its level).
 */
export function tracebackOpening(bodies: readonly string[], ranked: readonly (Ranked | null)[], at: number): number {
  for (let index = at - 1; index >= 0 && index >= at - MAX_FRAMES; index -= 1) {
    if (isTracebackStart(bodies[index] ?? '')) return index;
    if (ranked[index]?.rule === 'exception') return at;
  }
  return at;
}
