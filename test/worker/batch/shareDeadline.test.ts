import { describe, expect, it } from 'vitest';
import { MIN_DIAGNOSIS_SHARE_MS, shareDeadline } from '../../../functions/worker/batch/shareDeadline.js';

describe('shareDeadline', () => {
  it('divides the time left by the waves still to run', () => {
    // 25 diagnoses, 4 at once: 7 waves share 105 s, 15 s each.
    expect(shareDeadline({ nowMs: 0, diagnoseBy: 105_000, remaining: 25, concurrency: 4 })).toBe(15_000);
    // The last wave gets everything left.
    expect(shareDeadline({ nowMs: 100_000, diagnoseBy: 105_000, remaining: 1, concurrency: 4 })).toBe(105_000);
  });

  it('gives time a fast diagnosis left unused to those after it', () => {
    const early = shareDeadline({ nowMs: 1_000, diagnoseBy: 105_000, remaining: 21, concurrency: 4 })! - 1_000;
    expect(early).toBeGreaterThan(15_000);
  });

  it('starts nothing without a useful share', () => {
    expect(shareDeadline({ nowMs: 105_000 - MIN_DIAGNOSIS_SHARE_MS + 1, diagnoseBy: 105_000, remaining: 1, concurrency: 4 })).toBeNull();
    expect(shareDeadline({ nowMs: 200_000, diagnoseBy: 105_000, remaining: 3, concurrency: 4 })).toBeNull();
  });
});
