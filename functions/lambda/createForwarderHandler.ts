/**
 * The Lambda entry of a notification forwarder (PagerDuty, chat): SQS records from the
 * verdict topic → `forward`. Its dependencies are built on the first invocation, not at
 * import, so a bad variable fails the invocation with its name (counted as a configuration
 * failure) and init stays cheap; every batch counts what it forwarded and each failure's code.
 * Logs and metrics go through the same Lambda kit as the other handlers (lambdaTelemetry.ts:
 * the shared Powertools instances, the request id on every line, the cold-start metric).
 */
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { countForwardedBatch } from '../delivery/countForwardedBatch.js';
import type { ForwardBatchResult } from '../delivery/forwardNotificationBatch.js';
import type { LogPort } from '../core/LogPort.js';
import { createLambdaTelemetry } from './lambdaTelemetry.js';

/**
 * Time kept back from the function timeout: the forwarder stops sending this long before the
 * Lambda would be killed, so it can still report which records failed (a killed invocation
 * retries the whole batch, including what it had already forwarded).
 */
export const FORWARDER_DEADLINE_MARGIN_MS = 5_000;

export function createForwarderHandler<Deps>(
  service: string,
  /** Builds the dependencies on the first invocation; `log` is the Lambda's logging port. */
  createDeps: (log: LogPort) => Deps,
  forward: (records: SQSRecord[], deps: Deps, deadlineAt?: number) => Promise<ForwardBatchResult>,
): (event: SQSEvent, context?: Pick<Context, 'getRemainingTimeInMillis'>) => Promise<SQSBatchResponse> {
  const telemetry = createLambdaTelemetry(service);
  const { metrics } = telemetry;
  let deps: Deps | undefined;
  return async (event, context) => {
    // A real Lambda context carries the request id Powertools adds to every line (tests pass only the clock).
    telemetry.startInvocation(context && 'awsRequestId' in context ? (context as Context) : undefined);
    const remainingMs = context?.getRemainingTimeInMillis();
    const deadlineAt = remainingMs === undefined ? undefined : Date.now() + remainingMs - FORWARDER_DEADLINE_MARGIN_MS;
    try {
      deps ??= createDeps(telemetry.log);
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
