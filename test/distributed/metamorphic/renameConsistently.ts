/**
 * A consistent renaming of the names a case holds (workload, pods, nodes, project namespace):
 * every occurrence in every string of the scenario — records, event messages, logs, the spec —
 * and in the expectation's names and quoted line is replaced at once, so the renamed case states
 * the same facts about differently named things.
 *
 * Two kinds of occurrence: a whole token (a pod, a node, a namespace: not preceded nor followed by
 * a name character), and the workload name as the prefix of a derived name (`<job>-worker` as the
 * headless Service an MPI hostfile names, `<rayjob>-<suffix>-head-svc`), where a `-` may follow.
 * Kubernetes names are DNS labels (no `_`), so `_` bounds a name as the kubelet writes it
 * (`pod=<pod>_<namespace>(<uid>)`). A name inside a word is never touched: a project called `preemption` is not the word
 * "preemption" of an event, which is why the project is renamed only as its namespace token
 * `runai-<project>` and as the `projectName` field.
 */
import type { Expectation, Json } from './caseView.js';

export interface NameMap {
  /** Whole-token renames: pods, nodes, the namespace. */
  tokens: [string, string][];
  /** Prefix renames: the workload name, also where a derived name continues it with `-`. */
  prefixes: [string, string][];
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const byLengthDesc = (pairs: [string, string][]) => [...pairs].sort(([a], [b]) => b.length - a.length);

/** The text with every mapped name replaced (one pass per kind, longest name first). */
export function renamer(map: NameMap): (text: string) => string {
  const pass = (pairs: [string, string][], after: string) => {
    const live = byLengthDesc(pairs.filter(([from, to]) => from !== to && from.length > 0));
    if (live.length === 0) return (text: string) => text;
    const lookup = new Map(live);
    const pattern = new RegExp(`(?<![A-Za-z0-9-])(${live.map(([from]) => escape(from)).join('|')})(?!${after})`, 'g');
    return (text: string) => text.replace(pattern, (found) => lookup.get(found) ?? found);
  };
  const tokens = pass(map.tokens, '[A-Za-z0-9-]');
  const prefixes = pass(map.prefixes, '[A-Za-z0-9]');
  return (text) => prefixes(tokens(text));
}

/** A deep copy of `value` with `rename` applied to every string value (keys are left alone). */
export function renameDeep<T>(value: T, rename: (text: string) => string): T {
  const walk = (item: unknown): unknown => {
    if (typeof item === 'string') return rename(item);
    if (Array.isArray(item)) return item.map(walk);
    if (item !== null && typeof item === 'object') return Object.fromEntries(Object.entries(item).map(([key, inner]) => [key, walk(inner)]));
    return item;
  };
  return walk(value) as T;
}

/** The expectation about the renamed case: the origin's names and the quoted lines, renamed. */
export function renameExpectation(expectation: Expectation, rename: (text: string) => string): Expectation {
  return {
    ...expectation,
    origin:
      expectation.origin === null
        ? null
        : { pod: rename(expectation.origin.pod), node: rename(expectation.origin.node), signalIncludes: expectation.origin.signalIncludes.map(rename) },
    quotedLine: rename(expectation.quotedLine),
    ...(expectation.quotedLineAlternatives ? { quotedLineAlternatives: expectation.quotedLineAlternatives.map(rename) } : {}),
  };
}

/** Every string value of `value` that equals `from` exactly becomes `to` (the `projectName` field). */
export function replaceExactValues(value: Json, from: string, to: string): void {
  for (const [key, item] of Object.entries(value)) {
    if (item === from) value[key] = to;
    else if (item !== null && typeof item === 'object') replaceExactValues(item as Json, from, to);
  }
}
