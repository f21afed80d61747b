import type { RankPass } from './chainContext.js';
import { isFrame } from './linePointers.js';
import { EXCEPTION_RANK } from './rankedLine.js';

/**
 * A `Name: message` line that a stack frame follows is the thrown exception's, whatever its name:
 * runtimes print an error's stack as its `toString()` and then its frames — V8 (Node) `Error: …`
 * or `Error [ERR_CODE]: …` then "    at …" (v8/v8 src/execution/messages.cc ErrorUtils::ToString,
 * nodejs/node lib/internal/errors.js for the `[code]` in the name), Java `x.Y: …` then "\tat …"
 * (openjdk/jdk Throwable.printStackTrace). A bare `Error:` alone is a log word; with frames under
 * it, it is an exception like any other. The line may sit behind a label or a margin
 * (`[errors]: [`'s indented members, a `[cause]: `).
 */
/** The frames printed after the exception begin with `at` (Java, V8, .NET); Python's `File "…", line N` come before it. */
const AT_FRAME = /^\s+at \S/;
const THROWN = /^\s*(?:\[\w+\]: )?[A-Z]\w*(?: \[[A-Z][A-Z0-9_]*\])?: \S/;

export const withThrownBeforeFrames: RankPass = ({ bodies }, ranked) => {
  for (const [at, body] of bodies.entries()) {
    const own = ranked[at];
    const next = bodies[at + 1] ?? '';
    if ((own?.rank ?? 0) >= EXCEPTION_RANK || !THROWN.test(body) || !AT_FRAME.test(next) || !isFrame(next)) continue;
    // A consequence or a launcher's summary keeps its rank (it says the failure is elsewhere); a generic statement is raised.
    if (own && (own.rule === 'consequence' || own.rule === 'launcher-summary')) continue;
    ranked[at] = { rank: EXCEPTION_RANK, rule: 'exception' };
  }
};
