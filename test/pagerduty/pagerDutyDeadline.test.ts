/**
 * Issue #25 item 5: the PagerDuty sender finishes within its deadline whatever the answer's
 * pace (a body trickled one byte at a time passes every idle timeout), and an error body never
 * carries the routing key (PagerDuty can echo it) or raw control text into the logs.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { buildPagerDutyEvent } from '../../functions/pagerduty/buildPagerDutyEvent.js';
import { PagerDutyError } from '../../functions/pagerduty/PagerDutyError.js';
import { createPagerDutySender } from '../../functions/pagerduty/sendPagerDutyEvent.js';
import { buildSnsMessage } from '../../functions/delivery/buildSnsMessage.js';
import { deliveredFromSnsNotification } from '../../functions/delivery/readDeliveredNotification.js';
import { fakeRenderText, makeVerdict } from '../delivery/verdictFixture.js';
import { startTricklingServer, type TricklingServer } from '../support/startTricklingServer.js';

const ROUTING_KEY = 'R0ut1ngK3yF0rT3st1ngOnly0000001a';
const event = () => buildPagerDutyEvent(deliveredFromSnsNotification(buildSnsMessage(makeVerdict(), fakeRenderText, { occurrenceKey: 'c#w#t' })), ROUTING_KEY);

let server: TricklingServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function failure(promise: Promise<unknown>): Promise<PagerDutyError> {
  try {
    await promise;
  } catch (error) {
    return error as PagerDutyError;
  }
  throw new Error('expected the send to fail');
}

describe('PagerDuty sender deadlines', () => {
  it('gives up on a 202 whose body trickles in, by the deadline, with a retryable code', async () => {
    // 60 bytes at 100 ms each: 6 s for the whole answer, against a 1.5 s deadline.
    server = await startTricklingServer({
      status: 202,
      contentType: 'application/json',
      body: JSON.stringify({ status: 'success', dedup_key: 'x'.repeat(20), message: 'Event processed!!' }).padEnd(60),
      intervalMs: 100,
    });
    const send = createPagerDutySender({ eventsUrl: server.url, timeoutMs: 1_000, maxAttempts: 3, baseDelayMs: 10, maxDelayMs: 20 });
    const started = Date.now();
    const error = await failure(send(event(), { deadlineAt: started + 1_500 }));
    const elapsed = Date.now() - started;
    expect(error).toBeInstanceOf(PagerDutyError);
    expect(error.retryable).toBe(true);
    expect(['PAGERDUTY_DEADLINE', 'PAGERDUTY_NETWORK']).toContain(error.code);
    expect(elapsed).toBeLessThan(2_500);
  });

  it('starts no attempt once the deadline has passed', async () => {
    server = await startTricklingServer({ status: 202, contentType: 'application/json', body: '{}', intervalMs: 1 });
    const send = createPagerDutySender({ eventsUrl: server.url });
    const error = await failure(send(event(), { deadlineAt: Date.now() - 1 }));
    expect(error.code).toBe('PAGERDUTY_DEADLINE');
    expect(server.requests).toEqual([]);
  });
});

describe('PagerDuty error bodies', () => {
  it('never carry the routing key PagerDuty echoes, nor more than a bounded, one-line quote', async () => {
    const body = JSON.stringify({
      status: 'invalid event',
      message: `Event object is invalid for routing_key ${ROUTING_KEY}\n\u001b[31mFORGED LOG LINE${'!'.repeat(5_000)}`,
      errors: [`routing_key ${ROUTING_KEY} is not an integration key`, `Authorization: Bearer sk-ant-api03-${'a1B2'.repeat(24)}AA`],
    });
    server = await startTricklingServer({ status: 400, contentType: 'application/json', body, intervalMs: 0 });
    const send = createPagerDutySender({ eventsUrl: server.url, maxAttempts: 1 });
    const error = await failure(send(event()));
    expect(error.code).toBe('PAGERDUTY_REJECTED');
    expect(error.message).not.toContain(ROUTING_KEY);
    expect(error.message).not.toContain('a1B2a1B2a1B2');
    expect(error.message).not.toMatch(/[\n\u001b]/);
    expect(error.message.length).toBeLessThan(1_000);
    expect(error.message).toContain('PagerDuty answered 400: Event object is invalid for routing_key [REDACTED]');
  });
});
