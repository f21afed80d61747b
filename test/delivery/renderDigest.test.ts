import { describe, expect, it } from 'vitest';
import type { Category, Verdict } from '../../functions/core/verdict.js';
import { extractNodes } from '../../functions/delivery/extractNodes.js';
import { digestSubject, renderDigest, splitDigestEntries, type DigestEntry } from '../../functions/delivery/renderDigest.js';
import { SNS_MAX_PAYLOAD_BYTES, snsPayloadBytes, type SnsJsonMessage } from '../../functions/delivery/SnsNotification.js';
import { makeVerdict } from './verdictFixture.js';

describe('extractNodes', () => {
  it('finds node names in evidence without mistaking words for nodes', () => {
    const verdict = makeVerdict({
      evidence: [
        { text: 'Pod p-0 on node gpu-node-7 has k8sPhase OOMKilled', source: 'get_workload_pods' },
        { text: 'NodeNotReady: Node ip-10-0-1-23.ec2.internal status is now: NodeNotReady', source: 'get_workload_history' },
        { text: 'nodeName: worker', source: 'kubectl describe pod' },
        { text: 'node failure suspected; the node is unreachable', source: 'get_workload_history' },
      ],
    });
    expect(extractNodes(verdict)).toEqual(['gpu-node-7', 'ip-10-0-1-23.ec2.internal', 'worker']);
  });
});

function entry(i: number, category: Category, options: { recurring?: boolean; node?: string; cluster?: string } = {}): DigestEntry {
  const verdict: Verdict = makeVerdict({
    category,
    workload: {
      id: `wl-${i}`,
      name: `job-${i}`,
      project: i % 2 ? 'ml-team' : 'vision',
      clusterId: options.cluster ?? 'cluster-a',
      phase: 'Failed',
      type: 'training',
    },
    evidence: options.node ? [{ text: `Pod job-${i}-0 on node ${options.node} evicted`, source: 'get_workload_pods' }] : [],
    recurrence: options.recurring ? { count: 3, lookbackDays: 7, recurring: true } : { count: 1, lookbackDays: 7, recurring: false },
    message: `job-${i} failed with ${category}.`,
  });
  return { key: `cluster-a#wl-${i}#2025-01-01T00:00:0${i % 10}Z`, verdict };
}

describe('renderDigest', () => {
  const stormEntries = [
    ...Array.from({ length: 12 }, (_, i) => entry(i, 'NODE_FAILURE', { node: i < 9 ? 'gpu-node-1' : 'gpu-node-2' })),
    ...Array.from({ length: 20 }, (_, i) => entry(100 + i, 'OOM_KILLED', { recurring: i < 2 })),
    ...Array.from({ length: 8 }, (_, i) => entry(200 + i, 'CRASH_APP_ERROR')),
  ];

  it('has a subject with the total, the cluster and the counts per category', () => {
    const notification = renderDigest('cluster-a', stormEntries, { digestThreshold: 5 });
    expect(notification.Subject).toBe('[DIGEST] 40 failures on cluster cluster-a (20 OOM_KILLED, 12 NODE_FAILURE, 8 CRASH_APP_ERROR)');
  });

  it('keeps the subject under 100 chars by eliding counts', () => {
    const uuid = '3f2c5a4e-9b1d-4c7e-8f00-1234567890ab';
    const subject = digestSubject(
      uuid,
      [
        ['NODE_FAILURE', 12],
        ['OOM_KILLED', 20],
        ['CRASH_APP_ERROR', 8],
        ['IMAGE_PULL_FAILED', 3],
      ],
      43,
    );
    expect(subject.length).toBeLessThanOrEqual(99);
    expect(subject).toMatch(/^\[DIGEST\] 43 failures on cluster 3f2c5a4e-9b1d-4c7e-8f00-1234567890ab \(12 NODE_FAILURE, .*\.\.\.\)$/);
  });

  it('lists counts, nodes involved and every workload, recurring first', () => {
    const notification = renderDigest('cluster-a', stormEntries, { digestThreshold: 5 });
    const message = JSON.parse(notification.Message) as SnsJsonMessage;
    const text = message.default;
    expect(text).toContain('Counts: 20 OOM_KILLED, 12 NODE_FAILURE, 8 CRASH_APP_ERROR');
    expect(text).toContain('Recurring: 2 of 40');
    expect(text).toContain('Nodes involved: gpu-node-1 (9), gpu-node-2 (3)');
    const lines = text.split('\n').filter((line) => line.startsWith('- '));
    expect(lines).toHaveLength(40);
    expect(lines[0]).toMatch(/^- \[OOM_KILLED\] job-10[01] \((ml-team|vision)\) recurring 3x\/7d - id wl-10[01] - /);
    expect(lines[1]).toContain('recurring 3x/7d');
    expect(lines.slice(2).some((line) => line.includes('recurring'))).toBe(false);
    expect(text).toContain('runai-diagnose --cluster-id cluster-a --workload-id <id>');
  });

  it('gives pagers every verdict with its ids, category and recurrence, and filterable attributes', () => {
    const notification = renderDigest('cluster-a', stormEntries);
    const digest = JSON.parse((JSON.parse(notification.Message) as SnsJsonMessage).sqs);
    expect(digest).toMatchObject({ kind: 'digest', clusterId: 'cluster-a', total: 40, recurring: 2, listed: 40, omitted: 0, truncated: false });
    expect(digest.counts).toEqual({ OOM_KILLED: 20, NODE_FAILURE: 12, CRASH_APP_ERROR: 8 });
    expect(digest.verdicts).toHaveLength(40);
    expect(digest.verdicts[0]).toMatchObject({ outcome: 'diagnosed', category: 'OOM_KILLED', recurring: true, recurrenceCount: 3 });
    expect(new Set(digest.verdicts.map((v: { key: string }) => v.key)).size).toBe(40);
    expect(notification.MessageAttributes.kind).toEqual({ DataType: 'String', StringValue: 'digest' });
    expect(notification.MessageAttributes.recurring).toEqual({ DataType: 'String', StringValue: 'true' });
    expect(notification.MessageAttributes.clusterId).toEqual({ DataType: 'String', StringValue: 'cluster-a' });
    expect(notification.MessageAttributes.category?.DataType).toBe('String.Array');
    expect(JSON.parse(notification.MessageAttributes.category!.StringValue).sort()).toEqual(['CRASH_APP_ERROR', 'NODE_FAILURE', 'OOM_KILLED']);
    expect(JSON.parse(notification.MessageAttributes.project!.StringValue).sort()).toEqual(['ml-team', 'vision']);
  });

  it('keeps the counts and cuts the list with a marker when it would exceed 256 KiB', () => {
    const huge = Array.from({ length: 3000 }, (_, i) => {
      const base = entry(i, i % 3 ? 'OOM_KILLED' : 'NODE_FAILURE');
      return { ...base, verdict: { ...base.verdict, message: `${'é'.repeat(250)} ${i}` } };
    });
    const notification = renderDigest('cluster-a', huge);
    expect(snsPayloadBytes(notification)).toBeLessThanOrEqual(SNS_MAX_PAYLOAD_BYTES);
    const message = JSON.parse(notification.Message) as SnsJsonMessage;
    const digest = JSON.parse(message.sqs);
    expect(digest.total).toBe(3000);
    expect(digest.counts).toEqual({ OOM_KILLED: 2000, NODE_FAILURE: 1000 });
    expect(digest.truncated).toBe(true);
    expect(digest.listed + digest.omitted).toBe(3000);
    expect(digest.verdicts).toHaveLength(digest.listed);
    expect(digest.listed).toBeGreaterThan(50);
    expect(message.default).toContain(`[truncated: ${digest.omitted} workloads omitted from this digest]`);
    expect(message.default).toContain('Counts: 2000 OOM_KILLED, 1000 NODE_FAILURE');
  });
});

describe('splitDigestEntries', () => {
  const listedIn = (entries: DigestEntry[]) =>
    JSON.parse((JSON.parse(renderDigest('cluster-a', entries).Message) as SnsJsonMessage).sqs) as { listed: number; omitted: number };

  it('keeps a storm that fits in one digest', () => {
    const entries = Array.from({ length: 40 }, (_, i) => entry(i, 'OOM_KILLED'));
    expect(splitDigestEntries('cluster-a', entries).map((part) => part.length)).toEqual([40]);
  });

  it('splits a storm too large for one message into digests that each list every one of their workloads, none lost or repeated', () => {
    const entries = Array.from({ length: 600 }, (_, i) => entry(i, i % 3 ? 'OOM_KILLED' : 'NODE_FAILURE', { recurring: i % 7 === 0 }));
    // One digest cannot list them all (the case splitting exists for).
    expect(listedIn(entries).omitted).toBeGreaterThan(0);
    const parts = splitDigestEntries('cluster-a', entries);
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) expect(listedIn(part)).toMatchObject({ listed: part.length, omitted: 0 });
    const keys = parts.flat().map((item) => item.key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(new Set(keys)).toEqual(new Set(entries.map((item) => item.key)));
    // The same storm splits the same way (a redelivered flush claims the same part keys).
    expect(splitDigestEntries('cluster-a', [...entries].reverse()).map((part) => part.map((item) => item.key))).toEqual(
      parts.map((part) => part.map((item) => item.key)),
    );
  });
});
