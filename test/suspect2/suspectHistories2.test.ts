/**
 * Set 2's reading of submitters on hand-written cases, and its generator's properties: the
 * held-out set is only as good as these.
 */
import { describe, expect, it } from 'vitest';
import type { PlannedFailure } from '../suspect/expectSuspicion.js';
import { suspectHistories } from '../suspect/suspectHistories.js';
import { FAILURE_KINDS_2 } from './failureKinds2.js';
import { distinctSubmitters2, personOf, suspectHistories2 } from './suspectHistories2.js';

const failure = (submittedBy: string | null, project = 'genomics'): PlannedFailure => ({
  cluster: 'A',
  node: 'n',
  kind: 'node-notready',
  project,
  submittedBy,
  atMinutes: 0,
  name: 'w',
  resend: false,
  reportedLateMinutes: 0,
});

describe('set 2 reading of submitters (docs/procedure.md)', () => {
  it('the email, name and DOMAIN\\user forms of one person are one submitter', () => {
    const forms = ['g.ferreira@example.org', 'G.Ferreira', 'CORP\\g.ferreira', ' EXAMPLE\\G.FERREIRA ', 'g.ferreira@corp.example.org'];
    expect(new Set(forms.map(personOf))).toEqual(new Set(['g.ferreira']));
    expect(distinctSubmitters2(forms.map((form) => failure(form)))).toBe(1);
  });

  it('names that differ by a letter or a suffix are different people', () => {
    expect(distinctSubmitters2(['a.moreau@example.org', 'a.morel@example.org', 'al.moreau@example.org'].map((form) => failure(form)))).toBe(3);
  });

  it('a missing submitter is never a distinct one; projects stand in only when nobody is named', () => {
    expect(distinctSubmitters2([failure('u@x'), failure('u@x'), failure(null, 'other')])).toBe(1);
    expect(distinctSubmitters2([failure(null, 'a'), failure('  ', 'b'), failure('u@x', 'a')])).toBe(1);
    expect(distinctSubmitters2([failure(null, 'a'), failure(null, 'b'), failure(null, 'a')])).toBe(2);
  });
});

describe('the set 2 generator', () => {
  const histories = suspectHistories2();

  it('is deterministic', () => {
    expect(JSON.stringify(suspectHistories2())).toBe(JSON.stringify(histories));
  });

  it('repeats none of set 1’s families and uses only its own kinds', () => {
    const setOne = new Set(suspectHistories().map((history) => history.family));
    expect(histories.map((history) => history.family).filter((family) => setOne.has(family))).toEqual([]);
    expect(histories.flatMap((history) => history.failures.map((f) => f.kind)).filter((kind) => !(kind in FAILURE_KINDS_2))).toEqual([]);
  });

  it('has both outcomes in the families whose variations differ, and notices in most histories', () => {
    const notices = histories.map((history) => history.expectation.notices.length);
    expect(notices.filter((count) => count === 0).length).toBeGreaterThan(15);
    expect(notices.filter((count) => count > 0).length).toBeGreaterThan(30);
  });
});
