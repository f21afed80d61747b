/**
 * The idempotency store on DynamoDB. Table: partition key `pk` (S); enable TTL on
 * `expiresAt` (epoch seconds). Item: { pk, status: IN_PROGRESS|COMPLETED, expiresAt,
 * owner }.
 *
 * `expiresAt` is the lease end while IN_PROGRESS and the suppression end once COMPLETED,
 * so one condition, `attribute_not_exists(pk) OR expiresAt < :now`, admits a new key, an
 * expired completed key, and a crashed claim alike. The condition is needed even with
 * TTL on: DynamoDB deletes expired items lazily (typically within two days) and they stay
 * readable until then.
 *
 * `owner` is a random token per claim, so that a worker whose lease ran out cannot
 * complete or release a claim that another worker has taken since.
 */
import { randomUUID } from 'node:crypto';
import type { DynamoDBClient, ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { loadDynamoDb } from '../aws/loadAwsSdk.js';
import { DEFAULT_IN_PROGRESS_TIMEOUT_SECONDS, type ClaimResult, type IdempotencyStore } from './IdempotencyStore.js';

export interface DynamoIdempotencyStoreOptions {
  client: DynamoDBClient;
  tableName: string;
  now: () => Date;
  inProgressTimeoutSeconds?: number;
}

function isConditionalFailure(error: unknown): error is ConditionalCheckFailedException {
  // By name: the SDK is loaded on first use (loadAwsSdk.ts), so its classes are not at hand here.
  return (error as { name?: unknown })?.name === 'ConditionalCheckFailedException';
}

export function createDynamoIdempotencyStore(options: DynamoIdempotencyStoreOptions): IdempotencyStore {
  const { client, tableName } = options;
  const leaseSeconds = options.inProgressTimeoutSeconds ?? DEFAULT_IN_PROGRESS_TIMEOUT_SECONDS;
  const epochSeconds = () => Math.floor(options.now().getTime() / 1000);
  /** Claims taken by this instance: the owner token and the TTL to apply on completion. */
  const held = new Map<string, { owner: string; ttlSeconds: number }>();

  return {
    async claim(key, ttlSeconds): Promise<ClaimResult> {
      const owner = randomUUID();
      const now = epochSeconds();
      try {
        await client.send(
          new (await loadDynamoDb()).PutItemCommand({
            TableName: tableName,
            Item: {
              pk: { S: key },
              status: { S: 'IN_PROGRESS' },
              expiresAt: { N: String(now + leaseSeconds) },
              owner: { S: owner },
            },
            ConditionExpression: 'attribute_not_exists(pk) OR expiresAt < :now',
            ExpressionAttributeValues: { ':now': { N: String(now) } },
            // Tells a completed key (duplicate) from a live claim (retry later) in one call.
            ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
          }),
        );
      } catch (error) {
        if (!isConditionalFailure(error)) throw error;
        // No item in the answer: we cannot prove it was published, so retry rather than drop.
        return error.Item?.status?.S === 'COMPLETED' ? 'duplicate' : 'in_progress';
      }
      held.set(key, { owner, ttlSeconds });
      return 'claimed';
    },

    async complete(key) {
      const claim = held.get(key);
      if (!claim) return;
      held.delete(key);
      try {
        await client.send(
          new (await loadDynamoDb()).UpdateItemCommand({
            TableName: tableName,
            Key: { pk: { S: key } },
            UpdateExpression: 'SET #status = :completed, expiresAt = :expiresAt',
            ConditionExpression: '#owner = :owner',
            ExpressionAttributeNames: { '#status': 'status', '#owner': 'owner' },
            ExpressionAttributeValues: {
              ':completed': { S: 'COMPLETED' },
              ':expiresAt': { N: String(epochSeconds() + claim.ttlSeconds) },
              ':owner': { S: claim.owner },
            },
          }),
        );
      } catch (error) {
        // Our lease ran out and someone else holds the key now: their outcome stands.
        if (!isConditionalFailure(error)) throw error;
      }
    },

    async release(key) {
      const claim = held.get(key);
      if (!claim) return;
      held.delete(key);
      try {
        await client.send(
          new (await loadDynamoDb()).DeleteItemCommand({
            TableName: tableName,
            Key: { pk: { S: key } },
            ConditionExpression: '#owner = :owner AND #status = :inProgress',
            ExpressionAttributeNames: { '#status': 'status', '#owner': 'owner' },
            ExpressionAttributeValues: { ':owner': { S: claim.owner }, ':inProgress': { S: 'IN_PROGRESS' } },
          }),
        );
      } catch (error) {
        if (!isConditionalFailure(error)) throw error;
      }
    },
  };
}
