/**
 * A tie larger than Tier 2's reads (DESIGN §4.8, docs/cli-and-verdict.md "Where a distributed failure
 * started"): replicas that end in the same second, one with an exception of its own that only Tier 2's
 * log read shows, the others read to different depths. Generated over the tie's size, the origin's place
 * and what each other replica shows (a teardown's exit 143 read, an exit 1 whose log was not read, no
 * read at all), with the expectation from what was read — never from the engine:
 * - a tied replica that exited by itself (exit 1) with its log unread may hold a cause of its own: no origin;
 * - a tied replica stopped by a SIGTERM was stopped by someone: it holds up nothing;
 * - a tied replica Tier 2 did not read at all shows only the listing's status: it holds up nothing, and the
 *   verdict counts it (`unreadTied`);
 * - a cause Tier 1 already shows (an OOM kill) is not held up by unread logs.
 * Also: the order Tier 2 should read a tie in puts a replica whose evidence differs from its peers' first.
 */
import { describe, expect, it } from 'vitest';
import { analyseWorkload } from '../../functions/diagnosis/classify/analyseWorkload.js';
import { applyOrigin } from '../../functions/diagnosis/distributed/applyOrigin.js';
import { findOrigin } from '../../functions/diagnosis/distributed/findOrigin.js';
import type { Signal } from '../../functions/diagnosis/model/Signal.js';
import type { Tier2LogFinding } from '../../functions/diagnosis/model/Tier2Evidence.js';
import type { K8sPod } from '../../functions/diagnosis/ports/KubernetesSchemas.js';
import type { Pod, RunaiEvent } from '../../functions/diagnosis/ports/RunaiSchemas.js';
import { maskIdentifiers } from '../../functions/diagnosis/signals/maskIdentifiers.js';
import { workloadNames } from '../../functions/diagnosis/signals/workloadNames.js';
import { quoteEvidence, quoteName } from '../../functions/diagnosis/signals/quoteEvidence.js';
import { signalsFromKubernetesPod } from '../../functions/diagnosis/tier2/signalsFromKubernetes.js';
import { selectLogLine } from '../../functions/diagnosis/tier2/selectLogLine.js';
import { ago, evidenceOf, workloadStatus } from './workloadEvidenceKit.js';

const JOB = 'mt5-span-pt';
const ENDED = 1_200_000;
const podName = (index: number) => `${JOB}-worker-${index}`;

type Other = 'teardown-read' | 'exit1-log-unread' | 'unread';

function described(name: string, exitCode: number): Signal[] {
  const pod = {
    metadata: { name, namespace: 'runai-nlp' },
    spec: { nodeName: `node-${name}`, restartPolicy: 'Never', containers: [{ name: 'pytorch' }] },
    status: {
      phase: 'Failed',
      containerStatuses: [
        { name: 'pytorch', restartCount: 0, state: { terminated: { exitCode, reason: 'Error', startedAt: ago(9_000_000), finishedAt: ago(ENDED) } } },
      ],
    },
  } as K8sPod;
  return signalsFromKubernetesPod(pod, name, `kubectl describe pod ${name} -n runai-nlp`);
}

function logOf(name: string, lines: readonly string[]): Tier2LogFinding {
  const selected = selectLogLine(lines.join('\n'));
  if (!selected) throw new Error('no line selected');
  return {
    fact: {
      type: 'log-line',
      podName: quoteName(name),
      container: 'pytorch',
      previous: false,
      line: quoteEvidence(selected.line, 360),
      fallback: selected.hint === null,
    },
    source: `kubectl logs ${name} -n runai-nlp`,
    hint: selected.hint,
    init: false,
  };
}

const EXCEPTION = [
  'Traceback (most recent call last):',
  '  File "/workspace/mask.py", line 77, in spans',
  'AssertionError: span corruption produced 0 targets',
];

interface TieCase {
  name: string;
  replicas: number;
  originAt: number;
  others: Other[];
  oomOrigin: boolean;
}

function build(item: TieCase) {
  const pods: Pod[] = [];
  const events: RunaiEvent[] = [];
  const signals: Signal[] = [];
  const logs: Tier2LogFinding[] = [];
  let other = 0;
  for (let index = 0; index < item.replicas; index += 1) {
    const name = podName(index);
    if (index === item.originAt) {
      pods.push({ name, nodeName: `node-${name}`, k8sPhase: item.oomOrigin ? 'OOMKilled' : 'Error', completedAt: ago(ENDED) });
      if (item.oomOrigin)
        events.push({
          createdAt: ago(ENDED),
          type: 'Warning',
          reason: 'OOMKilled',
          message: 'Container pytorch was OOM killed',
          involvedObject: { kind: 'Pod', name },
        });
      else {
        signals.push(...described(name, 1));
        logs.push(logOf(name, EXCEPTION));
      }
      continue;
    }
    pods.push({ name, nodeName: `node-${name}`, k8sPhase: 'Error', completedAt: ago(ENDED) });
    const shows = item.others[other % item.others.length]!;
    other += 1;
    if (shows === 'teardown-read') signals.push(...described(name, 143));
    if (shows === 'exit1-log-unread') signals.push(...described(name, 1));
  }
  const evidence = evidenceOf({
    status: workloadStatus({ name: JOB, type: 'distributed', phaseUpdatedAt: ago(ENDED - 5_000) }),
    pods: { ok: true, value: pods },
    events: { ok: true, value: events },
  });
  return { evidence, signals, logs };
}

const SHOWS: readonly Other[][] = [
  ['teardown-read'],
  ['unread'],
  ['exit1-log-unread'],
  ['teardown-read', 'unread'],
  ['unread', 'exit1-log-unread', 'teardown-read'],
];
const cases: TieCase[] = [];
for (const replicas of [4, 6, 7])
  for (const others of SHOWS)
    for (const oomOrigin of [false, true])
      for (const originAt of [0, replicas - 1])
        cases.push({ name: `${replicas}/${others.join('+')}/${oomOrigin ? 'oom' : 'exception'}/at-${originAt}`, replicas, originAt, others, oomOrigin });

describe('a tie larger than what Tier 2 read', () => {
  it.each(cases.map((item) => [item.name, item] as const))('%s', (_name, item) => {
    const { evidence, signals, logs } = build(item);
    const analysis = applyOrigin(evidence, analyseWorkload(evidence, signals), logs);
    const finding = analysis.distributed;
    const others = item.replicas - 1;
    const shown = Array.from({ length: others }, (_, at) => item.others[at % item.others.length]!);
    const heldUp = !item.oomOrigin && shown.includes('exit1-log-unread');
    if (heldUp) {
      expect(finding?.origin).toBeNull();
      expect(finding?.unknown).toEqual({ reason: 'tied-unread', replicas: shown.filter((shows) => shows === 'exit1-log-unread').length });
      return;
    }
    expect(finding?.origin?.pod).toBe(podName(item.originAt));
    expect(analysis.classification.category).toBe(item.oomOrigin ? 'OOM_KILLED' : 'CRASH_APP_ERROR');
    // Counted only when Tier 2 read some replica (its reads had a budget); an OOM-killed origin with no read has none.
    const tier2Read = !item.oomOrigin || shown.some((shows) => shows !== 'unread');
    const unread = tier2Read ? shown.filter((shows) => shows === 'unread').length : 0;
    expect(finding?.unreadTied ?? 0).toBe(unread);
  });

  it('puts first, in the order Tier 2 reads a tie in, the replica whose evidence differs from its peers', () => {
    // Five replicas end in one second; the listing shows four `Error` and one `ContainerCannotRun`, listed last.
    const pods: Pod[] = [0, 1, 2, 3, 4].map((index) => ({
      name: podName(index),
      nodeName: `node-${index}`,
      k8sPhase: index === 4 ? 'ContainerCannotRun' : 'Error',
      completedAt: ago(ENDED),
    }));
    const evidence = evidenceOf({ status: workloadStatus({ name: JOB, type: 'distributed' }), pods: { ok: true, value: pods } });
    const analysis = analyseWorkload(evidence);
    const reading = findOrigin({
      evidence,
      signals: analysis.signals,
      episodeStart: analysis.episodeStart,
      mask: maskIdentifiers(workloadNames(evidence)),
      logs: [],
    });
    expect(reading?.finding.inspect?.[0]).toBe(podName(4));
  });
});
