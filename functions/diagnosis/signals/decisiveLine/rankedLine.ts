/**
 * A line's rank as the rules give it, and how the best of several is chosen: the shared vocabulary
 * of the chain principles (each in its own file) that move ranks between the lines of one text.
 */
import { LINE_RULES } from './lineRules.js';
import type { LineRuleName } from '../../model/LineRuleName.js';

export interface Ranked {
  rank: number;
  rule: LineRuleName;
}

/** A line ranked at least this much states a failure (an error line or more). */
export const STATEMENT_RANK = LINE_RULES.find((rule) => rule.name === 'error')?.rank ?? 40;

/** The rank of an exception line (lineRules.ts): the chain principles raise a line to it or just below it. */
export const EXCEPTION_RANK = LINE_RULES.find((rule) => rule.name === 'exception')?.rank ?? 80;

/** The index of the best-ranked line among `indexes` (ties: the rule's preferred end), or null. */
export function bestOf(ranked: readonly (Ranked | null)[], indexes: Iterable<number>): number | null {
  let best: number | null = null;
  for (const at of indexes) {
    const entry = ranked[at];
    if (!entry) continue;
    const current = best === null ? null : ranked[best]!;
    const prefer = LINE_RULES.find((rule) => rule.name === entry.rule)?.prefer ?? 'earliest';
    if (!current || entry.rank > current.rank || (entry.rank === current.rank && prefer === 'latest')) best = at;
  }
  return best;
}

export const range = (from: number, to: number): number[] => Array.from({ length: Math.max(0, to - from) }, (_, offset) => from + offset);
