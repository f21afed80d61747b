/**
 * A "wrong" answer and the raw recording of its diagnosis → a scenario folder's content
 * (fixtures/README.md, docs/recording.md): the recording anonymized (the same pseudonymisation
 * as `--record --anonymize`, functions/recording/anonymizeRecording.ts), and an `expect`
 * block holding the USER's category — an expectation TO REVIEW, said so in the description,
 * the `covers` tags and `expect.toReview`, because one person's answer is a claim, not a
 * fact. Dropped into fixtures/scenarios/ it fails until the diagnosis reaches that category
 * (or the reviewer corrects the expectation), which is the point: a field error becomes a test.
 *
 * Pure but for the anonymizer's random key (pseudonyms are never reversible or shared).
 */
import { createHash } from 'node:crypto';
import type { Verdict } from '../core/verdict.js';
import { anonymizeRecording } from '../recording/anonymizeRecording.js';
import type { ScenarioFile } from '../recording/format/ScenarioSchema.js';
import { NOT_A_FAILURE, type FeedbackAnswer } from './FeedbackAnswer.js';

export interface FeedbackScenario {
  /** The folder name: `feedback-<verdict category>-to-<user's category>-<hash of the occurrence>`, stable across exports. */
  name: string;
  /** scenario.json's content (the recording, anonymized, with the expectation to review). */
  scenario: ScenarioFile;
}

const slug = (text: string) => text.toLowerCase().replace(/_/g, '-');

/** The folder name: readable, and the same for the same answer (a second export skips it). */
export function feedbackScenarioName(answer: Pick<FeedbackAnswer, 'occurrenceKey' | 'category' | 'rightCategory'>): string {
  const hash = createHash('sha256').update(answer.occurrenceKey).digest('hex').slice(0, 10);
  return `feedback-${slug(answer.category ?? 'none')}-to-${slug(answer.rightCategory ?? 'unknown')}-${hash}`;
}

/** `answer` must be "wrong" and `recording` its raw (not anonymized) recording (findRecordingOf). */
export function buildFeedbackScenario(answer: FeedbackAnswer, recording: ScenarioFile): FeedbackScenario {
  if (answer.answer !== 'wrong' || answer.rightCategory === null) throw new Error('only a "wrong" answer with a category becomes a scenario');
  // Exactly what `--record --anonymize` writes: one pseudonymisation for the request, the answers, the verdict and the note.
  const anonymized = anonymizeRecording({
    request: recording.request,
    verdict: (recording.recording?.verdict ?? null) as Verdict | null,
    runai: recording.runai.recorded,
    kubernetes: recording.kubernetes?.recorded ?? [],
  });
  const verdict = anonymized.verdict;
  const notAFailure = answer.rightCategory === NOT_A_FAILURE;
  const said = answer.category ?? 'no category';
  const claimed = notAFailure ? 'not a failure' : answer.rightCategory;
  // The note is the user's words: redacted when stored, pseudonymised here like everything else.
  const note = answer.note ? ` The user's note: "${anonymized.text(answer.note)}".` : '';
  const toReview =
    `TO REVIEW: a user answered that this verdict (${said}) was wrong and the right answer is ${claimed}, on ${answer.answeredAt.slice(0, 10)}. ` +
    'This expectation is their claim, not a checked fact: read the recorded evidence, then keep it (the test fails until the diagnosis is fixed) or correct it.';
  return {
    name: feedbackScenarioName(answer),
    scenario: {
      description: `${toReview}${note}`,
      covers: ['recorded', 'feedback', 'to-review', ...(answer.category ? [answer.category] : []), answer.rightCategory],
      request: anonymized.request,
      runai: { ...recording.runai, recorded: anonymized.runai },
      ...(recording.kubernetes ? { kubernetes: { ...recording.kubernetes, recorded: anonymized.kubernetes } } : {}),
      expect: {
        toReview,
        // "Not a failure": the verdict should not be a diagnosed failure at all; which stop reason is the reviewer's call.
        ...(notAFailure ? { category: null } : { outcome: 'diagnosed', category: answer.rightCategory }),
        workloadId: verdict?.workload?.id ?? null,
        userAnswer: { verdictCategory: answer.category, rightCategory: answer.rightCategory, answeredAt: answer.answeredAt },
      },
      ...(recording.recording ? { recording: { ...recording.recording, anonymized: true, verdict } } : {}),
    },
  };
}
