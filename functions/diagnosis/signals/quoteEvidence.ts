/**
 * Quotes cluster text for an evidence line. Kubernetes puts the informative part of a
 * message at its end ("…: dial tcp: lookup registry on 10.96.0.10:53: no such host"), so a
 * long message keeps its head and its tail and elides the middle, instead of being cut.
 * When the part that decided the signal is known (the table row's match), a long message is
 * elided around that part instead, so the decisive line is always quoted.
 */
import { quoteUntrusted } from '../../safety/quoteUntrusted.js';
import { displayName } from '../../safety/displayName.js';

/** Longest text read before eliding: beyond it even the tail is noise (and costly to scan). */
const READ_LIMIT = 4_000;
const ELISION = ' … ';

export function quoteEvidence(text: string | null | undefined, maxLength: number, decisive?: string | null): string {
  const quoted = quoteUntrusted(text ?? '', { maxLength: READ_LIMIT });
  const codePoints = Array.from(quoted);
  if (codePoints.length <= maxLength) return quoted;
  const headLength = Math.floor((maxLength - ELISION.length) * 0.4);
  const tailLength = maxLength - ELISION.length - headLength;
  const focused = decisive ? elideAround(codePoints, quoteUntrusted(decisive, { maxLength: READ_LIMIT }), maxLength, headLength, tailLength) : null;
  return (
    focused ??
    `${codePoints.slice(0, headLength).join('').trimEnd()}${ELISION}${codePoints
      .slice(codePoints.length - tailLength)
      .join('')
      .trimStart()}`
  );
}

/**
 * Keeps the decisive part (quoted the same way, so redaction and quote neutralising match)
 * with a short head for context; null when it is already kept by head + tail, or cannot be found.
 */
function elideAround(codePoints: string[], decisive: string, maxLength: number, headLength: number, tailLength: number): string | null {
  const joined = codePoints.join('');
  const unitIndex = decisive ? joined.indexOf(decisive) : -1;
  if (unitIndex < 0) return null;
  const start = Array.from(joined.slice(0, unitIndex)).length;
  const length = Array.from(decisive).length;
  const end = start + length;
  if (end <= headLength || start >= codePoints.length - tailLength) return null;
  const available = maxLength - 2 * ELISION.length;
  if (length >= available) return joinParts([[], codePoints.slice(start, start + available)]);
  // The decisive part is kept whole with a little of what follows it; the rest of the budget goes to the head, which
  // says where the error happened (Kubernetes wraps the cause in what it was doing: "failed to get sandbox image …: <cause>").
  const after = Math.min(codePoints.length - end, Math.floor((available - length) / 4));
  const head = Math.min(start, available - length - after);
  const parts = [codePoints.slice(0, head), codePoints.slice(start, end + after)];
  const kept = head >= start ? parts.map((part) => part.join('')).join('') : joinParts(parts);
  return end + after >= codePoints.length ? kept : `${kept}${ELISION.trimEnd()}`;
}

function joinParts(parts: string[][]): string {
  return parts
    .map((part, index) => {
      const text = part.join('');
      return index === 0 ? text.trimEnd() : text.trim();
    })
    .join(ELISION);
}

/** Cluster messages (events, phase and condition messages, log lines) in evidence lines. */
export const MESSAGE_QUOTE_LENGTH = 360;
/** Names read from the cluster (pods, nodes, reasons, phases). */
export const NAME_QUOTE_LENGTH = 120;

export const quoteMessage = (text: string | null | undefined, decisive?: string | null): string => quoteEvidence(text, MESSAGE_QUOTE_LENGTH, decisive);
/** A name that is not a plain identifier is put between “…”, so it cannot read as a field or a line. */
export const quoteName = (text: string | null | undefined): string => displayName(text ?? '', NAME_QUOTE_LENGTH);
