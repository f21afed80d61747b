/**
 * The node failure log on DynamoDB (a table of its own: partition key `pk` (S), sort key `sk`
 * (S), TTL on `expiresAt`, epoch seconds). Items:
 *
 * - a failure: { pk: `node#<key>`, sk: `failure#<workloadId>`, at (ms), failure (JSON) } — one
 *   per workload and node, replaced when the workload is diagnosed again; expires 7 days after
 *   the failure;
 * - the node's notice: { pk: `node#<key>`, sk: `notice`, noticedAt (ms) } — claimed with a
 *   conditional PutItem (`attribute_not_exists(pk) OR noticedAt <= :cutoff`), so two workers
 *   that find the same node suspect at once publish one notice.
 *
 * `<key>` is the cluster and node bounded like every externally derived key (boundedKey: hashed
 * past 255 characters), so a hostile node name cannot exceed DynamoDB's key size; a `/` or `%`
 * in the cluster id is percent-encoded, so the first `/` always ends the cluster (the same node
 * name in two clusters is two nodes, whatever the names). `recent` is one strongly consistent
 * Query of the node's partition, filtered on `at` and on `expiresAt` (DynamoDB deletes expired
 * items lazily, up to days later: an expired item is never read back); a node has at most one
 * item per workload that failed on it in a week.
 */
import type { AttributeValue, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { loadDynamoDb } from '../aws/loadAwsSdk.js';
import * as z from 'zod';
import { CategorySchema } from '../core/verdict.js';
import { boundedKey, CORRELATION_KEY_MAX_CHARS } from '../delivery/occurrenceKeys.js';
import type { NodeFailure } from '../diagnosis/model/NodeFailure.js';
import { NODE_FAILURE_TTL_SECONDS, NodeFailureLogError, type NodeFailureLog } from './NodeFailureLog.js';

export interface DynamoNodeFailureLogOptions {
  client: DynamoDBClient;
  tableName: string;
  /** The clock expiry is read against (default: the system clock). */
  now?: () => Date;
}

/** The cluster part of a node key: `/` and `%` percent-encoded, so the first `/` ends it. */
const clusterPart = (clusterId: string) => clusterId.replace(/[%/]/g, (char) => encodeURIComponent(char));

/** What an item holds, parsed back: our own data, but a table outlives code versions. */
const NodeFailureSchema = z.object({
  clusterId: z.string(),
  node: z.string(),
  workloadId: z.string(),
  workloadName: z.string(),
  project: z.string().nullable(),
  submittedBy: z.string().nullable(),
  category: CategorySchema,
  at: z.number(),
  infrastructure: z.boolean(),
  hardwareXid: z.number().int().nullable(),
  nodeRemoval: z.string().nullish(),
});

/** Query pages read at most: a node with more failures than this in a week is suspect many times over. */
const MAX_PAGES = 10;

function isConditionalFailure(error: unknown): boolean {
  // By name: the SDK is loaded on first use (functions/aws/loadAwsSdk.ts), so its classes are not at hand here.
  return (error as { name?: unknown })?.name === 'ConditionalCheckFailedException';
}

export function createDynamoNodeFailureLog(options: DynamoNodeFailureLogOptions): NodeFailureLog {
  const { client, tableName } = options;
  const now = options.now ?? (() => new Date());
  const pk = (clusterId: string, node: string): AttributeValue => ({ S: `node#${boundedKey(`${clusterPart(clusterId)}/${node}`, CORRELATION_KEY_MAX_CHARS)}` });
  const noticeKey = (clusterId: string, node: string): Record<string, AttributeValue> => ({ pk: pk(clusterId, node), sk: { S: 'notice' } });
  const expiresAt = (atMs: number): AttributeValue => ({ N: String(Math.floor(atMs / 1000) + NODE_FAILURE_TTL_SECONDS) });

  return {
    async remember(failure) {
      try {
        await client.send(
          new (await loadDynamoDb()).PutItemCommand({
            TableName: tableName,
            Item: {
              pk: pk(failure.clusterId, failure.node),
              sk: { S: `failure#${boundedKey(failure.workloadId, CORRELATION_KEY_MAX_CHARS)}` },
              at: { N: String(failure.at) },
              failure: { S: JSON.stringify(failure) },
              expiresAt: expiresAt(failure.at),
            },
          }),
        );
      } catch (error) {
        throw new NodeFailureLogError('could not remember a node failure', { cause: error });
      }
    },
    async recent(clusterId, node, sinceMs) {
      const found: NodeFailure[] = [];
      let startKey: Record<string, AttributeValue> | undefined;
      try {
        for (let page = 0; page < MAX_PAGES; page++) {
          const answer = await client.send(
            new (await loadDynamoDb()).QueryCommand({
              TableName: tableName,
              ConsistentRead: true,
              KeyConditionExpression: 'pk = :pk AND begins_with(sk, :failure)',
              FilterExpression: '#at >= :since AND (attribute_not_exists(expiresAt) OR expiresAt > :now)',
              ExpressionAttributeNames: { '#at': 'at' },
              ExpressionAttributeValues: {
                ':pk': pk(clusterId, node),
                ':failure': { S: 'failure#' },
                ':since': { N: String(sinceMs) },
                ':now': { N: String(Math.floor(now().getTime() / 1000)) },
              },
              ...(startKey ? { ExclusiveStartKey: startKey } : {}),
            }),
          );
          for (const item of answer.Items ?? []) {
            // The filter read `:now` once; an item is also checked against the clock here (a page may be read later).
            const expiresAtSeconds = Number(item.expiresAt?.N ?? Number.NaN);
            if (Number.isFinite(expiresAtSeconds) && expiresAtSeconds * 1000 <= now().getTime()) continue;
            const parsed = NodeFailureSchema.safeParse(JSON.parse(item.failure?.S ?? 'null'));
            // An item this version cannot read is skipped, never guessed at.
            // A removal this version does not name is still a removal (only its presence is read).
            if (parsed.success) found.push({ ...parsed.data, nodeRemoval: (parsed.data.nodeRemoval ?? null) as NodeFailure['nodeRemoval'] });
          }
          startKey = answer.LastEvaluatedKey;
          if (!startKey) break;
        }
      } catch (error) {
        throw new NodeFailureLogError('could not read the node failures', { cause: error });
      }
      return found;
    },
    async claimNotice(clusterId, node, atMs, windowMs) {
      try {
        await client.send(
          new (await loadDynamoDb()).PutItemCommand({
            TableName: tableName,
            Item: { ...noticeKey(clusterId, node), noticedAt: { N: String(atMs) }, expiresAt: expiresAt(atMs) },
            ConditionExpression: 'attribute_not_exists(pk) OR noticedAt <= :cutoff',
            ExpressionAttributeValues: { ':cutoff': { N: String(atMs - windowMs) } },
          }),
        );
        return 'claimed';
      } catch (error) {
        if (isConditionalFailure(error)) return 'taken';
        throw new NodeFailureLogError('could not claim a node notice', { cause: error });
      }
    },
    async releaseNotice(clusterId, node, atMs) {
      try {
        await client.send(
          new (await loadDynamoDb()).DeleteItemCommand({
            TableName: tableName,
            Key: noticeKey(clusterId, node),
            ConditionExpression: 'noticedAt = :at',
            ExpressionAttributeValues: { ':at': { N: String(atMs) } },
          }),
        );
      } catch (error) {
        if (isConditionalFailure(error)) return;
        throw new NodeFailureLogError('could not release a node notice', { cause: error });
      }
    },
  };
}
