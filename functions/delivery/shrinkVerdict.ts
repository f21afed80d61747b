/**
 * The last step of fitting a verdict notification (buildSnsMessage): a shorter copy of the
 * verdict, for a verdict whose own fields do not fit in 256 KiB — which only a hostile or huge
 * Run:ai answer produces (a 61,080-character node name did, runaiMutations seed 4242).
 *
 * What always stays: the outcome, category, route, stop reason and audience (closed
 * vocabularies), the numbers (memory, recurrence, the node's suspicion), the first evidence
 * item (the strongest signal, shortened), and each kept text with its id (recommendations and
 * limitations are cut together, so the two lists stay aligned). What goes first: evidence
 * after the first, then the lists, then every remaining string is shortened.
 */
import type { Verdict } from '../core/verdict.js';

export interface ShrinkLevel {
  /** Recommendations and limitations kept (with their ids). */
  readonly items: number;
  /** Longest message, failing line and kept list entry, in code points. */
  readonly textChars: number;
  /** Longest name or id (workload fields, node, evidence source), in code points. */
  readonly nameChars: number;
}

/**
 * Each level keeps less than the previous one. 253 is the longest Kubernetes object name (a
 * DNS subdomain), so a real name survives the first two. The last level bounds every string of
 * the verdict to 64 code points — more than the longest closed value ('SCHEDULING_POLICY_TERMINATED',
 * 'runai-diagnose-preempted-workload'), so none of those changes — and empties every list but
 * the first evidence item: a fixed number of strings of bounded length, a few kB in all, which
 * always fits whatever the input (test/delivery/buildSnsMessage.test.ts, "fits any verdict").
 */
export const SHRINK_LEVELS: readonly ShrinkLevel[] = [
  { items: 5, textChars: 500, nameChars: 253 },
  { items: 0, textChars: 200, nameChars: 253 },
  { items: 0, textChars: 64, nameChars: 64 },
];

/** At most `max` code points (never splits a surrogate pair), with a visible `...` when cut. */
export function capChars(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length > max ? `${chars.slice(0, max).join('')}...` : text;
}

export function shrinkVerdict(verdict: Verdict, level: ShrinkLevel): Verdict {
  const text = (value: string) => capChars(value, level.textChars);
  const name = (value: string) => capChars(value, level.nameChars);
  const first = verdict.evidence[0];
  const shrunk: Verdict = {
    ...verdict,
    evidence: first ? [{ ...first, text: text(first.text), source: name(first.source) }] : [],
    message: text(verdict.message),
    recommendations: verdict.recommendations.slice(0, level.items).map(text),
    recommendationIds: verdict.recommendationIds.slice(0, level.items).map(name),
    limitations: verdict.limitations.slice(0, level.items).map(text),
    limitationIds: verdict.limitationIds.slice(0, level.items).map(name),
    workload: verdict.workload && {
      id: name(verdict.workload.id),
      name: name(verdict.workload.name),
      project: verdict.workload.project && name(verdict.workload.project),
      clusterId: name(verdict.workload.clusterId),
      phase: name(verdict.workload.phase),
      type: verdict.workload.type && name(verdict.workload.type),
    },
    ...(verdict.failingLine ? { failingLine: text(verdict.failingLine) } : {}),
    ...(verdict.node ? { node: { ...verdict.node, name: name(verdict.node.name) } } : {}),
    truncated: true,
  };
  // A field added to the verdict later is bounded too, not forgotten: every string left is
  // held to the level's longest text and every list to the level's items (one at least, for
  // the first evidence item). The publisher's own keys are added after this (buildSnsMessage).
  return bounded(shrunk, Math.max(level.textChars, level.nameChars), Math.max(1, level.items)) as Verdict;
}

function bounded(value: unknown, chars: number, items: number): unknown {
  if (typeof value === 'string') return capChars(value, chars);
  if (Array.isArray(value)) return value.slice(0, items).map((item) => bounded(item, chars, items));
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, bounded(item, chars, items)]));
  return value;
}
