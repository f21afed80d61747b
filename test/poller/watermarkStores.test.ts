/** Both WatermarkStore adapters: forward-only writes, canonical values, DynamoDB requests. */
import { ConditionalCheckFailedException, DynamoDBClient, GetItemCommand, UpdateItemCommand } from '@aws-sdk/client-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { createDynamoWatermarkStore } from '../../functions/poller/createDynamoWatermarkStore.js';
import { createMemoryWatermarkStore } from '../../functions/poller/createMemoryWatermarkStore.js';
import { A } from './pollerTestKit.js';

const TABLE = 'runai-diagnose-state';
const dynamo = mockClient(DynamoDBClient);
const store = () => createDynamoWatermarkStore({ client: new DynamoDBClient({ region: 'eu-west-1' }), tableName: TABLE });

describe('createDynamoWatermarkStore', () => {
  beforeEach(() => dynamo.reset());

  it('reads watermark#<clusterId> with a strongly consistent GetItem; no item is null', async () => {
    dynamo
      .on(GetItemCommand)
      .resolvesOnce({ Item: { pk: { S: `watermark#${A}` }, watermark: { S: '2026-11-29T17:58:00.000Z' } } })
      .resolves({});
    expect(await store().get(A)).toBe('2026-11-29T17:58:00.000Z');
    expect(await store().get(A)).toBeNull();
    expect(dynamo.commandCalls(GetItemCommand)[0]!.args[0].input).toEqual({
      TableName: TABLE,
      Key: { pk: { S: `watermark#${A}` } },
      ConsistentRead: true,
      ProjectionExpression: '#w',
      ExpressionAttributeNames: { '#w': 'watermark' },
    });
  });

  it('fails loudly on a stored value that is not a canonical instant (string order would be wrong)', async () => {
    dynamo.on(GetItemCommand).resolves({ Item: { watermark: { S: '2026-11-29 17:58:00' } } });
    await expect(store().get(A)).rejects.toThrow(/not a canonical ISO instant.*watermark#/);
  });

  it('advances with a conditional UpdateItem that only moves forward, and no TTL attribute', async () => {
    dynamo.on(UpdateItemCommand).resolves({});
    await store().advance(A, '2026-11-29T17:58:00.000Z');
    const input = dynamo.commandCalls(UpdateItemCommand)[0]!.args[0].input;
    expect(input).toEqual({
      TableName: TABLE,
      Key: { pk: { S: `watermark#${A}` } },
      UpdateExpression: 'SET #w = :new',
      ConditionExpression: 'attribute_not_exists(#w) OR #w < :new',
      ExpressionAttributeNames: { '#w': 'watermark' },
      ExpressionAttributeValues: { ':new': { S: '2026-11-29T17:58:00.000Z' } },
    });
    expect(JSON.stringify(input)).not.toContain('expiresAt');
  });

  it('treats a failed condition (a later watermark is already stored) as done; other errors propagate', async () => {
    dynamo.on(UpdateItemCommand).rejectsOnce(new ConditionalCheckFailedException({ message: 'The conditional request failed', $metadata: {} }));
    await expect(store().advance(A, '2026-11-29T17:58:00.000Z')).resolves.toBeUndefined();
    const throttled = Object.assign(new Error('Rate exceeded'), { name: 'ProvisionedThroughputExceededException' });
    dynamo.on(UpdateItemCommand).rejects(throttled);
    await expect(store().advance(A, '2026-11-29T17:59:00.000Z')).rejects.toThrow('Rate exceeded');
  });

  it('refuses a non-canonical watermark without sending anything', async () => {
    for (const bad of ['2026-11-29T17:58:00Z', '2026-11-29 17:58:00.000', '2026-02-30T00:00:00.000Z', '']) {
      await expect(store().advance(A, bad), bad).rejects.toThrow(TypeError);
    }
    expect(dynamo.commandCalls(UpdateItemCommand)).toHaveLength(0);
  });
});

describe('createMemoryWatermarkStore', () => {
  it('moves only forward, per cluster', async () => {
    const memory = createMemoryWatermarkStore();
    expect(await memory.get(A)).toBeNull();
    await memory.advance(A, '2026-11-29T17:58:00.000Z');
    await memory.advance(A, '2026-11-29T17:00:00.000Z');
    expect(await memory.get(A)).toBe('2026-11-29T17:58:00.000Z');
    await memory.advance(A, '2026-11-29T17:59:00.000Z');
    expect(memory.snapshot()).toEqual({ [A]: '2026-11-29T17:59:00.000Z' });
    await expect(memory.advance(A, 'later')).rejects.toThrow(TypeError);
  });
});
