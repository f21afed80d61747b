/**
 * An in-memory OperationsMetrics: what tests (and local mode) read instead of EMF lines.
 */
import type { Breakdown, MetricName, OperationsMetrics } from './OperationsMetrics.js';

export interface RecordedMetric {
  name: MetricName;
  value: number;
  unit: 'Count' | 'Milliseconds';
  breakdown: Breakdown;
}

export interface MemoryMetrics extends OperationsMetrics {
  readonly recorded: RecordedMetric[];
  /** The sum of a metric's values, over every breakdown, or over those matching `breakdown`. */
  total(name: MetricName, breakdown?: Breakdown): number;
  readonly flushes: number;
}

export function createMemoryMetrics(): MemoryMetrics {
  const recorded: RecordedMetric[] = [];
  let flushes = 0;
  const matches = (metric: RecordedMetric, breakdown: Breakdown) =>
    Object.entries(breakdown).every(([dimension, value]) => metric.breakdown[dimension] === value);
  return {
    recorded,
    count(name, value = 1, breakdown = {}) {
      recorded.push({ name, value, unit: 'Count', breakdown: { ...breakdown } });
    },
    milliseconds(name, value) {
      recorded.push({ name, value, unit: 'Milliseconds', breakdown: {} });
    },
    flush() {
      flushes += 1;
    },
    total(name, breakdown = {}) {
      return recorded.filter((metric) => metric.name === name && matches(metric, breakdown)).reduce((sum, metric) => sum + metric.value, 0);
    },
    get flushes() {
      return flushes;
    },
  };
}
