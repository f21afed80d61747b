/**
 * A retry loop's give-up only says the attempts ran out: the statement is the error the attempts
 * met, printed before it. Each retry library prints its give-up after the attempts' own output:
 * - tenacity raises `RetryError` when its stop condition holds; its message is the last attempt's
 *   Future, not the error (jd/tenacity tenacity/__init__.py `RetryError.__str__`:
 *   f"{self.__class__.__name__}[{self.last_attempt}]", e.g. "RetryError[<Future at 0x… state=finished
 *   raised RuntimeError>]"), after its `before_sleep_log` lines ("Retrying … in 5.0 seconds as it raised …");
 * - backoff logs "Giving up %s(...) after %d tries (%s)" (litl/backoff backoff/_common.py `_log_giveup`)
 *   after each "Backing off %s(...) for %.1fs (%s)";
 * - a caller's own count of failed attempts ("stage prepare failed after 5 attempts").
 * So a give-up ranks just below the best statement printed before it (ties: the earliest, the first
 * attempt's error), which takes the give-up's rank when it was lower. With no statement before it, the
 * give-up stays: it may carry the attempts' error itself (backoff's "(RuntimeError: …)").
 */
import { STATEMENT_RANK, type Ranked } from './rankedLine.js';
import type { RankPass } from './chainContext.js';

const GIVE_UP =
  /\bRetryError\[|\b[Gg]iving up\b|\b(?:[Ff]ailed|[Ff]ailure|FAILED)\b[^\n]{0,120}\bafter \d+ (?:attempts|tries|retries)\b|\b[Rr]etr(?:y|ies) (?:limit )?(?:exhausted|exceeded)\b/;
/** How far back the attempts' output is read: a retry loop's attempts are near its give-up. */
const MAX_BACK = 80;

export function isGiveUp(body: string): boolean {
  return GIVE_UP.test(body);
}

/** The best-ranked statement before `at` that is no give-up itself (ties: the earliest). */
function attemptsError(bodies: readonly string[], ranked: readonly (Ranked | null)[], at: number): number | null {
  let best: number | null = null;
  for (let index = Math.max(0, at - MAX_BACK); index < at; index += 1) {
    const entry = ranked[index];
    if (!entry || entry.rank < STATEMENT_RANK || isGiveUp(bodies[index] ?? '')) continue;
    if (best === null || entry.rank > ranked[best]!.rank) best = index;
  }
  return best;
}

export const withAttemptsOverGiveUp: RankPass = ({ bodies }, ranked) => {
  for (const [at, body] of bodies.entries()) {
    const entry = ranked[at];
    if (!entry || !isGiveUp(body)) continue;
    const cause = attemptsError(bodies, ranked, at);
    if (cause === null) continue;
    const own = ranked[cause]!;
    ranked[cause] = { rank: Math.max(own.rank, entry.rank), rule: own.rule };
    ranked[at] = { rank: Math.min(entry.rank, ranked[cause]!.rank) - 1, rule: entry.rule };
  }
};
