import type { RankPass } from './chainContext.js';
import { isTracebackStart } from './linePointers.js';
import { tracebackException } from './tracebackException.js';

/**
 * An exception the interpreter reports as ignored never made the process fail: CPython prints an
 * exception raised where nothing can catch it (a `__del__`, a weakref finaliser, an atexit
 * callback, the last flush of sys.stdout at shutdown) under a header of its own and carries on
 * shutting down — python/cpython Python/errors.c (format_unraisable: "Exception ignored in: %R",
 * or "Exception ignored %s" with the caller's message, e.g. "Exception ignored on flushing
 * sys.stdout" from Python/pylifecycle.c flush_std_files), Modules/atexitmodule.c
 * ("Error in atexit._run_exitfuncs:" before 3.12, "Exception ignored in atexit callback" since).
 * So the teardown that follows a failure (a DataLoader's `__del__` asserting `can only test a
 * child process` from Lib/multiprocessing/process.py is_alive, a BrokenPipeError on the closed
 * stdout, a KeyboardInterrupt in threading._shutdown) is a consequence of shutting down, never the
 * statement: its exception ranks below every line that states a failure, whatever its class.
 */
const UNRAISABLE_HEADER = /^Exception ignored\b|^Error in atexit\._run_exitfuncs:/;

/** Below a launcher's summary (5): an ignored exception says only that the process was stopping. */
export const TEARDOWN_RANK = 4;

export const withFailureOverTeardown: RankPass = ({ bodies }, ranked) => {
  for (const [at, body] of bodies.entries()) {
    if (!UNRAISABLE_HEADER.test(body.trimStart())) continue;
    ranked[at] = null;
    const next = bodies[at + 1] ?? '';
    // The header is followed by a traceback that ends with the exception, or by the exception line alone.
    const ignored = isTracebackStart(next) ? tracebackException(bodies, at + 1) : ranked[at + 1]?.rule === 'exception' ? at + 1 : null;
    if (ignored !== null && ranked[ignored]) ranked[ignored] = { rank: TEARDOWN_RANK, rule: 'consequence' };
  }
};
