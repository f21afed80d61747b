/**
 * The same fault reported twice, once in passing and once as the program's own error, is quoted
 * where the program says it is its error. A tool reports what it met while it works (wget's progress
 * "HTTP request sent, awaiting response... 404 Not Found", mirror/wget src/http.c gethttp), or relays a
 * peer's words (git's sideband "remote: Repository not found.", git/git sideband.c, the server's text
 * behind "remote: "), then states the failure it stops on with its level word: wget's "%s ERROR %d:
 * %s." (src/http.c http_loop), git's "fatal: repository '%s' not found" (git/git usage.c die_routine
 * "fatal: ", remote-curl.c discover_refs). Two lines hold the same fault when one rule ranks both for
 * the words a rule ranked the passing one for (read without case or punctuation: "404 Not Found" in
 * "ERROR 404: Not Found."); the program's statement takes the passing line's rank when it had less,
 * and the passing line drops just below it.
 */
import { LINE_RULES } from './lineRules.js';
import { STATEMENT_RANK, type Ranked } from './rankedLine.js';
import type { RankPass } from './chainContext.js';

const ERROR_MARK = LINE_RULES.find((rule) => rule.name === 'error')!.pattern;
/** Rules whose match names the fault itself (an errno, a status, a missing thing): the words two reports of it share. */
const FAULT_RULES: ReadonlySet<string> = new Set(['resource']);

const normalised = (text: string): string =>
  ` ${text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()} `;

/** The words the rule matched in the line, normalised; null: none. */
function faultWords(body: string, rule: string): string | null {
  const match = LINE_RULES.find((candidate) => candidate.name === rule)?.pattern.exec(body)?.[0];
  const words = match ? normalised(match) : null;
  return words && words.trim() !== '' ? words : null;
}

export const withOwnErrorOverPassing: RankPass = ({ bodies, masked }, ranked) => {
  // The mark may be in the line's header (a timestamp then `ERROR`), which the body is read without.
  const marked = bodies.map((body, at) => (ranked[at]?.rank ?? 0) >= STATEMENT_RANK && (ERROR_MARK.test(body) || ERROR_MARK.test(masked[at] ?? '')));
  for (const [at, body] of bodies.entries()) {
    const entry: Ranked | null = ranked[at] ?? null;
    if (!entry || !FAULT_RULES.has(entry.rule) || marked[at]) continue;
    const words = faultWords(body, entry.rule);
    if (words === null) continue;
    // The program's own statement of this fault: a marked line holding the words the rule ranked this one for.
    const stated = bodies.findIndex((other, index) => marked[index] && (normalised(other).includes(words) || normalised(masked[index] ?? '').includes(words)));
    if (stated < 0) continue;
    const own = ranked[stated]!;
    ranked[stated] = { rank: Math.max(own.rank, entry.rank), rule: own.rank >= entry.rank ? own.rule : entry.rule };
    ranked[at] = { rank: entry.rank - 1, rule: entry.rule };
  }
};
