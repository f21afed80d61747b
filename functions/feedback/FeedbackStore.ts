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
