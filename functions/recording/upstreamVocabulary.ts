/**
 * The upstream vocabulary as a set (upstreamVocabulary.generated.ts, built from the signal tables,
 * the report's literals and the upstream corpora by test/recording/buildUpstreamVocabulary.ts):
 * one place every free-text rule of `--anonymize` asks whether a word is upstream's.
 */
import { UPSTREAM_VOCABULARY } from './upstreamVocabulary.generated.js';

export const VOCABULARY: ReadonlySet<string> = new Set(UPSTREAM_VOCABULARY.split('\n').filter((word) => word !== ''));

/** Whether a lower-case word is upstream vocabulary. */
export function isVocabularyWord(lower: string): boolean {
  return VOCABULARY.has(lower);
}
