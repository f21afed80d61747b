/**
 * The suspect-node rule's principles (§4.8) at the level of the pure judgement: spans of failure
 * time, one person under several spellings, a missing submitter, one node per cluster.
 */
import { describe, expect, it } from 'vitest';
import { decideNodeSuspicion } from '../../functions/diagnosis/classify/decideNodeSuspicion.js';
import { countSubmitters, normaliseSubmitter } from '../../functions/diagnosis/classify/decideNodeSuspicionSubmitters.js';
import type { NodeFailure } from '../../functions/diagnosis/model/NodeFailure.js';

const T0 = Date.parse('2026-12-02T00:00:00Z');
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

function failure(overrides: Partial<NodeFailure>): NodeFailure {
  return {
    clusterId: 'c1',
    node: 'dgx-07',
    workloadId: 'w1',
    workloadName: 'train',
    project: 'vision',
    submittedBy: 'ana',
    category: 'NODE_FAILURE',
    at: T0,
    infrastructure: false,
    hardwareXid: null,
    ...overrides,
  };
}

describe('suspect nodes: spans of failure time', () => {
  it('a failure 23 h 59 min after the first shares its span; 24 h 1 min after does not', () => {
    const first = [failure({ workloadId: 'a', submittedBy: 'ana', at: T0 }), failure({ workloadId: 'b', submittedBy: 'ben', at: T0 + HOUR })];
    const late = failure({ workloadId: 'c', submittedBy: 'eve', at: T0 + 23 * HOUR + 59 * MINUTE });
    expect(decideNodeSuspicion([...first, late], late.at)?.suspect.failures).toBe(3);
    const tooLate = failure({ workloadId: 'c', submittedBy: 'eve', at: T0 + 24 * HOUR + MINUTE });
    // b and c are within 24 h, but a is not: two workloads only.
    expect(decideNodeSuspicion([...first, tooLate], tooLate.at)).toBeNull();
  });

  it('judges the spans holding the failure, including failures after it (a late report of an earlier failure)', () => {
    const failures = [
      failure({ workloadId: 'a', submittedBy: 'ana', at: T0 }),
      failure({ workloadId: 'b', submittedBy: 'ben', at: T0 + 2 * HOUR }),
      failure({ workloadId: 'c', submittedBy: 'eve', at: T0 + 20 * HOUR }),
    ];
    // Diagnosed last, but it failed first: the span [T0, T0 + 24 h] holds it and the two after it.
    const suspicion = decideNodeSuspicion(failures, T0);
    expect(suspicion?.suspect).toEqual({ failures: 3, submitters: 3, windowHours: 24, hardwareXid: null });
    // A failure two days later shares no span with them.
    expect(decideNodeSuspicion(failures, T0 + 48 * HOUR)).toBeNull();
  });

  it('a hardware Xid flags the spans that hold it, and only those', () => {
    const xid = failure({ workloadId: 'x', hardwareXid: 79, at: T0 });
    expect(decideNodeSuspicion([xid], T0 + 23 * HOUR)?.suspect.hardwareXid).toBe(79);
    expect(decideNodeSuspicion([xid], T0 - 23 * HOUR)?.suspect.hardwareXid).toBe(79);
    expect(decideNodeSuspicion([xid], T0 + 25 * HOUR)).toBeNull();
  });
});

describe('suspect nodes: submitters', () => {
  it('one user under several spellings is one submitter, and never flags a node', () => {
    const spellings = ['Ana.Smith@Example.com', '  ana.smith@example.com ', 'ANA SMITH', 'ana_smith', 'Ana Smith <ana.smith@example.com>', 'CORP\\ana.smith'];
    expect(new Set(spellings.map(normaliseSubmitter)).size).toBe(1);
    const failures = spellings.map((who, n) => failure({ workloadId: `w${n}`, submittedBy: who, at: T0 + n * MINUTE }));
    expect(decideNodeSuspicion(failures, T0)).toBeNull();
  });

  it('a missing submitter never counts as a distinct one', () => {
    const ana = [failure({ workloadId: 'a1', submittedBy: 'ana' }), failure({ workloadId: 'a2', submittedBy: 'ana' })];
    for (const missing of [null, '', '   ']) {
      for (const project of ['vision', 'nlp', null]) {
        expect(decideNodeSuspicion([...ana, failure({ workloadId: 'm', submittedBy: missing, project })], T0)).toBeNull();
      }
    }
    expect(countSubmitters([failure({ submittedBy: null, project: null }), failure({ submittedBy: null, project: null })])).toBe(0);
  });

  it('projects stand in only when no failure names its submitter', () => {
    const failures = ['vision', 'nlp', ' Vision '].map((project, n) => failure({ workloadId: `w${n}`, submittedBy: null, project }));
    expect(decideNodeSuspicion(failures, T0)?.suspect.submitters).toBe(2);
  });
});

describe('suspect nodes: one node per cluster', () => {
  it('the same node name in two clusters is two nodes', () => {
    const failures = [
      failure({ clusterId: 'c1', workloadId: 'a', submittedBy: 'ana' }),
      failure({ clusterId: 'c1', workloadId: 'b', submittedBy: 'ben' }),
      failure({ clusterId: 'c2', workloadId: 'c', submittedBy: 'eve' }),
    ];
    expect(decideNodeSuspicion(failures, T0)).toBeNull();
    expect(decideNodeSuspicion(failures, T0, 24, { clusterId: 'c1', node: 'dgx-07' })).toBeNull();
    const third = failure({ clusterId: 'c1', workloadId: 'd', submittedBy: 'eve' });
    expect(decideNodeSuspicion([...failures, third], T0, 24, { clusterId: 'c2', node: 'dgx-07' })).toBeNull();
    expect(decideNodeSuspicion([...failures, third], T0, 24, { clusterId: 'c1', node: 'dgx-07' })?.suspect.failures).toBe(3);
  });
});
