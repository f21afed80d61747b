import {
  AuthorizationErrorException,
  InternalErrorException,
  InvalidParameterException,
  InvalidParameterValueException,
  KMSDisabledException,
  KMSThrottlingException,
  NotFoundException,
  PublishCommand,
  SNSClient,
  SNSServiceException,
  ThrottledException,
} from '@aws-sdk/client-sns';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it } from 'vitest';
import { buildSnsMessage } from '../../functions/delivery/buildSnsMessage.js';
import { createSnsPublisher } from '../../functions/delivery/createSnsPublisher.js';
import { classifySnsError, DeliveryError } from '../../functions/delivery/DeliveryError.js';
import { createConsolePublisher } from '../../functions/delivery/VerdictPublisher.js';
import { fakeRenderText, makeVerdict } from './verdictFixture.js';

const meta = { $metadata: { httpStatusCode: 400 } };

function serviceError(name: string, status: number, fault: 'client' | 'server' = status >= 500 ? 'server' : 'client') {
  return new SNSServiceException({ name, $fault: fault, message: `${name} happened`, $metadata: { httpStatusCode: status } });
}

function networkError(code: string) {
  return Object.assign(new Error(`connect ${code} 127.0.0.1:1`), { code });
}

describe('classifySnsError', () => {
  it.each([
    ['InvalidParameterException', new InvalidParameterException({ message: 'Subject too long', ...meta }), 'SNS_INVALID_PARAMETER', false],
    ['InvalidParameterValueException', new InvalidParameterValueException({ message: 'bad attribute', ...meta }), 'SNS_INVALID_PARAMETER', false],
    ['NotFoundException', new NotFoundException({ message: 'Topic does not exist', $metadata: { httpStatusCode: 404 } }), 'SNS_NOT_FOUND', false],
    [
      'AuthorizationErrorException',
      new AuthorizationErrorException({ message: 'not authorized', $metadata: { httpStatusCode: 403 } }),
      'SNS_AUTHORIZATION',
      false,
    ],
    ['KMSDisabledException', new KMSDisabledException({ message: 'key disabled', ...meta }), 'SNS_KMS', false],
    ['ThrottledException', new ThrottledException({ message: 'Rate exceeded', ...meta }), 'SNS_THROTTLED', true],
    ['generic Throttling code', serviceError('Throttling', 400), 'SNS_THROTTLED', true],
    ['KMSThrottlingException', new KMSThrottlingException({ message: 'kms rate', ...meta }), 'SNS_KMS_THROTTLED', true],
    ['InternalErrorException', new InternalErrorException({ message: 'oops', $metadata: { httpStatusCode: 500 } }), 'SNS_UNAVAILABLE', true],
    ['unknown 503', serviceError('SomethingNew', 503), 'SNS_UNAVAILABLE', true],
    ['unknown 429', serviceError('SomethingNew', 429), 'SNS_THROTTLED', true],
    ['unknown 4xx', serviceError('SomethingNew', 400), 'SNS_REJECTED', false],
    ['ECONNREFUSED', networkError('ECONNREFUSED'), 'SNS_NETWORK', true],
    ['ECONNRESET', networkError('ECONNRESET'), 'SNS_NETWORK', true],
    ['ETIMEDOUT', networkError('ETIMEDOUT'), 'SNS_NETWORK', true],
    ['SDK TimeoutError', Object.assign(new Error('timed out'), { name: 'TimeoutError' }), 'SNS_NETWORK', true],
    ['a thrown string', 'boom', 'SNS_UNKNOWN', true],
  ])('%s -> %s', (_label, error, code, retryable) => {
    const classified = classifySnsError(error);
    expect(classified).toBeInstanceOf(DeliveryError);
    expect(classified.code).toBe(code);
    expect(classified.retryable).toBe(retryable);
    expect(classified.cause).toBe(error);
  });

  it('returns an existing DeliveryError unchanged', () => {
    const original = new DeliveryError('SNS_NOT_FOUND', 'gone');
    expect(classifySnsError(original)).toBe(original);
  });
});

describe('createSnsPublisher', () => {
  const sns = mockClient(SNSClient);
  afterEach(() => sns.reset());

  it('publishes the notification to its topic and returns the message id', async () => {
    sns.on(PublishCommand).resolves({ MessageId: 'm-1' });
    const publisher = createSnsPublisher({ client: new SNSClient({ region: 'us-east-1' }), topicArn: 'arn:aws:sns:us-east-1:123456789012:verdicts' });
    const notification = buildSnsMessage(makeVerdict(), fakeRenderText);
    await expect(publisher.publish(notification)).resolves.toEqual({ messageId: 'm-1' });
    const input = sns.commandCalls(PublishCommand)[0]!.args[0].input;
    expect(input).toEqual({ TopicArn: 'arn:aws:sns:us-east-1:123456789012:verdicts', ...notification });
  });

  it('throws classified DeliveryErrors', async () => {
    sns
      .on(PublishCommand)
      .rejectsOnce(new ThrottledException({ message: 'Rate exceeded', ...meta }))
      .rejects(new NotFoundException({ message: 'Topic does not exist', $metadata: { httpStatusCode: 404 } }));
    const publisher = createSnsPublisher({ client: new SNSClient({ region: 'us-east-1', maxAttempts: 1 }), topicArn: 'arn:aws:sns:us-east-1:1:t' });
    const notification = buildSnsMessage(makeVerdict(), 'text');
    await expect(publisher.publish(notification)).rejects.toMatchObject({ name: 'DeliveryError', code: 'SNS_THROTTLED', retryable: true });
    await expect(publisher.publish(notification)).rejects.toMatchObject({ name: 'DeliveryError', code: 'SNS_NOT_FOUND', retryable: false });
  });
});

describe('createConsolePublisher', () => {
  it('prints the subject and the text report', async () => {
    const lines: string[] = [];
    const publisher = createConsolePublisher((text) => lines.push(text));
    const verdict = makeVerdict();
    const first = await publisher.publish(buildSnsMessage(verdict, fakeRenderText));
    const second = await publisher.publish(buildSnsMessage(verdict, fakeRenderText));
    expect(first.messageId).not.toBe(second.messageId);
    expect(lines[0]).toContain('[OOM_KILLED] training-job-42 (ml-team) recurring 3x/7d\n');
    expect(lines[0]).toContain(fakeRenderText(verdict));
    expect(lines[0]).not.toContain('"schemaVersion"');
  });
});
