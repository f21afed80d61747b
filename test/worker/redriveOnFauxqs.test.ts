/**
 * Real peer for "never lose an alert": real SQS and SNS clients against fauxqs. A poll
 * loop plays the Lambda event source mapping (receive, call the worker, delete what
 * succeeded, leave the batchItemFailures to come back), against a queue whose redrive
 * policy has maxReceiveCount 2. A record that keeps failing must end in the DLQ with its
 * body intact; a good one must be published exactly once and deleted.
 */
import { CreateTopicCommand, SubscribeCommand } from '@aws-sdk/client-sns';
import { ChangeMessageVisibilityCommand, DeleteMessageCommand, ReceiveMessageCommand, SendMessageCommand, type Message } from '@aws-sdk/client-sqs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VerdictSchema } from '../../functions/core/verdict.js';
import { createSnsPublisher } from '../../functions/delivery/createSnsPublisher.js';
import { createMemoryIdempotencyStore } from '../../functions/delivery/IdempotencyStore.js';
import { processDiagnosisBatch } from '../../functions/worker/processDiagnosisBatch.js';
import { silentLogger } from '../../functions/core/LogPort.js';
import { fakeRenderText } from '../delivery/verdictFixture.js';
import { startFauxqsKit, type Fauxqs } from '../support/fauxqsKit.js';
import { queued, resultFor, RetryableError } from './workerFakes.js';

let faux: Fauxqs;
beforeAll(async () => {
  faux = await startFauxqsKit();
});
afterAll(() => faux.stop());

async function receive(url: string): Promise<Message[]> {
  const { Messages } = await faux.sqs.send(new ReceiveMessageCommand({ QueueUrl: url, MaxNumberOfMessages: 10, WaitTimeSeconds: 0 }));
  return Messages ?? [];
}

describe('worker on a queue with a redrive policy (maxReceiveCount 2)', () => {
  it('moves the records that keep failing to the DLQ and publishes the good one once', async () => {
    const dlq = await faux.createQueue('diagnose-dlq');
    const work = await faux.createQueue('diagnose', {
      VisibilityTimeout: '30',
      RedrivePolicy: JSON.stringify({ deadLetterTargetArn: dlq.arn, maxReceiveCount: '2' }),
    });
    const { TopicArn } = await faux.sns.send(new CreateTopicCommand({ Name: 'verdicts' }));
    const pager = await faux.createQueue('pager');
    await faux.sns.send(new SubscribeCommand({ TopicArn, Protocol: 'sqs', Endpoint: pager.arn, Attributes: { RawMessageDelivery: 'true' } }));

    const bodies = {
      good: JSON.stringify(queued('w-good')),
      down: JSON.stringify(queued('w-down')), // Run:ai stays unreachable for this one
      malformed: '{"v":1,"request":',
    };
    for (const body of Object.values(bodies)) await faux.sqs.send(new SendMessageCommand({ QueueUrl: work.url, MessageBody: body }));

    const deps = {
      diagnose: async (q: Parameters<typeof resultFor>[0]) => {
        if (q.request.workloadId === 'w-down') throw new RetryableError('Run:ai unreachable');
        return resultFor(q);
      },
      renderText: fakeRenderText,
      publisher: createSnsPublisher({ client: faux.sns, topicArn: TopicArn! }),
      idempotency: createMemoryIdempotencyStore(),
      now: () => new Date(),
      logger: silentLogger,
    };

    let invocations = 0;
    for (let round = 0; round < 6; round += 1) {
      const messages = await receive(work.url);
      if (messages.length === 0) continue;
      invocations += 1;
      const result = await processDiagnosisBatch(
        messages.map((m) => ({ messageId: m.MessageId!, body: m.Body! })),
        deps,
      );
      const failed = new Set(result.batchItemFailures.map((f) => f.itemIdentifier));
      for (const message of messages) {
        if (failed.has(message.MessageId!)) {
          // What the visibility timeout does in production, without waiting 30 s.
          await faux.sqs.send(new ChangeMessageVisibilityCommand({ QueueUrl: work.url, ReceiptHandle: message.ReceiptHandle!, VisibilityTimeout: 0 }));
        } else {
          await faux.sqs.send(new DeleteMessageCommand({ QueueUrl: work.url, ReceiptHandle: message.ReceiptHandle! }));
        }
      }
    }

    expect(invocations).toBe(2); // the third receive finds both over maxReceiveCount and redrives them
    expect(await receive(work.url)).toEqual([]);
    const dead = await receive(dlq.url);
    expect(dead.map((m) => m.Body).sort()).toEqual([bodies.down, bodies.malformed].sort());

    const published = await receive(pager.url);
    expect(published).toHaveLength(1);
    // AWS raw delivery carries the `sqs` value alone; fauxqs carries the whole json structure.
    const body = JSON.parse(published[0]!.Body!);
    const verdict = VerdictSchema.parse(typeof body.sqs === 'string' ? JSON.parse(body.sqs) : body);
    expect(verdict.workload?.id).toBe('w-good');
  });
});
