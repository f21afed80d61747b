/** What a replay must reproduce of a verdict: the fidelity a recording promises (docs/recording.md). */
import type { Verdict } from '../core/verdict.js';

export interface VerdictEssentials {
  outcome: Verdict['outcome'];
  category: Verdict['category'];
  route: Verdict['route'];
  stopReason: Verdict['stopReason'];
  recurrence: { count: number; recurring: boolean } | null;
  evidenceCount: number;
}

export function verdictEssentials(verdict: Verdict): VerdictEssentials {
  return {
    outcome: verdict.outcome,
    category: verdict.category,
    route: verdict.route,
    stopReason: verdict.stopReason,
    recurrence: verdict.recurrence ? { count: verdict.recurrence.count, recurring: verdict.recurrence.recurring } : null,
    evidenceCount: verdict.evidence.length,
  };
}

/** The essentials that differ, named (empty when the replay reproduces the verdict). */
export function essentialDifferences(live: Verdict | null, replayed: Verdict | null): string[] {
  if (live === null || replayed === null)
    return live === replayed ? [] : [`verdict: ${live ? 'present' : 'none'} live, ${replayed ? 'present' : 'none'} replayed`];
  const a = verdictEssentials(live);
  const b = verdictEssentials(replayed);
  return (Object.keys(a) as (keyof VerdictEssentials)[])
    .filter((key) => JSON.stringify(a[key]) !== JSON.stringify(b[key]))
    .map((key) => `${key}: ${JSON.stringify(a[key])} live, ${JSON.stringify(b[key])} replayed`);
}
