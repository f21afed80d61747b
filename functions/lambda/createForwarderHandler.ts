/**
 * The Lambda entry of a notification forwarder (PagerDuty, chat): SQS records from the
 * verdict topic → `forward`. Its dependencies are built on the first invocation, not at
 * import, so a bad variable fails the invocation with its name (counted as a configuration
 * failure) and init stays cheap; every batch counts what it forwarded and each failure's code.
 */
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { countForwardedBatch } from '../delivery/countForwardedBatch.js';
import type { ForwardBatchResult } from '../delivery/forwardNotificationBatch.js';
import { createPowertoolsMetrics } from '../metrics/createPowertoolsMetrics.js';
import type { OperationsMetrics } from '../metrics/OperationsMetrics.js';

/**
 * Time kept back from the function timeout: the forwarder stops sending this long before the
 * Lambda would be killed, so it can still report which records failed (a killed invocation
 * retries the whole batch, including what it had already forwarded).
 */
export const FORWARDER_DEADLINE_MARGIN_MS = 5_000;

export function createForwarderHandler<Deps>(
  service: string,
  createDeps: () => Deps,
  forward: (records: SQSRecord[], deps: Deps, deadlineAt?: number) => Promise<ForwardBatchResult>,
): (event: SQSEvent, context?: Pick<Context, 'getRemainingTimeInMillis'>) => Promise<SQSBatchResponse> {
  let deps: Deps | undefined;
  let metrics: OperationsMetrics | undefined;
  return async (event, context) => {
    const remainingMs = context?.getRemainingTimeInMillis();
    const deadlineAt = remainingMs === undefined ? undefined : Date.now() + remainingMs - FORWARDER_DEADLINE_MARGIN_MS;
    metrics ??= createPowertoolsMetrics(service);
    try {
      deps ??= createDeps();
    } catch (error) {
      metrics.count('ConfigurationFailures');
      metrics.flush();
      throw error;
    }
    const result = await forward(event.Records, deps, deadlineAt);
    countForwardedBatch(result, metrics);
    metrics.flush();
    return { batchItemFailures: result.batchItemFailures };
  };
}
