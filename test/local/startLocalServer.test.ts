/**
 * Local mode in-process: what `npm start` prints, that the printed curl works, that every
 * bundled scenario is served by the merged simulator (the Tier 2 ones with their built-in
 * Kubernetes simulators), repeats notify once, and shutdown drains what was accepted.
 */
import { readdirSync, existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { LocalServer } from '../../functions/local/startLocalServer.js';
import type { DiagnosisTiming } from '../../functions/local/withTiming.js';
import { bundledScenarios, FIXTURES_DIR, postJson, startCapturedServer, TOKEN } from '../e2e/e2eKit.js';
import { assertKubernetesReads, assertVerdictMatches } from '../scenarios/scenarioHarness.js';
import { parseCurl } from './parseCurl.js';

const SCENARIO_DIRS = readdirSync(FIXTURES_DIR).filter((name) => existsSync(join(FIXTURES_DIR, name, 'scenario.json')));
const SCENARIO_COUNT = SCENARIO_DIRS.length;
const TIER2_COUNT = SCENARIO_DIRS.filter((name) => 'kubernetes' in JSON.parse(readFileSync(join(FIXTURES_DIR, name, 'scenario.json'), 'utf8'))).length;
const NOT_CONFIGURED = 'Tier 2 (Kubernetes) evidence is not configured for this cluster';
const EXAMPLE_SUBJECT = '[OOM_KILLED] llm-pretrain-13b (foundation-models) recurring 3x/7d';

let running: LocalServer[] = [];
afterEach(async () => {
  await Promise.all(running.map((server) => server.close()));
  running = [];
});

async function start(...args: Parameters<typeof startCapturedServer>) {
  const captured = await startCapturedServer(...args);
  running.push(captured.server);
  return captured;
}

const subjectsIn = (stdout: string) => stdout.split('\n').filter((line) => /^\[[A-Z_]+\] /.test(line));

describe('local server', () => {
  it('prints one ready line, the generated token and a curl that produces a printed notification', async () => {
    const { server, stdout } = await start({ WEBHOOK_TOKEN: undefined });
    const lines = stdout().trimEnd().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(
      new RegExp(
        `^runai-diagnose local: listening on http://127\\.0\\.0\\.1:\\d+ \\(Run:ai: built-in simulator, ${SCENARIO_COUNT} scenarios; Tier 2: built-in Kubernetes simulator, ${TIER2_COUNT} scenarios; publisher: console\\)$`,
      ),
    );
    expect(lines[0]).toContain(server.url);
    expect(server.tokenGenerated).toBe(true);
    expect(server.token.length).toBeGreaterThanOrEqual(32);
    expect(lines[1]).toContain(server.token);
    expect(lines[2]).toMatch(/^try it: curl /);

    const curl = parseCurl(lines[2]!.replace(/^try it: /, ''));
    expect(curl.url).toBe(`${server.url}/webhooks/runai`);
    expect(curl.headers.authorization).toBe(`Bearer ${server.token}`);
    const response = await fetch(curl.url, { method: 'POST', headers: curl.headers, body: curl.body });
    expect(response.status).toBe(202);
    await server.whenIdle();

    const printed = stdout();
    expect(printed).toMatch(/diagnosed llm-pretrain-13b \(foundation-models\) -> OOM_KILLED in [\d.]+ ms\n/);
    expect(subjectsIn(printed)).toEqual([EXAMPLE_SUBJECT]);
    expect(printed).toContain(`${EXAMPLE_SUBJECT}\n${'-'.repeat(EXAMPLE_SUBJECT.length)}\nCategory: OOM_KILLED\n`);
    expect(server.queue.deadLetters).toHaveLength(0);
  });

  it('uses WEBHOOK_TOKEN when set, does not print it, and answers 401 to any other token', async () => {
    const { server, stdout } = await start({});
    expect(server.tokenGenerated).toBe(false);
    expect(stdout()).not.toContain('generated');
    // The curl reads the operator's token from the shell instead of printing it.
    expect(stdout()).not.toContain(TOKEN);
    expect(stdout()).toContain('-H "Authorization: Bearer $WEBHOOK_TOKEN"');
    const wrong = await postJson(`${server.url}/webhooks/runai`, { clusterId: 'c1', workloadId: 'w1' }, 'another-token-0123456789');
    expect(wrong.status).toBe(401);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });

  it('answers /readyz with the memory queue and a Run:ai token from the simulator, to the bearer token only', async () => {
    const { server } = await start({});
    expect((await fetch(`${server.url}/readyz`)).status).toBe(401);
    const ready = await fetch(`${server.url}/readyz`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({
      status: 'ready',
      checks: [
        { name: 'queue', status: 'ok', durationMs: expect.any(Number), detail: 'reachable: 0 waiting, 0 in flight (capacity 10,000)' },
        { name: 'runai', status: 'ok', durationMs: expect.any(Number), detail: `token obtained from built-in simulator, ${SCENARIO_COUNT} scenarios` },
      ],
    });
  });

  it('answers /readyz 503 naming the Run:ai check when the control plane refuses the credentials', async () => {
    const tokenRequests: string[] = [];
    const controlPlane = createServer((request, response) => {
      tokenRequests.push(`${request.method} ${request.url}`);
      response.writeHead(401, { 'content-type': 'application/json' }).end('{"code":401,"message":"invalid client credentials"}');
    });
    await new Promise<void>((resolve) => controlPlane.listen(0, '127.0.0.1', resolve));
    try {
      const { server } = await start({
        RUNAI_BASE_URL: `http://127.0.0.1:${(controlPlane.address() as AddressInfo).port}`,
        RUNAI_CLIENT_ID: 'local-client',
        RUNAI_CLIENT_SECRET: 'wrong-secret-0123456789',
      });
      const answer = await fetch(`${server.url}/readyz`, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(answer.status).toBe(503);
      const body = (await answer.json()) as { message: string; checks: { name: string; status: string; code?: string; message?: string }[] };
      expect(body.message).toBe('1 of 2 checks failed: runai');
      expect(body.checks[1]).toMatchObject({ name: 'runai', status: 'failed', code: 'RUNAI_AUTH_FAILED' });
      expect(JSON.stringify(body)).not.toContain('wrong-secret-0123456789');
      expect(tokenRequests).toEqual(['POST /api/v1/token']);
    } finally {
      await new Promise((resolve) => controlPlane.close(resolve));
    }
  });

  it('serves every bundled scenario from one control plane: each verdict is the scenario’s expected one, Tier 2 ones included', async () => {
    const timings: DiagnosisTiming[] = [];
    const { server } = await start({ STORM_THRESHOLD: '10000' }, { onDiagnosed: (timing) => timings.push(timing) });
    const scenarios = await bundledScenarios();
    for (const scenario of scenarios) {
      const { status } = await postJson(`${server.url}/webhooks/runai`, scenario.request);
      // The webhook refuses a request without identifiers (400); the diagnosis would ask for them.
      expect([202, 400], scenario.name).toContain(status);
    }
    await server.whenIdle();
    expect(server.queue.deadLetters).toHaveLength(0);
    let compared = 0;
    let tier2Compared = 0;
    for (const scenario of scenarios) {
      const expected = scenario.expect as { outcome?: string; category?: string | null };
      // Fault scenarios are served without their Run:ai faults here: their expectations do not hold.
      if (scenario.runai.faults.length > 0 || !expected.outcome) continue;
      const timing = timings.find((t) => sameRequest(t, scenario.request));
      if (!timing) continue; // refused by the webhook (no cluster id)
      const verdict = timing.result!.verdict;
      expect(verdict.outcome, scenario.name).toBe(expected.outcome);
      if (expected.category !== undefined) expect(verdict.category ?? null, scenario.name).toBe(expected.category);
      compared += 1;
      if (scenario.kubernetes) {
        // The whole expectation, as the scenario test checks it through the CLI: evidence,
        // limitations, advice, and exactly the Kubernetes reads (each scenario has its own simulator).
        assertVerdictMatches(scenario, verdict, [JSON.stringify(verdict)]);
        const simulator = server.kubernetesSimulators.get(scenario.name);
        expect(simulator, scenario.name).toBeDefined();
        assertKubernetesReads(scenario, simulator!.requests);
        expect(simulator!.violations, scenario.name).toEqual([]);
        tier2Compared += 1;
      } else if (verdict.category === 'UNKNOWN' || verdict.category === 'CRASH_APP_ERROR') {
        // Tier 1 scenarios stay Tier 1: no Kubernetes pod-not-found noise from the Tier 2 scenarios' cluster.
        expect(verdict.limitations.join('\n'), scenario.name).toContain(NOT_CONFIGURED);
      }
    }
    expect(compared).toBeGreaterThanOrEqual(48);
    expect(tier2Compared).toBe(TIER2_COUNT);
    expect(TIER2_COUNT).toBeGreaterThanOrEqual(8);
    expect(timings.length).toBeGreaterThanOrEqual(SCENARIO_COUNT - 2);
  });

  it('notifies once for repeats: twice in one window, and again after it was published', async () => {
    const { server, stdout } = await start({});
    const request = { clusterId: '7f3c2a9e-1b4d-4c8e-9a61-2d5f8e0b7c13', workloadId: 'b4c275cd-c910-4dde-8880-f38b3ee17326' };
    await Promise.all([postJson(`${server.url}/webhooks/runai`, request), postJson(`${server.url}/webhooks/runai`, request)]);
    await server.whenIdle();
    await postJson(`${server.url}/webhooks/runai`, request);
    await server.whenIdle();
    expect(subjectsIn(stdout())).toEqual(['[OOM_KILLED] llama3-8b-sft (nlp-research)']);
    expect(stdout().match(/^diagnosed llama3-8b-sft/gm)).toHaveLength(3);
  });

  it('drains on close: a request accepted just before shutdown is still diagnosed and printed', async () => {
    const { server, stdout } = await start({ BATCH_WINDOW_MS: '10000' });
    running = [];
    const request = { clusterId: '7f3c2a9e-1b4d-4c8e-9a61-2d5f8e0b7c13', workloadId: '76ec630c-b1d4-4253-96e2-af313b3f0e57' };
    expect((await postJson(`${server.url}/webhooks/runai`, request)).status).toBe(202);
    const started = performance.now();
    await expect(server.close()).resolves.toEqual({ drained: true });
    // The 10 s window was cut short by the shutdown.
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(subjectsIn(stdout())).toEqual(['[IMAGE_PULL_FAILED] detr-coco-finetune (vision)']);
    await expect(fetch(`${server.url}/healthz`)).rejects.toThrow();
  });
});

function sameRequest(timing: DiagnosisTiming, request: Record<string, unknown>): boolean {
  const got = timing.queued.request as Record<string, unknown>;
  return Object.entries(request).every(([key, value]) => got[key] === value);
}
