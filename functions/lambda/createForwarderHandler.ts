/**
 * The Lambda entry of a notification forwarder (PagerDuty, chat): SQS records from the
 * verdict topic → `forward`. Its dependencies are built on the first invocation, not at
 * import, so a bad variable fails the invocation with its name (counted as a configuration
 * failure) and init stays cheap; every batch counts what it forwarded and each failure's code.
 */
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { countForwardedBatch } from '../delivery/countForwardedBatch.js';
import type { ForwardBatchResult } from '../delivery/forwardNotificationBatch.js';
import { createPowertoolsMetrics } from '../metrics/createPowertoolsMetrics.js';
import type { OperationsMetrics } from '../metrics/OperationsMetrics.js';

export function createForwarderHandler<Deps>(
  service: string,
  createDeps: () => Deps,
  forward: (records: SQSRecord[], deps: Deps) => Promise<ForwardBatchResult>,
): (event: SQSEvent) => Promise<SQSBatchResponse> {
  let deps: Deps | undefined;
  let metrics: OperationsMetrics | undefined;
  return async (event) => {
    metrics ??= createPowertoolsMetrics(service);
    try {
      deps ??= createDeps();
    } catch (error) {
      metrics.count('ConfigurationFailures');
      metrics.flush();
      throw error;
    }
    const result = await forward(event.Records, deps);
    countForwardedBatch(result, metrics);
    metrics.flush();
    return { batchItemFailures: result.batchItemFailures };
  };
}
