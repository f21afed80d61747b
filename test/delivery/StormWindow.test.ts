/**
 * The storm window's semantics (functions/delivery/StormWindow.ts), on the memory adapter,
 * and the DynamoDB adapter's conditional requests (aws-sdk-client-mock): each branch of
 * count / hold / seal is driven by the answer DynamoDB would give.
 */
import {
  ConditionalCheckFailedException,
  DynamoDBClient,
  PutItemCommand,
  QueryCommand,
  TransactionCanceledException,
  TransactWriteItemsCommand,
  UpdateItemCommand,
} from '@aws-sdk/client-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it } from 'vitest';
import { createDynamoStormWindow, STORM_ITEM_TTL_SECONDS } from '../../functions/delivery/createDynamoStormWindow.js';
import { createMemoryStormWindow } from '../../functions/delivery/createMemoryStormWindow.js';
import { secondsUntil, stormDigestKey, toStormMember, type StormMember } from '../../functions/delivery/StormWindow.js';
import { StormWindowError } from '../../functions/delivery/StormWindowError.js';
import { makeVerdict } from './verdictFixture.js';

const T0 = Date.parse('2025-06-01T12:00:00Z');

function member(key: string): StormMember {
  return toStormMember({ key, verdict: makeVerdict(), context: { clusterId: 'c1' }, nodes: ['gpu-node-7'] });
}

describe('memory storm window', () => {
  const clocked = () => {
    let at = T0;
    const window = createMemoryStormWindow({ now: () => new Date(at), threshold: 5, windowSeconds: 60 });
    return { window, advance: (ms: number) => (at += ms) };
  };

  it('ranks a cluster’s verdicts within its window: the first 5 alone, then hold until the window closes', async () => {
    const { window } = clocked();
    const kinds = [];
    for (let i = 0; i < 8; i++) kinds.push((await window.count('c1')).kind);
    expect(kinds).toEqual(['alone', 'alone', 'alone', 'alone', 'alone', 'hold', 'hold', 'hold']);
    expect(await window.count('c1')).toMatchObject({ kind: 'hold', rank: 9, closesAt: T0 + 60_000, flushQueued: false });
    expect((await window.count('c2')).kind).toBe('alone'); // per cluster
  });

  it('opens a new window once the last one has ended', async () => {
    const { window, advance } = clocked();
    for (let i = 0; i < 6; i++) await window.count('c1');
    advance(60_000);
    expect(await window.count('c1')).toMatchObject({ kind: 'alone', rank: 1, ref: { clusterId: 'c1', openedAt: T0 + 60_000 } });
  });

  it('remembers that the flush is queued, holds members, and seals: a member after the seal is told closed', async () => {
    const { window } = clocked();
    for (let i = 0; i < 5; i++) await window.count('c1');
    const counted = await window.count('c1');
    if (counted.kind !== 'hold') throw new Error('expected hold');
    await window.markFlushQueued(counted.ref);
    expect(await window.count('c1')).toMatchObject({ kind: 'hold', flushQueued: true });
    expect(await window.hold(counted.ref, member('k1'))).toBe('held');
    expect(await window.hold(counted.ref, member('k2'))).toBe('held');
    expect((await window.seal(counted.ref)).map((m) => m.key)).toEqual(['k1', 'k2']);
    expect(await window.hold(counted.ref, member('k3'))).toBe('closed');
    // A retried flush lists the same members; the next count opens a new window.
    expect((await window.seal(counted.ref)).map((m) => m.key)).toEqual(['k1', 'k2']);
    expect(await window.count('c1')).toMatchObject({ kind: 'alone', rank: 1 });
  });

  it('keeps a member small: no evidence, recommendations or limitations, the nodes kept aside', () => {
    const verdict = makeVerdict({ evidence: [{ text: 'Pod p on node gpu-node-7 OOMKilled', source: 'get_workload_pods' }] });
    const held = toStormMember({ key: 'k', verdict, context: {}, nodes: ['gpu-node-7'] });
    expect(held.verdict).toMatchObject({ evidence: [], recommendations: [], limitations: [], category: verdict.category, message: verdict.message });
    expect(held.nodes).toEqual(['gpu-node-7']);
  });

  it('names the digest after its window, and never flushes early', () => {
    expect(stormDigestKey({ clusterId: 'c1', openedAt: T0 })).toBe(`storm#c1#${T0}`);
    expect(secondsUntil(T0 + 59_001, T0)).toBe(60);
    expect(secondsUntil(T0, T0 + 5)).toBe(0);
  });
});

describe('DynamoDB storm window', () => {
  const dynamo = mockClient(DynamoDBClient);
  afterEach(() => dynamo.reset());
  const store = () =>
    createDynamoStormWindow({
      client: new DynamoDBClient({ region: 'eu-west-1' }),
      tableName: 'storm',
      now: () => new Date(T0),
      threshold: 5,
      windowSeconds: 60,
    });
  const conditionFailed = () => new ConditionalCheckFailedException({ message: 'condition', $metadata: {} });

  it('joins the open window with one conditional ADD and takes the rank DynamoDB returns', async () => {
    dynamo.on(UpdateItemCommand).resolves({ Attributes: { openedAt: { N: String(T0 - 1_000) }, count: { N: '7' }, flushQueued: { BOOL: true } } });
    expect(await store().count('c1')).toEqual({
      kind: 'hold',
      ref: { clusterId: 'c1', openedAt: T0 - 1_000 },
      rank: 7,
      closesAt: T0 + 59_000,
      flushQueued: true,
    });
    const input = dynamo.commandCalls(UpdateItemCommand)[0]!.args[0].input;
    expect(input).toMatchObject({
      Key: { pk: { S: 'cluster#c1' }, sk: { S: 'window' } },
      UpdateExpression: 'ADD #count :one',
      ConditionExpression: 'openedAt > :cutoff AND attribute_not_exists(sealed)',
      ExpressionAttributeValues: { ':one': { N: '1' }, ':cutoff': { N: String(T0 - 60_000) } },
      ReturnValues: 'ALL_NEW',
    });
    expect(dynamo.commandCalls(PutItemCommand)).toHaveLength(0);
  });

  it('opens a window when none is open (conditional put), rank 1; loops to join when another opener won', async () => {
    dynamo.on(UpdateItemCommand).rejects(conditionFailed());
    dynamo.on(PutItemCommand).resolves({});
    expect(await store().count('c1')).toEqual({ kind: 'alone', ref: { clusterId: 'c1', openedAt: T0 }, rank: 1 });
    expect(dynamo.commandCalls(PutItemCommand)[0]!.args[0].input).toMatchObject({
      Item: {
        pk: { S: 'cluster#c1' },
        sk: { S: 'window' },
        openedAt: { N: String(T0) },
        count: { N: '1' },
        expiresAt: { N: String(T0 / 1000 + STORM_ITEM_TTL_SECONDS) },
      },
      ConditionExpression: 'attribute_not_exists(pk) OR openedAt <= :cutoff OR attribute_exists(sealed)',
    });

    dynamo.reset();
    dynamo
      .on(UpdateItemCommand)
      .rejectsOnce(conditionFailed())
      .resolves({ Attributes: { openedAt: { N: String(T0) }, count: { N: '2' } } });
    dynamo.on(PutItemCommand).rejects(conditionFailed());
    expect(await store().count('c1')).toMatchObject({ kind: 'alone', rank: 2 });
  });

  it('gives up with a retryable StormWindowError when the window keeps changing, or DynamoDB fails', async () => {
    dynamo.on(UpdateItemCommand).rejects(conditionFailed());
    dynamo.on(PutItemCommand).rejects(conditionFailed());
    await expect(store().count('c1')).rejects.toMatchObject({ code: 'STORM_WINDOW_UNAVAILABLE', retryable: true });
    dynamo.reset();
    dynamo.on(UpdateItemCommand).rejects(Object.assign(new Error('throttled'), { name: 'ProvisionedThroughputExceededException' }));
    await expect(store().count('c1')).rejects.toBeInstanceOf(StormWindowError);
  });

  it('holds a member in one transaction with a check that its window is still open; closed when the check fails', async () => {
    dynamo.on(TransactWriteItemsCommand).resolves({});
    const ref = { clusterId: 'c1', openedAt: T0 };
    expect(await store().hold(ref, member('k1'))).toBe('held');
    const items = dynamo.commandCalls(TransactWriteItemsCommand)[0]!.args[0].input.TransactItems!;
    expect(items[0]!.Put).toMatchObject({ Item: { pk: { S: `window#c1#${T0}` }, sk: { S: 'member#k1' } } });
    expect(JSON.parse(items[0]!.Put!.Item!.member!.S!)).toEqual(member('k1'));
    expect(items[1]!.ConditionCheck).toMatchObject({
      Key: { pk: { S: 'cluster#c1' }, sk: { S: 'window' } },
      ConditionExpression: 'openedAt = :openedAt AND attribute_not_exists(sealed)',
      ExpressionAttributeValues: { ':openedAt': { N: String(T0) } },
    });

    dynamo.reset();
    dynamo
      .on(TransactWriteItemsCommand)
      .rejects(
        new TransactionCanceledException({ message: 'cancelled', $metadata: {}, CancellationReasons: [{ Code: 'None' }, { Code: 'ConditionalCheckFailed' }] }),
      );
    expect(await store().hold(ref, member('k1'))).toBe('closed');
  });

  it('seals the window, then lists every member with consistent, paginated queries', async () => {
    dynamo.on(UpdateItemCommand).rejects(conditionFailed()); // already replaced by a newer window: closed anyway
    dynamo
      .on(QueryCommand)
      .resolvesOnce({ Items: [{ member: { S: JSON.stringify(member('k1')) } }], LastEvaluatedKey: { pk: { S: 'x' }, sk: { S: 'y' } } })
      .resolves({ Items: [{ member: { S: JSON.stringify(member('k2')) } }, { member: { S: '{not json' } }] });
    const members = await store().seal({ clusterId: 'c1', openedAt: T0 });
    expect(members.map((m) => m.key)).toEqual(['k1', 'k2']);
    expect(dynamo.commandCalls(UpdateItemCommand)[0]!.args[0].input).toMatchObject({
      UpdateExpression: 'SET sealed = :true',
      ConditionExpression: 'openedAt = :openedAt',
    });
    const queries = dynamo.commandCalls(QueryCommand).map((call) => call.args[0].input);
    expect(queries).toHaveLength(2);
    expect(queries[0]).toMatchObject({
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': { S: `window#c1#${T0}` } },
      ConsistentRead: true,
    });
    expect(queries[1]!.ExclusiveStartKey).toEqual({ pk: { S: 'x' }, sk: { S: 'y' } });
  });
});
