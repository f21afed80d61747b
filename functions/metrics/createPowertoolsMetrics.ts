/**
 * OperationsMetrics written by Powertools Metrics as CloudWatch embedded metric format
 * (EMF) log lines: no API call, CloudWatch extracts the metrics from the function's logs.
 * Totals are stored and flushed together; a breakdown is a single metric with its own
 * dimensions, written at once (EMF dimensions apply to a whole log line).
 */
import { MetricUnit, type Metrics } from '@aws-lambda-powertools/metrics';
import type { OperationsMetrics } from './OperationsMetrics.js';

/** `powertools`: the Lambda's shared Metrics instance (functions/lambda/powertools.ts, built on first use). */
export function createPowertoolsMetrics(powertools: () => Metrics): OperationsMetrics {
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
