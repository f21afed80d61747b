import type { Category } from '../../../core/verdict.js';
import type { SignalKind } from '../../model/Signal.js';

/** The least a rule needs to know of a signal: its name. */
export interface SignalLike {
  kind: SignalKind;
  /** Set when the signal was decoded from an NVIDIA Xid: such a signal decides, so it leads. */
  xid?: unknown;
  /** Epoch ms of the fact, when dated: a rule that explains one signal by another reads their order. */
  at?: number | null;
}

/** The same signals, those decoded from an Xid first (stable otherwise): the catalogue's line is the one to quote. */
export const xidFirst = <S extends SignalLike>(signals: readonly S[]): S[] => [
  ...signals.filter((signal) => signal.xid !== undefined),
  ...signals.filter((signal) => signal.xid === undefined),
];

/**
 * One rule per category (k8sgpt-style analyzers): given every signal of the current
 * failure, return the signals that directly support the category, or an empty list.
 * Rules never read message text; they only combine named signals.
 */
export interface CategoryRule {
  category: Exclude<Category, 'UNKNOWN'>;
  supportingSignals<S extends SignalLike>(signals: readonly S[]): S[];
}

export const signalsOfKind =
  (...kinds: SignalKind[]) =>
  <S extends SignalLike>(signals: readonly S[]): S[] =>
    xidFirst(signals.filter((signal) => kinds.includes(signal.kind)));
