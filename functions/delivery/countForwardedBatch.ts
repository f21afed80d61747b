/**
 * A forwarder batch's counts: notifications forwarded, and failures per code (each failure
 * goes back to the queue and, after maxReceiveCount, to the forwarder's dead-letter queue).
 */
import type { OperationsMetrics } from '../metrics/OperationsMetrics.js';
import type { ForwardBatchResult } from './forwardNotificationBatch.js';

export function countForwardedBatch(result: ForwardBatchResult, metrics: OperationsMetrics): void {
  const forwarded = result.records.filter((record) => record.outcome === 'forwarded').length;
  if (forwarded > 0) metrics.count('NotificationsForwarded', forwarded);
  for (const record of result.records) if (record.outcome === 'failed') metrics.count('ForwarderFailures', 1, { code: record.code ?? 'UNKNOWN' });
}
