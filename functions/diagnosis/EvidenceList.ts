/**
 * A verdict's evidence lines, in citing order and without repeats: an event relayed both
 * live and in history is cited once (live). Signals are cited live status first, then
 * pods, then history; within each, a signal that names its cause (a registry error, an
 * exit code) comes first.
 */
import type { Evidence } from '../core/verdict.js';
import type { Fact } from './Fact.js';
import type { Signal, SourceName } from './Signal.js';
import type { VerdictMessages } from './VerdictMessages.js';

/** How many signals decide the citing: the supporting ones, then the runners-up ("also observed"). */
export const MAX_SUPPORTING_EVIDENCE = 8;
export const MAX_ALSO_OBSERVED = 4;

export class EvidenceList {
  private readonly seen = new Set<string>();
  readonly items: Evidence[] = [];
  constructor(private readonly messages: VerdictMessages) {}

  addFact(fact: Fact, source: SourceName, wrap?: (text: string) => string): void {
    const key = factKey(fact);
    if (this.seen.has(key)) return;
    this.seen.add(key);
    const text = this.messages.fact(fact);
    this.items.push({ text: wrap ? wrap(text) : text, source });
  }

  /** Adds signals in citing order until the list holds `limit` lines. */
  addSignals(signals: readonly Signal[], limit: number, wrap?: (text: string) => string): void {
    const ordered = [...signals].sort((a, b) => evidenceRank(a) - evidenceRank(b));
    for (const signal of ordered) {
      if (this.items.length >= limit) return;
      this.addFact(signal.fact, signal.source, wrap);
    }
  }

  addText(text: string, source: SourceName): void {
    this.items.push({ text, source });
  }
}

/** Facts that say the same thing live and in history share a key: the live one is cited. */
function factKey(fact: Fact): string {
  if (fact.type === 'event' || fact.type === 'history-event') return `event\u0000${fact.reason}\u0000${fact.message}`;
  if ((fact.type === 'phase' || fact.type === 'history-phase') && fact.phaseMessage) return `phase\u0000${fact.phaseMessage}`;
  return JSON.stringify(fact);
}

const ORIGIN_GROUP: Record<Signal['origin'], number> = {
  event: 0,
  phase: 0,
  condition: 0,
  pod: 1,
  'k8s-pod': 1,
  'k8s-event': 1,
  'k8s-node': 1,
  'history-event': 2,
  'history-phase': 2,
};

function evidenceRank(signal: Signal): number {
  const informative = (signal.imagePullCause && signal.imagePullCause !== 'unspecified') || signal.exitCode !== undefined || signal.kind === 'PROBE_KILL';
  return ORIGIN_GROUP[signal.origin] * 2 + (informative ? 0 : 1);
}
