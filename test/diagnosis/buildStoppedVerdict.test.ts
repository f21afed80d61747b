import { describe, expect, it } from 'vitest';
import { buildStoppedVerdict } from '../../functions/diagnosis/verdict/buildStoppedVerdict.js';
import { messagesEn } from '../../functions/report/messagesEn.js';
import { messagesFr } from '../../functions/report/messagesFr.js';
import { evidenceOf, workloadStatus } from './workloadEvidenceKit.js';

describe('buildStoppedVerdict', () => {
  it('stops a succeeded workload with its phase as the only evidence', () => {
    const evidence = evidenceOf({ status: workloadStatus({ phase: 'Completed', phaseReason: 'Succeeded' }) });
    const verdict = buildStoppedVerdict(evidence, 'SUCCEEDED', { requestedClusterId: 'cluster-a', messages: messagesEn });
    expect(verdict).toMatchObject({
      outcome: 'stopped',
      stopReason: 'SUCCEEDED',
      category: null,
      route: null,
      recommendations: [],
      memory: null,
      recurrence: null,
    });
    expect(verdict.workload).toEqual({
      id: 'b4c275cd-c910-4dde-8880-f38b3ee17326',
      name: 'llama3-8b-sft',
      project: 'nlp-research',
      clusterId: 'cluster-a',
      phase: 'Completed',
      type: 'Training',
    });
    expect(verdict.evidence).toEqual([{ text: 'Phase: Completed; reason: Succeeded', source: 'get_workload_status' }]);
    expect(verdict.message).toBe('llama3-8b-sft finished successfully (phase Completed): there is no failure to diagnose.');
  });

  it('states the reads that failed, and that preemption could not be ruled out without events or history', () => {
    const evidence = evidenceOf({
      status: workloadStatus({ phase: 'Running' }),
      events: { ok: false, detail: 'HTTP 503' },
      history: { ok: false, detail: 'timeout' },
      pods: { ok: true, value: [] },
    });
    const verdict = buildStoppedVerdict(evidence, 'RUNNING_NO_FAILURE', { requestedClusterId: 'cluster-a', messages: messagesEn });
    expect(verdict.limitations).toEqual([
      'Events could not be retrieved (HTTP 503): this is a retrieval failure, not an absence of events; history was used instead.',
      'No pods were returned: pod phases, nodes and pod resources are missing.',
      'History could not be retrieved (timeout): recurrence is counted from the current failure only.',
      'Events and history were both unavailable, so preemption could not be ruled out.',
    ]);
  });

  it('speaks the language of its catalog', () => {
    const verdict = buildStoppedVerdict(evidenceOf({ status: workloadStatus({ phase: 'Suspended' }) }), 'SUSPENDED', {
      requestedClusterId: 'cluster-a',
      messages: messagesFr,
    });
    expect(verdict.message).toBe('llama3-8b-sft est suspendue (en pause, pas en échec) : hors de portée du diagnostic de défaillance.');
  });
});
