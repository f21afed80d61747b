/**
 * Local mode's notifications beyond the console: with PAGERDUTY_ROUTING_KEY the selected
 * notifications go to the Events API (here the loopback PagerDuty, through
 * PAGERDUTY_EVENTS_URL), and the console shows the chat notification after the report.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildSnsMessage } from '../../functions/delivery/buildSnsMessage.js';
import { createLocalPublisher } from '../../functions/local/createLocalPublisher.js';
import { readLocalEnv } from '../../functions/local/readLocalEnv.js';
import { fakeRenderText, makeVerdict } from '../delivery/verdictFixture.js';
import { startLoopbackPagerDuty, type LoopbackPagerDuty } from '../pagerduty/loopbackPagerDuty.js';

const KEY = 'L0calM0deR0ut1ngK3y0000000000001';
let pagerDuty: LoopbackPagerDuty;
beforeAll(async () => {
  pagerDuty = await startLoopbackPagerDuty();
});
afterAll(() => pagerDuty.close());
beforeEach(() => {
  pagerDuty.received.length = 0;
});

async function localPublisher(env: Record<string, string>) {
  const config = readLocalEnv(env);
  const lines: string[] = [];
  const local = await createLocalPublisher({ snsTopicArn: config.snsTopicArn, pagerDuty: config.pagerDuty, stdout: (text) => lines.push(text) });
  return { local, output: () => lines.join('') };
}

describe('local mode: PagerDuty and chat', () => {
  it('reads PAGERDUTY_ROUTING_KEY / PAGERDUTY_EVENTS_URL (default: the public endpoint) and never echoes a bad key', () => {
    expect(readLocalEnv({}).pagerDuty).toBeUndefined();
    expect(readLocalEnv({ PAGERDUTY_ROUTING_KEY: KEY }).pagerDuty).toEqual({
      routingKey: KEY,
      eventsUrl: 'https://events.pagerduty.com/v2/enqueue',
      filter: 'node-failure-or-recurring',
    });
    expect(() => readLocalEnv({ PAGERDUTY_ROUTING_KEY: 'not-a-key-but-a-secret' })).toThrow(/^PAGERDUTY_ROUTING_KEY must be the 32-character integration key/);
    try {
      readLocalEnv({ PAGERDUTY_ROUTING_KEY: 'not-a-key-but-a-secret' });
    } catch (error) {
      expect((error as Error).message).not.toContain('not-a-key-but-a-secret');
    }
  });

  it('pages the notifications the filter selects (recurring, node failure), prints the chat notification, and skips the others', async () => {
    const { local, output } = await localPublisher({ PAGERDUTY_ROUTING_KEY: KEY, PAGERDUTY_EVENTS_URL: pagerDuty.url });
    expect(local.description).toBe('console + PagerDuty (node-failure-or-recurring)');
    await local.publisher.publish(buildSnsMessage(makeVerdict(), fakeRenderText, { occurrenceKey: 'occ-recurring' }));
    await local.publisher.publish(
      buildSnsMessage(makeVerdict({ recurrence: { count: 1, lookbackDays: 7, recurring: false } }), fakeRenderText, { occurrenceKey: 'occ-once' }),
    );
    expect(pagerDuty.received.map((r) => [r.status, r.body.dedup_key, r.body.payload.severity])).toEqual([[202, 'occ-recurring', 'error']]);
    const text = output();
    expect(text).toContain('PagerDuty accepted the event (dedup_key occ-recurring, severity error)');
    expect(text).toContain('chat notification (Amazon Q Developer in chat applications):');
    expect(text).toContain('"threadId": "occ-once"');
    expect(text).not.toContain(KEY);
  });

  it('PAGERDUTY_FILTER=all pages everything; a refusal is printed and does not fail the publish', async () => {
    const { local, output } = await localPublisher({ PAGERDUTY_ROUTING_KEY: KEY, PAGERDUTY_EVENTS_URL: pagerDuty.url, PAGERDUTY_FILTER: 'all' });
    pagerDuty.unknownRoutingKeys.add(KEY);
    try {
      const sent = await local.publisher.publish(buildSnsMessage(makeVerdict({ recurrence: null }), fakeRenderText, { occurrenceKey: 'occ-x' }));
      expect(sent.messageId).toBe('console-1');
    } finally {
      pagerDuty.unknownRoutingKeys.delete(KEY);
    }
    expect(pagerDuty.received.map((r) => r.status)).toEqual([400]);
    expect(output()).toContain(
      'PagerDuty did not accept the event (dedup_key occ-x): PAGERDUTY_REJECTED PagerDuty answered 400: Event object is invalid (Invalid routing key)',
    );
  });
});
