/**
 * The submitted form → an answer, or why not. Tolerant of what browsers send (missing note,
 * empty select when "correct"), strict about meaning: "wrong" needs a category, "correct"
 * ignores one. The note is trimmed, redacted with the project's redaction, and bounded.
 */
import { redactSecrets } from '../safety/index.js';
import { NOTE_MAX_LENGTH, RightCategorySchema, type RightCategory } from './FeedbackAnswer.js';

export type ParsedFeedbackForm =
  { ok: true; answer: 'correct' | 'wrong'; rightCategory: RightCategory | null; note: string | null } | { ok: false; problem: string };

const field = (form: Record<string, unknown>, name: string): string => {
  const value = form[name];
  return typeof value === 'string' ? value : '';
};

export function parseFeedbackForm(form: Record<string, unknown>): ParsedFeedbackForm {
  const answer = field(form, 'answer');
  if (answer !== 'correct' && answer !== 'wrong') return { ok: false, problem: 'answer must be "correct" or "wrong"' };
  let rightCategory: RightCategory | null = null;
  if (answer === 'wrong') {
    const parsed = RightCategorySchema.safeParse(field(form, 'rightCategory'));
    if (!parsed.success) return { ok: false, problem: '"wrong" needs one of the eight categories or NOT_A_FAILURE' };
    rightCategory = parsed.data;
  }
  // Bound before redacting (redaction cost grows with length), then again after (a marker may be longer).
  const raw = field(form, 'note')
    .slice(0, NOTE_MAX_LENGTH * 2)
    .trim();
  const note = raw === '' ? null : redactSecrets(raw).slice(0, NOTE_MAX_LENGTH);
  return { ok: true, answer, rightCategory, note };
}
