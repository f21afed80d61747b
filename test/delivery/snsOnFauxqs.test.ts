/**
 * Real peer: the real @aws-sdk/client-sns and client-sqs against fauxqs, an in-process
 * SNS/SQS emulator. What fauxqs does not emulate, and the assertions therefore allow:
 * it delivers the whole json-structured Message to SQS instead of selecting the `sqs`
 * key as AWS does, and its filter policies do not match String.Array attributes.
 */
import { CreateTopicCommand, PublishCommand, SNSClient, SubscribeCommand } from '@aws-sdk/client-sns';
import { ReceiveMessageCommand, type Message } from '@aws-sdk/client-sqs';
import { startFauxqs } from 'fauxqs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VerdictSchema, type Verdict } from '../../functions/core/verdict.js';
import { buildSnsMessage } from '../../functions/delivery/buildSnsMessage.js';
import { createSnsPublisher } from '../../functions/delivery/createSnsPublisher.js';
import type { SnsJsonMessage } from '../../functions/delivery/SnsNotification.js';
import { FAUXQS_CREDENTIALS, startFauxqsKit, type Fauxqs } from '../support/fauxqsKit.js';
import { fakeRenderText, makeVerdict } from './verdictFixture.js';

let faux: Fauxqs;
beforeAll(async () => {
  faux = await startFauxqsKit();
});
afterAll(() => faux.stop());

async function receiveAll(url: string): Promise<Message[]> {
  const { Messages } = await faux.sqs.send(
    new ReceiveMessageCommand({ QueueUrl: url, MaxNumberOfMessages: 10, MessageAttributeNames: ['All'], WaitTimeSeconds: 0 }),
  );
  return Messages ?? [];
}

/** The verdict JSON an SQS subscriber gets: AWS selects the `sqs` key; fauxqs passes the whole structure. */
function sqsPayload(envelopeMessage: string): string {
  const parsed = JSON.parse(envelopeMessage) as Partial<SnsJsonMessage>;
  return typeof parsed.sqs === 'string' ? parsed.sqs : envelopeMessage;
}

describe('SNS publish on fauxqs', () => {
  it('delivers the subject, the verdict JSON for the sqs protocol, and the message attributes', async () => {
    const { TopicArn } = await faux.sns.send(new CreateTopicCommand({ Name: 'verdicts' }));
    const wrapped = await faux.createQueue('pager');
    const raw = await faux.createQueue('pager-raw');
    await faux.sns.send(new SubscribeCommand({ TopicArn, Protocol: 'sqs', Endpoint: wrapped.arn }));
    await faux.sns.send(new SubscribeCommand({ TopicArn, Protocol: 'sqs', Endpoint: raw.arn, Attributes: { RawMessageDelivery: 'true' } }));

    const verdict = makeVerdict();
    const notification = buildSnsMessage(verdict, fakeRenderText);
    const publisher = createSnsPublisher({ client: faux.sns, topicArn: TopicArn! });
    const { messageId } = await publisher.publish(notification);
    expect(messageId).toMatch(/.+/);

    const [delivered] = await receiveAll(wrapped.url);
    const envelope = JSON.parse(delivered!.Body!) as {
      Type: string;
      Subject: string;
      Message: string;
      MessageId: string;
      MessageAttributes: Record<string, { Type: string; Value: string }>;
    };
    expect(envelope).toMatchObject({ Type: 'Notification', Subject: '[OOM_KILLED] training-job-42 (ml-team) recurring 3x/7d', MessageId: messageId });
    const received: Verdict = VerdictSchema.parse(JSON.parse(sqsPayload(envelope.Message)));
    expect(received).toEqual(verdict);
    expect(envelope.MessageAttributes).toEqual({
      kind: { Type: 'String', Value: 'verdict' },
      category: { Type: 'String', Value: 'OOM_KILLED' },
      outcome: { Type: 'String', Value: 'diagnosed' },
      recurring: { Type: 'String', Value: 'true' },
      clusterId: { Type: 'String', Value: 'cluster-a' },
      project: { Type: 'String', Value: 'ml-team' },
      audience: { Type: 'String', Value: 'user' },
    });

    const [rawDelivered] = await receiveAll(raw.url);
    expect(VerdictSchema.parse(JSON.parse(sqsPayload(rawDelivered!.Body!)))).toEqual(verdict);
    expect(rawDelivered!.MessageAttributes?.category).toMatchObject({ DataType: 'String', StringValue: 'OOM_KILLED' });
    expect(rawDelivered!.MessageAttributes?.recurring).toMatchObject({ DataType: 'String', StringValue: 'true' });
  });

  it('lets a subscription filter on category: only NODE_FAILURE reaches the pager queue', async () => {
    const { TopicArn } = await faux.sns.send(new CreateTopicCommand({ Name: 'verdicts-filtered' }));
    const pager = await faux.createQueue('pager-node-failures');
    await faux.sns.send(
      new SubscribeCommand({ TopicArn, Protocol: 'sqs', Endpoint: pager.arn, Attributes: { FilterPolicy: JSON.stringify({ category: ['NODE_FAILURE'] }) } }),
    );
    const publisher = createSnsPublisher({ client: faux.sns, topicArn: TopicArn! });
    await publisher.publish(buildSnsMessage(makeVerdict(), fakeRenderText));
    await publisher.publish(buildSnsMessage(makeVerdict({ category: 'NODE_FAILURE' }), fakeRenderText));
    const messages = await receiveAll(pager.url);
    expect(messages).toHaveLength(1);
    expect(JSON.parse(messages[0]!.Body!).Subject).toMatch(/^\[NODE_FAILURE\]/);
  });

  it('accepts the largest notification the size guard builds, while SNS rejects one byte more as a permanent error', async () => {
    const { TopicArn } = await faux.sns.send(new CreateTopicCommand({ Name: 'verdicts-big' }));
    const publisher = createSnsPublisher({ client: faux.sns, topicArn: TopicArn! });
    const huge = buildSnsMessage(makeVerdict(), `Category: CRASH_APP_ERROR\n${'€'.repeat(200_000)}`);
    await expect(publisher.publish(huge)).resolves.toMatchObject({ messageId: expect.any(String) });
    const tooBig = { ...huge, Message: JSON.stringify({ default: 'x'.repeat(262_145) }) };
    await expect(publisher.publish(tooBig)).rejects.toMatchObject({ name: 'DeliveryError', code: 'SNS_INVALID_PARAMETER', retryable: false });
  });

  it('classifies a missing topic as permanent and an unreachable endpoint as retryable', async () => {
    const missing = createSnsPublisher({ client: faux.sns, topicArn: 'arn:aws:sns:us-east-1:000000000000:no-such-topic' });
    await expect(missing.publish(buildSnsMessage(makeVerdict(), 'text'))).rejects.toMatchObject({ code: 'SNS_NOT_FOUND', retryable: false });

    const closed = await startFauxqs({ port: 0, logger: false });
    const address = closed.address;
    await closed.stop();
    const offline = new SNSClient({ endpoint: address, region: 'us-east-1', credentials: FAUXQS_CREDENTIALS, maxAttempts: 1 });
    const unreachable = createSnsPublisher({ client: offline, topicArn: 'arn:aws:sns:us-east-1:000000000000:verdicts' });
    await expect(unreachable.publish(buildSnsMessage(makeVerdict(), 'text'))).rejects.toMatchObject({ code: 'SNS_NETWORK', retryable: true });
    offline.destroy();
  });

  it('is what PublishCommand sends: the json structure is accepted by the SDK as is', async () => {
    const { TopicArn } = await faux.sns.send(new CreateTopicCommand({ Name: 'verdicts-sdk' }));
    const output = await faux.sns.send(new PublishCommand({ TopicArn, ...buildSnsMessage(makeVerdict(), fakeRenderText) }));
    expect(output.MessageId).toBeTruthy();
  });
});
