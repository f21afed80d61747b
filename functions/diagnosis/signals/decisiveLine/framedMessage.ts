/**
 * Text between two rule lines is one message, and its first sentence is its statement: the tool
 * drew the frame around what it had to say, so the lines inside are its explanation and advice,
 * and the generic exit line the wrapper prints around it (a job's exit code, a launcher's summary)
 * only reports that it stopped. Open MPI's help system prints every help-file message between two
 * lines of 74 dashes (open-mpi/ompi opal/util/show_help.c dash_line, with want_error_header; PMIx
 * and PRRTE the same, openpmix/openpmix src/util/show_help.c), e.g. help-orte-rmaps-base.txt
 * [orte-rmaps-base:alloc-error] "There are not enough slots available in the system to satisfy the
 * %d\nslots …"; orterun prints its run-as-root refusal by hand between the same rules
 * (open-mpi/ompi orte/tools/orterun/orterun.c "%s has detected an attempt to run as root.");
 * MPICH's Hydra frames its termination report in `=` rules (pmodels/mpich
 * src/pm/hydra/mpiexec/mpiexec.c "BAD TERMINATION OF ONE OF YOUR APPLICATION PROCESSES"), Spring
 * Boot its failure analysis in `*` rules (spring-projects/spring-boot
 * LoggingFailureAnalysisReporter "APPLICATION FAILED TO START").
 *
 * Only a first line no rule ranks is raised (a consequence or a launcher's summary framed by
 * mpirun keeps its rank), and only a sentence: a banner title in capitals ("APPLICATION FAILED TO
 * START", "BAD TERMINATION …") names the event, not what went wrong, and a table's row (`|`
 * cells, a model summary between dashed rules) states nothing; a label ending in `:` (torchrun's
 * "Root Cause (first observed failure):" inside its ChildFailedError table) announces the lines
 * after it, which the pointer rules read.
 */
import { STATEMENT_RANK } from './rankedLine.js';

/** Just above a line that merely says "error": the tool's own framed statement says what. */
export const FRAMED_RANK = STATEMENT_RANK + 2;

/** A line of one repeated rule character (`-----`, `=====`, `*****`), long enough to be drawn. */
const RULE_LINE = /^\s*([-=*_~#])\1{9,}\s*$/;
/** A framed message longer than this is not one message (two unrelated rules far apart). */
const MAX_FRAMED_LINES = 80;
/** A sentence: it starts with a letter, has lower-case words and at least three of them, is no table row, and does not end by announcing what follows. */
/** Each test reads the line once (linear on long lines). */
function isSentence(line: string): boolean {
  return /^\s*[A-Za-z]/.test(line) && /[a-z]/.test(line) && !line.includes('|') && !/:\s*$/.test(line) && line.trim().split(/\s+/).length >= 3;
}

/** The index of each framed message's first line (its statement), for frames whose first line is a sentence. */
export function framedStatements(bodies: readonly string[]): number[] {
  const statements: number[] = [];
  let open: number | null = null;
  for (const [at, body] of bodies.entries()) {
    if (!RULE_LINE.test(body)) continue;
    if (open !== null && at - open > 1 && at - open <= MAX_FRAMED_LINES) {
      const first = bodies.slice(open + 1, at).findIndex((line) => line.trim() !== '');
      const statement = first < 0 ? null : open + 1 + first;
      if (statement !== null && isSentence(bodies[statement] ?? '')) statements.push(statement);
      open = null;
      continue;
    }
    open = at;
  }
  return statements;
}
