import type { Category } from '../../core/verdict.js';
import type { SignalKind } from '../Signal.js';

/** The least a rule needs to know of a signal: its name. */
export interface SignalLike {
  kind: SignalKind;
}

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
    signals.filter((signal) => kinds.includes(signal.kind));
