/**
 * the quality bars, docs/tests.md "no credential from spec, events, messages or logs appears in any output",
 * end to end. Every sample of the shared secret corpus (test/safety/secretCorpus.ts,
 * ≥ 40 shapes) is planted, one workload per sample, in every cluster-originated channel
 * of an otherwise real crash scenario:
 *
 *   spec env values (and a secret-named variable), spec command and args, spec
 *   annotations, the workload phase message (as the log tail of a termination message),
 *   a condition message, a live event message, history phase messages and history
 *   event messages (log-like multi-line text)
 *
 * and the workload is diagnosed through the CLI (in process, over HTTP to the simulator)
 * in text and in JSON, then turned into an SNS message and into a storm digest. No planted
 * secret may appear in any of them. The channels that reach the report are checked to be
 * there (so "no leak" is not "nothing quoted"), and ordinary values — image tags, UUIDs,
 * paths, node names, quantities — must come out readable, byte for byte.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VerdictSchema, type Verdict } from '../../functions/core/verdict.js';
import { buildSnsMessage } from '../../functions/delivery/buildSnsMessage.js';
import { renderDigest } from '../../functions/delivery/renderDigest.js';
import type { SnsNotification } from '../../functions/delivery/SnsNotification.js';
import { runCli } from '../../functions/cli/runCli.js';
import { REDACTED } from '../../functions/safety/redactionMarker.js';
import { startRunaiSimulator, type RunaiSimulator, type ScenarioState } from '../../functions/simulator/startRunaiSimulator.js';
import { createRenderText } from '../../functions/worker/createRenderText.js';
import { ORDINARY_VALUES, SECRET_CORPUS, SECRET_SHAPES, type SecretSample } from '../safety/secretCorpus.js';
import { clone, expectSafeText, fixtureScenario, FIXTURES_DIR, SIM_CREDENTIALS, Tally } from './reliabilityKit.js';

const TEMPLATE = await fixtureScenario('crash-app-nonzero-exit');
const TEMPLATE_ID = TEMPLATE.request.workloadId!;
const CLUSTER = TEMPLATE.request.clusterId!;
const renderText = createRenderText('en');
const tally = new Tally();

/** A workload id per planted text: `5ec7e700-0000-4000-8000-<index>`. */
const idFor = (index: number, kind: 'secret' | 'ordinary') => `5ec7e700-0000-4000-${kind === 'secret' ? '8' : '9'}000-${String(index).padStart(12, '0')}`;

/** The crash template with `text` planted in every cluster-originated channel. */
function planted(id: string, text: string, secret: string | null): ScenarioState {
  const runai = JSON.parse(JSON.stringify(clone(TEMPLATE.runai)).split(TEMPLATE_ID).join(id)) as ScenarioState;
  const workload = runai.workloads![0]!;
  const pod = `${String(workload['name'])}-0-0`;
  workload['name'] = `crash-${id.slice(-6)}`;
  // A termination message whose log tail holds the text (kubelet's FallbackToLogsOnError).
  workload['phaseMessage'] =
    `Pod ${pod} failed: container main terminated with exit code 1 (Error): Traceback (most recent call last):\n  File "train.py", line 7\n${text}\nRuntimeError: aborting`;
  workload['conditions'] = [
    {
      type: 'Failed',
      status: 'True',
      reason: 'CrashLoopBackOff',
      message: `Back-off restarting failed container main: ${text}`,
      lastTransitionTime: 'now-55m',
    },
  ];
  runai.events![id] = [
    ...(runai.events![id] ?? []),
    {
      createdAt: 'now-56m',
      type: 'Warning',
      clusterId: CLUSTER,
      reason: 'BackOff',
      source: 'kubelet',
      message: `Back-off restarting failed container main in pod ${pod}: last log line: ${text}`,
      involvedObject: { kind: 'Pod', name: pod },
    },
  ];
  runai.history![id] = [
    ...(runai.history![id] ?? []),
    {
      meta: { creationTimestamp: 'now-2d', type: 'PhaseUpdate' },
      spec: { phaseUpdate: { phase: 'Failed', phaseMessage: `container main terminated with exit code 1 (Error): ${text}` } },
    },
    {
      meta: { creationTimestamp: 'now-2d', type: 'Event' },
      spec: {
        event: { createdAt: 'now-2d', type: 'Warning', reason: 'BackOff', source: 'kubelet', message: `Back-off restarting failed container main: ${text}` },
      },
    },
  ];
  const spec = (runai.specs![id] as { spec: Record<string, unknown> }).spec;
  spec['command'] = 'python';
  spec['args'] = `train.py --resume ${text}`;
  spec['environmentVariables'] = [
    { name: 'APP_CONFIG', value: text },
    ...(secret ? [{ name: 'DB_PASSWORD', value: secret }] : []),
    { name: 'CUDA_VISIBLE_DEVICES', value: '0,1' },
  ];
  spec['annotations'] = [{ name: 'runai-submit-command', value: `runai submit --command -- ${text}` }];
  return runai;
}

let simulator: RunaiSimulator;
const secretCases = SECRET_CORPUS.map((sample, index) => ({ sample, id: idFor(index, 'secret') }));
const ordinaryCases = ORDINARY_VALUES.map((value, index) => ({ value, id: idFor(index, 'ordinary') }));

beforeAll(async () => {
  simulator = await startRunaiSimulator({
    scenarios: [
      ...secretCases.map(({ sample, id }) => planted(id, sample.text, sample.secret)),
      ...ordinaryCases.map(({ value, id }) => planted(id, value, null)),
    ],
  });
});
afterAll(async () => {
  tally.print('redaction corpus');
  expect(simulator.violations).toEqual([]);
  await simulator.close();
});

async function cli(id: string, format: 'text' | 'json') {
  let stdout = '';
  let stderr = '';
  const code = await runCli(['--cluster-id', CLUSTER, '--workload-id', id, '--format', format], {
    env: { RUNAI_BASE_URL: simulator.url, RUNAI_CLIENT_ID: SIM_CREDENTIALS.clientId, RUNAI_CLIENT_SECRET: SIM_CREDENTIALS.clientSecret },
    fixturesDir: FIXTURES_DIR,
    io: { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t) },
  });
  expect(code, stderr).toBe(0);
  return { stdout, stderr };
}

const notificationText = (n: SnsNotification) =>
  [n.Subject, n.Message, JSON.parse(n.Message).default, JSON.parse(n.Message).sqs, ...Object.values(n.MessageAttributes).map((a) => a.StringValue)].join('\n');

/** Substrings that would betray a secret only partly redacted: every 16-character window of a long secret line. */
function fragments(secret: string): string[] {
  const lines = secret.split('\n').filter((line) => line.length >= 16 && !/^-----(BEGIN|END) /.test(line));
  return lines.flatMap((line) => Array.from({ length: line.length - 15 }, (_, i) => line.slice(i, i + 16)));
}

describe('redaction corpus end to end: CLI text, CLI JSON, SNS message, digest', () => {
  const verdicts: { id: string; verdict: Verdict }[] = [];

  it(`plants ${SECRET_CORPUS.length} secrets of ${SECRET_SHAPES.length} shapes (≥ 40)`, () => {
    expect(SECRET_SHAPES.length).toBeGreaterThanOrEqual(40);
  });

  it.each(secretCases.map(({ sample, id }) => [`${sample.shape} (${sample.context})`, sample, id] as const))(
    '%s',
    async (_label, sample: SecretSample, id: string) => {
      const text = await cli(id, 'text');
      const json = await cli(id, 'json');
      const verdict = VerdictSchema.strict().parse(JSON.parse(json.stdout));
      verdicts.push({ id, verdict });
      const sns = buildSnsMessage(verdict, renderText, { clusterId: CLUSTER, workloadId: id });
      const outputs: [string, string][] = [
        ['CLI text', text.stdout],
        ['CLI JSON', json.stdout],
        ['CLI stderr', text.stderr + json.stderr],
        ['SNS', notificationText(sns)],
      ];
      tally.add('secrets planted');
      tally.add('channels planted', 9);
      for (const [where, output] of outputs) {
        const leaked = output.includes(sample.secret);
        if (leaked) tally.add('secrets leaked');
        expect(leaked, `${where} contains the planted ${sample.shape}`).toBe(false);
        const partial = fragments(sample.secret).find((fragment) => output.includes(fragment));
        expect(partial, `${where} contains a 16-character fragment of the planted ${sample.shape}`).toBeUndefined();
      }
      // Not vacuous: the channels were quoted into the report, with the secret replaced.
      expect(text.stdout).toContain('terminated with exit code 1 (Error): Traceback');
      expect(text.stdout).toContain('Submitted command: “python train.py --resume');
      expect(text.stdout).toContain(REDACTED);
      tally.add('reports with [REDACTED]');
      expectSafeText(sample.shape, text.stdout);
    },
  );

  it('a storm digest of every planted verdict leaks none of them', () => {
    expect(verdicts.length).toBe(secretCases.length);
    const digest = renderDigest(
      CLUSTER,
      verdicts.map(({ id, verdict }) => ({ key: id, verdict, context: { clusterId: CLUSTER, workloadId: id } })),
    );
    const output = notificationText(digest);
    for (const { sample } of secretCases) expect(output.includes(sample.secret), sample.shape).toBe(false);
  });

  it.each(ordinaryCases.map(({ value, id }) => [value, id] as const))('keeps ordinary evidence readable: %s', async (value, id) => {
    const { stdout } = await cli(id, 'text');
    // Quoting turns double quotes into ' (they would close the report's “…”) and collapses whitespace; nothing else.
    const expected = value.replace(/"/g, "'").replace(/\s+/g, ' ').trim();
    expect(stdout, `the report lost or altered ${JSON.stringify(value)}`).toContain(expected);
    expect(stdout).not.toContain(`${REDACTED}`);
    tally.add('ordinary values kept');
  });

  it('keeps image tags, UUIDs, paths, node names and quantities readable in the structured lines too', async () => {
    const { stdout } = await cli(ordinaryCases[0]!.id, 'text');
    expect(stdout).toContain('node: dgx-a100-04'); // pod line
    expect(stdout).toContain('memory limit: 24 GiB'); // from the pod's 24Gi
    expect(stdout).toContain(`ID: ${ordinaryCases[0]!.id} | Cluster: ${CLUSTER}`);
    expect(stdout).toContain('kubectl logs ddpm-cifar10-ablation-0-0 --previous -n runai-genai-studio');
  });
});
