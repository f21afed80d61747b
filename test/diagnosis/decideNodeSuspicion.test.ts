import { describe, expect, it } from 'vitest';
import { countsAgainstNode, decideNodeSuspicion } from '../../functions/diagnosis/classify/decideNodeSuspicion.js';
import type { NodeFailure } from '../../functions/diagnosis/model/NodeFailure.js';

const NOW = Date.parse('2026-12-02T12:00:00Z');
const HOUR = 3_600_000;

function failure(overrides: Partial<NodeFailure> = {}): NodeFailure {
  return {
    clusterId: 'c1',
    node: 'dgx-07',
    workloadId: 'w1',
    workloadName: 'train-1',
    project: 'vision',
    submittedBy: 'ana@example.com',
    category: 'NODE_FAILURE',
    at: NOW - HOUR,
    infrastructure: false,
    hardwareXid: null,
    ...overrides,
  };
}

describe('decideNodeSuspicion (§4.8)', () => {
  it('flags three workloads of two submitters that failed on the node with node-side signatures', () => {
    const suspicion = decideNodeSuspicion(
      [
        failure({ workloadId: 'w1', submittedBy: 'ana', category: 'NODE_FAILURE', at: NOW - 5 * HOUR }),
        failure({ workloadId: 'w2', submittedBy: 'ben', category: 'UNKNOWN', at: NOW - 3 * HOUR }),
        failure({ workloadId: 'w3', submittedBy: 'ana', category: 'CRASH_APP_ERROR', infrastructure: true, at: NOW - HOUR }),
      ],
      NOW,
    );
    expect(suspicion?.suspect).toEqual({ failures: 3, submitters: 2, windowHours: 24, hardwareXid: null });
    expect(suspicion?.failures.map((f) => f.workloadId)).toEqual(['w1', 'w2', 'w3']);
  });

  it('never flags one user resubmitting the same bug, however often', () => {
    const resubmissions = [1, 2, 3, 4, 5].map((n) => failure({ workloadId: `w${n}`, submittedBy: 'ana', category: 'UNKNOWN', at: NOW - n * HOUR }));
    expect(decideNodeSuspicion(resubmissions, NOW)).toBeNull();
  });

  it('counts only NODE_FAILURE, UNKNOWN and a CRASH_APP_ERROR with an NCCL / CUDA / Xid signature', () => {
    for (const category of ['OOM_KILLED', 'IMAGE_PULL_FAILED', 'INIT_FAILED', 'DATASOURCE_MOUNT_FAILED', 'SCHEDULING_POLICY_TERMINATED'] as const) {
      expect(countsAgainstNode(failure({ category, infrastructure: true }))).toBe(false);
    }
    expect(countsAgainstNode(failure({ category: 'CRASH_APP_ERROR', infrastructure: false }))).toBe(false);
    expect(countsAgainstNode(failure({ category: 'CRASH_APP_ERROR', infrastructure: true }))).toBe(true);
    const oomStorm = ['ana', 'ben', 'eve', 'joe'].map((who, n) => failure({ workloadId: `w${n}`, submittedBy: who, category: 'OOM_KILLED' }));
    expect(decideNodeSuspicion(oomStorm, NOW)).toBeNull();
  });

  it('flags a node on one hardware Xid, alone', () => {
    const suspicion = decideNodeSuspicion([failure({ category: 'NODE_FAILURE', hardwareXid: 79 })], NOW);
    expect(suspicion?.suspect).toEqual({ failures: 1, submitters: 1, windowHours: 24, hardwareXid: 79 });
  });

  it('forgets failures older than the window and counts a workload diagnosed twice once', () => {
    const old = [failure({ workloadId: 'w1', submittedBy: 'ana', at: NOW - 25 * HOUR }), failure({ workloadId: 'w2', submittedBy: 'ben', at: NOW - 2 * HOUR })];
    const twice = [failure({ workloadId: 'w3', submittedBy: 'eve', at: NOW - 2 * HOUR }), failure({ workloadId: 'w3', submittedBy: 'eve', at: NOW - HOUR })];
    expect(decideNodeSuspicion([...old, ...twice], NOW)).toBeNull();
    expect(decideNodeSuspicion([...old, ...twice, failure({ workloadId: 'w4', submittedBy: 'ben' })], NOW)?.suspect.failures).toBe(3);
  });

  it('takes the project as the submitter when Run:ai does not say who submitted', () => {
    const sameProject = [1, 2, 3].map((n) => failure({ workloadId: `w${n}`, submittedBy: null, project: 'vision' }));
    expect(decideNodeSuspicion(sameProject, NOW)).toBeNull();
    const twoProjects = [...sameProject.slice(0, 2), failure({ workloadId: 'w9', submittedBy: null, project: 'nlp' })];
    expect(decideNodeSuspicion(twoProjects, NOW)?.suspect.submitters).toBe(2);
  });
});
