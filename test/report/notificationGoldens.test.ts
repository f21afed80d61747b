/**
 * What a person reads outside the text report — a storm digest (subject and email text),
 * a verdict's SNS subject, the chat card of a verdict and of a digest, the PagerDuty
 * summary — kept as golden files per locale under `__golden__/`. The storm's verdicts are
 * written in the same locale, as the worker would have diagnosed them. `UPDATE_GOLDEN=1`
 * rewrites the files for review.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildChatNotification } from '../../functions/chat/buildChatNotification.js';
import { buildSnsMessage } from '../../functions/delivery/buildSnsMessage.js';
import { deliveredFromSnsNotification } from '../../functions/delivery/readDeliveredNotification.js';
import { renderDigest, type DigestEntry } from '../../functions/delivery/renderDigest.js';
import type { SnsJsonMessage, SnsNotification } from '../../functions/delivery/SnsNotification.js';
import { buildPagerDutyEvent } from '../../functions/pagerduty/buildPagerDutyEvent.js';
import type { Verdict } from '../../functions/core/verdict.js';
import { notificationWordsFor } from '../../functions/report/notificationWordsFor.js';
import { makeVerdict } from '../delivery/verdictFixture.js';

const GOLDEN_DIR = new URL('./__golden__/', import.meta.url);
const updateGolden = process.env.UPDATE_GOLDEN === '1';

function compareGolden(name: string, actual: string): void {
  const file = new URL(name, GOLDEN_DIR);
  if (updateGolden) {
    writeFileSync(file, actual);
    return;
  }
  expect(existsSync(file), `no golden ${name} (UPDATE_GOLDEN=1 writes it)`).toBe(true);
  expect(actual, `${name} differs (UPDATE_GOLDEN=1 to accept, then review the diff)`).toBe(readFileSync(file, 'utf8'));
}

/** The sentences the diagnosis would have written, per locale (the notification words are the renderer's). */
const SENTENCES = {
  en: {
    oom: (name: string) => `${name} failed with OOM_KILLED: a container was killed for exceeding its memory limit.`,
    node: (name: string) => `${name} failed with NODE_FAILURE: the node running it failed or evicted it.`,
    needsInput: 'Workload training-ghost was not found in project ml-team on cluster cluster-a.',
    recommendation: 'Profile the workload memory and raise the 32 GiB CPU memory limit before rerunning.',
    evidence: [
      { text: 'Pod training-job-42-0-0 on node gpu-node-7 has k8sPhase OOMKilled', source: 'get_workload_pods' },
      { text: 'memory limit 32Gi, request 16Gi', source: 'get_workload_spec' },
    ],
  },
  fr: {
    oom: (name: string) => `${name} a échoué avec OOM_KILLED : un conteneur a été tué pour avoir dépassé sa limite de mémoire.`,
    node: (name: string) => `${name} a échoué avec NODE_FAILURE : le nœud qui l'exécutait est tombé en panne ou l'a évincée.`,
    needsInput: 'Le workload training-ghost est introuvable dans le projet ml-team sur le cluster cluster-a.',
    recommendation: 'Profilez la mémoire et augmentez la limite de 32 GiB avant de relancer.',
    evidence: [
      { text: 'Pod training-job-42-0-0 k8sPhase : OOMKilled ; nœud : gpu-node-7', source: 'get_workload_pods' },
      { text: 'Demande/limite de mémoire soumise : 16 GiB / 32 GiB', source: 'get_workload_spec' },
    ],
  },
} as const;

type Locale = keyof typeof SENTENCES;

function nodeVerdict(locale: Locale, name: string, id: string, node: string): Verdict {
  return makeVerdict({
    category: 'NODE_FAILURE',
    workload: { id, name, project: 'ml-team', clusterId: 'cluster-a', phase: 'Failed', type: 'training' },
    evidence: [{ text: `Pod ${name}-0-0 on node ${node} was evicted: NodeNotReady`, source: 'get_workload_pods' }],
    memory: null,
    recurrence: { count: 1, lookbackDays: 7, recurring: false },
    recommendations: [],
    message: SENTENCES[locale].node(name),
  });
}

function storm(locale: Locale): DigestEntry[] {
  const words = SENTENCES[locale];
  const verdicts: Verdict[] = [
    makeVerdict({
      message: words.oom('training-job-42'),
      evidence: [...words.evidence],
      recommendations: [words.recommendation],
      recommendationIds: ['raise-memory-limit'],
    }),
    nodeVerdict(locale, 'bert-finetune', 'wl-7', 'gpu-node-7'),
    nodeVerdict(locale, 'llama-eval', 'wl-8', 'gpu-node-7'),
    nodeVerdict(locale, 'vit-sweep-3', 'wl-9', 'gpu-node-2'),
    makeVerdict({
      outcome: 'needs_input',
      category: null,
      workload: null,
      evidence: [],
      memory: null,
      recurrence: null,
      recommendations: [],
      message: words.needsInput,
    }),
  ];
  return verdicts.map((verdict, index) => ({
    key: `cluster-a#wl-${index}#2026-11-30T10:00:0${index}Z`,
    verdict,
    context: { clusterId: 'cluster-a', project: 'ml-team', ...(verdict.workload ? {} : { workloadName: 'training-ghost' }) },
  }));
}

function emailOf(notification: SnsNotification): string {
  return (JSON.parse(notification.Message) as SnsJsonMessage).default;
}

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/** As the edges do: the locale chosen once (REPORT_LOCALE), its words passed down to every renderer. */
function render(locale: Locale) {
  const words = notificationWordsFor(locale);
  const digest = renderDigest('cluster-a', storm(locale), { digestThreshold: 5, words });
  const single = storm(locale)[0]!;
  const verdictNotification = buildSnsMessage(single.verdict, 'report', { occurrenceKey: single.key }, undefined, words);
  const deliveredDigest = deliveredFromSnsNotification(digest, 'msg-digest');
  const deliveredVerdict = deliveredFromSnsNotification(verdictNotification, 'msg-verdict');
  return {
    digest: `Subject: ${digest.Subject}\n\n${emailOf(digest)}\n`,
    subject: `${verdictNotification.Subject}\n`,
    chatVerdict: json(buildChatNotification(deliveredVerdict, words)),
    chatDigest: json(buildChatNotification(deliveredDigest, words)),
    pagerDuty: [buildPagerDutyEvent(deliveredVerdict, 'routing-key', words), buildPagerDutyEvent(deliveredDigest, 'routing-key', words)]
      .map((event) => event.payload.summary)
      .join('\n')
      .concat('\n'),
  };
}

describe('notification goldens', () => {
  for (const locale of ['en', 'fr'] as const) {
    describe(locale, () => {
      const rendered = render(locale);
      it('renders the storm digest (subject and email text)', () => compareGolden(`digest.${locale}.txt`, rendered.digest));
      it("renders a verdict's SNS subject", () => compareGolden(`subject.${locale}.txt`, rendered.subject));
      it("renders a verdict's chat card", () => compareGolden(`chat-verdict.${locale}.json`, rendered.chatVerdict));
      it("renders a digest's chat card", () => compareGolden(`chat-digest.${locale}.json`, rendered.chatDigest));
      it('renders the PagerDuty summaries of a verdict and a digest', () => compareGolden(`pagerduty.${locale}.txt`, rendered.pagerDuty));
    });
  }

  it('leaves no English word in the French digest, subject and chat cards', () => {
    const french = render('fr');
    for (const [what, text] of Object.entries(french)) {
      expect(text, what).not.toMatch(/\b(failures|recurring|Counts|Nodes involved|Workloads \(recurring|Full report|Memory|History|Evidence|unidentified)\b/);
    }
    expect(french.subject).toBe('[OOM_KILLED] training-job-42 (ml-team) recurrent 3x/7j\n');
    expect(french.digest).toContain('Subject: [DIGEST] 5 echecs sur le cluster cluster-a');
  });
});
