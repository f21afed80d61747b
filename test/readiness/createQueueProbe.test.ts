import { GetQueueAttributesCommand, SQSClient } from '@aws-sdk/client-sqs';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { createMemoryQueue } from '../../functions/queue/createMemoryQueue.js';
import { createSqsQueue } from '../../functions/queue/createSqsQueue.js';
import { createQueueProbe } from '../../functions/readiness/createQueueProbe.js';
import { ReadinessError } from '../../functions/readiness/ReadinessProbe.js';
import { queuedDiagnoses } from '../queue/queueMessages.js';

const QUEUE_URL = 'https://sqs.eu-west-1.amazonaws.com/123456789012/requests';
const sqs = mockClient(SQSClient);
const sqsQueue = () => createSqsQueue({ client: new SQSClient({ region: 'eu-west-1' }), queueUrl: QUEUE_URL });

beforeEach(() => sqs.reset());

describe('the queue probe over SQS', () => {
  it('reads the two depth attributes of the queue, never a message', async () => {
    sqs.on(GetQueueAttributesCommand).resolves({ Attributes: { ApproximateNumberOfMessages: '1234', ApproximateNumberOfMessagesNotVisible: '7' } });
    await expect(createQueueProbe(sqsQueue()).check()).resolves.toBe('reachable: 1,234 waiting, 7 in flight');
    expect(sqs.calls()).toHaveLength(1);
    expect(sqs.commandCalls(GetQueueAttributesCommand)[0]!.args[0].input).toEqual({
      QueueUrl: QUEUE_URL,
      AttributeNames: ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible'],
    });
  });

  it('is QUEUE_UNREACHABLE when SQS refuses, naming the cause', async () => {
    sqs.on(GetQueueAttributesCommand).rejects(Object.assign(new Error('Access to the resource is denied.'), { name: 'AccessDenied' }));
    const failure = await createQueueProbe(sqsQueue())
      .check()
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ReadinessError);
    expect(failure).toMatchObject({
      code: 'QUEUE_UNREACHABLE',
      message: "cannot read the queue's attributes (AccessDenied: Access to the resource is denied.)",
    });
  });

  it('is QUEUE_UNREACHABLE when SQS answers without the attributes', async () => {
    sqs.on(GetQueueAttributesCommand).resolves({ Attributes: { ApproximateNumberOfMessages: 'many' } });
    await expect(createQueueProbe(sqsQueue()).check()).rejects.toMatchObject({
      code: 'QUEUE_UNREACHABLE',
      message: 'SQS answered no ApproximateNumberOfMessages',
    });
  });
});

describe('the queue probe over the memory queue (local mode)', () => {
  it('reports its depth and capacity, and QUEUE_FULL once new alerts would be refused', async () => {
    const queue = createMemoryQueue({ capacity: 3 });
    const probe = createQueueProbe(queue);
    await queue.enqueue(queuedDiagnoses(2));
    await expect(probe.check()).resolves.toBe('reachable: 2 waiting, 0 in flight (capacity 3)');
    await queue.enqueue(queuedDiagnoses(1));
    await expect(probe.check()).rejects.toMatchObject({ code: 'QUEUE_FULL' });
    await expect(queue.enqueue(queuedDiagnoses(1))).rejects.toThrow('memory queue full');
    queue.drain();
    await expect(probe.check()).resolves.toBe('reachable: 0 waiting, 0 in flight (capacity 3)');
  });
});
