/**
 * A head that names only the kind of error — what kind, where — and no reason, states its fault in
 * its body: the head introduces it (it ends with `:` or `,`, or is the kind alone on its line), and
 * the first line of the body that is no frame and introduces nothing more is the statement.
 * - DALI: "RuntimeError: Critical error when building pipeline:" then "Error in CPU operator `…`,"
 *   "which was used in the pipeline definition with the following traceback:", the definition's
 *   frames, "encountered:", and the operator's own "[<file>:<line>] <message>"
 *   (NVIDIA/DALI dali/pipeline/operator/error_reporting.cc, dali/python/nvidia/dali/pipeline.py);
 * - dbt: "Encountered an error:" then the exception's str, "<Type> Error" on a line of its own and the
 *   message indented under it (dbt-labs/dbt-common dbt_common/exceptions/base.py DbtBaseException
 *   __str__: `"{} {}".format(self.type.title(), "Error")` then each line indented by two spaces;
 *   dbt-labs/dbt-core core/dbt/cli/requires.py "Encountered an error:").
 * lines13's embeddedRepr.ts is the narrow case of an exception's own message (Triton's position,
 * Dynamo's wrapped call); this reads any ranked head, whatever rule ranked it.
 */
import { REASON_WORDS } from './genericSummary.js';
import { isFrame, isStackLine, isTracebackStart } from './linePointers.js';
import { EXCEPTION_MESSAGE } from './fromException.js';
import { STATEMENT_RANK, type Ranked } from './rankedLine.js';
import type { RankPass } from './chainContext.js';

/** A word naming a kind of failure. */
const KIND = /\b(?:[Ee]rror|ERROR|[Ee]xception|[Ff]ailure)\b/;
/** The head hands on to what follows: it ends with `:` or `,`. */
const INTRODUCES = /[:,]\s*$/;
/** The kind alone: a word or two and the kind word ("Runtime Error", "Parsing Error", "Compilation Error"). */
const KIND_ALONE = /^\s*(?:[A-Z][a-z]+\s+){1,2}(?:Error|Exception|Failure)\s*$/;
/** How far into the body the statement is looked for (DALI prints the pipeline definition's frames first). */
const MAX_AFTER = 40;

/** The head's words without names: quoted, back-quoted, bracketed tokens. */
function withoutNames(text: string): string {
  return text.replace(/`[^`\n]{0,300}`|'[^'\n]{0,300}'|"[^"\n]{0,300}"|\([^)\n]{0,300}\)/g, ' ');
}

/** The line names only the kind of error: the kind word, no reason, and it introduces what follows (or is the kind alone). */
export function namesOnlyKind(body: string): boolean {
  if (KIND_ALONE.test(body)) return true;
  const message = EXCEPTION_MESSAGE.exec(body)?.[1] ?? body;
  const words = withoutNames(message);
  return INTRODUCES.test(message) && KIND.test(words) && !REASON_WORDS.test(words) && words.split(/\s+/).filter(Boolean).length <= 10;
}

/** The statement in the body of the head at `at`: the first line after it that is no frame and introduces nothing. */
function bodyStatement(bodies: readonly string[], ranked: readonly (Ranked | null)[], at: number): number | null {
  for (let index = at + 1; index < bodies.length && index <= at + MAX_AFTER; index += 1) {
    const body = bodies[index] ?? '';
    if (body.trim() === '' || isStackLine(body)) continue;
    // A frame's source line, printed indented under it (python/cpython Lib/traceback.py StackSummary.format), is code, not a statement.
    if (/^\s/.test(body) && isFrame(bodies[index - 1] ?? '')) continue;
    // Another exception's record starts: the head's body ended without a statement.
    if (isTracebackStart(body)) return null;
    if (INTRODUCES.test(body) || namesOnlyKind(body)) continue;
    return index;
  }
  return null;
}

export const withBodyStatementOverKindHead: RankPass = ({ bodies }, ranked) => {
  for (const at of bodies.keys()) {
    const entry = ranked[at];
    if (!entry || entry.rank < STATEMENT_RANK || !namesOnlyKind(bodies[at] ?? '')) continue;
    const cause = bodyStatement(bodies, ranked, at);
    if (cause === null) continue;
    const own = ranked[cause];
    ranked[cause] = { rank: Math.max(own?.rank ?? 0, entry.rank), rule: own?.rule ?? 'failure-statement' };
    ranked[at] = { rank: Math.min(entry.rank, ranked[cause]!.rank) - 1, rule: entry.rule };
  }
};
