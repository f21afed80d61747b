/**
 * The memory reading: a metric `value` is a string in the API (`MeasurementResponse.values[].value`),
 * so a blank or non-numeric one must not become a 0 B sample (`Number("") === 0`).
 */
import { describe, expect, it } from 'vitest';
import { buildDiagnosedVerdict } from '../../functions/diagnosis/verdict/buildDiagnosedVerdict.js';
import { analyseWorkload } from '../../functions/diagnosis/classify/analyseWorkload.js';
import { readMemory } from '../../functions/diagnosis/gather/readMemory.js';
import type { MetricsResult } from '../../functions/diagnosis/ports/RunaiReader.js';
import { messagesEn } from '../../functions/report/messagesEn.js';
import { ago, DAY, evidenceOf, GiB, NOW_MS, pod, podEvent, workloadStatus } from './workloadEvidenceKit.js';

const UNUSABLE = ['', ' ', 'NaN', '-1', 'abc', 'Infinity', '1e400', '0x10', '12 GiB'];

function usage(values: readonly (string | number)[]): MetricsResult {
  return {
    partial: false,
    response: {
      measurements: [{ type: 'CPU_MEMORY_USAGE_BYTES', values: values.map((value, i) => ({ value, timestamp: ago((values.length - i) * 60_000) })) }],
    },
  };
}

describe('readMemory: metric values', () => {
  it.each(UNUSABLE)('a value of %j is no sample', (value) => {
    const reading = readMemory({ status: workloadStatus(), spec: null, pods: null, metrics: usage([value]) });
    expect(reading.samples).toBe(0);
    expect(reading.peakBytes).toBeNull();
    expect(reading.facts.map(({ fact }) => fact.type)).toEqual(['metrics-empty']);
  });

  it('keeps the usable samples next to unusable ones', () => {
    const reading = readMemory({ status: workloadStatus(), spec: null, pods: null, metrics: usage(['', '1073741824', 'NaN', ' 2147483648 ', 512, '-5']) });
    expect(reading.samples).toBe(3);
    expect(reading.peakBytes).toBe(2 * GiB);
  });

  it('reads a real zero as a sample (a 0 B peak is a measurement, not an absence)', () => {
    const reading = readMemory({ status: workloadStatus(), spec: null, pods: null, metrics: usage(['0', '0.0']) });
    expect(reading.samples).toBe(2);
    expect(reading.peakBytes).toBe(0);
  });

  it('all-unusable values: "no peak observed", no 0 B evidence and no headroom advice from it', () => {
    const evidence = evidenceOf({
      status: workloadStatus({ phase: 'Failed', phaseUpdatedAt: ago(DAY / 24) }),
      events: { ok: true, value: [podEvent('OOMKilling', 'Memory cgroup out of memory: Killed process 4242 (python)', 3_600_000)] },
      pods: { ok: true, value: [pod({ k8sPhase: 'OOMKilled' })] },
      metrics: { ok: true, value: usage(['', ' ', 'NaN', '-1', 'abc']) },
    });
    const verdict = buildDiagnosedVerdict(evidence, analyseWorkload(evidence), { lookbackMs: 7 * DAY, nowMs: NOW_MS, messages: messagesEn });
    expect(verdict.category).toBe('OOM_KILLED');
    expect(verdict.memory?.peakBytes).toBeNull();
    const text = [...verdict.evidence.map((item) => item.text), ...verdict.recommendations, ...verdict.limitations].join('\n');
    expect(text).not.toMatch(/\b0 B\b/);
    expect(text).toMatch(/no peak observed/);
  });
});
