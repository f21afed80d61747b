/**
 * Hostile names generated from upstream vocabularies (upstreamVocabularies.ts), held out from the
 * engine: nothing here reads functions/diagnosis/ or the vocabulary of ../hostileNames.ts. A seeded
 * generator, not a list: each upstream term is split into words and shaped the way users name
 * workloads, pods, images and tags — DNS-1123 (`oom-killed-retry`, `crashloop2`, `xid79-repro`,
 * `evicted`), joined words, with digits, prefixes and suffixes, and as written (mixed case) for the
 * fields that allow case (`CrashLoopBackOff-v2`, `cudaErrorMemoryAllocation_run3`).
 *
 * Two directions, decided per scenario because they depend on its real cause:
 * - *pull*: the name spells the words of a failure OTHER than the scenario's own (pullNamesFor);
 * - *hide*: the name is a word the scenario's real signal text contains, when that word is an
 *   upstream vocabulary word (hideNamesFor) — e.g. `killed` for a scenario whose event says
 *   "OOMKilled", `pressure` for "MemoryPressure".
 */
import { UPSTREAM_VOCABULARIES, type Evokes } from './upstreamVocabularies.js';

export interface UpstreamHostileName {
  /** DNS-1123 label spelling (≤ 63 characters), for the fields that must be DNS names. */
  dns: string;
  /** Mixed-case spelling, for the fields that allow case (image tag, model URI path, submittedBy). */
  cased: string;
  direction: 'pull' | 'hide';
  /** The upstream term (or signal word, for hide names) the name is spelled from. */
  term: string;
  /** The failure the term evokes (pull), or the scenario's own (hide). */
  evokes: Evokes | 'own';
  source: string;
}

/** mulberry32: a small deterministic generator, so that a seed names the same sample on every run. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function pick<T>(items: readonly T[], random: () => number): T {
  return items[Math.floor(random() * items.length)]!;
}

/** A seeded sample of `count` distinct items (all of them when fewer). */
export function sample<T>(items: readonly T[], count: number, random: () => number): T[] {
  const pool = [...items];
  const chosen: T[] = [];
  while (chosen.length < count && pool.length > 0) chosen.push(pool.splice(Math.floor(random() * pool.length), 1)[0]!);
  return chosen;
}

/**
 * The words of an upstream term: camel case (`CrashLoopBackOff`, `OOMKilled`,
 * `cudaErrorMemoryAllocation`), snake case (`CUBLAS_STATUS_ALLOC_FAILED`), dashes and spaces,
 * a number kept with the word before it (`Xid79`).
 */
export function termWords(term: string): string[] {
  return term
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter((word) => word.length > 0)
    .map((word) => word.toLowerCase());
}

/** Neutral affixes users put around a name (a retry, a repro, a version, a run number). */
const AFFIXES = ['retry', 'repro', 'test', 'debug', 'v2', 'canary', 'exp', 'nightly', 'bench', 'eval', 'fix', 'train', 'dev', 'prod'] as const;

/** A DNS-1123 label from words: lower case, dashes, at most 63 characters, alphanumeric at both ends. */
function dnsLabel(text: string): string {
  const label = text
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, '-')
    .replace(/-+/g, '-')
    .slice(0, 63)
    .replace(/^-+|-+$/g, '');
  return label.length > 0 ? label : 'x';
}

/** A spelling as written for the cased fields: a Docker tag's alphabet, starting alphanumeric, at most 128 characters. */
function casedLabel(text: string): string {
  const label = text
    .replace(/[^A-Za-z0-9_.-]+/g, '-')
    .slice(0, 128)
    .replace(/^[^A-Za-z0-9]+|[^A-Za-z0-9]+$/g, '');
  return label.length > 0 ? label : 'x';
}

/** The spellings of one term a user might choose: joined, dashed, with an affix or a digit, truncated to its first words. */
function shapes(term: string, random: () => number): { dns: string; cased: string }[] {
  const words = termWords(term);
  const affix = pick(AFFIXES, random);
  const digit = String(1 + Math.floor(random() * 9));
  const head = words.slice(0, Math.min(2, words.length));
  const asWritten = term.replace(/\s+/g, '-');
  return [
    { dns: dnsLabel(words.join('')), cased: casedLabel(asWritten) },
    { dns: dnsLabel(words.join('-')), cased: casedLabel(`${asWritten}_${affix}`) },
    { dns: dnsLabel(`${words.join('-')}-${affix}`), cased: casedLabel(`${affix}-${asWritten}`) },
    { dns: dnsLabel(`${head.join('')}${digit}`), cased: casedLabel(`${head.map((word) => word[0]!.toUpperCase() + word.slice(1)).join('')}${digit}`) },
    { dns: dnsLabel(`${affix}-${words.join('')}`), cased: casedLabel(`${asWritten}.${affix}${digit}`) },
  ];
}

/** Distinct by their DNS spelling (the one most fields use), keeping the first. */
function distinct(names: UpstreamHostileName[]): UpstreamHostileName[] {
  const seen = new Set<string>();
  return names.filter((name) => !seen.has(`${name.direction}:${name.dns}:${name.cased}`) && !!seen.add(`${name.direction}:${name.dns}:${name.cased}`));
}

/** Every pull candidate of the vocabularies, shaped with `seed`: the whole generated population. */
export function upstreamPullNames(seed: number): UpstreamHostileName[] {
  const random = seededRandom(seed);
  return distinct(
    UPSTREAM_VOCABULARIES.flatMap((vocabulary) =>
      vocabulary.terms.flatMap((term) =>
        shapes(term, random).map((shape) => ({ ...shape, direction: 'pull' as const, term, evokes: vocabulary.evokes, source: vocabulary.source })),
      ),
    ),
  );
}

/** The pull names for a scenario whose real cause is `own`: those spelled from another failure's words. */
export function pullNamesFor(own: Evokes | null, population: readonly UpstreamHostileName[]): UpstreamHostileName[] {
  return population.filter((name) => name.direction === 'pull' && name.evokes !== own);
}

/** Every word of the upstream vocabularies (three letters or more): what a hide name may be spelled from. */
export function upstreamWords(): ReadonlySet<string> {
  return new Set(UPSTREAM_VOCABULARIES.flatMap((vocabulary) => vocabulary.terms.flatMap(termWords)).filter((word) => word.length >= 3));
}

/**
 * English closed-class words (articles, auxiliaries, prepositions, conjunctions) of the upstream
 * phrases: a signal contains them, but a name spelled from one alone hides nothing in particular.
 * They still join the word before them (`back-off`).
 */
const FUNCTION_WORDS: ReadonlySet<string> = new Set([
  'the',
  'was',
  'has',
  'had',
  'have',
  'are',
  'were',
  'been',
  'off',
  'for',
  'and',
  'not',
  'with',
  'from',
  'into',
  'than',
  'but',
  'its',
  'this',
  'that',
]);

/**
 * The hide names for a scenario: the upstream words its own signal text contains (split as terms
 * are, so `OOMKilled` gives `oom` and `killed`), alone, joined with the next signal word, with a
 * digit or an affix — a name that is, or contains, what the real signal says.
 */
export function hideNamesFor(signalTexts: readonly string[], seed: number): UpstreamHostileName[] {
  const vocabulary = upstreamWords();
  const random = seededRandom(seed);
  const names: UpstreamHostileName[] = [];
  for (const text of signalTexts) {
    const words = termWords(text);
    words.forEach((word, index) => {
      if (!vocabulary.has(word) || FUNCTION_WORDS.has(word)) return;
      const next = words[index + 1];
      const affix = pick(AFFIXES, random);
      const digit = String(1 + Math.floor(random() * 9));
      const spellings = [
        { dns: dnsLabel(word), cased: casedLabel(word[0]!.toUpperCase() + word.slice(1)) },
        { dns: dnsLabel(`${word}${digit}`), cased: casedLabel(`${word.toUpperCase()}_${affix}`) },
        { dns: dnsLabel(`${word}-${affix}`), cased: casedLabel(`${affix}.${word}`) },
      ];
      if (next && vocabulary.has(next))
        spellings.push({ dns: dnsLabel(`${word}-${next}`), cased: casedLabel(`${word}${next[0]!.toUpperCase()}${next.slice(1)}`) });
      for (const spelling of spellings)
        names.push({ ...spelling, direction: 'hide', term: word, evokes: 'own', source: 'the scenario’s own signal text ∩ upstream words' });
    });
  }
  return distinct(names);
}
