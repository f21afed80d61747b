/**
 * The link travels: the worker signs it, the SNS message carries it in the verdict JSON and
 * the email text (per locale), the chat card and PagerDuty's custom_details show it, and
 * following it opens the page for that very occurrence.
 */
import { describe, expect, it } from 'vitest';
import { buildChatNotification } from '../../functions/chat/buildChatNotification.js';
import { buildSnsMessage, verdictSubject } from '../../functions/delivery/buildSnsMessage.js';
import { deliveredFromSnsNotification } from '../../functions/delivery/readDeliveredNotification.js';
import { createFeedbackLinker } from '../../functions/feedback/createFeedbackLinker.js';
import { createMemoryFeedbackStore } from '../../functions/feedback/createMemoryFeedbackStore.js';
import { buildPagerDutyEvent } from '../../functions/pagerduty/buildPagerDutyEvent.js';
import { singleDelivery } from '../../functions/worker/batch/publishNotifications.js';
import { createRenderText } from '../../functions/worker/createRenderText.js';
import type { Occurrence } from '../../functions/worker/batch/claimOccurrences.js';
import { makeVerdict } from '../delivery/verdictFixture.js';
import { makeApp, NOW } from '../intake/intakeTestKit.js';

const KEYS = { current: 'feedback-key-current-0123456789' };
const KEY = 'cluster-a#wl-42#2026-11-29T17:43:06Z';
const linker = createFeedbackLinker({ baseUrl: 'https://api.example.com/prod/', keys: KEYS, now: () => NOW });

const messageOf = (notification: { Message: string }) => JSON.parse(notification.Message) as { default: string; email: string; sqs: string };

function occurrence(): Occurrence {
  return {
    key: KEY,
    clusterId: 'cluster-a',
    queued: { dedupeKey: 'd', request: { clusterId: 'cluster-a', workloadId: 'wl-42' } },
    result: { verdict: makeVerdict() },
    indexes: [0],
  } as unknown as Occurrence;
}

describe('feedback link in notifications', () => {
  it('is signed by the worker, written into the verdict JSON and the email text, and opens the page', async () => {
    const feedbackUrl = (verdict: ReturnType<typeof makeVerdict>, occurrenceKey: string, context: Parameters<typeof verdictSubject>[1]) =>
      linker({ occurrenceKey, category: verdict.category, headline: verdictSubject(verdict, context) });
    const notification = singleDelivery(occurrence(), { renderText: createRenderText('en'), feedbackUrl }).build();
    const message = messageOf(notification);
    const verdict = JSON.parse(message.sqs) as { feedbackUrl: string; occurrenceKey: string };
    expect(verdict.occurrenceKey).toBe(KEY);
    expect(verdict.feedbackUrl).toMatch(/^https:\/\/api\.example\.com\/prod\/feedback\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(message.default).toContain(`Was this right? ${verdict.feedbackUrl}`);

    const { app } = makeApp({ feedback: { keys: KEYS, store: createMemoryFeedbackStore() } });
    const page = await app.request(new URL(verdict.feedbackUrl).pathname.replace('/prod', ''));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('[OOM_KILLED] training-job-42 (ml-team)');
  });

  it('is null in the JSON and absent from the text when feedback is off', () => {
    const message = messageOf(singleDelivery(occurrence(), { renderText: createRenderText('en') }).build());
    expect(JSON.parse(message.sqs)).toMatchObject({ feedbackUrl: null });
    expect(message.default).not.toContain('Was this right?');
  });

  it('speaks French in a French email', () => {
    const url = 'https://api.example.com/feedback/abc.def';
    const message = messageOf(buildSnsMessage(makeVerdict(), createRenderText('fr'), { occurrenceKey: KEY, feedbackUrl: url }));
    expect(message.default).toContain(`Ce diagnostic était-il juste ? ${url}`);
  });

  it('shows on the chat card and in PagerDuty custom_details', () => {
    const url = 'https://api.example.com/feedback/abc.def';
    const delivered = deliveredFromSnsNotification(buildSnsMessage(makeVerdict(), createRenderText('en'), { occurrenceKey: KEY, feedbackUrl: url }));
    expect(buildChatNotification(delivered).content.description).toContain(`Was this right? ${url}`);
    expect(buildPagerDutyEvent(delivered, 'routing-key').payload.custom_details).toMatchObject({ feedbackUrl: url });
  });

  it('refuses a base URL that is not http(s)', () => {
    expect(() => createFeedbackLinker({ baseUrl: 'javascript:alert(1)', keys: KEYS, now: () => NOW })).toThrow(/http/);
  });
});
