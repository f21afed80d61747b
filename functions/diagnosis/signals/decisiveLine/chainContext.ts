import type { Ranked } from './rankedLine.js';

/**
 * What a chain rule reads to quote an exception chosen as the decisive line: the text as written
 * (the quote is cut from it, so it stays verbatim), its non-blank lines, the same lines with names
 * masked (the patterns read those, so a name never makes a line look like an error) and without
 * their log headers (`bodies`). The four arrays share indexes.
 */
export interface ChainContext {
  /** The text the lines were read from; a quote is a verbatim part of it. */
  readonly text: string;
  /** Its non-blank lines, raw (shared relay header removed). */
  readonly all: readonly string[];
  /** The same lines with names masked. */
  readonly masked: readonly string[];
  /** The same lines masked and without their log headers. */
  readonly bodies: readonly string[];
}

/**
 * One principle for quoting an exception line: given the chain, the line's index and the
 * exception as read from it (`Name: message`, from its name on), the quote it prescribes, or null
 * when the principle does not apply and the next one is asked (quoteRules.ts lists them in order).
 */
export type QuoteRule = (context: ChainContext, at: number, exception: string) => string | null;

/**
 * One principle that moves ranks once every line is ranked (a statement over its restatement, a
 * cause over its summary): it reads the lines (masked, and without headers) and rewrites `ranked`
 * in place. rankLines.ts applies the passes in order; a new principle is one RankPass in a file of its own.
 */
export type RankPass = (lines: Pick<ChainContext, 'masked' | 'bodies'>, ranked: (Ranked | null)[]) => void;
