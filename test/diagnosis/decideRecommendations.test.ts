import { describe, expect, it } from 'vitest';
import type { Category } from '../../functions/core/verdict.js';
import { decideRecommendations, type RecommendationContext } from '../../functions/diagnosis/recommend/decideRecommendations.js';

const GiB = 2 ** 30;

function context(category: Category, overrides: Partial<RecommendationContext> = {}): RecommendationContext {
  return {
    category,
    imagePullCause: null,
    image: null,
    limitBytes: null,
    peakBytes: null,
    restartPolicy: null,
    nodeNames: [],
    namespace: null,
    podName: null,
    exitCode: null,
    policyText: null,
    killedBySignalUnexplained: false,
    recurrence: null,
    ...overrides,
  };
}

const ids = (c: RecommendationContext) => decideRecommendations(c).map((recommendation) => recommendation.id);

describe('decideRecommendations', () => {
  describe('OOM_KILLED', () => {
    it('raises the known limit, naming the observed peak, then looks at batch memory', () => {
      expect(decideRecommendations(context('OOM_KILLED', { limitBytes: 32 * GiB, peakBytes: 31 * GiB }))).toEqual([
        { id: 'raise-memory-limit', limitBytes: 32 * GiB, peakBytes: 31 * GiB },
        { id: 'check-batch-memory' },
        { id: 'check-batch-size-env' },
      ]);
    });

    it('asks for an explicit limit when none was found', () => {
      expect(ids(context('OOM_KILLED', { peakBytes: 31 * GiB }))).toEqual(['set-memory-limit', 'check-batch-memory', 'check-batch-size-env']);
    });
  });

  describe('IMAGE_PULL_FAILED', () => {
    it("follows the registry's answer", () => {
      const image = 'registry.example.com/ml/trainer:1.2';
      expect(decideRecommendations(context('IMAGE_PULL_FAILED', { imagePullCause: 'manifest', image }))).toEqual([{ id: 'fix-image-name', image }]);
      expect(decideRecommendations(context('IMAGE_PULL_FAILED', { imagePullCause: 'access_denied', image }))).toEqual([{ id: 'verify-image-access', image }]);
      expect(ids(context('IMAGE_PULL_FAILED', { imagePullCause: 'network', image }))).toEqual(['check-registry-network']);
      expect(ids(context('IMAGE_PULL_FAILED', { imagePullCause: 'auth' }))).toEqual(['fix-registry-credentials']);
    });

    it('sends the reader to the registry error when the events do not say why (back-off only)', () => {
      expect(ids(context('IMAGE_PULL_FAILED', { imagePullCause: 'unspecified' }))).toEqual(['find-registry-error']);
      expect(ids(context('IMAGE_PULL_FAILED'))).toEqual(['find-registry-error']);
    });
  });

  describe('INIT_FAILED', () => {
    it('points at the quoted init log line when Tier 2 read one', () => {
      const logCommand = 'kubectl logs trainer-0 -c fetch-data -n runai-ml --previous';
      expect(decideRecommendations(context('INIT_FAILED', { tier2Used: true, logCommand, podName: 'trainer-0' }))).toEqual([
        { id: 'fix-init-step-from-log', logCommand },
      ]);
    });

    it('gives the kubectl command to read the init logs, or none without a pod name', () => {
      expect(decideRecommendations(context('INIT_FAILED', { podName: 'trainer-0', namespace: 'runai-ml' }))).toEqual([
        { id: 'read-init-logs', logsCommand: 'kubectl logs trainer-0 -c <init-container> --previous -n runai-ml' },
      ]);
      expect(decideRecommendations(context('INIT_FAILED', { tier2Used: true, logCommand: null }))).toEqual([{ id: 'read-init-logs', logsCommand: null }]);
    });
  });

  it('checks the data source in its namespace for DATASOURCE_MOUNT_FAILED', () => {
    expect(decideRecommendations(context('DATASOURCE_MOUNT_FAILED', { namespace: 'runai-ml' }))).toEqual([{ id: 'check-data-source', namespace: 'runai-ml' }]);
  });

  describe('CRASH_APP_ERROR', () => {
    const logCommand = 'kubectl logs trainer-0 -n runai-ml --previous';

    it('blames the probes when they explain the kill, whatever the exit code', () => {
      expect(decideRecommendations(context('CRASH_APP_ERROR', { tier2Used: true, probeKill: true, logCommand, exitCode: 137 }))).toEqual([
        { id: 'fix-probe-kill', logCommand },
      ]);
      expect(decideRecommendations(context('CRASH_APP_ERROR', { tier2Used: true, probeKill: true }))).toEqual([{ id: 'fix-probe-kill', logCommand: null }]);
    });

    it('points at the quoted log line and explains the exit code', () => {
      expect(decideRecommendations(context('CRASH_APP_ERROR', { tier2Used: true, logCommand, exitCode: 1 }))).toEqual([
        { id: 'fix-from-log-line', logCommand, exit: { exitCode: 1, meaning: 'app-error' } },
      ]);
    });

    it('says the log could not be read by Tier 2, with the command to read it', () => {
      expect(decideRecommendations(context('CRASH_APP_ERROR', { tier2Used: true, podName: 'trainer-0', exitCode: 139 }))).toEqual([
        { id: 'read-unread-log', logsCommand: 'kubectl logs trainer-0 --previous', exit: { exitCode: 139, meaning: 'sigsegv' } },
      ]);
    });

    it('without Tier 2, gives the command to read the previous log (a placeholder when no pod is known)', () => {
      expect(decideRecommendations(context('CRASH_APP_ERROR', { namespace: 'runai-ml', exitCode: 127 }))).toEqual([
        { id: 'read-log-without-tier2', logsCommand: 'kubectl logs <pod> --previous -n runai-ml', exit: { exitCode: 127, meaning: 'command-not-found' } },
      ]);
    });

    it('explains no exit code that is a success or has no known meaning', () => {
      for (const exitCode of [0, 42, null]) {
        const [recommendation] = decideRecommendations(context('CRASH_APP_ERROR', { exitCode }));
        expect(recommendation).toMatchObject({ id: 'read-log-without-tier2', exit: null });
      }
    });
  });

  describe('NODE_FAILURE', () => {
    it('retries on a healthy node when the restart policy reruns the workload (any spelling of OnFailure)', () => {
      for (const restartPolicy of ['OnFailure', 'onfailure', 'ONFAILURE']) {
        expect(decideRecommendations(context('NODE_FAILURE', { restartPolicy, nodeNames: ['dgx-07'] }))).toEqual([
          { id: 'retry-on-healthy-node', nodeNames: ['dgx-07'] },
        ]);
      }
    });

    it('asks to resubmit when the policy does not rerun it, or is unknown', () => {
      expect(decideRecommendations(context('NODE_FAILURE', { restartPolicy: 'Never', nodeNames: ['dgx-07', 'dgx-08'] }))).toEqual([
        { id: 'resubmit-on-healthy-node', restartPolicy: 'Never', nodeNames: ['dgx-07', 'dgx-08'] },
      ]);
      expect(decideRecommendations(context('NODE_FAILURE'))).toEqual([{ id: 'resubmit-on-healthy-node', restartPolicy: null, nodeNames: [] }]);
    });
  });

  it('quotes the policy for SCHEDULING_POLICY_TERMINATED', () => {
    expect(decideRecommendations(context('SCHEDULING_POLICY_TERMINATED', { policyText: 'idle timeout 2h' }))).toEqual([
      { id: 'review-stop-policy', policyText: 'idle timeout 2h' },
    ]);
  });

  describe('UNKNOWN', () => {
    it('after Tier 2: the kernel log for an unexplained kill, the full log otherwise', () => {
      expect(ids(context('UNKNOWN', { tier2Used: true, killedBySignalUnexplained: true }))).toEqual(['check-kernel-log']);
      expect(decideRecommendations(context('UNKNOWN', { tier2Used: true, podName: 'trainer-0', namespace: 'runai-ml' }))).toEqual([
        { id: 'read-full-log', logsCommand: 'kubectl logs trainer-0 --previous -n runai-ml' },
      ]);
    });

    it('with Tier 1 only: the causes of a kill to rule out, or the pod to inspect', () => {
      expect(ids(context('UNKNOWN', { killedBySignalUnexplained: true }))).toEqual(['check-kill-causes']);
      expect(decideRecommendations(context('UNKNOWN', { podName: 'trainer-0', namespace: 'runai-ml' }))).toEqual([
        { id: 'inspect-pod', describeCommand: 'kubectl describe pod trainer-0 -n runai-ml' },
      ]);
    });
  });

  describe('after the category advice', () => {
    it("adds what the quoted log line calls for: CUDA out of memory is the GPU's memory, not the CPU limit", () => {
      expect(ids(context('CRASH_APP_ERROR', { tier2Used: true, logCommand: 'kubectl logs t -n n --previous', logHint: 'cuda-oom' }))).toEqual([
        'fix-from-log-line',
        'gpu-memory-not-cpu-limit',
        'reduce-gpu-memory',
        'reduce-cuda-fragmentation',
      ]);
      expect(ids(context('UNKNOWN', { tier2Used: true, logHint: 'launcher' }))).toEqual(['read-full-log', 'find-failing-rank-error']);
    });

    it('adds nothing for a log line that names no cause', () => {
      expect(ids(context('CRASH_APP_ERROR', { tier2Used: true, logCommand: 'kubectl logs t --previous', logHint: 'exception' }))).toEqual([
        'fix-from-log-line',
      ]);
    });

    it('ends with the recurrence, only when the failure recurs', () => {
      const recurring = decideRecommendations(context('OOM_KILLED', { recurrence: { count: 3, lookbackDays: 7, recurring: true } }));
      expect(recurring.at(-1)).toEqual({ id: 'fix-recurring-cause', count: 3, lookbackDays: 7, category: 'OOM_KILLED' });
      expect(ids(context('OOM_KILLED', { recurrence: { count: 1, lookbackDays: 7, recurring: false } }))).not.toContain('fix-recurring-cause');
      expect(ids(context('OOM_KILLED'))).not.toContain('fix-recurring-cause');
    });
  });
});
