/**
 * The rules the upstream signal corpus called for, on the table level and through the
 * verdict: controller exit reports are direct exit signals, GPU runtime and sandbox
 * failures are node-side, a config error is a data source only when it names one, text an
 * application wrote never decides, long messages are elided around their decisive part,
 * and UNKNOWN names the Warning reasons it could not read.
 */
import { describe, expect, it } from 'vitest';
import { analyseWorkload } from '../../functions/diagnosis/classify/analyseWorkload.js';
import { buildDiagnosedVerdict } from '../../functions/diagnosis/verdict/buildDiagnosedVerdict.js';
import { countUnrecognisedWarnings } from '../../functions/diagnosis/signals/countUnrecognisedWarnings.js';
import { classifyImagePull, matchReasonRow, readSystemMessage } from '../../functions/diagnosis/signals/extractSignals.js';
import { quoteMessage } from '../../functions/diagnosis/signals/quoteEvidence.js';
import { EVENT_REASON_TABLE, K8S_PHASE_TABLE, PHASE_MESSAGE_TABLE } from '../../functions/diagnosis/signals/signalTables.js';
import type { WorkloadEvidence } from '../../functions/diagnosis/model/WorkloadEvidence.js';
import { messagesEn } from '../../functions/report/messagesEn.js';
import { messagesFr } from '../../functions/report/messagesFr.js';
import { DAY, evidenceOf, HOUR, NOW_MS, podEvent } from './workloadEvidenceKit.js';

const HOOK_FAILURE =
  "Error: failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: error during container init: error running prestart hook #0: exit status 1, stdout: , stderr: Auto-detected mode as 'legacy'\nnvidia-container-cli: initialization error: nvml error: driver not loaded: unknown";

function diagnose(evidence: WorkloadEvidence, messages = messagesEn) {
  return buildDiagnosedVerdict(evidence, analyseWorkload(evidence), { lookbackMs: 7 * DAY, nowMs: NOW_MS, messages });
}

describe('every table row cites its upstream source', () => {
  it.each([...EVENT_REASON_TABLE, ...K8S_PHASE_TABLE, ...PHASE_MESSAGE_TABLE].map((row, index) => [index, row.upstream] as const))(
    'row %i: %s',
    (_index, upstream) => {
      expect(upstream).toMatch(/^[\w.-]+\/[\w.-]+ \S/);
    },
  );
});

describe('controller exit reports', () => {
  it.each([
    ['ExitedWithCode', 'Pod: runai-ml.trainer-master-0 exited with code 2', 'CONTAINER_CRASH', 2],
    ['ExitedWithCode', 'Pod: runai-ml.trainer-master-0 exited with code 137', 'EXIT_SYSTEM_SIGNAL', 137],
    ['ExitCode1', 'Container failed with: Traceback …', 'CONTAINER_CRASH', 1],
    ['PodFailurePolicy', 'Container trainer for pod runai-ml/trainer-0 failed with exit code 42 matching FailJob rule at index 0', 'CONTAINER_CRASH', 42],
    ['AppFailed', 'Job entrypoint command failed with exit code 143. Last available logs', 'EXIT_SYSTEM_SIGNAL', 143],
  ])('%s %j → %s (exit %i)', (reason, message, kind, exitCode) => {
    expect(matchReasonRow(reason, message, null)).toMatchObject({ kind, exitCode });
  });

  it('a reported exit 0 is recognised and says nothing', () => {
    expect(matchReasonRow('ExitedWithCode', 'Pod: runai-ml.trainer-master-0 exited with code 0', null)).toMatchObject({ kind: null, exitCode: 0 });
  });

  it("never reads an OCI hook's own exit status, nor KubeRay's submitter exit, as the workload's", () => {
    expect(readSystemMessage(HOOK_FAILURE)).toMatchObject({ kinds: ['NODE_START_FAILURE'], exitCode: null });
    expect(readSystemMessage('Ray head pod container ray-job-submitter terminated with exit code 1: Error', { ignoreExitCode: true }).kinds).toEqual([]);
    expect(matchReasonRow('SubmissionFailed', 'Ray head pod container ray-job-submitter terminated with exit code 1: Error', null)).toMatchObject({
      kind: 'UNCATEGORISED',
      foreignExitCode: true,
    });
  });
});

describe('node-side start failures and config errors', () => {
  it.each([
    ['Failed', HOOK_FAILURE, 'NODE_START_FAILURE'],
    [
      'FailedCreatePodSandBox',
      'Failed to create pod sandbox: rpc error: code = Unknown desc = failed to setup network for sandbox "8c2e": plugin type="calico" failed (add)',
      'NODE_START_FAILURE',
    ],
    [
      'UnexpectedAdmissionError',
      'Allocate failed due to requested number of devices unavailable for nvidia.com/gpu. Requested: 1, Available: 0, which is unexpected',
      'NODE_START_FAILURE',
    ],
    ['Failed', "Error: couldn't find key HF_TOKEN in Secret runai-ml/hf-token", 'MOUNT_FAILED'],
    ['CreateContainerConfigError', 'secret "hf-token" not found', 'MOUNT_FAILED'],
    ['CreateContainerConfigError', 'container has runAsNonRoot and image will run as root', 'CONTAINER_START_ERROR'],
    ['Failed', 'Error: container has runAsNonRoot and image will run as root (pod: "x", container: trainer)', 'CONTAINER_START_ERROR'],
    [
      'Failed',
      'Error: failed to create containerd task: … error during container init: exec: "trainx": executable file not found in $PATH: unknown',
      'CONTAINER_CRASH',
    ],
    ['Killing', 'Container trainer failed liveness probe, will be restarted', 'PROBE_KILL'],
    // restartPolicy Never: computePodActions appends ", will be restarted" only when it restarts the container.
    ['Killing', 'Container trainer failed liveness probe', 'PROBE_KILL'],
    ['Killing', 'Container trainer failed startup probe', 'PROBE_KILL'],
  ])('%s %j → %s', (reason, message, kind) => {
    expect(matchReasonRow(reason, message, 'kubelet')?.kind).toBe(kind);
  });

  it('a GPU runtime failure is NODE_FAILURE with the driver line quoted first, even inside a long message', () => {
    const verdict = diagnose(evidenceOf({ events: { ok: true, value: [podEvent('Failed', `${HOOK_FAILURE} ${'x'.repeat(300)}`, HOUR)] } }));
    expect(verdict.category).toBe('NODE_FAILURE');
    expect(verdict.evidence[0]?.text).toContain('nvidia-container-cli: initialization error: nvml error: driver not loaded');
  });

  it('a malformed image reference is never reported as a tag the registry does not have', () => {
    expect(classifyImagePull('couldn\'t parse image reference "r.example/ml/Trainer:1": invalid reference format: repository name must be lowercase')).toBe(
      'invalid_reference',
    );
    const verdict = diagnose(
      evidenceOf({
        events: {
          ok: true,
          value: [
            podEvent(
              'InspectFailed',
              'Failed to apply default image tag "r.example/ml/Trainer:1": couldn\'t parse image reference "r.example/ml/Trainer:1": invalid reference format',
              HOUR,
            ),
          ],
        },
      }),
    );
    expect(verdict.category).toBe('IMAGE_PULL_FAILED');
    expect(verdict.recommendations.join(' ')).not.toMatch(/registry says/i);
    expect(verdict.recommendations[0]).toMatch(/malformed/);
  });
});

describe('application text never decides', () => {
  it('a CUDA out-of-memory termination message under a structured exit 1 is a crash, not an OOM kill', () => {
    const reading = readSystemMessage(
      'Pod trainer-0 failed: container trainer terminated with exit code 1 (Error): RuntimeError: CUDA out of memory. OOMKilled NodeNotReady',
    );
    expect(reading.kinds).toEqual(['CONTAINER_CRASH']);
    expect(readSystemMessage('Container failed with: OOMKilled by the node').kinds).toEqual([]);
  });
});

describe('quoting a long message', () => {
  it('elides around the decisive part when it sits in the middle, keeps head and tail otherwise', () => {
    const text = `${'a'.repeat(300)} DECISIVE PART ${'z'.repeat(300)}`;
    const focused = quoteMessage(text, 'DECISIVE PART');
    expect(focused).toContain('DECISIVE PART');
    expect(Array.from(focused).length).toBeLessThanOrEqual(362);
    expect(quoteMessage(text)).not.toContain('DECISIVE PART');
    expect(quoteMessage(text, 'not in the text')).toBe(quoteMessage(text));
  });
});

describe('UNKNOWN says what it could not read', () => {
  const warnings = [
    // ("… is forbidden: …" is now read as an admission denial: these say something no row knows.)
    podEvent('FailedSyncVolume', 'something new about pod "x"', HOUR),
    podEvent('FailedSyncVolume', 'something new about pod "y"', HOUR),
    podEvent('SomethingOdd', 'odd', HOUR),
    podEvent('BackoffLimitExceeded', 'Job has reached the specified backoff limit', HOUR),
    { ...podEvent('Pulled', 'Container image already present on machine', HOUR), type: 'Normal' },
  ];

  it('counts the Warning reasons no row recognises, most frequent first, at most five', () => {
    expect(countUnrecognisedWarnings(warnings)).toEqual([
      { reason: 'FailedSyncVolume', count: 2 },
      { reason: 'SomethingOdd', count: 1 },
    ]);
    const many = Array.from({ length: 7 }, (_, i) => podEvent(`Odd${i}`, 'x', HOUR));
    expect(countUnrecognisedWarnings(many)).toHaveLength(5);
  });

  it('lists them in the limitations of an UNKNOWN verdict, in every locale', () => {
    const evidence = evidenceOf({ events: { ok: true, value: warnings } });
    const verdict = diagnose(evidence);
    expect(verdict.category).toBe('UNKNOWN');
    expect(verdict.limitations).toContain(
      'Warning events that no signal table row recognises were not read as signals: FailedSyncVolume (×2), SomethingOdd (×1).',
    );
    expect(diagnose(evidence, messagesFr).limitations.join(' ')).toContain('FailedSyncVolume (×2), SomethingOdd (×1)');
  });
});
