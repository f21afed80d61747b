import { describe, expect, it } from 'vitest';
import { CATEGORIES, ROUTES, STOP_REASONS } from '../../functions/core/verdict.js';
import type { Category } from '../../functions/core/verdict.js';
import type { Fact } from '../../functions/diagnosis/model/Fact.js';
import type { ImagePullCause } from '../../functions/diagnosis/model/Signal.js';
import { decideRecommendations, type RecommendationContext } from '../../functions/diagnosis/recommend/decideRecommendations.js';
import { renderRecommendation } from '../../functions/diagnosis/model/Recommendation.js';
import type { NeedsInputReason } from '../../functions/diagnosis/model/VerdictMessages.js';
import { messagesEn } from '../../functions/report/messagesEn.js';
import { messagesFr } from '../../functions/report/messagesFr.js';
import type { LogHint } from '../../functions/diagnosis/model/LogHint.js';
import type { Tier2Limitation } from '../../functions/diagnosis/model/Tier2Evidence.js';

const GiB = 2 ** 30;

/** One sample per Fact variant; the Record type makes the compiler flag a missing variant. */
const FACTS: { [K in Fact['type']]: { fact: Extract<Fact, { type: K }>; quotedInputs: string[]; plainInputs: string[] } } = {
  event: {
    fact: { type: 'event', reason: 'OOMKilled', message: 'Container trainer was OOM killed', objectName: 'training-job-42-0', repeats: 3 },
    quotedInputs: ['Container trainer was OOM killed'],
    plainInputs: ['OOMKilled', 'training-job-42-0', '×3'],
  },
  phase: {
    fact: { type: 'phase', phase: 'Failed', phaseReason: 'PodFailed', phaseMessage: 'pod exited' },
    quotedInputs: ['pod exited'],
    plainInputs: ['Failed', 'PodFailed'],
  },
  condition: {
    fact: { type: 'condition', conditionType: 'Ready', status: 'False', reason: 'ContainersNotReady', message: 'containers with unready status' },
    quotedInputs: ['containers with unready status'],
    plainInputs: ['Ready=False', 'ContainersNotReady'],
  },
  pod: {
    fact: { type: 'pod', podName: 'training-job-42-0', k8sPhase: 'OOMKilled', nodeName: 'gpu-node-7', memoryLimitBytes: 32 * GiB },
    quotedInputs: [],
    plainInputs: ['training-job-42-0', 'OOMKilled', 'gpu-node-7', '32 GiB'],
  },
  'history-event': {
    fact: { type: 'history-event', reason: 'Evicted', message: 'node gpu-node-7 NotReady', repeats: 2 },
    quotedInputs: ['node gpu-node-7 NotReady'],
    plainInputs: ['Evicted', '×2'],
  },
  'history-phase': {
    fact: { type: 'history-phase', phase: 'Failed', phaseMessage: 'job failed after 3 retries' },
    quotedInputs: ['job failed after 3 retries'],
    plainInputs: ['Failed'],
  },
  'pending-scheduling': {
    fact: { type: 'pending-scheduling', nodePool: 'a100-pool', reason: '0/4 nodes are available', userMessage: 'insufficient GPUs' },
    quotedInputs: ['0/4 nodes are available', 'insufficient GPUs'],
    plainInputs: ['a100-pool'],
  },
  'spec-memory': {
    fact: { type: 'spec-memory', requestBytes: 32 * GiB, limitBytes: 32 * GiB },
    quotedInputs: [],
    plainInputs: ['32 GiB / 32 GiB'],
  },
  'spec-image': {
    fact: { type: 'spec-image', image: 'registry.example.com/ml/trainer:1.2' },
    quotedInputs: ['registry.example.com/ml/trainer:1.2'],
    plainInputs: [],
  },
  'spec-restart-policy': {
    fact: { type: 'spec-restart-policy', restartPolicy: 'OnFailure', backoffLimit: 6 },
    quotedInputs: [],
    plainInputs: ['OnFailure', '6'],
  },
  'spec-command': {
    fact: { type: 'spec-command', command: 'python train.py --epochs 3' },
    quotedInputs: ['python train.py --epochs 3'],
    plainInputs: [],
  },
  'metrics-peak': {
    fact: { type: 'metrics-peak', peakBytes: 30 * GiB, limitBytes: 32 * GiB, samples: 12 },
    quotedInputs: [],
    plainInputs: ['30 GiB', '94 %', '32 GiB', '12'],
  },
  'metrics-empty': { fact: { type: 'metrics-empty' }, quotedInputs: [], plainInputs: [] },
  'memory-shape': {
    fact: { type: 'memory-shape', shape: 'steady-climb', sparkline: '▁▂▃▄▅▆▇█', scaledTo: 'limit', samples: 12 },
    quotedInputs: [],
    plainInputs: ['▁▂▃▄▅▆▇█', '12'],
  },
  'exit-code': {
    fact: { type: 'exit-code', exitCode: 137, meaning: 'sigkill', quoted: 'Exit Code: 137' },
    quotedInputs: ['Exit Code: 137'],
    plainInputs: ['137'],
  },
  'no-pods': { fact: { type: 'no-pods' }, quotedInputs: [], plainInputs: [] },
  'container-terminated': {
    fact: {
      type: 'container-terminated',
      podName: 'trainer-0',
      container: 'trainer',
      init: false,
      previous: true,
      exitCode: 137,
      meaning: 'sigkill',
      reason: 'OOMKilled',
      message: 'out of memory',
      restartCount: 3,
    },
    quotedInputs: ['out of memory'],
    plainInputs: ['trainer-0', 'trainer', '137', 'SIGKILL', 'OOMKilled', '3'],
  },
  'container-waiting': {
    fact: {
      type: 'container-waiting',
      podName: 'trainer-0',
      container: 'fetch-data',
      init: true,
      reason: 'CrashLoopBackOff',
      message: 'back-off 5m0s restarting failed container',
      restartCount: 4,
    },
    quotedInputs: ['back-off 5m0s restarting failed container'],
    plainInputs: ['trainer-0', 'fetch-data', 'CrashLoopBackOff', '4'],
  },
  'pod-status': {
    fact: {
      type: 'pod-status',
      podName: 'trainer-0',
      phase: 'Failed',
      reason: 'Evicted',
      message: 'The node was low on resource: memory.',
      nodeName: 'dgx-07',
    },
    quotedInputs: ['The node was low on resource: memory.'],
    plainInputs: ['trainer-0', 'Failed', 'Evicted', 'dgx-07'],
  },
  'node-condition': {
    fact: {
      type: 'node-condition',
      nodeName: 'dgx-07',
      conditionType: 'MemoryPressure',
      status: 'True',
      reason: 'KubeletHasInsufficientMemory',
      message: 'kubelet has insufficient memory available',
    },
    quotedInputs: ['kubelet has insufficient memory available'],
    plainInputs: ['dgx-07', 'MemoryPressure=True', 'KubeletHasInsufficientMemory'],
  },
  'log-line': {
    fact: {
      type: 'log-line',
      podName: 'trainer-0',
      container: 'trainer',
      previous: true,
      line: 'torch.OutOfMemoryError: CUDA out of memory.',
      fallback: false,
    },
    quotedInputs: ['torch.OutOfMemoryError: CUDA out of memory.'],
    plainInputs: ['trainer-0', 'trainer'],
  },
};

const NEEDS_INPUT_REASONS: NeedsInputReason[] = ['missing-cluster', 'missing-workload', 'no-terminal-candidate', 'no-active-candidate', 'not-found'];
const IMAGE_PULL_CAUSES: (ImagePullCause | null)[] = ['manifest', 'network', 'auth', 'access_denied', 'unspecified', null];

/** Phrases that would betray an untranslated English sentence. */
const ENGLISH_LEFTOVERS = [
  ' the ',
  'The ',
  'failed with',
  'Evidence',
  ' was ',
  ' could not',
  ' with ',
  ' and ',
  ' no ',
  'No ',
  ' is ',
  'Recurring',
  'Check ',
  'Fix ',
];

function context(category: Category, overrides: Partial<RecommendationContext> = {}): RecommendationContext {
  return {
    category,
    imagePullCause: null,
    image: 'registry.example.com/ml/trainer:1.2',
    limitBytes: 32 * GiB,
    peakBytes: null,
    restartPolicy: 'Never',
    nodeNames: ['gpu-node-7'],
    namespace: 'runai-ml-team',
    podName: 'training-job-42-0',
    exitCode: 1,
    policyText: 'idle timeout 2h',
    killedBySignalUnexplained: false,
    recurrence: null,
    ...overrides,
  };
}

/** The recommendations decided for a context, in French. */
function recommendFr(context: RecommendationContext): string[] {
  return decideRecommendations(context).map((recommendation) => renderRecommendation(messagesFr.recommendation, recommendation));
}

function allRecommendations(): string[] {
  const out: string[] = [];
  for (const category of CATEGORIES) out.push(...recommendFr(context(category)));
  for (const imagePullCause of IMAGE_PULL_CAUSES) out.push(...recommendFr(context('IMAGE_PULL_FAILED', { imagePullCause })));
  out.push(...recommendFr(context('OOM_KILLED', { limitBytes: null })));
  out.push(...recommendFr(context('OOM_KILLED', { peakBytes: 30 * GiB })));
  out.push(...recommendFr(context('NODE_FAILURE', { restartPolicy: 'OnFailure' })));
  out.push(...recommendFr(context('UNKNOWN', { killedBySignalUnexplained: true })));
  // Tier 2 variants: with a quoted log line and every log hint, without a log, probe kills, UNKNOWN after Tier 2.
  const logCommand = 'kubectl logs training-job-42-0 -n runai-ml-team --previous';
  for (const logHint of LOG_HINTS) out.push(...recommendFr(context('CRASH_APP_ERROR', { tier2Used: true, logCommand, logHint })));
  out.push(...recommendFr(context('CRASH_APP_ERROR', { tier2Used: true, logCommand: null })));
  out.push(...recommendFr(context('CRASH_APP_ERROR', { tier2Used: true, probeKill: true, logCommand })));
  out.push(...recommendFr(context('INIT_FAILED', { tier2Used: true, logCommand })));
  out.push(...recommendFr(context('UNKNOWN', { tier2Used: true, killedBySignalUnexplained: true })));
  out.push(...recommendFr(context('UNKNOWN', { tier2Used: true })));
  return out;
}

const LOG_HINTS: LogHint[] = ['cuda-oom', 'nccl', 'cuda-error', 'segfault', 'shm', 'killed', 'exception', 'launcher', 'error'];
const TIER2_LIMITATIONS: Tier2Limitation[] = [
  ...(['pod', 'events', 'logs', 'node'] as const).flatMap((read) =>
    (['not-found', 'no-previous', 'unauthorized', 'forbidden', 'bad-request', 'unavailable', 'timeout', 'network', 'bad-response', 'credentials'] as const).map(
      (reason): Tier2Limitation => ({ type: 'read-failed', read, command: 'kubectl describe pod trainer-0 -n runai-ml', reason }),
    ),
  ),
  { type: 'no-namespace' },
  { type: 'no-pod' },
  { type: 'invalid-name', what: 'pod', name: 'Bad_Name' },
  { type: 'no-failed-container', podName: 'trainer-0' },
  { type: 'log-empty', command: 'kubectl logs trainer-0 -n runai-ml' },
  { type: 'log-truncated', command: 'kubectl logs trainer-0 -n runai-ml', bytes: 65536 },
  { type: 'no-node' },
  { type: 'pods-capped', inspected: 3, total: 8 },
  { type: 'pods-list-failed', command: 'kubectl get pods -n runai-ml -l workloadName=trainer', reason: 'unlabelled' },
  { type: 'pods-list-partial', command: 'kubectl get pods -n runai-ml -l workloadName=trainer', listed: 1000, total: 1200 },
];

function allLimitations(): string[] {
  const l = messagesFr.limitation;
  return [
    l.eventsUnavailable('HTTP 503'),
    l.podsUnavailable('HTTP 503'),
    l.noPods(),
    l.specUnavailable('HTTP 404'),
    l.specUnknownType('distributed'),
    l.specUnknownType(null),
    l.historyUnavailable('timeout'),
    l.historyPageCap(20),
    l.historyBudget(1234, 32),
    l.recurrenceLowerBound(3, 7),
    l.metricsUnavailable('HTTP 500'),
    l.metricsPartial(),
    l.metricsEmpty(),
    l.memoryLimitUnknown(),
    l.tier2Unavailable(),
    l.preemptionNotRuledOut(),
    l.listTruncated(10),
    l.unrecognisedWarnings([
      { reason: 'FailedCreatePod', count: 3 },
      { reason: 'MPIJobFailed', count: 1 },
    ]),
    ...TIER2_LIMITATIONS.map((limitation) => l.tier2(limitation)),
  ];
}

function allMessages(): string[] {
  return [
    ...CATEGORIES.map((category) =>
      messagesFr.messageDiagnosed({ name: 'training-job-42', category, recurrence: { count: 3, lookbackDays: 7, recurring: true } }),
    ),
    ...ROUTES.map((route) => messagesFr.messageRouted({ name: 'training-job-42', phase: 'Pending', route })),
    ...STOP_REASONS.map((stopReason) =>
      messagesFr.messageStopped({ name: 'training-job-42', phase: 'Running', stopReason, requestedClusterId: 'cluster-a', actualClusterId: 'cluster-b' }),
    ),
    ...NEEDS_INPUT_REASONS.map((reason) =>
      messagesFr.messageNeedsInput({ reason, clusterId: 'cluster-a', workloadId: 'wl-123', name: 'training-job-42', project: 'ml-team' }),
    ),
    messagesFr.optionBSelection({ name: 'training-job-42', project: 'ml-team', matches: 2, selectedPhase: 'Failed', intent: 'terminal' }),
    messagesFr.optionBSelection({ name: 'training-job-42', project: 'ml-team', matches: 1, selectedPhase: 'Running', intent: 'active' }),
    messagesFr.recommendation['fix-recurring-cause']({ id: 'fix-recurring-cause', count: 3, lookbackDays: 7, category: 'OOM_KILLED' }),
    messagesFr.report.recurrenceLine({ count: 3, lookbackDays: 7, category: 'OOM_KILLED', recurring: true }),
    messagesFr.report.recurrenceLine({ count: 1, lookbackDays: 1, category: 'OOM_KILLED', recurring: false }),
  ];
}

describe('messagesFr', () => {
  it('is the French locale', () => {
    expect(messagesFr.locale).toBe('fr');
  });

  describe('facts', () => {
    for (const [type, { fact, quotedInputs, plainInputs }] of Object.entries(FACTS)) {
      it(`renders ${type} in French with its inputs`, () => {
        const text = messagesFr.fact(fact as Fact);
        expect(text.trim().length).toBeGreaterThan(0);
        expect(text).not.toBe(messagesEn.fact(fact as Fact));
        for (const input of quotedInputs) expect(text).toContain(`« ${input} »`);
        for (const input of plainInputs) expect(text).toContain(input);
        expect(text).not.toMatch(/[“”]/);
      });
    }

    it('uses the reference French phrasings for the example report lines', () => {
      expect(messagesFr.fact(FACTS.event.fact)).toMatch(/^Raison de l'événement : OOMKilled ; message : « Container trainer was OOM killed »/);
      expect(messagesFr.fact(FACTS['spec-memory'].fact)).toBe('Demande/limite de mémoire soumise : 32 GiB / 32 GiB');
      expect(messagesFr.fact({ ...FACTS.pod.fact, nodeName: null })).toBe('Pod training-job-42-0 k8sPhase : OOMKilled ; limite de mémoire : 32 GiB');
      expect(messagesFr.fact(FACTS['metrics-empty'].fact)).toContain("Aucun échantillon de mémoire CPU n'a été enregistré avant la terminaison");
    });

    it('renders optional parts only when present', () => {
      expect(messagesFr.fact({ type: 'event', reason: 'BackOff', message: 'm', objectName: null, repeats: 1 })).toBe(
        "Raison de l'événement : BackOff ; message : « m »",
      );
      expect(messagesFr.fact({ type: 'phase', phase: 'Failed', phaseReason: null, phaseMessage: null })).toBe('Phase : Failed');
      expect(messagesFr.fact({ type: 'condition', conditionType: 'Ready', status: null, reason: null, message: null })).toBe('Condition Ready=inconnu');
      expect(messagesFr.fact({ type: 'spec-memory', requestBytes: null, limitBytes: null })).toBe(
        'Demande/limite de mémoire soumise : non définie / non définie',
      );
      expect(messagesFr.fact({ type: 'metrics-peak', peakBytes: 512 * 2 ** 20, limitBytes: null, samples: 1 })).toContain('512 MiB');
    });
  });

  describe('recommendations', () => {
    for (const category of CATEGORIES) {
      it(`gives at least one recommendation for ${category}`, () => {
        const recommendations = recommendFr(context(category));
        expect(recommendations.length).toBeGreaterThanOrEqual(1);
        for (const text of recommendations) expect(text.trim().length).toBeGreaterThan(0);
      });
    }

    it('uses the reference French phrasings for OOM_KILLED', () => {
      expect(recommendFr(context('OOM_KILLED'))).toEqual([
        'Profilez la mémoire et augmentez la limite 32 GiB avec un headroom suffisant avant de relancer.',
        expect.stringMatching(/^Enquêtez sur la taille du batch et la croissance/),
        "Vérifiez que les variables d'environnement obsolètes ne remplacent pas la taille du batch.",
      ]);
      expect(recommendFr(context('OOM_KILLED', { peakBytes: 30 * GiB }))[0]).toContain('30 GiB');
    });

    it('gives a distinct recommendation for each image pull cause, quoting the image', () => {
      const texts = IMAGE_PULL_CAUSES.map((imagePullCause) => recommendFr(context('IMAGE_PULL_FAILED', { imagePullCause }))[0]);
      expect(new Set(texts.slice(0, 5)).size).toBe(5);
      expect(texts[0]).toContain('« registry.example.com/ml/trainer:1.2 »');
      expect(texts[3]).toContain('« pull access denied »');
    });

    it('keeps kubectl commands verbatim', () => {
      expect(recommendFr(context('INIT_FAILED'))[0]).toContain('kubectl logs training-job-42-0 -c <init-container> --previous -n runai-ml-team');
      expect(recommendFr(context('CRASH_APP_ERROR'))[0]).toContain('kubectl logs training-job-42-0 --previous -n runai-ml-team');
      expect(recommendFr(context('UNKNOWN'))[0]).toContain('kubectl describe pod training-job-42-0 -n runai-ml-team');
    });

    it('quotes the policy text for SCHEDULING_POLICY_TERMINATED', () => {
      expect(recommendFr(context('SCHEDULING_POLICY_TERMINATED'))[0]).toContain('« idle timeout 2h »');
    });
  });

  describe('outcome messages', () => {
    for (const route of ROUTES) {
      it(`routes to ${route}`, () => {
        const text = messagesFr.messageRouted({ name: 'training-job-42', phase: 'Pending', route });
        expect(text).toContain(route);
        expect(text).toContain('training-job-42');
      });
    }

    for (const stopReason of STOP_REASONS) {
      it(`explains stop reason ${stopReason}`, () => {
        const text = messagesFr.messageStopped({
          name: 'training-job-42',
          phase: 'Running',
          stopReason,
          requestedClusterId: 'cluster-a',
          actualClusterId: 'cluster-b',
        });
        expect(text.trim().length).toBeGreaterThan(0);
        expect(text).toContain('training-job-42');
      });
    }

    it('names both clusters on CLUSTER_MISMATCH', () => {
      const text = messagesFr.messageStopped({
        name: 'j',
        phase: 'Failed',
        stopReason: 'CLUSTER_MISMATCH',
        requestedClusterId: 'cluster-a',
        actualClusterId: 'cluster-b',
      });
      expect(text).toContain('cluster-a');
      expect(text).toContain('cluster-b');
    });

    for (const reason of NEEDS_INPUT_REASONS) {
      it(`asks for input on ${reason}`, () => {
        const text = messagesFr.messageNeedsInput({ reason, clusterId: 'cluster-a', workloadId: 'wl-123', name: 'training-job-42', project: 'ml-team' });
        expect(text.trim().length).toBeGreaterThan(0);
        expect(text).not.toContain('null');
      });
    }

    it('names the category in diagnosed messages and reports recurrence', () => {
      for (const category of CATEGORIES) {
        const text = messagesFr.messageDiagnosed({ name: 'training-job-42', category, recurrence: { count: 3, lookbackDays: 7, recurring: true } });
        expect(text).toContain(category);
        expect(text).toContain('3 défaillances en 7 jours');
      }
      expect(messagesFr.messageDiagnosed({ name: 'j', category: 'OOM_KILLED', recurrence: { count: 1, lookbackDays: 7, recurring: false } })).not.toContain(
        'Récurrent',
      );
    });
  });

  describe('report', () => {
    it('uses the reference French labels', () => {
      const { report } = messagesFr;
      expect(report.category).toBe('Catégorie');
      expect(report.outcome).toBe('Résultat');
      expect(report.workload).toBe('Workload');
      expect(report.phase).toBe('Phase');
      expect(report.project).toBe('Projet');
      expect(report.evidence).toBe('Preuves');
      expect(report.history).toBe('Historique');
      expect(report.recommendation).toBe('Recommandation');
      expect(report.limitations).toBe('Limites');
      expect(report.source).toBe('source');
      expect(report.none).toBe('aucune');
      expect(report.historyUnknown.trim().length).toBeGreaterThan(0);
    });

    it('renders recurrence lines in the reference French wording', () => {
      expect(messagesFr.report.recurrenceLine({ count: 3, lookbackDays: 7, category: 'OOM_KILLED', recurring: true })).toBe(
        '3 défaillances OOM_KILLED au cours des 7 derniers jours — récurrentes.',
      );
      expect(messagesFr.report.recurrenceLine({ count: 1, lookbackDays: 7, category: 'OOM_KILLED', recurring: false })).toBe(
        '1 défaillance OOM_KILLED au cours des 7 derniers jours — ponctuelle.',
      );
      expect(messagesFr.report.recurrenceLine({ count: 1, lookbackDays: 1, category: 'OOM_KILLED', recurring: false })).toContain('au cours du dernier jour');
    });

    it('renders every limitation, with its detail', () => {
      for (const text of allLimitations()) expect(text.trim().length).toBeGreaterThan(0);
      expect(messagesFr.limitation.eventsUnavailable('HTTP 503')).toContain('HTTP 503');
      expect(messagesFr.limitation.specUnknownType('distributed')).toContain('« distributed »');
      expect(messagesFr.limitation.historyPageCap(20)).toContain('20');
    });

    it('prefixes also-observed text', () => {
      expect(messagesFr.alsoObserved('X')).toBe('Également observé : X');
    });
  });

  describe('French typography and no English leftovers', () => {
    const factTexts = Object.values(FACTS).map(({ fact }) => messagesFr.fact(fact as Fact));
    // Strip quoted cluster text («…») and kubectl commands, which stay untranslated on purpose.
    const strip = (text: string) => text.replace(/« [^»]* »/g, '«»').replace(/kubectl[^)(.]*/g, 'kubectl');
    const samples = [...allMessages(), ...allRecommendations(), ...allLimitations(), ...factTexts];

    it('contains no English phrasing', () => {
      for (const text of samples) {
        const bare = ` ${strip(text)} `;
        for (const leftover of ENGLISH_LEFTOVERS) expect(bare, text).not.toContain(leftover);
      }
    });

    it('uses guillemets, never English curly quotes', () => {
      for (const text of samples) expect(text).not.toMatch(/[“”"]/);
    });

    it('puts a space before every colon and semicolon (outside identifiers and quotes)', () => {
      for (const text of samples) {
        const bare = strip(text)
          .replace(/Run:ai/g, 'Runai')
          .replace(/\d+:\d+/g, '');
        expect(bare, text).not.toMatch(/\S[:;](\s|$)/);
      }
    });
  });
});
