import { isQuieterLevel, matchLineRule } from './lineRules.js';
import { defersToEarlier, isDirectCause, isErrorLabel, isHandlerContext, isTracebackStart, raisedWhileHandling, rootCauseEntry } from './linePointers.js';
import { isNotAStatement } from './notAStatement.js';
import { FRAMED_RANK, framedStatements } from './framedMessage.js';
import { withCausesOverSummaries } from './genericSummary.js';
import { EXCEPTION_RANK, STATEMENT_RANK, range, type Ranked } from './rankedLine.js';
import { GENERIC_RULES, tracebackException } from './tracebackException.js';
import { ERRNO_RANK, carriesErrno } from './carriesErrno.js';
import { restatesCause } from './restatesCause.js';
import { restatesBurst } from './restatesBurst.js';
import { statementOfPair, withStatementsOverRestatements } from './restatedLink.js';
import { bareValue, sentenceNaming } from './bareValue.js';
import { withUsageErrorsOverUsage } from './usageBlock.js';
import { withPlainOverEscaped } from './escapedRelay.js';
import type { RankPass } from './chainContext.js';
import { withThrownBeforeFrames } from './thrownBeforeFrames.js';
import { withFirstMemberOverGroup } from './exceptionGroup.js';
import { withPrimaryOverSuppressed } from './suppressedLink.js';
import { withFailureOverTeardown } from './teardown.js';
import { withAttemptsOverGiveUp } from './retryGiveUp.js';
import { withOwnErrorOverPassing } from './ownErrorMark.js';
import { withLoggedErrorOverNullUse } from './nullResult.js';
import { withUnitsErrorOverReport } from './failedUnits.js';
import { withEmbeddedCauseOverWrapper } from './embeddedRepr.js';
import { withBodyStatementOverKindHead } from './kindHead.js';

/** The passes applied last, in this order, once chains, pointers and handler depth have set the ranks. */
const LAST_PASSES: readonly RankPass[] = [
  // A wrapper whose message embeds its cause's repr on a line of its own (Triton's CompilationError, Dask's meta error): the repr (embeddedRepr.ts).
  withEmbeddedCauseOverWrapper,
  // A head that names only the kind of error ("Runtime Error", DALI's "Error in CPU operator `…`,"): the statement in its body (kindHead.ts).
  withBodyStatementOverKindHead,
  // The same fault met in passing (a progress line, a relayed peer's words) and stated as the program's error: the latter (ownErrorMark.ts).
  withOwnErrorOverPassing,
  // An exception the interpreter reports as ignored (a finaliser, an atexit callback at shutdown) is teardown, never the statement (teardown.ts).
  withFailureOverTeardown,
  // A group that only announces its members yields to its first member (exceptionGroup.ts).
  withFirstMemberOverGroup,
  // A suppressed exception ranks below the one thrown (suppressedLink.ts).
  withPrimaryOverSuppressed,
  // The same statement twice, once escaped inside a relay's field: the plain copy is quoted (escapedRelay.ts).
  withPlainOverEscaped,
  // An error printed above a usage block is the statement; the block is help text (usageBlock.ts).
  withUsageErrorsOverUsage,
  // A null's use ("'NoneType' object has no attribute …", "factory function returned nullptr") yields to the error the library logged before returning it (nullResult.ts).
  withLoggedErrorOverNullUse,
  // A summary ("failed to load model from <path>", "Exiting.") yields to the cause printed before it (genericSummary.ts).
  withCausesOverSummaries,
  // A retry loop's give-up ("RetryError[<Future … raised X>]", "Giving up f(...) after 5 tries") yields to the error its attempts met (retryGiveUp.ts).
  withAttemptsOverGiveUp,
  // A report that units of work failed ("Trials did not complete", KilledWorker) yields to the units' own error before it (failedUnits.ts).
  withUnitsErrorOverReport,
];

/** A line a label announces ("Last error:") ranks just above an accelerator report: the wrapper says it is the error. */
const ANNOUNCED_RANK = 92;

/** A line's rule, read on the line and on its message without the log header (the better of the two). */
function ruleOf(masked: string, body: string): Ranked | null {
  // A shell trace, a progress bar or a payload the program logged below error ranks nothing, whatever its header says (notAStatement.ts).
  if (isNotAStatement(masked, body)) return null;
  const quieter = isQuieterLevel(masked);
  const whole = matchLineRule(masked, quieter);
  const message = body === masked ? null : matchLineRule(body, quieter);
  const best = !whole || (message && message.rank > whole.rank) ? message : whole;
  return best ? { rank: best.rank, rule: best.name } : null;
}

/**
 * Every line's rank, with what pointers say applied: the line a label announces is the error it
 * names, and the exceptions a later one was raised `from` are superseded by it (it carries their context).
 */
export function rankLines(bodies: readonly string[], masked: readonly string[]): (Ranked | null)[] {
  const lines = { bodies, masked };
  const ranked = masked.map((line, at) => ruleOf(line, bodies[at] ?? line));
  // A framed message's first sentence is its statement (framedMessage.ts), when no rule ranked it.
  for (const at of framedStatements(bodies)) if (!ranked[at]) ranked[at] = { rank: FRAMED_RANK, rule: 'framed' };
  for (const [at, body] of bodies.entries()) {
    const thrown = isTracebackStart(body) ? tracebackException(bodies, at) : null;
    const own = thrown === null ? null : ranked[thrown];
    if (thrown !== null && (!own || GENERIC_RULES.has(own.rule))) ranked[thrown] = { rank: EXCEPTION_RANK, rule: 'exception' };
  }
  // A `Name: message` line with frames under it is a thrown exception's, whatever its name (thrownBeforeFrames.ts).
  withThrownBeforeFrames(lines, ranked);
  for (const [at, body] of bodies.entries()) {
    if (ranked[at]?.rule === 'exception' && carriesErrno(body)) ranked[at] = { rank: ERRNO_RANK, rule: 'exception' };
  }
  for (const [at, body] of bodies.entries()) {
    const announced = isErrorLabel(body) && at + 1 < bodies.length ? at + 1 : rootCauseEntry(bodies, at);
    if (announced !== null) {
      const own = ranked[announced];
      ranked[announced] = { rank: Math.max(own?.rank ?? 0, ANNOUNCED_RANK), rule: own?.rule ?? 'announced' };
    }
    if (!isDirectCause(body)) continue;
    const next = bodies.findIndex((later, index) => index > at && isDirectCause(later));
    const later = range(at + 1, next < 0 ? bodies.length : next).filter((index) => ranked[index]?.rule === 'exception');
    if (later.length === 0) continue;
    // A wrapper raised from its cause that itself says the cause is above ("inspect the previous error messages") adds nothing: the cause stays.
    if (later.some((index) => defersToEarlier(bodies[index] ?? ''))) continue;
    // A wrapper whose message names nothing ("An error occurred while generating the dataset") only restates its cause: it never beats it.
    let first = at;
    while (first > 0 && !isTracebackStart(bodies[first] ?? '') && !isDirectCause(bodies[first - 1] ?? '')) first -= 1;
    // So does one that holds its cause's message with generic words around it ("job step failed: <cause>", restatedLink.ts).
    const causes = range(first, at).filter((index) => ranked[index]?.rule === 'exception');
    const restating = later.filter(
      (index) => restatesCause(lines, index) || causes.some((cause) => statementOfPair(bodies[index] ?? '', bodies[cause] ?? '') === 'held'),
    );
    if (restating.length === later.length) {
      for (const index of restating) ranked[index] = { rank: EXCEPTION_RANK - 1, rule: 'exception' };
      continue;
    }
    // An OS errno is not superseded: the wrapper raised from it restates it (see ERRNO_RANK).
    for (let index = first; index < at; index += 1) if (ranked[index]?.rank !== ERRNO_RANK) ranked[index] = null;
  }
  // Of two links where one holds the other's message, the one adding specifics is the statement (restatedLink.ts).
  withStatementsOverRestatements(lines, ranked);
  // Each "During handling of the above exception" puts what follows one step behind what came before it (see isHandlerContext).
  let handlerDepth = 0;
  for (const [at, body] of bodies.entries()) {
    if (isHandlerContext(body) || raisedWhileHandling(bodies, at)) handlerDepth += 1;
    const entry = ranked[at];
    if (entry && handlerDepth > 0) ranked[at] = { rank: entry.rank - handlerDepth, rule: entry.rule };
  }
  for (const [at, body] of bodies.entries()) {
    if (ranked[at]?.rule === 'exception' && restatesBurst(body, masked, ranked, at)) ranked[at] = { rank: STATEMENT_RANK, rule: 'error' };
  }
  // Each line's bare value is read once: the search below compares every bare exception with every line.
  const bare = bodies.map((body) => bareValue(body));
  for (const at of bodies.keys()) {
    const entry = ranked[at];
    const value = entry?.rule === 'exception' ? (bare[at] ?? null) : null;
    const sentence = value === null ? null : sentenceNaming(bodies, bare, ranked, at, value);
    if (entry && sentence !== null) {
      ranked[sentence] = { rank: Math.max(ranked[sentence]!.rank, entry.rank), rule: ranked[sentence]!.rule };
      ranked[at] = { rank: entry.rank - 1, rule: entry.rule };
    }
  }
  for (const pass of LAST_PASSES) pass(lines, ranked);
  return ranked;
}
