/**
 * Step 4's memory reading: the CPU memory request and limit (from the submitted spec,
 * else the pods, else the workload's requested resources, else the metrics' limit
 * series) and the observed peak (from the usage series only). A request, limit or
 * allocation is never presented as a peak. Pure.
 */
import { parseQuantity } from '../../core/parseQuantity.js';
import type { MetricsResult } from '../ports/RunaiReader.js';
import type { Pod, WorkloadDetailed } from '../ports/RunaiSchemas.js';
import type { Located, SubmittedSpec } from './readSubmittedSpec.js';
import type { Fact } from '../model/Fact.js';
import type { SourceName } from '../model/Signal.js';
import { describeMemoryShape, type MemoryShape } from '../signals/memory/describeMemoryShape.js';

export interface MemoryReading {
  requestBytes: number | null;
  limitBytes: number | null;
  peakBytes: number | null;
  /** Usage samples seen (0 = an empty series: no peak observed). Null when metrics were not read. */
  samples: number | null;
  /** The curve's shape (steady climb, sudden step, plateau at the limit), from the series holding the peak; null when too few samples. */
  shape: MemoryShape | null;
  facts: { fact: Fact; source: SourceName }[];
}

type QuantityPair = { request: number | null; limit: number | null };

function fromSpec(spec: SubmittedSpec | null): (QuantityPair & { part: Located<unknown>['part'] }) | null {
  const memory = spec?.memory;
  return memory ? { request: memory.value.requestBytes, limit: memory.value.limitBytes, part: memory.part } : null;
}

function fromPods(pods: readonly Pod[] | null): QuantityPair | null {
  for (const pod of pods ?? []) {
    const memory = pod.requestedResources?.cpuMemory;
    const pair = { request: parseQuantity(memory?.request), limit: parseQuantity(memory?.limit) };
    if (pair.request !== null || pair.limit !== null) return pair;
  }
  return null;
}

function fromStatus(status: WorkloadDetailed): QuantityPair | null {
  for (const resources of [status.podsRequestedResources, status.workloadRequestedResources]) {
    const pair = { request: parseQuantity(resources?.cpuMemory?.request), limit: parseQuantity(resources?.cpuMemory?.limit) };
    if (pair.request !== null || pair.limit !== null) return pair;
  }
  return null;
}

function seriesValues(metrics: MetricsResult, type: string): number[] {
  return metrics.response.measurements
    .filter((measurement) => measurement.type === type)
    .flatMap((measurement) => measurement.values ?? [])
    .map((sample) => sampleBytes(sample.value))
    .filter((value): value is number => value !== null);
}

// A plain non-negative decimal: `Number()` would read "" and " " as 0, and accept "0x10".
// (`\d+(?:\.\d*)?`, not `\d+\.?\d*`: the same numbers, but the latter split a long run of digits
// every way before failing on a trailing letter, quadratic on a hostile sample value.)
const DECIMAL = /^\+?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/**
 * One metric sample in bytes, or null when the value is no sample: the API types `value` as
 * a string, and a blank, negative, non-finite or non-numeric one is not a measurement.
 */
function sampleBytes(value: string | number): number | null {
  const text = typeof value === 'number' ? String(value) : value.trim();
  if (!DECIMAL.test(text)) return null;
  const bytes = Number(text);
  return Number.isFinite(bytes) && bytes >= 0 ? bytes : null;
}

export function readMemory(input: {
  status: WorkloadDetailed;
  /** The submitted spec as read for the workload's kind (readSubmittedSpec). */
  spec: SubmittedSpec | null;
  pods: readonly Pod[] | null;
  metrics: MetricsResult | null;
  /**
   * The pod a multi-pod failure started in (§4.8 origin): its own limit is the ceiling it hit, so
   * it comes before the spec's largest part (a Ray head's limit is not its workers').
   */
  originPod?: string | null;
  /** The spec part the origin runs (its role by name), when its pod carries no limit of its own. */
  originPart?: string | null;
}): MemoryReading {
  const facts: MemoryReading['facts'] = [];
  let pair: QuantityPair = { request: null, limit: null };
  const originPair = fromPods((input.pods ?? []).filter((pod) => pod.name === input.originPod));
  const originSpec = input.spec?.memoryParts.find((part) => part.part !== null && part.part === input.originPart) ?? null;
  const specPair =
    originPair ?? (originSpec ? { request: originSpec.value.requestBytes, limit: originSpec.value.limitBytes, part: originSpec.part } : fromSpec(input.spec));
  const podPair = fromPods(input.pods);
  const statusPair = fromStatus(input.status);
  if (specPair) {
    pair = specPair;
    // One line per part of a multi-part spec (a distributed inference's leader and worker can differ).
    for (const { value, part } of input.spec?.memoryParts ?? []) {
      const fact: Fact = { type: 'spec-memory', requestBytes: value.requestBytes, limitBytes: value.limitBytes, ...(part ? { part } : {}) };
      facts.push({ fact, source: 'get_workload_spec' });
    }
  }
  if (podPair) {
    pair = { request: pair.request ?? podPair.request, limit: pair.limit ?? podPair.limit };
    if (!specPair) facts.push({ fact: { type: 'spec-memory', requestBytes: podPair.request, limitBytes: podPair.limit }, source: 'get_workload_pods' });
  }
  if (statusPair && !specPair && !podPair) {
    pair = statusPair;
    facts.push({ fact: { type: 'spec-memory', requestBytes: statusPair.request, limitBytes: statusPair.limit }, source: 'get_workload_status' });
  }

  let peakBytes: number | null = null;
  let samples: number | null = null;
  let shape: MemoryShape | null = null;
  if (input.metrics) {
    const usage = seriesValues(input.metrics, 'CPU_MEMORY_USAGE_BYTES');
    samples = usage.length;
    if (pair.limit === null) pair.limit = lastOrNull(seriesValues(input.metrics, 'CPU_MEMORY_LIMIT_BYTES'));
    if (pair.request === null) pair.request = lastOrNull(seriesValues(input.metrics, 'CPU_MEMORY_REQUEST_BYTES'));
    if (usage.length > 0) {
      peakBytes = usage.reduce((max, value) => (value > max ? value : max), 0);
      facts.push({ fact: { type: 'metrics-peak', peakBytes, limitBytes: pair.limit, samples: usage.length }, source: 'get_workload_metrics' });
      shape = describeMemoryShape(peakSeries(input.metrics, peakBytes), pair.limit);
      if (shape) facts.push({ fact: { type: 'memory-shape', ...shape }, source: 'get_workload_metrics' });
    } else {
      facts.push({ fact: { type: 'metrics-empty' }, source: 'get_workload_metrics' });
    }
  }
  return { requestBytes: pair.request, limitBytes: pair.limit, peakBytes, samples, shape, facts };
}

/** One pod's usage series in time order — the one that reached the peak (several pods' series are never spliced into one curve). */
function peakSeries(metrics: MetricsResult, peakBytes: number): number[] {
  for (const measurement of metrics.response.measurements) {
    if (measurement.type !== 'CPU_MEMORY_USAGE_BYTES') continue;
    const values = (measurement.values ?? [])
      .map((sample) => ({ bytes: sampleBytes(sample.value), at: sample.timestamp ? Date.parse(sample.timestamp) : Number.NaN }))
      .filter((sample): sample is { bytes: number; at: number } => sample.bytes !== null);
    if (!values.some((sample) => sample.bytes === peakBytes)) continue;
    const timed = values.every((sample) => Number.isFinite(sample.at));
    return (timed ? [...values].sort((a, b) => a.at - b.at) : values).map((sample) => sample.bytes);
  }
  return [];
}

function lastOrNull(values: readonly number[]): number | null {
  return values.length > 0 ? (values[values.length - 1] ?? null) : null;
}
