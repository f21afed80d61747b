import { describe, expect, it } from 'vitest';
import { clusterMismatchVerdict, needsInputVerdict } from '../../functions/diagnosis/verdict/buildEarlyVerdict.js';
import { messagesEn } from '../../functions/report/messagesEn.js';
import { workloadStatus } from './workloadEvidenceKit.js';

describe('needsInputVerdict', () => {
  it('asks for the missing identifier, quoting what was given', () => {
    const verdict = needsInputVerdict('no-terminal-candidate', { clusterId: 'cluster-a', workloadName: 'llama3-8b-sft', project: 'nlp-research' }, messagesEn);
    expect(verdict).toMatchObject({
      outcome: 'needs_input',
      workload: null,
      category: null,
      stopReason: null,
      evidence: [],
      limitations: [],
      recommendations: [],
    });
    expect(verdict.message).toBe('No finished workload named llama3-8b-sft in project nlp-research was found on cluster cluster-a: give the workload id.');
  });

  it('neutralises control characters in an identifier it repeats', () => {
    const verdict = needsInputVerdict('not-found', { clusterId: 'cluster-a', workloadId: 'wl-1\u001b[2J' }, messagesEn);
    expect(verdict.message).not.toContain('\u001b');
  });
});

describe('clusterMismatchVerdict', () => {
  it('stops a workload of another cluster, naming both clusters', () => {
    const verdict = clusterMismatchVerdict({ status: workloadStatus({ clusterId: 'cluster-b' }) }, 'cluster-a', messagesEn);
    expect(verdict).toMatchObject({
      outcome: 'stopped',
      stopReason: 'CLUSTER_MISMATCH',
      evidence: [{ text: 'clusterId: cluster-b', source: 'get_workload_status' }],
    });
    expect(verdict.message).toBe('Workload llama3-8b-sft belongs to cluster cluster-b, not the requested cluster cluster-a: not diagnosed.');
  });
});
