/** The local-mode and test FeedbackStore: a Map keyed by occurrence key, so the last answer wins. */
import type { FeedbackAnswer } from './FeedbackAnswer.js';
import type { FeedbackStore } from './FeedbackStore.js';

export function createMemoryFeedbackStore(): FeedbackStore {
  const answers = new Map<string, FeedbackAnswer>();
  return {
    async put(answer) {
      answers.set(answer.occurrenceKey, { ...answer });
    },
    async get(occurrenceKey) {
      const found = answers.get(occurrenceKey);
      return found ? { ...found } : undefined;
    },
    async list() {
      return [...answers.values()].map((answer) => ({ ...answer }));
    },
  };
}
