/**
 * Quotes cluster text for an evidence line. Kubernetes puts the informative part of a
 * message at its end ("…: dial tcp: lookup registry on 10.96.0.10:53: no such host"), so a
 * long message keeps its head and its tail and elides the middle, instead of being cut.
 */
import { quoteUntrusted } from '../safety/quoteUntrusted.js';
import { displayName } from '../safety/displayName.js';

/** Longest text read before eliding: beyond it even the tail is noise (and costly to scan). */
const READ_LIMIT = 4_000;
const ELISION = ' … ';

export function quoteEvidence(text: string | null | undefined, maxLength: number): string {
  const quoted = quoteUntrusted(text ?? '', { maxLength: READ_LIMIT });
  const codePoints = Array.from(quoted);
  if (codePoints.length <= maxLength) return quoted;
  const headLength = Math.floor((maxLength - ELISION.length) * 0.4);
  const tailLength = maxLength - ELISION.length - headLength;
  return `${codePoints.slice(0, headLength).join('').trimEnd()}${ELISION}${codePoints.slice(codePoints.length - tailLength).join('').trimStart()}`;
}

/** Cluster messages (events, phase and condition messages, log lines) in evidence lines. */
export const MESSAGE_QUOTE_LENGTH = 360;
/** Names read from the cluster (pods, nodes, reasons, phases). */
export const NAME_QUOTE_LENGTH = 120;

export const quoteMessage = (text: string | null | undefined): string => quoteEvidence(text, MESSAGE_QUOTE_LENGTH);
/** A name that is not a plain identifier is put between “…”, so it cannot read as a field or a line. */
export const quoteName = (text: string | null | undefined): string => displayName(text ?? '', NAME_QUOTE_LENGTH);
