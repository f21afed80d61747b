/**
 * REPORT_LOCALE is chosen once, at the edge, and reaches every word a person reads: the
 * worker's subjects and storm digest, and the chat card and PagerDuty summary the
 * forwarders build from the delivered message. Here in French, end to end through the
 * worker's batch and the chat forwarder's core.
 */
import { describe, expect, it } from 'vitest';
import { forwardToChat } from '../../functions/chat/forwardToChat.js';
import { createMemoryIdempotencyStore } from '../../functions/delivery/IdempotencyStore.js';
import type { SnsJsonMessage, SnsNotification } from '../../functions/delivery/SnsNotification.js';
import { buildPagerDutyEvent } from '../../functions/pagerduty/buildPagerDutyEvent.js';
import { readDeliveredNotification } from '../../functions/delivery/readDeliveredNotification.js';
import { notificationWordsFor } from '../../functions/report/notificationWordsFor.js';
import { silentLogger } from '../../functions/core/LogPort.js';
import { processDiagnosisBatch } from '../../functions/worker/processDiagnosisBatch.js';
import { fakeRenderText } from '../delivery/verdictFixture.js';
import { capturingLogger, capturingPublisher, queued, record, resultFor, stormFakes } from './workerFakes.js';

const now = () => new Date('2025-06-01T12:00:00Z');
const french = notificationWordsFor('fr');

/** The worker's batch in French, with the shared storm window: the window's held verdicts go out as its digest once the flush arrives. */
async function publishInFrench(batch: ReturnType<typeof record>[]): Promise<SnsNotification[]> {
  const sink = capturingPublisher();
  const { storm, deliver } = stormFakes(now);
  const deps = {
    diagnose: async (q: Parameters<typeof resultFor>[0]) => resultFor(q),
    renderText: fakeRenderText,
    words: french,
    publisher: sink.publisher,
    idempotency: createMemoryIdempotencyStore({ now }),
    now,
    logger: capturingLogger().logger,
    storm,
  };
  await processDiagnosisBatch(batch, deps);
  await processDiagnosisBatch(deliver(), deps);
  return sink.published;
}

/** Eleven failures of one cluster: the window's first five go out alone, the other six as one digest. */
async function frenchDigest(): Promise<SnsNotification> {
  const published = await publishInFrench(Array.from({ length: 11 }, (_, i) => record(`m${i}`, queued(`w${i}`, 'storm-cluster'))));
  const digest = published.find((notification) => notification.Subject.startsWith('[DIGEST]'));
  if (!digest) throw new Error(`no digest among ${published.map((notification) => notification.Subject).join(', ')}`);
  return digest;
}

/** What the forwarders' queues receive: the SNS envelope around the `sqs` message, with the subject. */
function envelope(notification: SnsNotification, id: string): string {
  const message = (JSON.parse(notification.Message) as SnsJsonMessage).sqs;
  return JSON.stringify({ Type: 'Notification', MessageId: id, Subject: notification.Subject, Message: message });
}

describe('REPORT_LOCALE=fr', () => {
  it('gives a French storm digest and French subjects', async () => {
    const digest = await frenchDigest();
    expect(digest.Subject).toBe('[DIGEST] 6 echecs sur le cluster storm-cluster (6 OOM_KILLED)');
    const email = (JSON.parse(digest.Message) as SnsJsonMessage).default;
    expect(email).toContain('RÉSUMÉ : 6 échecs sur le cluster storm-cluster');
    expect(email).toContain('Décompte : 6 OOM_KILLED');
    expect(email).not.toMatch(/failures|Counts|Recurring:/);

    const [single] = await publishInFrench([record('m1', queued('w1', 'c1'))]);
    expect(single!.Subject).toBe('[OOM_KILLED] job-w1 (ml-team) recurrent 3x/7j');
  });

  it('gives a French chat card and PagerDuty summary for what the worker published', async () => {
    const digest = await frenchDigest();
    const cards: unknown[] = [];
    const result = await forwardToChat([{ messageId: 'q1', body: envelope(digest, 'sns-1') }], {
      publish: async (card) => {
        cards.push(card);
        return { messageId: 'chat-1' };
      },
      words: french,
      logger: silentLogger,
    });
    expect(result.batchItemFailures).toEqual([]);
    expect(JSON.stringify(cards[0])).toContain('6 échecs sur le cluster storm-cluster');
    const event = buildPagerDutyEvent(readDeliveredNotification(envelope(digest, 'sns-1')), 'key', french);
    expect(event.payload.summary).toMatch(/^\[DIGEST\] 6 echecs sur le cluster storm-cluster \(6 OOM_KILLED\): 6 OOM_KILLED ; \d sur 6 récurrents$/);
  });
});
