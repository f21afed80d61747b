/**
 * `npm start` serving a folder of recordings (SCENARIOS_DIR): two anonymized recordings —
 * one Tier 1, one with Tier 2 — are served by the built-in simulators and a webhook for
 * each recorded request is diagnosed to the recorded verdict. And RECORD_DIR: every
 * diagnosis local mode makes is recorded, and each recording replays to the same verdict —
 * with a Tier 2 API server behind a path prefix too.
 */
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startKubernetesSimulator } from '../../functions/simulator/kubernetes/startKubernetesSimulator.js';
import { loadScenario } from '../../functions/simulator/startRunaiSimulator.js';
import { bundledScenarios, postJson, scenario as bundledScenario, startCapturedServer } from '../e2e/e2eKit.js';
import { parseVerdict, runCliInProcess } from '../scenarios/scenarioHarness.js';
import { behindPathPrefix, replayRecordingBehindPrefix } from './behindPathPrefix.js';

const root = await mkdtemp(join(tmpdir(), 'recordings-served-'));
afterAll(() => rm(root, { recursive: true, force: true }));

describe('local mode serves a folder of recordings', () => {
  it('diagnoses each recorded request to its recorded verdict', async () => {
    const names = ['oom-recurring-paged-history', 'tier2-cuda-oom-in-logs'];
    for (const name of names) {
      const run = await runCliInProcess(['--example', name, '--record', join(root, name), '--anonymize'], {});
      expect(run.code, run.stderr).toBe(0);
    }
    const { server, stdout } = await startCapturedServer({ SCENARIOS_DIR: root });
    try {
      expect(stdout().split('\n')[0]).toMatch(/built-in simulator, 2 scenarios; Tier 2: built-in Kubernetes simulator, 1 scenario/);
      const expected: string[] = [];
      for (const name of names) {
        const recording = await loadScenario(join(root, name));
        const verdict = recording.recording!.verdict!;
        expected.push(`[${verdict.category}] ${verdict.workload!.name}`);
        const answer = await postJson(`${server.url}/webhooks/runai`, recording.request);
        expect(answer.status).toBe(202);
      }
      await server.whenIdle();
      const subjects = stdout()
        .split('\n')
        .filter((line) => /^\[[A-Z_]+\] /.test(line));
      for (const prefix of expected)
        expect(
          subjects.some((subject) => subject.startsWith(prefix)),
          `${prefix} in ${subjects.join(' | ')}`,
        ).toBe(true);
      expect(server.queue.deadLetters).toHaveLength(0);
    } finally {
      await server.close();
    }
  });

  it('RECORD_DIR records every diagnosis, and each recording replays to the published verdict', async () => {
    const dir = join(root, 'recorded-by-local-mode');
    const scenarios = (await bundledScenarios()).filter((scenario) => ['oom-recurring-paged-history', 'tier2-cuda-oom-in-logs'].includes(scenario.name));
    const { server, stdout } = await startCapturedServer({ RECORD_DIR: dir, RECORD_ANONYMIZE: 'true' });
    try {
      for (const scenario of scenarios) expect((await postJson(`${server.url}/webhooks/runai`, scenario.request)).status).toBe(202);
      await server.whenIdle();
    } finally {
      await server.close();
    }
    const published = stdout()
      .split('\n')
      .filter((line) => /^\[[A-Z_]+\] /.test(line))
      .map((line) => line.slice(1, line.indexOf(']')))
      .sort();
    expect(published).toEqual(['CRASH_APP_ERROR', 'OOM_KILLED']);
    const folders = await readdir(dir);
    expect(folders).toHaveLength(2);
    const replayed: string[] = [];
    for (const folder of folders) {
      const replay = await runCliInProcess(['--replay', join(dir, folder), '--format', 'json'], {});
      expect(replay.code, replay.stderr).toBe(0);
      const verdict = parseVerdict(replay.stdout);
      replayed.push(verdict.category ?? '');
      // Anonymized: the real names are gone.
      expect(replay.stdout).not.toMatch(/llm-pretrain-13b|foundation-models/);
    }
    expect(replayed.sort()).toEqual(published);
  });

  it('RECORD_DIR records a Tier 2 API server behind a path prefix with paths relative to it, and the recording replays', async () => {
    const cuda = await bundledScenario('tier2-cuda-oom-in-logs');
    const kubernetes = await startKubernetesSimulator({ scenario: cuda.kubernetes! });
    const proxy = await behindPathPrefix(kubernetes.url);
    const dir = join(root, 'recorded-behind-prefix');
    const configFile = join(root, 'tier2-behind-prefix.json');
    await writeFile(configFile, JSON.stringify({ clusters: { [cuda.request.clusterId!]: { server: proxy.url, token: kubernetes.token } } }));
    try {
      const { server, stdout } = await startCapturedServer({ RECORD_DIR: dir, RUNAI_DIAGNOSE_TIER2_CONFIG: configFile });
      try {
        expect((await postJson(`${server.url}/webhooks/runai`, cuda.request)).status).toBe(202);
        await server.whenIdle();
      } finally {
        await server.close();
      }
      expect(kubernetes.requests.length).toBeGreaterThan(0);
      const verdict = await replayRecordingBehindPrefix(dir);
      expect(stdout()).toContain(`[${verdict.category}] `);
    } finally {
      await proxy.close();
      await kubernetes.close();
    }
  });
});
