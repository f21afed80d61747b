/**
 * The node failure logs keep a week (§4.8, NODE_FAILURE_TTL_SECONDS): the memory log evicts what
 * is older, DynamoDB's reads filter what has expired (its TTL deletion is lazy), and the key keeps
 * clusters apart.
 */
import { describe, expect, it } from 'vitest';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { NodeFailure } from '../../functions/diagnosis/model/NodeFailure.js';
import { createDynamoNodeFailureLog } from '../../functions/fleet/createDynamoNodeFailureLog.js';
import { createMemoryNodeFailureLog } from '../../functions/fleet/createMemoryNodeFailureLog.js';

const T0 = Date.parse('2026-12-02T00:00:00Z');
const DAY = 86_400_000;

function failure(overrides: Partial<NodeFailure> = {}): NodeFailure {
  return {
    clusterId: 'c1',
    node: 'dgx-07',
    workloadId: 'w1',
    workloadName: 'train',
    project: 'vision',
    submittedBy: 'ana',
    category: 'NODE_FAILURE',
    at: T0,
    infrastructure: false,
    hardwareXid: null,
    ...overrides,
  };
}

describe('memory node failure log', () => {
  it('evicts failures and notices older than 7 days', async () => {
    let clock = T0;
    const log = createMemoryNodeFailureLog({ now: () => new Date(clock) });
    await log.remember(failure({ workloadId: 'old', at: T0 }));
    expect(await log.claimNotice('c1', 'dgx-07', T0, DAY)).toBe('claimed');
    clock = T0 + 7 * DAY + 1;
    await log.remember(failure({ workloadId: 'new', at: clock }));
    expect((await log.recent('c1', 'dgx-07', 0)).map((f) => f.workloadId)).toEqual(['new']);
    // A failure that happened more than a week ago is not kept, even reported now.
    await log.remember(failure({ workloadId: 'stale', at: T0 - DAY }));
    expect((await log.recent('c1', 'dgx-07', 0)).map((f) => f.workloadId)).toEqual(['new']);
  });

  it('keeps the same node name in two clusters apart', async () => {
    const log = createMemoryNodeFailureLog({ now: () => new Date(T0) });
    await log.remember(failure({ clusterId: 'c1', workloadId: 'a' }));
    await log.remember(failure({ clusterId: 'c2', workloadId: 'b' }));
    expect((await log.recent('c2', 'dgx-07', 0)).map((f) => f.workloadId)).toEqual(['b']);
    expect(await log.claimNotice('c1', 'dgx-07', T0, DAY)).toBe('claimed');
    expect(await log.claimNotice('c2', 'dgx-07', T0, DAY)).toBe('claimed');
  });
});

describe('DynamoDB node failure log', () => {
  function fakeClient(items: Record<string, { S?: string; N?: string }>[]) {
    const inputs: Record<string, unknown>[] = [];
    const client = {
      send: async (command: { input: Record<string, unknown> }) => {
        inputs.push(command.input);
        return { Items: items };
      },
    } as unknown as DynamoDBClient;
    return { client, inputs };
  }
  const item = (f: NodeFailure, expiresAtSeconds: number) => ({
    pk: { S: 'node#c1/dgx-07' },
    sk: { S: `failure#${f.workloadId}` },
    at: { N: String(f.at) },
    failure: { S: JSON.stringify(f) },
    expiresAt: { N: String(expiresAtSeconds) },
  });

  it('never reads back an expired item that TTL has not deleted yet', async () => {
    const now = T0 + 8 * DAY;
    const live = failure({ workloadId: 'live', at: now - DAY });
    const expired = failure({ workloadId: 'expired', at: T0 });
    const { client, inputs } = fakeClient([item(live, Math.floor(live.at / 1000) + 7 * 86_400), item(expired, Math.floor(expired.at / 1000) + 7 * 86_400)]);
    const log = createDynamoNodeFailureLog({ client, tableName: 'nodes', now: () => new Date(now) });
    expect((await log.recent('c1', 'dgx-07', 0)).map((f) => f.workloadId)).toEqual(['live']);
    expect(inputs[0]).toMatchObject({
      FilterExpression: expect.stringContaining('expiresAt > :now'),
      ExpressionAttributeValues: expect.objectContaining({ ':now': { N: String(Math.floor(now / 1000)) } }),
    });
  });

  it('keys a node by its cluster, unambiguously', async () => {
    const { client, inputs } = fakeClient([]);
    const log = createDynamoNodeFailureLog({ client, tableName: 'nodes', now: () => new Date(T0) });
    await log.recent('c1/a', 'b', 0);
    await log.recent('c1', 'a/b', 0);
    const keys = inputs.map((input) => (input.ExpressionAttributeValues as Record<string, { S?: string }>)[':pk']!.S);
    expect(new Set(keys).size).toBe(2);
    await log.recent('5a5a0de0-0000-4000-8000-000000000001', 'dgx-07', 0);
    expect((inputs[2]!.ExpressionAttributeValues as Record<string, { S?: string }>)[':pk']!.S).toBe('node#5a5a0de0-0000-4000-8000-000000000001/dgx-07');
  });
});
