/**
 * `GET /feedback/<token>` and `POST /feedback/<token>` (§4.10, docs/intake.md "Feedback"):
 * the "Was this right?" page and its answer, mounted on the intake app.
 *
 * The token is the page's only credential: nothing is read or stored before it verifies,
 * and a refused token gets a readable HTML page with a 4xx and stores nothing. Every answer
 * sets strict headers: no script may run, nothing may frame the page, no referrer leaves it
 * (the URL is a credential), nothing is cached.
 */
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { noMetrics, type OperationsMetrics } from '../metrics/OperationsMetrics.js';
import { feedbackWordsFor, type FeedbackWords } from '../report/feedbackWords.js';
import type { Locale } from '../report/Messages.js';
import { FeedbackError } from './FeedbackError.js';
import type { FeedbackStore } from './FeedbackStore.js';
import { verifyFeedbackToken, type FeedbackClaims, type FeedbackKeys } from './feedbackToken.js';
import { parseFeedbackForm } from './parseFeedbackForm.js';
import { renderFeedbackForm, renderRefusedPage } from './renderFeedbackPage.js';

/** What the routes log: the intake's logger fits; declared here so feedback does not import the intake. */
export interface FeedbackLogger {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
}

export interface FeedbackRoutesDeps {
  keys: FeedbackKeys;
  store: FeedbackStore;
  now: () => Date;
  metrics?: OperationsMetrics;
  logger?: FeedbackLogger;
}

/** The structured log line of a stored answer (its `message`); the operations dashboard queries it. */
export const FEEDBACK_ANSWER_LOG_EVENT = 'feedback.answer';

/** A form with a 500-character note is well under 4 KiB; anything bigger is not our form. */
export const FEEDBACK_BODY_LIMIT_BYTES = 8 * 1024;

export const FEEDBACK_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'",
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'no-referrer',
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
};

/** French when the browser prefers it, English otherwise. */
export function localeOf(acceptLanguage: string | undefined): Locale {
  return /^\s*fr\b/i.test(acceptLanguage ?? '') ? 'fr' : 'en';
}

const REFUSAL_WORDS: Record<FeedbackError['code'], keyof FeedbackWords> = {
  FEEDBACK_TOKEN_MALFORMED: 'tokenMalformed',
  FEEDBACK_TOKEN_INVALID: 'tokenInvalid',
  FEEDBACK_TOKEN_EXPIRED: 'tokenExpired',
  FEEDBACK_ANSWER_INVALID: 'answerInvalid',
  FEEDBACK_STORE_UNAVAILABLE: 'storeUnavailable',
};

export function createFeedbackRoutes(deps: FeedbackRoutesDeps): Hono {
  const metrics = deps.metrics ?? noMetrics;
  const app = new Hono();

  app.use('*', async (c, next) => {
    await next();
    for (const [name, value] of Object.entries(FEEDBACK_HEADERS)) c.header(name, value);
  });

  function claimsOf(token: string): FeedbackClaims {
    const verification = verifyFeedbackToken(token, deps.keys, deps.now());
    if (verification.ok) return verification.claims;
    if (verification.reason === 'expired') throw new FeedbackError('FEEDBACK_TOKEN_EXPIRED', 'feedback token expired');
    if (verification.reason === 'invalid') throw new FeedbackError('FEEDBACK_TOKEN_INVALID', 'feedback token signature does not match');
    throw new FeedbackError('FEEDBACK_TOKEN_MALFORMED', 'feedback token is malformed');
  }

  async function stored<T>(operation: () => Promise<T>): Promise<T> {
    try {
      return await operation();
    } catch (error) {
      throw new FeedbackError('FEEDBACK_STORE_UNAVAILABLE', 'feedback store failed', { cause: error });
    }
  }

  app.get('/:token', async (c) => {
    const locale = localeOf(c.req.header('accept-language'));
    const claims = claimsOf(c.req.param('token'));
    const previous = await stored(() => deps.store.get(claims.occurrenceKey));
    return c.html(renderFeedbackForm({ locale, words: feedbackWordsFor(locale), claims, previous, saved: false }));
  });

  const limitBody = bodyLimit({
    maxSize: FEEDBACK_BODY_LIMIT_BYTES,
    onError: () => {
      throw new FeedbackError('FEEDBACK_ANSWER_INVALID', 'feedback form too large');
    },
  });

  app.post('/:token', limitBody, async (c) => {
    const locale = localeOf(c.req.header('accept-language'));
    // The token first: a refused token never gets its body read, let alone stored.
    const claims = claimsOf(c.req.param('token'));
    let form: Record<string, unknown>;
    try {
      form = (await c.req.parseBody()) as Record<string, unknown>;
    } catch (error) {
      throw new FeedbackError('FEEDBACK_ANSWER_INVALID', 'feedback form unreadable', { cause: error });
    }
    const parsed = parseFeedbackForm(form);
    if (!parsed.ok) throw new FeedbackError('FEEDBACK_ANSWER_INVALID', parsed.problem);
    const answer = {
      occurrenceKey: claims.occurrenceKey,
      category: claims.category,
      answer: parsed.answer,
      rightCategory: parsed.rightCategory,
      note: parsed.note,
      answeredAt: deps.now().toISOString(),
    };
    await stored(() => deps.store.put(answer));
    metrics.count('FeedbackAnswers', 1, { answer: parsed.answer, category: claims.category ?? 'NONE' });
    // The dashboard's "wrong verdicts of the week" reads this line (infra/OperationsDashboard.ts): the
    // occurrence and headline say which verdict; the note stays in the table (free text, not for logs).
    deps.logger?.info(FEEDBACK_ANSWER_LOG_EVENT, {
      answer: parsed.answer,
      category: claims.category,
      rightCategory: parsed.rightCategory,
      occurrenceKey: claims.occurrenceKey,
      headline: claims.headline,
    });
    return c.html(renderFeedbackForm({ locale, words: feedbackWordsFor(locale), claims, previous: answer, saved: true }));
  });

  app.onError((error, c: Context) => {
    const locale = localeOf(c.req.header('accept-language'));
    const words = feedbackWordsFor(locale);
    const refusal = error instanceof FeedbackError ? error : new FeedbackError('FEEDBACK_STORE_UNAVAILABLE', 'unexpected feedback failure', { cause: error });
    if (!(error instanceof FeedbackError) || refusal.retryable) deps.logger?.warn('feedback.failed', { code: refusal.code, error });
    const message = words[REFUSAL_WORDS[refusal.code]] as string;
    const html = renderRefusedPage({ locale, words, message, code: refusal.code });
    return c.html(html, refusal.status, { ...FEEDBACK_HEADERS, ...(refusal.retryable ? { 'Retry-After': '60' } : {}) });
  });

  return app;
}
