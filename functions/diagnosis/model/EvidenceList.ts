/**
 * A verdict's evidence lines, in citing order and without repeats: an event relayed both
 * live and in history is cited once (live). Signals are cited live status first, then
 * pods, then history; within each, a signal that names its cause (a registry error, an
 * exit code) comes first.
 */
import type { Evidence } from '../../core/verdict.js';
import type { Fact } from './Fact.js';
import type { Signal, SourceName } from './Signal.js';
import type { VerdictMessages } from './VerdictMessages.js';

/** How many signals decide the citing: the supporting ones, then the runners-up ("also observed"). */
export const MAX_SUPPORTING_EVIDENCE = 8;
export const MAX_ALSO_OBSERVED = 4;

export class EvidenceList {
  /** Index of the item each key was cited as, with the fact and wrap it was rendered from. */
  private readonly seen = new Map<string, { at: number; fact: Fact; wrap: ((text: string) => string) | undefined }>();
  readonly items: Evidence[] = [];
  constructor(private readonly messages: VerdictMessages) {}

  addFact(fact: Fact, source: SourceName, wrap?: (text: string) => string): void {
    const key = factKey(fact);
    const cited = this.seen.get(key);
    if (cited) {
      this.mergeSameMessage(cited, fact, source);
      return;
    }
    this.seen.set(key, { at: this.items.length, fact, wrap });
    const text = this.messages.fact(fact);
    this.items.push({ text: wrap ? wrap(text) : text, source });
  }

  /**
   * The phase message and a condition's message are often the same text (Run:ai copies one into
   * the other): quoted once, naming both where it was read. Other repeats (an event live and in
   * history) are simply not cited twice.
   */
  private mergeSameMessage(cited: { at: number; fact: Fact; wrap: ((text: string) => string) | undefined }, fact: Fact, source: SourceName): void {
    const merged =
      cited.fact.type === 'phase' && fact.type === 'condition'
        ? { ...cited.fact, alsoCondition: fact.conditionType }
        : cited.fact.type === 'condition' && fact.type === 'phase'
          ? { ...cited.fact, alsoPhase: true }
          : null;
    const item = this.items[cited.at];
    if (!merged || !item) return;
    cited.fact = merged;
    const text = this.messages.fact(merged);
    item.text = cited.wrap ? cited.wrap(text) : text;
    if (!item.source.split(', ').includes(source)) item.source = `${item.source}, ${source}`;
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
  if ((fact.type === 'phase' || fact.type === 'history-phase') && fact.phaseMessage) return `message\u0000${fact.phaseMessage}`;
  if (fact.type === 'condition' && fact.message) return `message\u0000${fact.message}`;
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

export function evidenceRank(signal: Signal): number {
  // A signal that names its cause (a registry's answer, an exit code, a probe kill, who removed the node) is cited first.
  const informative =
    (signal.imagePullCause && signal.imagePullCause !== 'unspecified') ||
    signal.exitCode !== undefined ||
    signal.kind === 'PROBE_KILL' ||
    signal.nodeRemoval !== undefined;
  return ORIGIN_GROUP[signal.origin] * 2 + (informative ? 0 : 1);
}
