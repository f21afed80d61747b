/**
 * The node failure log in memory (local mode, tests): the same contract as DynamoDB's, kept for
 * the life of the process. Like the table's TTL, a failure lives 7 days after it happened and a
 * notice 7 days after its claim; unlike DynamoDB's lazy TTL deletion, what has expired is
 * evicted on every write (a long-running local server does not grow without bound) and never
 * read back.
 */
import type { NodeFailure } from '../diagnosis/model/NodeFailure.js';
import { NODE_FAILURE_TTL_SECONDS, type NodeFailureLog } from './NodeFailureLog.js';

const TTL_MS = NODE_FAILURE_TTL_SECONDS * 1000;

export function createMemoryNodeFailureLog(options: { now: () => Date }): NodeFailureLog {
  const failures = new Map<string, Map<string, NodeFailure>>();
  const notices = new Map<string, number>();
  const nodeKey = (clusterId: string, node: string) => JSON.stringify([clusterId, node]);
  const alive = (atMs: number) => atMs + TTL_MS > options.now().getTime();

  /** Drops every failure and notice older than the TTL. */
  const evict = () => {
    for (const [key, byWorkload] of failures) {
      for (const [workloadId, failure] of byWorkload) if (!alive(failure.at)) byWorkload.delete(workloadId);
      if (byWorkload.size === 0) failures.delete(key);
    }
    for (const [key, noticedAt] of notices) if (!alive(noticedAt)) notices.delete(key);
  };

  return {
    async remember(failure) {
      evict();
      if (!alive(failure.at)) return;
      const key = nodeKey(failure.clusterId, failure.node);
      const byWorkload = failures.get(key) ?? new Map<string, NodeFailure>();
      byWorkload.set(failure.workloadId, { ...failure });
      failures.set(key, byWorkload);
    },
    async recent(clusterId, node, sinceMs) {
      const byWorkload = failures.get(nodeKey(clusterId, node));
      return byWorkload ? [...byWorkload.values()].filter((failure) => failure.at >= sinceMs && alive(failure.at)).map((failure) => ({ ...failure })) : [];
    },
    async claimNotice(clusterId, node, atMs, windowMs) {
      evict();
      const key = nodeKey(clusterId, node);
      const last = notices.get(key);
      if (last !== undefined && last > atMs - windowMs) return 'taken';
      notices.set(key, atMs);
      return 'claimed';
    },
    async releaseNotice(clusterId, node, atMs) {
      const key = nodeKey(clusterId, node);
      if (notices.get(key) === atMs) notices.delete(key);
    },
  };
}
