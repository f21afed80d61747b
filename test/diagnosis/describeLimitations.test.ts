import { describe, expect, it } from 'vitest';
import { describeDiagnosisLimitations, describeReadLimitations } from '../../functions/diagnosis/verdict/describeLimitations.js';
import { renderLimitations } from '../../functions/diagnosis/verdict/renderLimitations.js';
import { messagesFr } from '../../functions/report/messagesFr.js';
import type { MemoryReading } from '../../functions/diagnosis/gather/readMemory.js';
import { messagesEn } from '../../functions/report/messagesEn.js';
import { emptyTier2Evidence } from '../../functions/diagnosis/model/Tier2Evidence.js';
import { evidenceOf, GiB, workloadStatus } from './workloadEvidenceKit.js';

const memory = (overrides: Partial<MemoryReading> = {}): MemoryReading => ({
  requestBytes: 24 * GiB,
  limitBytes: 32 * GiB,
  peakBytes: 31 * GiB,
  samples: 12,
  shape: null,
  facts: [],
  ...overrides,
});

/** The limitations as a reader sees them: decided as data, worded by the English catalog. */
const readLimitations = (evidence: Parameters<typeof describeReadLimitations>[0]) =>
  renderLimitations(describeReadLimitations(evidence), messagesEn).limitations;
const diagnosisLimitations = (input: Parameters<typeof describeDiagnosisLimitations>[0]) =>
  renderLimitations(describeDiagnosisLimitations(input), messagesEn).limitations;

describe('limitations as data (Limitation ids, worded once per locale)', () => {
  it('gives each limitation a stable id, in the order of its sentence, whatever the language', () => {
    const evidence = evidenceOf({ events: { ok: false, detail: 'HTTP 503' }, history: { ok: false, detail: 'timeout' } });
    const decided = describeReadLimitations(evidence);
    const en = renderLimitations(decided, messagesEn);
    const fr = renderLimitations(decided, messagesFr);
    expect(en.limitationIds).toEqual(['eventsUnavailable', 'historyUnavailable', 'preemptionNotRuledOut']);
    expect(fr.limitationIds).toEqual(en.limitationIds);
    expect(fr.limitations).toHaveLength(3);
    expect(fr.limitations[0]).not.toBe(en.limitations[0]);
    expect(en.limitations[0]).toContain('HTTP 503');
    expect(fr.limitations[0]).toContain('HTTP 503');
  });
});

describe('describeReadLimitations', () => {
  it('states nothing when every read succeeded', () => {
    expect(readLimitations(evidenceOf())).toEqual([]);
  });

  it('names a spec that has no endpoint for its workload type, quoting the type', () => {
    const evidence = evidenceOf({ status: workloadStatus({ type: 'SparkJob' }), spec: { ok: false, detail: 'unknown-type' } });
    expect(readLimitations(evidence)).toEqual(['No spec endpoint exists for workload type “SparkJob”: the submitted spec was not read.']);
  });

  it('names history read only up to its page cap, and each Tier 2 read that failed', () => {
    const tier2 = { ...emptyTier2Evidence(), used: true, limitations: [{ type: 'no-node' as const }] };
    const evidence = evidenceOf({ history: { ok: true, value: { records: [], pages: 20, capped: true } }, pods: { ok: false, detail: 'HTTP 403' }, tier2 });
    expect(readLimitations(evidence)).toEqual([
      'Pods could not be retrieved (HTTP 403).',
      'History was read up to 20 pages; older records were not read.',
      'Tier 2 could not read node conditions: no node name is known.',
    ]);
  });

  it('names pods read only up to their page cap, as history does', () => {
    const evidence = evidenceOf({ podsCappedAt: 10 });
    expect(readLimitations(evidence)).toEqual(['Pods were read up to 10 pages; the remaining pods were not read.']);
  });
});

describe('describeDiagnosisLimitations', () => {
  it('names partial metrics and an empty usage series when memory matters', () => {
    const evidence = evidenceOf({ metrics: { ok: true, value: { partial: true, response: { measurements: [] } } } });
    expect(diagnosisLimitations({ evidence, category: 'OOM_KILLED', memory: memory({ samples: 0, peakBytes: null }), memoryRelevant: true })).toEqual([
      'Run:ai returned partial metrics (HTTP 207): the peak may be understated.',
      'No CPU memory samples in the lookback window (short-lived job): no peak observed.',
    ]);
  });

  it('says nothing about memory when memory does not matter to the category', () => {
    const evidence = evidenceOf({ metrics: { ok: false, detail: 'HTTP 500' } });
    expect(diagnosisLimitations({ evidence, category: 'IMAGE_PULL_FAILED', memory: memory({ limitBytes: null }), memoryRelevant: false })).toEqual([]);
  });

  it('names missing Tier 2 only for the categories it would explain, and only when it is not configured', () => {
    const tier2Missing = messagesEn.limitation.tier2Unavailable();
    const input = (category: 'UNKNOWN' | 'CRASH_APP_ERROR' | 'OOM_KILLED', tier2 = evidenceOf().tier2) => ({
      evidence: evidenceOf({ tier2 }),
      category,
      memory: memory(),
      memoryRelevant: false,
    });
    expect(diagnosisLimitations(input('UNKNOWN'))).toEqual([tier2Missing]);
    expect(diagnosisLimitations(input('CRASH_APP_ERROR'))).toEqual([tier2Missing]);
    expect(diagnosisLimitations(input('OOM_KILLED'))).toEqual([]);
    expect(diagnosisLimitations(input('UNKNOWN', emptyTier2Evidence()))).toEqual([]);
  });
});
