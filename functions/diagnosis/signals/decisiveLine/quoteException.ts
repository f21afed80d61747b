import type { ChainContext, QuoteRule } from './chainContext.js';
import { thrownWith } from './thrownWith.js';
import { fieldQuote } from './messageField.js';
import { continued } from './continued.js';
import { withRecord } from './withRecord.js';
import { firstCountedError } from './firstCountedError.js';

/**
 * The principles that quote an exception chosen as the decisive line, in the order they are
 * asked; the first that applies decides. A new principle is one QuoteRule in a file of its own,
 * placed here where it must be asked.
 */
export const QUOTE_RULES: readonly QuoteRule[] = [
  // libstdc++'s terminate record: the thrown type and its what() (thrownWith.ts).
  thrownWith,
  // A repr that announces fields: its message field (messageField.ts).
  fieldQuote,
  // A message naming nothing: the specifics on the line after it (continued.ts).
  continued,
  // A message spanning several lines: the record whole (withRecord.ts).
  withRecord,
  // A count of errors: the first counted error (firstCountedError.ts).
  firstCountedError,
];

/** The quote the first applicable principle prescribes for the exception at `at`; the exception alone when none applies. */
export function quoteException(context: ChainContext, at: number, exception: string): string {
  for (const rule of QUOTE_RULES) {
    const quote = rule(context, at, exception);
    if (quote !== null) return quote;
  }
  return exception.trim();
}
