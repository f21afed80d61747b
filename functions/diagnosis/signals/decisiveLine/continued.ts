import { matchLineRule } from './lineRules.js';
import { continuationStatement, endsRecord, isGenericMessage } from './linePointers.js';
import { EXCEPTION_MESSAGE } from './fromException.js';
import { isGenericSummary } from './genericSummary.js';
import { spanTo } from './quotedSpan.js';
import type { QuoteRule } from './chainContext.js';

/**
 * An exception whose first line names nothing (an HTTP status, "The actor died unexpectedly")
 * continues with its specifics: quoted with them when both fit, else the specific line alone.
 * Null: the message names something, or nothing continues it.
 */
export const continued: QuoteRule = ({ text, all, masked, bodies }, at, exception) => {
  const message = EXCEPTION_MESSAGE.exec(exception)?.[1] ?? exception;
  if (!isGenericMessage(message)) return null;
  const found = continuationStatement(bodies, at, (body) => matchLineRule(body)?.name === 'exception');
  // A line with a logger header of its own (or a frame) is another record, not this exception's specifics.
  // A summary of the failure (uvicorn's "Application startup failed. Exiting.") is the next statement, not these specifics;
  // a line without a word (the `"""` closing concurrent.futures' _RemoteTraceback) says nothing.
  if (found === null || endsRecord(bodies[found] ?? '', masked[found] ?? '') || isGenericSummary(bodies[found] ?? '') || !/\w/.test(bodies[found] ?? '')) {
    return null;
  }
  return spanTo(text, exception, (all[found] ?? '').trim());
};
