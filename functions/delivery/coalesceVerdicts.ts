/**
 * Storm protection. When a node dies, dozens of workloads on one cluster fail together and
 * each becomes a verdict. SNS suspends an email subscription that receives more than 10
 * messages per second, so one email per verdict in a storm would cut off every later
 * alert too. The SQS batching window of the worker is the coalescing window: within one
 * batch, a cluster with many verdicts gets one digest instead of one message each.
 */

/** SNS email deliveries above this rate get the subscription suspended. */
export const SNS_EMAIL_MAX_MESSAGES_PER_SECOND = 10;

/**
 * A cluster with at least this many verdicts in one batch gets a digest. 5 keeps a real
 * storm (a node taking down its pods) to one email while two or three unrelated
 * failures still get their full individual reports.
 */
export const DEFAULT_DIGEST_THRESHOLD = 5;

/**
 * At most this many notifications per batch: a batch is published within about a
 * second, so this keeps one worker invocation at or under the SNS email rate even when
 * a storm is spread over many clusters with fewer than `digestThreshold` verdicts each.
 * Clusters are then digested largest-first; a cluster never gets more than one digest,
 * so a batch spanning more than this many clusters still sends one message per cluster.
 */
export const DEFAULT_MAX_NOTIFICATIONS_PER_BATCH = SNS_EMAIL_MAX_MESSAGES_PER_SECOND;

export interface CoalesceOptions {
  /** Clamped to at least 2: a digest of one verdict would only hide its report. */
  digestThreshold?: number;
  maxNotificationsPerBatch?: number;
}

export type PlannedNotification<T> = { kind: 'single'; item: T } | { kind: 'digest'; clusterId: string; items: T[] };

export function coalesceVerdicts<T extends { clusterId: string }>(items: readonly T[], options: CoalesceOptions = {}): PlannedNotification<T>[] {
  const threshold = Math.max(2, Math.floor(options.digestThreshold ?? DEFAULT_DIGEST_THRESHOLD));
  const maxNotifications = Math.max(1, Math.floor(options.maxNotificationsPerBatch ?? DEFAULT_MAX_NOTIFICATIONS_PER_BATCH));

  const byCluster = new Map<string, T[]>(); // insertion order = first appearance in the batch
  for (const item of items) {
    const group = byCluster.get(item.clusterId);
    if (group) group.push(item);
    else byCluster.set(item.clusterId, [item]);
  }

  const digested = new Set<string>();
  let count = 0;
  for (const [clusterId, group] of byCluster) {
    if (group.length >= threshold) {
      digested.add(clusterId);
      count += 1;
    } else {
      count += group.length;
    }
  }
  const candidates = [...byCluster].filter(([id, group]) => !digested.has(id) && group.length >= 2);
  candidates.sort((a, b) => b[1].length - a[1].length);
  for (const [clusterId, group] of candidates) {
    if (count <= maxNotifications) break;
    digested.add(clusterId);
    count -= group.length - 1;
  }

  const planned: PlannedNotification<T>[] = [];
  for (const [clusterId, group] of byCluster) {
    if (digested.has(clusterId)) planned.push({ kind: 'digest', clusterId, items: group });
    else for (const item of group) planned.push({ kind: 'single', item });
  }
  return planned;
}
