import { describe, expect, it } from 'vitest';
import { classifyMountCause } from '../../functions/diagnosis/signals/classifyMountCause.js';
import { decideAudience } from '../../functions/diagnosis/classify/decideAudience.js';

describe('decideAudience (DESIGN §4.8)', () => {
  it("gives the user the workload's own failures", () => {
    for (const category of ['OOM_KILLED', 'INIT_FAILED', 'CRASH_APP_ERROR'] as const)
      expect(decideAudience({ outcome: 'diagnosed', category }), category).toBe('user');
    for (const imagePullCause of ['manifest', 'invalid_reference', 'auth', 'access_denied', 'unspecified'] as const)
      expect(decideAudience({ outcome: 'diagnosed', category: 'IMAGE_PULL_FAILED', imagePullCause }), imagePullCause).toBe('user');
    expect(decideAudience({ outcome: 'diagnosed', category: 'DATASOURCE_MOUNT_FAILED', mountCause: 'missing-reference' })).toBe('user');
  });

  it('gives the platform what only it can fix', () => {
    expect(decideAudience({ outcome: 'diagnosed', category: 'NODE_FAILURE' })).toBe('platform');
    expect(decideAudience({ outcome: 'diagnosed', category: 'UNKNOWN' })).toBe('platform');
    expect(decideAudience({ outcome: 'diagnosed', category: 'IMAGE_PULL_FAILED', imagePullCause: 'network' })).toBe('platform');
    expect(decideAudience({ outcome: 'diagnosed', category: 'DATASOURCE_MOUNT_FAILED', mountCause: 'backend-unreachable' })).toBe('platform');
    expect(decideAudience({ outcome: 'needs_input', category: null })).toBe('platform');
  });

  it('asks nobody to act on a policy stop, a routed or a stopped workload', () => {
    expect(decideAudience({ outcome: 'diagnosed', category: 'SCHEDULING_POLICY_TERMINATED' })).toBe('none');
    expect(decideAudience({ outcome: 'routed', category: null })).toBe('none');
    expect(decideAudience({ outcome: 'stopped', category: null })).toBe('none');
  });
});

describe('classifyMountCause', () => {
  it('reads a missing claim, secret, config map or key as the workload reference', () => {
    expect(classifyMountCause(['MountVolume.SetUp failed for volume "creds" : secret "s3-creds" not found'])).toBe('missing-reference');
    expect(classifyMountCause(['persistentvolumeclaim "datasets" not found'])).toBe('missing-reference');
    expect(classifyMountCause(['configmap references non-existent config key: train.yaml'])).toBe('missing-reference');
  });

  it('reads an unanswered backend as the platform', () => {
    expect(classifyMountCause(['MountVolume.MountDevice failed: rpc error: code = DeadlineExceeded desc = context deadline exceeded'])).toBe(
      'backend-unreachable',
    );
    expect(classifyMountCause(['mount.nfs: Connection timed out'])).toBe('backend-unreachable');
  });

  it('prefers the missing reference when both appear, and says unspecified otherwise', () => {
    expect(classifyMountCause(['timed out waiting for the condition', 'secret "x" not found'])).toBe('missing-reference');
    expect(classifyMountCause(['Unable to attach or mount volumes'])).toBe('unspecified');
  });
});
