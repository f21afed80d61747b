import { endsRecord } from './linePointers.js';
import { EXCEPTION_MESSAGE } from './fromException.js';
import type { QuoteRule } from './chainContext.js';

/**
 * A message that only counts the errors listed under it (pydantic/pydantic-core
 * src/errors/validation_exception.rs: "{count} validation error{s} for {title}", then per error its
 * location, when it has one, and "  {msg} [type=…, input_value=…]") says how many, not what: when
 * the record does not fit whole, its first error's statement is quoted — vLLM's "Value error,
 * Quantization method specified in the model config (…) does not match …" under "1 validation error
 * for ModelConfig" (a model validator's error has no location line). A location alone (one token)
 * is skipped for the statement under it. Null: not such a header, or no statement follows.
 */
const COUNT_HEADER = /^\d+ (?:validation )?errors? (?:for|in)\b/;
export const firstCountedError: QuoteRule = ({ all, masked, bodies }, at, exception) => {
  const message = EXCEPTION_MESSAGE.exec(exception)?.[1] ?? exception;
  if (!COUNT_HEADER.test(message.trim())) return null;
  for (let next = at + 1; next < all.length && next <= at + 3; next += 1) {
    const body = bodies[next] ?? '';
    // A frame, a new record or a line with a logger header of its own is not this message.
    if (endsRecord(body, body) || body.trim() !== (masked[next] ?? '').trim()) return null;
    if (/\s/.test(body.trim())) return (all[next] ?? '').trim();
  }
  return null;
};
