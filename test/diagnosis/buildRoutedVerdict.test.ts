import { describe, expect, it } from 'vitest';
import { analyseWorkload } from '../../functions/diagnosis/classify/analyseWorkload.js';
import { buildRoutedVerdict } from '../../functions/diagnosis/verdict/buildRoutedVerdict.js';
import { messagesEn } from '../../functions/report/messagesEn.js';
import { evidenceOf, HOUR, podEvent, workloadStatus } from './workloadEvidenceKit.js';

describe('buildRoutedVerdict', () => {
  it('routes a preempted workload, quoting the preemption and no pod failure', () => {
    const evidence = evidenceOf({
      status: workloadStatus({ phase: 'Stopped' }),
      events: {
        ok: true,
        value: [podEvent('Preempted', 'Preempted by higher priority workload', HOUR), podEvent('FailedScheduling', '0/4 nodes are available', 2 * HOUR)],
      },
    });
    const verdict = buildRoutedVerdict(evidence, 'runai-diagnose-preempted-workload', analyseWorkload(evidence).signals, messagesEn);
    expect(verdict).toMatchObject({
      outcome: 'routed',
      route: 'runai-diagnose-preempted-workload',
      category: null,
      stopReason: null,
      recommendations: [],
      memory: null,
      recurrence: null,
    });
    expect(verdict.evidence.map((item) => item.text)).toEqual([
      'Event reason: Preempted; message: “Preempted by higher priority workload”; object: llama3-8b-sft-0-0',
    ]);
    expect(verdict.message).toBe(
      'llama3-8b-sft (phase Stopped) was preempted by the scheduler, which is not a failure: use runai-diagnose-preempted-workload.',
    );
  });

  it('cites the phase when no signal drove the route, and keeps the limitations of the reads', () => {
    const evidence = evidenceOf({
      status: workloadStatus({ phase: 'Pending', phaseMessage: 'waiting for resources' }),
      events: { ok: false, detail: 'HTTP 503' },
    });
    const verdict = buildRoutedVerdict(evidence, 'runai-diagnose-pending-workload', [], messagesEn);
    expect(verdict.evidence).toEqual([{ text: 'Phase: Pending; message: “waiting for resources”', source: 'get_workload_status' }]);
    expect(verdict.limitations[0]).toBe(
      'Events could not be retrieved (HTTP 503): this is a retrieval failure, not an absence of events; history was used instead.',
    );
  });

  it('cites how Option B selected the workload after the text that decided the route', () => {
    const evidence = evidenceOf({ status: workloadStatus({ phase: 'Pending' }), selection: 'Selected the newest live workload named llama3-8b-sft' });
    const verdict = buildRoutedVerdict(evidence, 'runai-diagnose-pending-workload', [], messagesEn);
    expect(verdict.evidence[0]).toEqual({ text: 'Phase: Pending', source: 'get_workload_status' });
    expect(verdict.evidence[1]).toEqual({ text: 'Selected the newest live workload named llama3-8b-sft', source: 'list_workloads' });
  });
});
