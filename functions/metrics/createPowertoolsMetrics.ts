/**
 * OperationsMetrics written by Powertools Metrics as CloudWatch embedded metric format
 * (EMF) log lines: no API call, CloudWatch extracts the metrics from the function's logs.
 * Totals are stored and flushed together; a breakdown is a single metric with its own
 * dimensions, written at once (EMF dimensions apply to a whole log line).
 */
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { METRICS_NAMESPACE } from '../config/lambdaEnvironment.js';
import type { OperationsMetrics } from './OperationsMetrics.js';

/** `powertools`: the Lambda kit's instance (built on first use), or a new one in the one namespace. */
export function createPowertoolsMetrics(serviceName: string, powertools: () => Metrics = lazyMetrics(serviceName)): OperationsMetrics {
  return {
    count(name, value = 1, breakdown) {
      const metrics = powertools();
      metrics.addMetric(name, MetricUnit.Count, value);
      if (!breakdown || Object.keys(breakdown).length === 0) return;
      const single = metrics.singleMetric();
      for (const [dimension, dimensionValue] of Object.entries(breakdown)) single.addDimension(dimension, dimensionValue);
      single.addMetric(name, MetricUnit.Count, value);
    },
    milliseconds(name, value) {
      powertools().addMetric(name, MetricUnit.Milliseconds, value);
    },
    flush() {
      const metrics = powertools();
      if (metrics.hasStoredMetrics()) metrics.publishStoredMetrics();
    },
  };
}

function lazyMetrics(serviceName: string): () => Metrics {
  let metrics: Metrics | undefined;
  return () => (metrics ??= new Metrics({ namespace: METRICS_NAMESPACE, serviceName }));
}
