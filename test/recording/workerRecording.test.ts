/**
 * RECORD_DIR in the worker: two diagnoses run concurrently on the same long-lived client,
 * each is recorded into its own folder with only its own exchanges, and each recording
 * replays (no network) to the verdict the worker returned. A Kubernetes API server behind a
 * path prefix (a Rancher-style proxy) is recorded with paths relative to it, as the CLI does.
 */
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { DiagnosisRequest } from '../../functions/core/diagnosisRequest.js';
import { startKubernetesSimulator } from '../../functions/simulator/kubernetes/startKubernetesSimulator.js';
import { loadScenario, startRunaiSimulator } from '../../functions/simulator/startRunaiSimulator.js';
import { createDiagnose } from '../../functions/worker/createDiagnose.js';
import { FIXTURES_DIR, parseVerdict, runCliInProcess } from '../scenarios/scenarioHarness.js';
import { capturingLogger } from '../worker/workerFakes.js';
import { behindPathPrefix, replayRecordingBehindPrefix } from './behindPathPrefix.js';

const root = await mkdtemp(join(tmpdir(), 'worker-recordings-'));
afterAll(() => rm(root, { recursive: true, force: true }));

describe('worker RECORD_DIR', () => {
  it('records concurrent diagnoses apart, and each replays to the verdict returned', async () => {
    const scenarios = await Promise.all(['oom-recurring-paged-history', 'image-pull-tag-not-found'].map((name) => loadScenario(join(FIXTURES_DIR, name))));
    const simulator = await startRunaiSimulator({ scenarios: scenarios.map((scenario) => scenario.runai) });
    try {
      const diagnose = await createDiagnose({
        env: { RUNAI_BASE_URL: simulator.url, RECORD_DIR: root },
        locale: 'en',
        now: () => new Date(),
        loadCredentials: async () => ({ grantType: 'client_credentials', clientId: 'sim-client', clientSecret: 'sim-secret' }),
      });
      const results = await Promise.all(
        scenarios.map((scenario) =>
          diagnose({ v: 1, request: scenario.request as DiagnosisRequest, source: 'poller', receivedAt: new Date().toISOString(), dedupeKey: scenario.name }),
        ),
      );
      const folders = await readdir(root);
      expect(folders).toHaveLength(2);
      const replayed = new Map<string, string | null>();
      for (const folder of folders) {
        const recording = await loadScenario(join(root, folder));
        // Only this diagnosis's exchanges: every recorded path names its own workload (or is the token).
        const workloadId = (recording.request as DiagnosisRequest).workloadId!;
        expect(recording.runai.recorded.every((exchange) => exchange.method === 'POST' || exchange.path.includes(workloadId))).toBe(true);
        const replay = await runCliInProcess(['--replay', join(root, folder), '--format', 'json'], {});
        expect(replay.code, replay.stderr).toBe(0);
        replayed.set(workloadId, parseVerdict(replay.stdout).category);
      }
      for (const result of results) expect(replayed.get(result.verdict.workload!.id)).toBe(result.verdict.category);
    } finally {
      await simulator.close();
    }
  });
});

describe('worker RECORD_DIR with Tier 2', () => {
  it('records a Kubernetes API server behind a path prefix with paths relative to it, and the recording replays', async () => {
    const scenario = await loadScenario(join(FIXTURES_DIR, 'tier2-cuda-oom-in-logs'));
    const runai = await startRunaiSimulator({ scenarios: [scenario.runai] });
    const kubernetes = await startKubernetesSimulator({ scenario: scenario.kubernetes! });
    const proxy = await behindPathPrefix(kubernetes.url);
    const dir = join(root, 'tier2-behind-prefix');
    await mkdir(dir);
    try {
      const log = capturingLogger();
      const diagnose = await createDiagnose({
        env: { RUNAI_BASE_URL: runai.url, RECORD_DIR: dir, TIER2_SECRET_ID: 'tier2' },
        locale: 'en',
        now: () => new Date(),
        loadCredentials: async () => ({ grantType: 'client_credentials', clientId: 'sim-client', clientSecret: 'sim-secret' }),
        readTier2Secret: async () => JSON.stringify({ clusters: { [scenario.request.clusterId!]: { server: proxy.url, token: kubernetes.token } } }),
        logger: log.logger,
      });
      const result = await diagnose({
        v: 1,
        request: scenario.request as DiagnosisRequest,
        source: 'poller',
        receivedAt: new Date().toISOString(),
        dedupeKey: 'prefix',
      });
      expect(kubernetes.requests.length).toBeGreaterThan(0);
      // The writer's own replay reproduced the verdict, and so does --replay.
      expect(log.lines.find((line) => line.event === 'worker.recording_written')?.fields.differences).toEqual([]);
      const verdict = await replayRecordingBehindPrefix(dir);
      expect(verdict.category).toBe(result.verdict.category);
      expect(verdict.evidence).toHaveLength(result.verdict.evidence.length);
    } finally {
      await proxy.close();
      await kubernetes.close();
      await runai.close();
    }
  });
});
