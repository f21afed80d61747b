/**
 * Where answers live: DynamoDB in AWS, memory in local mode. One record per occurrence key;
 * `put` replaces (last answer wins).
 */
import type { FeedbackAnswer } from './FeedbackAnswer.js';

export interface FeedbackStore {
  put(answer: FeedbackAnswer): Promise<void>;
  get(occurrenceKey: string): Promise<FeedbackAnswer | undefined>;
  /** Every stored answer (the export reads these); order is not meaningful. */
  list(): Promise<FeedbackAnswer[]>;
}

/**
 * Local mode's read-only list of every answer (`GET`, webhook token; createIntakeApp's
 * `feedback.listAnswers`), which `runai-diagnose feedback export --from <url>` reads.
 */
export const LOCAL_FEEDBACK_ANSWERS_PATH = '/local/feedback/answers';
