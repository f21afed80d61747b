/**
 * Logs and metrics of one Lambda, the same way for every handler: a Powertools Logger
 * (JSON, level-filtered, with the request id) and Metrics (EMF) in the one namespace the
 * alarms and dashboards read. Built on first use, not at module load, so an import costs
 * nothing and a test can load a handler without Powertools writing anything.
 */
import { Logger } from '@aws-lambda-powertools/logger';
import { Metrics } from '@aws-lambda-powertools/metrics';
import type { Context } from 'aws-lambda';
import { countRunaiRequest } from '../metrics/countRunaiRequest.js';
import { createPowertoolsMetrics } from '../metrics/createPowertoolsMetrics.js';
import type { OperationsMetrics } from '../metrics/OperationsMetrics.js';
import type { RunaiRequestInfo } from '../runai/RunaiClientConfig.js';

import { METRICS_NAMESPACE } from '../config/lambdaEnvironment.js';

/** The small logging port our code writes to (the intake, worker and poller loggers have this shape). */
export interface LambdaLogPort {
  info(event: string, fields?: Record<string, unknown>): void;
  warn(event: string, fields?: Record<string, unknown>): void;
  error(event: string, fields?: Record<string, unknown>): void;
}

export interface LambdaTelemetry {
  /** The Powertools Logger and Metrics, built on the first call. */
  observe(): { logger: Logger; metrics: Metrics };
  /** Our logging port, written by the Powertools Logger. */
  log: LambdaLogPort;
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
  let built: { logger: Logger; metrics: Metrics } | undefined;
  const observe = () => (built ??= { logger: new Logger({ serviceName }), metrics: new Metrics({ namespace: METRICS_NAMESPACE, serviceName }) });
  const metrics = createPowertoolsMetrics(serviceName, () => observe().metrics);
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
