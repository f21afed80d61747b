/**
 * The relation: a transformed case's verdict is the original case's verdict, read through the
 * transformation — same outcome, same category, the same origin (its pod and node renamed when the
 * case was) or `origin: null` again, and, where the case states a collateral count, the same count
 * moved by the peers added or removed. It is checked against the engine's verdict on the original
 * case (`keptOriginal`) and, separately, against the case's own expectation (`keptExpectation`,
 * heldOutDistributed.ts `measureVerdict` on the transformed expectation).
 */
import type { VerdictSummary } from './runVariant.js';

export interface RelationInput {
  original: VerdictSummary;
  transformed: VerdictSummary;
  rename: (text: string) => string;
  collateralDelta: number;
  /** The case states a collateral count (`collateralAtLeast` > 0 with an origin). */
  statesCollateral: boolean;
}

/** Why the transformed verdict is not the original's read through the transformation; empty when the relation holds. */
export function relationProblems({ original, transformed, rename, collateralDelta, statesCollateral }: RelationInput): string[] {
  const problems: string[] = [];
  if (transformed.outcome !== original.outcome) problems.push(`outcome ${transformed.outcome} ≠ ${original.outcome}`);
  if (transformed.category !== original.category) problems.push(`category ${transformed.category} ≠ ${original.category}`);
  if (original.origin === null) {
    if (transformed.origin !== null) problems.push(`origin ${transformed.origin.pod}@${transformed.origin.node}, was null`);
    return problems;
  }
  if (transformed.origin === null) return [...problems, `origin null, was ${rename(original.origin.pod)}@${rename(original.origin.node)}`];
  const pod = rename(original.origin.pod);
  const node = rename(original.origin.node);
  if (transformed.origin.pod !== pod || transformed.origin.node !== node)
    problems.push(`origin ${transformed.origin.pod}@${transformed.origin.node} ≠ ${pod}@${node}`);
  if (statesCollateral && original.origin.collateral !== null) {
    const wanted = original.origin.collateral + collateralDelta;
    if (transformed.origin.collateral !== wanted) problems.push(`collateral ${String(transformed.origin.collateral)} ≠ ${wanted}`);
  }
  return problems;
}
