/**
 * The reference reading of §4.8 (expectSuspicion) on small hand-written histories, and the
 * generator's determinism: the held-out set is only as good as these two.
 */
import { describe, expect, it } from 'vitest';
import { expectSuspicion, type PlannedFailure } from './expectSuspicion.js';
import type { KindName } from './failureKinds.js';
import { suspectHistories } from './suspectHistories.js';

let n = 0;
function failure(kind: KindName, submittedBy: string | null, atMinutes: number, more: Partial<PlannedFailure> = {}): PlannedFailure {
  n += 1;
  return { cluster: 'A', node: 'dgx-1', kind, project: 'vision', submittedBy, atMinutes, name: `w-${n}`, resend: false, reportedLateMinutes: 0, ...more };
}
const flags = (failures: PlannedFailure[]) => expectSuspicion(failures).verdicts.map((verdict) => verdict.suspect);
const set = (failures: number, submitters: number) => ({ failures, submitters, windowHours: 24 });

describe('expectSuspicion (the §4.8 text)', () => {
  it('three users: suspect from the third failure on, one notice listing the three', () => {
    const history = [
      failure('node-notready', 'a', 0),
      failure('unknown-137', 'b', 10),
      failure('spot-interruption', 'c', 20),
      failure('node-notready', 'd', 30),
    ];
    expect(flags(history)).toEqual([null, null, set(3, 3), set(4, 4)]);
    expect(expectSuspicion(history).notices).toEqual([
      { cluster: 'A', node: 'dgx-1', trigger: history[2]!.name, workloads: history.slice(0, 3).map((f) => f.name) },
    ]);
  });

  it('one submitter, however many failures, never; two submitters need three failures', () => {
    expect(flags([0, 1, 2, 3, 4].map((at) => failure('node-notready', 'a', at)))).toEqual([null, null, null, null, null]);
    expect(flags([failure('node-notready', 'a', 0), failure('node-notready', 'b', 1)])).toEqual([null, null]);
    expect(flags([failure('node-notready', 'a', 0), failure('node-notready', 'a', 1), failure('node-notready', 'b', 2)])).toEqual([null, null, set(3, 2)]);
  });

  it('the 24 h window includes its edge and nothing older', () => {
    expect(flags([failure('node-notready', 'a', 0), failure('node-notready', 'b', 5), failure('node-notready', 'c', 1440)]).at(-1)).toEqual(set(3, 3));
    expect(flags([failure('node-notready', 'a', 0), failure('node-notready', 'b', 5), failure('node-notready', 'c', 1441)]).at(-1)).toBeNull();
  });

  it('never-counting kinds add nothing, yet are flagged on a suspect node', () => {
    const base = [failure('node-notready', 'a', 0), failure('crash-cuda', 'b', 1)];
    expect(flags([...base, failure('oom', 'c', 2), failure('crash-plain', 'd', 3)])).toEqual([null, null, null, null]);
    expect(flags([...base, failure('crash-nccl', 'c', 2), failure('oom', 'd', 3), failure('preempted', 'e', 4)])).toEqual([
      null,
      null,
      set(3, 3),
      set(3, 3),
      'any',
    ]);
  });

  it('a hardware Xid is suspect at once; an application Xid is not', () => {
    expect(flags([failure('xid-79', 'a', 0), failure('crash-plain', 'a', 5)])).toEqual([set(1, 1), set(1, 1)]);
    expect(flags([failure('xid-13', 'a', 0)])).toEqual([null]);
  });

  it('submitters trimmed and case-folded; projects stand in when submittedBy is absent', () => {
    expect(flags([failure('node-notready', 'a@x', 0), failure('node-notready', ' A@x ', 1), failure('node-notready', 'A@X', 2)])).toEqual([null, null, null]);
    const projects = (names: string[]) => names.map((project, i) => failure('node-notready', null, i, { project }));
    expect(flags(projects(['p', 'p', 'q'])).at(-1)).toEqual(set(3, 2));
    expect(flags(projects(['p', 'p', 'p'])).at(-1)).toBeNull();
  });

  it('a resend is not another workload; clusters and nodes are judged apart', () => {
    const first = failure('node-notready', 'a', 0);
    expect(flags([first, failure('node-notready', 'b', 1), { ...first, atMinutes: 2, resend: true }])).toEqual([null, null]);
    expect(
      flags([failure('node-notready', 'a', 0), failure('node-notready', 'b', 1, { cluster: 'B' }), failure('node-notready', 'c', 2, { node: 'dgx-2' })]),
    ).toEqual([null, null, null]);
  });

  it('one notice per node per 24 h: a second only 24 h after the first', () => {
    const burst = (from: number) => ['a', 'b', 'c'].map((who, i) => failure('node-notready', who, from + i));
    expect(expectSuspicion([...burst(0), ...burst(600)]).notices).toHaveLength(1);
    expect(expectSuspicion([...burst(0), ...burst(1500)]).notices).toHaveLength(2);
  });
});

describe('suspectHistories', () => {
  it('is deterministic and names every history once', () => {
    const once = suspectHistories();
    expect(suspectHistories()).toEqual(once);
    expect(new Set(once.map((history) => history.name)).size).toBe(once.length);
  });
});
