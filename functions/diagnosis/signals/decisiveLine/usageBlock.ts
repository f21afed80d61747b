import { STATEMENT_RANK } from './rankedLine.js';
import type { RankPass } from './chainContext.js';

/**
 * A command-line parser that rejects its arguments prints the error, then its usage: Go's flag
 * package `flag provided but not defined: -x` then `Usage of <program>:` and the flag list
 * (golang/go src/flag/flag.go FlagSet.failf, then defaultUsage "Usage of %s:\n" and PrintDefaults);
 * cobra's `Error: unknown flag: --x` then `Usage:` and its `Flags:` sections (spf13/cobra
 * command.go ExecuteC PrintErrln(ErrPrefix(), err), UsageTemplate). The line right before the
 * usage header is the statement; the usage block (its header, indented synopsis and flags, and
 * section titles such as `Flags:`) is help text, never the failure, whatever its words say.
 */
const USAGE_HEADER = /^Usage(?: of \S+)?:\s*$/;
/** A line under a usage header: indented, or a section title (`Flags:`, `Global Flags:`, `Available Commands:`). */
const USAGE_BODY = /^\s+\S|^[A-Z][A-Za-z ]{0,40}:\s*$/;
/** A usage error ranks as a statement the program made, above a line that merely says "error". */
export const USAGE_ERROR_RANK = STATEMENT_RANK + 3;

/** The indexes of the lines that belong to a usage block (its header and the lines under it). */
export function usageBlockLines(bodies: readonly string[]): Set<number> {
  const block = new Set<number>();
  for (const [at, body] of bodies.entries()) {
    if (!USAGE_HEADER.test(body.trimEnd())) continue;
    block.add(at);
    for (let next = at + 1; next < bodies.length && USAGE_BODY.test(bodies[next] ?? ''); next += 1) block.add(next);
  }
  return block;
}

/** Ranks the line before each usage block as the statement and the block itself as nothing. */
export const withUsageErrorsOverUsage: RankPass = ({ bodies }, ranked) => {
  for (const at of usageBlockLines(bodies)) ranked[at] = null;
  for (const [at, body] of bodies.entries()) {
    if (!USAGE_HEADER.test(body.trimEnd())) continue;
    const before = at - 1;
    const statement = bodies[before] ?? '';
    // The line before must be the program's own (not indented, with a word): else the block has no error to show.
    if (before >= 0 && /^\S/.test(statement) && /\w/.test(statement)) {
      const own = ranked[before];
      ranked[before] = { rank: Math.max(own?.rank ?? 0, USAGE_ERROR_RANK), rule: own?.rule ?? 'failure-statement' };
    }
  }
};
