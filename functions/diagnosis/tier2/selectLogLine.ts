/**
 * Picks the most informative line of a log tail with the log-line table. Pure. The line is
 * returned raw: the caller quotes it (neutralised, redacted, length-capped) before it can
 * reach a report. When no row matches, the decisive-line rules may still recognise a line (a
 * rank-prefixed exception a launcher relays: Hydra's `-prepend-rank` writes `[9] TypeError: …`);
 * else the last line that says something is returned as a fallback — never a divider.
 */
import { LOG_LINE_TABLE } from '../signals/logLineTable.js';
import type { LogHint } from '../model/LogHint.js';
import { decisiveLogLine } from '../signals/decisiveLine/findDecisiveLine.js';

export interface SelectedLogLine {
  line: string;
  /** Null for the fallback (no row matched: the last non-empty line). */
  hint: LogHint | null;
  priority: number;
}

/** Lines longer than this are cut before matching (a minified JSON blob is not a failing line). */
const MAX_LINE_SCAN = 4_000;
/**
 * A line of one punctuation character repeated, three times or more (Hydra's `=====…` frame around its BAD TERMINATION block,
 * pmodels/mpich src/pm/hydra/mpiexec/pmiserv_cb.c; a `-----` rule, a `*****` banner) says nothing: it is
 * never the line quoted, whatever follows it.
 */
const DIVIDER = /^\s*([^\p{L}\p{N}\s])\1{2,}\s*$/u;
export const isDivider = (line: string): boolean => DIVIDER.test(line);

/** A very long tail is read from its end only. */
const MAX_LINES_SCANNED = 2_000;

/** `mask` hides the names users chose from the patterns (a pod named `cuda-oom` is no CUDA OOM); the raw line is returned. */
export function selectLogLine(text: string, mask: (line: string) => string = (line) => line): SelectedLogLine | null {
  const lines = text.split(/\r?\n/).slice(-MAX_LINES_SCANNED);
  let best: SelectedLogLine | null = null;
  let last: string | null = null;
  for (const raw of lines) {
    const line = raw.length > MAX_LINE_SCAN ? raw.slice(0, MAX_LINE_SCAN) : raw;
    if (line.trim() === '' || isDivider(line)) continue;
    last = line;
    for (const row of LOG_LINE_TABLE) {
      if (!row.pattern.test(mask(line))) continue;
      // Rows are ordered by priority: the first match is the line's best. `>=` keeps the latest of equals.
      if (!best || row.priority >= best.priority) best = { line, hint: row.hint, priority: row.priority };
      break;
    }
  }
  // The decisive-line rules know what the table does not (an implicit chain's first exception, a child's exit reported
  // by its parent, a pointer to the root cause above): their line is quoted, with the table's hint for that line.
  // With no row matched they are read too: a line they recognise says more than the tail's last line.
  const decisive = last !== null ? decisiveLogLine(text.split(/\r?\n/).slice(-MAX_LINES_SCANNED).join('\n'), mask) : null;
  // Only a different line replaces the table's: the same line quoted whole (or a record it starts) stays the table's.
  if (decisive && (!best || (!best.line.includes(decisive.text) && !decisive.text.includes(best.line.trim())))) {
    const row = LOG_LINE_TABLE.find((candidate) => candidate.pattern.test(mask(decisive.text)));
    if (row) return { line: decisive.text, hint: row.hint, priority: row.priority };
  }
  if (best) return best;
  return last === null ? null : { line: last, hint: null, priority: 0 };
}
