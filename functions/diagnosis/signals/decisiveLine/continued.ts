import { matchLineRule } from './lineRules.js';
import { continuationStatement, endsRecord, isGenericMessage } from './linePointers.js';
import { EXCEPTION_MESSAGE } from './fromException.js';
import { MAX_SPAN, withRecord } from './withRecord.js';
import { firstCountedError } from './firstCountedError.js';
import { isGenericSummary } from './genericSummary.js';
import { messageField } from './messageField.js';

/**
 * An exception whose first line names nothing (an HTTP status, "The actor died unexpectedly")
 * continues with its specifics: quoted with them when both fit, else the specific line alone.
 */
export function continued(
  text: string,
  all: readonly string[],
  masked: readonly string[],
  bodies: readonly string[],
  at: number,
  exception: string,
): string | null {
  const message = EXCEPTION_MESSAGE.exec(exception)?.[1] ?? exception;
  // A repr that announces fields (gRPC's `… terminated with:`) states its failure in its message field (messageField.ts).
  const field = messageField(bodies, at);
  if (field !== null) return spanTo(text, exception, (all[field] ?? '').trim());
  const found = isGenericMessage(message) ? continuationStatement(bodies, at, (body) => matchLineRule(body)?.name === 'exception') : null;
  // A line with a logger header of its own (or a frame) is another record, not this exception's specifics.
  // A summary of the failure (uvicorn's "Application startup failed. Exiting.") is the next statement, not these specifics;
  // a line without a word (the `"""` closing concurrent.futures' _RemoteTraceback) says nothing.
  const next =
    found !== null && (endsRecord(bodies[found] ?? '', masked[found] ?? '') || isGenericSummary(bodies[found] ?? '') || !/\w/.test(bodies[found] ?? ''))
      ? null
      : found;
  if (next === null) return withRecord(text, all, masked, bodies, at, exception) ?? firstCountedError(all, masked, bodies, at, message);
  return spanTo(text, exception, (all[next] ?? '').trim());
}

/** The exception through its statement when both fit, else the statement alone. */
function spanTo(text: string, exception: string, statement: string): string {
  // The span is cut from the text itself, so it stays a verbatim part of it (the evidence is elided around it).
  const start = text.lastIndexOf(exception.trim());
  const end = start < 0 ? -1 : text.indexOf(statement, start);
  const span = end < 0 ? null : text.slice(start, end + statement.length);
  return span !== null && span.length <= MAX_SPAN ? span : statement;
}
