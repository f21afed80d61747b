/**
 * One batch of the metamorphic redaction measure: a scenario the CLI diagnoses and records, and
 * the cases it carries. For each carrier (carriers.ts) a seeded draw picks a secret shape and a
 * placement; the case's secret is carried there, and a plain twin (a fresh secret of the same
 * shape, `NAME=value`, same placement) is put beside it: the twin is the source case, the
 * carried one the follow-up. One carrier per batch also goes into the submitted command, the one
 * placement whose text reaches the report and the notification (with its twin); the carrier is
 * rotated over the batches so each gets its turn.
 *
 * The scenario is the eighth held-out set's (../heldout8/heldOutPlants8.ts, reused, not copied:
 * a training's main container exits 1 on a FileNotFoundError, Tier 2 reads the pod, its events and
 * its log tail, the verdict CRASH_APP_ERROR quotes the traceback), with that set's own log lines,
 * extra events, phase messages, command, args and environment taken out, and this batch's put in.
 */
import { buildHeldOutSet8 } from '../heldout8/heldOutPlants8.js';
import { randomFrom, type HeldOutSet } from '../heldout/heldOutPlants.js';
import { runaiEventAbout, runaiRecordsOf } from '../heldout/runaiRecordsOf.js';
import { CARRIERS, carrierById, type Carried, type Placement } from './carriers.js';
import { SHAPES, drawSecret, type SecretKind, type SecretSample } from './secretShapes.js';

/**
 * The shapes the product removes in their plain form in every placement and output, measured on
 * the plain twins alone before any carried text was run (README.md, "Which secrets"): a shape it
 * already misses plain is a plain-form gap, not a carrier's.
 */
export const SECRET_KINDS: readonly SecretKind[] = [
  'github-pat',
  'gitlab-pat',
  'slack-bot-token',
  'aws-access-token',
  'stripe-access-token',
  'huggingface-access-token',
  'npm-access-token',
  'anthropic-api-key',
  'sendgrid-api-token',
  'jwt',
];

/** The batches the measure runs: one per carrier other than `plain`, so each reaches the command once. */
export const FIRST_SEED = 26_101;
export const BATCH_SEEDS: readonly number[] = CARRIERS.filter((carrier) => carrier.id !== 'plain').map((_, index) => FIRST_SEED + index);

export interface MetamorphicCase {
  /** `<carrier>/<kind>/<placement>@<seed>`, a twin's `plain/<kind>/<placement>@<seed>~<carrier>`. */
  id: string;
  carrier: string;
  kind: SecretKind;
  placement: Placement;
  secret: SecretSample;
  carried: Carried;
  /** Written next to the case's text; found in an output, the text reached it. */
  tag: string;
  /** The id of the case's plain twin (null for a twin). */
  twin: string | null;
}

export interface MetamorphicBatch {
  seed: number;
  set: HeldOutSet<string>;
  cases: MetamorphicCase[];
}

const TRACEBACK = [
  'Traceback (most recent call last):',
  '  File "/workspace/train.py", line 88, in <module>',
  '    dataset = LMDBDataset(args.data_root)',
  "FileNotFoundError: [Errno 2] No such file or directory: '/datasets/cifar10/train.lmdb'",
];
const ARGS = 'train.py --dataset cifar10 --data-root /datasets/cifar10 --mixed-precision bf16';

interface KubernetesView {
  pods: { metadata: { name: string; namespace: string; uid: string } }[];
  events: { reason: string }[];
  logs: { lines: string[] }[];
}

export interface BatchOptions {
  /**
   * Only the plain twins go into the scenario (the same draws, so the same secrets): how the
   * shapes in SECRET_KINDS were chosen before any carried text reached the product.
   */
  plainOnly?: boolean;
}

export async function buildMetamorphicBatch(seed: number, options: BatchOptions = {}): Promise<MetamorphicBatch> {
  const r = randomFrom(seed);
  const set = await buildHeldOutSet8(seed);
  const scenario = set.scenario;
  const workloadId = scenario.request.workloadId!;
  const clusterId = scenario.request.clusterId!;
  const runai = runaiRecordsOf(scenario);
  const kubernetes = (scenario as unknown as { kubernetes: KubernetesView }).kubernetes;
  const pod = kubernetes.pods[0]!.metadata;

  const carriers = CARRIERS.filter((carrier) => carrier.id !== 'plain');
  const inCommand = carriers[(seed - FIRST_SEED) % carriers.length]!;
  const cases: MetamorphicCase[] = [];
  const usedEnv = new Set<string>();
  let serial = 0;
  const tag = () => `mp${seed}x${String(serial++).padStart(2, '0')}`;

  const add = (carrierId: string, kind: SecretKind, placement: Placement, twinOf?: string): MetamorphicCase => {
    const secret = drawSecret(r, kind);
    const carrier = carrierById(carrierId);
    const id = twinOf ? `plain/${kind}/${placement}@${seed}~${twinOf}` : `${carrierId}/${kind}/${placement}@${seed}`;
    const made: MetamorphicCase = { id, carrier: carrierId, kind, placement, secret, carried: carrier.carry(secret, r), tag: tag(), twin: null };
    cases.push(made);
    return made;
  };
  const envNameOf = (item: MetamorphicCase) => carrierById(item.carrier).envName ?? item.secret.envName;

  for (const carrier of [...carriers, inCommand]) {
    const kind = r.pick(SECRET_KINDS);
    let placement: Placement =
      carrier === inCommand && cases.some((item) => item.carrier === carrier.id)
        ? 'command'
        : r.pick(carrier.placements.filter((where) => where !== 'command'));
    // One variable per name in a spec: a second case for the same name goes to the log instead.
    if (placement === 'env' && (usedEnv.has(carrier.envName!) || usedEnv.has(SHAPES[kind].envName))) placement = 'log';
    const followUp = add(carrier.id, kind, placement);
    const twin = add('plain', kind, placement, carrier.id);
    followUp.twin = twin.id;
    if (placement === 'env') for (const item of [followUp, twin]) usedEnv.add(envNameOf(item));
  }

  if (options.plainOnly) cases.splice(0, cases.length, ...cases.filter((item) => item.twin === null && item.carrier === 'plain'));

  // ---- put each case where it belongs ----
  // The tag follows the text: found in an output, the whole text before it reached there (a
  // report that cuts a long command short cuts the tag first, so a secret it never showed is
  // "not reached", not "redacted").
  const tagged = (item: MetamorphicCase) => `${item.carried.text} [${item.tag}]`;
  const at = (placement: Placement) => cases.filter((item) => item.placement === placement);
  kubernetes.logs[0]!.lines = [...at('log').flatMap((item) => tagged(item).split('\n')), ...TRACEBACK];
  const k8sEvent = (item: MetamorphicCase, index: number) => ({
    metadata: { name: `${pod.name}.18c0${String(index).padStart(12, '0')}`, namespace: pod.namespace, creationTimestamp: `now-${50 - index}m` },
    involvedObject: { kind: 'Pod', namespace: pod.namespace, name: pod.name, uid: pod.uid, apiVersion: 'v1' },
    reason: 'ConfigAudited',
    message: tagged(item),
    source: { component: 'config-audit' },
    firstTimestamp: `now-${50 - index}m`,
    lastTimestamp: `now-${50 - index}m`,
    count: 1,
    type: 'Normal',
    reportingComponent: 'config-audit',
  });
  kubernetes.events = [...kubernetes.events.filter((event) => event.reason === 'Started'), ...at('k8s-event').map(k8sEvent)];
  const runaiEvent = runaiEventAbout(clusterId, { kind: 'Pod', name: pod.name, namespace: pod.namespace });
  runai.events[workloadId] = [
    ...runai.events[workloadId]!.filter((event) => !String(event.id).startsWith('b1c2d3e4-f5a6-4b7c-8d9e-0f1a2b3c4d0')),
    ...at('runai-event').map((item, index) =>
      runaiEvent(`c2d3e4f5-a6b7-4c8d-9e0f-${String(index).padStart(12, '0')}`, `now-${45 - index}m`, 'Audited', tagged(item), 'config-audit'),
    ),
  ];
  const heldout8Phases = new Set(Array.from({ length: 8 }, (_, index) => `now-${4063 + index}s`));
  runai.history[workloadId] = [
    ...runai.history[workloadId]!.filter((entry) => !heldout8Phases.has(String((entry.meta as { creationTimestamp?: string } | undefined)?.creationTimestamp))),
    ...at('history').map((item, index) => ({
      meta: { creationTimestamp: `now-${4100 - index}s`, type: 'PhaseUpdate' },
      spec: { phaseUpdate: { phase: 'Running', phaseMessage: tagged(item) } },
    })),
  ];
  const command = at('command');
  Object.assign(runai.specs[workloadId]!.spec, {
    command: command.length ? `bash -c "${command.map((item) => `${item.carried.text}; echo ${item.tag}`).join('; ')}; exec python"` : 'python',
    args: ARGS,
    environmentVariables: [
      { name: 'HF_HUB_OFFLINE', value: '1', exclude: false },
      // An env value is the value itself: the plain twin's is the bare secret, its name beside it.
      ...at('env').map((item) => ({ name: envNameOf(item), value: item.carrier === 'plain' ? item.secret.value : item.carried.text, exclude: false })),
    ],
  });
  return { seed, set, cases };
}
