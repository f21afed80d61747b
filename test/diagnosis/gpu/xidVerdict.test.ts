import { describe, expect, it } from 'vitest';
import { analyseWorkload } from '../../../functions/diagnosis/classify/analyseWorkload.js';
import { buildVerdict } from '../../../functions/diagnosis/verdict/buildVerdict.js';
import type { WorkloadEvidence } from '../../../functions/diagnosis/model/WorkloadEvidence.js';
import { messagesEn } from '../../../functions/report/messagesEn.js';
import { messagesFr } from '../../../functions/report/messagesFr.js';
import { DAY, evidenceOf, HOUR, NOW_MS, pod, podEvent, workloadStatus } from '../workloadEvidenceKit.js';

const verdictOf = (evidence: WorkloadEvidence, messages = messagesEn) =>
  buildVerdict(evidence, analyseWorkload(evidence), { requestedClusterId: 'cluster-a', lookbackMs: 7 * DAY, nowMs: NOW_MS, messages });

const failedWith = (phaseMessage: string) =>
  evidenceOf({ status: workloadStatus({ phase: 'Failed', phaseMessage }), pods: { ok: true, value: [pod({ k8sPhase: 'Failed', nodeName: 'dgx-b200-13' })] } });

describe('Xid decoding in a verdict', () => {
  it('makes a hardware Xid NODE_FAILURE for the platform, its line quoted first, the catalogue action recommended', () => {
    const line = 'NVRM: Xid (PCI:0000:3b:00): 79, GPU has fallen off the bus.';
    const verdict = verdictOf(failedWith(`Pod trainer-0 failed: ${line}`));
    expect([verdict.category, verdict.audience]).toEqual(['NODE_FAILURE', 'platform']);
    expect(verdict.evidence[0]?.text).toContain(line);
    expect(verdict.recommendations[0]).toContain('NVIDIA Xid 79 (GPU has fallen off the bus)');
    expect(verdict.recommendations[0]).toContain('RESTART_BM');
    const french = verdictOf(failedWith(`Pod trainer-0 failed: ${line}`), messagesFr);
    expect(french.recommendations[0]).toContain("L'Xid NVIDIA 79");
  });

  it('reads an Xid from an event whatever reason the relay gave it', () => {
    const verdict = verdictOf(
      evidenceOf({
        status: workloadStatus({ phase: 'Failed' }),
        events: { ok: true, value: [podEvent('GpuUnhealthy', 'Detected XID 48 for GPU 3', HOUR)] },
      }),
    );
    expect(verdict.category).toBe('NODE_FAILURE');
    expect(verdict.evidence[0]?.text).toContain('Detected XID 48 for GPU 3');
  });

  it('makes an application-attributable Xid CRASH_APP_ERROR for the user', () => {
    const verdict = verdictOf(failedWith('NVRM: Xid (PCI:0000:3b:00): 31, pid=12, name=python, Ch 00000008, intr 10000000. MMU Fault'));
    expect([verdict.category, verdict.audience]).toEqual(['CRASH_APP_ERROR', 'user']);
    expect(verdict.recommendations[0]).toContain('NVIDIA Xid 31');
  });

  it('names an unknown Xid as unknown and decides nothing from it', () => {
    const verdict = verdictOf(failedWith('NVRM: Xid (PCI:0000:3b:00): 999, a fault this catalogue does not know'));
    expect(verdict.category).toBe('UNKNOWN');
    expect(verdict.recommendations[0]).toContain('NVIDIA Xid 999 is not in');
  });

  it('lets no name steer: a workload named after an Xid stays what its signals say', () => {
    const verdict = verdictOf(
      evidenceOf({
        status: workloadStatus({ name: 'xid-79', phase: 'Failed', phaseMessage: 'Pod xid-79-0-0 failed: container xid-79 terminated with exit code 1' }),
      }),
    );
    expect(verdict.category).toBe('CRASH_APP_ERROR');
  });
});

describe('audience in every verdict', () => {
  it('sets it on diagnosed, routed and stopped verdicts', () => {
    const oom = verdictOf(evidenceOf({ pods: { ok: true, value: [pod({ k8sPhase: 'OOMKilled' })] } }));
    expect(oom.audience).toBe('user');
    const preempted = verdictOf(
      evidenceOf({
        status: workloadStatus({ phase: 'Stopped' }),
        events: { ok: true, value: [podEvent('Preempted', 'Preempted by higher priority workload', HOUR)] },
      }),
    );
    expect(preempted.audience).toBe('none');
    const succeeded = verdictOf(evidenceOf({ status: workloadStatus({ phase: 'Succeeded' }), pods: { ok: true, value: [pod({ k8sPhase: 'Succeeded' })] } }));
    expect(succeeded.audience).toBe('none');
  });
});
