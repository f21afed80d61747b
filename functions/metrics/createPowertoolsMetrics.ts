/**
 * OperationsMetrics written by Powertools Metrics as CloudWatch embedded metric format
 * (EMF) log lines: no API call, CloudWatch extracts the metrics from the function's logs.
 * Totals are stored and flushed together; a breakdown is a single metric with its own
 * dimensions, written at once (EMF dimensions apply to a whole log line).
 */
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { METRICS_NAMESPACE } from './metricsNamespace.js';
import type { OperationsMetrics } from './OperationsMetrics.js';

export interface PowertoolsOperationsMetrics extends OperationsMetrics {
  /** The Powertools instance (cold-start metric, flushing). */
  readonly powertools: Metrics;
}

export function createPowertoolsMetrics(serviceName: string): PowertoolsOperationsMetrics {
  const powertools = new Metrics({ namespace: METRICS_NAMESPACE, serviceName });
  return {
    powertools,
    count(name, value = 1, breakdown) {
      powertools.addMetric(name, MetricUnit.Count, value);
      if (!breakdown || Object.keys(breakdown).length === 0) return;
      const single = powertools.singleMetric();
      for (const [dimension, dimensionValue] of Object.entries(breakdown)) single.addDimension(dimension, dimensionValue);
      single.addMetric(name, MetricUnit.Count, value);
    },
    milliseconds(name, value) {
      powertools.addMetric(name, MetricUnit.Milliseconds, value);
    },
    flush() {
      if (powertools.hasStoredMetrics()) powertools.publishStoredMetrics();
    },
  };
}
