import { spanTo } from './quotedSpan.js';
import type { QuoteRule } from './chainContext.js';

/**
 * A structured exception repr whose head only announces fields (`<X of RPC that terminated
 * with:`) holds its statement in the field that carries the message: gRPC Python renders a failed
 * call as `<{class} of RPC that terminated with:` then `\tstatus = …`, `\tdetails = "…"`,
 * `\tdebug_error_string = "…"` and `>` (grpc/grpc src/python/grpcio/grpc/_channel.py
 * _NON_OK_RENDEZVOUS_REPR_FORMAT for _InactiveRpcError and _MultiThreadedRendezvous;
 * src/python/grpcio/grpc/aio/_call.py _NON_OK_CALL_REPRESENTATION for AioRpcError). The status is
 * a code, the debug string a copy for machines; the `details` field says what failed.
 */
const FIELD = /^\s+([A-Za-z_][\w.-]*) = (.*)$/;
/** The fields that carry a message, by the names reprs give them. */
const MESSAGE_KEYS = new Set(['details', 'detail', 'message', 'msg', 'reason', 'error']);
/** A head that announces what follows: it ends with `with:` or `:` (after an optional `<`-opened repr). */
const ANNOUNCING_HEAD = /:\s*$/;

/** The index of the message field listed under the exception at `at`, or null (no announcing head, or no such field). */
export function messageField(bodies: readonly string[], at: number): number | null {
  if (!ANNOUNCING_HEAD.test(bodies[at] ?? '')) return null;
  for (let next = at + 1; next < bodies.length; next += 1) {
    const field = FIELD.exec(bodies[next] ?? '');
    if (field === null) return null;
    const value = (field[2] ?? '').replace(/^"|"$/g, '').trim();
    if (MESSAGE_KEYS.has(field[1] ?? '') && /\w/.test(value)) return next;
  }
  return null;
}

/** A repr that announces fields (gRPC's `… terminated with:`) is quoted through its message field, or the field alone when the span is too long. */
export const fieldQuote: QuoteRule = ({ text, all, bodies }, at, exception) => {
  const field = messageField(bodies, at);
  return field === null ? null : spanTo(text, exception, (all[field] ?? '').trim());
};
