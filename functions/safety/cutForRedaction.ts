/**
 * Cuts untrusted text before it is redacted, so that the cost of redaction follows the
 * length quoted, not the length a server chose to send: an 8 MB phase message was redacted
 * whole (seconds of CPU, dozens of patterns over every byte) only to be cut to 300
 * characters afterwards.
 *
 * The cut keeps `REDACTION_MARGIN` characters beyond what the quote can show, so a secret
 * crossing the quote's own cut is still seen whole by the redactor, and it never ends
 * inside a run of non-space characters: a token cut in half may no longer match its
 * pattern (a key whose prefix survives but whose length rule fails), yet its head would be
 * quoted. A run longer than the margin that starts where the quote is still visible is
 * dropped and marked as withheld rather than shown in part.
 */
import { REDACTED } from './redactionMarker.js';

/** Longer than any one-line secret the patterns recognise (a JWT, an API key, a key=value pair). */
export const REDACTION_MARGIN = 4_096;

const WHITESPACE = /\s/;

export function cutForRedaction(text: string, visibleLength: number): string {
  const limit = visibleLength + REDACTION_MARGIN;
  if (text.length <= limit) return text;
  let end = limit;
  // Back to the whitespace before the run the cut goes through (a line break counts: PEM
  // bodies are cut between lines, where the unterminated-PEM pattern still redacts them).
  while (end > 0 && !WHITESPACE.test(text[end - 1]!)) end -= 1;
  const head = text.slice(0, end);
  // The dropped run began where the quote is still visible: say something was withheld.
  return end <= visibleLength ? `${head}${REDACTED}` : head;
}
