/**
 * Verdicts published by the worker's own builders → SNS (fauxqs) → SQS → the PagerDuty
 * forwarder → a loopback PagerDuty that validates every request against the documented
 * Events API v2 contract (loopbackPagerDuty.ts). Waits are recorded, not slept.
 */
import { CreateTopicCommand, SubscribeCommand } from '@aws-sdk/client-sns';
import { ReceiveMessageCommand, DeleteMessageCommand } from '@aws-sdk/client-sqs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildSnsMessage } from '../../functions/delivery/buildSnsMessage.js';
import { createSnsPublisher } from '../../functions/delivery/createSnsPublisher.js';
import { renderDigest } from '../../functions/delivery/renderDigest.js';
import type { SnsNotification } from '../../functions/delivery/SnsNotification.js';
import { forwardToPagerDuty } from '../../functions/pagerduty/forwardToPagerDuty.js';
import { PAGERDUTY_SECRET_PLACEHOLDER } from '../../infra/PagerDutyNotifications.js';
import { createPagerDutySender } from '../../functions/pagerduty/sendPagerDutyEvent.js';
import { silentLogger } from '../../functions/core/LogPort.js';
import { fakeRenderText, makeVerdict } from '../delivery/verdictFixture.js';
import { startFauxqsKit, type Fauxqs } from '../support/fauxqsKit.js';
import { startLoopbackPagerDuty, type LoopbackPagerDuty } from './loopbackPagerDuty.js';

const ROUTING_KEY = 'R0ut1ngK3yF0rT3st1ngOnly0000001a'; // 32 characters, as PagerDuty issues them
const OCCURRENCE = 'cluster-a#wl-42#2026-11-30T10:00:00Z';

let faux: Fauxqs;
let pagerDuty: LoopbackPagerDuty;
let waits: number[];
let topicCounter = 0;

beforeAll(async () => {
  [faux, pagerDuty] = await Promise.all([startFauxqsKit(), startLoopbackPagerDuty()]);
});
afterAll(async () => {
  await Promise.all([faux.stop(), pagerDuty.close()]);
});
beforeEach(() => {
  pagerDuty.received.length = 0;
  pagerDuty.alerts.clear();
  waits = [];
});

const send = () => createPagerDutySender({ eventsUrl: pagerDuty.url, sleep: async (ms) => void waits.push(ms), random: () => 0.5, maxAttempts: 3 });
const deps = () => ({ routingKey: async () => ROUTING_KEY, send: send(), logger: silentLogger });

/** A topic with the forwarder's queue subscribed (envelope delivery, as NotificationForwarder subscribes it). */
async function pipeline(redrive?: { maxReceiveCount: number }) {
  topicCounter += 1;
  const { TopicArn } = await faux.sns.send(new CreateTopicCommand({ Name: `verdicts-pd-${topicCounter}` }));
  const dlq = await faux.createQueue(`pd-dlq-${topicCounter}`);
  const queue = await faux.createQueue(
    `pd-queue-${topicCounter}`,
    redrive ? { RedrivePolicy: JSON.stringify({ deadLetterTargetArn: dlq.arn, maxReceiveCount: redrive.maxReceiveCount }) } : {},
  );
  await faux.sns.send(new SubscribeCommand({ TopicArn, Protocol: 'sqs', Endpoint: queue.arn }));
  const publisher = createSnsPublisher({ client: faux.sns, topicArn: TopicArn! });
  return {
    publish: (notification: SnsNotification) => publisher.publish(notification),
    /** One Lambda invocation: receive (visibility 0, like an expired timeout), forward, delete what succeeded. */
    async invoke() {
      const { Messages = [] } = await faux.sqs.send(new ReceiveMessageCommand({ QueueUrl: queue.url, MaxNumberOfMessages: 10, VisibilityTimeout: 0 }));
      const records = Messages.map((message) => ({ messageId: message.MessageId!, body: message.Body!, receipt: message.ReceiptHandle! }));
      const result = await forwardToPagerDuty(records, deps());
      const failed = new Set(result.batchItemFailures.map((failure) => failure.itemIdentifier));
      for (const record of records)
        if (!failed.has(record.messageId)) await faux.sqs.send(new DeleteMessageCommand({ QueueUrl: queue.url, ReceiptHandle: record.receipt }));
      return { records: records.length, result };
    },
    async deadLettered() {
      const { Messages = [] } = await faux.sqs.send(new ReceiveMessageCommand({ QueueUrl: dlq.url, MaxNumberOfMessages: 10 }));
      return Messages;
    },
  };
}

describe('PagerDuty forwarder, SNS → SQS → Events API v2', () => {
  it('sends one documented trigger per verdict: dedup_key = occurrence key, severity, summary, source, component, group, class, custom_details', async () => {
    const p = await pipeline();
    const verdict = makeVerdict();
    await p.publish(buildSnsMessage(verdict, fakeRenderText, { occurrenceKey: OCCURRENCE }));
    const { result } = await p.invoke();
    expect(result.batchItemFailures).toEqual([]);

    expect(pagerDuty.received.map((r) => [r.status, r.errors])).toEqual([[202, []]]);
    const event = pagerDuty.received[0]!.body;
    expect(event).toMatchObject({
      routing_key: ROUTING_KEY,
      event_action: 'trigger',
      dedup_key: OCCURRENCE,
      client: 'runai-diagnose',
      payload: {
        summary: '[OOM_KILLED] training-job-42 (ml-team) recurring 3x/7d: training-job-42 was OOM-killed: memory reached its 32Gi limit.',
        source: 'runai/cluster-a/ml-team/training-job-42',
        severity: 'error',
        component: 'training-job-42',
        group: 'ml-team',
        class: 'OOM_KILLED',
      },
    });
    expect(event.payload.custom_details).toEqual({ ...verdict, occurrenceKey: OCCURRENCE });
  });

  it('a repeat of the same occurrence (SNS redelivery, a retried send) adds to the open alert instead of opening a second incident', async () => {
    const p = await pipeline();
    const notification = buildSnsMessage(makeVerdict(), fakeRenderText, { occurrenceKey: OCCURRENCE });
    await p.publish(notification);
    await p.publish(notification);
    await p.invoke();
    expect(pagerDuty.received.filter((r) => r.status === 202)).toHaveLength(2);
    expect([...pagerDuty.alerts.keys()]).toEqual([OCCURRENCE]);
  });

  it('grades severity: node failure critical, single failure warning, needs_input warning, routed and stopped info', async () => {
    const p = await pipeline();
    const cases = [
      makeVerdict({ category: 'NODE_FAILURE', recurrence: { count: 1, lookbackDays: 7, recurring: false } }),
      makeVerdict({ recurrence: { count: 1, lookbackDays: 7, recurring: false } }),
      makeVerdict({ outcome: 'needs_input', category: null, workload: null, memory: null, recurrence: null, message: 'Which workload? Give its id.' }),
      makeVerdict({ outcome: 'routed', category: null, route: 'runai-diagnose-preempted-workload', recurrence: null, message: 'Preempted.' }),
      makeVerdict({ outcome: 'stopped', category: null, stopReason: 'SUCCEEDED', recurrence: null, message: 'It succeeded.' }),
    ];
    for (const [index, verdict] of cases.entries())
      await p.publish(buildSnsMessage(verdict, fakeRenderText, { occurrenceKey: `occ-${index}`, clusterId: 'cluster-a' }));
    await p.invoke();
    const severities = Object.fromEntries(pagerDuty.received.map((r) => [r.body.dedup_key, [r.status, r.body.payload.severity, r.body.payload.class]]));
    expect(severities).toEqual({
      'occ-0': [202, 'critical', 'NODE_FAILURE'],
      'occ-1': [202, 'warning', 'OOM_KILLED'],
      'occ-2': [202, 'warning', 'NEEDS_INPUT'],
      'occ-3': [202, 'info', 'ROUTED'],
      'occ-4': [202, 'info', 'STOPPED'],
    });
  });

  it('a digest pages once, at the highest severity of its verdicts, with a dedup_key derived from its occurrences', async () => {
    const p = await pipeline();
    const entries = Array.from({ length: 12 }, (_, i) => ({
      key: `cluster-a#wl-${i}#2026-11-30T10:00:00Z`,
      verdict: makeVerdict({
        category: i === 7 ? 'NODE_FAILURE' : 'CRASH_APP_ERROR',
        recurrence: { count: 1, lookbackDays: 7, recurring: false },
        workload: { id: `wl-${i}`, name: `job-${i}`, project: 'ml-team', clusterId: 'cluster-a', phase: 'Failed', type: 'training' },
      }),
    }));
    const digest = renderDigest('cluster-a', entries);
    await p.publish(digest);
    await p.publish(digest); // redelivered
    await p.invoke();
    expect(pagerDuty.received.map((r) => r.status)).toEqual([202, 202]);
    const event = pagerDuty.received[0]!.body;
    expect(event.payload).toMatchObject({ severity: 'critical', class: 'DIGEST', source: 'runai/cluster-a', group: 'cluster-a' });
    expect(event.payload.summary).toMatch(/^\[DIGEST\] 12 failures on cluster cluster-a/);
    expect(event.dedup_key).toMatch(/^digest#cluster-a#12#[0-9a-f]{32}$/);
    expect(pagerDuty.alerts.size).toBe(1);
    expect(event.payload.custom_details.verdicts).toHaveLength(12);
  });

  it('cuts the summary to 1,024 characters and bounds a long key to 255, so PagerDuty accepts the event', async () => {
    const p = await pipeline();
    const longKey = `cluster-a#${'w'.repeat(400)}#2026-11-30T10:00:00Z`;
    await p.publish(
      buildSnsMessage(makeVerdict({ message: `The job failed. ${'🔥 very long explanation '.repeat(200)}` }), fakeRenderText, { occurrenceKey: longKey }),
    );
    await p.invoke();
    const [received] = pagerDuty.received;
    expect(received!.errors).toEqual([]);
    expect(received!.body.payload.summary.length).toBeLessThanOrEqual(1024);
    expect(received!.body.payload.summary.endsWith('...')).toBe(true);
    expect(received!.body.dedup_key.length).toBeLessThanOrEqual(255);
    expect(received!.body.dedup_key.startsWith('cluster-a#www')).toBe(true);
  });

  it('429: waits Retry-After, then sends again and is accepted', async () => {
    const p = await pipeline();
    await p.publish(buildSnsMessage(makeVerdict(), fakeRenderText, { occurrenceKey: OCCURRENCE }));
    pagerDuty.failNext({ status: 429, headers: { 'retry-after': '2' } });
    const { result } = await p.invoke();
    expect(result.batchItemFailures).toEqual([]);
    expect(pagerDuty.received.map((r) => r.status)).toEqual([429, 202]);
    expect(waits).toEqual([2_000]);
  });

  it('5xx: backs off exponentially and retries', async () => {
    const p = await pipeline();
    await p.publish(buildSnsMessage(makeVerdict(), fakeRenderText, { occurrenceKey: OCCURRENCE }));
    pagerDuty.failNext({ status: 503 }, { status: 500 });
    await p.invoke();
    expect(pagerDuty.received.map((r) => r.status)).toEqual([503, 500, 202]);
    expect(waits).toEqual([750, 1_500]); // equal jitter at random 0.5: 3/4 of 1 s, then of 2 s
  });

  it('still throttled after every attempt: the record returns to the queue, the rest of the batch is not tried, and the redelivery pages once', async () => {
    const p = await pipeline();
    await p.publish(buildSnsMessage(makeVerdict(), fakeRenderText, { occurrenceKey: 'first' }));
    await p.publish(buildSnsMessage(makeVerdict(), fakeRenderText, { occurrenceKey: 'second' }));
    pagerDuty.failNext({ status: 429 }, { status: 429 }, { status: 429 });
    const first = await p.invoke();
    expect(first.result.batchItemFailures).toHaveLength(2);
    expect(first.result.records.map((r) => r.code).sort()).toEqual(['PAGERDUTY_THROTTLED', 'SKIPPED_DESTINATION_FAILING']);
    expect(pagerDuty.received.map((r) => r.status)).toEqual([429, 429, 429]);

    const second = await p.invoke(); // the visibility timeout expired: SQS delivers both again
    expect(second.result.batchItemFailures).toEqual([]);
    expect([...pagerDuty.alerts.keys()].sort()).toEqual(['first', 'second']);
    expect(await p.invoke()).toMatchObject({ records: 0 });
  });

  it('400 (PagerDuty refuses the event): never retried in place, and dead-lettered after maxReceiveCount', async () => {
    const p = await pipeline({ maxReceiveCount: 2 });
    pagerDuty.unknownRoutingKeys.add(ROUTING_KEY);
    try {
      await p.publish(buildSnsMessage(makeVerdict(), fakeRenderText, { occurrenceKey: OCCURRENCE }));
      const first = await p.invoke();
      expect(first.result.records).toEqual([expect.objectContaining({ outcome: 'failed', code: 'PAGERDUTY_REJECTED' })]);
      expect(pagerDuty.received.map((r) => r.status)).toEqual([400]);
      await p.invoke();
      const third = await p.invoke();
      expect(third.records).toBe(0);
      const dead = await p.deadLettered();
      expect(dead).toHaveLength(1);
      expect(JSON.parse(dead[0]!.Body!).Type).toBe('Notification');
    } finally {
      pagerDuty.unknownRoutingKeys.delete(ROUTING_KEY);
    }
  });

  it('a placeholder routing key fails with PAGERDUTY_ROUTING_KEY_INVALID before anything is sent', async () => {
    const result = await forwardToPagerDuty(
      [
        {
          messageId: 'm1',
          body: JSON.stringify({ Type: 'Notification', MessageId: 'x', Subject: 's', Message: buildSnsMessage(makeVerdict(), fakeRenderText).Message }),
        },
      ],
      { routingKey: async () => PAGERDUTY_SECRET_PLACEHOLDER, send: send(), logger: silentLogger },
    );
    expect(result.records).toEqual([{ messageId: 'm1', outcome: 'failed', code: 'PAGERDUTY_ROUTING_KEY_INVALID' }]);
    expect(pagerDuty.received).toEqual([]);
  });

  it('a message that is not a verdict or digest fails as NOTIFICATION_MALFORMED (to the DLQ), without a request', async () => {
    const result = await forwardToPagerDuty([{ messageId: 'm1', body: '{"Type":"Notification","Message":"{\\"hello\\":1}"}' }], deps());
    expect(result.records).toEqual([{ messageId: 'm1', outcome: 'failed', code: 'NOTIFICATION_MALFORMED' }]);
    expect(pagerDuty.received).toEqual([]);
  });
});
