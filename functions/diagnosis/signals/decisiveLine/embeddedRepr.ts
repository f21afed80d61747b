/**
 * A wrapper may embed the exception it caught in its own message as Python's `repr(e)`, on a line
 * of its own: `ValueError("arange's range must be a power of 2")`, `KeyError('text')`. Its head
 * names the kind of failure (where it happened, what was being done), the repr is the cause:
 * - Triton's CompilationError: "at {line}:{col}:" then the kernel source up to the failing line, a
 *   caret, and `repr(e)` of the semantic error (triton-lang/triton python/triton/compiler/errors.py
 *   CompilationError._format_message; python/triton/compiler/code_generator.py CodeGenerator.visit);
 * - Dask's "Metadata inference failed in `apply`." then its advice, "Original error is below:" and
 *   `repr(e)` (dask/dask dask/dataframe/utils.py raise_on_meta_error);
 * - any `raise Wrapper(f"…\n{e!r}")` (CPython's repr of an exception: `Name(args)`,
 *   python/cpython Objects/exceptions.c BaseException_repr).
 * So when the wrapper's own message names only the kind — a position (`at 6:11:`) or a generic summary
 * (an operation failed, no reason: genericSummary.ts) — a line that is an exception's repr alone, inside
 * its record (no frame, traceback header or other exception line between), ranks as its cause: it takes
 * the wrapper's rank, and the wrapper drops just below it. A wrapper that states the fault itself (Dask's
 * "Mismatched dtypes found in `pd.read_csv`" over a column's conversion error) stays the statement.
 * Without a repr, the statement is the line the head announces: the head's text ends at its `:`, maybe on
 * a line it wrapped onto (Dynamo's TorchRuntimeError: "Failed running call_function <fn>(*(FakeTensor(…),
 * …), **{}):" then the fake-tensor error, pytorch/pytorch torch/_dynamo/utils.py get_fake_value / run_node),
 * and the next line is the cause when it states something (a reason word, a failure, a rule's rank).
 */
import { EXCEPTION_NAME } from './lineRules.js';
import { isStackLine, isTracebackStart } from './linePointers.js';
import { REASON_WORDS, isGenericSummary } from './genericSummary.js';
import { FAILURE_STATEMENT } from './lineRules.js';
import { STATEMENT_RANK } from './rankedLine.js';
import { EXCEPTION_MESSAGE } from './fromException.js';
import type { Ranked } from './rankedLine.js';
import type { RankPass } from './chainContext.js';

/** CPython's repr of an exception with one string argument (or none), alone on its line. */
const EXCEPTION_REPR = new RegExp(String.raw`^\s*${EXCEPTION_NAME}\((?:'[^'\n]{0,400}'|"[^"\n]{0,400}")?\)\s*$`);
/** How far into the wrapper's message the repr is looked for (Triton prints the kernel's source above it). */
const MAX_AFTER = 40;

/** A source position alone (`at 6:11:`, `line 12:`), as a compiler's wrapper heads its excerpt. */
const POSITION_ONLY = /^\s*(?:at|line|in)?\s*\d+(?::\d+)?:?\s*$/;

/** The wrapper's message names only the kind of failure: a position, or a summary without a reason. */
function namesOnlyTheKind(body: string): boolean {
  const message = EXCEPTION_MESSAGE.exec(body)?.[1] ?? '';
  return POSITION_ONLY.test(message) || isGenericSummary(message);
}

export function isExceptionRepr(body: string): boolean {
  return EXCEPTION_REPR.test(body);
}

/** The repr embedded in the message of the exception at `at`, or null. */
function embeddedRepr(bodies: readonly string[], ranked: readonly (Ranked | null)[], at: number): number | null {
  for (let index = at + 1; index < bodies.length && index <= at + MAX_AFTER; index += 1) {
    const body = bodies[index] ?? '';
    if (isExceptionRepr(body)) return index;
    if (isStackLine(body) || isTracebackStart(body) || ranked[index]?.rule === 'exception') return null;
  }
  return null;
}

/** How many lines a head may wrap onto before its announcing `:` (a long repr of the call's arguments). */
const MAX_WRAP = 3;

/** The line the head at `at` announces, when it states something; null: none. */
function announcedStatement(bodies: readonly string[], ranked: readonly (Ranked | null)[], at: number): number | null {
  for (let index = at; index < bodies.length && index <= at + MAX_WRAP; index += 1) {
    const body = bodies[index] ?? '';
    if (index > at && (isStackLine(body) || isTracebackStart(body) || (ranked[index]?.rank ?? 0) >= STATEMENT_RANK)) return null;
    if (!/:\s*$/.test(body)) continue;
    const next = index + 1;
    const line = bodies[next] ?? '';
    if (line.trim() === '' || isStackLine(line) || isTracebackStart(line)) return null;
    const states = (ranked[next]?.rank ?? 0) >= STATEMENT_RANK || FAILURE_STATEMENT.pattern.test(line) || REASON_WORDS.test(line);
    return states ? next : null;
  }
  return null;
}

export const withEmbeddedCauseOverWrapper: RankPass = ({ bodies }, ranked) => {
  for (const at of bodies.keys()) {
    const entry = ranked[at];
    if (entry?.rule !== 'exception' || isExceptionRepr(bodies[at] ?? '') || !namesOnlyTheKind(bodies[at] ?? '')) continue;
    const repr = embeddedRepr(bodies, ranked, at);
    const cause = repr ?? announcedStatement(bodies, ranked, at);
    if (cause === null) continue;
    const own = ranked[cause];
    ranked[cause] = { rank: Math.max(own?.rank ?? 0, entry.rank), rule: repr !== null ? 'exception' : (own?.rule ?? 'failure-statement') };
    ranked[at] = { rank: entry.rank - 1, rule: entry.rule };
  }
};
