import {
  ConditionalCheckFailedException,
  DeleteItemCommand,
  DynamoDBClient,
  ProvisionedThroughputExceededException,
  PutItemCommand,
  UpdateItemCommand,
} from '@aws-sdk/client-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it } from 'vitest';
import type { QueuedDiagnosis } from '../../functions/core/queuedDiagnosis.js';
import { createDynamoIdempotencyStore } from '../../functions/delivery/createDynamoIdempotencyStore.js';
import { createMemoryIdempotencyStore, idempotencyKey } from '../../functions/delivery/IdempotencyStore.js';
import { makeVerdict } from './verdictFixture.js';

function clock(start = '2025-06-01T00:00:00Z') {
  let at = new Date(start).getTime();
  return { now: () => new Date(at), advance: (seconds: number) => (at += seconds * 1000) };
}

const queued: QueuedDiagnosis = {
  v: 1,
  request: { clusterId: 'c1', workloadId: 'w1' },
  source: 'alertmanager',
  receivedAt: '2025-06-01T00:00:00Z',
  dedupeKey: 'am:fingerprint-1',
};

describe('idempotencyKey', () => {
  it('is clusterId#workloadId#phaseUpdatedAt for a resolved occurrence', () => {
    const result = { verdict: makeVerdict(), occurrence: { clusterId: 'c1', workloadId: 'w1', phase: 'Failed', phaseUpdatedAt: '2025-06-01T10:00:00Z' } };
    expect(idempotencyKey(result, queued)).toBe('c1#w1#2025-06-01T10:00:00Z');
  });

  it('falls back to the queue dedupe key without an occurrence (or without its timestamp)', () => {
    expect(idempotencyKey({ verdict: makeVerdict(), occurrence: null }, queued)).toBe('dedupe#am:fingerprint-1');
    const noTime = { verdict: makeVerdict(), occurrence: { clusterId: 'c1', workloadId: 'w1', phase: 'Failed', phaseUpdatedAt: null } };
    expect(idempotencyKey(noTime, queued)).toBe('dedupe#am:fingerprint-1');
  });
});

describe('idempotencyKey bounds what the control plane sends', () => {
  const withTime = (phaseUpdatedAt: string) => ({
    verdict: makeVerdict(),
    occurrence: { clusterId: 'c1', workloadId: 'w1', phase: 'Failed', phaseUpdatedAt },
  });

  it('hashes a 3,000-character phaseUpdatedAt into a stable key within DynamoDB and PagerDuty limits', () => {
    const long = `2025-06-01T10:00:00Z${'9'.repeat(3_000)}`;
    const key = idempotencyKey(withTime(long), queued);
    expect(key.length).toBeLessThanOrEqual(255);
    expect(Buffer.byteLength(key, 'utf8')).toBeLessThanOrEqual(2_048);
    expect(key.startsWith('c1#w1#2025-06-01T10:00:00Z')).toBe(true);
    expect(idempotencyKey(withTime(long), queued)).toBe(key);
    // Two long keys that differ only past the readable prefix stay distinct.
    expect(idempotencyKey(withTime(`${long}8`), queued)).not.toBe(key);
  });

  it('bounds multi-byte text in bytes too and never splits a surrogate pair', () => {
    const key = idempotencyKey(withTime('🚀'.repeat(2_000)), queued);
    expect(Buffer.byteLength(key, 'utf8')).toBeLessThanOrEqual(2_048);
    expect(key).toBe(Buffer.from(key, 'utf8').toString('utf8'));
    expect(key).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
  });

  it('bounds a huge producer dedupe key as well', () => {
    const key = idempotencyKey({ verdict: makeVerdict(), occurrence: null }, { ...queued, dedupeKey: `am:${'f'.repeat(5_000)}` });
    expect(key.length).toBeLessThanOrEqual(255);
    expect(key.startsWith('dedupe#am:fff')).toBe(true);
  });
});

describe('createMemoryIdempotencyStore', () => {
  it('claims once, reports a live claim as in progress and a completed one as duplicate', async () => {
    const store = createMemoryIdempotencyStore();
    expect(await store.claim('k', 3600)).toBe('claimed');
    expect(await store.claim('k', 3600)).toBe('in_progress');
    await store.complete('k');
    expect(await store.claim('k', 3600)).toBe('duplicate');
  });

  it('frees a released claim so a retry can publish, but never releases a completed key', async () => {
    const store = createMemoryIdempotencyStore();
    await store.claim('k', 3600);
    await store.release('k');
    expect(await store.claim('k', 3600)).toBe('claimed');
    await store.complete('k');
    await store.release('k');
    expect(await store.claim('k', 3600)).toBe('duplicate');
  });

  it('lets a crashed claim be re-claimed after the lease, and a completed key after its TTL', async () => {
    const time = clock();
    const store = createMemoryIdempotencyStore({ now: time.now, inProgressTimeoutSeconds: 60 });
    await store.claim('k', 3600);
    time.advance(61);
    expect(await store.claim('k', 3600)).toBe('claimed');
    await store.complete('k');
    time.advance(3599);
    expect(await store.claim('k', 3600)).toBe('duplicate');
    time.advance(2);
    expect(await store.claim('k', 3600)).toBe('claimed');
  });
});

describe('createDynamoIdempotencyStore', () => {
  const dynamo = mockClient(DynamoDBClient);
  afterEach(() => dynamo.reset());
  const time = clock('2025-06-01T00:00:00Z');
  const nowSeconds = Math.floor(new Date('2025-06-01T00:00:00Z').getTime() / 1000);
  const makeStore = () =>
    createDynamoIdempotencyStore({ client: new DynamoDBClient({ region: 'us-east-1' }), tableName: 'idem', now: time.now, inProgressTimeoutSeconds: 900 });

  it('claims with a conditional put that admits new, expired and crashed keys', async () => {
    dynamo.on(PutItemCommand).resolves({});
    expect(await makeStore().claim('c1#w1#t', 86_400)).toBe('claimed');
    const input = dynamo.commandCalls(PutItemCommand)[0]!.args[0].input;
    expect(input).toMatchObject({
      TableName: 'idem',
      ConditionExpression: 'attribute_not_exists(pk) OR expiresAt < :now',
      ExpressionAttributeValues: { ':now': { N: String(nowSeconds) } },
      ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      Item: { pk: { S: 'c1#w1#t' }, status: { S: 'IN_PROGRESS' }, expiresAt: { N: String(nowSeconds + 900) } },
    });
    expect(input.Item?.owner?.S).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('maps a failed condition on a COMPLETED item to duplicate and on an IN_PROGRESS item to in_progress', async () => {
    const failed = (status?: string) =>
      new ConditionalCheckFailedException({
        message: 'The conditional request failed',
        $metadata: { httpStatusCode: 400 },
        ...(status ? { Item: { pk: { S: 'k' }, status: { S: status } } } : {}),
      });
    dynamo.on(PutItemCommand).rejectsOnce(failed('COMPLETED')).rejectsOnce(failed('IN_PROGRESS')).rejectsOnce(failed());
    const store = makeStore();
    expect(await store.claim('k', 60)).toBe('duplicate');
    expect(await store.claim('k', 60)).toBe('in_progress');
    expect(await store.claim('k', 60)).toBe('in_progress'); // unknown state: retry, never drop
    expect(dynamo.commandCalls(UpdateItemCommand)).toHaveLength(0);
  });

  it('completes its own claim with the TTL, guarded by the owner token', async () => {
    dynamo.on(PutItemCommand).resolves({});
    dynamo.on(UpdateItemCommand).resolves({});
    const store = makeStore();
    await store.claim('k', 86_400);
    await store.complete('k');
    const owner = dynamo.commandCalls(PutItemCommand)[0]!.args[0].input.Item?.owner?.S;
    const update = dynamo.commandCalls(UpdateItemCommand)[0]!.args[0].input;
    expect(update).toMatchObject({
      Key: { pk: { S: 'k' } },
      UpdateExpression: 'SET #status = :completed, expiresAt = :expiresAt',
      ConditionExpression: '#owner = :owner',
      ExpressionAttributeValues: { ':completed': { S: 'COMPLETED' }, ':expiresAt': { N: String(nowSeconds + 86_400) }, ':owner': { S: owner } },
    });
  });

  it('releases only its own in-progress claim, and ignores a claim taken over since', async () => {
    dynamo.on(PutItemCommand).resolves({});
    dynamo.on(DeleteItemCommand).rejects(new ConditionalCheckFailedException({ message: 'taken over', $metadata: {} }));
    const store = makeStore();
    await store.claim('k', 60);
    await expect(store.release('k')).resolves.toBeUndefined();
    expect(dynamo.commandCalls(DeleteItemCommand)[0]!.args[0].input).toMatchObject({
      Key: { pk: { S: 'k' } },
      ConditionExpression: '#owner = :owner AND #status = :inProgress',
    });
    await store.release('never-claimed');
    expect(dynamo.commandCalls(DeleteItemCommand)).toHaveLength(1);
  });

  it('lets DynamoDB errors other than the condition propagate (the worker retries the record)', async () => {
    dynamo.on(PutItemCommand).rejects(new ProvisionedThroughputExceededException({ message: 'slow down', $metadata: {} }));
    await expect(makeStore().claim('k', 60)).rejects.toThrow('slow down');
  });
});
