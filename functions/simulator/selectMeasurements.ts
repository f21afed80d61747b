/**
 * `GET /api/v1/workloads/{id}/metrics`: `metricType` (comma-separated, `explode: false`,
 * also accepted repeated), required `start`/`end`. Only the requested series are returned
 * and values outside [start, end] are dropped, so a client that asks for the wrong window
 * sees the same empty series a real cluster would give it.
 */
import { parseLenientTimestamp } from './parseLenientTimestamp.js';
import { SimulatorHttpError } from './SimulatorHttpError.js';
import type { SimulatorState } from './buildSimulatorState.js';

/** The OpenAPI `WorkloadMetricType` enum: an unknown type is a 400 on the real server too. */
export const WORKLOAD_METRIC_TYPES: ReadonlySet<string> = new Set([
  'GPU_UTILIZATION',
  'GPU_MEMORY_USAGE_BYTES',
  'GPU_MEMORY_REQUEST_BYTES',
  'CPU_USAGE_CORES',
  'CPU_REQUEST_CORES',
  'CPU_LIMIT_CORES',
  'CPU_MEMORY_USAGE_BYTES',
  'CPU_MEMORY_REQUEST_BYTES',
  'CPU_MEMORY_LIMIT_BYTES',
  'POD_COUNT',
  'RUNNING_POD_COUNT',
  'GPU_ALLOCATION',
  'NIM_NUM_REQUESTS_RUNNING',
  'NIM_NUM_REQUESTS_WAITING',
  'NIM_NUM_REQUEST_MAX',
  'NIM_REQUEST_SUCCESS_TOTAL',
  'NIM_REQUEST_FAILURE_TOTAL',
  'NIM_GPU_CACHE_USAGE_PERC',
  'NIM_TIME_TO_FIRST_TOKEN_SECONDS',
  'NIM_E2E_REQUEST_LATENCY_SECONDS',
  'NIM_TIME_TO_FIRST_TOKEN_SECONDS_PERCENTILES',
  'NIM_E2E_REQUEST_LATENCY_SECONDS_PERCENTILES',
  'NVLINK_BANDWIDTH_TOTAL',
]);

type MeasurementRecord = NonNullable<ReturnType<SimulatorState['metrics']['get']>>[number];

export function selectMeasurements(series: readonly MeasurementRecord[], query: URLSearchParams): { measurements: MeasurementRecord[] } {
  const types = query
    .getAll('metricType')
    .flatMap((value) => value.split(','))
    .map((value) => value.trim())
    .filter((value) => value.length > 0);
  if (types.length === 0) throw new SimulatorHttpError(400, 'metricType is required');
  const unknown = types.find((type) => !WORKLOAD_METRIC_TYPES.has(type));
  if (unknown) throw new SimulatorHttpError(400, `unknown metricType "${unknown}"`);
  const start = requiredTimestamp(query, 'start');
  const end = requiredTimestamp(query, 'end');
  if (start > end) throw new SimulatorHttpError(400, 'start must not be after end');
  const samples = query.get('numberOfSamples');
  if (samples !== null && !(/^\d+$/.test(samples) && Number(samples) <= 1000)) {
    throw new SimulatorHttpError(400, `numberOfSamples must be an integer between 0 and 1000, got "${samples}"`);
  }
  const measurements = series
    .filter((measurement) => types.includes(measurement.type))
    .map((measurement) => ({
      ...measurement,
      // A value whose timestamp is absent or unreadable cannot be placed outside the
      // window, so it is kept; a null `values` stays null (the schema allows it).
      values: measurement.values
        ? measurement.values.filter((point) => {
            const at = parseLenientTimestamp(point.timestamp);
            return Number.isNaN(at) || (at >= start && at <= end);
          })
        : measurement.values,
    }));
  return { measurements };
}

function requiredTimestamp(query: URLSearchParams, name: string): number {
  const raw = query.get(name);
  if (raw === null || raw === '') throw new SimulatorHttpError(400, `${name} is required`);
  const value = parseLenientTimestamp(raw);
  if (Number.isNaN(value)) throw new SimulatorHttpError(400, `${name} is not an ISO 8601 timestamp: "${raw}"`);
  return value;
}
