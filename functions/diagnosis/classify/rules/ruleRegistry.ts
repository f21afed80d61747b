/**
 * The explicit precedence of categories when several have direct signals (docs/procedure.md):
 * container/pod signals > system causes > application crash > UNKNOWN.
 */
import type { Category } from '../../../core/verdict.js';
import type { CategoryRule, SignalLike } from './CategoryRule.js';
import { crashAppErrorRule } from './crashAppErrorRule.js';
import { datasourceMountFailedRule } from './datasourceMountFailedRule.js';
import { imagePullFailedRule } from './imagePullFailedRule.js';
import { initFailedRule } from './initFailedRule.js';
import { nodeFailureRule } from './nodeFailureRule.js';
import { oomKilledRule } from './oomKilledRule.js';
import { schedulingPolicyTerminatedRule } from './schedulingPolicyTerminatedRule.js';

export const RULE_REGISTRY: readonly CategoryRule[] = [
  oomKilledRule,
  imagePullFailedRule,
  initFailedRule,
  datasourceMountFailedRule,
  nodeFailureRule,
  schedulingPolicyTerminatedRule,
  crashAppErrorRule,
];

export interface Classification<S extends SignalLike> {
  category: Category;
  /** Signals that support the chosen category. */
  supporting: S[];
  /** Categories that also had direct signals, in precedence order ("also observed"). */
  runnersUp: { category: Category; supporting: S[] }[];
}

export function classifySignals<S extends SignalLike>(signals: readonly S[]): Classification<S> {
  const matches = RULE_REGISTRY.map((rule) => ({ category: rule.category as Category, supporting: rule.supportingSignals(signals) })).filter(
    (match) => match.supporting.length > 0,
  );
  const [winner, ...runnersUp] = matches;
  if (!winner) return { category: 'UNKNOWN', supporting: [], runnersUp: [] };
  return { category: winner.category, supporting: winner.supporting, runnersUp };
}
