/**
 * The words of the "Was this right?" loop (§4.10), per locale: the line notifications carry
 * and the feedback page. Kept apart from the verdict catalogs so notification wording and
 * feedback wording can change independently.
 */
import type { Locale } from './Messages.js';

export interface FeedbackWords {
  /** The line under a notification, followed by the link. */
  wasThisRight: string;
  pageTitle: string;
  verdictLabel: string;
  noCategory: string;
  correct: string;
  wrong: string;
  rightCategory: string;
  notAFailure: string;
  note: string;
  noteHint(max: number): string;
  send: string;
  previousAnswer: string;
  thanks: string;
  refusedTitle: string;
  tokenMalformed: string;
  tokenInvalid: string;
  tokenExpired: string;
  answerInvalid: string;
  storeUnavailable: string;
}

const EN: FeedbackWords = {
  wasThisRight: 'Was this right?',
  pageTitle: 'Was this diagnosis right?',
  verdictLabel: 'Diagnosis',
  noCategory: 'no category',
  correct: 'Correct',
  wrong: 'Wrong — the right category is:',
  rightCategory: 'Right category',
  notAFailure: 'Not a failure',
  note: 'Note (optional)',
  noteHint: (max) => `At most ${max} characters. Credentials are removed.`,
  send: 'Send',
  previousAnswer: 'Your previous answer (a new answer replaces it):',
  thanks: 'Thank you — your answer is recorded.',
  refusedTitle: 'This feedback link cannot be used',
  tokenMalformed: 'The link is incomplete or damaged. Open it again from the notification.',
  tokenInvalid: 'The link is not valid. Open it again from the notification.',
  tokenExpired: 'The link has expired (links are valid for 14 days).',
  answerInvalid: 'The answer was not understood: choose "Correct", or "Wrong" with a category.',
  storeUnavailable: 'The answer could not be saved right now. Please try again in a minute.',
};

const FR: FeedbackWords = {
  wasThisRight: 'Ce diagnostic était-il juste ?',
  pageTitle: 'Ce diagnostic était-il juste ?',
  verdictLabel: 'Diagnostic',
  noCategory: 'aucune catégorie',
  correct: 'Juste',
  wrong: 'Faux — la bonne catégorie est :',
  rightCategory: 'Bonne catégorie',
  notAFailure: 'Pas une panne',
  note: 'Remarque (facultative)',
  noteHint: (max) => `${max} caractères au plus. Les secrets sont retirés.`,
  send: 'Envoyer',
  previousAnswer: 'Votre réponse précédente (une nouvelle réponse la remplace) :',
  thanks: 'Merci — votre réponse est enregistrée.',
  refusedTitle: 'Ce lien de retour est inutilisable',
  tokenMalformed: 'Le lien est incomplet ou abîmé. Rouvrez-le depuis la notification.',
  tokenInvalid: "Le lien n'est pas valide. Rouvrez-le depuis la notification.",
  tokenExpired: 'Le lien a expiré (les liens sont valables 14 jours).',
  answerInvalid: 'Réponse incomprise : choisissez « Juste », ou « Faux » avec une catégorie.',
  storeUnavailable: "La réponse n'a pas pu être enregistrée. Réessayez dans une minute.",
};

const WORDS: Record<Locale, FeedbackWords> = { en: EN, fr: FR };

export function feedbackWordsFor(locale: Locale): FeedbackWords {
  return WORDS[locale];
}

/** The one line a notification carries: "Was this right? <url>". */
export function feedbackLine(locale: Locale, url: string): string {
  return `${WORDS[locale].wasThisRight} ${url}`;
}

/** Zero or one feedback line: none when the verdict carries no link (feedback off, CLI). */
export function feedbackLines(locale: Locale, url: string | null | undefined): string[] {
  return url ? [feedbackLine(locale, url)] : [];
}
