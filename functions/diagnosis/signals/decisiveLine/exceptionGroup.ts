import type { RankPass } from './chainContext.js';
import { isGenericMessage } from './linePointers.js';
import { EXCEPTION_MESSAGE, fromException } from './fromException.js';
import { EXCEPTION_RANK } from './rankedLine.js';

/**
 * A group exception bundles the failures of several tasks under one message: Python 3.11+'s
 * ExceptionGroup / BaseExceptionGroup (python/cpython Objects/exceptions.c, str "{message} ({n}
 * sub-exception{s})"; Lib/traceback.py prints each member below it behind "+-+---- 1 ----" and
 * "| " margins; asyncio's TaskGroup raises `BaseExceptionGroup('unhandled errors in a TaskGroup',
 * errors)`, Lib/asyncio/taskgroups.py), .NET's System.AggregateException (dotnet/runtime
 * src/libraries/System.Private.CoreLib/src/System/AggregateException.cs: Message "One or more
 * errors occurred." and each inner message in parentheses; ToString lists the inner exceptions
 * after " ---> "), JavaScript's AggregateError (Promise.any's "All promises were rejected", its
 * members printed by Node under `[errors]: [`). When the group's own message only announces its
 * members (generic once their messages in parentheses and the count are set aside), the group is
 * a container: its first member, the first task that failed (a TaskGroup cancels the rest on the
 * first error), is the statement. It takes the highest rank of the group's lines; the group and
 * the later members rank below it.
 */
const GROUP_CLASS = /^(?:[\w.]+\.)?(?:Base)?(?:ExceptionGroup|AggregateException|AggregateError)$/;
const GROUP_LINE = /^\s*(?:\|\s+)?((?:[\w.]+\.)?\w+): /;
/** How far after the group its members are read (a member's traceback runs a few dozen lines). */
const MEMBER_SPAN = 120;

export const withFirstMemberOverGroup: RankPass = ({ bodies }, ranked) => {
  for (const [at, body] of bodies.entries()) {
    // Read by its class whatever it ranks: Python's `ExceptionGroup` is named after neither Error nor Exception.
    const name = GROUP_LINE.exec(fromException(body))?.[1] ?? '';
    if (!GROUP_CLASS.test(name)) continue;
    const message = (EXCEPTION_MESSAGE.exec(fromException(body))?.[1] ?? '').replace(/\([^()\n]*\)/g, ' ');
    if (!isGenericMessage(message)) continue;
    const members: number[] = [];
    for (let next = at + 1; next < bodies.length && next <= at + MEMBER_SPAN; next += 1) if (ranked[next]?.rule === 'exception') members.push(next);
    const first = members[0];
    if (first === undefined) continue;
    const top = Math.max(EXCEPTION_RANK, ...[at, ...members].map((index) => ranked[index]?.rank ?? 0));
    ranked[first] = { rank: top, rule: 'exception' };
    for (const index of [at, ...members.slice(1)]) {
      const entry = ranked[index];
      if (entry) ranked[index] = { rank: Math.min(entry.rank, top - 1), rule: entry.rule };
    }
  }
};
