/**
 * The feedback page's HTML (§4.10): pure, no script, small enough for a mail client's browser,
 * readable on a phone (viewport meta). Every value that came from outside — the headline
 * (a workload name), the stored note — is HTML-escaped here and nowhere else.
 */
import { CATEGORIES } from '../core/verdict.js';
import type { Locale } from '../report/Messages.js';
import type { FeedbackWords } from '../report/feedbackWords.js';
import { escapeHtml } from './escapeHtml.js';
import { NOT_A_FAILURE, NOTE_MAX_LENGTH, type FeedbackAnswer } from './FeedbackAnswer.js';
import type { FeedbackClaims } from './feedbackToken.js';

const STYLE =
  'body{font-family:system-ui,sans-serif;max-width:36rem;margin:1rem auto;padding:0 1rem;line-height:1.4}' +
  'fieldset{border:1px solid #ccc;margin:0 0 1rem}label{display:block;margin:.3rem 0}' +
  'select,textarea,button{font-size:1rem;max-width:100%}textarea{width:100%}' +
  '.done{background:#e8f5e9;padding:.5rem}.refused{background:#fdecea;padding:.5rem}';

function shell(locale: Locale, title: string, body: string): string {
  return (
    `<!doctype html><html lang="${locale}"><head><meta charset="utf-8">` +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<meta name="referrer" content="no-referrer"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head>` +
    `<body>${body}</body></html>`
  );
}

function describeAnswer(words: FeedbackWords, answer: FeedbackAnswer): string {
  if (answer.answer === 'correct') return words.correct;
  const right = answer.rightCategory === NOT_A_FAILURE ? words.notAFailure : (answer.rightCategory ?? '');
  return `${words.wrong} ${right}`;
}

export interface FeedbackFormView {
  locale: Locale;
  words: FeedbackWords;
  claims: FeedbackClaims;
  /** The stored answer, shown so the user knows a new one replaces it. */
  previous: FeedbackAnswer | undefined;
  /** True right after a successful POST. */
  saved: boolean;
}

export function renderFeedbackForm(view: FeedbackFormView): string {
  const { words, claims, previous } = view;
  const selected = previous?.rightCategory ?? null;
  const options = [...CATEGORIES, NOT_A_FAILURE]
    .map((value) => {
      const label = value === NOT_A_FAILURE ? words.notAFailure : value;
      return `<option value="${value}"${value === selected ? ' selected' : ''}>${escapeHtml(label)}</option>`;
    })
    .join('');
  const shownCategory = claims.category ?? words.noCategory;
  const parts = [
    `<h1>${escapeHtml(words.pageTitle)}</h1>`,
    `<p><strong>${escapeHtml(words.verdictLabel)}:</strong> ${escapeHtml(shownCategory)}</p>`,
    `<p>${escapeHtml(claims.headline)}</p>`,
  ];
  if (view.saved) parts.push(`<p class="done" role="status">${escapeHtml(words.thanks)}</p>`);
  if (previous) {
    const note = previous.note ? ` — “${escapeHtml(previous.note)}”` : '';
    parts.push(`<p>${escapeHtml(words.previousAnswer)} <strong>${escapeHtml(describeAnswer(words, previous))}</strong>${note}</p>`);
  }
  // No action attribute: the form posts back to this very URL (CSP form-action 'self').
  parts.push(
    '<form method="post">',
    '<fieldset>',
    `<label><input type="radio" name="answer" value="correct"${previous?.answer === 'correct' ? ' checked' : ''} required> ${escapeHtml(words.correct)}</label>`,
    `<label><input type="radio" name="answer" value="wrong"${previous?.answer === 'wrong' ? ' checked' : ''}> ${escapeHtml(words.wrong)}</label>`,
    `<label>${escapeHtml(words.rightCategory)} <select name="rightCategory"><option value=""></option>${options}</select></label>`,
    '</fieldset>',
    `<label>${escapeHtml(words.note)} <textarea name="note" rows="3" maxlength="${NOTE_MAX_LENGTH}"></textarea></label>`,
    `<p><small>${escapeHtml(words.noteHint(NOTE_MAX_LENGTH))}</small></p>`,
    `<button type="submit">${escapeHtml(words.send)}</button>`,
    '</form>',
  );
  return shell(view.locale, words.pageTitle, parts.join(''));
}

/** The readable 4xx/5xx page: says what went wrong, never what the verdict was. */
export function renderRefusedPage(view: { locale: Locale; words: FeedbackWords; message: string; code: string }): string {
  return shell(
    view.locale,
    view.words.refusedTitle,
    `<h1>${escapeHtml(view.words.refusedTitle)}</h1><p class="refused">${escapeHtml(view.message)}</p><p><small>${escapeHtml(view.code)}</small></p>`,
  );
}
