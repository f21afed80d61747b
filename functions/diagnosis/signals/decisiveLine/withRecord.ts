import { matchLineRule } from './lineRules.js';
import { announcesNext, endsRecord } from './linePointers.js';
import { isGenericSummary } from './genericSummary.js';
import { MAX_SPAN } from './quotedSpan.js';
import { MESSAGE_QUOTE_LENGTH } from '../quoteEvidence.js';
import type { QuoteRule } from './chainContext.js';

/**
 * An exception's message may span several lines: Python prints str(exc) as it is
 * (python/cpython Lib/traceback.py format_exception_only), so pydantic's "1 validation error for
 * X" is followed by the field and the reason (pydantic/pydantic-core src/errors/validation_exception.rs
 * "{count} validation error{s} for {title}" then "{loc}\n  {msg} [type=…]"), Lightning's
 * "You requested gpu: [0, 1]" by "\n But your machine only has: [0]", Rust's "panicked at
 * src/main.rs:3:5:" by its message, qdrant-client's UnexpectedResponse "Unexpected Response: {status}
 * ({reason})" by "Raw response content:" and the server's body (qdrant/qdrant-client
 * qdrant_client/http/exceptions.py UnexpectedResponse.__str__). The line and the lines that continue it are one record,
 * quoted together as far as MAX_SPAN allows (whole lines only). Null: the line stands alone.
 */
export const withRecord: QuoteRule = ({ text, all, masked, bodies }, at, exception) => {
  const head = exception.trim();
  const start = text.lastIndexOf(head);
  if (start < 0) return null;
  let cursor = start + head.length;
  let span: string | null = null;
  let visible = head.length;
  // A logger that wrote a header before the exception writes it before each line of the record: a bare line after it is not its message.
  if ((bodies[at] ?? '') !== (masked[at] ?? '').trim() && (bodies[at] ?? '') !== (masked[at] ?? '')) return null;
  for (let next = at + 1; next < all.length; next += 1) {
    const line = (all[next] ?? '').trim();
    const found = text.indexOf(line, cursor);
    // A blank line, a new record, a frame or a line a rule recognises ends the exception's message.
    if (found < 0 || /\n[^\S\n]*\n/.test(text.slice(cursor, found)) || endsRecord(bodies[next] ?? '', masked[next] ?? '')) break;
    // A line a rule recognises, or a summary of the failure (genericSummary.ts), is a statement of its own — unless the
    // record's line before it announces it: a label ending with ':' (qdrant-client's "Raw response content:" before the
    // server's body) is not where the message ends, the line it announces is the rest of it.
    const announced = announcesNext(bodies[next - 1] ?? '') && next - 1 > at;
    if (!announced && (matchLineRule(bodies[next] ?? '') !== null || isGenericSummary(bodies[next] ?? ''))) break;
    // A line without a word (a box's rule `+-----`, a closing `"""`) draws the record's edge, it does not continue it.
    if (!/\w/.test(line)) break;
    // The budget is the record's own text: a relay's header repeated between its lines (a coloured level word is longer than
    // a plain one) takes none of it, so how a deployment presents the record never shortens the quote; the raw span stays
    // within what a quote shows whole.
    visible += line.length + 1;
    if (visible > MAX_SPAN || found + line.length - start > MESSAGE_QUOTE_LENGTH) break;
    cursor = found + line.length;
    span = text.slice(start, cursor);
  }
  return span;
};
