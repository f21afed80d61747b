/**
 * A time limit set on the workload, exceeded, in any controller's reason: the shape of the policy
 * reasons (signalTables.ts), not a row per controller. Reasons invented in that shape or taken from
 * other controllers than the held-out corpora; counts and rollouts are not time limits.
 */
import { describe, expect, it } from 'vitest';
import { matchEventReason } from '../../functions/diagnosis/signals/extractSignals.js';

describe('a time limit on the workload, exceeded, is a policy ending it', () => {
  it.each(['DeactivatedDueToMaximumExecutionTimeExceeded', 'MaxWallTimeExceeded', 'JobTimeLimitExceeded', 'EvictedDueToAdmissionCheckTimeout'])(
    '%s',
    (reason) => {
      expect(matchEventReason(reason, 'the workload was stopped', null)).toBe('SCHEDULING_POLICY');
    },
  );

  it.each(['RequeuingLimitExceeded', 'ProgressDeadlineExceeded', 'EvictedDueToPreempted', 'MaxRetriesExceeded'])('not %s', (reason) => {
    expect(matchEventReason(reason, 'the workload was stopped', null)).not.toBe('SCHEDULING_POLICY');
  });
});
