/**
 * Logs and metrics of one Lambda, the same way for all five handlers: our LogPort written by
 * the Powertools Logger (JSON, level-filtered, with the request id) and OperationsMetrics
 * written by Powertools Metrics (EMF) in the one namespace the alarms and dashboards read —
 * both the shared instances of powertools.ts, built on first use, not at module load, so an
 * import costs nothing and a test can load a handler without Powertools writing anything.
 */
import type { Logger } from '@aws-lambda-powertools/logger';
import type { Metrics } from '@aws-lambda-powertools/metrics';
import type { Context } from 'aws-lambda';
import type { LogPort } from '../core/LogPort.js';
import { countRunaiRequest } from '../metrics/countRunaiRequest.js';
import { createPowertoolsMetrics } from '../metrics/createPowertoolsMetrics.js';
import type { OperationsMetrics } from '../metrics/OperationsMetrics.js';
import type { RunaiRequestInfo } from '../runai/RunaiClientConfig.js';
import { powertoolsFor } from './powertools.js';

export interface LambdaTelemetry {
  /** The Powertools Logger and Metrics, built on the first call. */
  observe(): { logger: Logger; metrics: Metrics };
  /** Our logging port, written by the Powertools Logger. */
  log: LogPort;
  /** Our metrics port (OperationsMetrics), written by the same Powertools Metrics. */
  metrics: OperationsMetrics;
  /** At the start of an invocation: the request id in every log line, the cold-start metric. */
  startInvocation(context?: Context): void;
  /** Every Run:ai exchange, and its error per code: a rising error count is Run:ai trouble, not ours. */
  countRunaiRequest(info: RunaiRequestInfo): void;
  /** At the end of an invocation: flush what was counted (EMF lines on stdout). */
  flush(): void;
}

export function createLambdaTelemetry(serviceName: string): LambdaTelemetry {
  const observe = () => powertoolsFor(serviceName);
  const metrics = createPowertoolsMetrics(() => observe().metrics);
  const countRunai = countRunaiRequest(metrics);
  return {
    observe,
    metrics,
    log: {
      info: (event, fields) => observe().logger.info(event, fields ?? {}),
      warn: (event, fields) => observe().logger.warn(event, fields ?? {}),
      error: (event, fields) => observe().logger.error(event, fields ?? {}),
    },
    startInvocation(context) {
      const { logger, metrics } = observe();
      if (context) logger.addContext(context);
      metrics.captureColdStartMetric();
    },
    countRunaiRequest(info) {
      countRunai(info);
    },
    flush() {
      metrics.flush();
    },
  };
}
