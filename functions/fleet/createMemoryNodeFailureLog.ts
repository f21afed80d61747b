/**
 * The node failure log in memory (local mode, tests): the same contract as DynamoDB's, kept for
 * the life of the process, with expiry applied on read.
 */
import type { NodeFailure } from '../diagnosis/model/NodeFailure.js';
import { NODE_FAILURE_TTL_SECONDS, type NodeFailureLog } from './NodeFailureLog.js';

export function createMemoryNodeFailureLog(options: { now: () => Date }): NodeFailureLog {
  const failures = new Map<string, Map<string, NodeFailure>>();
  const notices = new Map<string, number>();
  const nodeKey = (clusterId: string, node: string) => JSON.stringify([clusterId, node]);
  const alive = (failure: NodeFailure) => failure.at + NODE_FAILURE_TTL_SECONDS * 1000 > options.now().getTime();

  return {
    async remember(failure) {
      const key = nodeKey(failure.clusterId, failure.node);
      const byWorkload = failures.get(key) ?? new Map<string, NodeFailure>();
      byWorkload.set(failure.workloadId, { ...failure });
      failures.set(key, byWorkload);
    },
    async recent(clusterId, node, sinceMs) {
      const byWorkload = failures.get(nodeKey(clusterId, node));
      return byWorkload ? [...byWorkload.values()].filter((failure) => failure.at >= sinceMs && alive(failure)).map((failure) => ({ ...failure })) : [];
    },
    async claimNotice(clusterId, node, atMs, windowMs) {
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
