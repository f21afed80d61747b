/**
 * Issue #25 item 5: the chat forwarder's publish ends by its deadline even when SNS (here a
 * loopback stand-in) answers one byte at a time, which the SDK's idle-socket timeouts never catch.
 */
import { SNSClient } from '@aws-sdk/client-sns';
import { afterEach, describe, expect, it } from 'vitest';
import { buildChatNotification } from '../../functions/chat/buildChatNotification.js';
import { createChatPublisher } from '../../functions/chat/createChatPublisher.js';
import { buildSnsMessage } from '../../functions/delivery/buildSnsMessage.js';
import { DeliveryError } from '../../functions/delivery/DeliveryError.js';
import { deliveredFromSnsNotification } from '../../functions/delivery/readDeliveredNotification.js';
import { fakeRenderText, makeVerdict } from '../delivery/verdictFixture.js';
import { startTricklingServer, type TricklingServer } from '../support/startTricklingServer.js';

const ANSWER = `<PublishResponse xmlns="http://sns.amazonaws.com/doc/2010-03-31/"><PublishResult><MessageId>m-1</MessageId></PublishResult><ResponseMetadata><RequestId>r-1</RequestId></ResponseMetadata></PublishResponse>`;
const notification = () => buildChatNotification(deliveredFromSnsNotification(buildSnsMessage(makeVerdict(), fakeRenderText, { occurrenceKey: 'c#w#t' })));

let server: TricklingServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const clientFor = (url: string) =>
  new SNSClient({ endpoint: url, region: 'us-east-1', credentials: { accessKeyId: 'AKIDTEST', secretAccessKey: 'test' }, maxAttempts: 1 });

describe('chat publisher deadline', () => {
  it('fails retryably by the deadline when the answer trickles in', async () => {
    server = await startTricklingServer({ status: 200, contentType: 'text/xml', body: ANSWER, intervalMs: 50 }); // ~10 s in all
    const publish = createChatPublisher({ client: clientFor(server.url), topicArn: 'arn:aws:sns:us-east-1:123456789012:chat' });
    const started = Date.now();
    const error = await publish(notification(), { deadlineAt: started + 800 }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(DeliveryError);
    expect((error as DeliveryError).retryable).toBe(true);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('publishes normally when the answer comes in time', async () => {
    server = await startTricklingServer({ status: 200, contentType: 'text/xml', body: ANSWER, intervalMs: 0 });
    const publish = createChatPublisher({ client: clientFor(server.url), topicArn: 'arn:aws:sns:us-east-1:123456789012:chat' });
    await expect(publish(notification(), { deadlineAt: Date.now() + 5_000 })).resolves.toEqual({ messageId: 'm-1' });
  });
});
