import { DynamoDBClient, GetItemCommand, PutItemCommand, ScanCommand } from '@aws-sdk/client-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { createDynamoFeedbackStore, FEEDBACK_RETENTION_SECONDS } from '../../functions/feedback/createDynamoFeedbackStore.js';
import type { FeedbackAnswer } from '../../functions/feedback/FeedbackAnswer.js';

const dynamo = mockClient(DynamoDBClient);
const store = () => createDynamoFeedbackStore({ client: new DynamoDBClient({ region: 'eu-west-1' }), tableName: 'answers' });

const ANSWER: FeedbackAnswer = {
  occurrenceKey: 'cluster-a#wl-1#occ',
  category: 'OOM_KILLED',
  answer: 'wrong',
  rightCategory: 'CRASH_APP_ERROR',
  note: null,
  answeredAt: '2026-12-01T10:00:00.000Z',
};

beforeEach(() => dynamo.reset());

describe('createDynamoFeedbackStore', () => {
  it('puts one item per occurrence key with a one-year TTL (a later put replaces it)', async () => {
    dynamo.on(PutItemCommand).resolves({});
    await store().put(ANSWER);
    const input = dynamo.commandCalls(PutItemCommand)[0]!.args[0].input;
    expect(input.TableName).toBe('answers');
    expect(input.ConditionExpression).toBeUndefined();
    expect(input.Item).toMatchObject({
      pk: { S: ANSWER.occurrenceKey },
      answer: { S: 'wrong' },
      rightCategory: { S: 'CRASH_APP_ERROR' },
      note: { NULL: true },
    });
    expect(Number(input.Item!.expiresAt!.N)).toBe(Date.parse(ANSWER.answeredAt) / 1000 + FEEDBACK_RETENTION_SECONDS);
  });

  it('reads an answer back, and a foreign item as absent', async () => {
    dynamo.on(PutItemCommand).resolves({});
    await store().put(ANSWER);
    const item = dynamo.commandCalls(PutItemCommand)[0]!.args[0].input.Item!;
    dynamo
      .on(GetItemCommand)
      .resolvesOnce({ Item: item })
      .resolvesOnce({ Item: { pk: { S: 'x' }, answer: { S: 'maybe' } } });
    expect(await store().get(ANSWER.occurrenceKey)).toEqual(ANSWER);
    expect(await store().get('x')).toBeUndefined();
  });

  it('lists every page of the scan, skipping foreign items', async () => {
    dynamo.on(PutItemCommand).resolves({});
    await store().put(ANSWER);
    const item = dynamo.commandCalls(PutItemCommand)[0]!.args[0].input.Item!;
    dynamo
      .on(ScanCommand)
      .resolvesOnce({ Items: [item, { pk: { S: 'junk' } }], LastEvaluatedKey: { pk: { S: ANSWER.occurrenceKey } } })
      .resolvesOnce({ Items: [{ ...item, pk: { S: 'other' } }] });
    const listed = await store().list();
    expect(listed.map((answer) => answer.occurrenceKey)).toEqual([ANSWER.occurrenceKey, 'other']);
    expect(dynamo.commandCalls(ScanCommand)[1]!.args[0].input.ExclusiveStartKey).toEqual({ pk: { S: ANSWER.occurrenceKey } });
  });
});
