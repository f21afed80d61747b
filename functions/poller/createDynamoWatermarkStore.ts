/**
 * WatermarkStore on the DynamoDB state table shared with the idempotency store (partition
 * key `pk` (S); TTL on `expiresAt`). Item: `{ pk: "watermark#<clusterId>", watermark }`
 * with no `expiresAt`, so TTL never removes it.
 *
 * `advance` is one conditional UpdateItem, `attribute_not_exists(watermark) OR watermark <
 * :new`: two runs that overlap (a slow invocation and the next schedule, or a retry) can
 * only move the watermark forward, whatever order their writes land in. A failed condition
 * means a later watermark is already stored — the goal is met, so it is not an error.
 * Reads are strongly consistent so a run sees the previous run's write.
 */
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { loadDynamoDb } from '../aws/loadAwsSdk.js';
import { isCanonicalInstant, type WatermarkStore } from './WatermarkStore.js';

export interface DynamoWatermarkStoreOptions {
  client: DynamoDBClient;
  tableName: string;
}

export const watermarkKey = (clusterId: string): string => `watermark#${clusterId}`;

function isConditionalFailure(error: unknown): boolean {
  // By name: the SDK is loaded on first use (loadAwsSdk.ts), so its classes are not at hand here.
  return (error as { name?: unknown })?.name === 'ConditionalCheckFailedException';
}

export function createDynamoWatermarkStore({ client, tableName }: DynamoWatermarkStoreOptions): WatermarkStore {
  return {
    async get(clusterId) {
      const output = await client.send(
        new (await loadDynamoDb()).GetItemCommand({
          TableName: tableName,
          Key: { pk: { S: watermarkKey(clusterId) } },
          ConsistentRead: true,
          ProjectionExpression: '#w',
          ExpressionAttributeNames: { '#w': 'watermark' },
        }),
      );
      const stored = output.Item?.watermark?.S;
      if (stored === undefined) return null;
      // A hand-edited or foreign value would break the string comparison of `advance`:
      // fail this cluster loudly rather than poll from a wrong instant.
      if (!isCanonicalInstant(stored)) {
        throw new Error(
          `stored watermark of cluster ${clusterId} is not a canonical ISO instant; delete item pk=${watermarkKey(clusterId)} to restart from the initial lookback`,
        );
      }
      return stored;
    },

    async advance(clusterId, watermark) {
      if (!isCanonicalInstant(watermark)) throw new TypeError('a watermark must be a canonical ISO instant (toISOString)');
      try {
        await client.send(
          new (await loadDynamoDb()).UpdateItemCommand({
            TableName: tableName,
            Key: { pk: { S: watermarkKey(clusterId) } },
            UpdateExpression: 'SET #w = :new',
            ConditionExpression: 'attribute_not_exists(#w) OR #w < :new',
            ExpressionAttributeNames: { '#w': 'watermark' },
            ExpressionAttributeValues: { ':new': { S: watermark } },
          }),
        );
      } catch (error) {
        if (!isConditionalFailure(error)) throw error;
      }
    },
  };
}
