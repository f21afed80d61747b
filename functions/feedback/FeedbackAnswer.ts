/**
 * One user's answer to "Was this right?" for one verdict (§4.10). Stored once per
 * occurrence key; a later answer replaces the earlier one.
 */
import * as z from 'zod';
import { CATEGORIES, CategorySchema } from '../core/verdict.js';

/** The "wrong" answer's extra choice: the workload did not fail at all. */
export const NOT_A_FAILURE = 'NOT_A_FAILURE';
export const RIGHT_CATEGORIES = [...CATEGORIES, NOT_A_FAILURE] as const;
export const RightCategorySchema = z.enum(RIGHT_CATEGORIES);
export type RightCategory = z.infer<typeof RightCategorySchema>;

/** Bound on the free-text note: enough for a sentence or two, never a pasted log. */
export const NOTE_MAX_LENGTH = 500;

export const FeedbackAnswerSchema = z.object({
  occurrenceKey: z.string().min(1),
  /** The category the verdict gave (null when the verdict had none: routed, stopped). */
  category: CategorySchema.nullable(),
  answer: z.enum(['correct', 'wrong']),
  /** Set for "wrong" only. */
  rightCategory: RightCategorySchema.nullable(),
  /** Redacted, bounded; null when the user wrote nothing. */
  note: z.string().max(NOTE_MAX_LENGTH).nullable(),
  answeredAt: z.string(),
});
export type FeedbackAnswer = z.infer<typeof FeedbackAnswerSchema>;
