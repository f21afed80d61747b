import { describe, expect, it } from 'vitest';
import { analyseWorkload } from '../../functions/diagnosis/classify/analyseWorkload.js';
import { buildVerdict } from '../../functions/diagnosis/verdict/buildVerdict.js';
import type { WorkloadEvidence } from '../../functions/diagnosis/model/WorkloadEvidence.js';
import { messagesEn } from '../../functions/report/messagesEn.js';
import { DAY, evidenceOf, HOUR, NOW_MS, pod, podEvent, workloadStatus } from './workloadEvidenceKit.js';

const verdictOf = (evidence: WorkloadEvidence) =>
  buildVerdict(evidence, analyseWorkload(evidence), { requestedClusterId: 'cluster-a', lookbackMs: 7 * DAY, nowMs: NOW_MS, messages: messagesEn });

describe('buildVerdict', () => {
  it('builds the outcome the phase gate decides', () => {
    const preempted = verdictOf(
      evidenceOf({
        status: workloadStatus({ phase: 'Stopped' }),
        events: { ok: true, value: [podEvent('Preempted', 'Preempted by higher priority workload', HOUR)] },
      }),
    );
    expect([preempted.outcome, preempted.route]).toEqual(['routed', 'runai-diagnose-preempted-workload']);

    const succeeded = verdictOf(evidenceOf({ status: workloadStatus({ phase: 'Succeeded' }), pods: { ok: true, value: [pod({ k8sPhase: 'Succeeded' })] } }));
    expect([succeeded.outcome, succeeded.stopReason]).toEqual(['stopped', 'SUCCEEDED']);

    const oom = verdictOf(evidenceOf({ pods: { ok: true, value: [pod({ k8sPhase: 'OOMKilled' })] } }));
    expect([oom.outcome, oom.category]).toEqual(['diagnosed', 'OOM_KILLED']);
  });
});
