/**
 * Issue #25 item 1, end to end: a bundled scenario with personal and infrastructure strings
 * planted in its Run:ai answers — fields the diagnosis never reads and free text it does — is
 * diagnosed by the CLI with `--record --anonymize`; no plant is in the folder written, and the
 * recording still replays to the live verdict (same essentials, same failing line modulo
 * pseudonyms: the CLI says so otherwise).
 */
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { DiagnosisRequest } from '../../functions/core/diagnosisRequest.js';
import { loadScenario, startRunaiSimulator, type Scenario } from '../../functions/simulator/startRunaiSimulator.js';
import { startKubernetesSimulator } from '../../functions/simulator/kubernetes/startKubernetesSimulator.js';
import { argsFor, FIXTURES_DIR, parseVerdict, runCliInProcess } from '../scenarios/scenarioHarness.js';

const PLANTS = [
  '10.31.7.44',
  'fd00:abcd:12::9',
  'login-01.hpc.acme-research.internal',
  'artifacts.acme-research.io',
  's3://acme-research-ckpt',
  'arn:aws:iam::987654321098:role/acme-ml',
  '/home/pkumar',
  'Priya Kumar',
  '#gpu-oncall-acme',
  'initech-eval',
];

const root = await mkdtemp(join(tmpdir(), 'recording-anonymize-e2e-'));
afterAll(() => rm(root, { recursive: true, force: true }));

function planted(scenario: Scenario): Scenario {
  const workloadId = (scenario.request as DiagnosisRequest).workloadId!;
  const events = scenario.runai.events[workloadId] ?? [];
  const noise = {
    createdAt: 'now-2h',
    type: 'Normal',
    reason: 'Pulled',
    message: `pulled from ${PLANTS[3]} via ${PLANTS[0]} and [${PLANTS[1]}] for ${PLANTS[2]}; checkpoints in ${PLANTS[4]}/run-3 as ${PLANTS[5]}; cache ${PLANTS[6]}/.cache; --customer ${PLANTS[9]}`,
  };
  const workloads = scenario.runai.workloads.map((workload) =>
    (workload as { id?: string }).id === workloadId
      ? {
          ...workload,
          annotations: [
            { name: 'owner', value: PLANTS[7] },
            { name: 'slack', value: PLANTS[8] },
          ],
          hostIp: PLANTS[0],
          tenantUrl: `https://${PLANTS[3]}`,
        }
      : workload,
  );
  return { ...scenario, runai: { ...scenario.runai, workloads, events: { ...scenario.runai.events, [workloadId]: [noise, ...events] } } };
}

async function folderText(dir: string): Promise<string> {
  const files = await readdir(dir);
  return (await Promise.all(files.map((file) => readFile(join(dir, file), 'utf8')))).join('\n');
}

describe('--record --anonymize end to end', () => {
  for (const name of ['tier2-cuda-oom-in-logs', 'image-pull-registry-dns', 'oom-killed-limit-above-request']) {
    it(`${name}: no planted string is written, and the recording replays to the live verdict`, async () => {
      const scenario = planted(await loadScenario(join(FIXTURES_DIR, name)));
      const simulator = await startRunaiSimulator({ scenarios: scenario.runai, credentials: { clientId: 'c', clientSecret: 's' } });
      const kubernetes = scenario.kubernetes ? await startKubernetesSimulator({ scenario: { ...scenario.kubernetes, token: 'k8s-token-e2e' } }) : null;
      const dir = join(root, name);
      try {
        const tier2Args: string[] = [];
        if (kubernetes) {
          const config = join(root, `${name}-tier2.json`);
          await writeFile(config, JSON.stringify({ clusters: { [scenario.request.clusterId!]: { server: kubernetes.url, token: 'k8s-token-e2e' } } }));
          tier2Args.push('--tier2-config', config);
        }
        const env = { RUNAI_BASE_URL: simulator.url, RUNAI_CLIENT_ID: 'c', RUNAI_CLIENT_SECRET: 's' };
        const run = await runCliInProcess(
          [...argsFor(scenario.request as DiagnosisRequest), ...tier2Args, '--format', 'json', '--record', dir, '--anonymize'],
          env,
        );
        expect(run.code, run.stderr).toBe(0);
        expect(run.stderr).not.toMatch(/does not reproduce/);
        // The planted event did reach the recorder.
        expect(simulator.requests.some((request) => request.endpoint === 'events' && request.status === 200)).toBe(true);
        const written = await folderText(dir);
        for (const plant of PLANTS) expect(written.includes(plant), `${plant} survives`).toBe(false);

        const replay = await runCliInProcess(['--replay', dir, '--format', 'json'], {});
        expect(parseVerdict(replay.stdout).category).toBe(parseVerdict(run.stdout).category);
      } finally {
        await simulator.close();
        await kubernetes?.close();
      }
    });
  }
});
