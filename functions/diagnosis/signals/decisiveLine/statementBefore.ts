import { FAILURE_STATEMENT } from './lineRules.js';
import { isStackLine } from './linePointers.js';
import type { Ranked } from './rankedLine.js';

/**
 * A consequence (a peer's timeout, a launcher naming a child by its pid, bash's job report, a
 * compiler's "compilation aborted") refers back to what went wrong before it: when it is the best
 * a rule recognises, the program's own last statement of failure before it (FAILURE_STATEMENT:
 * "could not open shard 7 of /data", "cannot allocate 4 GiB") says more, and is quoted instead.
 * Only lines no rule ranks count (a ranked line already lost to the consequence), never a frame.
 */
export function statementBefore(masked: readonly string[], bodies: readonly string[], ranked: readonly (Ranked | null)[], chosen: number): number | null {
  if ((ranked[chosen]?.rank ?? 0) >= FAILURE_STATEMENT.rank) return null;
  for (let at = chosen - 1; at >= 0; at -= 1) {
    if (ranked[at] || isStackLine(bodies[at] ?? '')) continue;
    if (FAILURE_STATEMENT.pattern.test(masked[at] ?? '') || FAILURE_STATEMENT.pattern.test(bodies[at] ?? '')) return at;
  }
  return null;
}
