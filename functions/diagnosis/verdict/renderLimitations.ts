/**
 * The one place a verdict's limitations become sentences: each Limitation's id picks its
 * sentence in the locale's catalog, the arguments fill it. Returns the sentences and their ids
 * in the same order (the verdict's `limitations` and `limitationIds`). Pure.
 */
import type { Limitation, LimitationWords } from '../model/Limitation.js';
import type { VerdictMessages } from '../model/VerdictMessages.js';

export function renderLimitation(item: Limitation, words: LimitationWords): string {
  const sentence = words[item.id] as (...args: readonly unknown[]) => string;
  return sentence.apply(words, item.args);
}

export function renderLimitations(
  items: readonly Limitation[],
  messages: Pick<VerdictMessages, 'limitation'>,
): { limitations: string[]; limitationIds: string[] } {
  return { limitations: items.map((item) => renderLimitation(item, messages.limitation)), limitationIds: items.map((item) => item.id) };
}
