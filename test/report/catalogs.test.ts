/**
 * Every catalog says everything: one sentence per recommendation id in every locale,
 * non-empty, carrying the values it was given, and really translated (different from the
 * English) — plus every outcome, stop reason, route and report label.
 */
import { describe, expect, it } from 'vitest';
import { CATEGORIES, ROUTES, STOP_REASONS } from '../../functions/core/verdict.js';
import { renderRecommendation, type Recommendation, type RecommendationId } from '../../functions/diagnosis/model/Recommendation.js';
import type { NeedsInputReason } from '../../functions/diagnosis/model/VerdictMessages.js';
import { LOCALES, type Messages } from '../../functions/report/Messages.js';
import { messagesFor } from '../../functions/report/messagesFor.js';

const GiB = 2 ** 30;
const POD = 'trainer-0';
const LOGS = 'kubectl logs trainer-0 -n runai-ml --previous';

/** One sample per id: the mapped type makes the compiler reject a missing id. */
const SAMPLES: { [Id in RecommendationId]: Extract<Recommendation, { id: Id }> } = {
  'raise-memory-limit': { id: 'raise-memory-limit', limitBytes: 32 * GiB, peakBytes: 31 * GiB },
  'set-memory-limit': { id: 'set-memory-limit' },
  'check-batch-memory': { id: 'check-batch-memory' },
  'check-batch-size-env': { id: 'check-batch-size-env' },
  'find-memory-growth': { id: 'find-memory-growth' },
  'find-memory-spike': { id: 'find-memory-spike' },
  'size-limit-to-working-set': { id: 'size-limit-to-working-set' },
  'act-on-hardware-xid': { id: 'act-on-hardware-xid', xid: 79, description: 'GPU has fallen off the bus', bucket: 'RESTART_BM', nodeNames: ['dgx-07'] },
  'fix-application-xid': { id: 'fix-application-xid', xid: 31, description: 'GPU memory page fault' },
  'look-up-unknown-xid': { id: 'look-up-unknown-xid', xid: 999 },
  'fix-image-name': { id: 'fix-image-name', image: 'registry.example.com/ml/trainer:1.2' },
  'fix-image-reference': { id: 'fix-image-reference', image: 'registry.example.com/ml/Trainer:1.2' },
  'check-registry-network': { id: 'check-registry-network' },
  'fix-registry-credentials': { id: 'fix-registry-credentials' },
  'verify-image-access': { id: 'verify-image-access', image: 'registry.example.com/ml/private:2' },
  'find-registry-error': { id: 'find-registry-error' },
  'fix-init-step-from-log': { id: 'fix-init-step-from-log', logCommand: 'kubectl logs trainer-0 -c fetch-data -n runai-ml --previous' },
  'read-init-logs': { id: 'read-init-logs', logsCommand: 'kubectl logs trainer-0 -c <init-container> --previous -n runai-ml' },
  'check-data-source': { id: 'check-data-source', namespace: 'runai-ml' },
  'fix-probe-kill': { id: 'fix-probe-kill', logCommand: LOGS },
  'fix-from-log-line': { id: 'fix-from-log-line', logCommand: LOGS, exit: { exitCode: 1, meaning: 'app-error' } },
  'read-unread-log': { id: 'read-unread-log', logsCommand: `kubectl logs ${POD} --previous -n runai-ml`, exit: { exitCode: 139, meaning: 'sigsegv' } },
  'read-log-without-tier2': {
    id: 'read-log-without-tier2',
    logsCommand: `kubectl logs ${POD} --previous -n runai-ml`,
    exit: { exitCode: 127, meaning: 'command-not-found' },
  },
  'fix-from-quoted-line': {
    id: 'fix-from-quoted-line',
    logsCommand: `kubectl logs ${POD} --previous -n runai-ml`,
    exit: { exitCode: 1, meaning: 'app-error' },
  },
  'raise-ephemeral-storage-limit': { id: 'raise-ephemeral-storage-limit' },
  'retry-on-healthy-node': { id: 'retry-on-healthy-node', nodeNames: ['dgx-07'] },
  'retry-after-node-removal': { id: 'retry-after-node-removal', removal: 'spot-interruption', restartPolicy: 'Never' },
  'use-on-demand-capacity': { id: 'use-on-demand-capacity' },
  'satisfy-admission-policy': { id: 'satisfy-admission-policy' },
  'resubmit-on-healthy-node': { id: 'resubmit-on-healthy-node', restartPolicy: 'Never', nodeNames: ['dgx-07', 'dgx-08'] },
  'review-stop-policy': { id: 'review-stop-policy', policyText: 'idle timeout 2h' },
  'check-kernel-log': { id: 'check-kernel-log' },
  'read-full-log': { id: 'read-full-log', logsCommand: `kubectl logs ${POD} --previous -n runai-ml` },
  'check-kill-causes': { id: 'check-kill-causes' },
  'inspect-pod': { id: 'inspect-pod', describeCommand: `kubectl describe pod ${POD} -n runai-ml` },
  'gpu-memory-not-cpu-limit': { id: 'gpu-memory-not-cpu-limit' },
  'reduce-gpu-memory': { id: 'reduce-gpu-memory' },
  'reduce-cuda-fragmentation': { id: 'reduce-cuda-fragmentation' },
  'check-nccl-peers': { id: 'check-nccl-peers' },
  'locate-cuda-error': { id: 'locate-cuda-error' },
  'check-native-code': { id: 'check-native-code' },
  'enlarge-shared-memory': { id: 'enlarge-shared-memory' },
  'check-child-process-memory': { id: 'check-child-process-memory' },
  'find-failing-rank-error': { id: 'find-failing-rank-error' },
  'fix-recurring-cause': { id: 'fix-recurring-cause', count: 3, lookbackDays: 7, category: 'OOM_KILLED' },
};

/** The values a sentence must carry verbatim, whatever the language: cluster text, commands, names, numbers. */
function valuesOf(recommendation: Recommendation): string[] {
  const values: string[] = [];
  for (const [key, value] of Object.entries(recommendation)) {
    // `removal` is an enum each catalog words in its language, not a value quoted verbatim.
    if (key === 'id' || key === 'removal' || value === null) continue;
    if (typeof value === 'string') values.push(value);
    else if (Array.isArray(value)) values.push(...value.map(String));
    else if (key === 'exit') values.push(String((value as { exitCode: number }).exitCode));
    else if (key.endsWith('Bytes')) values.push(`${Math.round((value as number) / GiB)} GiB`);
    else values.push(String(value));
  }
  return values;
}

/** Report labels that French writes exactly like English. */
const SAME_IN_EVERY_LOCALE = new Set(['workload', 'phase', 'source']);

const english = messagesFor('en');
const translations = LOCALES.filter((locale) => locale !== 'en').map(messagesFor);

describe('message catalogs', () => {
  it('has a catalog for every locale, each naming its own locale', () => {
    for (const locale of LOCALES) expect(messagesFor(locale).locale).toBe(locale);
  });

  describe.each(LOCALES.map((locale) => [locale, messagesFor(locale)] as const))('%s', (locale, messages: Messages) => {
    it('words exactly the recommendation ids the diagnosis can decide', () => {
      expect(Object.keys(messages.recommendation).sort()).toEqual(Object.keys(SAMPLES).sort());
    });

    for (const sample of Object.values(SAMPLES) as Recommendation[]) {
      it(`words ${sample.id}, with every value it is given`, () => {
        const text = renderRecommendation(messages.recommendation, sample);
        expect(text.trim().length).toBeGreaterThan(0);
        for (const value of valuesOf(sample)) expect(text, `${locale} ${sample.id}`).toContain(value);
        if (locale !== 'en') expect(text).not.toBe(renderRecommendation(english.recommendation, sample));
      });
    }
  });

  describe.each(translations.map((messages) => [messages.locale, messages] as const))('%s is translated from English', (_locale, messages: Messages) => {
    it('for every outcome message', () => {
      const pairs: [string, string][] = [
        ...CATEGORIES.map((category): [string, string] => {
          const p = { name: 'job', category, recurrence: { count: 3, lookbackDays: 7, recurring: true } };
          return [messages.messageDiagnosed(p), english.messageDiagnosed(p)];
        }),
        ...ROUTES.map((route): [string, string] => [
          messages.messageRouted({ name: 'job', phase: 'Pending', route }),
          english.messageRouted({ name: 'job', phase: 'Pending', route }),
        ]),
        ...STOP_REASONS.map((stopReason): [string, string] => {
          const p = { name: 'job', phase: 'Running', stopReason, requestedClusterId: 'a', actualClusterId: 'b' };
          return [messages.messageStopped(p), english.messageStopped(p)];
        }),
        ...(['missing-cluster', 'missing-workload', 'no-terminal-candidate', 'no-active-candidate', 'not-found'] satisfies NeedsInputReason[]).map(
          (reason): [string, string] => {
            const p = { reason, clusterId: 'a', workloadId: 'w', name: 'job', project: 'ml' };
            return [messages.messageNeedsInput(p), english.messageNeedsInput(p)];
          },
        ),
      ];
      for (const [translated, original] of pairs) {
        expect(translated.trim().length).toBeGreaterThan(0);
        expect(translated).not.toBe(original);
      }
    });

    it('for every report label but the words both languages share', () => {
      for (const [key, label] of Object.entries(messages.report)) {
        if (typeof label !== 'string') continue;
        expect(label.trim().length, key).toBeGreaterThan(0);
        if (SAME_IN_EVERY_LOCALE.has(key)) expect(label).toBe(english.report[key as keyof typeof english.report]);
        else expect(label, key).not.toBe(english.report[key as keyof typeof english.report]);
      }
    });
  });
});
