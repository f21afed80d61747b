/**
 * Which decisive line a signal quotes. A message read once can support several signals (an
 * OOMKilled phase message with the container's exit code and its termination message): a
 * signal the application explains (an exit, a crash loop, a start error, an uncategorised
 * failure) quotes the container's own text when the message carries it; a signal the system
 * explains (a pull, a mount, a node, a policy, an OOM kill) quotes the system's clause. Pure.
 */
import type { SignalKind } from '../../model/Signal.js';
import { findDecisiveLines, type DecisiveLine, type DecisiveRegions } from './findDecisiveLine.js';

/** Raw (not yet quoted): the caller quotes it with the evidence it belongs to. */
export interface SignalLine extends DecisiveLine {
  /** The line is container-written text the message carried (its log tail or termination message). */
  fromPayload: boolean;
}

const APPLICATION_KINDS: ReadonlySet<SignalKind> = new Set<SignalKind>([
  'CONTAINER_CRASH',
  'CRASH_LOOP',
  'EXIT_SYSTEM_SIGNAL',
  'POD_ERROR',
  'CONTAINER_START_ERROR',
  'INIT_FAILED',
  'UNCATEGORISED',
  'PROBE_KILL',
]);

export function lineFor(kind: SignalKind, regions: DecisiveRegions): SignalLine | null {
  const system = regions.system ? { ...regions.system, fromPayload: false } : null;
  const payload = regions.payload ? { ...regions.payload, fromPayload: true } : null;
  // The container's text explains an application exit when a rule recognised a line in it. Else, when the system's
  // text is only the carrier of the container's ("terminated with exit code 1 (Error): <text>"), the argument is the
  // statement: the last statement the container printed before its exit says more than the carrier, even without an
  // error word (findDecisiveLine.ts lastLine). A system line a rule recognised as specific, or a system text of its own,
  // stands; the carrier's "(Error)" is the kubelet's reason for any non-zero exit, an error word that states nothing.
  if (APPLICATION_KINDS.has(kind)) {
    if (payload?.rule) return payload;
    const specific = system?.rule && system.rule !== 'error';
    return regions.carrier && !specific ? (payload ?? system) : (system ?? payload);
  }
  return system ?? payload;
}

/** Reads a message's decisive lines (see findDecisiveLines). */
export function readDecisiveLines(
  message: string | null | undefined,
  matched: string | null | undefined,
  mask: (text: string) => string,
  splitPayload: boolean,
): DecisiveRegions {
  return findDecisiveLines(message, { matched, mask, splitPayload });
}

/** The raw text the quoted message is elided around: the first signal's line. */
export function focusOf(kinds: readonly SignalKind[], regions: DecisiveRegions): string | null {
  const first = kinds[0];
  return first ? (lineFor(first, regions)?.text ?? null) : null;
}
