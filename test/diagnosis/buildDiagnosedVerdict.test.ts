import { describe, expect, it } from 'vitest';
import { analyseWorkload } from '../../functions/diagnosis/classify/analyseWorkload.js';
import { buildDiagnosedVerdict } from '../../functions/diagnosis/verdict/buildDiagnosedVerdict.js';
import type { WorkloadEvidence } from '../../functions/diagnosis/model/WorkloadEvidence.js';
import { messagesEn } from '../../functions/report/messagesEn.js';
import { messagesFr } from '../../functions/report/messagesFr.js';
import { emptyTier2Evidence } from '../../functions/diagnosis/model/Tier2Evidence.js';
import { DAY, evidenceOf, GiB, HOUR, historyEvent, NOW_MS, pod, podEvent, spec, usageSeries, workloadStatus } from './workloadEvidenceKit.js';

const context = { lookbackMs: 7 * DAY, nowMs: NOW_MS, messages: messagesEn };

function diagnose(evidence: WorkloadEvidence, messages = messagesEn) {
  return buildDiagnosedVerdict(evidence, analyseWorkload(evidence), { ...context, messages });
}

const oomEvent = podEvent('OOMKilled', 'Container trainer was OOM killed', HOUR);
const oomPod = pod({ k8sPhase: 'OOMKilled' });

describe('buildDiagnosedVerdict', () => {
  it('names the category, quotes the deciding event first, and gives the memory against the limit', () => {
    const verdict = diagnose(evidenceOf({ events: { ok: true, value: [oomEvent] }, pods: { ok: true, value: [oomPod] }, metrics: usageSeries(31 * GiB, 12) }));
    expect(verdict.outcome).toBe('diagnosed');
    expect(verdict.category).toBe('OOM_KILLED');
    expect(verdict.evidence[0]).toEqual({
      text: 'Event reason: OOMKilled; message: “Container trainer was OOM killed”; object: llama3-8b-sft-0-0',
      source: 'get_workload_status',
    });
    expect(verdict.memory).toEqual({ requestBytes: 24 * GiB, limitBytes: 32 * GiB, peakBytes: 31 * GiB });
    expect(verdict.evidence.map((item) => item.text)).toContain('Peak CPU memory usage: 31 GiB = 97% of the 32 GiB limit (12 samples)');
    expect(verdict.recommendations[0]).toBe(
      "Profile the workload's memory and raise the 32 GiB CPU memory limit with enough headroom above the observed 31 GiB peak before rerunning.",
    );
    expect(verdict.recurrence).toEqual({ count: 1, lookbackDays: 7, recurring: false });
    expect(verdict.limitations).toEqual([]);
    expect(verdict.message).toBe('llama3-8b-sft failed with OOM_KILLED: a container was killed for exceeding its memory limit.');
  });

  it('counts an earlier failure of the same category in history as a recurrence, and says so twice', () => {
    const history = { records: [historyEvent('OOMKilled', 'Container trainer was OOM killed', 3 * DAY)], pages: 1, capped: false };
    const verdict = diagnose(
      evidenceOf({
        events: { ok: true, value: [oomEvent] },
        pods: { ok: true, value: [oomPod] },
        history: { ok: true, value: history },
        metrics: usageSeries(31 * GiB, 12),
      }),
    );
    expect(verdict.recurrence).toEqual({ count: 2, lookbackDays: 7, recurring: true });
    expect(verdict.message).toContain('Recurring: 2 failures in 7 days.');
    expect(verdict.recommendations.at(-1)).toBe(
      'Recurring: 2 OOM_KILLED failures in the last 7 days: fix the cause permanently instead of rerunning unchanged.',
    );
  });

  it('names every missing memory measurement instead of inventing one', () => {
    const verdict = diagnose(
      evidenceOf({
        events: { ok: true, value: [oomEvent] },
        pods: { ok: true, value: [pod({ k8sPhase: 'OOMKilled', requestedResources: null })] },
        spec: { ok: true, value: spec({ image: 'registry.example.com/nlp/sft:1.4' }) },
        metrics: { ok: false, detail: 'HTTP 503' },
      }),
    );
    expect(verdict.memory).toEqual({ requestBytes: null, limitBytes: null, peakBytes: null });
    expect(verdict.limitations).toEqual([
      'Memory metrics could not be retrieved (HTTP 503): no peak is reported.',
      'No CPU memory limit was found in the spec, the pods or the metrics.',
    ]);
    expect(verdict.recommendations[0]).toContain('set an explicit CPU memory limit');
  });

  it('without history, reports no recurrence and states the failed read', () => {
    const verdict = diagnose(
      evidenceOf({
        events: { ok: true, value: [oomEvent] },
        pods: { ok: true, value: [oomPod] },
        history: { ok: false, detail: 'HTTP 500' },
        metrics: usageSeries(20 * GiB, 3),
      }),
    );
    expect(verdict.recurrence).toBeNull();
    expect(verdict.message).not.toContain('Recurring');
    expect(verdict.limitations).toContain('History could not be retrieved (HTTP 500): recurrence is counted from the current failure only.');
  });

  it('says Tier 2 is not configured where it would have helped (an application crash), and not once it is', () => {
    const crash = evidenceOf({
      status: workloadStatus({ phaseMessage: 'Error: container trainer exited with code 1' }),
      events: { ok: true, value: [podEvent('BackOff', 'Back-off restarting failed container trainer', HOUR)] },
      spec: { ok: true, value: spec({ image: 'registry.example.com/nlp/sft:1.4', command: 'python', args: 'train.py' }) },
    });
    const tier1 = diagnose(crash);
    expect(tier1.category).toBe('CRASH_APP_ERROR');
    expect(tier1.limitations).toContain(messagesEn.limitation.tier2Unavailable());
    expect(tier1.evidence.map((item) => item.text)).toContain('Submitted command: “python train.py”');
    expect(tier1.recommendations[0]).toContain('kubectl logs llama3-8b-sft-0-0 --previous -n runai-nlp-research');
    const withTier2 = diagnose({ ...crash, tier2: emptyTier2Evidence() });
    expect(withTier2.limitations).not.toContain(messagesEn.limitation.tier2Unavailable());
  });

  it('cites the node of a node failure with the restart policy, and asks to report the node', () => {
    const verdict = diagnose(
      evidenceOf({
        events: { ok: true, value: [podEvent('NodeNotReady', 'Node dgx-07 status is now: NodeNotReady', HOUR)] },
        spec: { ok: true, value: spec({ restartPolicy: 'OnFailure', backoffLimit: 3 }) },
      }),
    );
    expect(verdict.category).toBe('NODE_FAILURE');
    expect(verdict.evidence.map((item) => item.text)).toContain('Restart policy: OnFailure; backoff limit: 3');
    expect(verdict.recommendations).toEqual([
      'Retry on a healthy node: the restart policy is OnFailure, so a rerun can land elsewhere. Report node dgx-07 to the platform team (kubectl describe node).',
    ]);
  });

  it('writes every sentence in the catalog it is given', () => {
    const verdict = diagnose(
      evidenceOf({ events: { ok: true, value: [oomEvent] }, pods: { ok: true, value: [oomPod] }, metrics: usageSeries(31 * GiB, 12) }),
      messagesFr,
    );
    expect(verdict.message).toBe('llama3-8b-sft a échoué avec OOM_KILLED : un conteneur a été tué pour avoir dépassé sa limite de mémoire.');
    expect(verdict.evidence[0]?.text).toMatch(/^Raison de l'événement : OOMKilled/);
    expect(verdict.recommendations[0]).toMatch(/^Profilez la mémoire/);
  });

  it('carries one stable id per recommendation, in the same order, whatever the language', () => {
    const history = { records: [historyEvent('OOMKilled', 'Container trainer was OOM killed', 3 * DAY)], pages: 1, capped: false };
    const evidence = evidenceOf({
      events: { ok: true, value: [oomEvent] },
      pods: { ok: true, value: [oomPod] },
      history: { ok: true, value: history },
      metrics: usageSeries(31 * GiB, 12),
    });
    const english = diagnose(evidence);
    const french = diagnose(evidence, messagesFr);
    expect(english.recommendationIds).toHaveLength(english.recommendations.length);
    expect(english.recommendationIds[0]).toBe('raise-memory-limit');
    expect(english.recommendationIds.at(-1)).toBe('fix-recurring-cause');
    expect(french.recommendationIds).toEqual(english.recommendationIds);
  });
});
