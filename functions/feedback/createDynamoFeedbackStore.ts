/**
 * The answers table on DynamoDB (§4.10). Partition key `pk` (S) = the occurrence key, so a
 * put replaces the earlier answer (last answer wins) without a read. TTL on `expiresAt`
 * (epoch seconds), one year after the answer: long enough for a year of precision figures
 * and exports, bounded so notes do not pile up forever.
 *
 * Items are read back through FeedbackAnswerSchema: a hand-edited or foreign item is
 * skipped by `list` and reads as absent in `get`, never crashes the export or the page.
 */
import type { AttributeValue, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { loadDynamoDb } from '../aws/loadAwsSdk.js';
import { FeedbackAnswerSchema, type FeedbackAnswer } from './FeedbackAnswer.js';
import type { FeedbackStore } from './FeedbackStore.js';

export const FEEDBACK_RETENTION_SECONDS = 365 * 24 * 3600;

const text = (value: string | null): AttributeValue => (value === null ? { NULL: true } : { S: value });
const read = (item: Record<string, AttributeValue>, name: string): string | null => item[name]?.S ?? null;

function toItem(answer: FeedbackAnswer): Record<string, AttributeValue> {
  const answeredSeconds = Math.floor(Date.parse(answer.answeredAt) / 1000);
  return {
    pk: { S: answer.occurrenceKey },
    category: text(answer.category),
    answer: { S: answer.answer },
    rightCategory: text(answer.rightCategory),
    note: text(answer.note),
    answeredAt: { S: answer.answeredAt },
    expiresAt: { N: String(answeredSeconds + FEEDBACK_RETENTION_SECONDS) },
  };
}

function fromItem(item: Record<string, AttributeValue>): FeedbackAnswer | undefined {
  const parsed = FeedbackAnswerSchema.safeParse({
    occurrenceKey: read(item, 'pk'),
    category: read(item, 'category'),
    answer: read(item, 'answer'),
    rightCategory: read(item, 'rightCategory'),
    note: read(item, 'note'),
    answeredAt: read(item, 'answeredAt'),
  });
  return parsed.success ? parsed.data : undefined;
}

export function createDynamoFeedbackStore(options: { client: DynamoDBClient; tableName: string }): FeedbackStore {
  const { client, tableName } = options;
  return {
    async put(answer) {
      await client.send(new (await loadDynamoDb()).PutItemCommand({ TableName: tableName, Item: toItem(answer) }));
    },
    async get(occurrenceKey) {
      const output = await client.send(
        new (await loadDynamoDb()).GetItemCommand({ TableName: tableName, Key: { pk: { S: occurrenceKey } }, ConsistentRead: true }),
      );
      return output.Item ? fromItem(output.Item) : undefined;
    },
    async list() {
      const answers: FeedbackAnswer[] = [];
      let startKey: Record<string, AttributeValue> | undefined;
      do {
        const page = await client.send(new (await loadDynamoDb()).ScanCommand({ TableName: tableName, ...(startKey ? { ExclusiveStartKey: startKey } : {}) }));
        for (const item of page.Items ?? []) {
          const answer = fromItem(item);
          if (answer) answers.push(answer);
        }
        startKey = page.LastEvaluatedKey;
      } while (startKey);
      return answers;
    },
  };
}
