import { describe, expect, it } from 'vitest';
import { createMemoryFeedbackStore } from '../../functions/feedback/createMemoryFeedbackStore.js';
import type { FeedbackStore } from '../../functions/feedback/FeedbackStore.js';
import { signFeedbackToken } from '../../functions/feedback/feedbackToken.js';
import { createMemoryMetrics } from '../../functions/metrics/createMemoryMetrics.js';
import { makeApp, NOW } from '../intake/intakeTestKit.js';

const KEYS = { current: 'feedback-key-current-0123456789' };
const CLAIMS = { occurrenceKey: 'cluster-a#wl-1#occ', category: 'OOM_KILLED' as const, headline: '[OOM_KILLED] <b>train</b> (ml)' };

function setup(store: FeedbackStore = createMemoryFeedbackStore()) {
  const metrics = createMemoryMetrics();
  const { app } = makeApp({ feedback: { keys: KEYS, store }, metrics });
  return { app, store, metrics, token: signFeedbackToken(CLAIMS, KEYS, NOW) };
}

const form = (fields: Record<string, string>, headers: Record<string, string> = {}) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
  body: new URLSearchParams(fields).toString(),
});

function expectStrictHeaders(response: Response) {
  expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'");
  expect(response.headers.get('x-frame-options')).toBe('DENY');
  expect(response.headers.get('referrer-policy')).toBe('no-referrer');
  expect(response.headers.get('cache-control')).toBe('no-store');
  expect(response.headers.get('content-type')).toMatch(/^text\/html/);
}

describe('GET/POST /feedback/<token>', () => {
  it('shows the headline escaped, the eight categories and "not a failure", with no script', async () => {
    const { app, token } = setup();
    const response = await app.request(`/feedback/${token}`);
    expect(response.status).toBe(200);
    expectStrictHeaders(response);
    const html = await response.text();
    expect(html).toContain('&lt;b&gt;train&lt;/b&gt;');
    expect(html).not.toContain('<b>train</b>');
    expect(html).toContain('name="viewport"');
    for (const value of ['OOM_KILLED', 'CRASH_APP_ERROR', 'SCHEDULING_POLICY_TERMINATED', 'UNKNOWN', 'NOT_A_FAILURE'])
      expect(html).toContain(`value="${value}"`);
    expect(html).not.toMatch(/<script/i);
  });

  it('stores "wrong → CRASH_APP_ERROR" with a redacted note, counts it, and the last answer wins', async () => {
    const { app, token, store, metrics } = setup();
    const first = await app.request(
      `/feedback/${token}`,
      form({ answer: 'wrong', rightCategory: 'CRASH_APP_ERROR', note: 'password=hunter2hunter2 <script>x</script>' }),
    );
    expect(first.status).toBe(200);
    expectStrictHeaders(first);
    const html = await first.text();
    expect(html).not.toContain('hunter2hunter2');
    expect(html).not.toContain('<script>x</script>');
    expect(html).toContain('&lt;script&gt;');
    expect(await store.get(CLAIMS.occurrenceKey)).toMatchObject({
      answer: 'wrong',
      rightCategory: 'CRASH_APP_ERROR',
      category: 'OOM_KILLED',
      answeredAt: NOW.toISOString(),
    });
    expect((await store.get(CLAIMS.occurrenceKey))!.note).not.toContain('hunter2hunter2');
    expect(metrics.total('FeedbackAnswers', { answer: 'wrong', category: 'OOM_KILLED' })).toBe(1);

    await app.request(`/feedback/${token}`, form({ answer: 'correct', rightCategory: '' }));
    expect(await store.list()).toEqual([expect.objectContaining({ answer: 'correct', rightCategory: null, note: null })]);
    // The GET now shows the stored answer.
    expect(await (await app.request(`/feedback/${token}`)).text()).toContain('previous answer');
  });

  it('refuses a tampered, expired or junk token with a readable 4xx page and stores nothing', async () => {
    const { app, token, store } = setup();
    const tampered = token.replace(/.$/, (last) => (last === 'A' ? 'B' : 'A'));
    const expired = signFeedbackToken(CLAIMS, KEYS, new Date(NOW.getTime() - 15 * 24 * 3600 * 1000));
    const unknownKey = signFeedbackToken(CLAIMS, { current: 'someone-else-key-0123456789' }, NOW);
    const cases: [string, number, string][] = [
      [tampered, 403, 'FEEDBACK_TOKEN_INVALID'],
      [unknownKey, 403, 'FEEDBACK_TOKEN_INVALID'],
      [expired, 410, 'FEEDBACK_TOKEN_EXPIRED'],
      ['not-a-token', 400, 'FEEDBACK_TOKEN_MALFORMED'],
    ];
    for (const [bad, status, code] of cases) {
      for (const init of [undefined, form({ answer: 'wrong', rightCategory: 'CRASH_APP_ERROR' })]) {
        const response = await app.request(`/feedback/${bad}`, init);
        expect(response.status).toBe(status);
        expectStrictHeaders(response);
        const html = await response.text();
        expect(html).toContain(code);
        // Never the verdict without a valid token.
        expect(html).not.toContain('train');
        expect(html).not.toContain('OOM_KILLED');
      }
    }
    expect(await store.list()).toEqual([]);
  });

  it('refuses "wrong" without a category, an unknown answer, and an oversized form, storing nothing', async () => {
    const { app, token, store } = setup();
    for (const init of [
      form({ answer: 'wrong' }),
      form({ answer: 'maybe' }),
      form({ answer: 'wrong', rightCategory: 'NOPE' }),
      form({ answer: 'correct', note: 'x'.repeat(20_000) }),
    ]) {
      const response = await app.request(`/feedback/${token}`, init);
      expect(response.status).toBe(400);
      expect(await response.text()).toContain('FEEDBACK_ANSWER_INVALID');
    }
    expect(await store.list()).toEqual([]);
  });

  it('bounds the note to 500 characters', async () => {
    const { app, token, store } = setup();
    await app.request(`/feedback/${token}`, form({ answer: 'correct', note: 'n'.repeat(900) }));
    expect((await store.get(CLAIMS.occurrenceKey))!.note).toHaveLength(500);
  });

  it('answers 503 (retryable) when the store fails, in French when asked', async () => {
    const broken: FeedbackStore = {
      put: () => Promise.reject(new Error('ddb down')),
      get: () => Promise.resolve(undefined),
      list: () => Promise.resolve([]),
    };
    const { app, token } = setup(broken);
    const response = await app.request(`/feedback/${token}`, form({ answer: 'correct' }, { 'accept-language': 'fr-FR,fr;q=0.9' }));
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('60');
    expect(await response.text()).toContain('Réessayez');
  });

  it('has no feedback route when feedback is off', async () => {
    const { app } = makeApp();
    const { token } = setup();
    expect((await app.request(`/feedback/${token}`)).status).toBe(404);
  });
});
