/** The general rules that choose the decisive line of a message (signals/decisiveLine/lineRules.ts). */
export type LineRuleName =
  | 'assertion'
  | 'accelerator'
  | 'exception'
  | 'tool-output'
  /** A compiler's or assembler's own error that stopped a build (GCC's `file:line: fatal error:`, `nvcc fatal   :`). */
  | 'tool-diagnostic'
  | 'resource'
  | 'error'
  /** A statement of failure that gives its cause after `: ` (`failed to X: Y`, `f: error loading model: …`). */
  | 'failure-cause'
  /** A process's fatal statement in its runtime's fixed shape (glibc's heap checks, bash's `line N:` diagnostics, Perl's die). */
  | 'runtime-fatal'
  | 'root-cause-rank'
  | 'consequence'
  | 'launcher-summary'
  | 'thrown-type'
  /** A line of the container's own words that states a failure, when no more specific rule recognised one. */
  | 'failure-statement'
  /** The line a label announces (`Last error:`): no rule of its own, but the wrapper says it is the error. */
  | 'announced'
  /** The first sentence of a message a tool framed between two rule lines (Open MPI's show_help `-----`). */
  | 'framed';
