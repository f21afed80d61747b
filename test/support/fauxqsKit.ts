/**
 * fauxqs (an in-process SNS/SQS emulator) with the real AWS SDK clients: a topic with an
 * SQS queue subscribed to it (what a pager or chat bridge subscribes), queues, and readers
 * for what arrives. What fauxqs does not emulate, and the readers therefore allow: it
 * delivers the whole json-structured Message to SQS instead of selecting its `sqs` key.
 */
import { CreateTopicCommand, SNSClient, SubscribeCommand } from '@aws-sdk/client-sns';
import { CreateQueueCommand, DeleteMessageBatchCommand, GetQueueAttributesCommand, ReceiveMessageCommand, SQSClient, type Message } from '@aws-sdk/client-sqs';
import { startFauxqs, type FauxqsServer } from 'fauxqs';
import type { SnsJsonMessage } from '../../functions/delivery/SnsNotification.js';

/** What fauxqs accepts; any SDK client pointed at it (or at where it was) needs some. */
export const FAUXQS_CREDENTIALS = { accessKeyId: 'test', secretAccessKey: 'test' };

export interface SnsEnvelope {
  Type: string;
  MessageId: string;
  TopicArn: string;
  Subject: string;
  Message: string;
  MessageAttributes: Record<string, { Type: string; Value: string }>;
}

export interface Fauxqs {
  server: FauxqsServer;
  sns: SNSClient;
  sqs: SQSClient;
  createQueue(name: string, attributes?: Record<string, string>): Promise<{ url: string; arn: string }>;
  /** A topic and an SQS queue subscribed to it (envelope delivery, as a pager bridge would use). */
  createTopicWithQueue(name: string): Promise<{ topicArn: string; queueUrl: string }>;
  stop(): Promise<void>;
}

export async function startFauxqsKit(): Promise<Fauxqs> {
  const server = await startFauxqs({ port: 0, logger: false });
  const sns = new SNSClient({ endpoint: server.address, region: 'us-east-1', credentials: FAUXQS_CREDENTIALS });
  const sqs = new SQSClient({ endpoint: server.address, region: 'us-east-1', credentials: FAUXQS_CREDENTIALS });
  async function createQueue(name: string, attributes: Record<string, string> = {}) {
    const { QueueUrl } = await sqs.send(new CreateQueueCommand({ QueueName: name, Attributes: attributes }));
    const { Attributes } = await sqs.send(new GetQueueAttributesCommand({ QueueUrl, AttributeNames: ['QueueArn'] }));
    return { url: QueueUrl!, arn: Attributes!.QueueArn! };
  }
  return {
    server,
    sns,
    sqs,
    createQueue,
    async createTopicWithQueue(name) {
      const { TopicArn } = await sns.send(new CreateTopicCommand({ Name: name }));
      const queue = await createQueue(`${name}-subscriber`);
      await sns.send(new SubscribeCommand({ TopicArn, Protocol: 'sqs', Endpoint: queue.arn }));
      return { topicArn: TopicArn!, queueUrl: queue.url };
    },
    async stop() {
      sns.destroy();
      sqs.destroy();
      await server.stop();
    },
  };
}

/** One receive of up to 10 messages, deleted once read (so they are not seen again). */
export async function receiveSome(sqs: SQSClient, queueUrl: string): Promise<Message[]> {
  const { Messages = [] } = await sqs.send(
    new ReceiveMessageCommand({ QueueUrl: queueUrl, MaxNumberOfMessages: 10, WaitTimeSeconds: 0, MessageAttributeNames: ['All'], AttributeNames: ['All'] }),
  );
  if (Messages.length > 0) {
    await sqs.send(new DeleteMessageBatchCommand({ QueueUrl: queueUrl, Entries: Messages.map((m, i) => ({ Id: `d${i}`, ReceiptHandle: m.ReceiptHandle! })) }));
  }
  return Messages;
}

/**
 * Every message that arrives until `count` have arrived (or `timeoutMs` passed), then
 * `quietMs` more: a test asserting "exactly one" must also see a second one that is late.
 */
export async function collectMessages(sqs: SQSClient, queueUrl: string, options: { count: number; timeoutMs?: number; quietMs?: number }): Promise<Message[]> {
  const collected: Message[] = [];
  const deadline = Date.now() + (options.timeoutMs ?? 10_000);
  while (collected.length < options.count && Date.now() < deadline) {
    const batch = await receiveSome(sqs, queueUrl);
    collected.push(...batch);
    if (batch.length === 0) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const quietUntil = Date.now() + (options.quietMs ?? 300);
  while (Date.now() < quietUntil) {
    collected.push(...(await receiveSome(sqs, queueUrl)));
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return collected;
}

export function envelopeOf(message: Message): SnsEnvelope {
  return JSON.parse(message.Body!) as SnsEnvelope;
}

/** The machine payload an SQS subscriber gets: AWS selects the `sqs` key; fauxqs passes the whole structure. */
export function sqsPayload(envelope: SnsEnvelope): Record<string, unknown> {
  const parsed = JSON.parse(envelope.Message) as Partial<SnsJsonMessage>;
  return JSON.parse(typeof parsed.sqs === 'string' ? parsed.sqs : envelope.Message) as Record<string, unknown>;
}

/** The email-protocol text (`default`: email has no key of its own) when fauxqs passed the whole structure (null when AWS-style selection happened). */
export function emailText(envelope: SnsEnvelope): string | null {
  const parsed = JSON.parse(envelope.Message) as Partial<SnsJsonMessage>;
  return typeof parsed.default === 'string' ? parsed.default : null;
}

export function attributes(envelope: SnsEnvelope): Record<string, string> {
  return Object.fromEntries(Object.entries(envelope.MessageAttributes ?? {}).map(([name, value]) => [name, value.Value]));
}
