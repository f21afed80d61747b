/** What a replay must reproduce of a verdict: the fidelity a recording promises (docs/recording.md). */
import type { Verdict } from '../core/verdict.js';
import { sameQuotedLine } from './sameQuotedLine.js';

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

/**
 * The essentials that differ, named (empty when the replay reproduces the verdict), and the quoted
 * failing line: the replay must quote the same line, wherever a length limit cut it (sameQuotedLine.ts).
 */
export function essentialDifferences(live: Verdict | null, replayed: Verdict | null): string[] {
  if (live === null || replayed === null)
    return live === replayed ? [] : [`verdict: ${live ? 'present' : 'none'} live, ${replayed ? 'present' : 'none'} replayed`];
  const a = verdictEssentials(live);
  const b = verdictEssentials(replayed);
  const differences = (Object.keys(a) as (keyof VerdictEssentials)[])
    .filter((key) => JSON.stringify(a[key]) !== JSON.stringify(b[key]))
    .map((key) => `${key}: ${JSON.stringify(a[key])} live, ${JSON.stringify(b[key])} replayed`);
  const lines = [live.failingLine ?? null, replayed.failingLine ?? null] as const;
  if (!sameQuotedLine(lines[0], lines[1])) differences.push(`failingLine: ${JSON.stringify(lines[0])} live, ${JSON.stringify(lines[1])} replayed`);
  return differences;
}
