/**
 * The storm window on DynamoDB (a table of its own: partition key `pk` (S), sort key `sk`
 * (S), TTL on `expiresAt`, epoch seconds). Items:
 *
 * - the window of a cluster: { pk: `cluster#<clusterId>`, sk: `window`, openedAt (ms),
 *   count, flushQueued?, sealed? } — one per cluster, replaced when a new window opens;
 * - a held verdict: { pk: `window#<clusterId>#<openedAt>`, sk: `member#<key>`, member (JSON) }.
 *
 * `count` joins the open window with one conditional UpdateItem (`openedAt > now - window
 * AND attribute_not_exists(sealed)`, ADD count, ALL_NEW: every caller gets its own rank)
 * and opens a new one with a conditional PutItem when that fails, looping on a lost race.
 * `hold` is a TransactWriteItems of the member's PutItem and a ConditionCheck that the
 * window is still the same and not sealed; `seal` sets `sealed` and then reads the members
 * with a strongly consistent Query, so a member written before the seal is listed and one
 * written after fails its check. Members live as long as a dead-lettered flush can wait
 * for a redrive (14 days), so a redriven flush still finds them.
 */
import type { AttributeValue, DynamoDBClient, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { loadDynamoDb } from '../aws/loadAwsSdk.js';
import {
  DEFAULT_STORM_THRESHOLD,
  DEFAULT_STORM_WINDOW_SECONDS,
  StormMemberSchema,
  type StormMember,
  type StormWindow,
  type StormWindowRef,
} from './StormWindow.js';
import type { StormWindowOptions } from './createMemoryStormWindow.js';
import { StormWindowError } from './StormWindowError.js';

/** How long windows and members are kept: the DLQ's retention, so a redriven flush finds its members. */
export const STORM_ITEM_TTL_SECONDS = 14 * 86_400;
/** A window lost to another opener this many times in a row is a fault, not a race. */
const MAX_ATTEMPTS = 5;

export interface DynamoStormWindowOptions extends StormWindowOptions {
  client: DynamoDBClient;
  tableName: string;
}

function isConditionalFailure(error: unknown): boolean {
  // By name: the SDK is loaded on first use (loadAwsSdk.ts), so its classes are not at hand here.
  return (error as { name?: unknown })?.name === 'ConditionalCheckFailedException';
}

function isCancelledByCondition(error: unknown): boolean {
  if ((error as { name?: unknown })?.name !== 'TransactionCanceledException') return false;
  const reasons = (error as TransactionCanceledException).CancellationReasons ?? [];
  return reasons.some((reason) => reason.Code === 'ConditionalCheckFailed');
}

const windowKey = (clusterId: string): Record<string, AttributeValue> => ({ pk: { S: `cluster#${clusterId}` }, sk: { S: 'window' } });
const membersPk = (ref: StormWindowRef) => `window#${ref.clusterId}#${ref.openedAt}`;

export function createDynamoStormWindow(options: DynamoStormWindowOptions): StormWindow {
  const { client, tableName } = options;
  const threshold = options.threshold ?? DEFAULT_STORM_THRESHOLD;
  const windowMs = (options.windowSeconds ?? DEFAULT_STORM_WINDOW_SECONDS) * 1000;
  const expiresAt = (atMs: number) => ({ N: String(Math.floor(atMs / 1000) + STORM_ITEM_TTL_SECONDS) });
  const sameWindow = (ref: StormWindowRef) => ({
    ConditionExpression: 'openedAt = :openedAt',
    ExpressionAttributeValues: { ':openedAt': { N: String(ref.openedAt) } } as Record<string, AttributeValue>,
  });

  async function join(clusterId: string, at: number): Promise<{ openedAt: number; count: number; flushQueued: boolean } | null> {
    try {
      const answer = await client.send(
        new (await loadDynamoDb()).UpdateItemCommand({
          TableName: tableName,
          Key: windowKey(clusterId),
          UpdateExpression: 'ADD #count :one',
          ConditionExpression: 'openedAt > :cutoff AND attribute_not_exists(sealed)',
          ExpressionAttributeNames: { '#count': 'count' },
          ExpressionAttributeValues: { ':one': { N: '1' }, ':cutoff': { N: String(at - windowMs) } },
          ReturnValues: 'ALL_NEW',
        }),
      );
      const item = answer.Attributes ?? {};
      return { openedAt: Number(item.openedAt?.N), count: Number(item.count?.N), flushQueued: item.flushQueued?.BOOL === true };
    } catch (error) {
      if (isConditionalFailure(error)) return null;
      throw new StormWindowError('could not count a verdict in the storm window', { cause: error });
    }
  }

  async function open(clusterId: string, at: number): Promise<boolean> {
    try {
      await client.send(
        new (await loadDynamoDb()).PutItemCommand({
          TableName: tableName,
          Item: { ...windowKey(clusterId), openedAt: { N: String(at) }, count: { N: '1' }, expiresAt: expiresAt(at) },
          ConditionExpression: 'attribute_not_exists(pk) OR openedAt <= :cutoff OR attribute_exists(sealed)',
          ExpressionAttributeValues: { ':cutoff': { N: String(at - windowMs) } },
        }),
      );
      return true;
    } catch (error) {
      if (isConditionalFailure(error)) return false;
      throw new StormWindowError('could not open a storm window', { cause: error });
    }
  }

  return {
    async count(clusterId) {
      for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
        const at = options.now().getTime();
        const joined = await join(clusterId, at);
        if (joined) {
          const ref = { clusterId, openedAt: joined.openedAt };
          if (joined.count <= threshold) return { kind: 'alone', ref, rank: joined.count };
          return { kind: 'hold', ref, rank: joined.count, closesAt: joined.openedAt + windowMs, flushQueued: joined.flushQueued };
        }
        if (await open(clusterId, at)) return { kind: 'alone', ref: { clusterId, openedAt: at }, rank: 1 };
        // Another invocation opened the window between our two calls: join it.
      }
      throw new StormWindowError(`the storm window of a cluster changed ${MAX_ATTEMPTS} times during one count`);
    },

    async hold(ref, member) {
      try {
        await client.send(
          new (await loadDynamoDb()).TransactWriteItemsCommand({
            TransactItems: [
              {
                Put: {
                  TableName: tableName,
                  Item: {
                    pk: { S: membersPk(ref) },
                    sk: { S: `member#${member.key}` },
                    member: { S: JSON.stringify(member) },
                    expiresAt: expiresAt(ref.openedAt),
                  },
                },
              },
              {
                ConditionCheck: {
                  TableName: tableName,
                  Key: windowKey(ref.clusterId),
                  ConditionExpression: 'openedAt = :openedAt AND attribute_not_exists(sealed)',
                  ExpressionAttributeValues: { ':openedAt': { N: String(ref.openedAt) } },
                },
              },
            ],
          }),
        );
        return 'held';
      } catch (error) {
        if (isCancelledByCondition(error)) return 'closed';
        throw new StormWindowError('could not hold a verdict for the storm digest', { cause: error });
      }
    },

    async markFlushQueued(ref) {
      try {
        await client.send(
          new (await loadDynamoDb()).UpdateItemCommand({
            TableName: tableName,
            Key: windowKey(ref.clusterId),
            UpdateExpression: 'SET flushQueued = :true',
            ...withTrue(sameWindow(ref)),
          }),
        );
      } catch (error) {
        // A newer window replaced it: nothing to mark. Anything else costs one more flush message at most.
        if (!isConditionalFailure(error)) throw new StormWindowError('could not mark the storm flush as queued', { cause: error });
      }
    },

    async seal(ref) {
      try {
        await client.send(
          new (await loadDynamoDb()).UpdateItemCommand({
            TableName: tableName,
            Key: windowKey(ref.clusterId),
            UpdateExpression: 'SET sealed = :true',
            ...withTrue(sameWindow(ref)),
          }),
        );
      } catch (error) {
        // Replaced by a newer window: closed already, since a member's check names its window.
        if (!isConditionalFailure(error)) throw new StormWindowError('could not seal the storm window', { cause: error });
      }
      const members: StormMember[] = [];
      let start: Record<string, AttributeValue> | undefined;
      do {
        let page;
        try {
          page = await client.send(
            new (await loadDynamoDb()).QueryCommand({
              TableName: tableName,
              KeyConditionExpression: 'pk = :pk',
              ExpressionAttributeValues: { ':pk': { S: membersPk(ref) } },
              ConsistentRead: true,
              ...(start ? { ExclusiveStartKey: start } : {}),
            }),
          );
        } catch (error) {
          throw new StormWindowError('could not list the storm digest members', { cause: error });
        }
        for (const item of page.Items ?? []) {
          const parsed = StormMemberSchema.safeParse(parseJson(item.member?.S));
          // Written by this code only; an unreadable one is skipped rather than blocking the digest.
          if (parsed.success) members.push(parsed.data);
        }
        start = page.LastEvaluatedKey;
      } while (start);
      return members;
    },
  };
}

function withTrue(condition: { ConditionExpression: string; ExpressionAttributeValues: Record<string, AttributeValue> }) {
  return { ...condition, ExpressionAttributeValues: { ...condition.ExpressionAttributeValues, ':true': { BOOL: true } } };
}

function parseJson(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
