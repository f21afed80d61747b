import { matchLineRule } from './lineRules.js';
import { MAX_SPAN } from './quotedSpan.js';
import type { QuoteRule } from './chainContext.js';

/**
 * libstdc++'s terminate handler writes one record on two lines: the thrown type, then its
 * `what():` message (gcc libstdc++-v3/libsupc++/vterminate.cc). Like an exception and its
 * continuation, the record is quoted whole when it fits — the type (`std::bad_alloc`,
 * `c10::DistBackendError`) and the message each say what the other does not.
 */
export const thrownWith: QuoteRule = ({ text, all, bodies }, at) => {
  if (at === 0 || !/^\s*what\(\):\s/.test(bodies[at] ?? '') || matchLineRule(bodies[at - 1] ?? '')?.name !== 'thrown-type') return null;
  const header = (all[at - 1] ?? '').trim();
  const message = (all[at] ?? '').trim();
  const start = text.lastIndexOf(header);
  const end = start < 0 ? -1 : text.indexOf(message, start);
  const span = end < 0 ? null : text.slice(start, end + message.length);
  return span !== null && span.length <= MAX_SPAN ? span : null;
};
