/**
 * A line that only reports that a larger operation failed, or that the program stops, says WHAT
 * failed, not WHY: the specific statement printed before it (an expected-vs-actual, a named missing
 * thing, an exception) is its cause, and takes its place. A summary restates an operation and
 * "failed", or says the program exits, with no reason clause — or only a path or name for one.
 * Each tool prints it after the cause:
 * - llama.cpp catches the loader's exception and logs "%s: error loading model: %s" with the
 *   loader's own "failed to load model from %s" (ggml-org/llama.cpp src/llama.cpp
 *   llama_model_load LLAMA_LOG_ERROR), after gguf's "invalid magic characters …, expected 'GGUF'"
 *   (ggml/src/gguf.cpp gguf_init_from_file_impl);
 * - uvicorn logs the lifespan's traceback, then "Application startup failed. Exiting."
 *   (encode/uvicorn uvicorn/lifespan/on.py startup);
 * - GCC ends a fatal diagnostic with "compilation terminated." (gcc-mirror/gcc gcc/diagnostic.c
 *   diagnostic_action_after_output), GNU make a failed recipe with "make: *** [target] Error N"
 *   (gnu make src/job.c child_error "%s[%s] Error %d"), ninja with "build stopped: subcommand
 *   failed." (ninja-build/ninja src/build.cc), a CI runner a step with "Process completed with
 *   exit code N." (actions/runner src/Runner.Worker/Handlers/ScriptHandler.cs).
 * A line with its own reason ("failed to open /x: Permission denied", "Exiting because of
 * fatal error: cannot open file") is no summary, nor is an exception line (its chain rules apply).
 */
import { FAILURE_STATEMENT, isQuieterLevel } from './lineRules.js';
import { isStackLine } from './linePointers.js';
import { isNotAStatement } from './notAStatement.js';
import { isNullUse } from './nullResult.js';
import { STATEMENT_RANK, type Ranked } from './rankedLine.js';
import type { RankPass } from './chainContext.js';

/**
 * The program stops: exiting, compilation terminated, a build stopped, a recipe's or a step's exit code, a child
 * that exited with an error or did not run successfully (pip's "error: subprocess-exited-with-error" then
 * "× <command> did not run successfully.", pypa/pip src/pip/_internal/exceptions.py InstallationSubprocessError).
 */
const STOPS =
  /(?:^|[\s.:])(?:[Ee]xiting\b|compilation terminated\.?\s*$|build stopped\b|\*\*\* \[[^\]\n]{0,200}\] Error -?\d+|(?:completed|exited|finished) with (?:exit )?(?:code|status) -?\d+\.?\s*$|\w+-exited-with-error\b|did not run successfully\b)/;
/** An operation failed: `… failed`, `failed to <verb> …`, `error loading …`. */
const FAILED = /\b(?:[Ff]ailed|[Ff]ailure|FAILED)\b|\b[Ee]rror \w+ing\b/;
/** Words that give a reason (what was wrong), a quantity, or an exception's name. */
const REASON =
  /\b(?:[Cc]annot|[Cc]an't|[Cc]ould(?:n't| not)|[Uu]nable to|not (?:found|allowed|supported|permitted|writable|readable|compatible|available)|[Ii]nvalid|[Dd]enied|[Rr]efused|[Mm]issing|[Ee]xceed(?:ed|s)?|[Cc]orrupt(?:ed)?|[Ii]ncompatible|[Mm]ismatch|[Tt]imed out|[Nn]o such|[Ii]nsufficient|[Uu]nsupported|[Ee]xpected|[Oo]ut of|[Uu]nknown|[Uu]ndefined|[Mm]ust)\b|\b\d+(?:\.\d+)?\s?(?:[KMGT]i?B|bytes)\b|\b[A-Z]\w*(?:Error|Exception)\b/;
/** The words that give a reason, shared with the reports of failed units (failedUnits.ts). */
export const REASON_WORDS = REASON;
/** Names a summary may carry for its object: a quoted name, and (see withoutNames) any token holding a `/` (a path, a URL). */
const QUOTED = /['"`][^'"`\n]{0,300}['"`]/g;

/** The line's words without the names it carries (read token by token: linear on long lines). */
function withoutNames(body: string): string {
  return body
    .replace(QUOTED, ' ')
    .split(/\s+/)
    .filter((token) => !token.includes('/'))
    .join(' ');
}

/** The line only reports that an operation failed or that the program stops. */
export function isGenericSummary(body: string): boolean {
  const words = withoutNames(body);
  return (STOPS.test(words) || FAILED.test(words)) && !REASON.test(words);
}

/**
 * A program's error message in the GNU shape: "program: message", or "program: operand: message"
 * (the GNU Coding Standards, "Formatting Error Messages"; bminor/glibc misc/error.c prints
 * program_invocation_name then ": "), e.g. gzip's "gzip: stdin: not in gzip format" (gzip.c
 * get_method) before tar's summary. The program's name is lower case and is no level word; the
 * message denies something (`not`, `no`, `unknown`, `bad`…): a tool's progress line
 * ("loader: loaded 24 pairs") has the same shape and states nothing wrong.
 */
const NEGATES = /\b(?:[Nn]ot|[Nn]o|[Nn]ever|[Uu]nknown|[Uu]nrecogni[sz]ed|[Bb]ad|[Ww]rong)\b/;
const TOOL_DIAGNOSTIC_LINE = /^(?!(?:error|warning|note|info|debug|fatal|hint)\b)[a-z][\w.+-]{1,30}: (?:[^\s:]{1,200}: )?[^\s:][^:\n]{3,300}$/;

/** Lines ranked by these rules may be summaries; an exception or anything more specific has its own chain rules. */
const SUMMARY_RULES: ReadonlySet<string> = new Set(['error', 'failure-cause']);
/** How far back the cause is looked for: the summary follows its cause closely. */
const MAX_BACK = 30;

/**
 * The line before a summary at `at` that states its cause: the nearest earlier line that is no
 * summary, no frame, not logged below error, and either ranked as a statement or a failure
 * statement with a reason. Null: none (the summary stays the statement).
 */
function causeBefore(bodies: readonly string[], masked: readonly string[], ranked: readonly (Ranked | null)[], at: number): number | null {
  for (let index = at - 1; index >= 0 && index >= at - MAX_BACK; index -= 1) {
    const body = bodies[index] ?? '';
    const line = masked[index] ?? '';
    if (body.trim() === '' || isStackLine(body) || isNotAStatement(line, body) || isQuieterLevel(line) || isGenericSummary(body)) continue;
    const entry = ranked[index];
    if (entry) {
      if (entry.rank >= STATEMENT_RANK) return index;
      continue;
    }
    if (FAILURE_STATEMENT.pattern.test(body) && REASON.test(withoutNames(body))) return index;
    // A tool's own diagnostic in the GNU shape `program: [operand: ]message` states its cause without an error word.
    if (TOOL_DIAGNOSTIC_LINE.test(body) && NEGATES.test(body) && !isGenericSummary(body)) return index;
  }
  return null;
}

/**
 * A summary with no cause before it may list its detail right after it: Flyway's CLI prints
 * "ERROR: Validate failed: Migrations have failed validation" then each invalid migration's
 * "Detected failed migration to version 3 (…)." (flyway/flyway flyway-core …/command/DbValidate.java
 * "Validate failed: " + the error details, each migration's message on its own line). The next
 * line is the detail when it states a failure (a failed operation, a reason word, a failure
 * statement) and names something (a number, a quoted or
 * parenthesised name, a path) the summary does not: it is what to act on.
 */
const NAMES_DETAIL = /\d|['"`(/]/;
function detailAfter(bodies: readonly string[], masked: readonly string[], ranked: readonly (Ranked | null)[], at: number): number | null {
  const index = at + 1;
  const body = bodies[index] ?? '';
  const line = masked[index] ?? '';
  if (body.trim() === '' || isStackLine(body) || isNotAStatement(line, body) || isQuieterLevel(line)) return null;
  // A line a rule ranks as more than a statement has its own rules; one the summary's level starts again is another record.
  if ((ranked[index]?.rank ?? 0) > STATEMENT_RANK + 5) return null;
  const words = withoutNames(body);
  return (FAILED.test(words) || REASON.test(words) || FAILURE_STATEMENT.pattern.test(body)) &&
    NAMES_DETAIL.test(words) &&
    !NAMES_DETAIL.test(withoutNames(bodies[at] ?? ''))
    ? index
    : null;
}

/**
 * A summary with no cause before it may relay its child's output after it: pip prints
 * "error: subprocess-exited-with-error", then the child's output in a box ("╰─> [N lines of output]"
 * … "[end of output]", pypa/pip src/pip/_internal/exceptions.py InstallationSubprocessError), where
 * the child's own statement is (CMake's "CMake Error at CMakeLists.txt:3 (project):", a traceback).
 * The first line after it that a rule ranks as a statement, and that is no summary itself nor logged
 * below error, is the statement it summarises.
 */
function causeRelayedAfter(bodies: readonly string[], masked: readonly string[], ranked: readonly (Ranked | null)[], at: number): number | null {
  for (let index = at + 1; index < bodies.length && index <= at + MAX_AFTER; index += 1) {
    const body = bodies[index] ?? '';
    const entry = ranked[index];
    if (!entry || entry.rank < STATEMENT_RANK || isStackLine(body) || isQuieterLevel(masked[index] ?? '') || isGenericSummary(body)) continue;
    // A null's use is the caller's consequence of the failure a summary reports, never what it relays (nullResult.ts).
    if (isNullUse(body, entry)) continue;
    return index;
  }
  return null;
}
/** How far after a summary its relayed output is read (pip's box holds the child's last lines). */
const MAX_AFTER = 60;

/** Each summary's cause takes its rank, the summary drops just below it. */
export const withCausesOverSummaries: RankPass = ({ bodies, masked }, ranked) => {
  for (const at of bodies.keys()) {
    const entry = ranked[at];
    if (!entry || !SUMMARY_RULES.has(entry.rule) || !isGenericSummary(bodies[at] ?? '')) continue;
    const cause = causeBefore(bodies, masked, ranked, at) ?? detailAfter(bodies, masked, ranked, at) ?? causeRelayedAfter(bodies, masked, ranked, at);
    if (cause === null) continue;
    const own = ranked[cause];
    ranked[cause] = { rank: Math.max(own?.rank ?? 0, entry.rank), rule: own?.rule ?? 'failure-statement' };
    ranked[at] = { rank: entry.rank - 1, rule: entry.rule };
  }
};
